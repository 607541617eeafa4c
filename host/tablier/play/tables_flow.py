"""Each tables game's turn flow behind one small interface, for the loop that plays on the board.

The rules' own state machines do the work (:class:`~tablier.tables.game.Game` for Backgammon with
its cube, :class:`~tablier.tables.jacquet.FirstThrow` for Jacquet and Spanish Backgammon,
:class:`~tablier.tables.versailles.VersaillesGame`, :class:`~tablier.tables.ticktack_game.TicktackGame`);
a :class:`TablesFlow` only says, the same way for all of them, what is awaited (:data:`OPENING`,
:data:`THROW`, :data:`PLAY`, :data:`ANSWER`, :data:`OVER`), whose turn it is, the position, the
throw and its legal plays, and takes the throws, plays and words of the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablier.errors import IllegalMoveError
from tablier.tables.game import Game, Phase
from tablier.tables.jacquet import DECIDED, Jacquet, postillon_travelling
from tablier.tables.moves import Dice, Play
from tablier.tables.parallel import START_POINT
from tablier.tables.position import BLACK, MEN, Position
from tablier.tables.ticktack import Ticktack
from tablier.tables.ticktack_game import (
    AWAIT_CLAIM_ANSWER,
    AWAIT_FIRST,
    AWAIT_PLAY,
    AWAIT_THROW,
    AWAIT_VIE_ANSWER,
    TicktackGame,
)
from tablier.tables.ticktack_game import OVER as TICKTACK_OVER
from tablier.tables.variant import Variant
from tablier.tables.versailles import AWAIT_LEAD, AWAIT_SECOND, Versailles, VersaillesGame
from tablier.tables.versailles import AWAIT_PLAY as VERSAILLES_PLAY
from tablier.tables.versailles import OVER as VERSAILLES_OVER

OPENING = "opening throw"
THROW = "throw"
PLAY = "play"
ANSWER = "answer"
OVER = "over"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``points`` is what it scores (cube, stakes included)."""

    winner: int
    how: str
    points: int


class TablesFlow:
    """The common interface; see the module docstring. Subclasses wrap one game's flow."""

    variant: Variant
    outcome: Outcome | None = None

    @property
    def awaiting(self) -> str:
        """What comes next: :data:`OPENING`, :data:`THROW`, :data:`PLAY`, :data:`ANSWER` or :data:`OVER`."""
        raise NotImplementedError

    @property
    def position(self) -> Position:
        """The position, with the side to act to move."""
        raise NotImplementedError

    @property
    def turn(self) -> int:
        """The side to act."""
        return self.position.turn

    @property
    def dice(self) -> Dice | None:
        """The throw to play, while a play is awaited."""
        raise NotImplementedError

    def cast_opening(self, first: int, second: int) -> str:
        """Side 0's and side 1's opening die; returns what happened, in words."""
        raise NotImplementedError

    def throw(self, dice: Dice) -> None:
        """The side to act threw ``dice``."""
        raise NotImplementedError

    def legal_plays(self) -> list[Play]:
        """The plays the side to act may make now."""
        raise NotImplementedError

    def play(self, play: Play) -> None:
        """Make ``play`` (one of :meth:`legal_plays`)."""
        raise NotImplementedError

    def must_move(self) -> set[int]:
        """Points (side to act's frame) whose man must move now (the postillon, a touched man)."""
        return set()

    def touch(self, point: int) -> str:
        """The side to act lifted a man of his from ``point`` (touch-move rules); words or ''."""
        return ""

    def command(self, side: int, word: str, argument: str = "") -> str:
        """A word of the table (``double``, ``take``, ``drop``, ``resign``, ``claim``, ``why-not``,
        ``vie``, ``see``, ``yield``); returns what happened; :class:`IllegalMoveError` if refused."""
        if word == "resign":
            self.outcome = Outcome(1 - side, "resignation", self.resign_points())
            return f"side {side} resigns"
        raise IllegalMoveError(f"{word!r} means nothing in {self.variant.title}")

    def resign_points(self) -> int:
        """What a resignation scores."""
        return 1

    def words(self) -> tuple[str, ...]:
        """The words of the table this game has (for the keys line), besides ``resign``."""
        return ()


def _side_name(side: int) -> str:
    return "black" if side == BLACK else "white"


