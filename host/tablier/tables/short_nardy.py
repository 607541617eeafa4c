"""Short Nardy (*короткие нарды*), Backgammon as Russian clubs play it.

Backgammon's board, start, moves, hitting, entering and bearing off; Russian rule pages call a
gammon *mars* (2 points) and a backgammon *koks* (3). What differs is what the clubs' custom leaves
open, kept as options with the custom's defaults: the winner of the opening cast plays it (one die
each, the higher thrower plays both), the koks counts 3 (some players count it as a mars), and the
doubling cube is for those who agree to it (tournaments and online play) and off at the club table.
A subclass of :class:`~tablier.tables.portes.Portes`, whose scoring it shares: its moves are
Backgammon's, so GNU Backgammon plays and judges them (its facts say so).
"""

from __future__ import annotations

from typing import ClassVar

from tablier.games import Option, RuleSection

from .backgammon import CHOOSE, PLAY_OPENING, THROW_AGAIN, Backgammon
from .portes import Portes

_OPENING = Option("opening", PLAY_OPENING, (PLAY_OPENING, THROW_AGAIN, CHOOSE),
                  "the higher thrower of the opening cast plays it, one die each (play-opening, the "
                  "Russian custom), throws both dice again (throw-again), or may choose (choose)")
_CUBE = Option("cube", False, (False, True),
               "play with the doubling cube (tournaments and online play); off at the club table")
_KOKS = Option("backgammons", True, (False, True),
               "a koks (a mars with a man still on the bar or in the winner's home table) scores 3, "
               "as the clubs count it (yes), or only as a mars, 2 (no)")

FIRST = RuleSection("Who plays first", (
    "Each side casts one die; equal casts are cast again.",
    "[opening=play-opening] The higher thrower plays the two dice cast as his first throw.",
    "[opening=throw-again] The higher thrower throws both dice again for his first play.",
    "[opening=choose] The higher thrower may play the opening cast or throw both dice again.",
))
SCORING = RuleSection("Winning and scoring", (
    "The first side to bear off all fifteen men wins: 1 point (oin) if the loser has borne off a "
    "man, 2 (mars) if he has borne off none.",
    "[backgammons=True] A mars with a man of the loser still on the bar or in the winner's home "
    "table is a koks: 3 points.",
    "[backgammons=False] There is no koks: a mars scores 2 however the loser's men stand.",
    "[cube=False] There is no doubling cube.",
    "[cube=True] The side to throw may double the stake before throwing, as in Backgammon.",
))


class ShortNardy(Portes):
    """Short Nardy: Backgammon's game with the Russian clubs' scoring and opening."""

    name = "short-nardy"
    title = "Short Nardy"
    summary = ("Backgammon as Russian clubs play it (korotkie nardy): the same men and moves; 1 point, "
               "2 for a mars, 3 for a koks; no cube at the club table.")
    aliases: ClassVar[tuple[str, ...]] = ("korotkie-nardy", "short-nardi")
    OPTIONS: ClassVar[tuple[Option, ...]] = (_OPENING, _CUBE, _KOKS)
    RULES: ClassVar[tuple[RuleSection, ...]] = (Backgammon.RULES[0], FIRST, *Backgammon.RULES[2:5],
                                                SCORING)
