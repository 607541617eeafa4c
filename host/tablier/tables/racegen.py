"""Fast legal play generation for the races without hitting that add rules on single steps.

Jacquet and its variants, Fevga and Long Nardy never hit, so the adversary's men stand still for the
whole turn, and their rules on single steps are of two kinds, which :class:`RaceRules` carries:

* a rule on steps *from the starting point* (the postillon, Fevga's first man, Nardy's head), asked
  only when a man leaves the 24-point;
* a rule on *walls* (closing a table, the starting table, six points shutting every man in), which
  depends only on which points the mover holds before and after the step. A step that holds no new
  point cannot make a wall, so the rule is asked only when a step lands on an empty point, and its
  verdict is remembered for each pair of held sets.

:func:`race_plays` first asks whether the rule on walls can matter this turn at all (``walls_matter``
with every point the mover holds or may reach). A doublet is then generated as non-increasing
orders of from-points (:func:`_doublet_plays`), the starting point opened by the first man's run
home; if the rule on walls forbids a step of those orders, or the dice differ, the turn is walked as
:func:`tablier.tables.movegen.generic_plays` walks it (every order, each state once, the same plays
kept: :func:`_depth_first`), on a board encoded as one integer (four bits a place) so that
remembering a state costs an addition. ``generic_plays`` with the variant's ``step_allowed`` stays
the tests' reference: both reach the same positions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .movegen import MOVES, made_with
from .moves import Move, Play
from .parallel import START_POINT, held_points
from .position import MEN, OFF, SideBoard

ALL_POINTS = (1 << 25) - 2  # bits 1..24
BOARD_BITS = (1 << 104) - 1  # the board's 26 places, four bits each

WallRule = Callable[[int, int], bool]
"""``wall_forbids(before, after)``: does a step that changes the mover's held points (bits 1..24)
from ``before`` to ``after`` make a forbidden wall?"""
StepJudge = Callable[[int, int, int], bool]
"""``forbids(before, after, dst)``: the rule on walls for a step onto the point ``dst`` that makes
it held, asked only if the step completes one of the turn's walls (:func:`_judge`)."""


Order = tuple[int, ...]
"""An order of a doublet's steps, as their from-points."""


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
    open_points = sum(1 << point for point in range(1, 25) if not closed[point])
    reach = held  # every point the mover holds or may stop on this turn
    for _ in dice:
        for die in distinct:
            reach |= (reach >> die) & open_points
    sets = rules.wall_sets(reach) if rules.wall_sets is not None else []
    danger = 0  # the points of the walls: only a step onto one of them may complete a wall
    for wall in sets:
        danger |= wall
    walls = _judge(rules.wall_forbids, sets, danger | rules.wall_reads) if sets and rules.wall_forbids else None
    if len(distinct) == 1:
        if walls is not None and _start_open(board, rules):
            plays = _walled_doublet_plays(board, closed, dice[0], len(dice), reach, rules, walls, danger,
                                          danger | rules.wall_reads)
        else:
            plays = _doublet_plays(board, closed, dice[0], len(dice), reach, rules, walls, danger)
        if plays is not None:
            return plays
    return _depth_first(board, closed, dice, distinct, reach, rules, walls, danger)


def _judge(wall_forbids: WallRule, walls: list[int], reads: int) -> StepJudge:
    """``wall_forbids`` for a step onto ``dst``, asked only if the step completes one of ``walls``
    (the rule forbids nothing else), each verdict remembered for the held points among ``reads``
    before and after the step (the only ones the rule reads)."""
    through = [tuple(wall for wall in walls if wall >> dst & 1) for dst in range(25)]
    verdicts: dict[int, bool] = {}

    def forbids(before: int, after: int, dst: int) -> bool:
        for wall in through[dst]:
            if after & wall == wall:
                break
        else:
            return False
        pair = (before & reads) << 25 | after & reads
        verdict = verdicts.get(pair)
        if verdict is None:
            verdict = verdicts[pair] = wall_forbids(before, after)
        return verdict

    return forbids


def _start_closed(board: list[int], rules: RaceRules) -> bool:
    """Whether the rules on the starting point forbid a man to leave it now."""
    if board[START_POINT] <= rules.head_floor:
        return True
    home = rules.first_man_home
    return bool(home) and board[START_POINT] < MEN and not any(board[OFF:home + 1])


