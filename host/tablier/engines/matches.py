"""The players of ``tablier selfplay`` named and scored: a player's name, the engines as players,
and the score of a series of games.

A player is named ``computer`` (the default level), ``computer:LEVEL``, ``greedy`` or ``random``.
The games themselves are played by the one game loop (:mod:`tablier.play.selfplay`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from tablier.draughts.core import Board, Move
from tablier.tables.moves import Dice, Play
from tablier.tables.players import PLAYERS
from tablier.tables.position import Position
from tablier.tables.rules import Rules

from . import draughts_engine, find_level, tables_engine
from .draughts_players import greedy_draughts_player, random_draughts_player

TablesPlayer = Callable[[Rules, Position, Dice, random.Random], Play]
DraughtsPlayer = Callable[[Board, random.Random], Move]


@dataclass
class MatchScore:
    """The score of a series of games between two players (seat-independent: player a, player b)."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    points: list[float] = field(default_factory=lambda: [0.0, 0.0])

    def as_dict(self) -> dict[str, object]:
        """The JSON form: ``{"games", "wins", "draws", "points"}``."""
        points = [int(p) if float(p).is_integer() else p for p in self.points]
        return {"games": self.games, "wins": self.wins, "draws": self.draws, "points": points}


def check_spec(spec: str) -> str:
    """``spec`` if it names a player (``computer[:LEVEL]``, ``greedy``, ``random``), else ``ValueError``."""
    name, _, level = spec.partition(":")
    if name not in ("computer", "greedy", "random") or (level and name != "computer"):
        raise ValueError(f"unknown player {spec!r}: computer, computer:LEVEL, greedy or random")
    if name == "computer":
        find_level(level or None)
    return spec


def tables_player(spec: str, variant: Rules) -> TablesPlayer:
    """The tables player ``spec`` names, for ``variant`` (a play for a throw; the README's examples
    are played with it)."""
    name, _, level_text = check_spec(spec).partition(":")
    if name != "computer":
        return PLAYERS[name]
    engine = tables_engine(variant)
    level = find_level(level_text or None)

    def computer(variant: Rules, position: Position, dice: Dice, rng: random.Random) -> Play:
        return engine.best(position, dice, level)

    return computer


def draughts_player(spec: str, board_class: type[Board]) -> DraughtsPlayer:
    """The draughts player ``spec`` names, for the variant of ``board_class``."""
    name, _, level_text = check_spec(spec).partition(":")
    if name == "random":
        return random_draughts_player
    if name == "greedy":
        return greedy_draughts_player
    engine = draughts_engine(board_class)
    level = find_level(level_text or None)

    def computer(board: Board, rng: random.Random) -> Move:
        return engine.best(board, level)

    return computer
