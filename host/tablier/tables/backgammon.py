"""Backgammon as the seed describes it (Foster's *Hoyle*, 1890s) with the standard rules it relies on.

The movement rules are the core's defaults (contrary movement, hitting lone men, bar entry first,
bearing off, using as much of the throw as possible); this module adds the start, the scoring and
the options. The turn flow (opening throw, doubling cube) is in :mod:`tablier.tables.game`.
"""

from __future__ import annotations

from typing import ClassVar

from tablier.games import Option

from .position import BAR, BLACK, MEN, OFF, WHITE, Position, SideBoard, side_board
from .variant import Result, Variant

FAR_SIDE = "far-side"
HOME_BOARD = "home-board"

THROW_AGAIN = "throw-again"
CHOOSE = "choose"
PLAY_OPENING = "play-opening"


class Backgammon(Variant):
    """Backgammon: 15 men a side, contrary movement, hitting, gammons and backgammons."""

    name = "backgammon"
    title = "Backgammon"
    summary = ("Race your fifteen men round the board and bear them off; hit lone men to the bar. "
               "Hit 1, gammon 2, backgammon 3.")
    aliases = ("bg", "tric-trac")
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("american", False, (False, True),
               "every game is simply a hit (1 point): no gammons or backgammons (the American habit)"),
        Option("backgammon_zone", FAR_SIDE, (FAR_SIDE, HOME_BOARD),
               "a gammoned loser is backgammoned with a man on the bar or on the side of the board "
               "farther from him (far-side: the winner's inner and outer tables, as the seed says) "
               "or only in the winner's home table (home-board: the modern rule)"),
        Option("opening_dice", 1, (1, 2),
               "each player throws one die for the first play, or two by agreement"),
        Option("opening", THROW_AGAIN, (THROW_AGAIN, CHOOSE, PLAY_OPENING),
               "after the opening throw the winner throws again for his first move (throw-again, the "
               "seed's general practice), may choose to play the opening throw or throw again "
               "(choose, some clubs), or plays it (play-opening, the modern rule; with two dice each, "
               "the winner's own two)"),
        Option("cube", False, (False, True),
               "play with the doubling cube as modern players expect it (the 1890s rules have none)"),
    )
    start = side_board({24: 2, 13: 5, 8: 3, 6: 5})

    def result(self, position: Position) -> Result | None:
        """Hit (1), gammon (2: the loser has borne off no man) or backgammon (3: and a man stands in
        the zone of the ``backgammon_zone`` option or on the bar); every game a hit if ``american``."""
        for winner in (BLACK, WHITE):
            if position.boards[winner][OFF] != MEN:
                continue
            loser: SideBoard = position.boards[1 - winner]
            if self.options["american"] or loser[OFF]:
                return Result(winner, 1, "hit")
            farthest = 13 if self.options["backgammon_zone"] == FAR_SIDE else 19
            if any(loser[point] for point in range(farthest, BAR + 1)):
                return Result(winner, 3, "backgammon")
            return Result(winner, 2, "gammon")
        return None
