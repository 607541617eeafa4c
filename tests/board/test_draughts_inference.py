"""Reading a draughts move from the dark squares: plain moves, multi-captures lifted in any order,
crowning, huffs (pure: no firmware)."""

from __future__ import annotations

from itertools import permutations

from tablier.board.draughts_inference import MoveInference
from tablier.board.tables_inference import HIT, MOVE, Status
from tablier.draughts.core import Board


def squares(board: Board) -> frozenset[int]:
    return frozenset(board.pieces(False) + board.pieces(True))


def test_a_plain_move_lifted_lights_its_destinations_and_commits_when_put() -> None:
    board = Board()
    inference = MoveInference(board)
    start = squares(board)
    assert inference.read(start).status is Status.PARTIAL
    lifted = inference.read(start - {11})
    assert lifted.status is Status.IN_HAND and lifted.destinations == {15: MOVE, 16: MOVE}
    reading = inference.read(start - {11} | {15})
    assert reading.status is Status.FINAL and str(reading.finals[0].move) == "11-15"


def test_a_double_capture_with_the_captured_men_lifted_in_any_order() -> None:
    board = Board("B:W18,26,30:B15,1")  # 15x22x31? black jumps 18 then 26
    inference = MoveInference(board)
    move = board.legal_moves()[0]
    assert len(move.captures) == 2
    start = squares(board)
    end = start - set(move.captures) - {move.from_square} | {move.to_square}
    assert inference.read(start - {move.from_square}).destinations == {move.to_square: HIT}
    for order in permutations(move.captures):
        state = start - {move.from_square}
        for captured in order:
            state = state - {captured}
            assert inference.read(state).status is not Status.UNKNOWN
        # the piece paused on its landing square on the way
        paused = start - {move.from_square, order[0]} | {move.path[1]}
        assert inference.read(paused).status is not Status.UNKNOWN
    assert inference.read(end).status is Status.FINAL


def test_crowning_is_known_from_the_rules_though_the_switch_sees_one_man() -> None:
    board = Board("B:W5:B26")  # the black man on 26 reaches the last row and is crowned
    inference = MoveInference(board)
    reading = inference.read(frozenset({5, 30}))
    assert reading.status is Status.FINAL and reading.finals[0].move.crowns


def test_a_huff_is_a_state_on_the_way() -> None:
    board = Board("B:W18:B14,1")  # black to move: white's man on 18 ... positions are rules' business
    huffable = [18]
    inference = MoveInference(board, board.legal_moves(), huffable)
    reading = inference.read(squares(board) - {18})
    assert reading.status is Status.PARTIAL and any(c.huffed == 18 for c in reading.candidates)


def test_a_wrong_move_matches_nothing_and_leads_back_to_the_start() -> None:
    board = Board()
    inference = MoveInference(board)
    wrong = squares(board) - {11} | {20}
    assert inference.read(wrong).status is Status.UNKNOWN
    assert inference.nearest_target(wrong) == squares(board)
