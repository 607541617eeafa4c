"""FEN in and out, for 8x8 and 10x10 boards."""

import pytest

from tablier.draughts import BLACK, WHITE, Board, Piece, Polish10Board
from tablier.errors import InvalidPositionError


def test_the_start_round_trips() -> None:
    board = Board()
    assert board.fen() == "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    assert Board(board.fen()) == board


def test_kings_side_to_move_and_order() -> None:
    board = Board("W:W21,K30:BK1,2")
    assert board.turn == WHITE
    assert board.piece_at(30) == Piece(WHITE, True)
    assert board.piece_at(1) == Piece(BLACK, True) and board.piece_at(2) == Piece(BLACK, False)
    assert board.fen() == "W:W21,K30:BK1,2"


@pytest.mark.parametrize("text", [
    "B:W21-32:B1-12",
    " b : w21, 22,23,24,25,26,27,28,29,30,31,32 : b1,2,3,4,5,6,7,8,9,10,11,12 ",
    "B:W021,22,23,24,25,26,27,28,29,30,31,32:B01,02,03,04,05,06,07,08,09,10,11,12.",
    "B:B1-12:W21-32",
    "B:W21-32:B1-12:H0:F1",
    '"B:W21-32:B1-12"',
])
def test_tolerant_reading(text: str) -> None:
    assert Board(text) == Board()


def test_an_empty_side_is_allowed() -> None:
    assert Board("W:W:B1").pieces(WHITE) == []


def test_ten_by_ten() -> None:
    board = Polish10Board()
    assert board.fen().startswith("W:W31,32,") and board.fen().endswith(",19,20")
    assert Polish10Board("B:WK50:B1").piece_at(50) == Piece(WHITE, True)


@pytest.mark.parametrize(("text", "words"), [
    ("", "side to move"),
    ("X:W1:B2", "side to move"),
    ("B:W21,22", "W field and a B field"),
    ("B:W21:B33", "1 to 32"),
    ("B:W21:B0", "1 to 32"),
    ("B:W21:B21", "twice"),
    ("B:W21:W22", "twice"),
    ("B:W2a:B1", "not a square"),
    ("B:Q21:B1", "start with B or W"),
    ("B:W1:B5", "would have been crowned"),
    ("B:W5:B30", "would have been crowned"),
])
def test_bad_fens_are_rejected_with_a_reason(text: str, words: str) -> None:
    with pytest.raises(InvalidPositionError, match=words):
        Board(text)


def test_fifty_squares_only_on_the_big_board() -> None:
    with pytest.raises(InvalidPositionError, match="1 to 50"):
        Polish10Board("W:W51:B1")


def test_a_bad_fen_leaves_the_board_as_it_was() -> None:
    board = Board()
    board.push_notation("11-15")
    with pytest.raises(InvalidPositionError):
        board.set_fen("B:W1:B5")
    assert board.fen() == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
    assert len(board.move_stack) == 1
