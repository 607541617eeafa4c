"""Backgammon's doubling cube: whether the side on roll should double, and whether to take.

One call answers both halves of a cube decision, before the side on roll throws::

    from tablier.engines import CubeState, MatchStanding, cube_decision

    decision = cube_decision(position, CubeState(value=1, owner=None),
                             MatchStanding(length=7, score=(2, 4)), level)
    # or, from a game of a match being played:
    decision = cube_decision(game.board.position, CubeState.of_game(game), MatchStanding.of_match(match))
    decision.action   # "double", "no double", "too good" or "no double allowed"
    decision.take     # whether the adversary should take if doubled now
    decision.beaver   # money play with beavers: the adversary should take and redouble at once
    decision.why      # a sentence for the table

``position.turn`` is the side on roll, the one deciding; ``score`` and ``owner`` are indexed by side
(``BLACK`` 0, ``WHITE`` 1) like ``Position.turn``. ``MatchStanding()`` (the default) is money play.

How it is computed. GNU Backgammon's evaluator (the PyPI binding) gives the cubeless chances of the
position at the level's ply: winning, gammons and backgammons for each side. Its binding offers no
cubeful evaluation (``evaluate`` returns the same numbers whatever the cube; the text command ``hint``
does the cube analysis but only prints it), so the cube is valued here with Janowski's model (Rick
Janowski, "Take-points in money games", 1993), the one gnubg itself uses for its 0-ply cube:

* the *dead* cube value: each outcome's worth (money: its points; a match: the match-winning chance
  that GNU Backgammon's match equity table gives the score it leads to, Kazaross XG2, which ships in
  the wheel, read with ``gnubg.met``), averaged with the chances;
* the *live* cube value: a straight line in the chance of winning between the points where one side
  cashes (doubles and the other must pass) and where the other does. Those points are found from the
  top of the cube down (a side with nothing left to win by a redouble has a dead cube), so that the
  match score and the Crawford rule shape them;
* the cubeful value is ``x * live + (1 - x) * dead``, ``x`` the cube efficiency of gnubg's defaults
  (0.68 in contact; in a race 0.55 + 0.00125 per pip of the side on roll, between 0.6 and 0.7).

The decision then compares no double (ND), double/take (DT) and double/pass (DP): double when
``min(DT, DP) > ND`` (or equal when he would pass: a sure win is cashed); too good when ND is above
DP (play on for the gammon); the adversary takes when DT is not above DP, and beavers (money,
beavers allowed) when his take leaves him the favourite.
No one doubles in the Crawford game; after it the trailer doubles at once (the leader's cube is dead,
which the model finds by itself from the table). Equities are reported normalized as gnubg prints
them: +1 is what a pass gives the doubler.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from tablier.tables.game import Game
from tablier.tables.match import Match
from tablier.tables.position import BAR, Position

from .gnubg_net import GNUBG_PLIES, gnubg_board, load_gnubg
from .levels import DEFAULT_LEVEL, Level

MONEY_CUBE_LIMIT = 64
"""Money play has no top to the cube; beyond this value the model treats it as dead."""
CONTACT_EFFICIENCY = 0.68
RACE_EFFICIENCY = (0.55, 0.00125, 0.6, 0.7)
"""gnubg's default cube efficiency in a race: coefficient, factor per pip, minimum, maximum."""

TIE = 1e-6
"""Values this close are equal. A double the adversary should pass that gives exactly what playing
on gives (a sure win without gammons) is made: it ends the game at once; one he would take, not."""

DOUBLE, NO_DOUBLE, TOO_GOOD, NOT_ALLOWED = "double", "no double", "too good", "no double allowed"


@dataclass(frozen=True)
class CubeState:
    """The cube: its ``value`` and its ``owner`` (a side, 0 or 1; ``None`` in the middle)."""

    value: int = 1
    owner: int | None = None

    @classmethod
    def of_game(cls, game: Game) -> CubeState:
        """The cube of a game being played (:class:`tablier.tables.game.Game`)."""
        return cls(game.cube_value, game.cube_owner)


