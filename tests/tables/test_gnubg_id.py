"""GNU Backgammon Position ID and Match ID, checked against the gnubg binding itself."""

from __future__ import annotations

import random

import gnubg
import pytest
from tables_oracles import BACKGAMMON, random_position

from tablier.errors import InvalidPositionError
from tablier.tables import BLACK, WHITE
from tablier.tables.gnubg_id import MatchState, decode_match, decode_position, encode_match, encode_position


def test_the_start_position_has_the_well_known_id() -> None:
    assert encode_position(BACKGAMMON.start_position()) == "4HPwATDgc/ABMA"
    assert decode_position("4HPwATDgc/ABMA") == BACKGAMMON.start_position()


def test_position_ids_agree_with_gnubg_both_ways() -> None:
    rng = random.Random(3)
    for _ in range(500):
        position = random_position(rng)
        gnubg_board = (position.waiter[1:26], position.mover[1:26])  # (not on roll, on roll)
        text = gnubg.positionid(gnubg_board)
        assert encode_position(position) == text
        assert decode_position(text, position.turn) == position
        assert tuple(map(tuple, gnubg.positionfromid(text))) == gnubg_board


def test_the_id_is_seen_by_the_side_to_move() -> None:
    position = random_position(random.Random(9))
    assert decode_position(encode_position(position), WHITE).mover == position.mover
    assert decode_position(encode_position(position), BLACK).mover == position.mover


@pytest.mark.parametrize("text", ["", "4HPwATDgc/AB", "4HPwATDgc/ABM!", "4HPwATDgc/ABMB", "//////////////",
                                  "4HPwATDgc/ABMAA"])
def test_malformed_position_ids_are_refused(text: str) -> None:
    with pytest.raises(InvalidPositionError):
        decode_position(text)


def test_match_ids_agree_with_gnubg() -> None:
    rng = random.Random(4)
    for _ in range(300):
        length = rng.choice([0, 1, 5, 7, 25])
        top = length - 1 if length else 0  # gnubg keeps no score in a money game
        score = (rng.randint(0, top), rng.randint(0, top))
        crawford = bool(length) and rng.random() < 0.3  # a Crawford game: a side one point short
        if crawford:
            score = (top, rng.randint(0, top - 1) if top else 0)
        state = MatchState(
            cube_value=1 << rng.randint(0, 6), cube_owner=rng.choice([None, 0, 1]), on_roll=rng.randint(0, 1),
            crawford=crawford and top > 0, turn=rng.randint(0, 1), double_offered=rng.random() < 0.3,
            dice=(rng.randint(4, 6), rng.randint(1, 3)), match_length=length, score=score)
        cube = gnubg.cubeinfo(state.cube_value, -1 if state.cube_owner is None else state.cube_owner,
                              state.on_roll, state.match_length, state.score, int(state.crawford), 0)
        where = gnubg.posinfo(state.turn, 0, int(state.double_offered), 1, state.dice)
        theirs = gnubg.matchid(cube, where)
        assert decode_match(theirs) == state
        assert decode_match(encode_match(state)) == state
        assert encode_match(state)[:11] == theirs[:11]  # gnubg may also set an extra 67th bit


def test_a_money_game_before_the_throw() -> None:
    cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    assert encode_match(MatchState()) == gnubg.matchid(cube, gnubg.posinfo(0, 0, 0, 1, (0, 0)))


@pytest.mark.parametrize("text", ["", "MAEAAAAAAAA", "MAEAAAAAAAA*", "QYnuADAAEAA/"])
def test_malformed_match_ids_are_refused(text: str) -> None:
    with pytest.raises(InvalidPositionError):
        decode_match(text)
