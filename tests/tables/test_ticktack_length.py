"""Ticktack's strict limit on game length (docs/rules/ticktack.md, "How long a game can last").

At most MOVING_TURNS_BOUND = 719 turns in which a man moves: every such turn moves its side at least
one point forward, a side travels 15 x 24 = 360 points in all and the game ends when one side has
travelled all of it. Passes do not change the position; a position where both sides pass on every
throw does not exist, so a game ends with probability one, but a run of throws both sides must pass
on (6-6 below) is possible.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tablier.tables.moves import ALL_ROLLS, Dice
from tablier.tables.position import BLACK, MEN, WHITE, Position
from tablier.tables.position_text import parse_position
from tablier.tables.ticktack import MOVING_TURNS_BOUND, Ticktack

TURN_LIMIT = 20_000


def random_game(variant: Ticktack, seed: int) -> tuple[Position, int, list[Position]]:
    """A random game in which nobody claims a win (the longest games), played until a side has borne
    off every man; returns the end, the turns in which a man moved, and a sample of positions."""
    rng = random.Random(seed)
    position = variant.start_position(WHITE)
    moving_turns = 0
    seen: list[Position] = []
    for turn in range(TURN_LIMIT):
        if variant.result(position) is not None:
            return position, moving_turns, seen
        dice = Dice(rng.randint(1, 6), rng.randint(1, 6))
        play = rng.choice(variant.plays(position, dice))
        after = variant.after(position, play)
        mover = position.turn
        assert sum(after.boards[mover]) == MEN and after.boards[1 - mover] == position.waiter
        if play:
            moving_turns += 1
            assert after.pip_count(mover) < position.pip_count(mover)
        if turn % 10 == 0:
            seen.append(after)
        position = after
    raise AssertionError(f"no end after {TURN_LIMIT} turns")


@settings(deadline=None, max_examples=80)
@given(st.integers(0, 2**32), st.sampled_from([2, 4]))
def test_random_games_end_within_the_bound(seed: int, doublets: int) -> None:
    variant = Ticktack(doublets=doublets)
    end, moving_turns, _ = random_game(variant, seed)
    assert variant.result(end) is not None
    assert moving_turns <= MOVING_TURNS_BOUND


@settings(deadline=None, max_examples=10)
@given(st.integers(0, 2**32))
def test_no_position_where_both_sides_pass_on_every_throw(seed: int) -> None:
    variant = Ticktack()
    _, _, positions = random_game(variant, seed)
    for position in positions:
        assert any(variant.plays(position.with_turn(side), dice) != [()]
                   for side in (WHITE, BLACK) for dice in ALL_ROLLS)


def test_the_bound_is_two_sides_travel_less_one() -> None:
    assert MOVING_TURNS_BOUND == 2 * 15 * 24 - 1 == 719


def test_both_sides_may_pass_on_the_same_throw_forever() -> None:
    # each side's back men face a stop six points ahead; the rest are home but cannot bear off
    text = "W 24x2 7x2 6x3 5x2 4x2 3x2 2x2 / B 24x2 7x2 6x3 5x2 4x2 3x2 2x2 / {}"
    variant = Ticktack()
    for side in "WB":
        position = parse_position(text.format(side), "contrary")
        variant.validate(position)
        assert variant.plays(position, Dice(6, 6)) == [()]
        assert variant.wins(position, Dice(6, 6)) == []
        assert variant.plays(position, Dice(1, 1)) != [()]