@dataclass(frozen=True)
class MatchStanding:
    """A match to ``length`` points at ``score`` (by side), or money play (``length`` 0).

    ``crawford_game`` says this game is the Crawford game (nobody may double). When a side is one
    point away and this is not the Crawford game, the Crawford game has been played (post-Crawford).
    ``beavers`` allows beavers (money play only)."""

    length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford_game: bool = False
    beavers: bool = False

    @classmethod
    def of_match(cls, match: Match) -> MatchStanding:
        """The standing of a match being played (:class:`tablier.tables.match.Match`; length 0 is a
        money session)."""
        return cls(match.length, (match.score[0], match.score[1]), match.crawford_game)

    @property
    def is_money(self) -> bool:
        """Whether this is money play (no match)."""
        return self.length == 0


@dataclass(frozen=True)
class CubeDecision:
    """The cube decision of the side on roll and the answer his adversary should give.

    ``action``: ``"double"``, ``"no double"``, ``"too good"`` (too good to double: play on for the
    gammon) or ``"no double allowed"`` (the Crawford game, or the cube is the adversary's).
    ``take``: whether the adversary should take a double now (when none is allowed: whether he
    would, by the same numbers); ``beaver``: take and redouble at once.
    ``equities``: ``"no double"``, ``"double, take"``, ``"double, pass"`` (normalized, +1 = a pass)
    and the cubeless chances ``"win"``, ``"win_gammon"``, ``"lose_gammon"``; ``why``: a sentence."""

    action: str
    take: bool
    beaver: bool
    equities: dict[str, float]
    why: str

    @property
    def double(self) -> bool:
        """Whether the side on roll should double."""
        return self.action == DOUBLE


Line = Callable[[float], float]
"""A value (for the side on roll) as a function of his chance of winning."""


