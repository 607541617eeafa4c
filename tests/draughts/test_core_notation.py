"""Reading and writing moves in PDN notation against the legal moves."""

import pytest

from tablier.draughts import Board, Move, PolishBoard
from tablier.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError


def test_moves_are_written_with_every_landing_square() -> None:
    assert str(Move((11, 15))) == "11-15"
    assert str(Move((15, 22), (18,))) == "15x22"
    assert str(Move((11, 18, 25), (15, 22))) == "11x18x25"


@pytest.mark.parametrize("text", ["11-15", "11 15", " 11-15 ", "011-015", "11 - 15"])
def test_plain_moves_in_the_ways_books_write_them(text: str) -> None:
    assert Board().parse_move(text) == Move((11, 15))


def test_captures_full_short_and_with_a_hyphen() -> None:
    board = Board("B:W18,26,27:B15,1")
    full = Move((15, 22, 31), (18, 26), True)
    assert board.parse_move("15x22x31") == full
    assert board.parse_move("15x31") == full
    assert board.parse_move("15-31") == full  # the seed writes captures with a hyphen
    assert board.parse_move("15:31") == full


def test_a_short_capture_naming_two_moves_is_ambiguous() -> None:
    # The man on 7 can take 10 and 18 (7x14x23) or 11 and 19 (7x16x23): "7x23" names both.
    board = Board("B:W10,11,18,19:B7")
    assert sorted(str(m) for m in board.legal_moves()) == ["7x14x23", "7x16x23"]
    with pytest.raises(AmbiguousMoveError, match="landing squares"):
        board.parse_move("7x23")
    assert board.parse_move("7x16x23").captures == (11, 19)


def test_illegal_moves_say_why() -> None:
    board = Board("B:W18,26,27:B15,1")
    with pytest.raises(IllegalMoveError, match="capture is compulsory"):
        board.parse_move("1-5")
    with pytest.raises(IllegalMoveError, match="no piece on 20"):
        board.parse_move("20-24")
    with pytest.raises(IllegalMoveError, match="not Black's"):
        board.parse_move("18-14")
    with pytest.raises(IllegalMoveError, match="can play 15x22x31"):
        board.parse_move("15-19")


@pytest.mark.parametrize("text", ["", "11", "11-", "a-b", "11--15", "11x15-"])
def test_garbage_is_not_a_move(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        Board().parse_move(text)


def test_squares_off_the_board() -> None:
    with pytest.raises(InvalidMoveError, match="1 to 32"):
        Board().parse_move("11-40")


def test_another_route_of_a_flying_king_is_accepted() -> None:
    # The king on 29 takes 22 and 11, which stand on one diagonal: between them it may "land" on 18
    # or on 15. Both routes are the same move.
    board = PolishBoard("B:W22,11:BK29")
    (move,) = [m for m in board.legal_moves() if m.to_square == 8]
    assert board.parse_move("29x18x8") == move
    assert board.parse_move("29x15x8") == move
    with pytest.raises(IllegalMoveError):
        board.parse_move("29x25x8")


@pytest.mark.parametrize(("text", "words"), [
    ("22-26", "men move forward only"),
    ("22-14", "pieces move diagonally"),
    ("22-13", "one square, or jumps over a piece"),
    ("22-17", "square 17 is taken"),
])
def test_illegal_moves_name_the_rule_they_break(text: str, words: str) -> None:
    board = Board("W:W22,17:B1")
    with pytest.raises(IllegalMoveError, match=words):
        board.parse_move(text)
