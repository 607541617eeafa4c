"""One turn of a tables game, read from the board: which legal play the men show.

The inference does not follow gestures. At the start of a turn it lists every position that legal
play can reach: each legal play's result, and every partial play on the way to one (any subset of
its moves, made in any order the men allow), plus the moments of a hit when the hit man still stands
on his point, or already lies on the bar while the hitting man has not left his own. Whatever the
switches show is then matched against that list:

- ``FINAL``: the board shows exactly one legal result (committed when the player ends his turn);
- ``AMBIGUOUS``: two legal results look the same to the switches (men moved off tall stacks, whose
  second layer no switch sees): the board asks which;
- ``PARTIAL``: a play on its way (including the untouched start);
- ``IN_HAND``: one of those with a man (or two) lifted: the lifted man's destinations are known;
- ``UNKNOWN``: none of them: after a grace time, the player is guided back.

Positions are in the rules' frames; :class:`~tablier.board.orientation.Orientation` places them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from tablier.tables.moves import Dice, Move, Play
from tablier.tables.position import BAR, OFF, Position
from tablier.tables.variant import Variant

from .observation import PLACE_INDEX, TABLES_PLACES, Counts, could_show, visible
from .orientation import Orientation


class Status(Enum):
    """What the board shows, against the turn's legal play."""

    FINAL = "final"
    AMBIGUOUS = "ambiguous"
    PARTIAL = "partial"
    IN_HAND = "in hand"
    UNKNOWN = "unknown"


MOVE = "move"
HIT = "hit"
BEAR_OFF = "bear-off"


@dataclass(frozen=True)
class Candidate:
    """A position legal play can reach this turn: the men per place, the moves made so far."""

    counts: Counts
    position: Position
    moves: Play
    final: bool
    transit: bool = False  # a hit man still stands on his point


@dataclass(frozen=True)
class Reading:
    """The inference's verdict on one observation."""

    status: Status
    candidates: tuple[Candidate, ...] = ()
    lifted: tuple[int, ...] = ()  # place indices of the men in hand
    destinations: dict[int, str] = field(default_factory=dict)  # place index -> MOVE/HIT/BEAR_OFF

    @property
    def finals(self) -> tuple[Candidate, ...]:
        """The distinct legal results matching (one per position)."""
        seen: dict[Position, Candidate] = {}
        for candidate in self.candidates:
            if candidate.final and not candidate.transit:
                seen.setdefault(candidate.position, candidate)
        return tuple(seen.values())