class CubeModel:
    """Janowski's cube model at one score: outcome values, dead and live cube values."""

    def __init__(self, chances: tuple[float, ...], match: MatchStanding, mover: int) -> None:
        win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = chances[:5]
        lose = 1.0 - win
        self.win = win
        self.won = ((win - win_gammon) / win if win else 1.0,
                    (win_gammon - win_backgammon) / win if win else 0.0,
                    win_backgammon / win if win else 0.0)
        self.lost = ((lose - lose_gammon) / lose if lose else 1.0,
                     (lose_gammon - lose_backgammon) / lose if lose else 0.0,
                     lose_backgammon / lose if lose else 0.0)
        self.match = match
        self.mover = mover
        self.points: dict[tuple[str, int], float] = {}

    # --- what outcomes are worth ------------------------------------------------------------------

    def utility(self, points: int) -> float:
        """The worth for the side on roll of the game ending with him winning ``points`` (negative:
        losing): money, the points; a match, his chance of winning the match from the new score."""
        match = self.match
        if match.is_money:
            return float(points)
        mine = match.length - match.score[self.mover]
        his = match.length - match.score[1 - self.mover]
        mine, his = (mine - points, his) if points > 0 else (mine, his + points)
        return match_winning_chance(mine, his, self.crawford_next(), match.length)

    def crawford_next(self) -> bool:
        """Whether a side reaching one point away by this game makes the next game the Crawford game."""
        match = self.match
        return not match.crawford_game and min(match.length - s for s in match.score) > 1

    def won_value(self, cube: int) -> float:
        """The average worth of a win at ``cube`` (singles, gammons, backgammons)."""
        return sum(share * self.utility(cube * (kind + 1)) for kind, share in enumerate(self.won))

    def lost_value(self, cube: int) -> float:
        """The average worth of a loss at ``cube``."""
        return sum(share * self.utility(-cube * (kind + 1)) for kind, share in enumerate(self.lost))

    def dead(self, cube: int) -> Line:
        """The cube's value if nobody doubled again: the outcomes' worth averaged with the chances."""
        won, lost = self.won_value(cube), self.lost_value(cube)
        return lambda p: p * won + (1 - p) * lost

    def can_use(self, side_is_mover: bool, cube: int) -> bool:
        """Whether a redouble from ``cube`` could still gain something for that side (else his
        cube is dead: he wins the match anyway, money's top, or the Crawford game)."""
        if self.match.crawford_game:
            return False
        if self.match.is_money:
            return cube < MONEY_CUBE_LIMIT
        return self.utility(cube if side_is_mover else -cube) not in (0.0, 1.0)

    # --- the live cube: the points where a side cashes ---------------------------------------------

    def cash_point(self, cube: int) -> float:
        """The chance of winning at which the side on roll, doubling from ``cube``, makes his adversary
        indifferent between passing and taking (and owning the cube at ``2 * cube``)."""
        if ("cash", cube) not in self.points:
            self.points["cash", cube] = _solve(self.adversary_owns(2 * cube), self.utility(cube))
        return self.points["cash", cube]

    def take_point(self, cube: int) -> float:
        """The chance of winning below which the side on roll should pass a double to ``2 * cube``."""
        if ("take", cube) not in self.points:
            self.points["take", cube] = _solve(self.mover_owns(2 * cube), self.utility(-cube))
        return self.points["take", cube]

    def mover_owns(self, cube: int) -> Line:
        """The live value when the side on roll owns the cube at ``cube``."""
        if not self.can_use(True, cube):
            return self.dead(cube)
        lost, cash, cashed = self.lost_value(cube), self.cash_point(cube), self.utility(cube)
        return lambda p: cashed if p >= cash else lost + (cashed - lost) * p / cash

    def adversary_owns(self, cube: int) -> Line:
        """The live value when the adversary owns the cube at ``cube``."""
        if not self.can_use(False, cube):
            return self.dead(cube)
        take, cashed, won = self.take_point(cube), self.utility(-cube), self.won_value(cube)
        return lambda p: cashed if p <= take else cashed + (won - cashed) * (p - take) / (1 - take)

    def centred(self, cube: int) -> Line:
        """The live value with the cube in the middle at ``cube``."""
        mine, his = self.can_use(True, cube), self.can_use(False, cube)
        if not mine:
            return self.adversary_owns(cube)
        if not his:
            return self.mover_owns(cube)
        take, cash = self.take_point(cube), self.cash_point(cube)
        low, high = self.utility(-cube), self.utility(cube)
        slope = (high - low) / (cash - take)
        return lambda p: low if p <= take else high if p >= cash else low + slope * (p - take)


def _solve(line: Line, target: float) -> float:
    """The chance of winning in [0, 1] at which the increasing ``line`` reaches ``target``."""
    low, high = 0.0, 1.0
    for _ in range(40):
        middle = (low + high) / 2
        if line(middle) < target:
            low = middle
        else:
            high = middle
    return (low + high) / 2


@cache
def _met(length: int) -> tuple[tuple[tuple[float, ...], ...], tuple[float, ...]]:
    """GNU Backgammon's match equity table: (pre-Crawford rows, post-Crawford trailer's column)."""
    gnubg: Any = load_gnubg()
    pre, post, _ = gnubg.met(max(length, 1))
    return tuple(tuple(row) for row in pre), tuple(post)


def match_winning_chance(mine: int, his: int, crawford_next: bool, length: int) -> float:
    """The chance of winning the match of the side ``mine`` points away against ``his``, at the
    start of the next game (the Crawford game if one side has just reached one away and
    ``crawford_next``; post-Crawford otherwise)."""
    if mine <= 0:
        return 1.0
    if his <= 0:
        return 0.0
    pre, post = _met(length)
    if (mine == 1 or his == 1) and not crawford_next:
        return 1.0 - post[his - 1] if mine == 1 else post[mine - 1]
    return pre[mine - 1][his - 1]


