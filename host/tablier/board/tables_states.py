"""The positions one throw's legal play can put on the board, for :mod:`tablier.board.tables_inference`.

A *state* is a position legal play can reach this turn: each legal play's result, and every partial
play on the way to one (any subset of its moves, made in any order the men allow), plus the moments
of a hit (the hit man still on his point, or already on the bar while his hitter has not left his
own). Each state is a :class:`Candidate`. Two sources answer the same questions about them:

* :class:`ListedStates` lists every state at the throw and indexes them by what the switches see. A
  throw of two different dice has few (at most two moves a play), so this is quick.
* :class:`ChainStates`, for doublets, lists nothing at the throw. With one number every man's step is
  fixed by where he stands (from ``p`` to ``p - d``, or off), so the men per place that the board
  shows fix the moves made: walking the points from the bar down, the men that left each point are
  the men that came to it and stood there, less those that stand there now. A board is matched by
  that walk (trying each count a tall stack's unseen layer allows), pruned as soon as no legal play
  holds the moves so far. Versailles' 6-6 has thousands of states; a reading needs a handful.

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


class _Turn:
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


class ListedStates(_Turn):
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


Allowed = frozenset[int] | None
"""The true counts a place may hold for a board to match (``ANY``: no constraint)."""


class ChainStates(_Turn):
    """The states of a doublet, found from what the board shows (see the module's docstring)."""

    def __init__(self, variant: Variant, start: Position, orientation: Orientation, ladder: int,
                 plays: Sequence[Play], die: int) -> None:
        super().__init__(variant, start, orientation, ladder, plays)
        self.die = die
        self.mine = start.boards[self.side]
        self.theirs = variant.theirs(start)
        self.their_off = start.boards[1 - self.side][OFF]
        self.hits = variant.hitting and not variant.pins
        self.dst = [OFF if point <= die else point - die for point in range(26)]
        self._keys: dict[int, Play] | None = None  # each play's moves as a multiset (FIELD bits a point)
        self._containing: dict[int, list[int]] = {}
        self._found: dict[tuple[str, Counts], list[Candidate]] = {}
        self._steps: dict[tuple[Position, int], set[tuple[Move, Position]]] = {}
        counts = orientation.counts(start)
        self.start = Candidate(counts, start, (), not plays or not plays[0])  # no move: every play is empty

    # -- the plays' moves as multisets ------------------------------------------------------------

    @property
    def keys(self) -> dict[int, Play]:
        """Each listed play by its moves as a multiset: FIELD bits a starting point, the men moved."""
        if self._keys is None:
            unit = [1 << FIELD * point for point in range(26)]
            keys: dict[int, Play] = {}
            for play in self.plays:
                key = 0
                for move in play:
                    key += unit[move.src]
                keys.setdefault(key, play)
            self._keys = keys
        return self._keys

    def containing(self, key: int) -> list[int]:
        """The plays' multisets that hold the moves ``key``."""
        known = self._containing.get(key)
        if known is not None:
            return known
        if not key:
            found = list(self.keys)
        else:
            shift = ((key & -key).bit_length() - 1) // FIELD * FIELD
            field = 15 << shift
            least = key & field  # the men moved from that point, in place
            found = [k for k in self.containing(key - (1 << shift)) if k & field >= least]
        self._containing[key] = found
        return found

    # -- matching a board -------------------------------------------------------------------------

    def matching(self, seen: Counts) -> list[Candidate]:
        return self._search("visible", seen)

    def reachable(self, counts: Counts) -> bool:
        return bool(self._search("exact", counts))

    def loose(self, seen: Counts) -> list[Candidate]:
        return self._search("loose", seen)

    def every(self) -> list[Candidate]:
        return self._search("every", ())

    def nearest(self, seen: Counts) -> Candidate:
        """The walk of :meth:`_walk` over every state, a branch dropped as soon as the places it has
        set already differ from ``seen`` by more men than the nearest state found so far."""
        near = self._walk([ANY] * len(PLACE_INDEX), None, seen)
        return min(near, key=lambda candidate: nearest_key(candidate, seen, self.ladder))

    def _allowed(self, mode: str, seen: Counts) -> list[Allowed]:
        ladder = self.ladder
        if mode == "every":
            return [ANY] * len(PLACE_INDEX)
        if mode == "exact":
            return [frozenset((n,)) for n in seen]
        if mode == "visible":
            tall = frozenset(range(ladder, 31))
            return [frozenset((n,)) if n < ladder else tall for n in seen]
        return [frozenset((n, *range(ladder + 1, 2 * n + 1))) for n in seen]

    def _search(self, mode: str, seen: Counts) -> list[Candidate]:
        memo = (mode, seen)
        found = self._found.get(memo)
        if found is None:
            allowed = self._allowed(mode, seen)
            if self._outside(allowed):
                found = []
            else:
                found = []
                hitters = [None, *(point for point in range(1, 25) if self.hits and self.theirs[point] == 1
                                   and point + self.die <= BAR)]
                for hitter in hitters:
                    found.extend(self._walk(allowed, hitter))
                found.sort(key=order)
            self._found[memo] = found
        return found

    def _outside(self, allowed: list[Allowed]) -> bool:
        """Whether the places of no point rule the board out: the adversary's tray, his bar."""
        tray = allowed[self.their_tray]
        bar = allowed[self.their_bar]
        if tray is not None and self.their_off not in tray:
            return True
        low = self.theirs[BAR]
        return bar is not None and not any(low <= n for n in bar)

    def _walk(self, allowed: list[Allowed], hitter: int | None,
              near: Counts | None = None) -> list[Candidate]:
        """The states (or, with ``hitter``, the moments of that hit with the hitter not moved) whose
        men per place are ``allowed``: the points walked from the bar down, the men that stay on
        each chosen, those that go on carried to the point below. With ``near`` (what the switches
        show), only the states (no moments of a hit) that may be nearest it: a branch whose places
        already differ by more men than a state found is dropped."""
        found: list[Candidate] = []
        ladder = self.ladder
        differ = [0]  # men differing from ``near`` on the places set so far
        bound = [1 << 30 if near is None else distance(self.start, near, ladder)]  # the fewest found
        inflow = [0] * 26
        outflow = [0] * 26
        mover = [0] * 26
        hit_points: list[int] = []
        unhit: list[int] = []
        place, theirs, mine, dst = self.place, self.theirs, self.mine, self.dst
        hitter_src = hitter + self.die if hitter is not None else -1

        def visit(point: int, key: int) -> None:
            if point == OFF:
                finish(key)
                return
            here = mine[point] + inflow[point]
            shift = -1 if point == hitter else 1 if point == hitter_src else 0
            hit = self.hits and point < BAR and theirs[point] == 1 and inflow[point] > 0
            if point == hitter and not hit:
                return
            if hit:  # the hit man is on the bar, or (a moment of the hit) still on his point
                hit_points.append(point)
                adversary: tuple[int, ...] = (0,) if point == hitter or near is not None else (0, 1)
            else:
                adversary = (theirs[point] if point < BAR else 0,)
            counts = allowed[place[point]]
            for theirs_here in adversary:
                if hit and theirs_here:
                    unhit.append(point)
                if counts is not None and len(counts) == 1:
                    choices: Sequence[int] = (next(iter(counts)) - theirs_here - shift,)
                else:
                    choices = [n for n in range(here + 1)
                               if counts is None or n + theirs_here + shift in counts]
                    if near is not None:  # the men that match the board first: a near state soon
                        seen_here = near[place[point]]
                        choices.sort(key=lambda n: abs(min(n + theirs_here, ladder) - seen_here))
                for men in choices:
                    if not 0 <= men <= here:
                        continue
                    cost = 0
                    if near is not None:
                        cost = abs(min(men + theirs_here, ladder) - near[place[point]])
                        if differ[0] + cost > bound[0]:
                            continue
                    differ[0] += cost
                    gone = here - men
                    after = key
                    if gone:
                        after = key + (gone << FIELD * point)
                        if not self.containing(after):
                            differ[0] -= cost
                            continue
                        inflow[dst[point]] += gone
                    mover[point] = men
                    outflow[point] = gone
                    visit(point - 1, after)
                    if gone:
                        inflow[dst[point]] -= gone
                    differ[0] -= cost
                outflow[point] = 0
                if hit and theirs_here:
                    unhit.pop()
            if hit:
                hit_points.pop()

        def finish(key: int) -> None:
            mover[OFF] = mine[OFF] + inflow[OFF]
            tray = allowed[place[OFF]]
            bar = allowed[self.their_bar]
            if tray is not None and mover[OFF] not in tray:
                return
            if bar is not None and theirs[BAR] + len(hit_points) - len(unhit) not in bar:
                return
            candidate = self._candidate(tuple(mover), outflow, hit_points, unhit, key, hitter)
            if near is not None:
                total = distance(candidate, near, ladder)
                if total > bound[0]:
                    return
                bound[0] = total
            found.append(candidate)

        visit(BAR, 0)
        return found

    def _candidate(self, mover: tuple[int, ...], outflow: list[int], hit_points: list[int],
                   unhit: list[int], key: int, hitter: int | None) -> Candidate:
        """The candidate the walk reached: a state, a moment of its hit with the hit men ``unhit``
        still on their points, or the moment with ``hitter`` not moved."""
        position, moves, hits = self._state(mover, outflow, hit_points)
        counts = self.orientation.counts(position)
        for point in unhit:
            counts = self.unhit(counts, point)
        if hitter is not None:
            hit = next(h for h in hits if h.dst == hitter)
            return Candidate(self.unmoved(counts, hit), position, moves, False, True,
                             (self.place[hit.src], self.place[hit.dst]))
        if unhit:
            return Candidate(counts, position, moves, False, True)
        return Candidate(counts, position, moves, key in self.keys)

    def _state(self, mover: tuple[int, ...], outflow: list[int],
               hit_points: list[int]) -> tuple[Position, Play, list[Move]]:
        """The position of the mover's men ``mover`` (the men ``outflow`` gone from each point, the
        points ``hit_points`` hit), its moves (from the higher points first) and its hits."""
        theirs = list(self.start_position.boards[1 - self.side])
        for point in hit_points:
            theirs[self.opposite[point]] -= 1
            theirs[BAR] += 1
        side = self.side
        boards = (mover, tuple(theirs)) if side == 0 else (tuple(theirs), mover)
        moves: list[Move] = []
        hits: list[Move] = []
        hit_set = set(hit_points)
        for point in range(BAR, 0, -1):
            to = self.dst[point]
            for _ in range(outflow[point]):
                hit = to in hit_set
                if hit:
                    hit_set.discard(to)
                    hits.append(Move(point, to, True))
                moves.append(Move(point, to, hit))
        return Position(boards, side), tuple(moves), hits

    # -- a man's steps from a state ---------------------------------------------------------------

    def _key_of(self, position: Position) -> int | None:
        """The moves that reach ``position`` as a multiset (None if no play holds them)."""
        board = position.boards[self.side]
        inflow = [0] * 26
        key = 0
        for point in range(BAR, 0, -1):
            gone = self.mine[point] + inflow[point] - board[point]
            if gone < 0:
                return None
            if gone:
                key += gone << FIELD * point
                inflow[self.dst[point]] += gone
        return key if self.containing(key) else None

    def steps_of(self, position: Position, src: int) -> set[tuple[Move, Position]]:
        memo = (position, src)
        steps = self._steps.get(memo)
        if steps is None:
            steps = set()
            key = self._key_of(position)
            mine = position.boards[self.side]
            if key is not None and mine[src] and self.containing(key + (1 << FIELD * src)):
                to = self.dst[src]
                theirs = list(position.boards[1 - self.side])
                their_point = self.opposite[to] if to else 0
                hit = self.hits and bool(their_point) and theirs[their_point] == 1
                moved = list(mine)
                moved[src] -= 1
                moved[to] += 1
                if hit:
                    theirs[their_point] -= 1
                    theirs[BAR] += 1
                boards = (tuple(moved), tuple(theirs)) if self.side == 0 else (tuple(theirs), tuple(moved))
                steps.add((Move(src, to, hit), Position(boards, self.side)))
            self._steps[memo] = steps
        return steps

    def play_of(self, candidate: Candidate) -> Play:
        key = self._key_of(candidate.position)
        if key is not None and key in self.keys:
            return self.keys[key]
        raise LookupError("not a legal result of this turn")
