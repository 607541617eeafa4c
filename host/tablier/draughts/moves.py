"""The draughts core's values: the colours, a :class:`Move`, a :class:`Piece` and how a game ended
(:class:`Outcome`). Small immutable values naming squares by their draughts numbers, so that each
means the same thing on any board of its size; the positions that make and read them are
:mod:`tablier.draughts.core`'s."""

from __future__ import annotations

from typing import Final, NamedTuple

Color = bool
WHITE: Final[Color] = True
BLACK: Final[Color] = False
COLOR_NAMES: Final = ("black", "white")


class Move(NamedTuple):
    """One move: the squares the piece stands on in turn, the men it captures and whether it crowns.

    ``path`` is ``(from, landing squares..., to)``: two squares for a plain move or a single jump, one
    more for each further jump of a multi-jump. ``captures`` lists the captured pieces' squares in the
    order they are jumped. ``str(move)`` is the PDN notation with every landing square: ``11-15``,
    ``15x22``, ``11x18x25``.
    """

    path: tuple[int, ...]
    captures: tuple[int, ...] = ()
    crowns: bool = False

    @property
    def from_square(self) -> int:
        """The square the piece leaves."""
        return self.path[0]

    @property
    def to_square(self) -> int:
        """The square where the piece ends its move."""
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        """Whether the move takes at least one piece."""
        return bool(self.captures)

    def __str__(self) -> str:
        return ("x" if self.captures else "-").join(map(str, self.path))


class Piece(NamedTuple):
    """A piece on a square: its colour (``BLACK``/``WHITE``) and whether it is a king."""

    color: Color
    king: bool = False

    def symbol(self) -> str:
        """``b``/``w`` for men, ``B``/``W`` for kings (as in drawings)."""
        letter = "w" if self.color else "b"
        return letter.upper() if self.king else letter


class Outcome(NamedTuple):
    """How a game ended: the winner (``None`` for a draw) and the reason in words."""

    winner: Color | None
    reason: str
