"""Moves, plays and dice of the tables games.

A :class:`Move` is one man moved by one die (or by one movement of a doublet); a :data:`Play` is the
whole turn, the moves in an order in which they can be made. :class:`Dice` is a throw.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tablier.errors import InvalidMoveError

from .position import BAR, OFF


class Move(NamedTuple):
    """One man from ``src`` (1..24, or ``BAR`` = 25) to ``dst`` (1..24, or ``OFF`` = 0), in the mover's
    own frame; ``hit`` when it lands on a lone adversary man and sends him to the bar."""

    src: int
    dst: int
    hit: bool = False

    def __str__(self) -> str:
        src = "bar" if self.src == BAR else str(self.src)
        dst = "off" if self.dst == OFF else str(self.dst)
        return f"{src}/{dst}{'*' if self.hit else ''}"


Play = tuple[Move, ...]
"""A whole turn: the moves in a legal order (empty when nothing can be played)."""


class Dice(NamedTuple):
    """A throw of two dice, as thrown (``Dice(3, 5)`` and ``Dice(5, 3)`` play alike)."""

    first: int
    second: int

    @property
    def is_doublet(self) -> bool:
        """Both dice show the same number."""
        return self.first == self.second

    @property
    def high(self) -> int:
        """The higher die."""
        return max(self.first, self.second)

    @property
    def low(self) -> int:
        """The lower die."""
        return min(self.first, self.second)

    @classmethod
    def parse(cls, text: str) -> Dice:
        """``"6-6"``, ``"63"``, ``"6 3"``, ``"6,3"`` as dice; :class:`InvalidMoveError` otherwise."""
        match = re.fullmatch(r"\s*([1-6])\s*[-, /x]?\s*([1-6])\s*", text)
        if not match:
            raise InvalidMoveError(f"dice {text!r} are not two numbers 1-6 such as 6-3")
        return cls(int(match.group(1)), int(match.group(2)))

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"


ALL_ROLLS: tuple[Dice, ...] = tuple(Dice(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1))
"""The 21 distinct throws, higher die first: 6-6, 6-5, ..., 1-1."""
