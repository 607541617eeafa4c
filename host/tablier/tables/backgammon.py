"""Backgammon as the 1890s book describes it (Foster's *Hoyle*) with the standard rules it relies on.

The movement rules are the core's defaults (contrary movement, hitting lone men, bar entry first,
bearing off, using as much of the throw as possible); this module adds the start, the scoring, the
options and the rules as applied (:attr:`Backgammon.RULES`, printed by ``tablier rules backgammon``).
The turn flow (opening throw, doubling cube) is in :mod:`tablier.tables.game`, the Crawford game in
:mod:`tablier.tables.match`.
"""

from __future__ import annotations

from typing import ClassVar

from tablier.games import GameFacts, Option, RuleSection, RulesPreset

from .position import BAR, BLACK, MEN, OFF, WHITE, Position, SideBoard, side_board
from .rules import Result
from .variant import Variant

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
    aliases: ClassVar[tuple[str, ...]] = ("bg",)
    facts: ClassVar[GameFacts] = GameFacts(formats=("mat", "sgf", "json", "txt"), match_play=True,
                                           gnubg_moves=True)
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("american", False, (False, True),
               "every game is simply a hit (1 point): no gammons or backgammons (the American habit)"),
        Option("backgammon_zone", FAR_SIDE, (FAR_SIDE, HOME_BOARD),
               "a gammoned loser is backgammoned with a man on the bar or on the side of the board "
               "farther from him (far-side: the winner's inner and outer tables, as the 1890s book says) "
               "or only in the winner's home table (home-board: the modern rule)"),
        Option("opening_dice", 1, (1, 2),
               "each player throws one die for the first play, or two by agreement"),
        Option("opening", THROW_AGAIN, (THROW_AGAIN, CHOOSE, PLAY_OPENING),
               "after the opening throw the winner throws again for his first move (throw-again, the "
               "1890s book's general practice), may choose to play the opening throw or throw again "
               "(choose, some clubs), or plays it (play-opening, the modern rule; with two dice each, "
               "the winner's own two)"),
        Option("cube", False, (False, True),
               "play with the doubling cube as modern players expect it (the 1890s rules have none)"),
    )
    PRESETS: ClassVar[tuple[RulesPreset, ...]] = (
        RulesPreset("1890s", "the 1890s book's rules (the default): no cube, the opening cast only "
                    "decides who begins, backgammons on the far side"),
        RulesPreset("modern", "Backgammon as today's players play it: the doubling cube, the opening "
                    "cast played, backgammons in the winner's home table",
                    (("cube", "yes"), ("opening", PLAY_OPENING), ("backgammon_zone", HOME_BOARD))),
    )
    start = side_board({24: 2, 13: 5, 8: 3, 6: 5})
    RULES: ClassVar[tuple[RuleSection, ...]] = (
        RuleSection("Men and board", (
            "15 men a side and two dice. Each side numbers the points 24..1 the way it moves; its home "
            "(inner) table is 1..6, and the bar divides the inner tables from the outer ones.",
            "At the start each side has 2 men on its 24-point (the adversary's ace point), 5 on its "
            "13-point, 3 on its 8-point and 5 on its 6-point.",
            "The sides move in opposite directions: my point p is the adversary's point 25 - p.",
        )),
        RuleSection("Who plays first", (
            "[opening_dice=1] Each side casts one die; the higher cast plays first and equal casts are "
            "cast again. The two dice cast, one by each side, are the opening cast.",
            "[opening_dice=2] Each side casts two dice (by agreement); the higher total plays first and "
            "equal totals are cast again. The winner's own two dice are the opening cast.",
            "[opening=throw-again] The opening cast only decides who plays first: the winner throws "
            "both dice again for his first move (the 1890s book's general practice).",
            "[opening=choose] The winner may play the opening cast as his first throw or throw both "
            "dice again (some clubs).",
            "[opening=play-opening] The winner plays the opening cast as his first throw (the modern "
            "rule).",
        )),
        RuleSection("Playing the dice", (
            "Each die moves one man that many points; one man may take both dice in turn, but the "
            "point where he rests between them must be open: the throw cannot be lumped.",
            "A point holding two or more adversary men is covered: no man may stop there, though he "
            "may pass over it.",
            "A doublet is played twice over: four moves of its number, with one man or several.",
            "Both dice must be played if they can be; if only one can be, the higher if it can; of a "
            "doublet, as many moves as can be made. A number that cannot be played is lost.",
        )),
        RuleSection("Hitting and entering", (
            "A man that stops on a point holding a single adversary man (a blot), at the end of a die "
            "or between his two dice, hits it: the blot goes to the bar.",
            "A side with men on the bar must enter them before any other man moves: a die n enters a "
            "man on the point 25 - n, in the adversary's home table, if that point is not covered; a "
            "man may enter and hit. While a man is still on the bar, a die that cannot enter him is "
            "lost (if neither die can, the whole throw).",
        )),
        RuleSection("Bearing off", (
            "No man is borne off until all fifteen stand in the home table; a man hit meanwhile must "
            "come round again before any more are borne off.",
            "A die bears off a man from the point of its number; if that point is empty it must move a "
            "man from a higher point; if no man stands higher, it bears off the man on the highest "
            "occupied point. A die may also move a man inside the home table instead.",
        )),
        RuleSection("Winning and scoring", (
            "The first side to bear off all fifteen men wins the game.",
            "[american=False] A hit (single game) scores 1 point: the loser has borne off at least one "
            "man. A gammon (double game) scores 2: he has borne off none. A backgammon (triple game) "
            "scores 3: he has borne off none and still has a man on the bar or in the backgammon zone.",
            "[american=True] Every game is simply a hit, 1 point, the American habit: there are no "
            "gammons or backgammons, so the backgammon zone plays no part.",
            "[backgammon_zone=far-side] The backgammon zone is the side of the board farther from the "
            "loser: the winner's inner and outer tables (the loser's points 13..24), as the 1890s book says.",
            "[backgammon_zone=home-board] The backgammon zone is the winner's home table (the loser's "
            "points 19..24), the modern rule.",
        )),
        RuleSection("The doubling cube", (
            "[cube=False] There is no doubling cube (the 1890s rules have none): a game scores what it "
            "is won by.",
            "[cube=True] Before throwing, the side to move may double the stake if the cube is in the "
            "middle or his. The other side drops, losing the game at the stake before the double, or "
            "takes: the stake doubles and the cube is his, so that only he may double next.",
            "[cube=True] A game scores what it is won by times the cube's value.",
            "[cube=True] In a match (tablier play --match N) nobody may double in the Crawford game: "
            "the game after a player first comes within one point of winning the match.",
        )),
    )

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
