"""One game loop for every seat: a game as the actions of its two sides and of chance.

As OpenSpiel's games have chance nodes (``spiel.h``), the dice here are a player of their own,
:data:`CHANCE`: the opening throw and every throw are its actions, as a play or a word of the table
(a double, a take, Ticktack's vie or claim, Jacquet's kept throw) is a side's. So one loop plays any
game, whatever its flow: Jacquet de Versailles' dice handed over, a first throw kept or thrown again,
the cube and the vies need no loop of their own; the game (a family's :class:`Game`) says who acts
next, and each seat (:class:`Seat`) says what it does.

:func:`play_game` is that loop for ``tablier selfplay``. The seats at the board (the computer, the
built-in hands, a far board's seat) ask their family's game the same two questions, each at its
own pace: the words a side may say now (:meth:`Game.speakers`, :meth:`Seat.speak`), then what the
side to act does (:meth:`Game.to_act`, :meth:`Seat.act`), the dice thrown when chance is to act.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

M = TypeVar("M")
M_co = TypeVar("M_co", covariant=True)
G_contra = TypeVar("G_contra", contravariant=True)

CHANCE = -1
"""The actor that throws the dice (a side is 0 or 1)."""

#: The kinds of :class:`Action`: chance's throws, a side's move; any other kind is a word of the table.
OPENING_THROW = "opening throw"
THROW = "throw"
MOVE = "move"


class IllegalActionError(RuntimeError):
    """A seat chose an action the game does not allow now (a seat's bug: the tests play thousands)."""


@dataclass(frozen=True)
class Action(Generic[M_co]):
    """One step of a game: ``actor`` (:data:`CHANCE`, or a side) does ``kind``: a throw of ``dice``
    (chance), a ``move`` (a side), or a word of the table with its ``argument``."""

    actor: int
    kind: str
    move: M_co | None = None
    dice: tuple[int, int] = (0, 0)
    argument: str = ""

    @property
    def line(self) -> str:
        """A word of the table as it is typed: ``claim Hit``, ``double``."""
        return f"{self.kind} {self.argument}".strip()


class Game(Protocol[M]):
    """A game as the loop plays it (a family's adapter over its rules: a tables turn, a draughts
    board)."""

    def to_act(self) -> int | None:
        """Who acts next: :data:`CHANCE` (a throw), a side (a move, or the answer a word asks), or
        None once the game is over."""
        ...

    def speakers(self) -> tuple[int, ...]:
        """The sides that may say a word of the table now, before the actor acts."""
        ...

    def chance(self, rng: random.Random) -> Action[M]:
        """Chance's action now: the throw the game awaits, from ``rng``."""
        ...

    def apply(self, action: Action[M]) -> None:
        """Do ``action``; :class:`IllegalActionError` if the game does not allow it."""
        ...

    def result(self) -> tuple[int | None, float]:
        """The winning side (None: a draw, or not over) and what he won."""
        ...


class Seat(Protocol[G_contra, M_co]):
    """A side's player: what he says and does in a game of type ``G_contra``."""

    def speak(self, game: G_contra, side: int) -> Action[M_co] | None:
        """The word ``side`` says now, if any (he may say nothing)."""
        ...

    def act(self, game: G_contra, side: int) -> Action[M_co]:
        """What ``side`` does when he is to act: his move, or the answer a word asks of him."""
        ...


GameT = TypeVar("GameT", bound=Game[Any])


def next_action(game: GameT, seats: tuple[Seat[GameT, Any], Seat[GameT, Any]],
                rng: random.Random) -> Action[Any] | None:
    """The next action of ``game``: a word a side says, else the actor's action (chance's throw from
    ``rng``); None once the game is over."""
    actor = game.to_act()
    if actor is None:
        return None
    for side in game.speakers():
        said = seats[side].speak(game, side)
        if said is not None:
            return said
    return game.chance(rng) if actor == CHANCE else seats[actor].act(game, actor)


def play_game(game: GameT, seats: tuple[Seat[GameT, Any], Seat[GameT, Any]], rng: random.Random,
              limit: int) -> tuple[int | None, float]:
    """Play ``game`` to its end (or ``limit`` actions: a draw), ``seats[n]`` playing side ``n``;
    the winning side (None: a draw) and his points."""
    for _ in range(limit):
        action = next_action(game, seats, rng)
        if action is None:
            return game.result()
        game.apply(action)
    return None, 0


@dataclass(frozen=True)
class MatchPlan(Generic[GameT]):
    """What a family's wing gives a series of games: a new game from the start, the two players'
    seats (the first plays side 0), how many actions a game may take before it is drawn, and whether
    a draw gives each side half a point (draughts)."""

    new_game: Callable[[], GameT]
    seats: tuple[Seat[GameT, Any], Seat[GameT, Any]]
    limit: int
    draw_shares: bool = False
