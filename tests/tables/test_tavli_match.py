"""The Tavli match: Portes, Plakoto and Fevga in turn, as Greek players play it."""

from __future__ import annotations

import pytest

from tablier.cli import main
from tablier.tables.catalog import game_variant
from tablier.tables.tavli import TavliRotation


def test_the_games_come_in_turn_portes_first() -> None:
    assert [TavliRotation.variant(n).name for n in range(1, 8)] == [
        "portes", "plakoto", "fevga", "portes", "plakoto", "fevga", "portes"]
    assert game_variant("tavli", {}, 2).name == "plakoto"
    assert game_variant("backgammon", {}, 2).name == "backgammon"


def test_the_match_is_to_five_points_or_as_agreed() -> None:
    assert TavliRotation().points == 5
    assert TavliRotation({"points": "7"}).points == 7
    with pytest.raises(ValueError, match="points"):
        TavliRotation({"points": "4"})


def test_tavli_is_not_a_position_of_its_own(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "tavli", "--dice", "3-1"]) == 2
    assert "Tavli is a match of portes, plakoto, fevga played in turn" in capsys.readouterr().err


def test_tablier_rules_tavli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "tavli", "--option", "points=7"]) == 0
    assert "until a side has 7 points" in capsys.readouterr().out
