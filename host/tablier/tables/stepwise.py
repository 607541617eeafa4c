"""Legal plays under rules on single steps, each intermediate position explored once.

The core's :func:`~tablier.tables.movegen.generic_plays` tries every order of every movement, which
is what rules on single steps need (Jacquet's postillon and walls) but grows as (men)^(movements):
Jacquet de Versailles' 6-6 gives six movements, millions of orders. In the games without hitting the
adversary's men never change during a turn, so what may still be played depends only on the mover's
men and the numbers left: :func:`stepwise_plays` remembers every ``(men, numbers left)`` it has
expanded and never expands one twice. The plays are the same as ``generic_plays``' (tested on random
positions in ``tests/tables/test_jacquet_properties.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .movegen import MOVES, StepRule
from .moves import Move, Play
from .position import BAR, OFF, SideBoard


def stepwise_plays(mine: SideBoard, theirs: Sequence[int], steps: tuple[int, ...],
                   step_allowed: StepRule | None = None, exact_bear_off: bool = False) -> list[Play]:
    """Every distinct legal play of the movements ``steps`` when no man can be hit.

    ``theirs`` counts the adversary's men on the mover's points (any of them closes a point). As many
    movements as possible are played; when only one of two different dice can be, the higher. With
    ``exact_bear_off`` a man comes off only by the number of his point (never by a higher one).
    """
    board = list(mine)
    others = list(theirs) + [0] * (26 - len(theirs))
    expanded: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    found: dict[tuple[int, ...], Play] = {}
    best = 0
    path: list[Move] = []

    def legal(die: int) -> list[Move]:
        moves = []
        for src in range(24, 0, -1):
            if not board[src]:
                continue
            dst = src - die
            if dst > 0:
                if others[dst]:
                    continue
                move = MOVES[src][dst][False]
            else:
                if any(board[7:BAR + 1]) or (dst < 0 and (exact_bear_off or any(board[src + 1:7]))):
                    continue
                move = MOVES[src][OFF][False]
            if step_allowed is None or step_allowed(board, others, move):
                moves.append(move)
        return moves

    def extend(remaining: tuple[int, ...]) -> None:
        nonlocal best
        key = (tuple(board), remaining)
        if key in expanded:
            return
        expanded.add(key)
        moved = False
        for index, die in enumerate(remaining):
            if die in remaining[:index]:
                continue
            rest = remaining[:index] + remaining[index + 1:]
            for move in legal(die):
                board[move.src] -= 1
                board[move.dst] += 1
                path.append(move)
                extend(rest)
                path.pop()
                board[move.src] += 1
                board[move.dst] -= 1
                moved = True
        if not moved and len(path) >= best:
            if len(path) > best:
                best = len(path)
                found.clear()
            found.setdefault(tuple(board), tuple(path))

    extend(tuple(sorted(steps, reverse=True)))
    plays = list(found.values())
    if best == 1 and len(set(steps)) == 2:
        high, low = max(steps), min(steps)
        with_high = [play for play in plays if _made_with(play[0], high, low)]
        if with_high:
            return with_high
    return plays


def _made_with(move: Move, high: int, low: int) -> bool:
    """Whether the higher die made ``move`` (a bear-off counts if the lower one falls short)."""
    if move.dst == OFF:
        return low < move.src <= high
    return move.src - move.dst == high
