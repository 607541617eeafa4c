"""Jacquet de Versailles (seed 004): doublets squared, and every die of every throw used."""

from __future__ import annotations

import pytest

from tablier.errors import IllegalMoveError
from tablier.tables.moves import Dice, Move
from tablier.tables.position import BLACK, WHITE, Position
from tablier.tables.position_text import parse_position
from tablier.tables.versailles import (
    AWAIT_LEAD,
    AWAIT_PLAY,
    AWAIT_SECOND,
    AWAIT_THROW,
    LEAD,
    LEAD_DOUBLET,
    PASSED,
    TURN,
    Versailles,
    VersaillesGame,
    dice_used,
)

VERSAILLES = Versailles()


def pos(text: str) -> Position:
    position = parse_position(text, "parallel")
    VERSAILLES.validate(position)
    return position


@pytest.mark.parametrize("die", range(1, 7))
def test_doublets_are_squared(die: int) -> None:
    assert VERSAILLES.dice_steps(Dice(die, die)) == (die,) * die


def test_double_five_is_worth_twenty_five() -> None:
    start = VERSAILLES.start_position(WHITE)
    (play,) = VERSAILLES.plays(start, Dice(5, 5))
    assert sum(move.src - move.dst for move in play) == 25
    after = VERSAILLES.after(start, play).boards[WHITE]
    assert after[4] == 1 and after[19] == 1 and after[24] == 13   # postillon home, then one more man


def test_lead_dice_are_the_leaders_first_throw() -> None:
    game = VersaillesGame()
    game.throw_lead(3, 5)
    assert game.state == AWAIT_PLAY
    assert game.duty.side == BLACK and game.duty.dice == Dice(5, 3) and game.duty.why == LEAD
    (play,) = game.legal_plays()
    game.play(play)
    assert game.state == AWAIT_THROW and game.thrower == WHITE


def test_doublet_on_the_lead_both_move_and_throw_again() -> None:
    game = VersaillesGame()
    game.throw_lead(4, 4)
    assert [(duty.side, duty.why) for duty in game.duties] == [(WHITE, LEAD_DOUBLET), (BLACK, LEAD_DOUBLET)]
    assert game.duty.steps == (4, 4, 4, 4)
    game.play(game.legal_plays()[0])
    assert game.duty.side == BLACK
    game.play(game.legal_plays()[0])
    assert game.state == AWAIT_LEAD
    game.throw_lead(6, 2)
    assert game.duty.side == WHITE and game.duty.why == LEAD


def test_die_the_player_cannot_use_is_played_by_the_opponent() -> None:
    # White's postillon on 13 can play the six (13/7) but then not the five (the 2-point is Black's)
    game = VersaillesGame(position=pos("W 24x14 13 / B 24x14 14 / W"), thrower=WHITE)
    game.throw(Dice(6, 5))
    assert [tuple(play) for play in game.legal_plays()] == [(Move(13, 7),)]
    game.play((Move(13, 7),))
    assert game.duty.side == BLACK and game.duty.steps == (5,) and game.duty.why == PASSED
    (play,) = game.legal_plays()
    assert play == (Move(14, 9),)          # Black's postillon takes White's five
    game.play(play)
    assert game.state == AWAIT_THROW and game.thrower == BLACK   # then Black's own turn


def test_both_dice_unusable_the_opponent_plays_them() -> None:
    # White's postillon on 13 is stopped on 7 and 8; Black plays the 6-5 with his stack, keeping points
    game = VersaillesGame(position=pos("W 24x14 13 / B 24x12 19 20 3 / W"), thrower=WHITE)
    game.throw(Dice(6, 5))
    assert game.legal_plays() == [()]
    game.play(())
    assert game.duty.side == BLACK and game.duty.steps == (6, 5) and game.duty.why == PASSED
    assert all(len(play) == 2 for play in game.legal_plays())
    game.play(game.legal_plays()[0])
    assert game.state == AWAIT_THROW and game.thrower == BLACK


def test_last_rule_opponent_who_must_uncover_takes_the_lead_and_rethrows_the_second_die() -> None:
    # White cannot play 6-5 (his postillon on 14 is stopped on 8 and 9). Black's only men that can
    # move stand alone on his 20 and 21, so every way of playing both dice leaves a point of his empty.
    game = VersaillesGame(position=pos("W 24x14 14 / B 20 21 1x13 / W"), thrower=WHITE)
    game.throw(Dice(5, 6))
    game.play(())
    assert game.state == AWAIT_SECOND and game.thrower == BLACK and game.kept_die == 6
    game.rethrow_second(2)
    assert game.duty.side == BLACK and game.duty.dice == Dice(6, 2) and game.duty.why == TURN
    game.play(game.legal_plays()[0])
    assert game.state == AWAIT_THROW and game.thrower == WHITE


def test_passed_dice_that_cannot_be_played_are_lost_not_passed_back() -> None:
    game = VersaillesGame(position=pos("W 24x14 13 / B 24x14 14 / W"), thrower=WHITE)
    game.throw(Dice(6, 5))
    game.play((Move(13, 7),))
    game.play(game.legal_plays()[0])
    assert not game.duties


def test_dice_used_puts_a_lone_move_down_to_the_higher_die() -> None:
    assert dice_used((6, 2), (Move(2, 0),)) == [6]
    assert dice_used((6, 2), (Move(8, 6),)) == [2]
    assert sorted(dice_used((6, 2), (Move(8, 2), Move(2, 0)))) == [2, 6]


def test_flow_refuses_out_of_turn_calls() -> None:
    game = VersaillesGame()
    with pytest.raises(ValueError, match="awaits lead"):
        game.throw(Dice(3, 1))
    with pytest.raises(LookupError):
        game.legal_plays()


def test_illegal_play_is_refused_with_the_rule() -> None:
    game = VersaillesGame()
    game.throw_lead(6, 4)
    with pytest.raises(IllegalMoveError, match="postillon must move until it reaches the home table"):
        game.play((Move(24, 18), Move(24, 20)))
    assert game.state == AWAIT_PLAY          # nothing changed
    game.play((Move(24, 18), Move(18, 14)))
    assert game.thrower == BLACK
