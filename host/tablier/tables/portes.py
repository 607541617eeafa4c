"""Backgammon's Mediterranean relatives with Backgammon's men, moves and hitting: Greek Portes (the
first game of Tavli) and Turkish Tavla.

Both are scored 1 for a single game and 2 for a gammon, with no doubling cube, and the winner of the
opening throw throws both dice again for his first play, as Greek and Turkish players do. Tavla adds
the Turkish rule against *hit and run* in one's own home table: a man that hits there stays on the
point for the rest of the turn. Options keep the variants players use (a backgammon counted 3, the
cube, the opening cast played).
"""

from __future__ import annotations

from typing import ClassVar

from tablier.games import GameFacts, Option, RuleSection

from .backgammon import CHOOSE, PLAY_OPENING, THROW_AGAIN, Backgammon
from .movegen import Restraints, fast_plays, landing_tables
from .moves import Dice, Play
from .position import BAR, BLACK, HOME, MEN, OFF, WHITE, Position, SideBoard
from .rules import Result

HIT_AND_RUN_RULE = "a man that hits in his own home table stays there for the rest of the turn"

_OPENING = Option("opening", THROW_AGAIN, (THROW_AGAIN, CHOOSE, PLAY_OPENING),
                  "the winner of the opening throw throws both dice again for his first play "
                  "(throw-again, as Greek and Turkish players do), may choose (choose), or plays the "
                  "opening cast (play-opening)")
_CUBE = Option("cube", False, (False, True), "play with the doubling cube (not the custom: off)")
_BACKGAMMONS = Option("backgammons", False, (False, True),
                      "a gammoned loser with a man on the bar or in the winner's home table loses 3 "
                      "(a backgammon, as some players count it); the custom has none")

SCORING_SECTION = RuleSection("Winning and scoring", (
    "The first side to bear off all fifteen men wins 1 point, or 2 (a gammon) if the loser has borne "
    "off none.",
    "[backgammons=True] A gammoned loser with a man on the bar or in the winner's home table loses 3 "
    "(a backgammon).",
    "[cube=False] There is no doubling cube.",
    "[cube=True] The side to throw may double the stake before throwing, as in Backgammon.",
))
FIRST_SECTION = RuleSection("Who plays first", (
    "Each side casts one die; the higher plays first and equal casts are cast again.",
    "[opening=throw-again] The winner throws both dice again for his first play.",
    "[opening=choose] The winner may play the opening cast or throw both dice again.",
    "[opening=play-opening] The winner plays the opening cast as his first throw.",
    "Each later game of a match is begun by the winner of the game before.",
))


def backgammon_rules(*hitting_extra: str) -> tuple[RuleSection, ...]:
    """Backgammon's sections on the board, the dice, hitting and bearing off, with these games'
    opening and scoring (and ``hitting_extra`` lines on hitting)."""
    board, _first, dice, hitting, bearing = Backgammon.RULES[:5]
    return (board, FIRST_SECTION, dice, RuleSection(hitting.heading, (*hitting.lines, *hitting_extra)),
            bearing, SCORING_SECTION)


class Portes(Backgammon):
    """Portes: Backgammon's game scored 1 or 2, no cube, the opening thrown again."""

    name = "portes"
    title = "Portes"
    summary = ("Greek Tavli's first game: Backgammon's board, moves and hitting; 1 point, 2 for a "
               "gammon; no cube.")
    aliases: ClassVar[tuple[str, ...]] = ("greek-backgammon",)
    facts: ClassVar[GameFacts] = GameFacts(gnubg_moves=True)  # no match play: not Backgammon's records
    OPTIONS: ClassVar[tuple[Option, ...]] = (_OPENING, _CUBE, _BACKGAMMONS)
    RULES: ClassVar[tuple[RuleSection, ...]] = backgammon_rules()
    PRESETS = ()

    def result(self, position: Position) -> Result | None:
        """Single game (1), gammon (2), and a backgammon (3) only with the ``backgammons`` option."""
        for winner in (BLACK, WHITE):
            if position.boards[winner][OFF] != MEN:
                continue
            loser: SideBoard = position.boards[1 - winner]
            if loser[OFF]:
                return Result(winner, 1, "single game")
            if self.options["backgammons"] and any(loser[point] for point in range(19, BAR + 1)):
                return Result(winner, 3, "backgammon")
            return Result(winner, 2, "gammon")
        return None


class Tavla(Portes):
    """Turkish Tavla: Portes' scoring, and no hit and run in one's own home table."""

    name = "tavla"
    title = "Tavla"
    summary = ("Turkish Backgammon: the same men and moves, 1 point or 2 for a gammon, no cube, and a "
               "man that hits in his own home table stays there that turn.")
    aliases: ClassVar[tuple[str, ...]] = ("turkish-tavla", "takhteh")
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        *Portes.OPTIONS,
        Option("hit_and_run", False, (False, True),
               "a man that hits in his own home table may move on in the same turn (yes, as in "
               "Backgammon); the Turkish rule forbids it (no)"),
    )
    RULES: ClassVar[tuple[RuleSection, ...]] = backgammon_rules(
        f"[hit_and_run=False] No hit and run: {HIT_AND_RUN_RULE}.")

    def plays(self, position: Position, dice: Dice) -> list[Play]:
        """Backgammon's plays, less those where a man hits in the home table and moves on."""
        theirs = self.theirs(position)
        blots = sum(1 << point for point in HOME if theirs[point] == 1)
        if self.options["hit_and_run"] or not blots:
            return super().plays(position, dice)
        blocked, blot = landing_tables(theirs, True)
        return fast_plays(position.mover, blocked, blot, self.dice_steps(dice),
                          Restraints(stay_after_hit=blots))
