"""The quality lights: how good each place a lifted man may go is, from the turn's plays graded.

Once the teacher has ranked the turn's legal plays and they are graded
(:func:`tablier.engines.quality.grade`: each play's loss and band), a place a lifted man may go shows
the band of the *best* play through it: the best play that moves that man there from the board as it
stands. A tables play passes through the positions its moves reach in any order the men allow
(:class:`~tablier.board.tables_states.ListedStates` of that one play, the positions the inference
itself matches); a draughts move through its landing square.

The index is built once a turn, off the light's path (about a millisecond a legal play); each
lookup is then a few dictionary reads, so the lights of a lifted man come as fast with quality as
without. A destination no graded play reaches (a play the engine did not rank) gets no band: the
display lights it for its legality only.
"""

from __future__ import annotations

from collections.abc import Iterable

from tablier.draughts.core import Move as DraughtsMove
from tablier.engines.quality import Graded, best_by
from tablier.tables.moves import Play
from tablier.tables.position import Position

from .draughts_inference import DraughtsReading
from .observation import PLACE_INDEX
from .tables_inference import BeforeLift, Candidate, Reading, TurnInference
from .tables_states import ListedStates

MoverBoard = tuple[int, ...]
"""A side's men per point of his own (``Position.boards[side]``)."""


class TablesQuality:
    """The bands of a lifted man's destinations in one tables turn (``inference``'s), from ``graded``
    (the turn's plays graded; those the turn does not allow are left out)."""

    def __init__(self, inference: TurnInference, graded: Iterable[Graded[Play]]) -> None:
        self.inference = inference
        variant, start = inference.variant, inference.start
        self.side = start.turn
        allowed = {variant.after(start, play) for play in inference.plays}
        self._plays = [item for item in graded if variant.after(start, item.move) in allowed]
        self._through: dict[Position, set[int]] = {}  # a position on the way -> the plays through it
        self._mover: dict[MoverBoard, set[int]] = {}  # the mover's men on the way -> the plays
        for number, item in enumerate(self._plays):
            states = ListedStates(variant, start, inference.orientation, inference.ladder, [item.move])
            for state in states.candidates:
                self._through.setdefault(state.position, set()).add(number)
                self._mover.setdefault(state.position.boards[self.side], set()).add(number)
        orientation = inference.orientation
        self._own = {PLACE_INDEX[orientation.place_of(self.side, point)]: point for point in range(26)}

    def destinations(self, reading: Reading) -> dict[int, str]:
        """The band of each destination of the man in hand (place index -> band); empty when no man
        is in hand."""
        if len(reading.lifted) != 1 or not reading.destinations:
            return {}
        return self._bands(reading.candidates, reading.lifted, reading.destinations)

    def before_lift(self, reading: Reading, before: BeforeLift) -> dict[int, str]:
        """The band of each destination lit before a man is lifted (the one place the next man must
        come from, or the tall stacks that may give him)."""
        return self._bands(reading.candidates, before.sources, before.destinations)

    def _bands(self, found: Iterable[Candidate], sources: Iterable[int],
               targets: Iterable[int]) -> dict[int, str]:
        best: dict[int, Graded[Play]] = {}
        for candidate in found:
            through = self._through.get(candidate.position)
            if not through:
                continue
            for source in sources:
                for target in targets:
                    landed = self._landed(candidate, source, target)
                    if landed is None:
                        continue
                    for number in through & self._mover.get(landed, set()):
                        item = self._plays[number]
                        if target not in best or item.loss < best[target].loss:
                            best[target] = item
        return {target: item.band for target, item in best.items()}

    def _landed(self, candidate: Candidate, source: int, target: int) -> MoverBoard | None:
        """The mover's men once a man of his from ``source`` stands on ``target`` (None: not a man of
        his, or not a place of his)."""
        mine = candidate.position.boards[self.side]
        if candidate.hitter == (source, target):  # the hit man is on the bar, his hitter lands now
            return mine
        src, dst = self._own.get(source), self._own.get(target)
        if src is None or dst is None or src == 0 or not mine[src]:
            return None
        men = list(mine)
        men[src] -= 1
        men[dst] += 1
        return tuple(men)


class DraughtsQuality:
    """The bands of a lifted draughts man's landings, and of each man that may move (his best move),
    from the turn's moves graded."""

    def __init__(self, graded: Iterable[Graded[DraughtsMove]]) -> None:
        moves = list(graded)
        self._landings = best_by(moves, key=lambda move: [(move.from_square, move.to_square)])
        self._men = best_by(moves, key=lambda move: [move.from_square])

    def destinations(self, reading: DraughtsReading) -> dict[int, str]:
        """The band of each landing of the man in hand (square -> band)."""
        if reading.lifted is None:
            return {}
        return {square: self._landings[reading.lifted, square].band for square in reading.destinations
                if (reading.lifted, square) in self._landings}

    def men(self) -> dict[int, str]:
        """The band of each man that may move, by his best move (square -> band)."""
        return {square: item.band for square, item in self._men.items()}

