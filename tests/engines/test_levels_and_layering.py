"""The computer's levels, and the engines' place among the layers (pure: rules cores only)."""

from __future__ import annotations

import ast
from itertools import pairwise
from pathlib import Path

import pytest

from tablier.draughts.core import Board
from tablier.engines import DEFAULT_LEVEL, LEVELS, draughts_engine, find_level

ENGINES = Path(__file__).resolve().parents[2] / "host" / "tablier" / "engines"


def test_levels_are_named_one_to_four_and_grow_stronger() -> None:
    assert [level.number for level in LEVELS] == [1, 2, 3, 4]
    assert find_level(None) is DEFAULT_LEVEL and find_level("3") is LEVELS[2]
    assert all(a.seconds < b.seconds and a.plies <= b.plies for a, b in pairwise(LEVELS))
    assert DEFAULT_LEVEL.seconds < 1


@pytest.mark.parametrize("text", ["0", "5", "strong", "-1"])
def test_a_bad_level_is_refused_in_words(text: str) -> None:
    with pytest.raises(ValueError, match="level"):
        find_level(text)


def test_a_higher_level_searches_draughts_deeper() -> None:
    engine = draughts_engine(Board)
    engine.rank(Board(), LEVELS[0])
    shallow = engine.depth_reached
    engine.rank(Board(), LEVELS[1])
    assert engine.depth_reached > shallow


def test_the_draughts_engine_does_not_give_a_man_away_and_says_why() -> None:
    board = Board("B:W22,30:B15,5")  # 15-18 lets 22x15, and two men beat one
    ranked = draughts_engine(Board).rank(board, LEVELS[1])
    assert str(ranked[-1].move) == "15-18" and "Loses by force" in ranked[-1].why
    assert str(ranked[0].move) != "15-18" and "material stays even" in ranked[0].why


def test_the_engines_import_only_the_rules_cores() -> None:
    edges = ("tablier.cli", "tablier.link", "tablier.board", "tablier.play", "tablier.record",
             "tablier.hardware")
    offenders = []
    for path in sorted(ENGINES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                names = []
            offenders += [f"{path.name} imports {name}" for name in names if name.startswith(edges)]
    assert offenders == []