class BackgammonFlow(TablesFlow):
    """Backgammon (and any variant on :class:`Game`): the opening throw and the cube."""

    def __init__(self, variant: Variant, cube_allowed: bool | None = None,
                 position: Position | None = None) -> None:
        self.variant = variant
        self.game = Game(variant, cube_allowed)
        if position is not None:  # a game set up from a position: the side to move throws
            self.game.board.position = position
            self.game.phase = Phase.ROLL

    @property
    def awaiting(self) -> str:
        if self.outcome is not None or self.game.phase is Phase.OVER:
            return OVER
        return {Phase.OPENING: OPENING, Phase.CHOOSE: THROW, Phase.ROLL: THROW, Phase.DOUBLED: ANSWER,
                Phase.MOVE: PLAY}[self.game.phase]

    @property
    def position(self) -> Position:
        return self.game.board.position.with_turn(self.game.turn)

    @property
    def dice(self) -> Dice | None:
        return self.game.dice if self.game.phase is Phase.MOVE else None

    def cast_opening(self, first: int, second: int) -> str:
        winner = self.game.opening((first,), (second,))
        if winner is None:
            return f"opening throw {first} and {second}: equal, throw again"
        then = ("plays them" if self.game.phase is Phase.MOVE else "throws again")
        return f"opening throw {first} and {second}: {_side_name(winner)} begins and {then}"

    def throw(self, dice: Dice) -> None:
        if self.game.phase is Phase.CHOOSE:
            self.game.throw_again()
        self.game.roll(dice)

    def legal_plays(self) -> list[Play]:
        return self.game.legal_plays()

    def play(self, play: Play) -> None:
        self.game.play(play)
        self._finish()

    def _finish(self) -> None:
        if self.game.result is not None:
            result = self.game.result
            self.outcome = Outcome(result.winner, result.kind, result.points)

    def command(self, side: int, word: str, argument: str = "") -> str:
        if word == "double":
            if side != self.game.turn:
                raise IllegalMoveError("only the side to throw may double")
            self.game.double()
            return f"{_side_name(side)} doubles to {self.game.cube_value * 2}"
        if word in ("take", "drop"):
            if self.game.phase is not Phase.DOUBLED or side != self.game.turn:
                raise IllegalMoveError("no double to answer")
            (self.game.take if word == "take" else self.game.drop)()
            self._finish()
            return f"{_side_name(side)} {'takes' if word == 'take' else 'drops'}"
        if word == "keep" and self.game.phase is Phase.CHOOSE:
            self.game.play_opening_cast()
            return "the opening throw is played"
        return super().command(side, word, argument)

    def resign_points(self) -> int:
        return self.game.cube_value

    def words(self) -> tuple[str, ...]:
        cube = ("double/take/drop",) if self.game.cube_allowed else ()
        keep = ("keep",) if self.variant.options.get("opening") == "choose" else ()
        return cube + keep


class JacquetFlow(TablesFlow):
    """Jacquet and Spanish Backgammon: the deciding throw, then throws in turn; the postillon."""

    def __init__(self, variant: Jacquet, position: Position | None = None) -> None:
        self.variant = variant
        self.first = variant.first_throw()
        self._position = variant.start_position() if position is None else position
        self._dice: Dice | None = None
        if position is not None:
            self.first.first = position.turn
            self.first.awaiting = DECIDED

    @property
    def awaiting(self) -> str:
        if self.outcome is not None:
            return OVER
        if self.first.awaiting != DECIDED:
            return OPENING if self.first.first is None else THROW
        return PLAY if self._dice is not None else THROW

    @property
    def position(self) -> Position:
        return self._position

    @property
    def dice(self) -> Dice | None:
        return self._dice

    def cast_opening(self, first: int, second: int) -> str:
        self.first.throw(white=second, black=first)
        if self.first.first is None:
            return f"deciding throw {first} and {second}: equal, throw again"
        self._position = self._position.with_turn(self.first.first)
        if self.first.awaiting == DECIDED:
            self._dice = self.first.dice
            return f"deciding throw {first} and {second}: {_side_name(self.first.first)} plays them"
        return (f"deciding throw {first} and {second}: {_side_name(self.first.first)} may keep them "
                "(`keep`) or throw again (button)")

    def throw(self, dice: Dice) -> None:
        if self.first.awaiting != DECIDED:
            self.first.rethrow(dice)
        self._dice = dice

    def legal_plays(self) -> list[Play]:
        assert self._dice is not None
        return self.variant.plays(self._position, self._dice)

    def play(self, play: Play) -> None:
        assert self._dice is not None
        mover = self._position.turn
        self._position = self.variant.after(self._position, play)
        self._dice = None
        result = self.variant.result(self._position)
        if result is not None:
            self.outcome = Outcome(result.winner, result.kind, result.points)
        elif self._position.turn == mover:
            self._position = self._position.swapped()

    def must_move(self) -> set[int]:
        mine = self._position.mover
        if postillon_travelling(list(mine)) and mine[START_POINT] < MEN:
            return {p for p in range(7, 24) if mine[p]}
        return set()

    def command(self, side: int, word: str, argument: str = "") -> str:
        if word == "keep" and self.first.first is not None and self.first.awaiting != DECIDED:
            self.first.keep()
            self._dice = self.first.dice
            return "the deciding throw is played"
        return super().command(side, word, argument)

    def words(self) -> tuple[str, ...]:
        return ("keep",)


