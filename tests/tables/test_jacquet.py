"""Jacquet (seed 004, sections 1-12): every example of the seed and every numbered rule."""

from __future__ import annotations

import pytest

from tablier.errors import IllegalMoveError, InvalidPositionError
from tablier.tables.faults import HIGHER_DIE_RULE, check_play, explain_illegal, read_play
from tablier.tables.jacquet import POSTILLON_RULE, FirstThrow, Jacquet
from tablier.tables.moves import Dice, Move, Play
from tablier.tables.notation import format_play
from tablier.tables.position import BLACK, OFF, WHITE, Position
from tablier.tables.position_text import parse_position

JACQUET = Jacquet()


def pos(text: str) -> Position:
    position = parse_position(text, "parallel")
    JACQUET.validate(position)
    return position


def plays_text(position: Position, dice: str, variant: Jacquet = JACQUET) -> set[str]:
    return {format_play(play) for play in variant.plays(position, Dice.parse(dice))}


def ends(position: Position, dice: str, variant: Jacquet = JACQUET) -> set[tuple[int, ...]]:
    """The mover's board after each legal play."""
    side = position.turn
    return {variant.after(position, play).boards[side] for play in variant.plays(position, Dice.parse(dice))}


def board_of(text: str) -> tuple[int, ...]:
    return parse_position(f"W {text} / B 24x15").boards[WHITE]


# --- sections 1-2: men, board, start --------------------------------------------------------------

def test_fifteen_men_each_on_one_starting_point() -> None:
    start = JACQUET.start_position(WHITE)
    for side in (BLACK, WHITE):
        assert start.boards[side][24] == 15
        assert sum(start.boards[side]) == 15


def test_starting_stacks_diagonally_opposite_and_same_direction() -> None:
    # my 24-point (start) is the adversary's 12-point; his start is my 12-point
    assert JACQUET.opposite(24) == 12 and JACQUET.opposite(12) == 24
    theirs = JACQUET.theirs(JACQUET.start_position(WHITE))
    assert theirs[12] == 15 and sum(theirs[1:25]) == 15


def test_start_point_is_not_counted() -> None:
    # "the next point counts as one": a one moves a man from the 24-point to the 23-point
    assert plays_text(JACQUET.start_position(WHITE), "2-1") == {"24/21"}


# --- section 3: first player ----------------------------------------------------------------------

def test_first_player_ordinary_rule_deciding_dice_are_the_opening_throw() -> None:
    first = FirstThrow()
    first.throw(3, 3)                     # equal throws are repeated
    assert first.awaiting == "deciding throw"
    first.throw(2, 5)
    assert first.awaiting == "decided" and first.first == BLACK and first.dice == Dice(5, 2)


def test_first_player_rethrow_alternative() -> None:
    variant = Jacquet(first_player="rethrow")
    first = variant.first_throw()
    first.throw(6, 1)
    assert first.awaiting == "keep or rethrow" and first.first == WHITE
    first.rethrow(Dice(4, 4))
    assert first.dice == Dice(4, 4) and first.awaiting == "decided"
    kept = variant.first_throw()
    kept.throw(6, 1)
    kept.keep()
    assert kept.dice == Dice(6, 1)
    with pytest.raises(ValueError):
        Jacquet().first_throw().keep()    # no choice under the ordinary rule


# --- section 4: playing the dice ------------------------------------------------------------------

# White's postillon is home (4-point); Black men on White's 20 and 21 (Black's own 8 and 9).
SPREAD = "W 24x14 4 / B 8 9 3 24x12 / W"


def test_each_die_a_separate_movement_with_two_men_or_one() -> None:
    texts = plays_text(pos("W 24x14 4 / B 24x15 / W"), "4-3")
    assert "24/21 24/20" in texts and "24/17" in texts and "24/20 4/1" in texts


def test_intermediate_point_must_be_open() -> None:
    position = pos(SPREAD)
    # 24/17 with 4-3 can only rest on 21 (after the three) or 20 (after the four): both closed
    assert "24/17" not in plays_text(position, "4-3")
    assert "24/17" in plays_text(pos("W 24x14 4 / B 8 3 24x13 / W"), "4-3")   # 21 open: it may
    fault = explain_illegal(JACQUET, position, Dice(4, 3), (Move(24, 20), Move(20, 17)))
    assert fault == "the 20-point holds an adversary man and cannot be landed on"


def test_a_man_may_pass_over_closed_points() -> None:
    # a six from the 24-point jumps over the closed 21 and 20 to the open 18
    assert any(Move(24, 18) in play for play in JACQUET.plays(pos(SPREAD), Dice(6, 1)))


