"""Jacquet (the Jacquet article, sections 1-12) and its scoring variant, Spanish Backgammon.

Jacquet is the core's movement with four changes, each a hook of :class:`~tablier.tables.variant.Variant`:

* *parallel* movement: both sides run the same way round, my point ``p`` is the adversary's ``p ± 12``
  (:meth:`Jacquet.opposite`), and all fifteen men start on the 24-point;
* no hitting: one adversary man closes a point (``hitting = False``);
* the postillon and the closing conventions are rules on single steps (:meth:`Jacquet.step_fault`);
* the result is 1 point, or 2 if the loser has borne off no man.

Doublets give four movements and bearing off follows section 11, which are the core's defaults.
Every rule a step can break has a sentence (:data:`POSTILLON_RULE`, ...) so that an illegal play is
refused with the rule it breaks (:func:`tablier.tables.faults.explain_illegal`).
"""

from __future__ import annotations

from typing import ClassVar

from tablier.errors import IllegalMoveError, InvalidPositionError
from tablier.games import GameFacts, Option, RuleSection

from .moves import Dice, Play
from .parallel import START_POINT, ParallelVariant, Walls, closed_points
from .parallel import STARTING_TABLE as STARTING_TABLE_HELD
from .position import BLACK, MEN, OFF, SIDE_NAMES, WHITE, Position, SideBoard
from .racegen import RaceRules, race_plays
from .rules import Result
from .turn import KEEP, RESIGN, Awaiting, Outcome, Turn

RETURN_MEN = "return-men"
UNRESTRICTED = "unrestricted"
VARIABLE = "variable"
CLOSING_CONVENTIONS = (RETURN_MEN, UNRESTRICTED, VARIABLE)

ORDINARY = "ordinary"
RETHROW = "rethrow"

HOME_TABLE = range(1, 7)
RETURN_POINTS = 0b110
"""The home 1- and 2-points, where the closing rule's return men stand, as bits of a held set."""

POSTILLON_RULE = "the postillon must move until it reaches the home table"


def barrier_rule(return_men: int) -> str:
    """The sentence of the closing rule for ``return_men`` required return men."""
    if return_men == 1:
        return "no six-point barrier before a return man stands on the home 1- or 2-point"
    return "no six-point barrier before two return men stand on the home 1- and 2-points"


STARTING_TABLE_RULE = "one point of the starting table must stay free while the adversary has it to pass"

BOARD_SECTION = RuleSection("Men and board (sections 1-2)", (
    "15 men a side, all on the 24-point at the start; the two starting points are diagonally opposite "
    "(my 24-point is the adversary's 12-point).",
    "Both sides move the same way round, from their 24-point down to their 1-point, into the home "
    "table 6..1 on their right, and bear off from it. Men are never hit and there is no bar.",
))
FIRST_PLAYER_SECTION = RuleSection("First player (section 3)", (
    "Each side throws one die; the higher plays first; equal throws are thrown again.",
    "[first_player=ordinary] The two deciding dice are the first player's opening throw.",
    "[first_player=rethrow] The first player may play the two deciding dice or throw both dice again.",
))
MOVING_SECTION = RuleSection("Playing the dice (sections 4, 7)", (
    "Each die is a separate movement, with two men or one man in turn; a man using both dice must be "
    "able to rest on the point between, which counts as played.",
    "A man may land on an empty point or on his own men, never on a point holding any adversary man; "
    "he may pass over such points.",
    "Every number that can be played must be played; if only one die can be, the higher if it can; a "
    "number that cannot be played is lost.",
))
DOUBLETS_SECTION = RuleSection("Doublets (section 5)", ("A doublet is played four times.",))
POSTILLON_SECTION = RuleSection("The postillon (section 6)", (
    f"Until one man has entered the home table every movement is made with that man: {POSTILLON_RULE}. "
    "Once he is home (even during a throw) any man may move; a movement he cannot make is lost.",
))
CLOSING_SECTION = RuleSection("Closing a table (section 8): closing={closing}", (
    "[closing=return-men] No play may complete six points in a row in front of an adversary man "
    "until return men stand on the home 1- and 2-points (return_men={return_men}: 2 = one on each, "
    "1 = one on either).",
    "[closing=unrestricted] Six points in a row may be made whenever the dice allow.",
    "[closing=variable] One point of the player's starting table (24..19) stays free while an "
    "adversary man has it to pass; six in a row elsewhere needs return_men={return_men} return men on "
    "the home 1- and 2-points.",
))
BEARING_OFF_SECTION = RuleSection("Bearing off (sections 9-11)", (
    "No man is borne off until all fifteen are in the home table.",
    "A die bears off a man from its own point, or moves a man inside the home table; if its point is "
    "empty, a man on a higher point must move (the die is lost if he cannot); if none is higher, the "
    "man on the highest occupied point comes off. Removals and moves mix freely within a throw.",
))
RESULT_SECTION = RuleSection("Result (section 12)", (
    "The first side to bear off fifteen men wins 1 point, or 2 if the loser has borne off none.",
))


