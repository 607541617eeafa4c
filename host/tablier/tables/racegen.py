"""Fast legal play generation for the races without hitting that add rules on single steps.

Jacquet and its variants, Fevga and Long Nardy never hit, so the adversary's men stand still for the
whole turn, and their rules on single steps are of two kinds, which :class:`RaceRules` carries:

* a rule on steps *from the starting point* (the postillon, Fevga's first man, Nardy's head), asked
  only when a man leaves the 24-point;
* a rule on *walls* (closing a table, the starting table, six points shutting every man in), which
  depends only on which points the mover holds before and after the step. It forbids only a step
  that completes a wall, so it is asked only when a step makes the last point of one held, and its
  verdict is remembered for each pair of held sets (as far as the rule reads them).

:func:`race_plays` first asks the rule which walls it may forbid this turn (``wall_sets``, with
every point the mover holds or may stop on) and keeps those the turn's men can fill
(:mod:`~tablier.tables.turn_walls`); if none, the rule is left out. A doublet is then generated as
non-increasing orders of from-points (:func:`_doublet_plays`), the starting point opened by the
first man's run home; if the rule on walls forbids a step of those orders, the rest of the doublet
is walked as :func:`tablier.tables.movegen.generic_plays` walks it (every order, each board once,
the same plays in the same order: :func:`_doublet_depth_first`, which takes up after the orders
already walked and tries a step above the last one only where the two may bear on each other), and
so are two different dice (:func:`_depth_first`), on a board encoded as one integer (four bits a
place) so that remembering a state costs an addition. ``generic_plays`` with the variant's
``step_allowed`` stays the tests' reference: both reach the same positions.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import NamedTuple

from .movegen import MOVES, higher_die_first
from .moves import Move, Play
from .parallel import START_POINT, held_points
from .position import MEN, OFF, SideBoard
from .turn_walls import StepJudge, WallRule, fillable, forbids_nothing, wall_judge

BOARD_BITS = (1 << 104) - 1  # the board's 26 places, four bits each
POINTS = (1 << 25) - 2  # the points 1..24, as bits
UNITS = tuple(1 << 4 * place for place in range(26))  # one man on each place, in a board's key

class RaceRules(NamedTuple):
    """A race's rules on single steps, in the forms the fast generator applies incrementally.

    ``head_floor``: the fewest men that must stay on the starting point (Long Nardy's head).
    ``first_man_home``: until a man stands on this point or lower (or is borne off), no man leaves
    the starting point but the first (Jacquet's postillon: 6; Fevga's first man: 11 or 12); 0 for
    none. ``wall_forbids``: the rule on walls. ``wall_sets(reach)``: the walls (sets of points, as
    bits) it may forbid to complete, ``reach`` being every point the mover holds or may stop on
    this turn: six in a row with men behind, the full starting table. A step is forbidden only if
    it completes one of them (only then is the rule asked), and the rule's verdict depends only on
    the held points among them and ``wall_reads`` (Jacquet's return points): it is remembered for
    each pair of held sets seen there.
    """

    head_floor: int = 0
    first_man_home: int = 0
    wall_forbids: WallRule | None = None
    wall_sets: Callable[[int], list[int]] | None = None
    wall_reads: int = 0


def race_plays(mine: SideBoard, closed: list[bool], steps: tuple[int, ...], rules: RaceRules) -> list[Play]:
    """Every distinct legal play of the movements ``steps`` for a side without a bar, ``closed[q]``
    telling the points 1..24 it may not stop on: the positions ``generic_plays`` reaches with the
    same rules as ``step_allowed``."""
    board = list(mine)
    dice = tuple(sorted(steps, reverse=True))
    distinct = sorted(set(dice), reverse=True)
    held = held_points(board)
    open_points = _open_points(closed)
    reach = held  # every point the mover holds or may stop on this turn
    for _ in dice:
        for die in distinct:
            reach |= (reach >> die) & open_points
    sets = rules.wall_sets(reach) if rules.wall_sets is not None else []
    if len(distinct) == 1:
        sets = [wall for wall in sets if fillable(wall & ~held, board, closed, dice[0], len(dice))]
    danger = 0  # the points of the walls: only a step onto one of them may complete a wall
    for wall in sets:
        danger |= wall
    walls = None
    if sets and rules.wall_forbids is not None:
        walls = wall_judge(rules.wall_forbids, sets, danger | rules.wall_reads)
    if len(distinct) > 1:
        return _depth_first(board, closed, dice, distinct, reach, rules, walls)
    die, count = dice[0], len(dice)
    plays = _doublet_plays(board, closed, die, count, reach, rules, walls, danger)
    if isinstance(plays, Vetoed):
        plays = _doublet_depth_first(board, closed, die, count, reach, rules, walls, sets,
                                     danger | rules.wall_reads, plays)
    return plays


def _start_closed(board: list[int], rules: RaceRules) -> bool:
    """Whether the rules on the starting point forbid a man to leave it now."""
    if board[START_POINT] <= rules.head_floor:
        return True
    home = rules.first_man_home
    return bool(home) and board[START_POINT] < MEN and not any(board[OFF:home + 1])


class Vetoed(NamedTuple):
    """Where the non-increasing walk of a doublet stopped, the rule on walls having forbidden a
    step: the plays it had found (by their boards' keys), the most steps they make, and the
    from-points of the order up to the forbidden step (none if the walk was not one order: the
    first man's runs)."""

    found: dict[int, Play]
    best: int
    at: tuple[int, ...]


def _doublet_plays(board: list[int], closed: list[bool], die: int, count: int, reach: int,
                   rules: RaceRules, wall_forbids: StepJudge | None, danger: int) -> list[Play] | Vetoed:
    """The plays of a doublet as multisets of from-points taken in non-increasing order (each
    multiset is one position), or where the walk stopped (:class:`Vetoed`) if the rule on walls
    forbade a step of such an order.

    While the first man is not home (``first_man_home``) the starting point stays shut but for him:
    a play then either brings no man home (one non-increasing order, the start shut), or it has a
    first step that brings a man home, made by one man from where he stood (his *run*); the run made
    first, every other step is free and the rest of the play is one non-increasing order. Plays
    reached several ways are kept once. No state is met twice (a non-increasing order of from-points
is one multiset of them, and a run is one man's, from where he stood), so none is remembered.
Without the rule on walls every legal play is found so;
    if the rule never forbids a step of these orders, they reach every play the other rules allow,
    each by a legal order, and the rule forbade nothing. Otherwise another order might have made
    the wall legally, and the caller tries them all."""
    sources = [src for src in range(24, 0, -1)
               if reach >> src & 1 and (src <= die or not closed[src - die])]
    may_leave = board[START_POINT] - rules.head_floor
    home = rules.first_man_home
    found: dict[int, Play] = {}
    best = 0
    path: list[Move] = []
    walls_bit = False
    vetoed_at: tuple[int, ...] = ()  # the from-points of the order whose last step was forbidden
    _targets, shift, moves = _steps_of(die)
    source_bits = sum(1 << src for src in sources)
    upto = [source_bits & (2 << src) - 1 for src in range(26)]  # upto[src]: the sources from src down

    def record(key: int, length: int) -> None:
        nonlocal best
        if length >= best:
            if length > best:
                best = length
                found.clear()
            found.setdefault(key, tuple(path))

    def wall_bites(held: int, new_held: int, dst: int) -> bool:
        nonlocal walls_bit, vetoed_at
        if wall_forbids is None or not wall_forbids(held, new_held, dst):
            return False
        walls_bit = True
        vetoed_at = (*[move.src for move in path], dst + die)
        return True

    def extend(tried: int, left: int, outside: int, key: int, open_start: bool, held: int,
               run_start: int = START_POINT + 1) -> None:
        nonlocal may_leave, best
        moved = False
        last = left == 1
        points = held & tried  # the sources ``tried`` that hold a man
        while points:
            src = points.bit_length() - 1
            points ^= 1 << src
            count_there = board[src]
            if src == START_POINT and (may_leave <= 0 or (not open_start and count_there < MEN)):
                continue
            dst = src - die
            new_held = held & ~(1 << src) if count_there == 1 else held
            if dst <= 0:
                if outside:
                    break
                if dst < 0 and any(board[src + 1:7]):
                    continue
                dst = OFF
            elif dst <= home < src and (not open_start or (src > run_start and initial[src])):
                # a first step home is made as a run; after a run, a step home from a point
                # higher than its start where a man stood would be that man's run (found so)
                moved = True
                continue
            elif not board[dst]:
                new_held |= 1 << dst
                if danger >> dst & 1 and wall_bites(held, new_held, dst):
                    return
            moved = True
            after = key + shift[src]
            if last:  # the play's last step: recorded without moving the men
                if best < count:
                    best = count
                    found.clear()
                if after not in found:
                    found[after] = (*path, moves[src])
                continue
            board[src] = count_there - 1
            board[dst] += 1
            if src == START_POINT:
                may_leave -= 1
            path.append(moves[src])
            extend(upto[src], left - 1, outside - 1 if src > 6 >= dst else outside, after, open_start,
                   new_held, run_start)
            path.pop()
            if src == START_POINT:
                may_leave += 1
            board[src] = count_there
            board[dst] -= 1
            if walls_bit:
                return
        if not moved:
            record(key, len(path))

    def run(src: int, made: int, outside: int, key: int, held: int, run_start: int) -> None:
        """The man on ``src`` runs on, his ``made`` steps so far having brought nobody home. A run
        that passes a point where a man stood is left out: that man's own run, with the rest
        after it, reaches the same plays."""
        nonlocal may_leave
        dst = src - die
        if dst <= 0 or closed[dst] or (made and initial[src]):
            return
        count_there = board[src]
        new_held = held & ~(1 << src) if count_there == 1 else held
        if not board[dst]:
            new_held |= 1 << dst
            if danger >> dst & 1 and wall_bites(held, new_held, dst):
                return
        board[src] = count_there - 1
        board[dst] += 1
        if src == START_POINT:
            may_leave -= 1
        path.append(moves[src])
        after = key + shift[src]
        outside_after = outside - 1 if src > 6 >= dst else outside
        if dst <= home:
            if made + 1 < count:
                extend(source_bits, count - made - 1, outside_after, after, True, new_held, run_start)
            else:
                record(after, count)
        elif made + 1 < count:
            run(dst, made + 1, outside_after, after, new_held, run_start)
        path.pop()
        if src == START_POINT:
            may_leave += 1
        board[src] = count_there
        board[dst] -= 1

    key = _board_key(board)
    held = held_points(board)
    outside = sum(board[7:26])
    initial = list(board)
    open_start = not home or bool(any(board[OFF:home + 1]))
    extend(source_bits, count, outside, key, open_start, held)
    if not open_start:
        for src in range(24, home, -1):
            if board[src] and (src != START_POINT or (board[src] == MEN and may_leave > 0)):
                run(src, 0, outside, key, held, src)
                if walls_bit:
                    break
    if walls_bit:
        return Vetoed(found, best, vetoed_at if open_start else ())
    return list(found.values())


def _board_key(board: list[int]) -> int:
    """The board as one integer, four bits a place."""
    return sum(count << 4 * place for place, count in enumerate(board))


def _doublet_depth_first(board: list[int], closed: list[bool], die: int, count: int, reach: int,
                         rules: RaceRules, wall_forbids: StepJudge | None, walls: list[int],
                         reads: int, vetoed: Vetoed | None = None) -> list[Play]:
    """A doublet's plays in every order of its steps, as ``generic_plays`` tries them (from the
    highest point), each board expanded once: the same plays in the same order, each found first by
    its highest legal order. A step whose board was reached before is not judged again.

    A step from a point above the last step's is tried only if the two steps may bear on each
    other, that is if in the other order one of them might be forbidden: this one newly holding a
    point of a wall after the last one emptied or newly held a point the rule on walls reads
    (``reads``); this one moving onto or off a point the rule reads after the last one completed a
    wall; this one newly holding a point of a wall through the point the last one newly held
    without completing a wall (only then may the last one complete it); this one from the starting
    point after the last one brought the first man home; or the last one bearing off from below
    where this one stops. (Only a step that completes a wall is judged, and one that changes no
    point the rule reads leaves the other's verdict as it was.) Otherwise the two steps in the
    other order are legal: that higher order reached the same board before (and a play at least
    one step longer, so no shorter play is lost).

    The search takes up where the non-increasing walk stopped (``vetoed``): the orders higher than
    the forbidden one are left out, for the plays they reach are the walk's (the highest legal
    order of each is its non-increasing one, in which the walk met no forbidden step). Each board
    of the forbidden order is searched from that order's step down (``caps``: the highest point a
    step may start from there). If no play of every die is found so, the search starts again from
    the beginning, so that the shorter plays are those the every-order search finds.

    The rules that depend on the board but not on the step (bearing off, the starting point) are
    applied once a board, to the bits of the points a step may start from (``movable``); the
    play's last step is walked apart (``last_step``), recording without moving the men."""
    expanded: set[int] = set()
    found = dict(vetoed.found) if vetoed else {}
    best = vetoed.best if vetoed else 0
    path: list[Move] = []
    low = (1 << die + 1) - 2  # the points 1..die, from which a step bears off
    sources = reach & POINTS & (low | _open_points(closed) << die)
    targets, shift, moves = _steps_of(die)
    postillon = bool(rules.first_man_home) and not any(board[OFF:rules.first_man_home + 1])  # on his way
    forbids = wall_forbids if wall_forbids is not None else forbids_nothing
    danger = 0  # the points of the walls
    for wall in walls:
        danger |= wall
    onto = 0  # the steps onto a point of a wall: only they may be forbidden
    if wall_forbids is not None:
        onto = (danger & POINTS) << die & sources
    onto_walls_with = [0] * 25  # onto_walls_with[p]: the steps onto a point of a wall with the point p
    for wall in walls:
        steps = (wall & POINTS) << die & sources
        points = wall
        while points:
            point = points.bit_length() - 1
            points ^= 1 << point
            onto_walls_with[point] |= steps
    walled = (reads | reads << die | (low if reads & 1 else 0)) & sources  # onto or off a point read
    # below[last]: the sources tried after a step from ``last`` whatever it changed (bits); the
    # steps onto a wall's point and those moving onto or off a point the rule reads are added by
    # what the last step changed (``extend``)
    below = [sources] * 26
    home = rules.first_man_home
    head_floor = rules.head_floor
    lasts = sources
    while lasts:
        last = lasts.bit_length() - 1
        lasts ^= 1 << last
        opens_start = postillon and last - die <= home < last  # the last step brought a man home
        tried = (1 << last + 1) - 1 | (1 << START_POINT if opens_start else 0)
        if last < die:  # bearing off from below where a step from these stops
            tried |= (1 << die + 7) - (1 << last + die + 1)
        below[last] = sources & tried

    restricted = low | 1 << START_POINT  # the sources whose steps the board may forbid

    def movable(points: int, held: int, outside: int) -> int:
        """The held points ``points`` less those the board forbids a step from now: bearing off
        with men outside the home table or men above, leaving the starting point."""
        if points & low:
            points &= ~low if outside else ~((1 << min(die, held.bit_length() - 1)) - 1)
        if points >> START_POINT & 1 and (board[START_POINT] <= head_floor
                                           or (postillon and _start_closed(board, rules))):
            points ^= 1 << START_POINT
        return points

    def starts(key: int, held: int, outside: int, tried: int) -> int:
        """The points a step is tried from on the board ``key``: those ``tried`` that hold a man,
        below the forbidden order's step on its boards (``caps``), that the board allows."""
        points = held & tried
        if caps:
            points &= caps.get(key, -1)
        if points & restricted:
            points = movable(points, held, outside)
        return points

    def extend(left: int, key: int, held: int, outside: int, tried: int) -> None:
        moved = False
        points = starts(key, held, outside, tried)
        while points:  # from the highest
            src = points.bit_length() - 1
            points ^= 1 << src
            after = key + shift[src]
            if after in expanded:  # reached before: this step's verdict no longer matters
                moved = True
                continue
            dst = targets[src]
            there = board[src]
            new_held = held & ~(1 << src) if there == 1 else held
            verdict = None
            if dst and not board[dst]:
                new_held |= 1 << dst
                if onto >> src & 1:
                    verdict = forbids(held, new_held, dst)
                    if verdict:
                        continue
            moved = True
            expanded.add(after)
            board[src] = there - 1
            board[dst] += 1
            path.append(moves[src])
            outside_after = outside - 1 if src > 6 >= dst else outside
            next_tried = below[src]
            changed = new_held ^ held  # the points this step emptied or newly held
            if changed & reads:  # a step above that newly holds a wall's point may be judged anew
                next_tried |= onto & ~(new_held << die)
            if verdict is not None:  # it completed a wall: a step above may change its verdict
                next_tried |= walled
            elif changed >> dst & 1 and onto >> src & 1:  # a step above may complete a wall with it
                next_tried |= onto_walls_with[dst] & ~(new_held << die)
            if left > 2:
                extend(left - 1, after, new_held, outside_after, next_tried)
            else:
                last_step(after, new_held, outside_after, next_tried)
            path.pop()
            board[src] = there
            board[dst] -= 1
        if not moved:
            record(key)

    def last_step(key: int, held: int, outside: int, tried: int) -> None:
        nonlocal best
        moved = False
        points = starts(key, held, outside, tried)
        while points:
            src = points.bit_length() - 1
            points ^= 1 << src
            after = key + shift[src]
            if after in found:  # reached before: this step's verdict no longer matters
                moved = True
                continue
            if onto >> src & 1:
                dst = src - die
                if not board[dst]:
                    new_held = (held & ~(1 << src) if board[src] == 1 else held) | 1 << dst
                    if forbids(held, new_held, dst):
                        continue
            moved = True
            if best < count:  # a play of every die
                best = count
                found.clear()
            found[after] = (*path, moves[src])
        if not moved:
            record(key)

    def record(key: int) -> None:
        """A play no step may follow."""
        nonlocal best
        if len(path) >= best:
            if len(path) > best:
                best = len(path)
                found.clear()
            found.setdefault(key, tuple(path))

    start = _board_key(board)
    caps: dict[int, int] = {}  # by the boards of the forbidden order
    key = start
    for src in vetoed.at if vetoed else ():
        caps[key] = (2 << src) - 1
        key += shift[src]
    expanded.add(start)
    held, outside = held_points(board), sum(board[7:26])
    if count > 1:
        extend(count, start, held, outside, sources)
    else:
        last_step(start, held, outside, sources)
    if caps and best < count:
        return _doublet_depth_first(board, closed, die, count, reach, rules, wall_forbids, walls, reads)
    return list(found.values())


def _open_points(closed: list[bool]) -> int:
    """The points 1..24 a man may stop on, as bits."""
    return sum(1 << point for point in range(1, 25) if not closed[point])


@cache
def _steps_of(die: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[Move, ...]]:
    """For each point 0..24, where a step of ``die`` from it goes (``OFF`` below 1), the change it
    makes to the board's key and the move."""
    targets = tuple(max(src - die, OFF) for src in range(25))
    shift = tuple((1 << 4 * dst) - (1 << 4 * src) for src, dst in enumerate(targets))
    moves = tuple(MOVES[src][dst][False] for src, dst in enumerate(targets))
    return targets, shift, moves


def _depth_first(board: list[int], closed: list[bool], dice: tuple[int, ...], distinct: list[int],
                 reach: int, rules: RaceRules, wall_forbids: StepJudge | None) -> list[Play]:
    """Two different dice in every order, as ``generic_plays`` tries them, each state expanded once:
    the same plays in the same order."""
    expanded: set[int] = set()
    found: dict[int, Play] = {}
    best = 0
    path: list[Move] = []
    sources = {die: sum(1 << src for src in range(24, 0, -1)
                        if reach >> src & 1 and (src <= die or not closed[src - die])) for die in distinct}
    unit = UNITS
    # The dice still to play, encoded above the board's 104 bits: a base-8 digit per die value.
    code = {die: 1 << (104 + 3 * (die - 1)) for die in distinct}

    def extend(remaining: tuple[int, ...], key: int, held: int, outside: int) -> None:
        nonlocal best
        if key in expanded:
            return
        expanded.add(key)
        moved = False
        previous = 0
        for index, die in enumerate(remaining):  # each value once (the dice are sorted)
            if die == previous:
                continue
            previous = die
            rest = remaining[:index] + remaining[index + 1:]
            rest_key = key - code[die]
            points = held & sources[die]  # the sources that hold a man, from the highest
            while points:
                src = points.bit_length() - 1
                points ^= 1 << src
                count = board[src]
                if src == START_POINT and _start_closed(board, rules):
                    continue
                dst = src - die
                if dst <= 0:
                    if outside or (dst < 0 and any(board[src + 1:7])):
                        continue
                    dst = OFF
                after = rest_key - unit[src] + unit[dst]
                if (best == len(dice) and after in found) if not rest else after in expanded:
                    # reached before, so a play at least as long as this one with a step more
                    # exists: whether this step is legal no longer matters (a shorter play may
                    # reach the board this play of every die reaches: only a full one counts)
                    moved = True
                    continue
                new_held = held & ~(1 << src) if count == 1 else held
                if dst and not board[dst]:
                    new_held |= 1 << dst
                    if wall_forbids is not None and wall_forbids(held, new_held, dst):
                        continue
                moved = True
                if not rest:  # the last movement: a play of every die
                    if best < len(dice):
                        best = len(dice)
                        found.clear()
                    found[after] = (*path, MOVES[src][dst][False])
                    continue
                board[src] = count - 1
                board[dst] += 1
                path.append(MOVES[src][dst][False])
                extend(rest, after, new_held, outside - 1 if src > 6 >= dst else outside)
                path.pop()
                board[src] = count
                board[dst] -= 1
        if not moved and len(path) >= best:
            if len(path) > best:
                best = len(path)
                found.clear()
            found.setdefault(key & BOARD_BITS, tuple(path))

    start_key = _board_key(board) + sum(code[die] for die in dice)
    extend(dice, start_key, held_points(board), sum(board[7:26]))
    plays = list(found.values())
    if best == 1:  # one die only: the higher if it can be played
        return higher_die_first(plays, *distinct)
    return plays
