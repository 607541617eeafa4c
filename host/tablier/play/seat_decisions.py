"""The seat's decisions: what the seats at the table (the computer's, the built-in hands, a board's
far seat) ask of a game's family, whatever the family. Each wing implements :class:`SeatDecisions`
(:mod:`.tables.seat`, :mod:`.draughts.seat`); the generic seats call it and import no wing.

The seats are seen here through what a family's decisions ask of them (:class:`EngineSeat`,
:class:`PlannedHands`), so that this module imports none of them: the computer and the hands
import it.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Protocol

from tablier.engines.levels import Level

from .hands import Hands


class EngineSeat(Protocol):
    """The computer at its session, as a family's decisions see it."""

    def plays(self, player: int) -> bool:
        """Whether player ``player`` (1 or 2) is the computer."""
        ...

    def level(self, player: int) -> Level:
        """The level of the computer's seat ``player``."""
        ...

    def once(self, decision: object) -> bool:
        """True the first time ``decision`` (a kind and a turn's moment) is taken, False after."""
        ...

    def say(self, player: int, line: str) -> None:
        """Say ``line`` as player ``player``, as a typed line is said (logged)."""
        ...

    def moving(self) -> bool:
        """Whether its move is chosen and being made on the board."""
        ...

    def follow(self, player: int) -> None:
        """Follow its move on the board to its commit."""
        ...

    def huff(self, square: int | None) -> None:
        """The man it huffs (Law 14), still to be lifted with its move (None: it compels)."""
        ...


class PlannedHands(Protocol):
    """The built-in hands on the simulated board (:class:`~tablier.play.autoplay.AutoHands`), as a
    family plans their motions."""

    hands: Hands
    queue: deque[Callable[[], None]]
    planned_for: object
    presses: int
    intended: object
    way: str
    rng: random.Random
    players: tuple[str, str]

    def press(self, player: int) -> None:
        """Queue a press of player ``player``'s button."""
        ...


class SeatDecisions(Protocol):
    """A family's decisions at the table, for the seats that are not a person at this board."""

    def decide(self, computer: EngineSeat) -> None:
        """Let ``computer`` take the decisions the game asks of its seats now."""
        ...

    def check_engine(self) -> None:
        """:class:`~tablier.errors.TablierError` saying what to install when the engine is missing."""
        ...

    def plan(self, hands: PlannedHands) -> None:
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
