"""The seat's decisions: what the seats at the table (the computer's, the built-in hands, a board's
far seat) ask of a game's family, whatever the family. Each wing implements :class:`SeatDecisions`
(:mod:`.tables.seat`, :mod:`.draughts.seat`); the generic seats call it and import no wing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .autoplay import AutoHands
    from .computer import Computer
    from .hands import Hands


class SeatDecisions(Protocol):
    """A family's decisions at the table, for the seats that are not a person at this board."""

    def decide(self, computer: Computer) -> None:
        """Let ``computer`` take the decisions the game asks of its seats now."""
        ...

    def check_engine(self) -> None:
        """:class:`~tablier.errors.TablierError` saying what to install when the engine is missing."""
        ...

    def plan(self, hands: AutoHands) -> None:
        """Let the built-in ``hands`` plan their next motions in this game."""
        ...

    def set_up(self, hands: Hands, way: str) -> None:
        """``hands`` set the men out for the game (``way``: which way round, for a tables board)."""
        ...

    def touch_named(self, number: int) -> None:
        """The adversary touched the man on ``number`` (his point or a square) on his own board:
        touch and take here too; :class:`~tablier.errors.IllegalMoveError` if no move is being made."""
        ...

    def touched_by(self, player: int, committing: bool) -> int | None:
        """The man ``player`` touched and must move (touch and take, Law 11), by the number he knows
        it by; ``committing``: his move is being committed (the turn has just passed)."""
        ...

    def show_throw(self, values: tuple[int, int]) -> None:
        """A throw made (at the other board, or shared): shown as typed dice are."""
        ...
