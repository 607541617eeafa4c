"""The races' fast generator under their rules on walls, on positions built to sit near a wall.

Jacquet's and Spanish Backgammon's closing rules, Jacquet de Versailles', Fevga's and Long Nardy's
forbid a step that makes six points in a row (or fills the starting table) while adversary men
stand behind. A doublet is generated in one order of its steps, and the plays that order makes a
forbidden wall are searched for another legal order: the plays must stay those of the reference
(every order tried, each step asked), with as many dice, and come in the reference's order.
Positions hold five points in a row with adversary men behind them and men able to close the
sixth; the default run holds a sample, ``make test-full`` thousands of throws more.
"""

from __future__ import annotations

import random

import pytest
from test_fast_generation import assert_same_plays, reference_plays

from tablier.errors import InvalidPositionError
from tablier.tables.catalog import make_variant
from tablier.tables.moves import ALL_ROLLS, Dice
from tablier.tables.position import MEN, WHITE, Position
from tablier.tables.variant import Variant

WALL_GAMES: tuple[tuple[str, dict[str, str]], ...] = (
    ("jacquet", {}),
    ("jacquet", {"closing": "variable"}),
    ("jacquet", {"return_men": "1"}),
    ("jacquet", {"closing": "variable", "return_men": "1"}),
    ("jacquet", {"closing": "unrestricted"}),
    ("spanish", {}),
    ("spanish", {"closing": "variable", "return_men": "1"}),
    ("versailles", {}),
    ("versailles", {"closing": "variable"}),
    ("fevga", {}),
    ("fevga", {"first_man": "starting-table"}),
    ("fevga", {"starting_table": "no"}),
    ("fevga", {"prime": "free"}),
    ("nardy", {}),
)
IDS = [name + "".join(f",{key}={value}" for key, value in options.items()) for name, options in WALL_GAMES]
DOUBLETS = [dice for dice in ALL_ROLLS if dice.is_doublet]


def near_wall(variant: Variant, rng: random.Random) -> Position:
    """A position of ``variant`` with the mover (white) holding five points in a row, men above
    them able to close a sixth, sometimes return men on the home 1- and 2-points, and adversary
    men on the free points: often some, sometimes all, behind the row on their way."""
    while True:
        mine = [0] * 26
        low = rng.randint(1, 19)
        for point in range(low, low + 5):
            mine[point] = rng.randint(1, 2)
        others = [point for point in range(1, 25) if not mine[point]]
        closers = [point for point in (low + 5 + rng.randint(1, 6), low - 1 + rng.randint(1, 6))
                   if point in others]  # a man who may make the sixth point
        spots = [*closers, *rng.sample(others, rng.randint(1, 4))]
        if rng.random() < 0.3:
            spots += [point for point in (1, 2) if not mine[point] and rng.random() < 0.7]
        for _ in range(MEN - sum(mine)):
            mine[rng.choice(spots)] += 1
        free = [point for point in range(1, 25) if not mine[point]]
        theirs = [0] * 26  # counted on the adversary's points
        wall_top = max(variant.opposite(point) for point in range(low, low + 5))
        behind = [point for point in free if variant.opposite(point) > wall_top]
        their_points = rng.sample(free, min(len(free), rng.randint(2, 5)))
        if behind and rng.random() < 0.4:  # every man behind (Fevga's and Nardy's wall rule)
            their_points = rng.sample(behind, min(len(behind), rng.randint(1, 3)))
        elif behind and rng.random() < 0.8:
            their_points += rng.sample(behind, min(len(behind), rng.randint(1, 2))) * 2
        for _ in range(MEN):
            theirs[variant.opposite(rng.choice(their_points))] += 1
        position = Position((tuple(theirs), tuple(mine)), WHITE)  # the boards of black, white
        try:
            variant.validate(position)
        except InvalidPositionError:
            continue
        return position


def assert_reference_order(variant: Variant, position: Position, dice: Dice) -> None:
    """The plays of a doublet come in the every-order search's order (the reference's)."""
    ours = [variant.after(position, play) for play in variant.plays(position, dice)]
    steps = variant.dice_steps(dice)
    theirs = [variant.after(position, play) for play in reference_plays(variant, position, steps, dice)]
    assert ours == theirs, f"{position} with {dice}: the plays in another order"


def _compare(name: str, options: dict[str, str], seed: int, positions: int, throws: list[Dice]) -> None:
    variant = make_variant(name, options)
    rng = random.Random(seed)
    for _ in range(positions):
        position = near_wall(variant, rng)
        for dice in throws:
            assert_same_plays(variant, position, dice)


@pytest.mark.parametrize(("name", "options"), WALL_GAMES, ids=IDS)
def test_the_races_play_as_the_reference_near_a_wall(name: str, options: dict[str, str]) -> None:
    rng = random.Random(6)
    _compare(name, options, seed=len(options) + len(name), positions=6,
             throws=[*DOUBLETS, *rng.sample([d for d in ALL_ROLLS if not d.is_doublet], 2)])


@pytest.mark.parametrize("name", ["jacquet", "spanish", "fevga"])
def test_doublets_near_a_wall_come_in_the_every_order_search_order(name: str) -> None:
    variant = make_variant(name)
    rng = random.Random(1890)
    for _ in range(6):
        position = near_wall(variant, rng)
        for dice in DOUBLETS:
            assert_reference_order(variant, position, dice)


@pytest.mark.full
@pytest.mark.timeout(1800)
@pytest.mark.parametrize(("name", "options"), WALL_GAMES, ids=IDS)
def test_the_races_play_as_the_reference_near_thousands_of_walls(name: str, options: dict[str, str]) -> None:
    _compare(name, options, seed=2026, positions=150, throws=list(ALL_ROLLS))


def _board(men: dict[int, int]) -> tuple[int, ...]:
    return tuple(men.get(place, 0) for place in range(26))


@pytest.mark.parametrize(("name", "options"), [("jacquet", {}), ("jacquet", {"closing": "variable"}),
                                               ("spanish", {}), ("versailles", {})])
def test_a_doublet_that_cannot_be_played_in_full_near_a_wall_plays_as_the_reference(
        name: str, options: dict[str, str]) -> None:
    # White's 6-6 plays one six (9/3): the every-order search, which tries a step above the last
    # one only where the two may bear on each other, still finds the short plays.
    variant = make_variant(name, options)
    black = _board({23: 6, 22: 3, 20: 1, 12: 2, 4: 3})
    white = _board({14: 1, 13: 6, 9: 1, 6: 1, 5: 2, 4: 1, 3: 1, 2: 2})
    position = Position((black, white), WHITE)
    dice = Dice(6, 6)
    assert len(variant.plays(position, dice)[0]) < len(variant.dice_steps(dice))
    assert_same_plays(variant, position, dice)
    assert_reference_order(variant, position, dice)
