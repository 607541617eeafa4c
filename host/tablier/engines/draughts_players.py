"""Two simple draughts players to measure the engine against: ``random`` and ``greedy``.

``random``: any legal move. ``greedy``: the move whose resulting position the engine's static
evaluation likes best, one half-move deep (ties broken at random): it takes what it can and
crowns when it can, but sees no reply coming.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tablier.draughts.core import Board, Move

from .draughts_search import DraughtsEngine

DraughtsPlayer = Callable[[Board, random.Random], Move]


def random_draughts_player(board: Board, rng: random.Random) -> Move:
    """Any legal move, chosen at random."""
    return rng.choice(board.legal_moves())


def greedy_draughts_player(board: Board, rng: random.Random) -> Move:
    """The legal move that leaves the best static value for the mover (ties at random)."""
    judge = DraughtsEngine(type(board))
    moves = board.legal_moves()
    rng.shuffle(moves)

    def value(move: Move) -> int:
        board.push(move)
        try:
            return -judge.evaluate(board)
        finally:
            board.pop()

    return max(moves, key=value)
