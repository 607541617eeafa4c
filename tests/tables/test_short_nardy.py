"""Short Nardy (korotkie nardy): Backgammon's moves with the Russian clubs' opening and scoring."""

from __future__ import annotations

import random

import pytest
from tables_oracles import gnubg_generator, random_position

from harness.legal_plays import plays_of
from tablier.games import find_game
from tablier.tables import ALL_ROLLS
from tablier.tables.catalog import make_variant
from tablier.tables.position_text import frame_of, parse_position
from tablier.tables.turn import Awaiting

START = "W 24x2 13x5 8x3 6x5 / B 24x2 13x5 8x3 6x5 / B"


def result_of(text: str, **options: str) -> str:
    variant = make_variant("short-nardy", options)
    position = parse_position(text, frame_of(variant))
    variant.validate(position)
    return str(variant.result(position))


def test_known_by_its_russian_names_too() -> None:
    assert find_game("korotkie-nardy").name == find_game("Short-Nardi").name == "short-nardy"


@pytest.mark.parametrize("dice", ["3-1", "6-5", "4-4", "6-6"])
def test_plays_backgammons_moves_from_backgammons_start(dice: str) -> None:
    assert plays_of("short-nardy", START, dice) == plays_of("backgammon", START, dice)
    assert "8/5 6/5" in plays_of("short-nardy", START, "3-1")  # the 5-point made


def test_hitting_entering_and_bearing_off_are_backgammons() -> None:
    bar = "W 6x2 5x2 4x2 3x2 2x2 24x5 / B 13x14 bar / B"  # black on the bar, white's home nearly shut
    assert plays_of("short-nardy", bar, "6-1") == plays_of("backgammon", bar, "6-1")
    bearing = "W 20x15 / B 6x2 4x3 2x10 / B"
    assert plays_of("short-nardy", bearing, "6-4") == plays_of("backgammon", bearing, "6-4")


def test_oin_mars_and_koks() -> None:
    assert result_of("W offx15 / B 1 offx14") == "white wins a single game (1 point)"
    assert result_of("W offx15 / B 12x15") == "white wins a gammon (2 points)"  # mars
    assert result_of("W offx15 / B 24x15") == "white wins a backgammon (3 points)"  # koks
    assert result_of("W offx15 / B 24x15", backgammons="no") == "white wins a gammon (2 points)"


def test_the_clubs_custom_is_the_default_and_the_rest_are_options() -> None:
    variant = make_variant("short-nardy")
    assert variant.options == {"opening": "play-opening", "cube": False, "backgammons": True}
    turn = variant.new_turn()
    turn.cast_opening(5, 2)  # one die each: black's 5 beats white's 2 and plays 5-2 at once
    assert turn.awaiting is Awaiting.PLAY and turn.dice is not None and sorted(turn.dice) == [2, 5]
    assert turn.cube is None and "double" not in turn.choices(turn.turn)
    again = make_variant("short-nardy", {"opening": "throw-again", "cube": "yes"}).new_turn()
    again.cast_opening(5, 2)
    assert again.awaiting is Awaiting.THROW and "double" in again.choices(again.turn)


def test_its_facts_are_backgammons_moves_but_not_backgammons_records() -> None:
    facts = find_game("short-nardy").facts
    assert facts.gnubg_moves and not facts.match_play and "mat" not in facts.formats


def _compare_with_gnubg(seed: int, positions: int) -> int:
    """Every throw of ``positions`` random positions: our plays reach GNU Backgammon's positions."""
    variant = make_variant("short-nardy")
    gnubg = gnubg_generator()
    rng = random.Random(seed)
    compared = 0
    for _ in range(positions):
        position = random_position(rng)
        for dice in ALL_ROLLS:
            ours = {variant.after(position, play) for play in variant.plays(position, dice)}
            assert ours == gnubg.positions(position, dice), f"{position} with {dice}"
            compared += 1
    return compared


def test_same_plays_as_gnu_backgammons_move_generator_on_a_sample() -> None:
    pytest.importorskip("gnubg")
    assert _compare_with_gnubg(seed=1974, positions=300) == 300 * 21


@pytest.mark.full
def test_same_plays_as_gnu_backgammons_move_generator_on_thousands_of_positions() -> None:
    pytest.importorskip("gnubg")
    assert _compare_with_gnubg(seed=1975, positions=5000) == 5000 * 21
