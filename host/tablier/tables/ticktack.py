"""Ticktack (seed 000, completed by ``rules/ticktack.md``): the variant and the ways to win.

The movement is the core's with three changes: all fifteen men start on the ace point (the 24-point
of the own frame, since the route is backgammon's contrary one), no man is ever hit or moved onto an
adversary man (``hitting = False``: a point with any adversary man is not a landing), and a doublet
gives two moves (option ``doublets``). The ways to win are :class:`WinRule` objects judged on the
throw (rule 19): :data:`HIT` (1), :data:`GOING_IN` (2), :data:`TOUTES` (2) and :data:`BEARING_OFF`
(2); Rovers, whose mechanics are lost, is a rule a program may plug in (:attr:`Ticktack.extra_wins`).

Points are the own frame's: the note's route position r is point ``25 - r``. The second table
r = 7..12 is points 18..13; the adversary's eleventh point (r = 14) is point 11.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from tablier.games import GameFacts, Option, RuleSection

from .movegen import generic_plays
from .moves import Dice, Play
from .position import BLACK, MEN, OFF, WHITE, Position, side_board
from .rules import Result
from .ticktack_game import (
    ASKED,
    AWAIT_THROW,
    DECIDING_DICE,
    PLAY,
    STRICT,
    TEACHING,
    THROW,
    WINNER_THROWS,
    TicktackGame,
)
from .variant import Variant

if TYPE_CHECKING:
    from .turn import Turn

HIS_11 = "his-11"
HIS_12 = "his-12"
OWN_11 = "own-11"
GOING_IN_POINTS = {HIS_11: 11, HIS_12: 12, OWN_11: 14}
"""The Going-in point of each ``going_in_point`` choice, in the player's own frame (r = 25 - point)."""

SECOND_TABLE = range(13, 19)
OWN_ELEVENTH = 14

MOVING_TURNS_BOUND = 2 * MEN * 24 - 1
"""No game of Ticktack has more turns in which a man moves (719; see docs/rules/ticktack.md): men only
move forward, each such turn moves its side at least one point, a side has 15 x 24 points to travel
before its last man is off (which ends the game), and the other side has fewer than that."""


BACKGAMMON_RULE = "backgammon"
EXACT = "exact"


@dataclass(frozen=True)
class WinRule:
    """A way to win: its name, its value in stakes, and the test of a throw (``allowed(variant,
    position, dice, plays)`` with the throw's legal plays)."""

    name: str
    value: int
    allowed: Callable[[Ticktack, Position, Dice, Sequence[Play]], bool]

    def __str__(self) -> str:
        return f"{self.name} ({self.value})"