def test_impotence_higher_die_when_only_one_can_be_played() -> None:
    # postillon on 13; each die alone is fine but the 2-point (Black's postillon) stops the other
    position = pos("W 24x14 13 / B 24x14 14 / W")
    assert plays_text(position, "6-5") == {"13/7"}
    assert explain_illegal(JACQUET, position, Dice(6, 5), (Move(13, 8),)) == HIGHER_DIE_RULE


def test_lower_die_when_the_higher_cannot_be_played() -> None:
    # the six from 13 lands on 7, which Black's postillon holds; the five is played, then the six is
    # tried again from 8 (to the 2-point: open here), so the whole throw goes 13/8/2
    position = pos("W 24x14 13 / B 24x14 19 / W")
    assert plays_text(position, "6-5") == {"13/2"}


def test_neither_die_playable_turn_passes() -> None:
    # postillon on 13: 13-6 = 7 and 13-5 = 8 both hold Black men (Black's 19 and 20)
    position = pos("W 24x14 13 / B 24x12 19 20 3 / W")
    assert JACQUET.plays(position, Dice(6, 5)) == [()]


def test_every_playable_number_must_be_used() -> None:
    position = pos("W 24x14 4 / B 24x15 / W")
    fault = explain_illegal(JACQUET, position, Dice(4, 3), (Move(24, 20),))
    assert fault is not None and fault.startswith("every number that can be played must be played")


# --- section 5: doubles ---------------------------------------------------------------------------

@pytest.mark.parametrize("die", range(1, 7))
def test_doubles_give_four_movements(die: int) -> None:
    position = pos("W 24x5 22x5 4x5 / B 3x15 / W")
    longest = max(len(play) for play in JACQUET.plays(position, Dice(die, die)))
    assert longest == 4


# --- section 6: the postillon and the seed's opening examples -------------------------------------

def test_opening_double_five_twenty_points() -> None:
    assert plays_text(JACQUET.start_position(WHITE), "5-5") == {"24/4"}
    (play,) = JACQUET.plays(JACQUET.start_position(WHITE), Dice(5, 5))
    assert [move.dst for move in play] == [19, 14, 9, 4]


def test_opening_double_six_only_the_first_six() -> None:
    assert plays_text(JACQUET.start_position(WHITE), "6-6") == {"24/18"}


def test_opening_double_three_three_of_the_four_threes() -> None:
    assert plays_text(JACQUET.start_position(WHITE), "3-3") == {"24/15"}


def test_postillon_takes_every_movement_until_home() -> None:
    start = JACQUET.start_position(WHITE)
    assert plays_text(start, "6-4") == {"24/14"}
    assert explain_illegal(JACQUET, start, Dice(6, 4), (Move(24, 18), Move(24, 20))) == POSTILLON_RULE
    with pytest.raises(IllegalMoveError, match="postillon must move until it reaches the home table"):
        check_play(JACQUET, start, Dice(6, 4), (Move(24, 18), Move(24, 20)))


def test_postillon_blocked_movement_is_lost_others_stay() -> None:
    # the postillon on 13 cannot play a six (7 is held); no other man may take it
    position = pos("W 24x14 13 / B 24x14 19 / W")
    assert plays_text(position, "6-6") == {"cannot move"}


def test_others_move_once_postillon_enters_home_mid_throw() -> None:
    position = pos("W 24x14 9 / B 24x15 / W")
    texts = plays_text(position, "5-5")
    assert texts == {"24/4", "24/14 24/19 9/4", "24/19(3) 9/4"}   # the postillon goes home first...
    assert board_of("24x10 19x4 9") not in ends(position, "5-5")  # ...never the others before him


def test_position_with_two_men_out_before_the_postillon_is_home_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="only the postillon"):
        pos("W 24x13 20 18 / B 24x15 / W")


# --- section 7: occupied points -------------------------------------------------------------------

def test_land_on_empty_or_own_never_on_one_adversary_man_no_hits() -> None:
    position = pos("W 24x14 4 / B 24x14 6 / W")      # one Black man on White's 18
    plays = JACQUET.plays(position, Dice(6, 1))
    assert all(not move.hit for play in plays for move in play)
    assert all(Move(24, 18) not in play for play in plays)
    assert {format_play(play) for play in plays} == {"24/17"}    # rests on 23, not on Black's 18


def test_six_points_in_a_row_are_a_complete_barrier() -> None:
    # Black holds White's 13..18 (Black's 1..6) : White's postillon on 19 cannot pass with any throw
    position = pos("W 24x14 19 / B 1x2 2x2 3x2 4x2 5x2 6x2 24x3 / W")
    for a in range(1, 7):
        for b in range(1, 7):
            for play in JACQUET.plays(position, Dice(a, b)):
                assert all(move.dst > 18 for move in play)


# --- section 9-11: entering home and bearing off --------------------------------------------------

