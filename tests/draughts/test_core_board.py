"""The draughts core on English draughts: geometry, move generation, push/pop, the end of the game."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablier.draughts import BLACK, BOARD_8, BOARD_10, VARIANTS, WHITE, Board, Move, Piece
from tablier.draughts.geometry import DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT
from tablier.errors import IllegalMoveError


def test_squares_are_numbered_the_english_way() -> None:
    assert [BOARD_8.name_of(s) for s in (1, 4, 5, 29, 32)] == ["b8", "h8", "a7", "a1", "g1"]
    assert [BOARD_10.name_of(s) for s in (1, 5, 6, 46, 50)] == ["b10", "j10", "a9", "a1", "i1"]


def test_neighbours_stop_at_the_edges() -> None:
    def neighbours(square: int, direction: int) -> int:
        bit = BOARD_8.neighbour[direction][BOARD_8.bit_of[square]]
        return BOARD_8.square_of[bit] if bit >= 0 else 0

    assert [neighbours(11, d) for d in (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)] == [7, 8, 15, 16]
    assert [neighbours(5, d) for d in (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)] == [0, 1, 0, 9]
    assert [neighbours(12, d) for d in (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)] == [8, 0, 16, 0]


def test_the_start_gives_black_seven_moves() -> None:
    board = Board()
    assert board.turn == BLACK
    assert sorted(str(move) for move in board.legal_moves()) == [
        "10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]


@pytest.mark.parametrize(("depth", "count"), [(1, 7), (2, 49), (3, 302), (4, 1469), (5, 7361)])
def test_perft_from_the_start_matches_the_published_counts(depth: int, count: int) -> None:
    assert Board().perft(depth) == count


def test_capture_is_compulsory_and_multi_jumps_are_completed() -> None:
    board = Board("B:W18,26,27:B15,1")
    assert [str(move) for move in board.legal_moves()] == ["15x22x31"]
    move = board.legal_moves()[0]
    assert move.captures == (18, 26) and move.crowns


def test_a_man_crowned_in_a_capture_ends_his_move() -> None:
    # 22x31 crowns; a king could go on over 27, but in English draughts the move ends there.
    board = Board("B:W26,27:B22")
    assert [str(move) for move in board.legal_moves()] == ["22x31"]


def test_any_capture_sequence_may_be_chosen() -> None:
    # From 10: 10x17 takes one man, 10x19x26 two; both are legal (no majority rule).
    board = Board("B:W14,15,23:B10")
    assert sorted(str(m) for m in board.legal_moves()) == ["10x17", "10x19x26"]


def test_kings_move_one_square_both_ways() -> None:
    board = Board("W:WK15:B1")
    assert sorted(str(m) for m in board.legal_moves()) == ["15-10", "15-11", "15-18", "15-19"]


def test_push_and_pop_restore_the_position() -> None:
    board = Board("B:W18,26,27:B15,1")
    before = board.fen()
    board.push(board.legal_moves()[0])
    assert board.fen() == "W:W27:B1,K31"
    assert board.piece_at(31) == Piece(BLACK, True)
    assert board.pop() == Move((15, 22, 31), (18, 26), True)
    assert board.fen() == before


def test_push_notation_validates() -> None:
    board = Board()
    board.push_notation("11-15")
    assert board.turn == WHITE
    with pytest.raises(IllegalMoveError):
        board.push_notation("11-16")


def test_a_side_without_moves_or_pieces_loses() -> None:
    assert Board("B:W5:B").outcome() == (WHITE, "black has no pieces left")
    assert Board("B:W8,11:B4").outcome() == (WHITE, "black cannot move")
    assert Board().outcome() is None


def test_copy_is_independent() -> None:
    board = Board()
    copy = board.copy()
    copy.push_notation("9-13")
    assert board.fen() != copy.fen() and board.move_stack == []


def test_drawing_shows_square_one_at_the_top() -> None:
    lines = str(Board("B:W32:BK1")).splitlines()
    assert lines[0].split() == ["B", ".", ".", "."]
    assert lines[-1].split() == [".", ".", ".", "w"]


@settings(deadline=None, max_examples=60)
@given(variant=st.sampled_from(VARIANTS), choices=st.lists(st.integers(min_value=0), max_size=80))
def test_push_then_pop_everything_restores_and_fens_round_trip(variant: type[Board],
                                                              choices: list[int]) -> None:
    board = variant()
    start = board.fen()
    fens = []
    for choice in choices:
        moves = board.legal_moves()
        if board.outcome() is not None:
            break
        board.push(moves[choice % len(moves)])
        fens.append(board.fen())
        assert variant(board.fen()) == board
    for fen in reversed(fens):
        assert board.fen() == fen
        board.pop()
    assert board.fen() == start and board.move_stack == []
