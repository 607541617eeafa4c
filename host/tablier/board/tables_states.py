"""The positions one throw's legal play can put on the board, for :mod:`tablier.board.tables_inference`.

A *state* is a position legal play can reach this turn: each legal play's result, and every partial
play on the way to one (any subset of its moves, made in any order the men allow), plus the moments
of a hit (the hit man still on his point, or already on the bar while his hitter has not left his
own). Each state is a :class:`Candidate`. Two sources answer the same questions about them:

* :class:`ListedStates` lists every state at the throw and indexes them by what the switches see. A
  throw of two different dice has few (at most two moves a play), so this is quick.
* :class:`~tablier.board.chain_states.ChainStates`, for doublets, lists nothing at the throw and
  walks the board's men instead (see its module).

Both give the same states (``tests/board/test_lazy_inference.py`` compares them on random turns).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tablier.tables.moves import Move, Play
from tablier.tables.position import BAR, OFF, Position
from tablier.tables.variant import Variant

from .observation import PLACE_INDEX, Counts, could_show
from .orientation import Orientation

SUBSETS = [[tuple(n for n in range(size) if mask >> n & 1) for mask in range(1 << size)] for size in range(7)]
"""The subsets of a play's moves, as indices, by the play's length."""
FIELD = 4  # bits per point in a multiset of moves (a doublet moves at most 6 men from one point)
ANY = None  # a place whose count is not constrained


@dataclass(frozen=True)
class Candidate:
    """A position legal play can reach this turn: the men per place, the moves made so far."""

    counts: Counts
    position: Position
    moves: Play
    final: bool
    transit: bool = False  # a moment of a hit: the hit man still on his point, or the hitter not moved
    # the hit man already on the bar, his hitter not moved: the places the hitter leaves and lands on
    hitter: tuple[int, int] | None = None


def order(candidate: Candidate) -> tuple[object, ...]:
    """The order candidates are given in: plain states before moments of a hit, fewer moves first."""
    return (candidate.transit, candidate.hitter or (), len(candidate.moves), candidate.counts,
            candidate.position.boards, candidate.final)


def distance(candidate: Candidate, seen: Counts, ladder: int) -> int:
    """How many men differ between what the switches would show of ``candidate`` and ``seen``."""
    return sum(abs(min(men, ladder) - shown) for men, shown in zip(candidate.counts, seen, strict=True))


def nearest_key(candidate: Candidate, seen: Counts, ladder: int) -> tuple[object, ...]:
    """The order :meth:`States.nearest` picks by: fewest men differing, the start, then :func:`order`."""
    return (distance(candidate, seen, ladder), 0 if not candidate.moves else 1, order(candidate))


class States(Protocol):
    """What the inference asks of a turn's states."""

    start: Candidate

    def matching(self, seen: Counts) -> list[Candidate]:
        """The states whose men, as the switches show them, are ``seen`` (in :func:`order`)."""

    def reachable(self, counts: Counts) -> bool:
        """Whether some state has exactly ``counts`` men per place."""

    def loose(self, seen: Counts) -> list[Candidate]:
        """The states that ``seen`` could show, tall stacks set any way (:func:`could_show`)."""

    def every(self) -> list[Candidate]:
        """Every state (in :func:`order`)."""

    def nearest(self, seen: Counts) -> Candidate:
        """The state (no moment of a hit) whose men, as the switches show them, differ least from
        ``seen`` (men per place summed), the untouched start first among equals, then in
        :func:`order`."""

    def steps_of(self, position: Position, src: int) -> set[tuple[Move, Position]]:
        """The turn's moves of a man from ``src`` in the state ``position``, each with where it leads."""

    def play_of(self, candidate: Candidate) -> Play:
        """The legal play (as listed) that reaches ``candidate``."""


