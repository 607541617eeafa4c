"""Full-turn legal play generation, shared by every tables game.

Both generators work in the mover's own frame (see :mod:`tablier.tables.position`) on plain ints and
lists, and return *distinct* plays: two plays that reach the same position (same men, same men hit)
count once. The rules they apply:

* each die (each movement of a doublet) moves one man; a man may use several of them in turn, and
  every point it stops on must be open;
* a point is closed by two adversary men when hitting is allowed (a lone man there is hit and goes
  to the bar), by a single adversary man when it is not;
* men on the bar enter (on the point ``25 - die``) before any other man moves;
* bearing off once every man is home (1..6): a die bears off a man from its own point; a higher die
  bears off the highest man when no man stands above it; otherwise it must move a man within home;
* as many dice as possible must be used; when only one of two different dice can be played, the
  higher one if it can be.

:func:`fast_plays` is the generator every game uses when its variant adds no rule of its own on
single steps. Doublets are generated as multisets of from-points taken in non-increasing order: each
multiset is one position, and any legal order of its steps can be rearranged that way (moving the
higher men first only opens bearing off sooner), so no permutation is tried twice and no dedupe is
needed. :func:`generic_plays` tries every order, expanding each intermediate state once, and dedupes
by the resulting position; it calls the variant's ``step_allowed`` hook on each step (Jacquet's
postillon, table-closing rules).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from .moves import Move, Play
from .position import BAR, OFF, SideBoard

# Every possible Move object, built once: MOVES[src][dst][hit].
MOVES: tuple[tuple[tuple[Move, Move], ...], ...] = tuple(
    tuple((Move(src, dst, False), Move(src, dst, True)) for dst in range(25)) for src in range(26)
)

StepRule = Callable[[list[int], list[int], Move], bool]
"""``step_allowed(mine, theirs, move)``: may ``move`` be made now? ``mine`` is the mover's board as
it stands in the middle of the turn, ``theirs`` the adversary's men counted on the mover's points
(index 1..24; index 25 his bar)."""


def landing_tables(theirs: Sequence[int], hitting: bool) -> tuple[list[bool], list[bool]]:
    """``(blocked, blot)`` for points 0..24 of the mover's frame from the adversary's men on them."""
    limit = 2 if hitting else 1
    blocked = [False] + [theirs[q] >= limit for q in range(1, 25)]
    blot = [False] + [hitting and theirs[q] == 1 for q in range(1, 25)]
    return blocked, blot


class Restraints(NamedTuple):
    """Rules on single steps that :func:`fast_plays` applies as it goes, all order-free: ``frozen``
    (bits of points whose men may not move: Plakoto's pinned men), ``bear_off`` (may men be borne
    off this turn), ``stay_after_hit`` (bits of points where a man who hits a blot must stay for the
    rest of the turn when he is alone there: Tavla's home table)."""

    frozen: int = 0
    bear_off: bool = True
    stay_after_hit: int = 0


FREE = Restraints()


def fast_plays(mine: SideBoard, blocked: list[bool], blot: list[bool], steps: tuple[int, ...],
               restraints: Restraints = FREE, fewest_hits_first: bool = False) -> list[Play]:
    """Every distinct legal play of the dice ``steps`` (``(a, b)`` or ``(d,) * n``). With
    ``fewest_hits_first`` the plays that hit fewer men come first (a stable sort by the number of
    men hit: within each number, the plays keep their order)."""
    if len(steps) == 2 and steps[0] != steps[1]:
        plays = _pair_plays(list(mine), blocked, list(blot), steps[0], steps[1], restraints)
        if fewest_hits_first:
            plays.sort(key=hit_count)
        return plays
    return _doublet_plays(list(mine), blocked, list(blot), steps[0], len(steps), restraints,
                          fewest_hits_first)


def hit_count(play: Play) -> int:
    """How many men ``play`` hits."""
    return sum([move[2] for move in play])


def _doublet_plays(mine: list[int], blocked: list[bool], blot: list[bool], die: int,
                   count: int, restraints: Restraints, by_hits: bool) -> list[Play]:
    """Plays of ``count`` movements of ``die``: non-increasing multisets of from-points. (A man
    who must stay where he hit arrived there from a higher point, so every man who comes to that
    point comes before any leaves it: the order meets the rule whenever any order does.)

    Each from-point that a man may reach in the turn is one row of ``table`` (:data:`DoubletRow`).
    Whole plays are kept in ``full``, one list per number of
    hits when ``by_hits`` (else all in the first); plays that cannot use every movement only count
    when no whole play exists."""
    stay = restraints.stay_after_hit
    table = _doublet_rows(mine, blocked, die, count, restraints)
    rows = len(table)
    full: list[list[Play]] = [[] for _ in range(count + 1)]
    partial: list[Play] = []
    longest = 0
    path: list[Move] = []

    def extend(start: int, left: int, outside: int, hits: int) -> None:
        nonlocal longest, partial
        moved = False
        bar = mine[BAR]
        for i in range(start, rows):
            src, dst, moves, leaves_outer, over = table[i]
            men = mine[src]
            if not men:
                if bar:
                    break
                continue
            if bar and src != BAR:
                break
            if stay and stay >> src & 1 and not blot[src] and men == 1:
                continue
            if dst == OFF and (outside or (over and any(mine[src + 1:7]))):
                if outside:
                    break
                continue
            hit = blot[dst]
            moved = True
            if left == 1:
                full[hits + hit if by_hits else 0].append((*path, moves[hit]))
                continue
            mine[src] = men - 1
            mine[dst] += 1
            blot[dst] = False
            path.append(moves[hit])
            extend(i, left - 1, outside - leaves_outer, hits + hit)
            path.pop()
            blot[dst] = hit
            mine[src] = men
            mine[dst] -= 1
        if not moved and len(path) >= longest:
            if len(path) > longest:
                longest = len(path)
                partial = []
            partial.append(tuple(path))

    extend(0, count, sum(mine[7:26]), 0)
    return _whole_or_longest(full, partial, by_hits)


def _whole_or_longest(full: list[list[Play]], partial: list[Play], by_hits: bool) -> list[Play]:
    """The whole plays (``full``: by number of hits), or if there are none the longest ones
    (``partial``), those with fewer hits first when ``by_hits``."""
    plays = [play for bucket in full for play in bucket]
    if plays:
        return plays
    if by_hits:
        partial.sort(key=hit_count)
    return partial


DoubletRow = tuple[int, int, tuple[Move, Move], bool, bool]
"""A from-point of a doublet's plays: the point, where its man lands, the two moves (without and with
a hit), whether he leaves the outer tables, whether he would bear off by a higher number."""


def _doublet_rows(mine: list[int], blocked: list[bool], die: int, count: int,
                  restraints: Restraints) -> list[DoubletRow]:
    """The from-points, highest first, that a man may stand on and step ``die`` from this turn."""
    frozen, bear_off, _ = restraints
    table: list[DoubletRow] = []
    for src in range(BAR, 0, -1):
        if frozen >> src & 1 or not any(mine[src:BAR + 1:die][:count]):
            continue  # pinned, or no man can stand there this turn
        dst = src - die
        if dst > 0:
            if not blocked[dst]:
                table.append((src, dst, MOVES[src][dst], src > 6 >= dst, False))
        elif bear_off:
            table.append((src, OFF, MOVES[src][OFF], False, dst < 0))
    return table


def _sources(mine: list[int], blocked: list[bool], blot: list[bool], die: int, outside: int,
             restraints: Restraints) -> list[Move]:
    """The single moves ``die`` allows now."""
    if mine[BAR]:
        dst = BAR - die
        return [] if blocked[dst] else [MOVES[BAR][dst][blot[dst]]]
    frozen, bear_off, stay = restraints
    restrained = frozen or stay
    moves = []
    for src in range(24, 0, -1):
        if not mine[src]:
            continue
        if restrained and (frozen >> src & 1 or (stay >> src & 1 and not blot[src] and mine[src] == 1)):
            continue
        dst = src - die
        if dst > 0:
            if not blocked[dst]:
                moves.append(MOVES[src][dst][blot[dst]])
        elif outside:
            break
        elif bear_off and (dst == 0 or not any(mine[src + 1:7])):
            moves.append(MOVES[src][OFF][False])
    return moves


def _pair_plays(mine: list[int], blocked: list[bool], blot: list[bool], a: int, b: int,
                restraints: Restraints) -> list[Play]:
    """Plays of two different dice: both if possible, else the higher, else the lower."""
    outside = sum(mine[7:26])
    seen: set[tuple[object, ...]] = set()
    plays: list[Play] = []
    for first_die, second_die in ((a, b), (b, a)):
        for first in _sources(mine, blocked, blot, first_die, outside, restraints):
            p1, t1, h1 = first
            mine[p1] -= 1
            mine[t1] += 1
            blot[t1] = False
            second_outside = outside - 1 if p1 > 6 >= t1 else outside
            for second in _sources(mine, blocked, blot, second_die, second_outside, restraints):
                p2, t2, h2 = second
                if t1 == p2:  # one man, both dice: its start, end and the men it hit
                    key: tuple[object, ...] = (p1, t2, t1 if h1 else 0, t2 if h2 else 0)
                elif t2 == p1:  # the same, made with two men
                    key = (p2, t1, 0, t1 if h1 else 0)
                else:  # two men: their steps in either order, and the points hit
                    hits = (t1 if h1 else 0) + (t2 if h2 else 0)
                    key = (p1, t1, p2, t2, hits) if (p1, t1) > (p2, t2) else (p2, t2, p1, t1, hits)
                if key not in seen:
                    seen.add(key)
                    plays.append((first, second))
            mine[p1] += 1
            mine[t1] -= 1
            blot[t1] = h1
    if plays:
        return plays
    for die in (max(a, b), min(a, b)):
        singles = _sources(mine, blocked, blot, die, outside, restraints)
        if singles:
            return [(move,) for move in singles]
    return [()]


def generic_plays(mine: SideBoard, theirs: Sequence[int], hitting: bool, steps: tuple[int, ...],
                  step_allowed: StepRule | None = None, exact_bear_off: bool = False,
                  memo: bool = True) -> list[Play]:
    """Every distinct legal play, trying the dice in every order; ``step_allowed`` may forbid steps.

    ``theirs`` counts the adversary's men on the mover's points (index 1..24). Slower than
    :func:`fast_plays` but open to any rule on single steps; for backgammon both give the same plays.
    With ``exact_bear_off`` a man comes off only by the number of his point, never by a higher one.

    What may still be played depends only on both sides' men and the numbers left, so each such
    state is expanded once (``memo``): Jacquet de Versailles' 6-6, six movements, would otherwise try
    millions of orders. ``memo=False`` tries them all, as a reference for the tests.
    """
    board = list(mine)
    others = list(theirs) + [0] * (26 - len(theirs))
    expanded: set[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = set()
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], Play] = {}
    best = 0
    path: list[Move] = []

    def extend(remaining: tuple[int, ...]) -> None:
        nonlocal best
        if memo:
            state = (tuple(board), tuple(others), remaining)
            if state in expanded:
                return
            expanded.add(state)
        moved = False
        for index, die in enumerate(remaining):
            if die in remaining[:index]:
                continue
            rest = remaining[:index] + remaining[index + 1:]
            for move in _single_steps(board, others, die, hitting, exact_bear_off, step_allowed):
                src, dst, hit = move
                board[src] -= 1
                board[dst] += 1
                if hit:
                    others[dst] -= 1
                    others[BAR] += 1
                path.append(move)
                extend(rest)
                path.pop()
                if hit:
                    others[dst] += 1
                    others[BAR] -= 1
                board[src] += 1
                board[dst] -= 1
                moved = True
        if not moved and len(path) >= best:
            if len(path) > best:
                best = len(path)
                found.clear()
            found.setdefault((tuple(board), tuple(others)), tuple(path))

    extend(tuple(sorted(steps, reverse=True)))  # the higher die first: its play is the one kept
    plays = list(found.values())
    if best == 1 and len(set(steps)) == 2:
        return higher_die_first(plays, max(steps), min(steps))
    return plays


