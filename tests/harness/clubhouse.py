"""The club's tests' helpers: ``tablier club serve`` in a process of its own, boards that play in
theirs (:mod:`harness.club_boards`), the page's state read as a browser would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness.club_boards import CODE
from harness.mosquitto import USERS, MosquittoBroker

BOARD_PLAYER = Path(__file__).resolve().parent / "club_boards.py"


def club_env(user: str = "ann") -> dict[str, str]:
    """The environment a club member's commands run in: the broker's password, the club's code."""
    return dict(os.environ, TABLIER_BROKER_PASSWORD=USERS[user], TABLIER_CLUB_CODE=CODE)


@dataclass
class ClubServe:
    """``tablier club serve`` running; its lines read as they come (by a thread of their own: a pipe
    read partly by ``readline`` and then by ``communicate`` would lose what the first read ahead)."""

    process: subprocess.Popen[str]
    url: str
    lines: list[str] = field(default_factory=list)
    reader: threading.Thread | None = None

    def __post_init__(self) -> None:
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    @classmethod
    def start(cls, broker: MosquittoBroker, club: str, archive: str, *extra: str) -> ClubServe:
        process = subprocess.Popen(
            [sys.executable, "-m", "tablier", "club", "serve", "--broker", f"mqtt://ann@127.0.0.1:{broker.port}",
             "--club", club, "--serve", "127.0.0.1:0", "--archive", archive, *extra],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=club_env())
        assert process.stdout is not None
        first = process.stdout.readline()
        assert first.startswith("the club's web page: http://127.0.0.1:"), first + process.stdout.read()
        return cls(process, first.split()[4])

    def get(self, path: str) -> bytes:
        with urllib.request.urlopen(self.url + path, timeout=10) as answer:
            return bytes(answer.read())

    def grid(self) -> dict[str, Any]:
        return dict(json.loads(self.get("state") or b"{}"))

    def wait(self, what: Callable[[dict[str, Any]], bool], timeout: float = 60) -> dict[str, Any]:
        """The grid once ``what`` holds of it."""
        deadline = time.monotonic() + timeout
        while True:
            grid = self.grid()
            if grid and what(grid):
                return grid
            assert time.monotonic() < deadline, f"the page never showed it: {grid}"
            time.sleep(0.1)

    def stop(self, how: int = 2) -> list[str]:
        """Stop it as Ctrl-C does (or with signal ``how``); every line it said after its first."""
        self.process.send_signal(how)
        self.process.wait(timeout=20)
        assert self.reader is not None
        self.reader.join(10)
        return self.lines


def start_board(port: int, club: str, board: str, game: str, seed: int, log_dir: Path,
                delay: float = 0.0, match: int = 0, games: int = 1, nice: int = 0, clock: str = ""
                ) -> subprocess.Popen[str]:
    """A simulated board playing ``game`` (a match to ``match`` points, or ``games`` games) to its end,
    publishing to ``club`` through ``port``; ``nice``: at that lower priority (a board's host is a
    machine of its own at a club: many boards on this one must not starve the club's page);
    ``clock``: with that match clock (``tablier play --clock``)."""
    return subprocess.Popen([*(["nice", "-n", str(nice)] if nice else []), sys.executable, str(BOARD_PLAYER),
                             str(port), club, board, game, str(seed), str(log_dir), str(delay), str(match),
                             str(games), clock],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=club_env())


def finish(boards: list[subprocess.Popen[str]], timeout: float = 300) -> None:
    for board in boards:
        out, _ = board.communicate(timeout=timeout)
        assert board.returncode == 0, out


def tiles(grid: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {tile["board"]: tile for tile in grid["boards"]}
