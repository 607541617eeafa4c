"""Nothing committed is lost: a host killed mid-game resumes from its log; logs rebuild their moves."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.play.replay import rebuild
from tablier.record.eventlog import Commit, Message, read_log

from .conftest import run_script

FIRST = """
setup
dice 3 1
press 1
dice 3 1
press 1
move point 8 point 5
move point 6 point 5
press 1
dice 6 4
press 2
move point 1 point 11      # white 24/14
press 2
wait 60                    # the host is killed while waiting
"""

AFTER = """
setup                      # the men as the log's position stands (a fresh board is empty)
dice 6 5
press 1
move point 24 point 13
press 1
expect last 24/13
"""


def test_a_killed_host_resumes_with_nothing_committed_lost(tmp_path: Path) -> None:
    (tmp_path / "first.txt").write_text(FIRST)
    (tmp_path / "after.txt").write_text(AFTER)
    logs = tmp_path / "logs"
    host = subprocess.Popen([sys.executable, "-m", "tablier", "play", "backgammon", "--sim", "--script",
                             str(tmp_path / "first.txt"), "--log-dir", str(logs)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            found = list(logs.glob("*.jsonl"))
            if found and len(read_log(found[0]).of(Commit)) == 2:
                break
            time.sleep(0.1)
        else:
            pytest.fail("the first host did not commit two moves")
    finally:
        os.killpg(host.pid, signal.SIGKILL)
        host.wait()
    status = main(["play", "--resume", "--sim", "--script", str(tmp_path / "after.txt"),
                   "--log-dir", str(logs)])
    assert status == 0
    (path,) = logs.glob("*.jsonl")
    log = read_log(path)
    assert [c.notation for c in log.of(Commit)] == ["8/5 6/5", "24/14", "24/13"]
    assert any("resumed after 2 moves" in m.text for m in log.of(Message))
    assert rebuild(log).agrees  # the whole log, both runs, rebuilds the same moves


def test_rebuild_re_infers_a_log_with_a_cut_link_and_a_question(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_script("backgammon", """
        setup
        dice 5 2
        press 1
        lift point 4
        put point 2
        cut
        lift point 2
        put tray 1
        restore
        wait 0.3
        press 1
        say choose 2
    """, tmp_path, position="B 2x7 4 / W 24x2 13x5 12x3 19x5 / B")
    assert result.log_path is not None and len(result.session.committed) == 1
    clean = tmp_path / "clean.jsonl"
    assert main(["rebuild", str(result.log_path), "--out", str(clean)]) == 0
    out = capsys.readouterr().out
    assert result.session.committed[0] in out and "agree" in out
    kinds = {record.kind for record in read_log(clean)}
    assert "commit" in kinds and "dice" in kinds and not kinds & {"switch", "snapshot", "link", "message"}


def test_rebuild_refuses_what_is_not_a_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "x.jsonl"
    bad.write_text("hello\n")
    assert main(["rebuild", str(bad)]) == 2
    assert "not a Tablier event log" in capsys.readouterr().err


def test_a_draughts_game_resumes_from_its_log(tmp_path: Path) -> None:
    first = run_script("english", """
        setup
        move square 11 square 15
        press 1
        move square 22 square 18
        press 2
    """, tmp_path)
    assert first.log_path is not None
    script = tmp_path / "after.txt"
    script.write_text("setup\nexpect lit status 1 your-turn\n"
                      "lift square 15 / lift square 18 / put square 22\npress 1\nexpect last 15x22\n")
    assert main(["play", "--resume", str(first.log_path), "--sim", "--script", str(script)]) == 0
    assert [c.notation for c in read_log(first.log_path).of(Commit)] == ["11-15", "22-18", "15x22"]


PENDING = """
setup
dice 3 1
press 1
dice 3 1
press 1
move point 8 point 5
move point 6 point 5
press 1
dice 6 4
press 2
"""


def test_a_torn_last_line_is_cut_before_the_resumed_game_appends(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = run_script("backgammon", PENDING + "move point 1 point 11\npress 2\n", tmp_path)
    assert first.log_path is not None
    with open(first.log_path, "a") as log:
        log.write('{"type":"switch","t":1795955407.2,"switch":4')  # the host killed mid-write
    assert read_log(first.log_path).torn_tail
    scripts = ("setup\ndice 6 5\npress 1\nmove point 24 point 13\npress 1\nexpect last 24/13\n",
               "setup\ndice 4 2\npress 2\nmove point 12 point 14\nmove point 12 point 16\npress 2\n"
               "dice 6 5\npress 1\nmove point 24 point 13\npress 1\nexpect last 24/13\n")
    for n, text in enumerate(scripts):  # two resumptions, one after the other
        script = tmp_path / f"after{n}.txt"
        script.write_text(text)
        assert main(["play", "--resume", str(first.log_path), "--sim", "--script", str(script)]) == 0
    log = read_log(first.log_path)
    assert not log.torn_tail
    assert [c.notation for c in log.of(Commit)] == ["8/5 6/5", "24/14", "24/13", "13/11 13/9", "24/13"]
    assert any("torn last line" in m.text and "cut" in m.text for m in log.of(Message))
    capsys.readouterr()
    assert main(["rebuild", str(first.log_path)]) == 0
    assert "agree" in capsys.readouterr().out


def test_a_turn_ended_on_the_board_but_not_yet_committed_is_committed_on_resumption(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = run_script("backgammon", PENDING + "move point 1 point 11\npress 2\n", tmp_path)
    assert first.log_path is not None
    lines = first.log_path.read_text().splitlines(keepends=True)
    last_commit = max(n for n, line in enumerate(lines) if '"type":"commit"' in line)
    first.log_path.write_text("".join(lines[:last_commit]))  # killed after the press, before the commit
    capsys.readouterr()
    assert main(["rebuild", str(first.log_path)]) == 0
    assert "'24/14', was ended on the board just before the host was interrupted" in capsys.readouterr().out
    script = tmp_path / "after.txt"
    script.write_text("setup\ndice 6 5\npress 1\nmove point 24 point 13\npress 1\nexpect last 24/13\n")
    assert main(["play", "--resume", str(first.log_path), "--sim", "--script", str(script)]) == 0
    assert "just before the interruption (24/14) had not been written" in capsys.readouterr().out
    log = read_log(first.log_path)
    assert [(c.ply, c.notation) for c in log.of(Commit)] == [(1, "8/5 6/5"), (2, "24/14"), (3, "24/13")]
    assert rebuild(log).agrees


def test_a_throw_shown_before_the_interruption_stands_on_resumption(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = run_script("backgammon", PENDING, tmp_path)  # the host stops between the throw and the play
    assert first.log_path is not None and first.session.committed == ["8/5 6/5"]
    script = tmp_path / "after.txt"
    script.write_text("setup\nmove point 1 point 11\npress 2\nexpect last 24/14\n")  # no new throw
    capsys.readouterr()
    assert main(["play", "--resume", str(first.log_path), "--sim", "--seed", "99", "--script",
                 str(script)]) == 0
    assert "the throw 6-4 shown before the interruption stands" in capsys.readouterr().out
    commits = read_log(first.log_path).of(Commit)
    assert [c.notation for c in commits] == ["8/5 6/5", "24/14"] and list(commits[-1].dice) == [6, 4]


def test_a_log_is_resumed_by_one_host_at_a_time(tmp_path: Path) -> None:
    first = run_script("backgammon", PENDING + "move point 1 point 11\npress 2\n", tmp_path)
    assert first.log_path is not None
    path = first.log_path
    waiting = tmp_path / "waiting.txt"
    waiting.write_text("setup\nwait 120\n")
    holder = subprocess.Popen([sys.executable, "-m", "tablier", "play", "--resume", str(path), "--sim",
                               "--script", str(waiting)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not any("resumed after" in m.text for m in read_log(path).of(Message)):
            assert time.monotonic() < deadline and holder.poll() is None, "the first host did not resume"
            time.sleep(0.1)
        os.killpg(holder.pid, signal.SIGSTOP)  # the first host paused: whatever changes is the second's
        before = path.read_bytes()
        second = subprocess.run([sys.executable, "-m", "tablier", "play", "--resume", str(path), "--sim"],
                                stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
        assert second.returncode != 0
        lines = second.stderr.splitlines()
        assert len(lines) == 1, second.stderr
        assert f"held by another Tablier (process {holder.pid}, `tablier play`, since " in lines[0] \
            and "nothing was written" in lines[0]  # its command's words only: no path, option or code
        assert path.read_bytes() == before  # no `quit`, nothing at all from the second
    finally:
        os.killpg(holder.pid, signal.SIGKILL)  # kill -9: the lock goes with the process
        holder.wait()
    script = tmp_path / "after.txt"
    script.write_text("setup\ndice 6 5\npress 1\nmove point 24 point 13\npress 1\nexpect last 24/13\n")
    assert main(["play", "--resume", str(path), "--sim", "--script", str(script)]) == 0
    log = read_log(path)
    assert [c.notation for c in log.of(Commit)] == ["8/5 6/5", "24/14", "24/13"]
    assert rebuild(log).agrees
    assert not path.with_name(path.name + ".lock").exists()  # a host that ends well takes its lock file