class TurnStates:
    """What both sources share: the turn's start seen from the mover's side."""

    def __init__(self, variant: Variant, start: Position, orientation: Orientation, ladder: int,
                 plays: Sequence[Play]) -> None:
        self.variant = variant
        self.start_position = start
        self.orientation = orientation
        self.ladder = ladder
        self.plays = plays
        self.side = start.turn
        self.opposite = (0, *(variant.opposite(point) for point in range(1, 25)))
        self.place = [PLACE_INDEX[orientation.place_of(self.side, point)] for point in range(26)]
        self.their_bar = PLACE_INDEX["bar", 2 - self.side]
        self.their_tray = PLACE_INDEX["tray", 2 - self.side]

    def unhit(self, counts: Counts, hit_point: int) -> Counts:
        """The counts while the man hit on the mover's ``hit_point`` has not yet gone to the bar."""
        changed = list(counts)
        changed[self.place[hit_point]] += 1
        changed[self.their_bar] -= 1
        return tuple(changed)

    def unmoved(self, counts: Counts, hit: Move) -> Counts:
        """The counts when the hit man went to the bar before the hitting man left his point."""
        changed = list(counts)
        changed[self.place[hit.dst]] -= 1
        changed[self.place[hit.src]] += 1
        return tuple(changed)

    def moments_of_hits(self, counts: Counts, position: Position, moves: Play,
                        hits: Sequence[Move]) -> list[Candidate]:
        """The moments of the hits of a state: hit men not yet on the bar, or a hitter not moved (his
        hit man on the bar, the other hit men on their points or not)."""
        found = []
        for mask in range(1, 1 << len(hits)):
            unhit = counts
            for n, hit in enumerate(hits):
                if mask >> n & 1:
                    unhit = self.unhit(unhit, hit.dst)
            found.append(Candidate(unhit, position, moves, False, True))
        for n, hit in enumerate(hits):  # and the others' hit men on their points or not
            hitter = (self.place[hit.src], self.place[hit.dst])
            others = [other for m, other in enumerate(hits) if m != n]
            for mask in range(1 << len(others)):
                unhit = counts
                for m, other in enumerate(others):
                    if mask >> m & 1:
                        unhit = self.unhit(unhit, other.dst)
                found.append(Candidate(self.unmoved(unhit, hit), position, moves, False, True, hitter))
        return found

    def play_by_result(self, candidate: Candidate) -> Play:
        for play in self.plays:
            if self.variant.after(self.start_position, play).boards == candidate.position.boards:
                return play
        raise LookupError("not a legal result of this turn")


