"""What every engine answers: its candidate moves, best first, with a score and the numbers behind it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

MoveT = TypeVar("MoveT")


@dataclass(frozen=True)
class Candidate(Generic[MoveT]):
    """One candidate move of an engine's ranking.

    ``move`` is exactly a member of the rules core's legal list (``variant.plays(...)`` for tables
    games, ``board.legal_moves()`` for draughts). ``score`` is on the engine's own scale, higher is
    better for the side to move (equity for Backgammon). ``terms`` are the numbers behind it (winning
    chances, material, the aims of the game) and ``why`` a sentence a newcomer follows.
    """

    move: MoveT
    score: float
    terms: dict[str, float] = field(default_factory=dict)
    why: str = ""


class EngineUnavailableError(RuntimeError):
    """An engine's optional dependency is not installed (the message says what to install)."""
