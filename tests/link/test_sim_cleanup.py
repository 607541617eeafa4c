"""A host killed outright (SIGKILL) leaves nothing of its simulated board behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from tablier.link.errors import LinkError
from tablier.link.sim import FOLDER_PREFIX, SimulatedBoard

HOST = """
import sys, time
from tablier.link.sim import SimulatedBoard
board = SimulatedBoard()
print(board._process.pid, flush=True)
time.sleep(60)
"""


def _folders(pid: int) -> list[Path]:
    return list(Path(tempfile.gettempdir()).glob(f"{FOLDER_PREFIX}{pid}-*"))


def _gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def test_a_killed_host_leaves_no_folder_and_no_firmware_running() -> None:
    host = subprocess.Popen([sys.executable, "-c", HOST], stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ), stdin=subprocess.DEVNULL)
    assert host.stdout is not None
    firmware = int(host.stdout.readline())
    assert _folders(host.pid) == []  # already removed while the board runs
    host.send_signal(signal.SIGKILL)
    host.wait()
    assert _gone(firmware, 5.0), "the firmware outlived its host"
    assert _folders(host.pid) == []


def test_a_folder_left_by_a_dead_host_is_removed_by_the_next_start() -> None:
    dead = subprocess.Popen(["true"])
    dead.wait()
    left = Path(tempfile.gettempdir()) / f"{FOLDER_PREFIX}{dead.pid}-leftover"
    (left / "image").mkdir(parents=True)
    (left / "image" / "wire.py").write_text("# left behind\n")
    mine = Path(tempfile.gettempdir()) / f"{FOLDER_PREFIX}{os.getpid()}-alive"
    mine.mkdir()
    try:
        with SimulatedBoard() as board:
            assert board.running
        assert not left.exists()
        assert mine.exists()  # a live process's folder is not touched
    finally:
        mine.rmdir()


def test_the_firmware_log_is_still_read_after_the_folder_went() -> None:
    with SimulatedBoard() as board:
        # what the firmware writes to stderr (a traceback), written here through its own descriptor
        with open(f"/proc/{board._process.pid}/fd/2", "a") as stderr:
            stderr.write("Traceback (most recent call last): a test\n")
        assert "a test" in board.log_text()
    assert "a test" in board.log_text()


def test_a_board_that_cannot_start_says_why_and_leaves_nothing() -> None:
    with pytest.raises(LinkError, match=r"(?s)did not start: .*MemoryError"):
        SimulatedBoard(heap_size="16K")
    assert _folders(os.getpid()) == []
