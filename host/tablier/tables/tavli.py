"""Tavli, the Greek match: Portes, Plakoto and Fevga played in turn, the points carried over.

A Tavli match is not a game of its own but an order of games: the first game is Portes, the second
Plakoto, the third Fevga, the fourth Portes again, and so on until a side has the match's points (5
or 7; 3 among friends). Each game is scored by its own rules (1, or 2 for a gammon or Plakoto's
mother). The first game is begun by the higher of one die each; each later game by the winner of the
game before. :class:`TavliRotation` says which game comes next; the play layer plays it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tablier.games import GameInfo, Option, RuleSection, parse_option_values

from .fevga import Fevga
from .plakoto import Plakoto
from .portes import Portes
from .variant import Variant


class TavliRotation:
    """The order of a Tavli match's games, and its catalogue entry."""

    ROTATION: ClassVar[tuple[type[Variant], ...]] = (Portes, Plakoto, Fevga)

    name: ClassVar[str] = "tavli"
    title: ClassVar[str] = "Tavli"
    summary: ClassVar[str] = ("The Greek match: Portes, Plakoto and Fevga in turn, the points carried "
                              "over, to 5 or 7 points.")
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("points", 5, (3, 5, 7), "the points that win the match: 5 or 7, 3 among friends"),
    )
    RULES: ClassVar[tuple[RuleSection, ...]] = (
        RuleSection("The match", (
            "Portes, Plakoto and Fevga are played in turn, Portes first, then Portes again after "
            "Fevga, until a side has {points} points.",
            "Each game scores by its own rules: 1 point, or 2 for a gammon or for pinning Plakoto's "
            "mother. There is no doubling cube and no Crawford game.",
            "The first game is begun by the higher of one die each; each later game by the winner of "
            "the game before.",
        )),
    )

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        values = {option.name: option.default for option in self.OPTIONS}
        values.update(parse_option_values(self.name, self.OPTIONS, options or {}))
        self.points = int(values["points"])

    @classmethod
    def info(cls) -> GameInfo:
        """The match's catalogue entry."""
        return GameInfo(name=cls.name, family="tables", title=cls.title, summary=cls.summary,
                        aliases=("greek-tavli",), options=cls.OPTIONS, rules=cls.RULES)

    @staticmethod
    def variant(game_number: int) -> Variant:
        """The game of the match's ``game_number`` (1 for the first), with its default options."""
        return TavliRotation.ROTATION[(game_number - 1) % len(TavliRotation.ROTATION)]()
