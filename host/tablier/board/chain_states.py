"""The states of a doublet, for :mod:`tablier.board.tables_inference`, found from what the board shows.

:class:`ChainStates` lists nothing at the throw. With one number every man's step is fixed by where
he stands (from ``p`` to ``p - d``, or off), so the men per place that the board shows fix the moves
made: walking the points from the bar down (:class:`Walk`), the men that left each point are the men
that came to it and stood there, less those that stand there now. A board is matched by that walk
(trying each count a tall stack's unseen layer allows), pruned as soon as no legal play holds the
moves so far. Versailles' 6-6 has thousands of states; a reading needs a handful. It gives the
states :class:`~tablier.board.tables_states.ListedStates` lists (``tests/board/test_lazy_inference.py``
compares them on random turns).
"""

from __future__ import annotations

from collections.abc import Sequence

from tablier.tables.moves import Move, Play
from tablier.tables.position import BAR, OFF, Position
from tablier.tables.variant import Variant

from .observation import PLACE_INDEX, Counts
from .orientation import Orientation
from .tables_states import ANY, FIELD, Candidate, TurnStates, distance, nearest_key, order

Allowed = frozenset[int] | None
"""The true counts a place may hold for a board to match (``ANY``: no constraint)."""


class ChainStates(TurnStates):
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
        men per place are ``allowed`` (:class:`Walk`); with ``near`` (what the switches show), only
        the states (no moments of a hit) that may be nearest it."""
        walk = Walk(self, allowed, hitter, near)
        walk.visit(BAR, 0)
        return walk.found

    def candidate(self, mover: tuple[int, ...], outflow: list[int], hit_points: list[int],
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


class Walk:
    """One walk of a doublet's states whose men per place are ``allowed``: the points walked from the
    bar down, the men that stay on each chosen, those that go on carried to the point below. With
    ``hitter``, the moments of that hit with the hitter not moved. With ``near`` (what the switches
    show), only the states (no moments of a hit) that may be nearest it: a branch whose places
    already differ by more men than a state found is dropped."""

    def __init__(self, states: ChainStates, allowed: list[Allowed], hitter: int | None,
                 near: Counts | None) -> None:
        self.states, self.allowed, self.hitter, self.near = states, allowed, hitter, near
        self.found: list[Candidate] = []
        self.differ = 0  # men differing from ``near`` on the places set so far
        # the fewest men differing of a state found
        self.bound = 1 << 30 if near is None else distance(states.start, near, states.ladder)
        self.inflow = [0] * 26
        self.outflow = [0] * 26
        self.mover = [0] * 26
        self.hit_points: list[int] = []
        self.unhit: list[int] = []
        self.hitter_src = hitter + states.die if hitter is not None else -1

    def visit(self, point: int, key: int) -> None:
        """Choose the men that stay on ``point`` (``key``: the moves made above it), then go on below."""
        if point == OFF:
            self.finish(key)
            return
        states = self.states
        theirs = states.theirs
        here = states.mine[point] + self.inflow[point]
        shift = -1 if point == self.hitter else 1 if point == self.hitter_src else 0
        hit = states.hits and point < BAR and theirs[point] == 1 and self.inflow[point] > 0
        if point == self.hitter and not hit:
            return
        if hit:  # the hit man is on the bar, or (a moment of the hit) still on his point
            self.hit_points.append(point)
            adversary: tuple[int, ...] = (0,) if point == self.hitter or self.near is not None else (0, 1)
        else:
            adversary = (theirs[point] if point < BAR else 0,)
        for theirs_here in adversary:
            if hit and theirs_here:
                self.unhit.append(point)
            for men in self.choices(point, here, theirs_here, shift):
                self.stay(point, key, here, men, theirs_here)
            self.outflow[point] = 0
            if hit and theirs_here:
                self.unhit.pop()
        if hit:
            self.hit_points.pop()

    def choices(self, point: int, here: int, theirs_here: int, shift: int) -> Sequence[int]:
        """The numbers of his ``here`` men the mover may leave on ``point`` (``theirs_here``: the
        adversary's men the place shows, ``shift``: the hitter's man counted there or not yet);
        with ``near``, those that match the board first (a near state soon)."""
        states = self.states
        counts = self.allowed[states.place[point]]
        if counts is not None and len(counts) == 1:
            return (next(iter(counts)) - theirs_here - shift,)
        choices = [n for n in range(here + 1) if counts is None or n + theirs_here + shift in counts]
        if self.near is not None:
            seen_here, ladder = self.near[states.place[point]], states.ladder
            choices.sort(key=lambda n: abs(min(n + theirs_here, ladder) - seen_here))
        return choices

    def stay(self, point: int, key: int, here: int, men: int, theirs_here: int) -> None:
        """Leave ``men`` of the mover's ``here`` on ``point``, carry the rest to the point below and
        walk on (unless no legal play holds those moves, or the branch cannot be nearest)."""
        if not 0 <= men <= here:
            return
        states = self.states
        cost = 0
        if self.near is not None:
            cost = abs(min(men + theirs_here, states.ladder) - self.near[states.place[point]])
            if self.differ + cost > self.bound:
                return
        self.differ += cost
        gone = here - men
        after = key
        if gone:
            after = key + (gone << FIELD * point)
            if not states.containing(after):
                self.differ -= cost
                return
            self.inflow[states.dst[point]] += gone
        self.mover[point] = men
        self.outflow[point] = gone
        self.visit(point - 1, after)
        if gone:
            self.inflow[states.dst[point]] -= gone
        self.differ -= cost

    def finish(self, key: int) -> None:
        """Every point walked: the tray and the adversary's bar decide, and a state is found."""
        states, mover = self.states, self.mover
        mover[OFF] = states.mine[OFF] + self.inflow[OFF]
        tray = self.allowed[states.place[OFF]]
        bar = self.allowed[states.their_bar]
        if tray is not None and mover[OFF] not in tray:
            return
        if bar is not None and states.theirs[BAR] + len(self.hit_points) - len(self.unhit) not in bar:
            return
        candidate = states.candidate(tuple(mover), self.outflow, self.hit_points, self.unhit, key,
                                     self.hitter)
        if self.near is not None:
            total = distance(candidate, self.near, states.ladder)
            if total > self.bound:
                return
            self.bound = total
        self.found.append(candidate)
