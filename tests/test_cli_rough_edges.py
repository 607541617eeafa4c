"""Rough edges of the command line found by trying it, each as a user meets it (the real command,
its words and exit status): a serial port that is not there, an option of another command, an alias
that names another game, a file that is no PDN."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tablier.cli import main

ROOT = Path(__file__).resolve().parents[1]


def tablier(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tablier", *argv], capture_output=True, text=True,
                          timeout=120, cwd=cwd, stdin=subprocess.DEVNULL)


def test_a_missing_serial_port_is_said_once_in_plain_words(tmp_path: Path) -> None:
    done = tablier("play", "backgammon", "--port", str(tmp_path / "ttyACM9"), "--no-archive",
                   "--log-dir", str(tmp_path / "logs"))
    assert done.returncode != 0
    said = done.stderr.strip()
    assert said.count("Errno") == 0 and said.count("No such file") <= 1, said
    assert "no such port" in said and "plugged in" in said, said


def test_play_takes_a_draughts_position_as_fen_too(capsys: pytest.CaptureFixture[str]) -> None:
    parser_said = tablier("play", "english", "--fen")  # the option of `tablier moves`, its value missing
    assert parser_said.returncode == 2
    assert "tablier play: error: argument --position/--fen: expected one argument" in parser_said.stderr
    from tablier.cli import build_parser

    args = build_parser().parse_args(["play", "english", "--fen", "B:W21,22:B1,2", "--sim"])
    assert args.position == "B:W21,22:B1,2"


def test_an_option_no_command_has_is_refused_by_that_command_with_the_nearest(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["play", "english", "--postion", "B:W21:B1", "--sim"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[0].startswith("usage: tablier play ")
    assert "tablier play: error: unrecognized arguments: --postion B:W21:B1 (did you mean --position?)" in err


def test_trictrac_is_no_name_of_backgammon(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    listed = capsys.readouterr().out
    assert "tric-trac" not in listed.lower()
    assert main(["rules", "tric-trac"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_replay_of_a_file_that_is_no_pdn_finds_no_legal_game(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello world\nnothing here is a game of draughts\n")
    assert main(["replay", "english", str(text)]) == 2
    assert capsys.readouterr().err == f"tablier replay: {text} holds no PDN game\n"
    assert main(["replay", "english", str(ROOT / "examples" / "match.mat")]) == 2
    assert "is a .mat match, not PDN" in capsys.readouterr().err
    assert main(["replay", "english", str(ROOT / "README.md")]) != 0
    out = capsys.readouterr().out
    assert "all legal" not in out and " 0 legal," in out.splitlines()[-1]
