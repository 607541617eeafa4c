"""The computer never plays an illegal move: every engine's answer is a member of the core's list."""

from __future__ import annotations

import pytest
from engine_positions import draughts_positions, tables_positions

from tablier.draughts.core import Board
from tablier.draughts.laws import LawsGame, LawsOptions
from tablier.draughts.variants import VARIANTS as DRAUGHTS_VARIANTS
from tablier.engines import LEVELS, draughts_engine, tables_engine
from tablier.tables.catalog import VARIANTS as TABLES_VARIANTS

QUICK, SLOW = LEVELS[0], LEVELS[1]


def _tables_check(variant_class: type, count: int, seed: int) -> None:
    variant = variant_class()
    engine = tables_engine(variant)
    for position, dice in tables_positions(variant, count, seed):
        plays = variant.plays(position, dice)
        ranked = engine.rank(position, dice, QUICK)
        assert sorted(map(repr, (c.move for c in ranked))) == sorted(map(repr, plays)), f"{position} {dice}"
        assert ranked[0].move in plays
        assert all(ranked[i].score >= ranked[i + 1].score for i in range(len(ranked) - 1))


@pytest.mark.parametrize("variant_class", TABLES_VARIANTS, ids=lambda v: v.name)
def test_every_play_ranked_is_a_legal_play(variant_class: type) -> None:
    _tables_check(variant_class, count=25, seed=13)


@pytest.mark.full
@pytest.mark.parametrize("variant_class", TABLES_VARIANTS, ids=lambda v: v.name)
def test_every_play_ranked_is_legal_over_thousands_of_positions(variant_class: type) -> None:
    _tables_check(variant_class, count=1500, seed=1890)


@pytest.mark.parametrize("variant_class", TABLES_VARIANTS, ids=lambda v: v.name)
def test_the_deeper_level_still_plays_a_legal_play(variant_class: type) -> None:
    variant = variant_class()
    engine = tables_engine(variant)
    for position, dice in tables_positions(variant, 2, seed=7):
        assert engine.best(position, dice, SLOW) in variant.plays(position, dice)


def _draughts_check(board_class: type[Board], count: int, seed: int) -> None:
    engine = draughts_engine(board_class)
    for board in draughts_positions(board_class, count, seed):
        fen = board.fen()
        ranked = engine.rank(board, QUICK)
        assert board.fen() == fen, "the engine leaves the board as it found it"
        legal = board.legal_moves()
        assert sorted(c.move for c in ranked) == sorted(legal)
        assert ranked[0].move in legal


@pytest.mark.parametrize("board_class", [b for b in DRAUGHTS_VARIANTS if b.name != "devil"],
                         ids=lambda b: b.name)
def test_every_draughts_move_ranked_is_legal(board_class: type[Board]) -> None:
    _draughts_check(board_class, count=12, seed=13)


@pytest.mark.full
@pytest.mark.parametrize("board_class", DRAUGHTS_VARIANTS, ids=lambda b: b.name)
def test_every_draughts_move_ranked_is_legal_over_many_positions(board_class: type[Board]) -> None:
    _draughts_check(board_class, count=400, seed=1890)


def test_the_devil_plays_a_legal_move_and_the_solver_s_best() -> None:
    from tablier.draughts.devil_solver import DevilPosition
    from tablier.draughts.variants import DevilBoard
    from tablier.engines.devil import shared_solver

    board = DevilBoard("W:W22,23,24,26:B15")
    ranked = draughts_engine(DevilBoard).rank(board)
    best = ranked[0].move
    assert best in board.legal_moves()
    solver_best = shared_solver().best_moves(DevilPosition.from_board(board))
    assert (best.path[0], best.path[-1]) in solver_best
    assert ranked[0].terms["wins"] == 1.0 and "Wins with best play" in ranked[0].why


@pytest.mark.parametrize("captures", ["huff", "compulsory"])
def test_under_the_checker_laws_the_engine_plays_a_move_the_laws_allow(captures: str) -> None:
    engine = draughts_engine(Board)
    for board in draughts_positions(Board, 8, seed=5):
        laws = LawsGame(board.copy(), LawsOptions.from_strings({"captures": captures}))
        assert engine.best(board, QUICK) in laws.legal_moves()
