"""``tablier watch``: a game followed from its log, finished or still being written."""

from __future__ import annotations

import shutil
import sys
import threading
import time
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.play.follow import follow
from tablier.play.scene import scene_of
from tablier.record.eventlog import Commit, read_log

from .conftest import WHITE_TO_PLAY, run_script

GAME = WHITE_TO_PLAY + """
move point 1 point 7 / move point 12 point 16
press 2
dice 5 2
press 1
"""


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    result = run_script("backgammon", GAME, log_dir=tmp_path_factory.mktemp("logs"))
    assert result.log_path is not None and len(result.session.committed) == 2
    return result.log_path


def logged_moves(path: Path) -> list[str]:
    return [c.notation for c in read_log(path).of(Commit)]


def run_until(session: object, done: object, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not done() and time.monotonic() < deadline:  # type: ignore[operator]
        session.tick(wait=0.005)  # type: ignore[attr-defined]


def test_a_finished_log_is_replayed_through_the_session(log: Path) -> None:
    session, follower = follow(log, speed=0)
    run_until(session, lambda: follower.caught_up and len(session.committed) == 2)
    follower.close()
    assert session.committed == logged_moves(log) == ["8/5 6/5", "24/18 13/9"]
    assert scene_of(session).dice == (5, 2)  # the throw after the last play, from the log
    assert scene_of(session).movers == ("player 1 (black)", "player 2 (white)")  # the page's move list


def test_a_log_being_written_by_another_process_is_followed(log: Path, tmp_path: Path) -> None:
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    growing = tmp_path / "growing.jsonl"
    growing.write_text(lines[0], encoding="utf-8")

    def write_on() -> None:
        with growing.open("a", encoding="utf-8", buffering=1) as out:
            for line in lines[1:]:
                out.write(line)
                time.sleep(0.01)

    writer = threading.Thread(target=write_on)
    session, follower = follow(growing)
    writer.start()
    run_until(session, lambda: not writer.is_alive() and follower.caught_up and len(session.committed) == 2)
    writer.join()
    follower.close()
    assert session.committed == logged_moves(log)


def test_watch_replays_a_log_and_draws_the_board(log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", str(log), "--speed", "0", "--exit"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"the board: the game logged in {log}")
    assert "played 8/5 6/5" in out and "|BAR|" in out


def test_watch_tells_a_file_that_is_no_log_in_one_line(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "notes.jsonl"
    bad.write_text('{"type": "commit"}\n', encoding="utf-8")
    assert main(["watch", str(bad), "--exit"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("tablier watch:") and "not a Tablier event log" in err and "\n" not in err


@pytest.mark.skipif(shutil.which("tmux") is None,
                    reason="tmux is not installed (make system-deps installs it)")
def test_watch_in_a_terminal_offers_no_key_that_does_nothing(log: Path, tmp_path: Path) -> None:
    from .test_tmux import Terminal, whole

    screen = Terminal([sys.executable, "-m", "tablier", "watch", str(log), "--speed", "0"], tmp_path)
    try:
        lines = screen.shows("played 24/18 13/9", "Ctrl-C stops watching")
        whole(lines, "tables")
        keys = " ".join(line for line in lines if "Ctrl-C" in line or line.startswith("keys"))
        for word in ("roll", "done", "takeback", "resign", "hint", "dice A B", "hands:"):
            assert word not in keys, keys
    finally:
        screen.close()