def test_no_bearing_off_until_all_fifteen_home() -> None:
    position = pos("W 20 1x14 / B 24x15 / W")
    assert all(move.dst != OFF for play in JACQUET.plays(position, Dice(2, 1)) for move in play)
    fault = explain_illegal(JACQUET, position, Dice(2, 1), (Move(1, OFF), Move(20, 18)))
    assert fault == "no man may be borne off until every man is in the home table"


def test_bearing_off_exact_point() -> None:
    # double five bears off four men from the 5-point when four are there
    assert board_of("offx4 2x11") in ends(pos("W 5x4 2x11 / B 24x15 / W"), "5-5")
    assert plays_text(pos("W 5 2x14 / B 24x15 / W"), "5-2") >= {"5/off 2/off"}


def test_double_five_two_off_and_two_moved_six_to_one() -> None:
    # the seed's example: two men off the 5-point, two moved from the 6-point to the 1-point
    position = pos("W 6x2 5x4 3x9 / B 24x15 / W")
    outcomes = ends(position, "5-5")
    assert board_of("5x2 3x9 1x2 offx2") in outcomes
    assert board_of("6x2 3x9 offx4") in outcomes


def test_die_may_move_inside_home_instead_of_bearing_off() -> None:
    position = pos("W 6 5 2x13 / B 24x15 / W")
    outcomes = ends(position, "5-1")
    assert board_of("5 2x12 1x2") in outcomes          # 6/1 and 2/1: nothing borne off


def test_empty_die_point_higher_man_must_move() -> None:
    # five thrown, 5-point empty, a man on 6: 6/1, and the 3-point men may not come off with it
    position = pos("W 6 3x14 / B 24x15 / W")
    assert plays_text(position, "5-5") == {"6/1 3/off(3)"}   # the 6 moves first, then 3s come off
    fault = explain_illegal(JACQUET, position, Dice(5, 1), (Move(3, OFF), Move(3, 2)))
    assert fault is not None and "a man on a higher point must move" in fault


def test_empty_die_point_higher_man_blocked_die_is_lost() -> None:
    # the 6/1 move is stopped by a Black man on White's 1-point (Black's 13): the five is lost,
    # it may not bear off a lower man instead ("where possible" applies to the higher man only)
    position = pos("W 6 3x14 / B 13 24x14 / W")
    assert JACQUET.plays(position, Dice(5, 5)) == [()]


def test_empty_die_point_no_higher_man_highest_lower_comes_off() -> None:
    position = pos("W 4 3x14 / B 24x15 / W")
    texts = plays_text(position, "6-6")
    assert texts == {"4/off 3/off(3)"}
    fault = explain_illegal(JACQUET, position, Dice(6, 5), (Move(3, OFF), Move(3, OFF)))
    assert fault is not None and "higher point must move" in fault


def test_removals_and_moves_mixed_in_one_turn() -> None:
    position = pos("W 6 5 4 3x12 / B 24x15 / W")
    texts = plays_text(position, "6-2")
    assert {"6/off 4/2", "6/off 5/3", "6/off 3/1", "6/4 5/off"} == texts
    assert "5/off 4/2" not in texts       # a six cannot take the 5 off while the 6-point is manned


# --- section 12: result ---------------------------------------------------------------------------

def test_result_one_point_or_two_if_loser_bore_off_none() -> None:
    one = pos("W offx15 / B 3x14 offx1 / B")
    two = pos("W offx15 / B 3x15 / B")
    assert JACQUET.result(one) is not None and JACQUET.result(one).points == 1   # type: ignore[union-attr]
    assert JACQUET.result(two) is not None and JACQUET.result(two).points == 2   # type: ignore[union-attr]
    assert JACQUET.result(pos("W 1 offx14 / B 3x15 / W")) is None


def test_notation_is_the_chain_players_write() -> None:
    play: Play = (Move(24, 19), Move(19, 14), Move(14, 9), Move(9, 4))
    assert format_play(play) == "24/4"


# --- plays written in notation ---------------------------------------------------------------------

def test_written_play_is_read_or_refused_with_the_rule() -> None:
    start = JACQUET.start_position(WHITE)
    assert read_play("24/18/14", JACQUET, start, Dice(6, 4)) == (Move(24, 18), Move(18, 14))
    assert len(read_play("24/4", JACQUET, start, Dice(5, 5))) == 4
    with pytest.raises(IllegalMoveError, match="24/18 24/20: the postillon must move until it reaches"):
        read_play("24/18 24/20", JACQUET, start, Dice(6, 4))
    with pytest.raises(IllegalMoveError, match="holds an adversary man"):
        read_play("24/18/12", JACQUET, start, Dice(6, 6))
    with pytest.raises(IllegalMoveError, match="not a move of a number left"):
        read_play("24/12", JACQUET, start, Dice(6, 4))
