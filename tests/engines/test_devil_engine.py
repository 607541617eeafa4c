"""Devil among the Tailors: the shipped solved table answers a hint at once, and it is the solver's."""

from __future__ import annotations

import lzma
import random

import pytest

from tablier.draughts.devil_solver import START, DevilPosition, DevilSolver
from tablier.draughts.variants import DevilBoard
from tablier.engines import devil_table, draughts_engine
from tablier.engines.devil import shared_solver


def test_the_first_hint_comes_from_the_table_without_solving() -> None:
    shared_solver.cache_clear()
    ranked = draughts_engine(DevilBoard).rank(DevilBoard())
    assert len(shared_solver()) == 0  # nothing was solved: the table held every answer
    assert ranked[0].terms == {"wins": 0.0, "plies": 44.0}  # the tailors win in 44 plies (Law 7 start)
    assert "holds out 44 more moves" in ranked[0].why
    tailors_first = draughts_engine(DevilBoard).rank(DevilBoard(first="white"))
    assert tailors_first[0].score == 1000 - 43


def random_positions(count: int, seed: int) -> list[DevilPosition]:
    """Positions of random games from both starts, past their 24th ply (small enough to solve)."""
    rng = random.Random(seed)
    found: list[DevilPosition] = []
    while len(found) < count:
        position = DevilPosition(START.tailors, START.devil, rng.choice((True, False)))
        for ply in range(60):
            if position.winner() is not None:
                break
            if ply >= 24 and rng.random() < 0.2:
                found.append(position)
            position = position.play(rng.choice(position.moves()))
    return found[:count]


def test_the_table_holds_the_solver_s_values_on_a_sample() -> None:
    solver = DevilSolver()
    for position in random_positions(150, seed=13):
        assert devil_table.lookup(position) == solver.solve(position)


def test_without_the_table_the_engine_solves_and_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    board = DevilBoard("W:W14,15,16,20:B6")
    with_table = draughts_engine(DevilBoard).rank(board)
    monkeypatch.setattr(devil_table, "shipped_table", lambda: b"")
    shared_solver.cache_clear()
    solved = draughts_engine(DevilBoard).rank(board)
    assert len(shared_solver()) > 0
    assert [(c.move, c.score) for c in solved] == [(c.move, c.score) for c in with_table]
    shared_solver.cache_clear()


@pytest.mark.full
def test_the_shipped_table_is_up_to_date() -> None:
    """Regenerate it (as ``python -m tablier.engines.devil_table`` does) and compare."""
    shipped = lzma.decompress(devil_table.table_path().read_bytes())
    assert devil_table.build_table() == shipped
