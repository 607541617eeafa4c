"""Ticktack (seed 000 + rules/ticktack.md): the board, the moves and the ways to win, rule by rule.

Positions use the own frame: the note's route position r is point 25 - r. A Black man on the
note's "White's r" stands on White's point 25 - r, i.e. Black's own point r.
"""

from __future__ import annotations

import pytest

from tablier.errors import InvalidPositionError
from tablier.tables.moves import Dice, Move
from tablier.tables.notation import format_play
from tablier.tables.position import BLACK, WHITE, Position
from tablier.tables.position_text import parse_position
from tablier.tables.ticktack import (
    BEARING_OFF,
    GOING_IN,
    HIT,
    TOUTES,
    Ticktack,
    WinRule,
    going_in_men,
    hit_reaches,
)

TICKTACK = Ticktack()


def pos(text: str, variant: Ticktack = TICKTACK) -> Position:
    position = parse_position(text, "contrary")
    variant.validate(position)
    return position


def win_names(position: Position, dice: str, variant: Ticktack = TICKTACK) -> list[str]:
    return [rule.name for rule in variant.wins(position, Dice.parse(dice))]


def texts(position: Position, dice: str, variant: Ticktack = TICKTACK) -> set[str]:
    return {format_play(play) for play in variant.plays(position, Dice.parse(dice))}


# --- board, men and route (rules 1-5) --------------------------------------------------------------

def test_rule_1_4_fifteen_men_each_all_on_the_ace_point() -> None:
    start = TICKTACK.start_position(WHITE)
    assert start.boards[WHITE][24] == 15 and start.boards[BLACK][24] == 15


def test_rule_2_3_route_and_facing_points() -> None:
    # r = 1..12 my points 1..12, r = 13..24 his points 12..1: his point k is my point k (own frame)
    black_on_his_11 = pos("W 24x15 / B 14 24x14 / W")     # Black's r = 11 is his point 14
    assert TICKTACK.theirs(black_on_his_11)[11] == 1
    assert TICKTACK.opposite(24) == 1                      # my start faces... his ace is my 1


def test_rule_5_one_man_unbound_two_bind_a_stop() -> None:
    # White's man on 22 (r = 3); one Black man on White's 18 (r = 7): not a landing, but a Hit
    single = pos("W 22 24x14 / B 7 24x14 / W")
    assert all(Move(22, 18) not in play for play in TICKTACK.plays(single, Dice(4, 1)))
    assert "Hit" in win_names(single, "4-1")
    bound = pos("W 22 24x14 / B 7x2 24x13 / W")
    assert "Hit" not in win_names(bound, "4-1")


# --- throwing and moving (rules 6-13) --------------------------------------------------------------

def test_rule_7_two_moves_or_one_man_twice() -> None:
    assert texts(TICKTACK.start_position(WHITE), "4-3") == {"24/21 24/20", "24/17"}


def test_rule_8_doublets_two_moves_option_four() -> None:
    start = TICKTACK.start_position(WHITE)
    assert max(len(play) for play in TICKTACK.plays(start, Dice(3, 3))) == 2
    assert texts(start, "3-3") == {"24/21(2)", "24/18"}
    assert max(len(play) for play in Ticktack(doublets=4).plays(start, Dice(3, 3))) == 4


def test_rule_9_never_on_a_stop_resting_point_must_be_allowed() -> None:
    position = pos("W 24x15 / B 5x2 4x2 24x11 / W")    # Black stops on White's 20 and 21
    assert texts(position, "4-3") == {"cannot move"}       # 17 only by resting on 20 or 21: stops
    assert texts(position, "6-1") == {"24/17", "24/23 24/18"}


def test_rule_10_higher_die_when_only_one_can_be_played_option_either() -> None:
    # a lone man on 8 (r = 17) with 6-5: 8/2 or 8/3, then nothing else moves (the others are stopped)
    position = pos("W 8 24x14 / B 7x2 6x2 24x11 / W")
    assert texts(position, "6-5") == {"8/2"}
    assert texts(position, "6-5", Ticktack(higher_die=False)) == {"8/2", "8/3"}


def test_rule_11_no_capture_no_bar() -> None:
    position = pos("W 22 24x14 / B 7 24x14 / W")
    assert all(not move.hit for play in TICKTACK.plays(position, Dice(4, 1)) for move in play)
    with pytest.raises(InvalidPositionError, match="bar"):
        pos("W bar 24x14 / B 24x15 / W")


def test_rule_12_bearing_off_backgammon_rule() -> None:
    position = pos("W 5 3x14 / B 24x15 / W")
    # the 6 takes the 5 off; the 4 then takes a 3 (5/1 is no move: Black's stack is on White's 1)
    assert texts(position, "6-4") == {"5/off 3/off"}
    assert texts(pos("W 5 3x14 / B 23x15 / W"), "6-4") == {"5/off 3/off", "5/1 3/off"}
    exact = Ticktack(bear_off="exact")
    assert texts(pos("W 5 3x14 / B 23x15 / W", exact), "6-4", exact) == {"5/1"}
    assert texts(pos("W 5 3x14 / B 23x15 / W", exact), "5-3", exact) == {"5/off 3/off"}


# --- the ways to win (rules 14-19) ------------------------------------------------------------------