def cube_efficiency(position: Position) -> float:
    """gnubg's default cube efficiency for ``position``: 0.68 in contact, by the pips in a race."""
    mine, theirs = position.mover, position.waiter
    my_back = max((p for p in range(1, BAR + 1) if mine[p]), default=0)
    his_back = max((p for p in range(1, BAR + 1) if theirs[p]), default=0)
    if my_back + his_back > 25:
        return CONTACT_EFFICIENCY
    coefficient, factor, low, high = RACE_EFFICIENCY
    return min(high, max(low, coefficient + factor * position.pip_count(position.turn)))


def cube_decision(position: Position, cube: CubeState = CubeState(),
                  match: MatchStanding = MatchStanding(), level: Level = DEFAULT_LEVEL) -> CubeDecision:
    """The cube decision of ``position.turn``, before he throws: double, no double or too good, and
    whether his adversary should take (or beaver). See the module docstring for the method.
    :class:`~tablier.engines.candidates.EngineUnavailableError` if GNU Backgammon is not installed."""
    gnubg: Any = load_gnubg()
    chances = gnubg.evaluate(gnubg_board(position), gnubg.cubeinfo(),
                             gnubg.evalcontext(0, GNUBG_PLIES[level.number]))
    return decide(chances, position, cube, match)


def decide(chances: tuple[float, ...], position: Position, cube: CubeState,
           match: MatchStanding) -> CubeDecision:
    """The decision from gnubg's cubeless ``chances`` (win, win gammon, win backgammon, lose gammon,
    lose backgammon) for the side on roll in ``position``."""
    mover = position.turn
    model = CubeModel(tuple(chances), match, mover)
    p, x, value = model.win, cube_efficiency(position), cube.value

    def cubeful(live: Line, at: int) -> float:
        return x * live(p) + (1 - x) * model.dead(at)(p)

    playing_on = (model.centred(value) if cube.owner is None else
                  model.mover_owns(value) if cube.owner == mover else model.adversary_owns(value))
    no_double = cubeful(playing_on, value)
    double_take = cubeful(model.adversary_owns(2 * value), 2 * value)
    double_pass = model.utility(value)
    high, low = model.utility(value), model.utility(-value)

    def normalized(worth: float) -> float:
        return round((2 * worth - high - low) / (high - low), 4) if high != low else 0.0

    take = double_take <= double_pass
    beaver = match.is_money and match.beavers and normalized(double_take) < 0
    if match.crawford_game or cube.owner not in (None, mover):
        action = NOT_ALLOWED
    elif (min(double_take, double_pass) > no_double + TIE
          or (not take and double_pass >= no_double - TIE)):  # a sure win is cashed
        action = DOUBLE
    elif no_double > double_pass:
        action = TOO_GOOD
    else:
        action = NO_DOUBLE
    equities = {"no double": normalized(no_double), "double, take": normalized(double_take),
                "double, pass": normalized(double_pass), "win": round(chances[0], 4),
                "win_gammon": round(chances[1], 4), "lose_gammon": round(chances[3], 4)}
    return CubeDecision(action, take, beaver, equities, cube_why(action, take, beaver, equities, match))


def cube_why(action: str, take: bool, beaver: bool, equities: dict[str, float], match: MatchStanding) -> str:
    """A sentence for the table: the chances, the decision and the answer."""
    chances = (f"You win {equities['win'] * 100:.0f}% of games from here "
               f"({equities['win_gammon'] * 100:.0f}% with a gammon, "
               f"{equities['lose_gammon'] * 100:.0f}% lost with one)")
    if action == NOT_ALLOWED:
        rule = ("this is the Crawford game: nobody may double" if match.crawford_game
                else "the cube is your adversary's")
        return f"{chances}; {rule}."
    said = {DOUBLE: "double", NO_DOUBLE: "do not double yet",
            TOO_GOOD: "too good to double: play on for the gammon"}[action]
    answer = ("he should beaver (take and redouble)" if beaver
              else "he should take" if take else "he should pass")
    return f"{chances}: {said}; if doubled, {answer}."
