"""The Checker Laws as a game-flow layer: huff and compel, the forty-move rule, touch-move, false moves."""

import pytest

from tablier.draughts import BLACK, WHITE, Board
from tablier.draughts.laws import FORTY_MOVES, LawsGame, LawsOptions

# Black's man on 15 can take 18 (15x22); Black also has plain moves with 1 and 15.
CAPTURE_ON = "B:W18,30:B15,1"


def game(fen: str = CAPTURE_ON, **options: object) -> LawsGame:
    return LawsGame(Board(fen), LawsOptions(**options))  # type: ignore[arg-type]


def test_compulsory_capture_is_the_default() -> None:
    laws = game()
    assert [str(m) for m in laws.legal_moves()] == ["15x22"]
    ruling = laws.play("1-6")
    assert not ruling.accepted and "capture is compulsory" in ruling.message
    assert laws.board.fen() == Board(CAPTURE_ON).fen() and laws.outcome is None


def test_under_the_huff_rule_a_capture_may_be_missed() -> None:
    laws = game(captures="huff")
    assert sorted(str(m) for m in laws.legal_moves()) == ["1-5", "1-6", "15-19", "15x22"]
    assert laws.play("1-6").accepted
    assert laws.huffable() == [15]


def test_huffing_removes_the_piece_and_is_not_a_move() -> None:
    laws = game(captures="huff")
    laws.play("1-6")
    ruling = laws.huff(15)
    assert ruling.accepted and ruling.law == "Law 14"
    assert laws.board.pieces(BLACK) == [6]
    assert laws.board.turn == WHITE  # White huffed and still plays
    assert laws.huffable() == []
    assert laws.play("18-15").accepted


def test_the_piece_that_should_have_taken_is_huffed_where_it_went() -> None:
    laws = game(captures="huff")
    laws.play("15-19")
    assert laws.huffable() == [19]
    assert not laws.huff(1).accepted


def test_compelling_takes_the_move_back_and_forces_the_capture() -> None:
    laws = game(captures="huff")
    laws.play("15-19")
    ruling = laws.compel()
    assert ruling.accepted and [str(m) for m in ruling.moves] == ["15x22"]
    assert laws.board.turn == BLACK and laws.board.pieces(BLACK) == [1, 15]
    assert not laws.play("1-5").accepted
    assert laws.play("15x22").accepted


def test_letting_it_stand_forgoes_the_huff() -> None:
    laws = game(captures="huff")
    laws.play("1-5")
    assert laws.play("18x11").accepted  # White lets the piece remain (Law 15) and plays
    assert laws.huffable() == []
    assert not laws.compel().accepted


def test_no_huff_without_a_missed_capture() -> None:
    laws = game("B:W30:B15,1", captures="huff")
    laws.play("1-5")
    assert laws.huffable() == [] and not laws.huff(15).accepted


def test_forty_move_rule_after_notice_counts_the_other_sides_moves() -> None:
    # White's king chases Black's king round the board; Black gives notice.
    laws = game("W:WK32:BK1")
    assert laws.give_notice(BLACK).accepted
    assert laws.moves_left(WHITE) == FORTY_MOVES and laws.moves_left(BLACK) is None
    played = 0
    while laws.outcome is None:
        laws.play(laws.legal_moves()[0])
        played += 1
    assert played == 2 * FORTY_MOVES - 1  # White's fortieth move ends it
    assert laws.outcome.winner is None and "Law 19" in laws.outcome.reason


def test_forty_move_rule_can_be_switched_off() -> None:
    assert not game("W:WK32:BK1", forty_move_rule=False).give_notice(BLACK).accepted


def test_a_false_move_forfeits_in_strict_play() -> None:
    laws = game(false_move="forfeit")
    ruling = laws.play("1-6")
    assert not ruling.accepted and ruling.law == "Law 17"
    assert laws.outcome is not None and laws.outcome.winner == WHITE
    assert not laws.play("15x22").accepted  # the game is over


def test_the_teaching_mode_explains_and_lets_the_move_be_corrected() -> None:
    laws = game(false_move="teach")
    ruling = laws.play("1-6")
    assert not ruling.accepted and "15x22" in ruling.message and [str(m) for m in ruling.moves] == ["15x22"]
    assert laws.outcome is None
    assert laws.play("15x22").accepted
    hint = laws.touch(30)
    assert hint.accepted and "30-25" in hint.message and hint.moves


def test_touch_move_the_touched_piece_must_be_played() -> None:
    laws = game("B:W30:B15,1", touch_move=True)
    assert laws.touch(1).accepted
    assert [m.from_square for m in laws.legal_moves()] == [1, 1]
    assert not laws.touch(15).accepted
    ruling = laws.play("15-19")
    assert not ruling.accepted and "Law 11" in ruling.law
    assert laws.outcome is not None and laws.outcome.winner == WHITE


def test_touching_an_unplayable_piece_is_cautioned_then_forfeits() -> None:
    laws = game("B:W8,11,30:B4,1", touch_move=True)  # 4 cannot move
    first = laws.touch(4)
    assert not first.accepted and "cautioned" in first.message and laws.outcome is None
    laws.touch(30)
    assert laws.outcome is not None and laws.outcome.winner == WHITE


def test_touch_move_is_off_by_default() -> None:
    laws = game("B:W30:B15,1")
    laws.touch(1)
    assert laws.play("15-19").accepted


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="captures"):
        LawsOptions(captures="sometimes")
    with pytest.raises(ValueError, match="teaching"):
        LawsOptions(touch_move=True, false_move="teach")
    assert LawsOptions.from_strings({"touch_move": "yes", "captures": "HUFF"}) == \
        LawsOptions(captures="huff", touch_move=True)
    with pytest.raises(ValueError, match="unknown option"):
        LawsOptions.from_strings({"huff": "yes"})


def test_the_game_ends_by_the_rules_too() -> None:
    laws = game("B:W18:B15")
    laws.play("15x22")
    assert laws.outcome is not None and laws.outcome.winner == BLACK
