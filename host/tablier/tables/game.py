"""The turn flow of one game of a tables game: the opening throw, the throws, the plays and the cube.

A :class:`Game` is a pure state machine. It never throws dice itself: the caller passes every throw
in (from real dice read on the board, or from :func:`throw` with a seeded ``random.Random``), so the
same calls replay the same game. Illegal calls raise :class:`~tablier.errors.IllegalMoveError` with a
one-line reason and change nothing.

Phases: ``OPENING`` (each side casts one die, or two by agreement; the higher cast plays first; equal
casts are thrown again), ``CHOOSE`` (option ``opening=choose``: the winner plays the opening cast or
throws again), ``ROLL`` (the side to move may double, then throws), ``DOUBLED`` (the other side takes
or drops), ``MOVE`` (the throw is known; the side plays it), ``OVER``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum

from tablier.errors import IllegalMoveError

from .board import Board
from .moves import Dice, Play
from .position import BLACK, SIDE_NAMES, WHITE
from .variant import Result, Variant


class Phase(Enum):
    """Where a game stands."""

    OPENING = "opening"
    CHOOSE = "choose"
    ROLL = "roll"
    DOUBLED = "doubled"
    MOVE = "move"
    OVER = "over"


@dataclass(frozen=True)
class GameResult:
    """How a game ended and what it scores: ``points`` = the result's value times the cube."""

    winner: int
    kind: str
    points: int

    def __str__(self) -> str:
        return f"{SIDE_NAMES[self.winner]} wins: {self.kind}, {self.points} point{'s' * (self.points != 1)}"


def throw(rng: random.Random) -> Dice:
    """Two fair dice from ``rng``."""
    return Dice(rng.randint(1, 6), rng.randint(1, 6))


class Game:
    """One game of ``variant``. ``cube_allowed`` is false when the variant's ``cube`` option is off or
    the match forbids doubling (the Crawford game)."""

    def __init__(self, variant: Variant, cube_allowed: bool | None = None) -> None:
        self.variant = variant
        self.board = Board(variant)
        self.phase = Phase.OPENING
        self.dice: Dice | None = None
        self.opening_cast: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self.cube_value = 1
        self.cube_owner: int | None = None
        option = bool(variant.options.get("cube", False))
        self.cube_allowed = option if cube_allowed is None else cube_allowed and option
        self.result: GameResult | None = None

    @property
    def turn(self) -> int:
        """The side to act: to throw, play, or answer a double."""
        if self.phase is Phase.DOUBLED:
            return 1 - self.board.turn
        return self.board.turn

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
            self.dice = Dice(black[0], white[0])
            self.phase = Phase.MOVE
        elif rule == "play-opening":
            winner_cast = black if first == BLACK else white
            self.dice = Dice(winner_cast[0], winner_cast[1])
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
            self.dice = Dice(black[0], white[0])
        else:
            cast = black if self.board.turn == BLACK else white
            self.dice = Dice(cast[0], cast[1])
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
        self.result = GameResult(self.board.turn, "double refused", self.cube_value)
        self.phase = Phase.OVER

    # --- throws and plays -------------------------------------------------------------------------

    def roll(self, dice: Dice) -> None:
        """The side to move has thrown ``dice``."""
        self._expect(Phase.ROLL)
        self.dice = dice
        self.phase = Phase.MOVE

    def legal_plays(self) -> list[Play]:
        """The distinct legal plays of the current throw."""
        self._expect(Phase.MOVE)
        assert self.dice is not None
        return self.board.legal_plays(self.dice)

    def play(self, play: Play) -> None:
        """Make ``play`` with the current throw (checked); ends the game when a side is off."""
        self._expect(Phase.MOVE)
        assert self.dice is not None
        self.board.push_play(self.dice, play)
        self.dice = None
        outcome: Result | None = self.board.result()
        if outcome is None:
            self.phase = Phase.ROLL
            return
        self.result = GameResult(outcome.winner, outcome.kind, outcome.points * self.cube_value)
        self.phase = Phase.OVER

    def _expect(self, phase: Phase) -> None:
        if self.phase is not phase:
            raise IllegalMoveError(f"not now: the game is at {self.phase.value!r}, not {phase.value!r}")
