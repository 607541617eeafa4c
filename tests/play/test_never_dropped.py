"""A session that never drops the player: malformed lines, the end of input, quit and Ctrl-C, the
result told, the keys of the game, the archive."""

from __future__ import annotations

import io
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.play.dice import PHYSICAL, Dice
from tablier.play.runner import TerminalCommands, play
from tablier.play.script import ScriptActor, parse_script
from tablier.play.session import PlayOptions
from tablier.play.view import View, keys_line
from tablier.record.archive import Archive, default_path

from .conftest import run_script


class Host:
    """``tablier play GAME --sim`` running with its standard input on a terminal (a pty)."""

    def __init__(self, *args: str) -> None:
        self.master, slave = pty.openpty()
        self.process = subprocess.Popen([sys.executable, "-m", "tablier", "play", *args],
                                        stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        os.close(slave)
        self.out = ""

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def wait_for(self, text: str, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        assert self.process.stdout is not None
        while text not in self.out:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {text!r} in the host's output:\n{self.out}")
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if ready:
                data = os.read(self.process.stdout.fileno(), 4096).decode(errors="replace")
                if not data:
                    raise AssertionError(f"the host ended before saying {text!r}:\n{self.out}")
                self.out += data

    def end(self, timeout: float = 30.0) -> int:
        code = self.process.wait(timeout)
        self.wait_for_rest()
        os.close(self.master)
        return code

    def wait_for_rest(self) -> None:
        assert self.process.stdout is not None
        self.out += self.process.stdout.read().decode(errors="replace")

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def log_dir(tmp_path: Path) -> Path:
    return tmp_path / "logs"


def test_malformed_dice_and_ctrl_d_leave_the_session_answering(log_dir: Path) -> None:
    host = Host("backgammon", "--sim", "--seed", "1", "--log-dir", str(log_dir), "--no-archive")
    try:
        host.wait_for("set up the men")
        host.type("dice 9 9\n")
        host.wait_for("dice: type the two dice, each 1 to 6")
        host.type("\x04")  # Ctrl-D at the start of a line: the end of input
        host.wait_for("end of input (Ctrl-D): play goes on")
        host.type("dice 1\ndice 0 0\n")
        host.wait_for("(not '0 0')")
        host.type("setup\n")  # the keyboard still answers: the men are set up
        host.wait_for("the men are set up")
        host.type("quit\n")
        assert host.end() == 0
    finally:
        host.kill()
    log = next(log_dir.glob("*.jsonl"))
    assert f"to go on: tablier play --resume {log} --sim" in host.out


def test_ctrl_c_stops_with_the_command_that_resumes(log_dir: Path) -> None:
    host = Host("english", "--sim", "--log-dir", str(log_dir))
    try:
        host.wait_for("set up the men")
        host.process.send_signal(signal.SIGINT)
        assert host.end() == 0
    finally:
        host.kill()
    assert "stopped (Ctrl-C)" in host.out and "Traceback" not in host.out
    assert f"to go on: tablier play --resume {next(log_dir.glob('*.jsonl'))} --sim" in host.out


def test_a_closed_input_on_the_simulated_board_stops_as_quit_after_its_lines(log_dir: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "tablier", "play", "backgammon", "--sim", "--seed", "1",
                           "--log-dir", str(log_dir)], input="setup\ndice 9 9\n", capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    said = done.stdout
    assert said.index("the men are set up") < said.index("dice: type the two dice") < said.index("quit:")
    assert "end of input: the game stops as on `quit`" in said
    assert "to go on: tablier play --resume" in said


def test_malformed_lines_get_a_line_and_nothing_is_silent() -> None:
    result = run_script("backgammon", """
        setup
        say dice 9 9
        say dice 1
        say dice x y
        say choose 7
        say frobnicate
        say takeback
        say 1 roll
        expect message opening throw
    """)
    log = result.session.message_log
    assert sum("type the two dice" in m for m in log) == 3
    assert any("choose: the board is not asking which play" in m for m in log)
    assert any("'frobnicate' means nothing in Backgammon (roll, done" in m for m in log)
    assert any(m.startswith("takeback:") for m in log)


def test_a_resignation_tells_winner_how_points_and_score_at_the_end(capsys: pytest.CaptureFixture[str],
                                                                    log_dir: Path) -> None:
    script = log_dir.parent / "resign.txt"
    script.write_text("setup\ndice 3 1\npress 1\ndice 3 1\npress 1\nsay 1 resign\n")
    code = main(["play", "backgammon", "--sim", "--script", str(script), "--log-dir", str(log_dir),
                 "--players", "Ann,Bob", "--no-archive"])
    out = capsys.readouterr().out
    assert code == 0
    assert ("result: Bob (white) wins game 1: resignation, 1 point; score Ann 0, Bob 1" in out)
    assert "to go on" not in out


def test_a_draughts_result_is_told(log_dir: Path) -> None:
    result = run_script("english", "setup\nsay resign\n", players=("Ann", "Bob"))
    assert result.session.results == ["game 1: Bob (white) wins (black resigned); score Ann 0, Bob 1"]


def test_the_keys_line_lists_the_words_of_the_game_played() -> None:
    draughts = run_script("english", "setup\n", options={"captures": "huff"}).session
    keys = keys_line(draughts)
    assert "huff N" in keys and "compel" in keys and "notice" in keys
    assert "double" not in keys and "claim" not in keys and "roll" not in keys
    backgammon = run_script("backgammon", "setup\n", options={"cube": "true"}).session
    assert "double/take/drop" in keys_line(backgammon) and "claim" not in keys_line(backgammon)
    ticktack = run_script("ticktack", "setup\n").session
    assert "claim NAME" in keys_line(ticktack) and "double" not in keys_line(ticktack)
    typed = keys_line(backgammon, hands=True)
    assert all(action in typed for action in ("setup", "lift", "put", "move"))
    out = io.StringIO()
    View(out, live=True, interval=0, hands=True)(draughts)
    assert "hands: setup, lift PLACE" in out.getvalue() and "double" not in out.getvalue()


def test_physical_dice_are_in_the_keys_line_only_when_used() -> None:
    steps = parse_script("setup\n", "t")
    session = play("backgammon", PlayOptions(), Dice(source=PHYSICAL), sim=True,
                   make_actor=lambda hands, cable: ScriptActor(steps, hands, cable, "t"), timeout=30).session
    assert "dice A B" in keys_line(session)
    assert "dice A B" not in keys_line(run_script("backgammon", "setup\n").session)


def test_a_finished_game_goes_into_the_archive_and_says_so(log_dir: Path) -> None:
    steps = parse_script("setup\nsay resign\n", "t")
    result = play("english", PlayOptions(), Dice(1), sim=True, log_dir=log_dir, archive=True,
                  make_actor=lambda hands, cable: ScriptActor(steps, hands, cable, "t"), timeout=30)
    said = [m for m in result.session.message_log if "in the archive as record" in m]
    assert said and "tablier archive show" in said[0]
    record_id = int(said[0].split("record ")[1].split()[0])
    with Archive(default_path()) as archive:
        record = archive.get(record_id)
    assert record.game == "english" and record.games[0].outcome is not None
    assert not result.resume_command


def test_an_interrupted_game_goes_into_the_archive_when_resume_finishes_it(
        capsys: pytest.CaptureFixture[str], log_dir: Path) -> None:
    first = log_dir.parent / "first.txt"
    first.write_text("setup\nmove square 11 square 15\npress 1\nsay quit\n")
    assert main(["play", "english", "--sim", "--script", str(first), "--log-dir", str(log_dir)]) == 0
    out = capsys.readouterr().out
    assert "to go on: tablier play --resume" in out and "in the archive" not in out
    after = log_dir.parent / "after.txt"
    after.write_text("setup\nsay resign\n")
    assert main(["play", "--resume", "--sim", "--script", str(after), "--log-dir", str(log_dir)]) == 0
    out = capsys.readouterr().out
    assert "in the archive as record" in out and "to go on" not in out
    record_id = int(out.split("in the archive as record ")[1].split()[0])
    with Archive(default_path()) as archive:
        assert [a.kind for a in archive.get(record_id).games[0].actions][:1] == ["move"]


def test_terminal_commands_a_closed_pipe_ends_once_and_keeps_its_last_line() -> None:
    read_end, write_end = os.pipe()
    os.write(write_end, b"setup\nlift point 8")  # the last line has no newline
    os.close(write_end)
    ended: list[bool] = []
    with os.fdopen(read_end) as stream:
        commands = TerminalCommands(stream, on_end=ended.append)
        lines: list[str] = []
        for _ in range(5):
            lines += commands.lines()
    assert lines == ["setup", "lift point 8"] and ended == [True]


def test_terminal_commands_ctrl_d_at_a_terminal_is_told_and_reading_goes_on() -> None:
    master, slave = pty.openpty()
    ended: list[bool] = []
    with os.fdopen(slave) as stream:
        commands = TerminalCommands(stream, on_end=ended.append)
        os.write(master, b"\x04")
        deadline = time.monotonic() + 5
        while not ended and time.monotonic() < deadline:
            commands.lines()
        os.write(master, b"roll\n")
        lines: list[str] = []
        while not lines and time.monotonic() < deadline:
            lines = commands.lines()
    os.close(master)
    assert ended == [False] and lines == ["roll"]