class Ticktack(Variant):
    """Ticktack: all men on the ace point, contrary route, no hitting; won by Hit, Going in, Toutes or
    bearing off, judged on the throw."""

    name = "ticktack"
    title = "Ticktack"
    summary = ("The old English tables game: all men start on the ace point; a game is won by a Hit "
               "(1), Going in (2), Toutes (2) or bearing off (2), judged on the throw; why not?, vying.")
    aliases: ClassVar[tuple[str, ...]] = ("tick-tack", "tictac")
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("doublets", 2, (2, 4), "moves a doublet gives: two (rule 8) or four, as in backgammon"),
        Option("higher_die", True, (True, False),
               "when only one die can be played it must be the higher (rule 10); no: either"),
        Option("bear_off", BACKGAMMON_RULE, (BACKGAMMON_RULE, EXACT),
               "bearing off once all fifteen are in the bearing table (rule 12): the backgammon rule "
               "(a higher number takes the highest man when none stands above) or exact numbers only"),
        Option("going_in_point", HIS_11, tuple(GOING_IN_POINTS),
               "the point Going in brings two men onto (rule 15): the adversary's 11th point (r = 14), "
               "his 12th (r = 13) or the player's own 11th (r = 11)"),
        Option("going_in_needs_own_11", False, (False, True),
               "Going in also needs the player to bind his own 11th point (two men on r = 11)"),
        Option("toutes_men", 1, (1, 2),
               "men Toutes needs on every point of the second table (rule 16): 1, or 2 as Trictrac's plein"),
        Option("rovers", False, (False,),
               "Rovers ('Boveries', rule 18): its mechanics are lost; a program may plug a rule in"),
        Option("why_not_notice", STRICT, (STRICT, ASKED, TEACHING),
               "a missed win (rule 22): the host says nothing and the adversary must catch it (strict), "
               "tells when asked (asked), or tells the adversary at once (teaching)"),
        Option("why_not_until", THROW, (THROW, PLAY),
               "how long the adversary may say \"Why not?\" (rule 22): until his own throw, or until "
               "he first touches, plays or claims after it"),
        Option("stake", 1, (), "the stake s of a single game, in counters (rule 23)"),
        Option("opening", WINNER_THROWS, (WINNER_THROWS, DECIDING_DICE),
               "after the one-die throw for first move, its winner throws both dice (rule 6) or plays the "
               "two deciding dice"),
        Option("roll_every_game", True, (True, False),
               "roll for first move every game (rule 6); no: the loser of the last game begins"),
    )
    start = side_board({24: MEN})
    hitting = False
    facts: ClassVar[GameFacts] = GameFacts(unit="counter", touch_and_take=True)
    RULES: ClassVar[tuple[RuleSection, ...]] = (
        RuleSection("Board, men and route (rules 1-5)", (
            "15 men a side, all on the ace point at the start (route position r = 1, the 24-point "
            "of tablier's own-frame numbering: r is point 25 - r).",
            "A man runs along his owner's points 1..12, crosses, and runs down the adversary's points "
            "12..1: the second table is r = 7..12, the bearing table r = 19..24.",
            "One man alone on a point is unbound; two or more bind it and are a stop for the adversary.",
        )),
        RuleSection("First move (rule 6)", (
            "[roll_every_game=True] Every game each side throws one die for first move; the higher "
            "begins; equal throws are thrown again.",
            "[roll_every_game=False] The loser of the last game begins.",
            "[opening=winner-throws] The winner then throws both dice for his first move.",
            "[opening=deciding-dice] The winner plays the two deciding dice.",
        )),
        RuleSection("Moving (rules 7-13)", (
            "A throw is two moves, one per die, with two men or one man in turn; a doublet gives "
            "{doublets} moves.",
            "A move ends on an empty point or on the mover's own men, never on a point holding any "
            "adversary man (a lone one can only be claimed as a Hit); the point a man rests on between "
            "his two dice must itself be allowed.",
            "[higher_die=True] Play both dice if possible; if only one, the higher if it can be; an "
            "unplayable die is lost.",
            "[higher_die=False] Play both dice if possible; if only one, either; an unplayable die is "
            "lost.",
            "No man is captured and there is no bar. Once all fifteen stand in the bearing table they "
            "bear off.",
            "[bear_off=backgammon] A number bears off a man from its point; a higher number the highest "
            "man when none stands above it; otherwise it moves a man inside the table.",
            "[bear_off=exact] A man comes off only by the number of his point.",
            "Touch and take: a man touched (lifted) must be played if any legal play moves it.",
        )),
        RuleSection("Ways to win, judged on the throw (rules 14-19)", (
            "Hit (1): a man could reach a lone adversary man at either die, or at both with a resting "
            "point that is not a stop (a doublet n-n: n and 2n). Nothing has to be moved.",
            "Going in (2): the point of going_in_point={going_in_point} holds no adversary man and the "
            "throw brings two men onto it, one per die (going_in_needs_own_11={going_in_needs_own_11}).",
            "Toutes (2): a legal play leaves {toutes_men} or more men on every point of the second "
            "table.",
            "Bearing off (2): a legal play bears off the last of the fifteen.",
            "Rovers and Flyers are not recovered; none is played (rovers={rovers}).",
            "A win is claimed instead of moving, before any man is touched; the first claim ends the "
            "game.",
        )),
        RuleSection("Why not? (rules 20-22)", (
            "A player who could win and does not claim it, or claims a lesser win, may be caught: the "
            "adversary says \"Why not?\" and wins the best win missed himself, from the first touch.",
            "[why_not_until=throw] The chance lapses when the adversary throws.",
            "[why_not_until=play] The chance lapses when the adversary, having thrown, first touches, "
            "plays or claims.",
            "[why_not_notice=strict] The host does not point out missed wins.",
            "[why_not_notice=asked] The host tells the adversary of a missed win when asked.",
            "[why_not_notice=teaching] The host tells the adversary of a missed win at once.",
        )),
        RuleSection("Stakes (rules 23-26)", (
            "A single game pays (1 + v) x {stake}, a double game twice that, v being the vies seen.",
            "Before a throw either player may vie (once per throw); the other yields, losing a single "
            "game at the stake as it stood, or sees it, raising the stake by {stake}.",
            "A player may concede a single game at any time, to escape a double.",
        )),
    )
    extra_wins: ClassVar[tuple[WinRule, ...]] = ()
    """Further ways to win (Rovers, Flyers) a program plugs in by subclassing; none by default."""

    def doublet_moves(self, die: int) -> int:
        """Doublets are nothing special (rule 8): two moves, or four with ``doublets=4``."""
        return int(self.options["doublets"])

    def plays(self, position: Position, dice: Dice) -> list[Play]:
        """The core's plays; with ``bear_off=exact`` no man comes off by a higher number, and with
        ``higher_die=no`` a lone playable die may be either one."""
        exact = self.options["bear_off"] == EXACT
        if exact:
            plays = generic_plays(position.mover, self.theirs(position), False, self.dice_steps(dice),
                                  exact_bear_off=True)
        else:
            plays = super().plays(position, dice)
        if self.options["higher_die"] or dice.is_doublet or any(len(play) != 1 for play in plays):
            return plays
        theirs = self.theirs(position)
        found: dict[Position, Play] = {}
        for die in (dice.high, dice.low):
            for play in generic_plays(position.mover, theirs, False, (die,), exact_bear_off=exact):
                if play:
                    found.setdefault(self.after(position, play), play)
        return list(found.values())

    # --- ways to win ------------------------------------------------------------------------------

    def win_rules(self) -> tuple[WinRule, ...]:
        """Every way to win this game knows, highest value first."""
        rules = (HIT, GOING_IN, TOUTES, BEARING_OFF, *self.extra_wins)
        return tuple(sorted(rules, key=lambda rule: -rule.value))

    def wins(self, position: Position, dice: Dice, plays: Sequence[Play] | None = None) -> list[WinRule]:
        """The ways to win that ``dice`` allows the side to move, most valuable first (rule 19)."""
        legal = self.plays(position, dice) if plays is None else plays
        return [rule for rule in self.win_rules() if rule.allowed(self, position, dice, legal)]

    def new_turn(self, cube_allowed: bool | None = None, first: int | None = None,
                 position: Position | None = None) -> Turn:
        """A game by :class:`~tablier.tables.ticktack_game.TicktackGame`: stakes and vies, no cube;
        from ``position``, its side to move throws first."""
        game = TicktackGame(self, position, first if position is None else position.turn)
        if position is not None:
            game.state = AWAIT_THROW
        return game

    def going_in_point(self) -> int:
        """The point (own frame) Going in brings two men onto."""
        return GOING_IN_POINTS[str(self.options["going_in_point"])]

    def result(self, position: Position) -> Result | None:
        """A side that has borne off all fifteen has won a double game (rule 17)."""
        for side in (BLACK, WHITE):
            if position.boards[side][OFF] == MEN:
                return Result(side, 2, "bearing off")
        return None


