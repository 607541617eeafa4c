"""The lights where the games begin, end to end: the example scripts of each tables game's opening
(`tablier play GAME --sim --script FILE`), and the tray lit while it is already full."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablier.cli import main

from .conftest import run_script

SCRIPTS = Path(__file__).parent / "scripts"


@pytest.mark.parametrize(("script", "moves"), [
    ("backgammon_hit_and_bar", "24/18 13/11 ; 13/9 13/7* ; bar/20 13/11"),
    ("jacquet_opening", "24/13 ; 24/20"),
    ("spanish_opening", "24/13 ; 24/20"),
    ("versailles_opening", "24/17"),
    ("ticktack_opening", "24/14 ; 24/19 ; 24/23 14/12"),
    ("plakoto_pin", "24/19 24/18 ; 24/23 24/18 ; 18/7* ; 24/19 23/21"),
    ("fevga_opening", "24/13"),
    ("nardy_opening", "24/18(2)"),
])
def test_the_opening_lights_of_each_tables_game(script: str, moves: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = SCRIPTS / f"{script}.txt"
    game = script.split("_")[0]
    assert main(["play", game, "--sim", "--script", str(path), "--log-dir", str(tmp_path)]) == 0
    assert f"moves: {moves}\n" in capsys.readouterr().out  # every `expect lit` of the script held


def test_a_man_bearing_off_into_a_full_tray_lights_it() -> None:
    # eight men already off: the tray's six slots are covered, a man put in it changes no switch
    result = run_script("backgammon", """
        setup
        dice 6 5
        press 1
        lift point 6
        expect lit tray 1 bear-off
        put tray 1                # unseen
        lift point 5
        expect lit tray 1 bear-off
        expect lit status 1 press-when-done
        put tray 1
        press 1
        expect last 6/off 5/off
    """, position="B 6x2 5x2 4x2 3 / W 24x2 13x5 8x3 6x5 / B")
    assert result.session.committed == ["6/off 5/off"]


def test_teaching_words_name_the_start_stacks_destinations_before_a_lift() -> None:
    result = run_script("jacquet", """
        setup
        dice 6 5
        press 1
        expect lit point 24 must-move
    """)
    assert "the man must come from 24: he may go to 13, 18, 19" in result.session.status_lines()


def test_a_man_held_in_the_hand_for_a_while_is_not_taken_for_a_dead_switch() -> None:
    result = run_script("backgammon", """
        setup
        dice 3 1
        press 1
        dice 3 1
        press 1
        lift point 8
        wait 1.5                  # longer than a lone change takes to look like a dead switch
        expect lit point 5 destination
        put point 5
        move point 6 point 5
        press 1
        expect last 8/5 6/5
    """)
    assert not any("looks faulty" in line for line in result.session.message_log)
