"""Fevga (Greek Tavli's third game) and Long Nardy (the Russian game): races of parallel movement.

Both start with fifteen men on each side's 24-point, diagonally opposite, run the same way round and
never hit: one man holds a point. They differ from Jacquet in their rules on single steps, each a
sentence so that an illegal play is refused with the rule it breaks:

* Fevga: the first man must pass the adversary's starting point before a second leaves the start;
  a side may not hold all six points of its own starting table at once; six points in a row may not
  shut in every adversary man still on the board.
* Long Nardy: one man a turn leaves the start (the *head*), except the first throws 6-6, 4-4 and 3-3,
  which cannot be played with one; six points in a row may not stand with no adversary man ahead of
  them.

Either game is won by bearing off all fifteen: 1 point, 2 (a gammon, *mars*) if the loser has borne
off none.
"""

from __future__ import annotations

from typing import ClassVar

from tablier.errors import InvalidPositionError
from tablier.games import Option, RuleSection

from .backgammon import PLAY_OPENING, THROW_AGAIN
from .jacquet import fills_starting_table
from .moves import Dice, Move, Play
from .parallel import START_POINT, STARTING_TABLE, ParallelVariant, Walls, closed_points, held_points
from .position import BLACK, MEN, OFF, SIDE_NAMES, WHITE, Position
from .racegen import RaceRules, race_plays
from .rules import Result, single_or_gammon

FIRST_MAN_RULE = "the first man must pass the adversary's starting point before another leaves the start"
STARTING_TABLE_RULE = "a side may not hold all six points of its own starting table"
PRIME_RULE = "six points in a row may not shut in every adversary man on the board"
HEAD_RULE = "one man a turn leaves the head (the starting point)"

PASS_START = "pass-start"
STARTING_TABLE_REACHED = "starting-table"
NOT_ALL = "not-all"
FREE = "free"

BOARD_SECTION = RuleSection("Men and board", (
    "15 men a side, all on the 24-point at the start; the two starting points are diagonally "
    "opposite (my 24-point is the adversary's 12-point).",
    "Both sides move the same way round, from their 24-point down to their 1-point, and bear off "
    "from their home table 6..1. Men are never hit and there is no bar.",
))
FIRST_SECTION = RuleSection("Who plays first", (
    "Each side casts one die; the higher plays first and equal casts are cast again.",
    "[opening=throw-again] The winner throws both dice again for his first play.",
    "[opening=play-opening] The winner plays the two dice cast.",
    "Each later game of a match is begun by the winner of the game before.",
))
DICE_SECTION = RuleSection("Playing the dice", (
    "Each die is a separate movement, with two men or one man in turn; a man using both dice must "
    "be able to rest on the point between. A doublet is played four times.",
    "A man may stop on an empty point or on his own men, never on a point holding any adversary man.",
    "Both dice must be played if they can be; if only one can be, the higher; a number that cannot "
    "be played is lost.",
))
BEARING_SECTION = RuleSection("Bearing off and scoring", (
    "No man is borne off until all fifteen stand in the home table; a die bears off a man from its "
    "point, or from the highest point when none stands higher.",
    "The first side to bear off all fifteen wins 1 point, or 2 (a gammon) if the loser has borne off "
    "none.",
))
_OPENING = Option("opening", THROW_AGAIN, (THROW_AGAIN, PLAY_OPENING),
                  "the winner of the opening cast throws both dice again for his first play "
                  "(throw-again, the custom) or plays the two dice cast (play-opening)")


