"""The hint budget: how many men a player may lift in a turn with the quality of their moves shown.

ChessUp lets a player see the quality of the moves of 1 to 6 touched pieces a turn, so that he does
not hunt for the best light instead of thinking. Here each player has an :class:`Assistance` level:
``off`` (the lights say only where a man may legally go), ``1``-``6`` (that many men a turn), or
``full``. A man lifted again from a place already hinted in the turn costs nothing more; past the
budget, a lifted man's destinations light for their legality only. The page and the terminal show
:meth:`HintBudget.describe` ("2 hints left of 3").

A strict game shows no quality at all, neither lights nor marks, unless both players allow help:
the budget asks ``helps``, the teacher's own rule (:meth:`tablier.play.teaching.Teacher.helps`).
Pure: no clock, no board; the session calls :meth:`~HintBudget.new_turn` and :meth:`~HintBudget.lift`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass

MOST_HINTS = 6
"""The largest limited budget (ChessUp's 1-6)."""


@dataclass(frozen=True)
class Assistance:
    """A player's level of help: ``hints`` men a turn with quality shown (0: off; None: full)."""

    hints: int | None

    @classmethod
    def parse(cls, text: str) -> Assistance:
        """``off``, ``1``-``6`` or ``full``; ``ValueError`` saying which are allowed."""
        word = text.strip().lower()
        if word == "off":
            return OFF
        if word == "full":
            return FULL
        if word.isdigit() and 1 <= int(word) <= MOST_HINTS:
            return cls(int(word))
        raise ValueError(f"quality help is off, 1-{MOST_HINTS} (hints a turn) or full, not {text!r}")

    def __str__(self) -> str:
        if self.hints is None:
            return "full"
        return "off" if self.hints == 0 else str(self.hints)


OFF = Assistance(0)
FULL = Assistance(None)
LEVELS = (OFF, *(Assistance(n) for n in range(1, MOST_HINTS + 1)), FULL)
"""Every level, from off to full."""


class HintBudget:
    """Each player's level, and the hints spent by the player to move in this turn."""

    def __init__(self, levels: Mapping[int, Assistance] | None = None,
                 helps: Callable[[], bool] = lambda: True) -> None:
        self.levels: dict[int, Assistance] = {1: FULL, 2: FULL, **(levels or {})}
        self.helps = helps
        self.player: int | None = None
        self._hinted: set[Hashable] = set()

    def set_level(self, player: int, level: Assistance) -> None:
        """Set player ``player``'s (1 or 2) level; it counts from his next lift."""
        self.levels[player] = level

    def new_turn(self, player: int) -> None:
        """Player ``player`` is to move: his budget is whole again."""
        self.player = player
        self._hinted.clear()

    def shows(self, player: int | None = None) -> bool:
        """Whether quality is shown at all to ``player`` (default: the player to move): not in a
        strict game not yet allowed, not at the level ``off``. The marks after a play follow it."""
        player = self.player if player is None else player
        return player is not None and self.helps() and self.levels[player] != OFF

    def lift(self, place: Hashable) -> bool:
        """A man of the player to move is lifted from ``place``: whether his destinations show their
        quality (spending a hint the first time a man is lifted from there this turn)."""
        if not self.shows():
            return False
        if place in self._hinted:
            return True
        left = self.left()
        if left is not None and left <= 0:
            return False
        self._hinted.add(place)
        return True

    def showing(self, place: Hashable) -> bool:
        """Whether a man of the player to move from ``place`` shows his quality without spending a
        hint: the place hinted this turn already, or no limit."""
        return self.shows() and (place in self._hinted or self.left() is None)

    def left(self) -> int | None:
        """Hints left to the player to move this turn (None: no limit; 0 when none is shown)."""
        if not self.shows():
            return 0
        assert self.player is not None
        hints = self.levels[self.player].hints
        return None if hints is None else max(0, hints - len(self._hinted))

    def describe(self) -> str:
        """The budget in a few words, for the page and the terminal."""
        if self.player is None:
            levels = sorted(self.levels.items())
            return "quality help: " + ", ".join(f"player {n} {level}" for n, level in levels)
        if not self.helps():
            return "no quality help: strict game"
        level = self.levels[self.player]
        if level == OFF:
            return "quality help off"
        if level == FULL:
            return "quality help: every man"
        left = self.left()
        return f"{left} hint{'s' * (left != 1)} left of {level.hints}"
