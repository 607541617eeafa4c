"""Draughts: the pure rules core (positions, moves, legal moves, push/pop), its variants and FEN.

>>> from tablier.draughts import Board
>>> board = Board()
>>> [str(move) for move in board.legal_moves()][:3]
['9-13', '10-14', '11-15']
>>> board.push_notation("11-15")
Move(path=(11, 15), captures=(), crowns=False)

See ``docs/draughts-core.md``.
"""

from tablier.draughts.core import BLACK, COLOR_NAMES, WHITE, Board, Color, Move, Outcome, Piece
from tablier.draughts.geometry import BOARD_8, BOARD_10, Geometry
from tablier.draughts.variants import (
    VARIANTS,
    DevilBoard,
    LosingBoard,
    Polish10Board,
    PolishBoard,
    find_variant,
)

__all__ = [
    "BLACK",
    "BOARD_8",
    "BOARD_10",
    "COLOR_NAMES",
    "VARIANTS",
    "WHITE",
    "Board",
    "Color",
    "DevilBoard",
    "Geometry",
    "LosingBoard",
    "Move",
    "Outcome",
    "Piece",
    "Polish10Board",
    "PolishBoard",
    "find_variant",
]