class Fevga(ParallelVariant):
    """Fevga: the first man's run, the starting table kept open, no wall round every man."""

    name = "fevga"
    title = "Fevga"
    summary = ("Greek Tavli's third game: all fifteen men start on one point and both sides race the "
               "same way round; one man holds a point. 1 point, 2 for a gammon.")
    aliases: ClassVar[tuple[str, ...]] = ("moultezim", "gioul")
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        _OPENING,
        Option("first_man", PASS_START, (PASS_START, STARTING_TABLE_REACHED),
               "how far the first man runs before a second may leave the start: past the adversary's "
               "starting point (pass-start, the common rule) or into his starting table "
               "(starting-table, as some players allow)"),
        Option("starting_table", True, (True, False),
               "a side may never hold all six points of its own starting table (yes, the common rule) "
               "or may once no adversary man has it still to pass (no)"),
        Option("prime", NOT_ALL, (NOT_ALL, FREE),
               "six points in a row may not shut in every adversary man on the board (not-all) or "
               "may stand freely (free)"),
    )
    RULES: ClassVar[tuple[RuleSection, ...]] = (
        BOARD_SECTION, FIRST_SECTION, DICE_SECTION,
        RuleSection("The first man", (
            f"[first_man=pass-start] Until one man has passed the adversary's starting point (stands "
            f"on the 11-point or lower), no second man may leave the start: {FIRST_MAN_RULE}.",
            "[first_man=starting-table] Until one man has reached the adversary's starting table (the "
            "12-point or lower), no second man may leave the start.",
            "A movement the first man cannot make is lost.",
        )),
        RuleSection("Walls", (
            f"[starting_table=True] {STARTING_TABLE_RULE[0].upper()}{STARTING_TABLE_RULE[1:]} (24..19).",
            "[starting_table=False] A side may hold all six points of its starting table once no "
            "adversary man has it still to pass.",
            f"[prime=not-all] Six points in a row may be made anywhere, but {PRIME_RULE}.",
            "[prime=free] Six points in a row may be made anywhere.",
        )),
        BEARING_SECTION,
    )

    def plays(self, position: Position, dice: Dice) -> list[Play]:
        """Every distinct legal play under the rules on single steps (:meth:`step_fault`)."""
        theirs = self.theirs(position)
        walls = self.walls(theirs)

        def wall_forbids(before: int, after: int) -> bool:
            return self.wall_fault(before, after, walls) is not None

        def wall_sets(reach: int) -> list[int]:
            sets = shutting_rows(walls, reach) if self.options["prime"] == NOT_ALL else []
            if fills_starting_table(0, reach) and (self.options["starting_table"]
                                                   or walls.to_pass_starting_table):
                sets.append(STARTING_TABLE)
            return sets

        rules = RaceRules(0, self.runner_target(), wall_forbids, wall_sets)
        return race_plays(position.mover, closed_points(theirs), self.dice_steps(dice), rules)

    def runner_target(self) -> int:
        """The point the first man must reach (or pass) before a second leaves the start."""
        return 11 if self.options["first_man"] == PASS_START else 12

    def runner_passed(self, mine: list[int] | tuple[int, ...]) -> bool:
        """Whether the first man has run far enough for the others to leave the start."""
        return any(mine[OFF:self.runner_target() + 1])

    def start_fault(self, mine: list[int]) -> str | None:
        """The rule a step from the starting point would break now: the first man's."""
        if mine[START_POINT] < MEN and not self.runner_passed(mine):
            return FIRST_MAN_RULE
        return None

    def wall_fault(self, before: int, after: int, walls: Walls) -> str | None:
        """The wall rule a step would break that changes the points the mover holds (as bits) from
        ``before`` to ``after``."""
        if fills_starting_table(before, after) and (self.options["starting_table"]
                                                    or walls.to_pass_starting_table):
            return STARTING_TABLE_RULE
        if self.options["prime"] == NOT_ALL and shuts_in_all(walls, before, after):
            return PRIME_RULE
        return None

    def validate(self, position: Position) -> None:
        """The core's checks, and: before the first man has run, one man at most has left."""
        super().validate(position)
        for side in (BLACK, WHITE):
            board = position.boards[side]
            if not self.runner_passed(board) and board[START_POINT] < MEN - 1:
                raise InvalidPositionError(
                    f"{SIDE_NAMES[side]} has {MEN - board[START_POINT]} men off the start but none past "
                    "the adversary's starting point: only the first man may leave it first")

    def result(self, position: Position) -> Result | None:
        """1 point, or 2 (a gammon) if the loser has borne off no man."""
        return single_or_gammon(position)


