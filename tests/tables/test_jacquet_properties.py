"""Properties of Jacquet, Versailles and Spanish Backgammon on random games: men are conserved, plays
are maximal and agree with the core's generic generator, and random games end."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablier.tables.jacquet import Jacquet, SpanishBackgammon
from tablier.tables.movegen import generic_plays
from tablier.tables.moves import Dice
from tablier.tables.position import MEN, WHITE, Position
from tablier.tables.versailles import Versailles, dice_used

TURN_LIMIT = 3000


def random_game(variant: Jacquet, seed: int, check_every: int = 0) -> tuple[Position, int]:
    """Play a random game to its end; check the invariants each turn (and every ``check_every`` turns
    the plays against the core's generic generator, for throws of four movements or fewer); return
    the end and its length."""
    rng = random.Random(seed)
    position = variant.start_position(WHITE)
    for turn in range(TURN_LIMIT):
        if variant.result(position) is not None:
            return position, turn
        dice = Dice(rng.randint(1, 6), rng.randint(1, 6))
        plays = variant.plays(position, dice)
        assert plays, "there is always a play, if only the empty one"
        assert len({len(play) for play in plays}) == 1, "every legal play uses as many numbers"
        if check_every and turn % check_every == 0 and len(variant.dice_steps(dice)) <= 4:
            reference = generic_plays(position.mover, variant.theirs(position), False,
                                      variant.dice_steps(dice), variant.step_allowed, memo=False)
            assert {variant.after(position, play) for play in plays} == \
                {variant.after(position, play) for play in reference}
        play = rng.choice(plays)
        after = variant.after(position, play)
        left = Counter(variant.dice_steps(dice))
        left.subtract(dice_used(variant.dice_steps(dice), play))
        mid_turn = after.with_turn(position.turn)
        for die in +left:
            assert variant.plays_of_steps(mid_turn, (die,)) == [()], "a play is never cut short"
        variant.validate(after)
        assert sum(after.boards[position.turn]) == MEN, "men are conserved"
        assert after.boards[1 - position.turn] == position.waiter, "no man is ever hit"
        assert after.pip_count(position.turn) <= position.pip_count(position.turn) - (1 if play else 0)
        position = after
    raise AssertionError(f"no result after {TURN_LIMIT} turns")


@settings(deadline=None, max_examples=40)
@given(st.integers(0, 2**32))
def test_random_jacquet_games_end_and_agree_with_the_generic_generator(seed: int) -> None:
    end, _ = random_game(Jacquet(), seed, check_every=7)
    result = Jacquet().result(end)
    assert result is not None and result.points in (1, 2)


@settings(deadline=None, max_examples=4)
@given(st.integers(0, 2**32), st.sampled_from(["unrestricted", "variable"]))
def test_random_games_under_other_closing_conventions(seed: int, closing: str) -> None:
    random_game(Jacquet(closing=closing, return_men=1), seed)


@settings(deadline=None, max_examples=20)
@given(st.integers(0, 2**32))
def test_random_versailles_games_end(seed: int) -> None:
    random_game(Versailles(), seed, check_every=9)


@settings(deadline=None, max_examples=4)
@given(st.integers(0, 2**32))
def test_random_spanish_games_score_by_men_left(seed: int) -> None:
    end, _ = random_game(SpanishBackgammon(), seed)
    result = SpanishBackgammon().result(end)
    assert result is not None
    loser = end.boards[1 - result.winner]
    assert MEN - loser[0] <= result.points <= 3 * (MEN - loser[0])


@pytest.mark.full
@pytest.mark.parametrize("name", ["jacquet", "versailles"])
def test_full_sweep_every_turn_agrees_with_the_generic_generator(name: str) -> None:
    variant = Jacquet() if name == "jacquet" else Versailles()
    for seed in range(200):
        random_game(variant, seed, check_every=1)
