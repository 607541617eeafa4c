"""Devil among the Tailors: four tailors, one devil, no capture; the pin and the free country."""

import random

import pytest

from tablier.draughts import BLACK, WHITE, DevilBoard, find_variant
from tablier.errors import InvalidPositionError


def moves(board: DevilBoard) -> list[str]:
    return sorted(str(move) for move in board.legal_moves())


def test_the_start_and_who_moves_first() -> None:
    board = DevilBoard()
    assert board.fen() == "B:W29,30,31,32:B1"  # Law 7: the black piece opens
    assert moves(board) == ["1-5", "1-6"]
    assert DevilBoard(first="white").fen() == "W:W29,30,31,32:B1"
    assert moves(DevilBoard(first="white")) == ["29-25", "30-25", "30-26", "31-26", "31-27", "32-27", "32-28"]


def test_the_devil_moves_both_ways_and_the_tailors_forward_only() -> None:
    assert moves(DevilBoard("B:W29,30,31,32:B15")) == ["15-10", "15-11", "15-18", "15-19"]
    assert moves(DevilBoard("W:W18:B1")) == ["18-14", "18-15"]


def test_there_is_no_capture_and_no_crowning() -> None:
    assert moves(DevilBoard("B:W19,30,31,32:B15")) == ["15-10", "15-11", "15-18"]
    assert moves(DevilBoard("W:W6,30,31,32:B20")) == sorted(["6-1", "6-2", "30-25", "30-26", "31-26",
                                                              "31-27", "32-27", "32-28"])
    board = DevilBoard("W:W5,30,31,32:B20")
    board.push_notation("5-1")
    assert board.piece_at(1) is not None and not board.piece_at(1).king  # type: ignore[union-attr]


def test_pinning_the_devil_wins_for_white() -> None:
    assert DevilBoard("B:W5,6,31,32:B1").outcome() == (WHITE, "the devil is pinned")
    # Pinned against the side of the board.
    assert DevilBoard("B:W8,11,30,31:B4").winner() == WHITE


def test_the_free_country_wins_for_black() -> None:
    board = DevilBoard("W:W17,18,19,20:B25")  # the devil is on a row behind every tailor
    assert board.in_free_country()
    assert board.outcome() == (BLACK, "the devil has reached the free country behind the tailors")
    assert not DevilBoard("W:W17,18,19,26:B25").in_free_country()  # 26 is level with the devil
    assert not DevilBoard("W:W17,18,19,29:B25").in_free_country()  # 29 is behind him


def test_a_pin_counts_before_the_free_country() -> None:
    # A set-up with the devil cornered on 29 behind the tailors: pinned is pinned.
    assert DevilBoard("B:W25,18,19,20:B29").winner() == WHITE


def test_tailors_that_cannot_move_lose() -> None:
    assert DevilBoard("W:W2,3,4,5:B1").outcome() == (BLACK, "the tailors cannot move")


@pytest.mark.parametrize("fen", ["B:W29,30,31,32:B1,2", "B:W29,30:BK1", "B:W29:B"])
def test_one_devil_and_no_kings(fen: str) -> None:
    with pytest.raises(InvalidPositionError):
        DevilBoard(fen)


def test_in_the_free_country_the_devil_can_never_be_pinned() -> None:
    """Whenever random play brings the devil into the free country (by his move or the tailors'),
    he keeps a move for the rest of the game whatever the tailors do: no tailor can ever again enter
    the rows behind the hindmost tailor's row, and the devil shuttles on those rows."""
    rng = random.Random(4)
    arrivals = 0
    for _ in range(300):
        board = DevilBoard()
        while board.outcome() is None:
            board.push(rng.choice(board.legal_moves()))
        if board.winner() != BLACK:
            continue
        arrivals += 1
        rows = board.geometry.row_of
        hindmost = max(rows[square] for square in board.pieces(WHITE))
        while True:
            if board.turn == WHITE:
                if not board.legal_moves():
                    break
                board.push(rng.choice(board.legal_moves()))
                continue
            behind = [m for m in board.legal_moves() if rows[m.to_square] >= hindmost]
            assert behind, board.fen()
            board.push(rng.choice(behind))
    assert arrivals > 10


def test_found_by_name() -> None:
    assert find_variant("devil-among-the-tailors") is DevilBoard