def _start_open(board: list[int], rules: RaceRules) -> bool:
    """Whether the first man is home (or there is no such rule): no step of the turn can shut the
    starting point but Nardy's head count."""
    home = rules.first_man_home
    return not home or any(board[OFF:home + 1])


def _doublet_plays(board: list[int], closed: list[bool], die: int, count: int, reach: int,
                   rules: RaceRules, wall_forbids: StepJudge | None, danger: int) -> list[Play] | None:
    """The plays of a doublet as multisets of from-points taken in non-increasing order (each
    multiset is one position), or ``None`` if the rule on walls forbade a step of such an order.

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
    unit = [1 << 4 * place for place in range(26)]
    below = [sum(1 << src for src in sources[i:]) for i in range(len(sources) + 1)]
    index = {src: i for i, src in enumerate(sources)}

    def record(key: int, length: int) -> None:
        nonlocal best
        if length >= best:
            if length > best:
                best = length
                found.clear()
            found.setdefault(key, tuple(path))

    def wall_bites(held: int, new_held: int, dst: int) -> bool:
        nonlocal walls_bit
        if wall_forbids is None or not wall_forbids(held, new_held, dst):
            return False
        walls_bit = True
        return True

    def extend(start: int, left: int, outside: int, key: int, open_start: bool, held: int,
               run_start: int = START_POINT + 1) -> None:
        nonlocal may_leave, best
        moved = False
        last = left == 1
        points = held & below[start]  # the sources from ``start`` on that hold a man
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
            after = key - unit[src] + unit[dst]
            if last:  # the play's last step: recorded without moving the men
                if best < count:
                    best = count
                    found.clear()
                if after not in found:
                    found[after] = (*path, MOVES[src][dst][False])
                continue
            board[src] = count_there - 1
            board[dst] += 1
            if src == START_POINT:
                may_leave -= 1
            path.append(MOVES[src][dst][False])
            extend(index[src], left - 1, outside - 1 if src > 6 >= dst else outside, after, open_start,
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
        path.append(MOVES[src][dst][False])
        after = key - (1 << 4 * src) + (1 << 4 * dst)
        outside_after = outside - 1 if src > 6 >= dst else outside
        if dst <= home:
            if made + 1 < count:
                extend(0, count - made - 1, outside_after, after, True, new_held, run_start)
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
    open_start = _start_open(board, rules)
    extend(0, count, outside, key, open_start, held)
    if not open_start:
        for src in range(24, home, -1):
            if board[src] and (src != START_POINT or (board[src] == MEN and may_leave > 0)):
                run(src, 0, outside, key, held, src)
                if walls_bit:
                    break
    return None if walls_bit else list(found.values())


def _walled_doublet_plays(board: list[int], closed: list[bool], die: int, count: int, reach: int,
                          rules: RaceRules, wall_forbids: StepJudge, danger: int,
                          reads: int) -> list[Play] | None:
    """The plays of a doublet under a rule on walls, the first man home: the plays and their order
    of the every-order search (:func:`_depth_first`), or ``None`` if no play moves every die.

    A doublet's play is a multiset of from-points (each one position); whether a step is legal
    depends only on the positions before and after it, not on the order of the steps before. The
    every-order search finds each play first by its highest legal order (compared from-point by
    from-point, :func:`highest_order`), and the plays come in that order, from the highest.

    The multisets are walked once each, as non-increasing orders of from-points, the rule on walls
    left aside. The rule reads only the points ``reads``: a step onto or from one of them is a *wall
    step*, any other a *free step*, which neither changes what the rule reads nor is ever forbidden.
    Unless one man makes a wall step and a free step in a row, or a man bears off (then the whole
    play is ordered by :func:`highest_order`), the two kinds are independent: a play is legal if its
    wall steps have a legal order, and its highest legal order merges the highest one of its wall
    steps (found once for each multiset of them) with its free steps, non-increasing (the higher
    step first). A play whose wall steps are legal non-increasing is legal so, its highest order.
    """
    sources = [src for src in range(24, 0, -1)
               if reach >> src & 1 and (src <= die or not closed[src - die])]
    may_leave = board[START_POINT] - rules.head_floor
    unit = [1 << 4 * place for place in range(26)]
    below = [sum(1 << src for src in sources[i:]) for i in range(len(sources) + 1)]
    index = {src: i for i, src in enumerate(sources)}
    walled = sum(1 << src for src in range(1, 25) if (reads >> src | reads >> max(src - die, 0)) & 1)
    chained = sum(1 << src for src in range(1, 25 - die) if (walled >> src ^ walled >> (src + die)) & 1)
    key = _board_key(board)
    highest = highest_order(die, rules.head_floor, danger, wall_forbids, key, held_points(board))
    statuses: dict[int, Order | bool | None] = {key: True}
    """For the board a multiset of wall steps leaves: ``True`` if they are legal non-increasing,
    else their highest legal order, ``None`` if they have none."""
    plays: list[Play] = []  # the plays in their non-increasing order, which is legal
    others: list[tuple[Play, Order]] = []  # the others and their highest legal order
    path: list[Move] = []

    def judge(play: Play, wall_key: int, key: int, held: int) -> Order | bool | None:
        if wall_key == TANGLED:
            return highest(tuple([move.src for move in play]), key, held)
        froms = tuple([move.src for move in play if walled >> move.src & 1])
        order = highest(froms, wall_key, held)
        statuses[wall_key] = status = True if order == froms else order
        return status

    def extend(start: int, left: int, outside: int, key: int, held: int, wall_key: int, used: int,
               allowed: bool) -> None:
        nonlocal may_leave
        points = held & below[start]  # the sources from ``start`` on that hold a man
        while points:
            src = points.bit_length() - 1
            points ^= 1 << src
            count_there = board[src]
            if src == START_POINT and may_leave <= 0:
                continue
            dst = src - die
            new_held = held & ~(1 << src) if count_there == 1 else held
            step_allowed = allowed
            if dst <= 0:
                if outside:
                    break
                if dst < 0 and any(board[src + 1:7]):
                    continue
                dst = OFF
            elif not board[dst]:
                new_held |= 1 << dst
                if allowed and danger >> dst & 1 and wall_forbids(held, new_held, dst):
                    step_allowed = False
            after = key - unit[src] + unit[dst]
            if wall_key == TANGLED or dst == OFF or chained >> src & 1 and used >> (src + die) & 1:
                walls_after = TANGLED
            elif walled >> src & 1:
                walls_after = wall_key - unit[src] + unit[dst]
            else:
                walls_after = wall_key
            if left == 1:  # the play's last step: recorded without moving the men
                play = (*path, MOVES[src][dst][False])
                if step_allowed:
                    plays.append(play)
                    continue
                status = statuses.get(walls_after, UNKNOWN)
                if status is UNKNOWN:
                    status = judge(play, walls_after, after, new_held)
                if status is True:
                    plays.append(play)
                elif status is not None:
                    others.append((play, status))
                continue
            board[src] = count_there - 1
            board[dst] += 1
            if src == START_POINT:
                may_leave -= 1
            path.append(MOVES[src][dst][False])
            extend(index[src], left - 1, outside - 1 if src > 6 >= dst else outside, after, new_held,
                   walls_after, used | 1 << src, step_allowed)
            path.pop()
            if src == START_POINT:
                may_leave += 1
            board[src] = count_there
            board[dst] -= 1

    extend(0, count, sum(board[7:26]), key, held_points(board), key, 0, True)
    if others:
        moves = [MOVES[src][max(src - die, OFF)][False] for src in range(25)]
        for play, order in others:
            if len(order) < count:  # the wall steps' order: merged with the free steps
                order = _merged(order, [move.src for move in play if not walled >> move.src & 1])
            plays.append(tuple([moves[src] for src in order]))
        plays.sort(reverse=True)  # by their from-points (a move's first field)
    return plays or None


TANGLED = -1
"""The wall steps' board of a play that a man's wall step and free step in a row, or a man borne
off, tie to its other steps."""
UNKNOWN: Order = (-1,)
"""Not known yet."""


def _merged(high: Order, low: list[int]) -> Order:
    """The highest order of two sequences of distinct values, each kept in its own order."""
    merged: list[int] = []
    i = j = 0
    while i < len(high) and j < len(low):
        if high[i] > low[j]:
            merged.append(high[i])
            i += 1
        else:
            merged.append(low[j])
            j += 1
    return (*merged, *high[i:], *low[j:])



def highest_order(die: int, head_floor: int, danger: int, forbids: StepJudge,
                  start_key: int, start_held: int) -> Callable[[Order, int, int], Order | None]:
    """``highest(froms, key, held)``: the highest legal order (compared point by point) of the
    steps of ``die`` from the points ``froms`` (non-increasing), which bring the board ``start_key``
    (:func:`_board_key`, holding ``start_held``) to ``key`` holding ``held``; ``None`` if no order
    is legal. The first man is home; ``forbids`` is the rule on walls, asked of steps onto ``danger``.

    The last step of an order is from one of the values of ``froms``: the highest legal order
    ending with ``v`` is the highest of the other steps' followed by ``v``, if the step ``v`` is
    legal from where they leave the board. A value is skipped if the highest order the others could
    have (their highest step legal from the start first, then the rest non-increasing), followed by
    ``v``, is not above the best found. Each board is judged once."""
    known: dict[int, Order | None] = {start_key: ()}

    def step_allowed(src: int, dst: int, before: int, held_before: int, held: int) -> bool:
        """Whether the step from ``src`` to ``dst`` is legal from the board ``before``, where
        ``src`` holds a man (``held``: the held points after)."""
        if dst == OFF:
            # no man outside the home table, nor on a higher point of it if the die is higher
            return not before >> 28 and not (src < die and before >> 4 * (src + 1) & (1 << 4 * (6 - src)) - 1)
        if src == START_POINT and before >> 4 * START_POINT & 15 <= head_floor:
            return False
        return not (danger >> dst & 1 and not before >> 4 * dst & 15 and forbids(held_before, held, dst))

    first_steps = 0  # the steps legal from the start, as bits of their from-points
    for src in range(1, 25):
        there = start_key >> 4 * src & 15
        if there:
            dst = src - die if src > die else OFF
            held = start_held & ~(1 << src) if there == 1 else start_held
            if dst:
                held |= 1 << dst
            if step_allowed(src, dst, start_key, start_held, held):
                first_steps |= 1 << src

    def highest(froms: Order, key: int, held: int) -> Order | None:
        best: Order | None = None
        previous = 0
        for at in range(len(froms) - 1, -1, -1):
            src = froms[at]
            if src == previous:
                continue
            previous = src
            others = froms[:at] + froms[at + 1:]
            if others:
                for lead, first in enumerate(others):
                    if first_steps >> first & 1:
                        break
                else:
                    continue  # no order of the others can begin
                if best is not None and (first, *others[:lead], *others[lead + 1:], src) <= best:
                    continue
            dst = src - die if src > die else OFF
            there = key >> 4 * dst & 15
            if dst != OFF and not there:
                continue  # the man on ``dst`` moved on: the step from ``src`` came earlier
            before = key - (1 << 4 * dst) + (1 << 4 * src)
            held_before = held | 1 << src
            if dst != OFF and there == 1:
                held_before ^= 1 << dst
            if not step_allowed(src, dst, before, held_before, held):
                continue
            order = known.get(before, UNKNOWN)
            if order is UNKNOWN:
                order = known[before] = highest(others, before, held_before)
            if order is not None and (best is None or (*order, src) > best):
                best = (*order, src)
        return best

    return highest


def _board_key(board: list[int]) -> int:
    """The board as one integer, four bits a place."""
    return sum(count << 4 * place for place, count in enumerate(board))


def _depth_first(board: list[int], closed: list[bool], dice: tuple[int, ...], distinct: list[int],
                 reach: int, rules: RaceRules, wall_forbids: StepJudge | None, danger: int) -> list[Play]:
    """Every order of the dice, as ``generic_plays`` tries them, each state expanded once: the same
    plays in the same order."""
    expanded: set[int] = set()
    found: dict[int, Play] = {}
    best = 0
    path: list[Move] = []
    sources = {die: sum(1 << src for src in range(24, 0, -1)
                        if reach >> src & 1 and (src <= die or not closed[src - die])) for die in distinct}
    unit = [1 << 4 * place for place in range(26)]
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
                new_held = held & ~(1 << src) if count == 1 else held
                if dst <= 0:
                    if outside or (dst < 0 and any(board[src + 1:7])):
                        continue
                    dst = OFF
                elif not board[dst]:
                    new_held |= 1 << dst
                    if wall_forbids is not None and danger >> dst & 1 and wall_forbids(held, new_held, dst):
                        continue
                moved = True
                after = rest_key - unit[src] + unit[dst]
                if not rest:  # the last movement: a play of every die
                    if best < len(dice):
                        best = len(dice)
                        found.clear()
                    reached = after & BOARD_BITS
                    if reached not in found:
                        found[reached] = (*path, MOVES[src][dst][False])
                    continue
                if after in expanded:
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
    if best == 1 and len(distinct) == 2:
        high, low = distinct
        with_high = [play for play in plays if made_with(play[0], high, low)]
        if with_high:
            return with_high
    return plays