class VersaillesFlow(TablesFlow):
    """Jacquet de Versailles: the lead throw, dice handed to the opponent, the last rule."""

    def __init__(self, variant: Versailles, position: Position | None = None) -> None:
        self.variant = variant
        self.game = VersaillesGame(variant, position)

    @property
    def awaiting(self) -> str:
        if self.outcome is not None or self.game.awaiting == VERSAILLES_OVER:
            return OVER
        if self.game.awaiting == AWAIT_LEAD:
            return OPENING
        return PLAY if self.game.awaiting == VERSAILLES_PLAY else THROW

    @property
    def position(self) -> Position:
        if self.game.awaiting == VERSAILLES_PLAY:
            return self.game.position.with_turn(self.game.duty.side)
        return self.game.position.with_turn(self.game.thrower)

    @property
    def dice(self) -> Dice | None:
        return self.game.duty.dice if self.game.awaiting == VERSAILLES_PLAY else None

    def cast_opening(self, first: int, second: int) -> str:
        self.game.throw_lead(white=second, black=first)
        return f"lead throw {first} and {second}: {self.game.duty.why} for {_side_name(self.game.duty.side)}"

    def throw(self, dice: Dice) -> None:
        if self.game.awaiting == AWAIT_SECOND:
            self.game.rethrow_second(dice.second)
        else:
            self.game.throw(dice)

    def legal_plays(self) -> list[Play]:
        return self.game.legal_plays()

    def play(self, play: Play) -> None:
        self.game.play(play)
        result = self.game.result()
        if result is not None:
            self.outcome = Outcome(result.winner, result.kind, result.points)

    def must_move(self) -> set[int]:
        mine = self.position.mover
        if postillon_travelling(list(mine)) and mine[START_POINT] < MEN:
            return {p for p in range(7, 24) if mine[p]}
        return set()


class TicktackFlow(TablesFlow):
    """Ticktack: touch and take, claims, "Why not?", vies and concessions; stakes carried over."""

    def __init__(self, variant: Ticktack, first: int | None = None, position: Position | None = None) -> None:
        self.variant = variant
        self.game = TicktackGame(variant, position, first if position is None else position.turn)
        if position is not None:  # a game set up from a position: the side to move throws
            self.game.position = position
            self.game.awaiting = AWAIT_THROW

    @property
    def awaiting(self) -> str:
        state = self.game.awaiting
        if self.outcome is not None or state == TICKTACK_OVER:
            return OVER
        if state == AWAIT_FIRST:
            return OPENING
        if state in (AWAIT_VIE_ANSWER, AWAIT_CLAIM_ANSWER):
            return ANSWER
        return PLAY if state == AWAIT_PLAY else THROW

    @property
    def position(self) -> Position:
        return self.game.position

    @property
    def dice(self) -> Dice | None:
        return self.game.dice if self.game.awaiting == AWAIT_PLAY else None

    def cast_opening(self, first: int, second: int) -> str:
        self.game.throw_first(white=second, black=first)
        if self.game.awaiting == AWAIT_FIRST:
            return f"throw for first move {first} and {second}: equal, throw again"
        return f"throw for first move {first} and {second}: {_side_name(self.game.turn)} begins"

    def throw(self, dice: Dice) -> None:
        self.game.throw(dice)

    def legal_plays(self) -> list[Play]:
        return self.game.legal_plays()

    def play(self, play: Play) -> None:
        self.game.play(play)
        self._finish()

    def must_move(self) -> set[int]:
        return {self.game.touched} if self.game.touched is not None else set()

    def touch(self, point: int) -> str:
        if self.game.touched is not None or not self.game.position.mover[point]:
            return ""
        self.game.touch(point)
        return f"touch and take: the man touched on the {point}-point must be played"

    def _finish(self) -> None:
        if self.game.outcome is not None:
            done = self.game.outcome
            self.outcome = Outcome(done.winner, done.how, done.counters)

    def command(self, side: int, word: str, argument: str = "") -> str:
        game = self.game
        if word == "claim":
            if side != game.turn:
                raise IllegalMoveError("only the side to move may claim a win of his throw")
            game.claim(argument)
            self._finish()
            return f"{_side_name(side)} claims {argument}"
        if word == "why-not":
            game.why_not(side)
            self._finish()
            return f"{_side_name(side)} says: Why not?"
        if word == "accept":
            game.accept_claim()
            self._finish()
            return "the claim stands"
        if word == "vie":
            game.vie(side)
            return f"{_side_name(side)} vies the game"
        if word == "see":
            game.see()
            return f"{_side_name(side)} sees it: the game is worth {game.value()} now"
        if word == "yield":
            game.yield_game()
            self._finish()
            return f"{_side_name(side)} yields"
        if word in ("resign", "concede"):
            game.concede(side)
            self._finish()
            return f"{_side_name(side)} concedes"
        return super().command(side, word, argument)

    def words(self) -> tuple[str, ...]:
        return ("claim NAME", "why-not", "accept", "vie/see/yield")


def make_flow(variant: Variant, cube_allowed: bool | None = None, first: int | None = None,
              position: Position | None = None) -> TablesFlow:
    """The flow of one game of ``variant`` (from ``position`` if given, its side to move first)."""
    if isinstance(variant, Versailles):
        return VersaillesFlow(variant, position)
    if isinstance(variant, Ticktack):
        return TicktackFlow(variant, first, position)
    if isinstance(variant, Jacquet):
        return JacquetFlow(variant, position)
    return BackgammonFlow(variant, cube_allowed, position)
