"""Polish draughts (8x8 and 10x10): the rules that set it apart from English draughts."""

import itertools

import pytest

from tablier.draughts import BOARD_8, WHITE, Board, Polish10Board, PolishBoard


def moves(board: Board) -> list[str]:
    return sorted(str(move) for move in board.legal_moves())


def heading(start: int, end: int) -> tuple[int, int]:
    """The direction from ``start`` to ``end`` as (row step, column step), rows growing downward."""
    dr = BOARD_8.row_of[end] - BOARD_8.row_of[start]
    dc = BOARD_8.column_of[end] - BOARD_8.column_of[start]
    return (dr // abs(dr), dc // abs(dc))


def test_diagram_12_the_king_takes_six_turning_left_every_time() -> None:
    # Built from the seed's description: the black king goes over the first white man only, then
    # turns to the left after every capture, five turning points, and takes all six white men.
    board = PolishBoard("B:W6,7,8,16,18,24:BK1")
    (move,) = board.legal_moves()
    assert len(move.captures) == 6 and sorted(move.captures) == board.pieces(WHITE)
    turning_points = move.path[1:-1]
    assert len(turning_points) == 5
    headings = [heading(a, b) for a, b in zip(move.path, move.path[1:], strict=False)]
    for before, after in itertools.pairwise(headings):
        # a left turn on the diagram (rows down, columns right): (dr, dc) -> (-dc, dr)
        assert after == (-before[1], before[0]), (before, after)
    board.push(move)
    assert board.pieces(WHITE) == []
    # Without the majority rule the king "could" take all six; shorter routes are legal too.
    free_choice = PolishBoard("B:W6,7,8,16,18,24:BK1", majority_capture=False).legal_moves()
    assert move in free_choice and len(free_choice) > 1
    # An English king takes one man at a time, one square away.
    assert max(len(m.captures) for m in Board("B:W6,7,8,16,18,24:BK1").legal_moves()) < 6


def test_men_capture_backward() -> None:
    assert moves(PolishBoard("B:W10:B15")) == ["15x6"]
    assert moves(Board("B:W10:B15")) == ["15-18", "15-19"]


def test_men_still_move_forward_only() -> None:
    assert moves(PolishBoard("W:W18:B1")) == ["18-14", "18-15"]


def test_kings_fly() -> None:
    assert moves(PolishBoard("B:W32:BK29")) == sorted(f"29-{s}" for s in (25, 22, 18, 15, 11, 8, 4))
    assert moves(Board("B:W32:BK29")) == ["29-25"]


def test_kings_capture_from_afar_and_land_anywhere_beyond() -> None:
    assert moves(PolishBoard("B:W15:BK29")) == ["29x11", "29x4", "29x8"]


def test_a_man_passing_the_king_row_in_a_capture_is_not_crowned() -> None:
    # 22x31 reaches the king row, but can take 27 backward out of it: he must, and stays a man.
    board = PolishBoard("B:W26,27:B22")
    (move,) = board.legal_moves()
    assert str(move) == "22x31x24" and not move.crowns
    board.push(move)
    assert board.pieces(False, king=False) == [24]
    # When the capture ends on the king row, he is crowned.
    (ending,) = PolishBoard("B:W26:B22").legal_moves()
    assert ending.crowns


def test_majority_capture_option() -> None:
    # From 10: one man by 10x17, two by 10x19x26.
    position = "B:W14,15,23:B10"
    assert moves(PolishBoard(position)) == ["10x19x26"]
    assert moves(PolishBoard(position, majority_capture=False)) == ["10x17", "10x19x26"]


def test_captured_men_stay_until_the_move_ends() -> None:
    # The king takes 22, 7 and 6 and lands on 13; from there 26 lies beyond 22, which was taken in
    # this move but is still on the board: it blocks the way, so 26 is safe (no 29x11x2x13x31).
    board = PolishBoard("B:W22,7,6,26:BK29")
    assert moves(board) == ["29x11x2x13", "29x11x2x9"]
    board.push(board.parse_move("29x11x2x13"))
    assert board.pieces(WHITE) == [26]


def test_unknown_option_is_refused() -> None:
    with pytest.raises(ValueError, match="no option"):
        PolishBoard(flying=True)
    with pytest.raises(ValueError, match="takes a bool"):
        PolishBoard(majority_capture="yes")


@pytest.mark.parametrize(("depth", "count"), [(1, 9), (2, 81), (3, 658), (4, 4265)])
def test_international_perft_from_the_start(depth: int, count: int) -> None:
    assert Polish10Board().perft(depth) == count


def test_international_flying_king_on_the_long_diagonal() -> None:
    assert len(Polish10Board("W:WK46:B1").legal_moves()) == 9
