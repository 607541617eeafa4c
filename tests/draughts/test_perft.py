"""Perft (the number of move sequences to a depth, the standard check of a move generator) of the
English checkers core against the published figures and against OpenSpiel's checkers, an
independent generator counted here through its Python API (a multi-jump followed to its end is one
move). The default run goes to depth 7 from the start; ``make test-full`` to depth 9, and compares
middle-game positions reached by random play in both engines in step.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from tablier.draughts import Board

sys.path.insert(0, str(Path(__file__).parent))
from test_oracle_openspiel import full_moves, position_of

pyspiel = pytest.importorskip("pyspiel")

PUBLISHED = {1: 7, 2: 49, 3: 302, 4: 1469, 5: 7361, 6: 36768, 7: 179740, 8: 845931, 9: 3963680,
             10: 18391564}
"""English checkers perft from the start position, as published (Aart Bik's and the checkers
programming community's counts)."""


def openspiel_perft(state: Any, depth: int) -> int:
    """Move sequences of ``depth`` full moves in OpenSpiel (each route of a multi-jump counted; a
    game over before the depth counts none, as perft does)."""
    if depth == 0:
        return 1
    if state.is_terminal():  # the game ended before the depth: no sequence that long
        return 0
    player = state.current_player()
    total = 0

    def walk(current: Any) -> None:
        nonlocal total
        for action in current.legal_actions():
            after = current.clone()
            after.apply_action(action)
            if not after.is_terminal() and after.current_player() == player:
                walk(after)
            else:
                total += openspiel_perft(after, depth - 1)

    walk(state)
    return total


@pytest.mark.parametrize("depth", [6, 7])
def test_perft_from_the_start_matches_the_published_figures(depth: int) -> None:
    assert Board().perft(depth) == PUBLISHED[depth]


def test_perft_from_the_start_matches_openspiel() -> None:
    state = pyspiel.load_game("checkers").new_initial_state()
    assert openspiel_perft(state, 6) == Board().perft(6) == PUBLISHED[6]


@pytest.mark.full
@pytest.mark.parametrize("depth", [8, 9])
def test_deep_perft_from_the_start_matches_the_published_figures(depth: int) -> None:
    assert Board().perft(depth) == PUBLISHED[depth]


@pytest.mark.full
def test_perft_of_middle_games_matches_openspiel() -> None:
    """Positions reached by random play in both engines (captures, kings, multi-jumps, games won
    within the depth): the same number of sequences three moves deep."""
    game = pyspiel.load_game("checkers")
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        state, board = game.new_initial_state(), Board()
        for _ply in range(10 + 3 * seed):
            moves = board.legal_moves()
            if not moves or state.is_terminal():
                break
            successors = full_moves(state)
            board.push(rng.choice(moves))
            key = board.position_key()[:3]
            state = next(s for (b, w, k, _), s in successors.items() if (b, w, k) == key)
        assert position_of(state)[:3] == board.position_key()[:3]
        if state.is_terminal():
            continue
        assert board.perft(3) == openspiel_perft(state, 3), board.fen()
        compared += 1
    assert compared >= 8
