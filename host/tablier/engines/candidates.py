"""What every engine answers: its candidate moves, best first, with a score and the numbers behind it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Generic, TypeVar

MoveT = TypeVar("MoveT")


@dataclass(frozen=True)
class Candidate(Generic[MoveT]):
    """One candidate move of an engine's ranking.

    ``move`` is exactly a member of the rules core's legal list (``variant.plays(...)`` for tables
    games, ``board.legal_moves()`` for draughts). ``score`` is on the engine's own scale, higher is
    better for the side to move (equity for Backgammon). ``terms`` are the numbers behind it (winning
    chances, material, the aims of the game) and :attr:`why` a sentence a newcomer follows, given as
    ``words``: the sentence, or a function making it when it is first read (the tables engine counts
    the adversary's shots for it, which only a play said in words needs).
    """

    move: MoveT
    score: float
    terms: dict[str, float] = field(default_factory=dict)
    words: str | Callable[[], str] = field(default="", compare=False, repr=False)

    @cached_property
    def why(self) -> str:
        """The sentence saying why, in words a newcomer follows."""
        return self.words if isinstance(self.words, str) else self.words()


class EngineUnavailableError(RuntimeError):
    """An engine's optional dependency is not installed (the message says what to install)."""