class Jacquet(ParallelVariant):
    """Jacquet: all men on one point, parallel movement, no hitting, the postillon, closing rules."""

    name = "jacquet"
    title = "Jacquet"
    summary = ("All fifteen men start on one point; both sides race the same way round; one man closes "
               "a point; the postillon goes home first. 1 point, 2 if the loser bore off no man.")
    aliases: ClassVar[tuple[str, ...]] = ("jaquet",)
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("closing", RETURN_MEN, CLOSING_CONVENTIONS,
               "when six points in a row may stop the adversary (section 8): return-men (the article's "
               "consolidated convention: not before return men stand on the home 1- and 2-points), "
               "unrestricted, or variable (a point of one's starting table always free, and the "
               "return men of return_men)"),
        Option("return_men", 2, (1, 2),
               "return men the restrictive conventions ask before a six-point barrier: 2 (one on each "
               "of the home 1- and 2-points) or 1 (one on either)"),
        Option("first_player", ORDINARY, (ORDINARY, RETHROW),
               "the deciding throw (one die each, section 3): its two numbers are the opening throw "
               "(ordinary), or the winner may throw both dice afresh (rethrow)"),
    )
    RULES: ClassVar[tuple[RuleSection, ...]] = (
        BOARD_SECTION, FIRST_PLAYER_SECTION, MOVING_SECTION, DOUBLETS_SECTION, POSTILLON_SECTION,
        CLOSING_SECTION, BEARING_OFF_SECTION, RESULT_SECTION)
    facts: ClassVar[GameFacts] = GameFacts(rests_between=True)

    # --- rules on single steps --------------------------------------------------------------------

    def plays(self, position: Position, dice: Dice) -> list[Play]:
        """Every distinct legal play (the core's rules and :meth:`step_fault`'s), generated by
        :func:`~tablier.tables.racegen.race_plays`, which applies the rules step by step."""
        return self.plays_of_steps(position, self.dice_steps(dice))

    def plays_of_steps(self, position: Position, steps: tuple[int, ...]) -> list[Play]:
        """Every distinct legal play of the movements ``steps`` (a throw, or the part of one that
        is handed to the other side in Jacquet de Versailles)."""
        theirs = self.theirs(position)
        return race_plays(position.mover, closed_points(theirs), steps, self.race_rules(theirs))

    def race_rules(self, theirs: list[int]) -> RaceRules:
        """The postillon and :meth:`wall_fault` as the fast generator applies them."""
        if self.options["closing"] == UNRESTRICTED:
            return RaceRules(first_man_home=HOME_TABLE.stop - 1)
        walls = self.walls(theirs)

        def wall_forbids(before: int, after: int) -> bool:
            return self.wall_fault(before, after, walls) is not None

        def wall_sets(reach: int) -> list[int]:
            sets = walls.rows_within(reach)
            if (self.options["closing"] == VARIABLE and walls.to_pass_starting_table
                    and fills_starting_table(0, reach)):
                sets.append(STARTING_TABLE_HELD)
            return sets

        return RaceRules(0, HOME_TABLE.stop - 1, wall_forbids, wall_sets, RETURN_POINTS)

    def start_fault(self, mine: list[int]) -> str | None:
        """The rule a step from the starting point would break now: the postillon's."""
        if postillon_travelling(mine) and mine[START_POINT] < MEN:
            return POSTILLON_RULE
        return None

    def wall_fault(self, before: int, after: int, walls: Walls) -> str | None:
        """The closing rule a step would break that changes the points the mover holds (as bits)
        from ``before`` to ``after``."""
        convention = self.options["closing"]
        if convention == UNRESTRICTED:
            return None
        if convention == VARIABLE and fills_starting_table(before, after) and walls.to_pass_starting_table:
            return STARTING_TABLE_RULE
        return_men = int(self.options["return_men"])
        if not has_return_men(after, return_men) and walls.blocked(after) > walls.blocked(before):
            return barrier_rule(return_men)
        return None

    # --- checks and result ----------------------------------------------------------------------

    def validate(self, position: Position) -> None:
        """The core's checks, and: before the postillon is home, one man at most has left the start."""
        super().validate(position)
        for side in (BLACK, WHITE):
            board = position.boards[side]
            if postillon_travelling(list(board)) and board[START_POINT] < MEN - 1:
                raise InvalidPositionError(
                    f"{SIDE_NAMES[side]} has {MEN - board[START_POINT]} men off the starting point "
                    f"but none in the home table: only the postillon may leave it first")

    def first_throw(self) -> FirstThrow:
        """The throw for first play under the ``first_player`` option."""
        return FirstThrow(may_rethrow=self.options["first_player"] == RETHROW)

    def new_turn(self, cube_allowed: bool | None = None, first: int | None = None,
                 position: Position | None = None) -> Turn:
        """A game by :class:`JacquetGame` (no cube; the deciding throw says who begins)."""
        return JacquetGame(self, position)

    def result(self, position: Position) -> Result | None:
        """1 point, or 2 if the loser has borne off no man (section 12)."""
        for winner in (BLACK, WHITE):
            if position.boards[winner][OFF] == MEN:
                if position.boards[1 - winner][OFF]:
                    return Result(winner, 1, "single game")
                return Result(winner, 2, "double game")
        return None


