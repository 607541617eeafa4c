"""The turn flow: the opening throw and its options, the doubling cube, match score and Crawford."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablier.errors import IllegalMoveError
from tablier.tables import BLACK, WHITE, Backgammon, Dice, Position, side_board
from tablier.tables.game import Game, Phase, throw
from tablier.tables.gnubg_id import decode_match
from tablier.tables.match import Match
from tablier.tables.turn import Outcome


def test_higher_opening_cast_plays_first_and_by_default_throws_again() -> None:
    game = Game(Backgammon())
    assert game.opening((3,), (3,)) is None  # equal casts are thrown again
    assert game.phase is Phase.OPENING
    assert game.opening((2,), (5,)) == WHITE
    assert game.phase is Phase.ROLL and game.turn == WHITE
    with pytest.raises(IllegalMoveError):
        game.legal_plays()  # the opening cast is not a move: white throws again first
    game.roll(Dice(6, 6))
    assert game.turn == WHITE and len(game.legal_plays()) == 11


def test_play_the_opening_cast_or_choose() -> None:
    game = Game(Backgammon(opening="play-opening"))
    assert game.opening((6,), (1,)) == BLACK
    assert game.phase is Phase.MOVE and game.dice == Dice(6, 1)
    chooser = Game(Backgammon(opening="choose"))
    chooser.opening((1,), (4,))
    assert chooser.phase is Phase.CHOOSE
    chooser.play_opening_cast()
    assert chooser.dice == Dice(1, 4) and chooser.turn == WHITE
    again = Game(Backgammon(opening="choose"))
    again.opening((1,), (4,))
    again.throw_again()
    assert again.phase is Phase.ROLL


def test_two_dice_each_by_agreement() -> None:
    game = Game(Backgammon(opening_dice=2))
    with pytest.raises(IllegalMoveError):
        game.opening((3,), (4,))
    assert game.opening((3, 4), (6, 2)) == WHITE


def test_the_cube_is_off_under_the_1890s_rules() -> None:
    game = Game(Backgammon())
    game.opening((5,), (2,))
    assert not game.may_double()
    with pytest.raises(IllegalMoveError):
        game.double()


def test_double_take_then_only_the_owner_may_redouble() -> None:
    game = Game(Backgammon(cube=True))
    game.opening((5,), (2,))
    game.double()
    assert game.phase is Phase.DOUBLED and game.turn == WHITE
    game.take()
    assert (game.cube_value, game.cube_owner, game.turn) == (2, WHITE, BLACK)
    assert not game.may_double()  # black gave the cube away
    game.roll(Dice(3, 1))
    game.play(game.legal_plays()[0])
    assert game.turn == WHITE and game.may_double()
    game.double()
    game.take()
    assert (game.cube_value, game.cube_owner) == (4, BLACK)


def test_a_dropped_double_loses_the_stake_before_it() -> None:
    game = Game(Backgammon(cube=True))
    game.opening((5,), (2,))
    game.double()
    game.drop()
    assert game.phase is Phase.OVER
    assert game.outcome == Outcome(BLACK, "double refused", 1)


def test_the_cube_multiplies_the_result() -> None:
    game = Game(Backgammon(cube=True))
    game.opening((5,), (2,))
    game.double()
    game.take()
    assert game.cube_value == 2
    # black bears off his last man from a position where white has borne off none: a gammon at least
    game.board.position = Position((side_board({1: 1}), side_board({6: 15})), BLACK)
    game.roll(Dice(2, 1))
    game.play(game.legal_plays()[0])
    assert game.outcome == Outcome(BLACK, "gammon", 4)


def test_match_score_and_the_crawford_game() -> None:
    match = Match(Backgammon(cube=True), length=5)
    match.record(Outcome(BLACK, "gammon", 2))
    match.record(Outcome(BLACK, "hit", 2))
    assert match.score == [4, 0] and match.crawford_game
    game = match.new_game()
    assert not game.cube_allowed
    game.opening((4,), (1,))
    assert decode_match(match.match_id(game)).crawford
    match.record(Outcome(WHITE, "hit", 1))
    assert not match.crawford_game and match.new_game().cube_allowed  # post-Crawford
    match.record(Outcome(BLACK, "hit", 1))
    assert match.is_over() and match.winner() == BLACK
    with pytest.raises(IllegalMoveError):
        match.new_game()


def test_match_id_of_a_game_in_progress() -> None:
    match = Match(Backgammon(cube=True), length=7)
    game = match.new_game()
    game.opening((6,), (3,))
    game.roll(Dice(4, 2))
    state = decode_match(match.match_id(game))
    assert (state.match_length, state.on_roll, state.dice, state.cube_value) == (7, BLACK, (4, 2), 1)


@settings(deadline=None, max_examples=15)
@given(st.integers(0, 10_000))
def test_random_matches_with_the_cube_keep_a_true_score(seed: int) -> None:
    rng = random.Random(seed)
    match = Match(Backgammon(cube=True, backgammon_zone="home-board"), length=5)
    while not match.is_over():
        crawford = match.crawford_game
        game = match.new_game()
        while game.opening((rng.randint(1, 6),), (rng.randint(1, 6),)) is None:
            pass
        while game.phase is not Phase.OVER:
            if game.may_double() and rng.random() < 0.05:
                game.double()
                if rng.random() < 0.3:
                    game.drop()
                    break
                game.take()
            assert not (crawford and game.may_double())
            game.roll(throw(rng))
            game.play(rng.choice(game.legal_plays()))
        result = game.outcome
        assert result is not None
        outcome = game.board.result()
        if result.how == "double refused":
            assert result.points == game.cube_value
        else:
            assert outcome is not None and result.points == outcome.points * game.cube_value
        before = list(match.score)
        match.record(result)
        assert sum(match.score) - sum(before) == result.points
    winner = match.winner()
    assert winner is not None and match.score[winner] >= 5 > match.score[1 - winner]
