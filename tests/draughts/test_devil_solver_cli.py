"""``tablier solve devil``: the value, every move's value and a drawn principal line."""

from __future__ import annotations

import json

import pytest

from tablier.cli import main


def test_json_gives_the_value_each_move_and_the_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "devil", "--fen", "W:W18,19,25,26:B10", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["winner"] == "White (the tailors)"
    assert report["plies"] == 27
    winning = [entry["move"] for entry in report["moves"] if entry["winner"].startswith("White")]
    assert winning == ["25-21", "25-22"]
    assert len(report["line"]) == 27


def test_text_draws_the_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "devil", "--fen", "W:W22,23,24,26:B15"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("W:W22,23,24,26:B15: White (the tailors) wins in 29 plies")
    assert "   24-19: Black (the devil) wins in 14" in lines
    first_row = lines.index("A principal line (the winner hurries, the loser delays):") + 1
    assert lines[first_row].split()[:3] == ["start", "1.", "22-17"]
    board_rows = lines[first_row + 1:first_row + 9]
    assert sum(row.count("b") for row in board_rows) == 6  # the devil on each of the six boards


def test_a_finished_game_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "devil", "--fen", "B:W6,7,14,15:B2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("B:W6,7,14,15:B2: the game is over; White (the tailors) has won")


def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "devil", "--fen", "W:W29:B1,2"]) == 2
    assert "devil" in capsys.readouterr().err
    assert main(["solve", "english"]) == 2
    assert "only devil" in capsys.readouterr().err
