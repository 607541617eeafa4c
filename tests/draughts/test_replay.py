"""``tablier replay GAME FILE.pdn``: per-game report, JSON and exit status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablier.cli import main

GOOD = '[Event "one"]\n1. 11-15 23-19 2. 8-11 22-17 *\n\n[Event "two"]\n1. 9-13 22-18 1-0\n'
BAD = '[Event "bad"]\n1. 11-15 22-18 2. 9-13 *\n\n[Event "ok"]\n1. 11-15 *\n'


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "games.pdn"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_all_legal_exits_0_with_a_line_per_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "english", _write(tmp_path, GOOD)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["game 1 (one): 4 moves, all legal", "game 2 (two): 2 moves, all legal",
                     "2 games, 6 moves replayed; 2 legal, 0 not"]


def test_an_illegal_move_exits_1_and_names_game_ply_and_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "english", _write(tmp_path, BAD), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report == {"games": 2, "moves": 3, "illegal": [
        {"game": 1, "ply": 3, "move": "9-13",
         "reason": "9-13: a capture is compulsory (15x22)"}]}


def test_text_report_of_an_illegal_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "english", _write(tmp_path, BAD)]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "game 1 (bad): 2 moves replayed, then at ply 3: 9-13: a capture is compulsory (15x22)"


def test_a_syntax_error_counts_as_a_failure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "polish10", _write(tmp_path, "1. 33-29 19-23 { a { b } } *"), "--json"]) == 1
    [failure] = json.loads(capsys.readouterr().out)["illegal"]
    assert failure["ply"] == 2
    assert failure["reason"].startswith("syntax: line 1, column 16: nested comment")


def test_forgiven_quirks_are_listed_on_request(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "1. 10x14 23-19 *")  # a plain move written as a capture
    assert main(["replay", "english", path, "--warnings"]) == 0
    out = capsys.readouterr().out
    assert "note: ply 1: 10x14 is written as a capture but is 10-14" in out


def test_unreadable_file_or_unknown_game_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "english", str(tmp_path / "missing.pdn")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["replay", "english", _write(tmp_path, "\n% nothing\n")]) == 2
    assert "holds no PDN game" in capsys.readouterr().err
    assert main(["replay", "chess", _write(tmp_path, GOOD)]) == 2
    assert "unknown draughts variant" in capsys.readouterr().err


def test_the_seed_games_file_replays(capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).parents[1] / "data" / "draughts" / "seed_illustrative_games.pdn"
    assert main(["replay", "english", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"games": 7, "moves": 129, "illegal": []}


def test_a_game_type_that_does_not_match_is_noted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, '[GameType "20"]\n1. 11-15 *')
    assert main(["replay", "english", path, "--warnings"]) == 0
    assert "note: the record says GameType 20 (international draughts); replayed as english" in (
        capsys.readouterr().out)
