"""The tables games: a pure core (positions, dice, moves, legal plays, push/pop, results) and the games
built on it as small :class:`~tablier.tables.variant.Variant` subclasses. See docs/tables-core.md."""

from .backgammon import Backgammon
from .board import Board
from .moves import ALL_ROLLS, Dice, Move, Play
from .position import BAR, BLACK, HOME, MEN, OFF, WHITE, Position, SideBoard, side_board
from .rules import Result
from .variant import Variant

__all__ = [
    "ALL_ROLLS", "BAR", "BLACK", "HOME", "MEN", "OFF", "WHITE", "Backgammon", "Board", "Dice", "Move",
    "Play", "Position", "Result", "SideBoard", "Variant", "side_board",
]