def test_note_example_no_hit_through_two_stops() -> None:
    # White r = 3 (22); Black one man on White's r = 13 (12), stops on r = 7 (18) and r = 9 (16)
    position = pos("W 22 24x14 / B 13 7x2 9x2 24x10 / W")
    assert hit_reaches(TICKTACK, position, Dice(6, 4)) == []
    open_way = pos("W 22 24x14 / B 13 7x2 24x12 / W")      # r = 9 open: 22/16/12 reaches
    assert hit_reaches(TICKTACK, open_way, Dice(6, 4)) == [(22, 12)]


def test_rule_14_hit_at_either_die_or_both() -> None:
    position = pos("W 22 24x14 / B 7 24x14 / W")           # blot on White's 18
    assert hit_reaches(TICKTACK, position, Dice(4, 2)) == [(24, 18), (22, 18)]
    assert hit_reaches(TICKTACK, position, Dice(3, 1)) == [(22, 18)]
    assert hit_reaches(TICKTACK, position, Dice(5, 5)) == []


def test_rule_14_doublet_reaches_n_and_2n_only() -> None:
    position = pos("W 24x15 / B 9 24x14 / W")              # blot on White's 16: 8 away
    assert hit_reaches(TICKTACK, position, Dice(4, 4)) == [(24, 16)]
    far = pos("W 24x15 / B 13 24x14 / W")                  # blot on White's 12: 12 away
    assert hit_reaches(TICKTACK, far, Dice(4, 4)) == []
    assert hit_reaches(Ticktack(doublets=4), far, Dice(4, 4)) == [(24, 12)]


def test_rule_14_hit_is_worth_one_and_nothing_has_to_move() -> None:
    position = pos("W 22 24x14 / B 7 24x14 / W")
    assert TICKTACK.wins(position, Dice(4, 2)) == [HIT] and HIT.value == 1


def test_note_example_going_in() -> None:
    # White men on r = 9 (16) and r = 11 (14); Black's eleventh point (White's 11) empty; 5-3
    position = pos("W 16 14 24x13 / B 24x15 / W")
    assert going_in_men(TICKTACK, position, Dice(5, 3)) == (16, 14)
    assert win_names(position, "5-3") == ["Going in"] and GOING_IN.value == 2


def test_rule_15_going_in_needs_the_point_open_and_two_men() -> None:
    assert going_in_men(TICKTACK, pos("W 16 14 24x13 / B 14 24x14 / W"), Dice(5, 3)) is None
    assert going_in_men(TICKTACK, pos("W 16 24x14 / B 24x15 / W"), Dice(5, 3)) is None
    assert going_in_men(TICKTACK, pos("W 15x2 24x13 / B 24x15 / W"), Dice(4, 4)) == (15, 15)
    assert going_in_men(TICKTACK, pos("W 15 24x14 / B 24x15 / W"), Dice(4, 4)) is None


def test_rule_15_going_in_options() -> None:
    twelfth = Ticktack(going_in_point="his-12")
    assert going_in_men(twelfth, pos("W 17 15 24x13 / B 24x15 / W", twelfth), Dice(5, 3)) == (17, 15)
    own = Ticktack(going_in_point="own-11")
    assert going_in_men(own, pos("W 19 17 24x13 / B 24x15 / W", own), Dice(5, 3)) == (19, 17)
    needs = Ticktack(going_in_needs_own_11=True)
    assert going_in_men(needs, pos("W 16 14 24x13 / B 24x15 / W", needs), Dice(5, 3)) is None
    assert going_in_men(needs, pos("W 16 14x2 24x12 / B 24x15 / W", needs), Dice(5, 3)) == (16, 14)


def test_rule_16_toutes_fills_the_second_table() -> None:
    # White holds 13..17 (r = 8..12) and can bring a man to 18 (r = 7)
    position = pos("W 17 16 15 14 13 24x10 / B 24x15 / W")
    assert "Toutes" in win_names(position, "6-1")
    assert "Toutes" not in win_names(position, "6-1", Ticktack(toutes_men=2))
    doubled = pos("W 17x2 16x2 15x2 14x2 13x2 18 24x4 / B 24x15 / W")
    assert "Toutes" in win_names(doubled, "6-6", Ticktack(toutes_men=2))
    assert TOUTES.value == 2


def test_rule_17_bearing_off_all_fifteen_is_double() -> None:
    position = pos("W 3 2 offx13 / B 24x15 / W")
    assert "Bearing off" in win_names(position, "3-2") and BEARING_OFF.value == 2
    result = TICKTACK.result(pos("W offx15 / B 24x15 / B"))
    assert result is not None and result.points == 2


def test_rule_18_rovers_is_off_but_pluggable() -> None:
    assert all(rule.name != "Rovers" for rule in TICKTACK.win_rules())
    assert TICKTACK.options["rovers"] is False

    class WithRovers(Ticktack):
        extra_wins = (WinRule("Rovers", 3, lambda variant, position, dice, plays: dice.is_doublet),)

    assert win_names(WithRovers().start_position(WHITE), "5-5", WithRovers()) == ["Rovers"]


def test_rule_19_several_wins_most_valuable_first() -> None:
    # Going in (16, 14 onto 11) and a Hit (the blot on White's 19, 3 from 22) on one 5-3
    position = pos("W 22 16 14 24x12 / B 6 24x14 / W")
    assert win_names(position, "5-3") == ["Going in", "Hit"]
