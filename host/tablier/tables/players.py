"""Two simple built-in players, for demonstrations and for playing whole games in tests.

``random``: any legal play. ``greedy``: the play whose resulting position scores best on a few plain
rules of thumb (hit, make points, leave few blots within reach, race ahead, bear off).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .moves import Dice, Play
from .position import BAR, OFF, Position
from .rules import Rules

Player = Callable[[Rules, Position, Dice, random.Random], Play]


def random_player(variant: Rules, position: Position, dice: Dice, rng: random.Random) -> Play:
    """Any legal play, chosen at random."""
    return rng.choice(variant.plays(position, dice))


def greedy_player(variant: Rules, position: Position, dice: Dice, rng: random.Random) -> Play:
    """The legal play that scores best by :func:`score` (ties broken at random)."""
    plays = variant.plays(position, dice)
    rng.shuffle(plays)
    return max(plays, key=lambda play: score(variant, variant.after(position, play), position.turn))


def score(variant: Rules, position: Position, side: int) -> float:
    """How good ``position`` looks for ``side`` by rules of thumb (higher is better)."""
    mine = position.boards[side]
    theirs = position.boards[1 - side]
    value = float(position.pip_count(1 - side) - position.pip_count(side))
    value += 10 * theirs[BAR] + 3 * mine[OFF]
    value += sum(4 for point in range(1, 10) if mine[point] >= 2)
    if variant.hitting:  # his men travel up my numbers: my blots above his rearmost man can be hit
        rearmost = 0 if theirs[BAR] else min(
            (point for point in range(1, 25) if theirs[variant.opposite(point)]), default=25)
        value -= sum(6 + point / 4 for point in range(1, 25) if mine[point] == 1 and point > rearmost)
    return value


PLAYERS: dict[str, Player] = {"random": random_player, "greedy": greedy_player}
