"""Named rules: Backgammon as today's players play it is one word away (``--rules modern``), the
1890s book's rules stay the default, and a match turns the cube on unless the rules say otherwise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.games import find_game, game_options, rules_in_force
from tablier.tables.catalog import make_variant

BACKGAMMON = find_game("backgammon")
SCRIPT = Path(__file__).parent / "play" / "scripts" / "backgammon_opening.txt"


def test_modern_rules_turn_on_the_cube_the_played_opening_and_home_board_backgammons() -> None:
    variant = make_variant("backgammon", game_options(BACKGAMMON, "modern", {}))
    assert variant.options["cube"] is True
    assert variant.options["opening"] == "play-opening"
    assert variant.options["backgammon_zone"] == "home-board"
    assert rules_in_force(BACKGAMMON, variant.options) == "modern rules"


def test_the_default_is_the_1890s_book() -> None:
    variant = make_variant("backgammon", game_options(BACKGAMMON, None, {}))
    assert variant.options["cube"] is False
    assert rules_in_force(BACKGAMMON, variant.options) == "1890s rules"


def test_an_option_given_one_by_one_wins_over_the_named_rules() -> None:
    values = game_options(BACKGAMMON, "modern", {"cube": "no"})
    assert values["cube"] == "no"
    assert rules_in_force(BACKGAMMON, make_variant("backgammon", values).options) == "modern rules, no cube"


def test_a_match_turns_the_cube_on_unless_the_rules_say_otherwise() -> None:
    assert game_options(BACKGAMMON, None, {}, match_length=5)["cube"] == "yes"
    assert game_options(BACKGAMMON, None, {"cube": "no"}, match_length=5)["cube"] == "no"
    assert "cube" not in game_options(find_game("jacquet"), None, {}, match_length=5)


def test_unknown_rules_are_refused_naming_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "backgammon", "--rules", "moden"]) == 2
    assert "rules: 1890s, modern" in capsys.readouterr().err


def test_tablier_rules_prints_the_named_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "backgammon", "--rules", "modern"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Backgammon (modern rules)")
    assert "cube = True (default False)" in out
    assert "modern: Backgammon as today's players play it" in out


def test_the_game_header_on_the_board_names_the_rules() -> None:
    done = subprocess.run([sys.executable, "-m", "tablier", "play", "backgammon", "--sim",
                           "--rules", "modern", "--seed", "3", "--script", str(SCRIPT)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "game 1 of Backgammon (modern rules): set up the men" in done.stdout.splitlines()
