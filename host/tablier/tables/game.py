"""The turn flow of one game of a tables game: the opening throw, the throws, the plays and the cube.

A :class:`Game` is a pure state machine and a :class:`~tablier.tables.turn.Turn`. It never throws
dice itself: the caller passes every throw in (from real dice read on the board, or from
:func:`throw` with a seeded ``random.Random``), so the same calls replay the same game. Illegal calls
raise :class:`~tablier.errors.IllegalMoveError` with a one-line reason and change nothing.

Phases: ``OPENING`` (each side casts one die, or two by agreement; the higher cast plays first; equal
casts are thrown again), ``CHOOSE`` (option ``opening=choose``: the winner plays the opening cast or
throws again), ``ROLL`` (the side to move may double, then throws), ``DOUBLED`` (the other side takes
or drops), ``MOVE`` (the throw is known; the side plays it), ``OVER``.
"""

from __future__ import annotations

import random
from enum import Enum

from tablier.errors import IllegalMoveError

from .board import Board
from .moves import Dice, Play
from .position import BLACK, SIDE_NAMES, WHITE, Position
from .rules import Result, Rules
from .turn import DOUBLE, DROP, KEEP, RESIGN, TAKE, Awaiting, Outcome, Turn


class Phase(Enum):
    """Where a game stands."""

    OPENING = "opening"
    CHOOSE = "choose"
    ROLL = "roll"
    DOUBLED = "doubled"
    MOVE = "move"
    OVER = "over"


AWAITING = {Phase.OPENING: Awaiting.OPENING, Phase.CHOOSE: Awaiting.THROW, Phase.ROLL: Awaiting.THROW,
            Phase.DOUBLED: Awaiting.ANSWER, Phase.MOVE: Awaiting.PLAY, Phase.OVER: Awaiting.OVER}
"""What a game awaits in each phase."""


def throw(rng: random.Random) -> Dice:
    """Two fair dice from ``rng``."""
    return Dice(rng.randint(1, 6), rng.randint(1, 6))