class SpanishBackgammon(Jacquet):
    """Jacquet scored as Hale's "Spanish Backgammon": 3, 2 and 1 points for each man left by table."""

    name = "spanish"
    title = "Spanish Backgammon"
    summary = ("Jacquet scored by the men the loser has left: 3 for each in his first table, 2 in the "
               "second, 1 in the last.")
    aliases: ClassVar[tuple[str, ...]] = ("spanish-backgammon",)
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        *Jacquet.OPTIONS,
        Option("third_table_points", 1, (0, 1, 2),
               "what a man left in the loser's third table costs (Hale names only the first, second "
               "and last tables; 1: it counts with the last)"),
    )

    RULES: ClassVar[tuple[RuleSection, ...]] = (*Jacquet.RULES[:-1], RuleSection(
        "Result (Hale's Spanish Backgammon)", (
            "When one side has borne off fifteen men the other loses 3 points for each man in his "
            "first table (24..19), 2 for each in his second (18..13), {third_table_points} for each in "
            "his third (12..7) and 1 for each in his last (6..1).",
        )))

    def table_points(self) -> tuple[int, int, int, int]:
        """Points per man left in the loser's home, third, second and first tables."""
        return (1, int(self.options["third_table_points"]), 2, 3)

    def men_left_points(self, board: SideBoard) -> int:
        """What the men left on ``board`` pay, by table (:meth:`table_points`)."""
        values = self.table_points()
        return sum(values[(point - 1) // 6] * board[point] for point in range(1, 25))

    def result(self, position: Position) -> Result | None:
        """When a side has borne off all fifteen, the loser pays for each man left, by table."""
        for winner in (BLACK, WHITE):
            if position.boards[winner][OFF] == MEN:
                return Result(winner, self.men_left_points(position.boards[1 - winner]), "game")
        return None


def postillon_travelling(mine: list[int] | SideBoard) -> bool:
    """Whether the side is still in the postillon phase: no man home or borne off yet."""
    return not any(mine[OFF:HOME_TABLE.stop])


def has_return_men(held: int, needed: int) -> bool:
    """Whether the return men of the closing rule stand on the home 1- and 2-points (``held``: the
    points held, as bits)."""
    return_points = held & RETURN_POINTS
    return return_points == RETURN_POINTS if needed == 2 else bool(return_points)


def fills_starting_table(before: int, after: int) -> bool:
    """Whether a step that changes the held points (as bits) from ``before`` to ``after`` fills the
    last free point of the starting table 24..19."""
    return after & STARTING_TABLE_HELD == STARTING_TABLE_HELD != before & STARTING_TABLE_HELD


AWAIT_DECIDING = "deciding throw"
AWAIT_CHOICE = "keep or rethrow"
DECIDED = "decided"


class FirstThrow:
    """Who plays first and with what (section 3), as a state machine: each side throws one die, the
    higher plays first, equal throws are repeated. Under the ordinary rule the two deciding dice are
    the opening throw; under ``first_player=rethrow`` the winner may keep them or throw both again."""

    def __init__(self, may_rethrow: bool = False) -> None:
        self.may_rethrow = may_rethrow
        self.awaiting = AWAIT_DECIDING
        self.first: int | None = None
        self.dice: Dice | None = None

    def throw(self, white: int, black: int) -> None:
        """Each side's die; an equal throw is simply thrown again."""
        self._expect(AWAIT_DECIDING)
        if white == black:
            return
        self.first = WHITE if white > black else BLACK
        self.dice = Dice(max(white, black), min(white, black))
        self.awaiting = AWAIT_CHOICE if self.may_rethrow else DECIDED

    def keep(self) -> None:
        """The winner plays the deciding dice."""
        self._expect(AWAIT_CHOICE)
        self.awaiting = DECIDED

    def rethrow(self, dice: Dice) -> None:
        """The winner picked up both dice and threw ``dice``: that is his opening throw."""
        self._expect(AWAIT_CHOICE)
        self.dice = dice
        self.awaiting = DECIDED

    def _expect(self, state: str) -> None:
        if self.awaiting != state:
            raise ValueError(f"the first throw awaits {self.awaiting}, not {state}")


class JacquetGame(Turn):
    """One game of Jacquet (or Spanish Backgammon) as a :class:`~tablier.tables.turn.Turn`: the
    deciding throw (:class:`FirstThrow`), then a throw and a play for each side in turn; the
    postillon must move while he travels. A game set up from ``position`` begins with its side to
    move throwing."""

    variant: Jacquet

    def __init__(self, variant: Jacquet, position: Position | None = None) -> None:
        self.variant = variant
        self.first = variant.first_throw()
        self.position = variant.start_position() if position is None else position
        self._dice: Dice | None = None
        if position is not None:
            self.first.first = position.turn
            self.first.awaiting = DECIDED

    @property
    def awaiting(self) -> Awaiting:
        """The deciding throw, then a throw and a play in turn."""
        if self.outcome is not None:
            return Awaiting.OVER
        if self.first.awaiting != DECIDED:
            return Awaiting.OPENING if self.first.first is None else Awaiting.THROW
        return Awaiting.PLAY if self._dice is not None else Awaiting.THROW

    @property
    def dice(self) -> Dice | None:
        """The throw to play."""
        return self._dice

    def cast_opening(self, black: int, white: int) -> str:
        """The deciding throw (section 3), in words."""
        self.first.throw(white=white, black=black)
        said = f"deciding throw {black} and {white}"
        if self.first.first is None:
            return f"{said}: equal, throw again"
        self.position = self.position.with_turn(self.first.first)
        if self.first.awaiting == DECIDED:
            self._dice = self.first.dice
            return f"{said}: {SIDE_NAMES[self.first.first]} plays them"
        return f"{said}: {SIDE_NAMES[self.first.first]} may keep them (`keep`) or throw again (button)"

    def throw(self, dice: Dice) -> None:
        """A throw of the side to move (the winner of the deciding throw throwing again)."""
        if self.first.awaiting != DECIDED:
            self.first.rethrow(dice)
        self._dice = dice

    def legal_plays(self) -> list[Play]:
        """The legal plays of the throw."""
        assert self._dice is not None
        return self.variant.plays(self.position, self._dice)

    def play(self, play: Play) -> None:
        """Make ``play`` (trusted legal); the other side throws next, or the game is over."""
        assert self._dice is not None
        mover = self.position.turn
        self.position = self.variant.after(self.position, play)
        self._dice = None
        result = self.variant.result(self.position)
        if result is not None:
            self.outcome = Outcome(result.winner, result.kind, result.points)
        elif self.position.turn == mover:
            self.position = self.position.swapped()

    def must_move(self) -> set[int]:
        """While the postillon travels, the points of the men that have left the start (him)."""
        mine = self.position.mover
        if postillon_travelling(list(mine)) and mine[START_POINT] < MEN:
            return {p for p in range(7, 24) if mine[p]}
        return set()

    def command(self, side: int, word: str, argument: str = "") -> str:
        """``keep``: the winner of the deciding throw plays its dice (``first_player=rethrow``)."""
        if word == KEEP and self._may_keep():
            if side != self.first.first:
                raise IllegalMoveError("only the winner of the deciding throw may keep it")
            self.first.keep()
            self._dice = self.first.dice
            return "the deciding throw is played"
        return super().command(side, word, argument)

    def throw_to_keep(self) -> tuple[int, int] | None:
        """The deciding throw its winner may keep (``first_player=rethrow``)."""
        if self.first.awaiting == AWAIT_CHOICE and self.first.dice:
            return (self.first.dice.first, self.first.dice.second)
        return None

    def _may_keep(self) -> bool:
        return self.first.first is not None and self.first.awaiting != DECIDED

    def words(self) -> tuple[str, ...]:
        """``keep``."""
        return (KEEP,)

    def choices(self, side: int) -> tuple[str, ...]:
        """``keep`` for the winner of the deciding throw while he may keep it, and ``resign``."""
        if self.awaiting is Awaiting.OVER:
            return ()
        return (KEEP, RESIGN) if self._may_keep() and side == self.first.first else (RESIGN,)
