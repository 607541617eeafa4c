"""Move notation: ``24/18 13/11``, ``bar/22*``, ``6/off``, ``13/9(2)``, written and read back."""

from __future__ import annotations

import random

import pytest
from tables_oracles import BACKGAMMON, random_position

from tablier.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from tablier.tables import ALL_ROLLS, BLACK, Dice, Move, Position, side_board
from tablier.tables.notation import BOOK_1890S, format_play, parse_play


def test_the_usual_forms_are_written() -> None:
    assert format_play((Move(24, 18), Move(13, 11))) == "24/18 13/11"
    assert format_play((Move(25, 22, True),)) == "bar/22*"
    assert format_play((Move(6, 0), Move(5, 0))) == "6/off 5/off"
    assert format_play((Move(13, 9), Move(13, 9), Move(6, 2), Move(6, 2))) == "13/9(2) 6/2(2)"
    assert format_play((Move(24, 18), Move(18, 13))) == "24/13"
    assert format_play((Move(24, 18, True), Move(18, 13))) == "24/18*/13"
    assert format_play((Move(24, 20, True), Move(24, 20))) == "24/20*(2)"  # the first man hits
    assert format_play(()) == "cannot move"


def test_every_legal_play_reads_back_as_itself() -> None:
    rng = random.Random(12)
    for _ in range(40):
        position = random_position(rng)
        for dice in ALL_ROLLS:
            plays = BACKGAMMON.plays(position, dice)
            for play in rng.sample(plays, min(4, len(plays))):
                text = format_play(play)
                parsed = parse_play(text, BACKGAMMON, position, dice)
                assert BACKGAMMON.after(position, parsed) == BACKGAMMON.after(position, play), text


def test_reading_is_forgiving_about_order_and_steps() -> None:
    start = BACKGAMMON.start_position()
    expected = BACKGAMMON.after(start, (Move(13, 11), Move(24, 18)))
    for text in ("24/18 13/11", "13/11 24/18", " 13/11,24/18 "):
        assert BACKGAMMON.after(start, parse_play(text, BACKGAMMON, start, Dice(6, 2))) == expected
    run = parse_play("24/18 18/16", BACKGAMMON, start, Dice(6, 2))
    assert BACKGAMMON.after(start, run) == BACKGAMMON.after(start, parse_play("24/16", BACKGAMMON, start,
                                                                                Dice(6, 2)))


def test_seed_numbering_counts_from_the_back_men() -> None:
    start = BACKGAMMON.start_position()
    play = parse_play("1/7 12/14", BACKGAMMON, start, Dice(6, 2), numbering=BOOK_1890S)
    assert format_play(play) == "24/18 13/11"
    assert format_play(play, numbering=BOOK_1890S) == "1/7 12/14"


def test_hits_are_told_apart_by_the_star() -> None:
    black = side_board({13: 2, 6: 13})
    white = side_board({16: 1, 1: 14})  # a white blot on black's 9-point
    position = Position((black, white), BLACK)
    via_blot = parse_play("13/9*/7", BACKGAMMON, position, Dice(4, 2))
    assert any(move.hit for move in via_blot)
    quiet = parse_play("13/7", BACKGAMMON, position, Dice(4, 2))
    assert not any(move.hit for move in quiet)


def test_bad_plays_are_refused_with_the_right_error() -> None:
    start = BACKGAMMON.start_position()
    with pytest.raises(InvalidMoveError):
        parse_play("24-18", BACKGAMMON, start, Dice(6, 2))
    with pytest.raises(InvalidMoveError):
        parse_play("18/24", BACKGAMMON, start, Dice(6, 2))
    with pytest.raises(IllegalMoveError):
        parse_play("24/19 13/11", BACKGAMMON, start, Dice(5, 2))  # the five's point is covered
    with pytest.raises(IllegalMoveError):
        parse_play("cannot move", BACKGAMMON, start, Dice(5, 2))
    black = side_board({13: 2, 6: 13})
    white = side_board({16: 1, 1: 14})
    with pytest.raises(AmbiguousMoveError):
        parse_play("13/7*", BACKGAMMON, Position((black, white), BLACK), Dice(4, 2))