class ListedStates(TurnStates):
    """Every state listed at the throw, indexed by what the switches see."""

    def __init__(self, variant: Variant, start: Position, orientation: Orientation, ladder: int,
                 plays: Sequence[Play]) -> None:
        super().__init__(variant, start, orientation, ladder, plays)
        self.candidates: list[Candidate] = []
        self._index: dict[Counts, list[Candidate]] = {}
        self._reachable: set[Counts] = set()
        self._placed: dict[tuple[Move, ...], Position] = {}  # each subset of moves (sorted) placed
        self._subsets: dict[Position, list[tuple[Move, ...]]] = {}  # and the subsets reaching each
        self._moves_from: dict[int, set[Move]] = {}  # the turn's moves by their starting point
        self._steps: dict[tuple[Position, int], set[tuple[Move, Position]]] = {}  # on demand
        self._build()
        self.start = self.candidates[0]
        for listed in self._index.values():
            listed.sort(key=order)

    def _build(self) -> None:
        seen: dict[tuple[Position, bool], Candidate] = {}
        done = self._placed  # subsets already placed (the same moves, any order)
        results = {self.variant.after(self.start_position, play).boards for play in self.plays}
        place, their_bar = self.place, self.their_bar
        start_counts = self.orientation.counts(self.start_position)
        longest = max(map(len, self.plays), default=0)
        self._tall = [n for n, men in enumerate(start_counts) if men + longest > self.ladder]
        theirs = self.variant.theirs(self.start_position)
        for play in (path for listed in self.plays for path in self._paths(listed, theirs)):
            for picked in SUBSETS[len(play)]:
                moves = play if len(picked) == len(play) else tuple([play[n] for n in picked])
                same = moves if len(moves) < 2 else tuple(sorted(moves))
                if same in done:
                    continue
                reached = self._apply(moves)
                if reached is None:
                    continue
                position, hits = reached
                done[same] = position
                self._subsets.setdefault(position, []).append(same)
                final = position.boards in results
                key = (position, final)
                if key in seen:
                    continue
                changed = list(start_counts)  # the counts from the moves' changes, not recounted
                for move in moves:
                    changed[place[move.src]] -= 1
                    changed[place[move.dst]] += 1
                for hit in hits:
                    changed[place[hit.dst]] -= 1
                    changed[their_bar] += 1
                counts = tuple(changed)
                candidate = Candidate(counts, position, moves, final)
                seen[key] = candidate
                self._add(candidate)
                for moment in self.moments_of_hits(counts, position, moves, hits):
                    self._add(moment)
        for same in done:
            for move in same:
                self._moves_from.setdefault(move.src, set()).add(move)

    def _paths(self, play: Play, theirs: list[int]) -> list[Play]:
        """``play`` and the same play with a man that uses both dice resting on his other
        intermediate point (the other die first), where that point is open and the step allowed:
        the generator lists one way per result, the hands may take either."""
        paths = [play]
        if len(play) < 2:
            return paths
        for i, first in enumerate(play):
            for j in range(i + 1, len(play)):
                then = play[j]
                if then.src != first.dst or first.hit or then.hit or OFF in (first.dst, then.dst):
                    continue
                rest = then.src - then.dst
                if rest == first.src - first.dst or not 1 <= first.src - rest <= 24:
                    continue
                other = Move(first.src, first.src - rest)
                if theirs[other.dst]:
                    continue
                before = self._apply(play[:i])
                if before is None or not self.variant.step_allowed(
                        list(before[0].boards[self.side]), theirs, other):
                    continue
                path = list(play)
                path[i], path[j] = other, Move(other.dst, then.dst)
                paths.append(tuple(path))
        return paths

    def _apply(self, moves: Play) -> tuple[Position, list[Move]] | None:
        """The position after ``moves`` in this order, and the hits made; None if the men do not
        allow it. A man hits where he lands on a lone adversary man, whichever move the generator
        marked: a play's moves may be made in another order."""
        side = self.side
        mine = list(self.start_position.boards[side])
        theirs = list(self.start_position.boards[1 - side])
        hits: list[Move] = []
        for move in moves:
            if mine[move.src] <= 0:
                return None
            mine[move.src] -= 1
            mine[move.dst] += 1
            their_point = self.opposite[move.dst] if 1 <= move.dst <= 24 else 0
            if their_point and theirs[their_point]:
                if not self.variant.hitting or theirs[their_point] > 1:
                    return None
                if self.variant.pins:  # Plakoto: the lone man stays where he stands, pinned
                    continue
                theirs[their_point] -= 1
                theirs[BAR] += 1
                hits.append(Move(move.src, move.dst, True))
        boards = (tuple(mine), tuple(theirs)) if side == 0 else (tuple(theirs), tuple(mine))
        return Position(boards, side), hits

    def _add(self, candidate: Candidate) -> None:
        self.candidates.append(candidate)
        counts = candidate.counts
        shown = counts
        for n in self._tall:  # only the places a stack may rise above the ladder on
            if counts[n] > self.ladder:
                clipped = list(shown)
                clipped[n] = self.ladder
                shown = tuple(clipped)
        self._index.setdefault(shown, []).append(candidate)
        self._reachable.add(counts)

    def matching(self, seen: Counts) -> list[Candidate]:
        return self._index.get(seen, [])

    def reachable(self, counts: Counts) -> bool:
        return counts in self._reachable

    def loose(self, seen: Counts) -> list[Candidate]:
        return sorted((c for c in self.candidates
                       if all(could_show(s, n, self.ladder) for s, n in zip(seen, c.counts, strict=True))),
                      key=order)

    def every(self) -> list[Candidate]:
        return sorted(self.candidates, key=order)

    def nearest(self, seen: Counts) -> Candidate:
        return min((c for c in self.candidates if not c.transit),
                   key=lambda candidate: nearest_key(candidate, seen, self.ladder))

    def steps_of(self, position: Position, src: int) -> set[tuple[Move, Position]]:
        key = (position, src)
        if key not in self._steps:
            self._steps[key] = {(move, after) for same in self._subsets.get(position, ())
                                for move in self._moves_from.get(src, ())
                                if (after := self._placed.get(tuple(sorted((*same, move))))) is not None}
        return self._steps[key]

    def play_of(self, candidate: Candidate) -> Play:
        return self.play_by_result(candidate)