def hit_reaches(variant: Ticktack, position: Position, dice: Dice) -> list[tuple[int, int]]:
    """Every ``(from, to)`` by which a man of the side to move reaches a lone adversary man (rule 14).

    A man reaches a point at the distance of either die, or of both provided a resting point (after
    the one die or after the other) is not a stop; a doublet n-n reaches n and 2n (and 3n, 4n with
    four moves), each resting point not a stop.
    """
    mine = position.mover
    theirs = variant.theirs(position)
    if dice.is_doublet:
        count = variant.doublet_moves(dice.first)
        paths: list[tuple[int, ...]] = [(dice.first,) * k for k in range(1, count + 1)]
    else:
        paths = [(dice.first,), (dice.second,), (dice.first, dice.second), (dice.second, dice.first)]
    reaches: set[tuple[int, int]] = set()
    for point in range(1, 25):
        if not mine[point]:
            continue
        for path in paths:
            spot, open_way = point, True
            for step in path[:-1]:
                spot -= step
                if spot < 1 or theirs[spot] >= 2:
                    open_way = False
                    break
            target = spot - path[-1]
            if open_way and target >= 1 and theirs[target] == 1:
                reaches.add((point, target))
    return sorted(reaches, reverse=True)


def going_in_men(variant: Ticktack, position: Position, dice: Dice) -> tuple[int, int] | None:
    """The two points whose men Going in brings onto its point (rule 15), or ``None``."""
    target = variant.going_in_point()
    mine = position.mover
    if variant.theirs(position)[target]:
        return None
    if variant.options["going_in_needs_own_11"] and mine[OWN_ELEVENTH] < 2:
        return None
    first, second = target + dice.first, target + dice.second
    if first > 24 or second > 24:
        return None
    need = Counter((first, second))
    if all(mine[point] >= count for point, count in need.items()):
        return (first, second)
    return None


def toutes_play(variant: Ticktack, position: Position, plays: Iterable[Play]) -> Play | None:
    """A legal play leaving every point of the second table with ``toutes_men`` men (rule 16)."""
    need = int(variant.options["toutes_men"])
    for play in plays:
        after = variant.after(position, play).boards[position.turn]
        if all(after[point] >= need for point in SECOND_TABLE):
            return play
    return None


def bearing_off_play(variant: Ticktack, position: Position, plays: Iterable[Play]) -> Play | None:
    """A legal play that bears off the last of the fifteen men (rule 17)."""
    for play in plays:
        if variant.after(position, play).boards[position.turn][OFF] == MEN:
            return play
    return None


HIT = WinRule("Hit", 1, lambda variant, position, dice, plays: bool(hit_reaches(variant, position, dice)))
GOING_IN = WinRule("Going in", 2,
                   lambda variant, position, dice, plays: going_in_men(variant, position, dice) is not None)
TOUTES = WinRule("Toutes", 2,
                 lambda variant, position, dice, plays: toutes_play(variant, position, plays) is not None)
BEARING_OFF = WinRule(
    "Bearing off", 2,
    lambda variant, position, dice, plays: bearing_off_play(variant, position, plays) is not None)
