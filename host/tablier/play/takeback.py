"""Taking back a committed move, as players expect it: asked for, then agreed or refused.

A player who committed a move may ask to take it back (``takeback``) until his adversary throws
(tables) or begins his move (draughts); the adversary says ``accept`` or ``refuse``. The game's
session keeps a copy of its state from before the move (:class:`Undo`) in a :class:`Takebacks`,
which says why a takeback cannot be had when it cannot (the rule, in words): nothing is ever
answered with silence. The log records a granted takeback as a ``takeback`` claim
(``docs/log-format.md``): the previous commit is taken back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from tablier.errors import IllegalMoveError

State = TypeVar("State")


@dataclass(frozen=True)
class Undo(Generic[State]):
    """A committed move that may be taken back: the game's state before it, who made it, its notation."""

    state: State
    side: int
    notation: str


class Takebacks(Generic[State]):
    """The move that may still be taken back (if any), why not otherwise, and who asked."""

    def __init__(self) -> None:
        self.undo: Undo[State] | None = None
        self.asked = False
        self.refusal = "no move has been made yet"

    def offer(self, undo: Undo[State]) -> None:
        """``undo`` may be taken back from now on."""
        self.undo = undo
        self.asked = False

    def close(self, why: str) -> None:
        """No move may be taken back any more, because ``why``."""
        self.undo = None
        self.asked = False
        self.refusal = why

    def ask(self, side: int) -> Undo[State]:
        """``side`` asks to take back his last move; :class:`IllegalMoveError` saying why he may not."""
        if self.undo is None:
            raise IllegalMoveError(f"no move to take back: {self.refusal}")
        if side != self.undo.side:
            raise IllegalMoveError(f"only the player who made {self.undo.notation} may ask to take it back")
        self.asked = True
        return self.undo

    def answer(self, side: int) -> Undo[State]:
        """``side`` answers a takeback asked for; :class:`IllegalMoveError` if there is none to answer."""
        if self.undo is None or not self.asked:
            raise IllegalMoveError("no takeback has been asked for")
        if side == self.undo.side:
            raise IllegalMoveError("the adversary of the player who asked answers a takeback")
        return self.undo
