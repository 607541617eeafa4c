"""Spanish Backgammon (Hale, in seed 004): Jacquet's play, scored 3, 2 and 1 per man left by table."""

from __future__ import annotations

from tablier.tables.jacquet import Jacquet, SpanishBackgammon
from tablier.tables.moves import ALL_ROLLS
from tablier.tables.position import WHITE
from tablier.tables.position_text import parse_position

LOSER_LEFT = "W offx15 / B 20x2 15 10x3 2x4 offx5 / B"


def test_three_two_one_per_man_by_table() -> None:
    # first table 2 men x 3, second 1 x 2, third 3 x 1 (counted with the last), last 4 x 1
    result = SpanishBackgammon().result(parse_position(LOSER_LEFT, "parallel"))
    assert result is not None and result.winner == WHITE and result.points == 6 + 2 + 3 + 4


def test_third_table_value_is_an_option() -> None:
    result = SpanishBackgammon(third_table_points=2).result(parse_position(LOSER_LEFT, "parallel"))
    assert result is not None and result.points == 6 + 2 + 6 + 4


def test_whole_stack_left_costs_forty_five() -> None:
    result = SpanishBackgammon().result(parse_position("W offx15 / B 24x15 / B", "parallel"))
    assert result is not None and result.points == 45


def test_no_result_until_fifteen_men_are_off() -> None:
    assert SpanishBackgammon().result(parse_position("W 1 offx14 / B 24x15 / W", "parallel")) is None


def test_moves_exactly_like_jacquet() -> None:
    position = parse_position("W 24x10 18 9 8x2 4 / B 24x11 20 5x3 / W", "parallel")
    for dice in ALL_ROLLS:
        assert SpanishBackgammon().plays(position, dice) == Jacquet().plays(position, dice)