class TurnInference:
    """Everything one throw's legal plays can put on the board, indexed by what the switches see."""

    def __init__(self, variant: Variant, position: Position, dice: Dice | None, orientation: Orientation,
                 ladder: int, plays: Sequence[Play] | None = None) -> None:
        self.variant = variant
        self.start = position
        self.dice = dice
        self.orientation = orientation
        self.ladder = ladder
        if plays is None:
            plays = variant.plays(position, dice) if dice is not None else [()]
        self.plays = list(plays)
        self.candidates: list[Candidate] = []
        self._index: dict[Counts, list[Candidate]] = {}
        self._build()

    # -- building -------------------------------------------------------------------------------

    def _build(self) -> None:
        seen: set[tuple[Position, bool]] = set()
        results = {self.variant.after(self.start, play).boards for play in self.plays}
        # Every sub-multiset of every play's moves, once, made higher men first (an order the men
        # allow whenever any does): the plays' moves sorted, then one move fewer at a time.
        level = {tuple(sorted(play, reverse=True)) for play in self.plays}
        subsets = set(level)
        while level:
            level = {moves[:n] + moves[n + 1:] for moves in level for n in range(len(moves))} - subsets
            subsets |= level
        place, their_bar = self._mover_places()
        start_counts = self.orientation.counts(self.start)
        for moves in sorted(subsets, key=len):
            reached = self._apply(moves)
            if reached is None:
                continue
            position, hits = reached
            final = position.boards in results
            if (position, final) in seen:
                continue
            seen.add((position, final))
            changed = list(start_counts)
            for src, dst, hits_there in moves:
                changed[place[src]] -= 1
                changed[place[dst]] += 1
                if hits_there and not self.variant.pins:
                    changed[place[dst]] -= 1
                    changed[their_bar] += 1
            counts = tuple(changed)
            self._add(Candidate(counts, position, moves, final))
            for hit in hits:
                self._add(Candidate(self._unhit(counts, hit.dst), position, moves, False, True))
                self._add(Candidate(self._unmoved(counts, hit), position, moves, False, True))

    def _mover_places(self) -> tuple[list[int], int]:
        """The place index of each of the mover's own points 0..25, and of the adversary's bar."""
        side = self.start.turn
        places = [PLACE_INDEX[self.orientation.place_of(side, point)] for point in range(26)]
        return places, PLACE_INDEX["bar", 2 - side]

    def _apply(self, moves: Play) -> tuple[Position, list[Move]] | None:
        side = self.start.turn
        mine = list(self.start.boards[side])
        theirs = list(self.start.boards[1 - side])
        hits: list[Move] = []
        for move in moves:
            if mine[move.src] <= 0:
                return None
            mine[move.src] -= 1
            mine[move.dst] += 1
            if move.hit and not self.variant.pins:  # a pinned man stays where he stands
                their_point = self.variant.opposite(move.dst)
                if theirs[their_point] <= 0:
                    return None
                theirs[their_point] -= 1
                theirs[BAR] += 1
                hits.append(move)
        boards = (tuple(mine), tuple(theirs)) if side == 0 else (tuple(theirs), tuple(mine))
        return Position(boards, side), hits

    def _unhit(self, counts: Counts, hit_point: int) -> Counts:
        """The counts while the man hit on the mover's ``hit_point`` has not yet gone to the bar."""
        side = self.start.turn
        changed = list(counts)
        changed[PLACE_INDEX["point", self.orientation.board_point(side, hit_point)]] += 1
        changed[PLACE_INDEX["bar", 2 - side]] -= 1
        return tuple(changed)

    def _unmoved(self, counts: Counts, hit: Move) -> Counts:
        """The counts when the hit man went to the bar before the hitting man left his point."""
        side = self.start.turn
        changed = list(counts)
        changed[PLACE_INDEX[self.orientation.place_of(side, hit.dst)]] -= 1
        changed[PLACE_INDEX[self.orientation.place_of(side, hit.src)]] += 1
        return tuple(changed)

    def _add(self, candidate: Candidate) -> None:
        self.candidates.append(candidate)
        counts = candidate.counts
        shown = counts if max(counts) <= self.ladder else visible(counts, self.ladder)
        self._index.setdefault(shown, []).append(candidate)

    # -- reading --------------------------------------------------------------------------------

    def read(self, seen: Counts, lifted_hint: int | None = None) -> Reading:
        """Match the covered slots per place ``seen`` (``lifted_hint``: the place a man was last
        lifted from, tried first)."""
        exact = self._index.get(seen)
        if exact:
            return self._matched(exact)
        order = list(range(len(seen)))
        if lifted_hint is not None:
            order.remove(lifted_hint)
            order.insert(0, lifted_hint)
        for place in order:
            with_man = self._plus(seen, place)
            if with_man is not None and with_man in self._index:
                return self._in_hand(self._index[with_man], (place,))
        for first in order:
            once = self._plus(seen, first)
            if once is None:
                continue
            for second in order:
                twice = self._plus(once, second)
                if twice is not None and twice in self._index:
                    return Reading(Status.IN_HAND, tuple(self._index[twice]), (first, second))
        loose = [c for c in self.candidates
                 if all(could_show(s, n, self.ladder) for s, n in zip(seen, c.counts, strict=True))]
        if loose:
            return self._matched(loose)
        return Reading(Status.UNKNOWN)

    def _plus(self, seen: Counts, place: int) -> Counts | None:
        if seen[place] >= self.ladder:
            return None
        return (*seen[:place], seen[place] + 1, *seen[place + 1:])

    def _matched(self, found: Iterable[Candidate]) -> Reading:
        found = tuple(found)
        reading = Reading(Status.PARTIAL, found)
        finals = reading.finals
        if len(finals) == 1:
            return Reading(Status.FINAL, found)
        if len(finals) > 1:
            return Reading(Status.AMBIGUOUS, found)
        return reading

    def _in_hand(self, found: list[Candidate], lifted: tuple[int, ...]) -> Reading:
        place = lifted[0]
        destinations: dict[int, str] = {}
        for candidate in found:
            for target in range(len(TABLES_PLACES)):
                if target == place:
                    continue
                moved = list(candidate.counts)
                moved[place] -= 1
                moved[target] += 1
                reached = self._index.get(visible(tuple(moved), self.ladder))
                if not reached:
                    continue
                kind = (HIT if any(c.transit for c in reached)
                        else BEAR_OFF if TABLES_PLACES[target][0] == "tray" else MOVE)
                if destinations.get(target) != HIT:
                    destinations[target] = kind
        return Reading(Status.IN_HAND, tuple(found), lifted, destinations)

    # -- after the reading ----------------------------------------------------------------------

    def play_of(self, candidate: Candidate) -> Play:
        """The legal play (as the generator lists it) that reaches ``candidate``."""
        for play in self.plays:
            if self.variant.after(self.start, play).boards == candidate.position.boards:
                return play
        raise LookupError("not a legal result of this turn")

    def differing_places(self, candidates: Sequence[Candidate]) -> list[int]:
        """The places whose true counts differ among ``candidates`` (where the board must ask)."""
        return [n for n in range(len(TABLES_PLACES))
                if len({c.counts[n] for c in candidates}) > 1]

    def nearest(self, seen: Counts) -> Candidate:
        """The reachable position closest to ``seen`` (fewest men to move), the turn's start first
        among equals: where the guidance leads a wrong board back to."""
        def distance(candidate: Candidate) -> tuple[int, int]:
            shown = visible(candidate.counts, self.ladder)
            return (sum(abs(a - b) for a, b in zip(shown, seen, strict=True)),
                    0 if not candidate.moves else 1)
        return min((c for c in self.candidates if not c.transit), key=distance)

    def moves_shown(self, seen: Counts) -> Play | None:
        """The moves of the side to move that the board seems to show (men gone from some of his
        places, men arrived on others; no hits), for explaining an illegal play; None if unclear."""
        side = self.start.turn
        before = visible(self.orientation.counts(self.start), self.ladder)
        gone: list[int] = []
        came: list[int] = []
        for n, (old, new) in enumerate(zip(before, seen, strict=True)):
            kind, index = TABLES_PLACES[n]
            if kind == "point":
                point = self.orientation.own_point(side, index)
            elif index == side + 1:
                point = BAR if kind == "bar" else OFF
            else:
                if old != new:
                    return None
                continue
            gone.extend([point] * max(0, old - new))
            came.extend([point] * max(0, new - old))
        if len(came) > len(gone):  # men taken from the unseen top of a tall stack
            board = self.start.boards[side]
            tall = [p for p in range(1, 26) if board[p] > self.ladder]
            if len(tall) != 1:
                return None
            gone.extend(tall * (len(came) - len(gone)))
        if not gone or len(gone) != len(came):
            return None
        gone.sort(reverse=True)
        came.sort(reverse=True)
        return tuple(Move(src, dst) for src, dst in zip(gone, came, strict=True))
