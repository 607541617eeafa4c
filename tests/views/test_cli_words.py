"""What the commands say: one line for an option that means nothing in the game, counts in the
singular when there is one, every command's errors in the same style."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablier.cli import main
from tablier.words import counted


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    status = main(list(arguments))
    out, err = capsys.readouterr()
    return status, out, err


def test_draughts_refuses_dice_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "moves", "english", "--dice", "3-1") == (
        2, "", "tablier moves: draughts has no dice; --dice is for the tables games\n")
    status, out, err = run(capsys, "moves", "polish", "--position", "x")
    assert (status, out) == (2, "") and err.startswith("tablier moves: a draughts position is given with")
    status, out, err = run(capsys, "moves", "backgammon", "--dice", "3-1", "--fen", "B:W1:B2")
    assert (status, out) == (2, "") and err == ("tablier moves: --fen is for draughts; Backgammon takes its "
                                                "position as --position\n")


def test_one_of_a_thing_is_said_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    assert [counted(n, "legal play") for n in (0, 1, 2)] == ["0 legal plays", "1 legal play", "2 legal plays"]
    assert counted(1, "man", "men") == "1 man" and counted(3, "man", "men") == "3 men"
    status, out, _ = run(capsys, "moves", "english", "--fen", "B:W32:B4")
    assert status == 0 and "black to move, 1 legal move\n" in out


def test_the_status_line_counts_one_legal_play() -> None:
    from .conftest import run_script

    # Black on the bar against White's home board with one point open: 6-5 has only bar/14
    position = "W 1x2 2x2 3x2 4x2 6x2 13x5 / B bar offx14 / B"
    session = run_script("backgammon", "setup\ndice 6 5\npress 1\n", position=position).session
    lines = session.status_lines()
    assert "player 1 (black) plays 6-5: 1 legal play (bar/14)" in lines, lines


def test_calibrate_says_its_errors_as_every_command_does(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "calibrate", "--port", "/dev/null", "--fault", "dead:1")
    assert status == 2 and err == "tablier calibrate: --fault only applies to the simulated board (--sim)\n"
    status, _, err = run(capsys, "calibrate", "--check", "/nonexistent/calibration.toml")
    assert status and err.startswith("tablier calibrate: ") and "error:" not in err


def test_hardware_says_its_errors_as_every_command_does(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    broken = tmp_path / "board.toml"
    broken.write_text("[board\n")
    status, _, err = run(capsys, "hardware", "check", "--layout", str(broken))
    assert status == 1 and err.startswith("tablier hardware: ") and "error:" not in err


def test_the_demos_two_computers_have_names_of_their_own(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: object) -> None:
    status, out, _ = run(capsys, "demo", "--fast", "--seed", "4", "--log-dir", str(tmp_path))
    assert status == 0 and "computer:1 (" not in out
    assert "Computer A:1 (black) throws" in out and "Computer B:1 (white) throws" in out
    assert "score Computer A:1 0, Computer B:1 1" in out
