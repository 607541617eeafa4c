"""A tables board you play on: a position, its variant, and the plays made, with push and pop.

Modelled on python-chess's ``Board``: :meth:`Board.push` trusts its input and saves a snapshot,
:meth:`Board.pop` restores it; :meth:`Board.push_play` checks legality first. Dice, the opening
throw and the cube are the business of :class:`tablier.tables.game.Game`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablier.errors import IllegalMoveError

from .moves import Dice, Play
from .position import Position
from .rules import Result, Rules


@dataclass(frozen=True)
class _Step:
    """What :meth:`Board.pop` needs to undo one push."""

    position: Position
    dice: Dice
    play: Play


class Board:
    """The men of one game of ``variant``, the side to move, and the stack of plays made."""

    def __init__(self, variant: Rules, position: Position | None = None) -> None:
        self.variant = variant
        self.position = position if position is not None else variant.start_position()
        self._stack: list[_Step] = []

    @property
    def turn(self) -> int:
        """The side to move."""
        return self.position.turn

    @property
    def move_stack(self) -> list[tuple[Dice, Play]]:
        """Every ``(dice, play)`` pushed so far, oldest first."""
        return [(step.dice, step.play) for step in self._stack]

    def legal_plays(self, dice: Dice) -> list[Play]:
        """Every distinct legal play of ``dice``; ``[()]`` when none of the dice can be played."""
        return self.variant.plays(self.position, dice)

    def is_legal(self, dice: Dice, play: Play) -> bool:
        """Whether ``play`` is a legal play of ``dice`` (any order of its moves reaching a legal end)."""
        target = self.variant.after(self.position, play)
        return any(self.variant.after(self.position, legal) == target for legal in self.legal_plays(dice))

    def push(self, dice: Dice, play: Play) -> None:
        """Make ``play`` (trusted to be legal) and pass the turn."""
        self._stack.append(_Step(self.position, dice, play))
        self.position = self.variant.after(self.position, play)

    def push_play(self, dice: Dice, play: Play) -> None:
        """Make ``play`` after checking it; :class:`IllegalMoveError` if it is not a legal play."""
        if not self.is_legal(dice, play):
            moves = " ".join(str(move) for move in play) or "no move"
            raise IllegalMoveError(f"{moves} is not a legal play of {dice}")
        self.push(dice, play)

    def pop(self) -> tuple[Dice, Play]:
        """Take back the last play; ``IndexError`` if none was made."""
        step = self._stack.pop()
        self.position = step.position
        return step.dice, step.play

    def result(self) -> Result | None:
        """The game's result once it is over, else ``None``."""
        return self.variant.result(self.position)

    def is_over(self) -> bool:
        """Whether a side has won."""
        return self.result() is not None
