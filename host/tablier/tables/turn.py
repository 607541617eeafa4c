"""The turn of a tables game as one interface: what is awaited, the throws, the plays and the words
of the table.

Each game's own state machine is a :class:`Turn`: :class:`~tablier.tables.game.Game` (Backgammon
and the games played on its flow, with the doubling cube), :class:`~tablier.tables.jacquet.JacquetGame`
(Jacquet and Spanish Backgammon: the deciding throw, the postillon),
:class:`~tablier.tables.versailles.VersaillesGame` and :class:`~tablier.tables.ticktack_game.TicktackGame`;
:meth:`Variant.new_turn <tablier.tables.variant.Variant.new_turn>` makes the one a game is played by.
Whoever plays a game (the board, the computer) asks a turn the same questions whatever the game:
what it awaits (:class:`Awaiting`), whose turn it is, the position, the throw and its legal plays,
and which words of the table each side may say now (:meth:`Turn.choices`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from tablier.errors import IllegalMoveError

from .moves import Dice, Play
from .position import SIDE_NAMES, Position

if TYPE_CHECKING:
    from .rules import Rules


class Awaiting(StrEnum):
    """What a turn waits for."""

    OPENING = "opening throw"
    THROW = "throw"
    PLAY = "play"
    ANSWER = "answer"
    OVER = "over"


OPENING = Awaiting.OPENING
THROW = Awaiting.THROW
PLAY = Awaiting.PLAY
ANSWER = Awaiting.ANSWER
OVER = Awaiting.OVER


# The words of the table (``docs/play.md``), said by a side and answered by the turn.
DOUBLE = "double"
TAKE = "take"
DROP = "drop"
KEEP = "keep"
CLAIM = "claim"
WHY_NOT = "why-not"
ACCEPT = "accept"
VIE = "vie"
SEE = "see"
YIELD = "yield"
RESIGN = "resign"
CONCEDE = "concede"

#: The words said by the side to act when nobody is named; the others are his adversary's.
ACTOR_WORDS = (DOUBLE, CLAIM, VIE, RESIGN, CONCEDE, KEEP, TAKE, DROP)
#: Every word of the table some tables game knows (its turn says whether it means something now).
TABLE_WORDS = (*ACTOR_WORDS, WHY_NOT, ACCEPT, SEE, YIELD)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner, how, and what it scores in the game's unit (the cube and the
    stakes included)."""

    winner: int
    how: str
    points: int

    def __str__(self) -> str:
        return f"{SIDE_NAMES[self.winner]} wins: {self.how}, {self.points} point{'s' * (self.points != 1)}"


class Turn(ABC):
    """One game of a tables game from its opening throw to its outcome; see the module docstring.

    ``cube_value`` (the doubling cube's value) and ``vies`` (the vies seen) are 1 and 0 in the
    games that have no cube or no vies."""

    variant: Rules
    outcome: Outcome | None = None
    cube_value: int = 1
    vies: int = 0
    _position: Position

    @property
    @abstractmethod
    def awaiting(self) -> Awaiting:
        """What comes next."""

    @property
    def position(self) -> Position:
        """The position, with the side to act to move (kept as the turn sets it)."""
        return self._position

    @position.setter
    def position(self, position: Position) -> None:
        self._position = position

    @property
    def turn(self) -> int:
        """The side to act: to throw, to play, or to answer."""
        return self.position.turn

    def answering(self) -> int:
        """The side whose answer is awaited (while :data:`ANSWER` is): the side to act, unless the
        game says otherwise."""
        return self.turn

    @property
    @abstractmethod
    def dice(self) -> Dice | None:
        """The throw to play, while a play is awaited."""

    @abstractmethod
    def cast_opening(self, black: int, white: int) -> str:
        """Each side's die of the opening throw; returns what happened, in words."""

    @abstractmethod
    def throw(self, dice: Dice) -> None:
        """The side to act threw ``dice``."""

    @abstractmethod
    def legal_plays(self) -> list[Play]:
        """The plays the side to act may make now."""

    @abstractmethod
    def play(self, play: Play) -> None:
        """Make ``play`` (one of :meth:`legal_plays`)."""

    @property
    def cube(self) -> tuple[int, int | None] | None:
        """The doubling cube while it is in play in this game: its value and owner (None: in the
        middle); None in a game without it."""
        return None

    def throw_to_keep(self) -> tuple[int, int] | None:
        """The throw the side to act may keep (``keep``) or throw again: a deciding or opening
        throw; None when there is none."""
        return None

    def must_move(self) -> set[int]:
        """Points (the side to act's frame) whose man must move now (the postillon, a touched man)."""
        return set()

    def touch(self, point: int) -> str:
        """The side to act lifted a man of his from ``point``; what the rules make of it, in words
        (Ticktack's touch and take), or ''."""
        return ""

    def command(self, side: int, word: str, argument: str = "") -> str:
        """A word of the table (:data:`TABLE_WORDS`) said by ``side``; returns what happened, in
        words; :class:`~tablier.errors.IllegalMoveError` if it is refused (nothing changes)."""
        if word == RESIGN and self.awaiting is not Awaiting.OVER:
            self.resign(side)
            return f"side {side} resigns"
        raise IllegalMoveError(f"{word!r} means nothing in {self.variant.title}")

    def resign(self, side: int) -> None:
        """``side`` gives up the game: his adversary wins what :meth:`resign_points` says."""
        self.outcome = Outcome(1 - side, "resignation", self.resign_points())

    def resign_points(self) -> int:
        """What a resignation scores."""
        return 1

    def words(self) -> tuple[str, ...]:
        """The words of the table this game has, for the keys line (``resign`` aside)."""
        return ()

    def choices(self, side: int) -> tuple[str, ...]:
        """The words of the table :meth:`command` takes from ``side`` now (``claim`` with the name
        of a win of the throw)."""
        return () if self.awaiting is Awaiting.OVER else (RESIGN,)