class Game(Turn):
    """One game of ``variant``. ``cube_allowed`` is false when the variant's ``cube`` option is off or
    the match forbids doubling (the Crawford game). A game set up from ``position`` begins with its
    side to move throwing."""

    def __init__(self, variant: Rules, cube_allowed: bool | None = None,
                 position: Position | None = None) -> None:
        self.variant = variant
        self.board = Board(variant)
        self.phase = Phase.OPENING
        self._dice: Dice | None = None
        self.opening_cast: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self.cube_value = 1
        self.cube_owner: int | None = None
        option = bool(variant.options.get("cube", False))
        self.cube_allowed = option if cube_allowed is None else cube_allowed and option
        self.outcome: Outcome | None = None
        if position is not None:
            self.position = position
            self.phase = Phase.ROLL

    @property
    def turn(self) -> int:
        """The side to act: to throw, play, or answer a double."""
        if self.phase is Phase.DOUBLED:
            return 1 - self.board.turn
        return self.board.turn

    @property
    def awaiting(self) -> Awaiting:
        """What comes next (:data:`AWAITING` of the phase)."""
        return AWAITING[self.phase]

    @property
    def position(self) -> Position:
        """The position, with the side to act to move (the doubled side while a double is answered)."""
        return self.board.position.with_turn(self.turn)

    @position.setter
    def position(self, position: Position) -> None:
        self.board.position = position

    @property
    def dice(self) -> Dice | None:
        """The throw to play, while a play is awaited."""
        return self._dice

    @property
    def cube(self) -> tuple[int, int | None] | None:
        """The cube's value and owner while it is in play (not in the Crawford game)."""
        return (self.cube_value, self.cube_owner) if self.cube_allowed else None

    # --- the opening ------------------------------------------------------------------------------

    def opening(self, black: tuple[int, ...], white: tuple[int, ...]) -> int | None:
        """Each side's opening cast (one die each, or two with ``opening_dice=2``). Returns the side
        that plays first, or ``None`` when the casts are equal and must be thrown again."""
        self._expect(Phase.OPENING)
        wanted = int(self.variant.options.get("opening_dice", 1))
        for cast in (black, white):
            if len(cast) != wanted or not all(1 <= die <= 6 for die in cast):
                raise IllegalMoveError(f"the opening cast is {wanted} die{'s' * (wanted > 1)} of 1-6 a side")
        if sum(black) == sum(white):
            return None
        first = BLACK if sum(black) > sum(white) else WHITE
        self.board.position = self.board.position.with_turn(first)
        self.opening_cast = (black, white)
        rule = self.variant.options.get("opening", "throw-again")
        if rule == "play-opening" and wanted == 1:
            self._dice = Dice(black[0], white[0])
            self.phase = Phase.MOVE
        elif rule == "play-opening":
            winner_cast = black if first == BLACK else white
            self._dice = Dice(winner_cast[0], winner_cast[1])
            self.phase = Phase.MOVE
        elif rule == "choose":
            self.phase = Phase.CHOOSE
        else:
            self.phase = Phase.ROLL
        return first

    def play_opening_cast(self) -> None:
        """(``opening=choose``) The winner of the opening plays its cast as his first throw."""
        self._expect(Phase.CHOOSE)
        assert self.opening_cast is not None
        black, white = self.opening_cast
        if len(black) == 1:
            self._dice = Dice(black[0], white[0])
        else:
            cast = black if self.board.turn == BLACK else white
            self._dice = Dice(cast[0], cast[1])
        self.phase = Phase.MOVE

    def throw_again(self) -> None:
        """(``opening=choose``) The winner of the opening throws afresh for his first move."""
        self._expect(Phase.CHOOSE)
        self.phase = Phase.ROLL

    # --- the cube ---------------------------------------------------------------------------------

    def may_double(self) -> bool:
        """Whether the side to throw may offer the cube now."""
        return (self.phase is Phase.ROLL and self.cube_allowed
                and self.cube_owner in (None, self.board.turn))

    def double(self) -> None:
        """The side to throw offers to double the stake."""
        if not self.may_double():
            reason = ("the cube is not in play" if not self.cube_allowed
                      else "only before throwing" if self.phase is not Phase.ROLL
                      else "the cube belongs to the other side")
            raise IllegalMoveError(f"{SIDE_NAMES[self.board.turn]} may not double: {reason}")
        self.phase = Phase.DOUBLED

    def take(self) -> None:
        """The doubled side accepts: the cube doubles and is his; the doubler throws."""
        self._expect(Phase.DOUBLED)
        self.cube_value *= 2
        self.cube_owner = 1 - self.board.turn
        self.phase = Phase.ROLL

    def drop(self) -> None:
        """The doubled side refuses and loses the game at the stake before the double."""
        self._expect(Phase.DOUBLED)
        self.outcome = Outcome(self.board.turn, "double refused", self.cube_value)
        self.phase = Phase.OVER

    # --- throws and plays -------------------------------------------------------------------------

    def roll(self, dice: Dice) -> None:
        """The side to move has thrown ``dice``."""
        self._expect(Phase.ROLL)
        self._dice = dice
        self.phase = Phase.MOVE

    def legal_plays(self) -> list[Play]:
        """The distinct legal plays of the current throw."""
        self._expect(Phase.MOVE)
        assert self._dice is not None
        return self.board.legal_plays(self._dice)

    def play(self, play: Play) -> None:
        """Make ``play`` with the current throw (checked); ends the game when a side is off."""
        self._expect(Phase.MOVE)
        assert self._dice is not None
        self.board.push_play(self._dice, play)
        self._dice = None
        outcome: Result | None = self.board.result()
        if outcome is None:
            self.phase = Phase.ROLL
            return
        self.outcome = Outcome(outcome.winner, outcome.kind, outcome.points * self.cube_value)
        self.phase = Phase.OVER

    # --- the turn: throws and words of the table ---------------------------------------------------

    def cast_opening(self, black: int, white: int) -> str:
        """The opening throw, one die each (:meth:`opening`), in words."""
        winner = self.opening((black,), (white,))
        if winner is None:
            return f"opening throw {black} and {white}: equal, throw again"
        then = "plays them" if self.phase is Phase.MOVE else "throws again"
        return f"opening throw {black} and {white}: {SIDE_NAMES[winner]} begins and {then}"

    def throw(self, dice: Dice) -> None:
        """The side to move threw ``dice`` (the winner of the opening throwing afresh, under
        ``opening=choose``)."""
        if self.phase is Phase.CHOOSE:
            self.throw_again()
        self.roll(dice)

    def command(self, side: int, word: str, argument: str = "") -> str:
        """``double``, ``take``, ``drop``, ``keep`` (the opening cast, under ``opening=choose``) and
        ``resign`` (the cube's value)."""
        if word == DOUBLE:
            if side != self.turn:
                raise IllegalMoveError("only the side to throw may double")
            self.double()
            return f"{SIDE_NAMES[side]} doubles to {self.cube_value * 2}"
        if word in (TAKE, DROP):
            if self.phase is not Phase.DOUBLED or side != self.turn:
                raise IllegalMoveError("no double to answer")
            (self.take if word == TAKE else self.drop)()
            return f"{SIDE_NAMES[side]} {'takes' if word == TAKE else 'drops'}"
        if word == KEEP and self.phase is Phase.CHOOSE:
            if side != self.turn:
                raise IllegalMoveError("only the winner of the opening throw may keep it")
            self.play_opening_cast()
            return "the opening throw is played"
        return super().command(side, word, argument)

    def resign(self, side: int) -> None:
        """``side`` gives up the game at the cube's value."""
        super().resign(side)
        self.phase = Phase.OVER

    def resign_points(self) -> int:
        """A resignation gives up the cube's value."""
        return self.cube_value

    def throw_to_keep(self) -> tuple[int, int] | None:
        """The opening cast the winner of the opening may keep (``opening=choose``)."""
        if self.phase is not Phase.CHOOSE or not self.opening_cast:
            return None
        black, white = self.opening_cast
        cast = (black[0], white[0]) if len(black) == 1 else (black if self.turn == 0 else white)
        return (cast[0], cast[1])

    def words(self) -> tuple[str, ...]:
        """The cube's words when it is in play, ``keep`` under ``opening=choose``."""
        cube = ("double/take/drop",) if self.cube_allowed else ()
        keep = (KEEP,) if self.variant.options.get("opening") == "choose" else ()
        return cube + keep

    def choices(self, side: int) -> tuple[str, ...]:
        """``double`` before the throw of the side that may, ``take``/``drop`` for the doubled side,
        ``keep`` for the winner of an opening to choose, ``resign`` until the game is over."""
        if self.phase is Phase.OVER:
            return ()
        mover = side == self.turn
        words = {Phase.ROLL: (DOUBLE,) if mover and self.may_double() else (),
                 Phase.DOUBLED: (TAKE, DROP) if mover else (),
                 Phase.CHOOSE: (KEEP,) if mover else ()}.get(self.phase, ())
        return (*words, RESIGN)

    def _expect(self, phase: Phase) -> None:
        if self.phase is not phase:
            raise IllegalMoveError(f"not now: the game is at {self.phase.value!r}, not {phase.value!r}")
