"""The move on the board: what the computer's seat asks of the move it chose, whatever the family.

A family's wing implements :class:`MoveRules` for its own move type (a tables play, a draughts
move): whether a move is still legal, how it is written, its way on the board one man at a time,
whether the board shows it, and its commit. :class:`BoardMove` binds one move to its rules, so that
the seat holds a :class:`ChosenMove` and never sees the move's type: no ``object`` and no cast
between the generic seat and the wing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from tablier.board.leds import LedPlan, Meaning

    from .computer_lights import Lights, MovePath
    from .hearing import Goes, Place, Stands

M = TypeVar("M")


class MoveRules(Protocol[M]):
    """The moves of the turn being played, as a family's wing makes them on the board."""

    def named(self, notation: str) -> list[M]:
        """The legal moves written ``notation`` (one, or none)."""
        ...

    def allowed(self, move: M) -> bool:
        """Whether ``move`` is still legal (a touch may narrow the moves)."""
        ...

    def notation(self, move: M) -> str:
        """``move`` as the game writes it."""
        ...

    def path(self, move: M, huffed: int | None) -> MovePath:
        """The way from the turn's start to ``move`` on the board, one man at a time (``huffed``: a
        man huffed, still to be lifted)."""
        ...

    def shown(self, move: M) -> bool:
        """Whether the board shows ``move`` now."""
        ...

    def commit(self, move: M) -> None:
        """Commit ``move``, which the board shows."""
        ...


class ChosenMove(Protocol):
    """A move chosen in the turn being played, bound to its family's rules."""

    def allowed(self) -> bool:
        """Whether the move is still legal."""
        ...

    def notation(self) -> str:
        """The move as the game writes it."""
        ...

    def path(self, huffed: int | None) -> MovePath:
        """Its way on the board, one man at a time."""
        ...

    def shown(self) -> bool:
        """Whether the board shows it now."""
        ...

    def commit(self) -> None:
        """Commit it (the board shows it)."""
        ...


@dataclass(frozen=True)
class BoardMove(Generic[M]):
    """One move of type ``M`` with its family's :class:`MoveRules` (a :class:`ChosenMove`)."""

    rules: MoveRules[M]
    move: M

    def allowed(self) -> bool:
        """Whether the move is still legal."""
        return self.rules.allowed(self.move)

    def notation(self) -> str:
        """The move as the game writes it."""
        return self.rules.notation(self.move)

    def path(self, huffed: int | None) -> MovePath:
        """Its way on the board, one man at a time."""
        return self.rules.path(self.move, huffed)

    def shown(self) -> bool:
        """Whether the board shows it now."""
        return self.rules.shown(self.move)

    def commit(self) -> None:
        """Commit it (the board shows it)."""
        self.rules.commit(self.move)


def moves_named(rules: MoveRules[M], notation: str) -> list[ChosenMove]:
    """The legal moves written ``notation``, each bound to ``rules``."""
    return [BoardMove(rules, move) for move in rules.named(notation)]


class MovesOnBoard(Protocol):
    """The move on the board as a session's family makes it (its wing): the legal moves named, the
    lights along a move's way, the places in the mover's words."""

    def moves_named(self, notation: str) -> list[ChosenMove]:
        """The legal moves of the turn being played written ``notation`` (one, or none), each bound
        to its family's :class:`MoveRules`."""
        ...

    def path_lights(self, path: MovePath, confirmed: int) -> Lights:
        """Where the board stands on ``path``: the next man to lift and where it goes
        (``confirmed``: the steps the switches cannot see, said made by a press)."""
        ...

    def light_place(self, plan: LedPlan, index: int, meaning: Meaning) -> None:
        """Light place ``index`` of a move's path with ``meaning``."""
        ...

    def light_throw(self, plan: LedPlan) -> None:
        """Show the throw being played on the dice's lights (a game with dice)."""
        ...

    def place_words(self, index: int) -> str:
        """Place ``index`` of a move's path in words, as the mover numbers it."""
        ...

    def said_place(self, index: int, player: int | None = None) -> Place:
        """Place ``index`` as speech says it, in ``player``'s numbering (by default the mover's)."""
        ...

    def stands(self, index: int, player: int) -> Stands:
        """What stands on place ``index`` now, said to ``player`` (reading mode)."""
        ...

    def goes(self, index: int, player: int) -> Goes | None:
        """Where the mover's man lifted from place ``index`` may go (reading mode)."""
        ...
