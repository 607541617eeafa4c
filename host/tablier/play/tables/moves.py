"""The move on the board in a tables game (:class:`~tablier.play.board_move.MoveRules` of a play):
the turn's legal plays, each written as the game writes it, its way on the board one man at a time,
and the board's reading that shows it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.board.leds import DIE, LedPlan, Meaning
from tablier.board.observation import TABLES_PLACES
from tablier.board.tables_inference import HIT, Candidate, Reading, Status
from tablier.tables.moves import Play
from tablier.tables.notation import format_play
from tablier.tables.position import BAR, OFF

from ..board_move import ChosenMove, moves_named
from ..computer_lights import Lights, MovePath, next_lights
from ..hearing import Goes, Place, Stands
from .lights import tables_path, tables_shown

if TYPE_CHECKING:
    from .table import TablesTable


class TablesMoves:
    """The plays of ``session``'s turn on the board (:class:`~tablier.play.board_move.MoveRules` of a
    play, and the session's :class:`~tablier.play.board_move.MovesOnBoard`)."""

    def __init__(self, session: TablesTable) -> None:
        self.session = session

    def named(self, notation: str) -> list[Play]:
        """The legal plays written ``notation``."""
        inference = self.session.inference
        return [play for play in (inference.plays if inference is not None else [])
                if self.notation(play) == notation]

    def allowed(self, move: Play) -> bool:
        """Whether ``move`` is still one of the turn's legal plays."""
        inference = self.session.inference
        return inference is not None and move in inference.plays

    def notation(self, move: Play) -> str:
        """``13/7 8/7``, or ``-`` for no play."""
        return format_play(move) if move else "-"

    def path(self, move: Play, huffed: int | None) -> MovePath:
        """The way of ``move`` on the board."""
        return tables_path(self.session, move)

    def shown(self, move: Play) -> bool:
        """Whether the board's reading shows ``move``."""
        return self._candidate(move) is not None

    def commit(self, move: Play) -> None:
        """Commit ``move`` as the board shows it."""
        candidate = self._candidate(move)
        assert candidate is not None
        self.session._commit(candidate)

    def _candidate(self, move: Play) -> Candidate | None:
        """The reading's final candidate that leaves the men as ``move`` does (None if none)."""
        session = self.session
        reading, inference = session.reading, session.inference
        if reading is None or inference is None or reading.status not in (Status.FINAL, Status.AMBIGUOUS):
            return None
        target = session.variant.after(inference.start, move)
        return next((candidate for candidate in reading.finals
                     if session.variant.after(inference.start, inference.play_of(candidate)) == target), None)

    # -- the session's moves on the board --------------------------------------------------------

    def moves_named(self, notation: str) -> list[ChosenMove]:
        """The legal plays written ``notation``, each bound to these rules."""
        return moves_named(self, notation)

    def path_lights(self, path: MovePath, confirmed: int) -> Lights:
        """Where the board stands on ``path`` (the ladders cap what the switches show)."""
        session = self.session
        seen = dict(enumerate(session.observation.counts))
        return next_lights(path, seen, tables_shown(session.ladder), confirmed)

    def light_place(self, plan: LedPlan, index: int, meaning: Meaning) -> None:
        """Light place ``index`` (of :data:`~tablier.board.observation.TABLES_PLACES`)."""
        plan.place(TABLES_PLACES[index], meaning)

    def light_throw(self, plan: LedPlan) -> None:
        """Show the throw being played on the dice's lights."""
        dice = self.session.flow.dice
        if dice is not None:
            plan.die(1, dice.first, DIE).die(2, dice.second, DIE)

    def place_words(self, index: int) -> str:
        """``point 13`` (the mover's own numbering), ``the bar (black)``, ``the tray``."""
        session = self.session
        kind, number = TABLES_PLACES[index]
        if kind == "point":
            orientation = session.orientation
            return f"point {orientation.own_point(session.flow.turn, number) if orientation else number}"
        return "the tray" if kind == "tray" else f"the bar ({'black' if number == 1 else 'white'})"

    # -- the places said aloud (speech, reading mode) ------------------------------------------------

    def said_place(self, index: int, player: int | None = None) -> Place:
        """Place ``index`` as it is said: ``("point", 13)`` in ``player``'s own numbering (by default
        the side to move's), ``("bar", 1)``, ``("tray", 1)``."""
        session = self.session
        kind, number = TABLES_PLACES[index]
        side = session.flow.turn if player is None else player - 1
        if kind == "point" and session.orientation is not None:
            return kind, session.orientation.own_point(side, number)
        return kind, number

    def stands(self, index: int, player: int) -> Stands:
        """What stands on place ``index`` as the board's reading has it now, said to ``player``: the
        place, the men there and whose they are (player 1 or 2; None when empty)."""
        session = self.session
        position = session.flow.position
        reading = session.reading
        if reading is not None and reading.candidates:  # the men as the turn has moved them so far
            position = reading.candidates[0].position
        kind, number = TABLES_PLACES[index]
        place = self.said_place(index, player)
        orientation = session.orientation
        for side in (0, 1):
            if kind == "point" and orientation is not None:
                point = orientation.own_point(side, number)
            elif kind in ("bar", "tray") and number == side + 1:
                point = BAR if kind == "bar" else OFF
            else:
                continue
            count = position.boards[side][point]
            if count:
                return Stands(place, count, session.player_of_side(side))
        seen = session.observation.counts[index]  # a man come there this turn, not yet in a reading
        return Stands(place, seen, session.player_of_side(session.flow.turn) if seen else None)

    def goes(self, index: int, player: int) -> Goes | None:
        """Where the man lifted from place ``index`` may go this turn, said to ``player`` (each place
        and whether he hits there; none: he cannot move); None when the men there are not the mover's."""
        stands = self.stands(index, player)
        if not stands.count or stands.owner != self.session.to_play():
            return None
        reading = self.session.reading
        if reading is None or index not in reading.lifted:  # a man slid down a tall stack in his place:
            inference, counts = self.session.inference, list(self.session.observation.counts)
            if inference is None or not counts[index]:  # the lift unseen, read as if seen
                return []
            counts[index] -= 1
            reading = inference.read(tuple(counts), index)
            if index not in reading.lifted:
                return []
        return [(self.said_place(target, player), kind == HIT and self._blot_on(reading, target))
                for target, kind in reading.destinations.items()]

    def _blot_on(self, reading: Reading, index: int) -> bool:
        """Whether an adversary's man may stand on place ``index`` now (a landing the inference calls
        a hit may be the hitter's, his blot already lifted to the bar)."""
        session = self.session
        kind, number = TABLES_PLACES[index]
        if kind != "point" or session.orientation is None:
            return False
        other = 1 - session.flow.turn
        point = session.orientation.own_point(other, number)
        return any(candidate.position.boards[other][point] for candidate in reading.candidates)
