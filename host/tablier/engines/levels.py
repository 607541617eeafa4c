"""The computer's strength levels: ``computer:1`` .. ``computer:4``, each a search depth and a time budget.

A level is the same for every game: ``plies`` is how deep the engine looks (for tables games the
number of throws it averages over, for draughts the most half-moves it searches), ``seconds`` the
time it may spend on one move. :data:`DEFAULT_LEVEL` answers a hint in well under a second.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """A strength level: its number, the look-ahead in plies and the time budget per move."""

    number: int
    plies: int
    seconds: float
    candidates: int
    """Tables games: how many of the best plays at one ply are looked at more deeply."""


LEVELS: tuple[Level, ...] = (
    Level(1, plies=1, seconds=0.1, candidates=1),
    Level(2, plies=2, seconds=0.5, candidates=3),
    Level(3, plies=2, seconds=2.0, candidates=6),
    Level(4, plies=3, seconds=6.0, candidates=4),
)
DEFAULT_LEVEL = LEVELS[1]


def find_level(text: str | int | None) -> Level:
    """The level called ``text`` (``"2"``, 2, or ``None`` for the default); ``ValueError`` if none."""
    if text is None or text == "":
        return DEFAULT_LEVEL
    try:
        number = int(text)
    except ValueError:
        raise ValueError(f"level {text!r} is not a number 1-{len(LEVELS)}") from None
    if not 1 <= number <= len(LEVELS):
        raise ValueError(f"level {number} is not one of 1-{len(LEVELS)}")
    return LEVELS[number - 1]
