"""The rules of a tables game as a small class: geometry, dice, landings, results.

Every tables game (Backgammon, Jacquet, Ticktack, ...) is a subclass of
:class:`~tablier.tables.variant.Variant` (these :class:`Rules` and the game's turn) that sets a
few class attributes and overrides a few hooks; the core (:mod:`tablier.tables.movegen`,
:class:`tablier.tables.board.Board`) does the rest. ``docs/tables-core.md`` explains each hook with
an example. A variant instance carries the game's options (the conventions a rule book leaves open).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol, Self

from tablier.errors import InvalidPositionError
from tablier.games import (
    GameFacts,
    GameInfo,
    Option,
    OptionValue,
    RuleSection,
    RulesPreset,
    parse_option_values,
)

from .movegen import fast_plays, generic_plays, landing_tables
from .moves import Dice, Move, Play
from .position import BAR, BLACK, MEN, OFF, SIDE_NAMES, WHITE, Position, SideBoard


class ClaimableWin(Protocol):
    """A way to win that a throw lets the side to move claim instead of playing (Ticktack's Hit,
    Going in, ...): its name and its value in the game's stakes."""

    @property
    def name(self) -> str:
        """The win's name, as a player claims it."""

    @property
    def value(self) -> int:
        """What it is worth, in stakes."""


@dataclass(frozen=True)
class Result:
    """How a game ended: the winner, the points the game is worth (before any cube) and its name."""

    winner: int
    points: int
    kind: str

    def __str__(self) -> str:
        if not self.points:
            return f"a {self.kind}: nobody scores"
        return f"{SIDE_NAMES[self.winner]} wins a {self.kind} ({self.points} point{'s' * (self.points > 1)})"


