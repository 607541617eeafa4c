"""A tables game: its :class:`~tablier.tables.rules.Rules` and how its turn goes.

Every tables game (Backgammon, Jacquet, Ticktack, ...) is a subclass of :class:`Variant`;
``docs/tables-core.md`` explains each hook with an example. The rules sit in a module of their own,
below the turn and the game that read them, so that only this class knows both.
"""

from __future__ import annotations

from .game import Game
from .position import Position
from .rules import Rules
from .turn import Turn


class Variant(Rules):
    """A tables game's rules (:class:`~tablier.tables.rules.Rules`) and its turn."""

    def new_turn(self, cube_allowed: bool | None = None, first: int | None = None,
                 position: Position | None = None) -> Turn:
        """A new game's :class:`~tablier.tables.turn.Turn`: from ``position`` if given (its side to
        move throws first), ``first`` beginning where the players do not throw for it, the cube
        out of play if ``cube_allowed`` is false. Default: a :class:`~tablier.tables.game.Game`,
        the opening throw and the cube."""
        return Game(self, cube_allowed, position)