def _single_steps(board: list[int], others: list[int], die: int, hitting: bool, exact_bear_off: bool,
                  step_allowed: StepRule | None) -> list[Move]:
    """The single moves ``die`` allows now (``others``: the adversary's men on the mover's points)."""
    limit = 2 if hitting else 1
    moves = []
    for src in range(BAR, 0, -1):
        if not board[src] or (board[BAR] and src != BAR):
            continue
        dst = src - die
        if dst > 0:
            if others[dst] >= limit:
                continue
            move = MOVES[src][dst][hitting and others[dst] == 1]
        else:
            if any(board[7:26]) or (dst < 0 and (exact_bear_off or any(board[src + 1:7]))):
                continue
            move = MOVES[src][OFF][False]
        if step_allowed is None or step_allowed(board, others, move):
            moves.append(move)
    return moves


def higher_die_first(plays: list[Play], high: int, low: int) -> list[Play]:
    """Of the one-move ``plays`` of two different dice, those of the higher die if it can be played
    (else all of them)."""
    with_high = [play for play in plays if made_with(play[0], high, low)]
    return with_high or plays


def made_with(move: Move, high: int, low: int) -> bool:
    """Whether the higher of two different dice made the lone move ``move`` (a bear-off counts if
    the lower one falls short)."""
    if move.dst == OFF:
        return low < move.src <= high
    return move.src - move.dst == high
