"""``tablier play --sim`` in a real terminal of 80x24 (tmux), every phase of a game on both faces:
the board whole (every point number there), no line cut, and the long words wrapped, not lost.

Skipped, saying why, where tmux is not installed (``make system-deps`` installs it).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (make system-deps installs it)")
WIDTH, HEIGHT = 80, 24


class Terminal:
    """A tmux window of 80x24 running one command, typed into and read as a person would."""

    def __init__(self, command: list[str], tmp_path: Path) -> None:
        self.socket = f"tablier-{os.getpid()}-{tmp_path.name}"
        shell = " ".join(f"'{word}'" for word in command) + "; sleep 600"
        self._tmux("new-session", "-d", "-s", "t", "-x", str(WIDTH), "-y", str(HEIGHT), shell)

    def _tmux(self, *args: str) -> str:
        done = subprocess.run([TMUX or "tmux", "-L", self.socket, *args], capture_output=True, text=True,
                              timeout=30, check=True)
        return done.stdout

    def type(self, line: str) -> None:
        self._tmux("send-keys", "-t", "t", "-l", line)
        self._tmux("send-keys", "-t", "t", "Enter")

    def screen(self) -> list[str]:
        return self._tmux("capture-pane", "-p", "-t", "t").rstrip("\n").split("\n")

    def shows(self, *texts: str, timeout: float = 40.0) -> list[str]:
        """The screen once it shows every one of ``texts`` (wrapped or not); else fail, showing it."""
        deadline = time.monotonic() + timeout
        while True:
            lines = self.screen()
            if all(words(text) in words(" ".join(lines)) for text in texts) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        missing = [text for text in texts if words(text) not in words(" ".join(lines))]
        assert not missing, f"the terminal never showed {missing}:\n" + "\n".join(lines)
        return lines

    def close(self) -> None:
        subprocess.run([TMUX or "tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=30,
                       check=False)


def words(text: str) -> str:
    return " ".join(text.split())


def whole(lines: list[str], family: str) -> None:
    """The view fits: nothing cut, the board from its top line, every point or square numbered."""
    shown = "\n".join(lines)
    assert "…" not in shown, shown
    assert len(lines) <= HEIGHT and all(len(line) <= WIDTH for line in lines), shown
    if family == "tables":
        assert re.match(r"^ 1[23]\D", lines[0]), shown  # the board's top line: not scrolled away
        labels = [line for line in lines if re.match(r"^ 1[23]\D", line)]
        numbers = {int(n) for line in labels for n in re.findall(r"\d+", line.replace("P2's", ""))}
        assert numbers >= set(range(1, 25)), shown
    else:
        assert lines[0].startswith("+-"), shown
        numbers = {int(n) for n in re.findall(r"(\d+)[.bwBW^?+]", shown)}
        assert numbers >= set(range(1, 33)), shown


def report(lines: list[str]) -> list[str]:
    """What the program prints once the game is over (after the live view's last drawing)."""
    starts = [n for n, line in enumerate(lines) if line.startswith("moves: ")]
    assert starts, "\n".join(lines)
    return lines[starts[-1]:]


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[object]:
    opened: list[Terminal] = []

    def open_game(*arguments: str) -> Terminal:
        command = [sys.executable, "-m", "tablier", "play", *arguments, "--sim", "--no-archive",
                   "--log-dir", str(tmp_path / "logs")]
        opened.append(Terminal(command, tmp_path))
        return opened[-1]

    yield open_game
    for window in opened:
        window.close()


def test_every_phase_of_a_tables_game_fits_80x24(terminal: object) -> None:
    screen = terminal("backgammon", "--dice", "physical")  # type: ignore[operator]
    whole(screen.shows("setting up: turn the board over"), "tables")
    screen.type("flip")
    whole(screen.shows("player 1 (at button 1) plays Black, his home table on his right: put 5 on point 6, "
                       "3 on point 8, 5 on point 13, 2 on point 24",
                       "player 2 (across, at button 2) plays White, his home table on his left: put 2 on "
                       "point 1, 5 on point 12, 3 on point 17, 5 on point 19"), "tables")
    screen.type("setup")
    lines = screen.shows("press a button (or type `roll`) to throw for the start",
                         "lights: status 1 press-to-roll,", "status 2 press-to-roll")  # beside the board
    whole(lines, "tables")
    assert "<-" not in "\n".join(lines)  # nobody's turn while both wait for the opening throw
    screen.type("dice 3 1")
    lines = screen.shows("black begins and throws again", "player 1 (black) to throw")
    whole(lines, "tables")
    assert "|BAR|" in "\n".join(lines)  # a game whose men are hit
    screen.type("dice 3 1")
    screen.type("lift point 8")
    whole(screen.shows("the man lifted from 8 may go to 4, 5, 7", "16 legal plays"), "tables")
    screen.type("put point 4")
    screen.type("press 1")
    whole(screen.shows("That play (8/4) loses about 0.3 of a point a game against 8/5 6/5 "
                       "(judged at level 2).",
                       "Play 8/5 6/5 as the lights show, or press your button again to keep yours (8/4)."),
          "tables")
    for line in ("move point 4 point 5", "move point 6 point 5", "press 1"):
        screen.type(line)
    lines = screen.shows("player 1 (black) played 8/5 6/5", "player 2 (white) to throw")
    whole(lines, "tables")
    assert sum("P2's" in line for line in lines) == 2  # White's own numbers beside the board's
    screen.type("dice 6 4")
    screen.type("move point 1 point 5")
    whole(screen.shows("not a legal play", "put the men back as the lights show"), "tables")
    screen.type("move point 5 point 1")
    screen.type("2 resign")  # the game ends: the program says how it stands, and no one is to move
    lines = screen.shows("result: player 1 (black) wins game 1: resignation", "the game is over; pips X")
    assert "to move" not in "\n".join(report(lines))


def test_every_phase_of_a_draughts_game_fits_80x24(terminal: object) -> None:
    screen = terminal("english")  # type: ignore[operator]
    whole(screen.shows("player 1 plays Black, at the edge of squares 1-4: put a man on each of squares 1-12",
                       "player 2 plays White, at the edge of squares 29-32: put a man on each of squares "
                       "21-32"), "draughts")
    screen.type("setup")
    screen.type("move square 11 square 15")
    screen.type("press 1")
    screen.type("lift square 22")
    whole(screen.shows("player 1 (black) played 11-15", "the board shows: a man in hand"), "draughts")
    screen.type("put square 19")
    whole(screen.shows("put the men back"), "draughts")
    screen.type("move square 19 square 22")
    lines = screen.shows("the men stand right again: the false move is undone")  # the last word on it
    assert [line for line in lines if line.startswith("> ")][-1].startswith("> the men stand right again")
    screen.type("1 resign")
    lines = screen.shows("result: game 1: player 2 (white) wins (black resigned)")
    assert "to move" not in "\n".join(report(lines))


def test_a_game_without_hits_has_no_bar_and_a_fresh_throw_is_said_in_words(terminal: object) -> None:
    screen = terminal("jacquet", "--dice", "physical")  # type: ignore[operator]
    screen.shows("setting up: turn the board over")
    screen.type("setup")
    screen.shows("press a button (or type `roll`) to throw for the start")
    screen.type("dice 3 1")
    lines = screen.shows("player 1 (black) plays 3-1",
                         "the board shows: the men as they stood (nothing moved yet)")
    whole(lines, "tables")
    shown = "\n".join(lines)
    assert "BAR" not in shown and "partial" not in shown, shown


def test_a_draughts_capture_is_called_a_capture(terminal: object) -> None:
    screen = terminal("english", "--fen", "B:W22:B18")  # type: ignore[operator]
    screen.type("setup")
    lines = screen.shows("player 1 (black) to move: 18x25", "C capture")
    whole(lines, "draughts")
    shown = "\n".join(lines)
    assert "18bC" in shown and not re.search(r"\bhit\b", shown), shown


def test_replay_on_board_steps_a_game_on_the_screen(tmp_path: Path) -> None:
    from tablier.cli import main

    archive = tmp_path / "archive.sqlite3"
    examples = Path(__file__).resolve().parents[2] / "examples"
    assert main(["archive", "import", str(examples / "match.mat"), "--archive", str(archive)]) == 0
    screen = Terminal([sys.executable, "-m", "tablier", "replay-on-board", "1", "--sim", "--step-delay", "1",
                       "--moves", "4", "--archive", str(archive)], tmp_path)
    try:
        lines = screen.shows("3. black (Computer A) 15: 13/8 11/10", "> 2. white (Greedy B) 46: 8/2 6/2",
                             "the next move in 1 s")
        whole(lines, "tables")
        shown = "\n".join(lines)
        assert "13M" in shown and "11M" in shown and " 8D" in shown and "10D" in shown, shown
        lines = screen.shows("4. white (Greedy B) 41: 6/1*")
        whole(lines, "tables")
        assert sum("P2's" in line for line in lines) == 2  # White's own numbers, as his move is written
    finally:
        screen.close()