class Rules:
    """A tables game's rules, all but how its turn goes (that is
    :class:`~tablier.tables.variant.Variant`'s). Subclasses set the class attributes and override
    hooks as needed.

    Class attributes: ``name``, ``title``, ``summary``, ``aliases``, ``OPTIONS``, ``RULES`` and
    ``PRESETS`` (the catalogue entry), ``facts`` (what the other rooms need to know of the game:
    :class:`~tablier.games.GameFacts`), ``start`` (each side's men at the start, in its own frame),
    ``hitting`` (a lone adversary man is hit; if false, any adversary man closes the point), ``pins``
    (a man landing on a lone adversary man pins him where he stands instead of hitting him: Plakoto).

    Hooks: :meth:`opposite` (where the frames meet), :meth:`doublet_moves` (what a doublet gives),
    :meth:`step_allowed` (extra rules on single steps; overriding it switches generation to the
    generic generator), :meth:`result` (how a game is won and scored), :meth:`validate`,
    :meth:`wins` (the wins a throw lets the player claim), :meth:`mother_pinned` and
    :meth:`men_left_points` (what Plakoto's and Spanish Backgammon's results turn on, for the engines),
    :meth:`new_turn` (the state machine a game is played by).
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    RULES: ClassVar[tuple[RuleSection, ...]] = ()
    PRESETS: ClassVar[tuple[RulesPreset, ...]] = ()
    facts: ClassVar[GameFacts] = GameFacts()
    start: ClassVar[SideBoard] = ()
    hitting: ClassVar[bool] = True
    pins: ClassVar[bool] = False

    def __init__(self, **options: OptionValue) -> None:
        known = {option.name: option for option in self.OPTIONS}
        for name in options:
            if name not in known:
                names = ", ".join(known) or "none"
                raise ValueError(f"{self.name} has no option {name!r} (options: {names})")
        self.options: dict[str, OptionValue] = {
            option.name: options.get(option.name, option.default) for option in self.OPTIONS}
        self._opposite = (0, *(self.opposite(point) for point in range(1, 25)))
        self._uses_step_rule = type(self).step_allowed is not Rules.step_allowed

    @classmethod
    def from_strings(cls, pairs: Mapping[str, str]) -> Self:
        """The variant with options given as text (``{"american": "yes"}``); ``ValueError`` if bad."""
        return cls(**parse_option_values(cls.name, cls.OPTIONS, pairs))

    @classmethod
    def info(cls) -> GameInfo:
        """The game's catalogue entry."""
        return GameInfo(name=cls.name, family="tables", title=cls.title, summary=cls.summary,
                        aliases=cls.aliases, options=cls.OPTIONS, rules=cls.RULES,
                        presets=cls.PRESETS, facts=cls.facts)

    def __repr__(self) -> str:
        changed = {name: value for name, value in self.options.items()
                   if value != next(o.default for o in self.OPTIONS if o.name == name)}
        args = ", ".join(f"{name}={value!r}" for name, value in changed.items())
        return f"{type(self).__name__}({args})"

    # --- geometry -------------------------------------------------------------------------------

    def opposite(self, point: int) -> int:
        """The adversary's number for the point I call ``point`` (1..24). Contrary movement (the
        sides travel in opposite directions): ``25 - point``. Jacquet returns ``point ± 12``."""
        return 25 - point

    def theirs(self, position: Position) -> list[int]:
        """The adversary's men counted on the mover's points (index 1..24; 25 his bar)."""
        waiter = position.waiter
        opposite = self._opposite
        return [0, *(waiter[opposite[point]] for point in range(1, 25)), waiter[BAR]]

    # --- dice and steps -------------------------------------------------------------------------

    def doublet_moves(self, die: int) -> int:
        """How many movements of ``die`` a doublet gives: four (Ticktack: two; Versailles: ``die``)."""
        return 4

    def dice_steps(self, dice: Dice) -> tuple[int, ...]:
        """The movements a throw gives: ``(a, b)``, or ``(d,) * doublet_moves(d)``."""
        if dice.is_doublet:
            return (dice.first,) * self.doublet_moves(dice.first)
        return (dice.first, dice.second)

    def step_allowed(self, mine: list[int], theirs: list[int], move: Move) -> bool:
        """May ``move`` be made now, beyond the common rules (open landing, bar first, bearing off)?
        ``mine`` is the mover's board as it stands during the turn, ``theirs`` the adversary's men on
        the mover's points. Overriding this hook makes generation try every order of the dice."""
        return True

    # --- plays ----------------------------------------------------------------------------------

    def plays(self, position: Position, dice: Dice) -> list[Play]:
        """Every distinct legal play of ``dice`` in ``position`` (``[()]`` if nothing can be played)."""
        theirs = self.theirs(position)
        steps = self.dice_steps(dice)
        if self._uses_step_rule:
            return generic_plays(position.mover, theirs, self.hitting, steps, self.step_allowed)
        blocked, blot = landing_tables(theirs, self.hitting)
        return fast_plays(position.mover, blocked, blot, steps)

    def after(self, position: Position, play: Play) -> Position:
        """The position after ``play`` (trusted to be legal), with the other side to move."""
        mine = list(position.mover)
        theirs = list(position.waiter)
        for src, dst, hit in play:
            mine[src] -= 1
            mine[dst] += 1
            if hit:
                theirs[self._opposite[dst]] -= 1
                theirs[BAR] += 1
        boards = (tuple(mine), tuple(theirs)) if position.turn == BLACK else (tuple(theirs), tuple(mine))
        return Position(boards, 1 - position.turn)

    # --- start, checks and results --------------------------------------------------------------

    def start_position(self, turn: int = BLACK) -> Position:
        """The men set up for a new game, ``turn`` to move."""
        return Position((self.start, self.start), turn)

    def validate(self, position: Position) -> None:
        """Raise :class:`InvalidPositionError` unless ``position`` is a possible board of this game."""
        for side in (BLACK, WHITE):
            board = position.boards[side]
            name = SIDE_NAMES[side]
            if len(board) != 26 or any(count < 0 for count in board):
                raise InvalidPositionError(f"{name}'s men are not 26 counts of zero or more")
            if sum(board) != MEN:
                raise InvalidPositionError(f"{name} has {sum(board)} men, not {MEN}")
            if board[BAR] and not self.hitting:
                raise InvalidPositionError(f"{name} has men on the bar in a game without hitting")
        black, white = position.boards
        for point in range(1, 25):
            if black[point] and white[self._opposite[point]]:
                raise InvalidPositionError(f"black's point {point} holds men of both sides")
        if black[OFF] == MEN and white[OFF] == MEN:
            raise InvalidPositionError("both sides have borne off every man")

    def result(self, position: Position) -> Result | None:
        """The result once a side has borne off every man, else ``None``. Default: a single game."""
        for side in (BLACK, WHITE):
            if position.boards[side][OFF] == MEN:
                return Result(side, 1, "single game")
        return None

    def mother_pinned(self, position: Position, side: int) -> bool:
        """Whether ``side``'s mother (its last man on its starting point) lies pinned there, which
        ends the game; always false but in Plakoto."""
        return False

    def men_left_points(self, board: SideBoard) -> int:
        """What the men left on ``board`` would cost their side if the game ended now, counted by
        table; 0 but in the games scored that way (Spanish Backgammon)."""
        return 0

    def wins(self, position: Position, dice: Dice,
             plays: Sequence[Play] | None = None) -> Sequence[ClaimableWin] | None:
        """The wins ``dice`` lets the side to move claim, most valuable first (``plays``: the
        throw's legal plays, if known); ``None`` in a game not won by claims (all but Ticktack)."""
        return None


def single_or_gammon(position: Position) -> Result | None:
    """The first side with fifteen men off wins 1 point, or 2 (a gammon) if the loser has borne off
    none: the scoring of Portes' relatives without a backgammon."""
    for winner in (BLACK, WHITE):
        if position.boards[winner][OFF] == MEN:
            if position.boards[1 - winner][OFF]:
                return Result(winner, 1, "single game")
            return Result(winner, 2, "gammon")
    return None