class LongNardy(ParallelVariant):
    """Long Nardy: one man a turn from the head, no wall with every adversary man behind it."""

    name = "nardy"
    title = "Long Nardy"
    summary = ("The Russian race game: all fifteen men start on the head and both sides run the same "
               "way round; one man a turn leaves the head. 1 point, 2 for a mars.")
    aliases: ClassVar[tuple[str, ...]] = ("long-nardy", "nardi", "long-nardi")
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        _OPENING,
        Option("head_doublets", "6-4-3", ("6-4-3", "6-4"),
               "the first throws of a game that may take two men from the head: 6-6, 4-4 and 3-3 "
               "(6-4-3, the common Russian rule) or only 6-6 and 4-4 (6-4)"),
    )
    RULES: ClassVar[tuple[RuleSection, ...]] = (
        BOARD_SECTION, FIRST_SECTION, DICE_SECTION,
        RuleSection("The head", (
            f"The starting point is the head: {HEAD_RULE}.",
            "[head_doublets=6-4-3] Only a side's first throw of 6-6, 4-4 or 3-3, which one man cannot "
            "play, may take two men from the head.",
            "[head_doublets=6-4] Only a side's first throw of 6-6 or 4-4, which one man cannot play, "
            "may take two men from the head.",
        )),
        RuleSection("Walls", (
            f"Six points in a row may be made only with an adversary man ahead of them: {PRIME_RULE}.",
        )),
        BEARING_SECTION,
    )

    def plays(self, position: Position, dice: Dice) -> list[Play]:
        """Every distinct legal play: the head rule counted over the turn, and the wall rule."""
        theirs = self.theirs(position)
        walls = self.walls(theirs)

        def wall_forbids(before: int, after: int) -> bool:
            return shuts_in_all(walls, before, after)

        def wall_sets(reach: int) -> list[int]:
            return shutting_rows(walls, reach)

        rules = RaceRules(self.head_floor(position, dice), 0, wall_forbids, wall_sets)
        return race_plays(position.mover, closed_points(theirs), self.dice_steps(dice), rules)

    def head_floor(self, position: Position, dice: Dice) -> int:
        """The fewest men ``dice`` may leave on the mover's head (one man a turn leaves it, two on
        the first throws of the ``head_doublets`` option)."""
        mine = position.mover
        first_throw = mine[START_POINT] == MEN
        doublets = {6: True, 4: True, 3: self.options["head_doublets"] == "6-4-3"}
        from_head = 2 if first_throw and dice.is_doublet and doublets.get(dice.first, False) else 1
        return MEN - from_head if first_throw else mine[START_POINT] - 1

    def step_fault(self, mine: list[int], theirs: list[int], move: Move,
                   head_floor: int | None = None) -> str | None:
        """The rule ``move`` would break now: the head (when ``head_floor``, the fewest men the turn
        may leave on the head, is given) or the wall."""
        if move.src == START_POINT and head_floor is not None and mine[START_POINT] <= head_floor:
            return HEAD_RULE
        after = list(mine)
        after[move.src] -= 1
        after[move.dst] += 1
        if shuts_in_all(self.walls(theirs), held_points(mine), held_points(after)):
            return PRIME_RULE
        return None

    def result(self, position: Position) -> Result | None:
        """1 point (*oin*), or 2 (*mars*) if the loser has borne off no man."""
        return single_or_gammon(position)


def shuts_in_all(walls: Walls, before: int, after: int) -> bool:
    """Whether a step that changes the held points (as bits) from ``before`` to ``after`` makes a
    wall of six with every adversary man still on the board behind it."""
    if not walls.on_board:
        return False
    shut = walls.blocked(after)
    return shut == walls.on_board and walls.blocked(before) < shut


def shutting_rows(walls: Walls, reach: int) -> list[int]:
    """The six points in a row (as bits) within ``reach`` that would shut in every adversary man
    still on the board."""
    return walls.rows_within(reach, walls.on_board) if walls.on_board else []
