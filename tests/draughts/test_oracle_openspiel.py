"""Differential test against OpenSpiel's ``checkers`` and ``misere(checkers)`` (the Losing Game).

Both engines play the same random games in step. At every turn the set of positions reachable by one
full move must be the same. OpenSpiel's traps (shared/notes/oracles.md): its board is ours turned
180 degrees (its player 0, ``o``, is our Black; English 11-15 is its ``c3d4``); a multi-jump is
several actions by the same player; it declares a draw after 40 plies without a capture, so a game
that it ends that way is simply stopped there.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablier.draughts import BLACK, BOARD_8, Board, LosingBoard

pyspiel = pytest.importorskip("pyspiel")

# OpenSpiel's cells: o / 8 are player 0's man / king (our Black), + / * player 1's (our White).
CELLS = {"o": (BLACK, False), "8": (BLACK, True), "+": (True, False), "*": (True, True)}

Key = tuple[int, int, int, bool]


def position_of(state: Any) -> Key:
    """Our position key for an OpenSpiel checkers state (board turned 180 degrees)."""
    black, white, kings = [], [], []
    for line in str(state).splitlines()[:8]:
        rank = int(line[0])
        for file, cell in enumerate(line[1:9]):
            if cell not in CELLS:
                continue
            color, king = CELLS[cell]
            row, column = rank - 1, 7 - file
            square = row * 4 + column // 2 + 1
            (white if color else black).append(square)
            if king:
                kings.append(square)
    turn = state.is_terminal() or state.current_player() == 1  # at the end, not compared
    return (BOARD_8.mask(black), BOARD_8.mask(white), BOARD_8.mask(kings), turn)


def full_moves(state: Any) -> dict[Key, Any]:
    """Every position one full move away (multi-jumps followed to their end), with its state."""
    player = state.current_player()
    found: dict[Key, Any] = {}

    def walk(current: Any) -> None:
        for action in current.legal_actions():
            after = current.clone()
            after.apply_action(action)
            if not after.is_terminal() and after.current_player() == player:
                walk(after)
            else:
                found[position_of(after)] = after
    walk(state)
    return found


def play_in_step(game_name: str, board_class: type[Board], games: int, seed: int) -> int:
    """Play ``games`` random games in both engines; returns the number of positions compared."""
    game = pyspiel.load_game(game_name)
    rng = random.Random(seed)
    compared = 0
    for _ in range(games):
        state = game.new_initial_state()
        board = board_class()
        while True:
            if state.is_terminal():
                outcome = board.outcome()
                if outcome is not None:  # not OpenSpiel's 40-ply draw: the same winner
                    returns = state.returns()
                    assert (returns[1] > returns[0]) == outcome.winner, board.fen()
                break
            assert position_of(state) == board.position_key(), board.fen()
            theirs = full_moves(state)
            ours = {}
            for move in board.legal_moves():
                board.push(move)
                ours[(board.black, board.white, board.kings, True)] = move
                board.pop()
            compared += 1
            assert set(ours) == {(b, w, k, True) for (b, w, k, _) in theirs}, board.fen()
            move = rng.choice(board.legal_moves())
            board.push(move)
            key = board.position_key()
            state = next(s for (b, w, k, _), s in theirs.items() if (b, w, k) == key[:3])
    return compared


def test_checkers_sample() -> None:
    assert play_in_step("checkers", Board, games=100, seed=11) > 5_000


def test_misere_checkers_sample() -> None:
    assert play_in_step("misere(game=checkers())", LosingBoard, games=100, seed=12) > 5_000


@pytest.mark.full
def test_checkers_sweep() -> None:
    assert play_in_step("checkers", Board, games=2000, seed=21) > 100_000


@pytest.mark.full
def test_misere_checkers_sweep() -> None:
    assert play_in_step("misere(game=checkers())", LosingBoard, games=2000, seed=22) > 100_000
