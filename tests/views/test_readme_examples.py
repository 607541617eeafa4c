"""The README's commands on its example files work as written, and ``replay-on-board`` shows the
game on the screen (the terminal view, the live page) as on the board."""

from __future__ import annotations

import http.client
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from harness.interrupt import stop
from tablier.cli import main

ROOT = Path(__file__).resolve().parents[2]
#: The README's commands that name the example files or the records they become.
ON_EXAMPLES = ("archive import", "replay english", "analyse", "replay-on-board", "export")


def readme_commands() -> list[list[str]]:
    """The README's ``tablier ...`` lines about the example files, in order, as words."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = []
    for line in re.findall(r"^tablier .*$", text, flags=re.MULTILINE):
        words = shlex.split(line.split("  #")[0])
        if any(" ".join(words[1:]).startswith(kind) for kind in ON_EXAMPLES):
            commands.append(words[1:])
    return commands


def test_the_readme_tells_of_remote_play_and_the_club_and_where_to_read_on() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    sections = dict(re.findall(r"^## (.+)\n((?:(?!^## ).*\n)*)", text, flags=re.MULTILINE))
    remote = next(body for title, body in sections.items() if "board to board" in title.lower())
    club = next(body for title, body in sections.items() if "club" in title.lower())
    assert "(docs/remote-play.md)" in remote and "--remote" in remote
    assert "(docs/club.md)" in club and "tablier club serve" in club and "--club-broker" in club
    for link in re.findall(r"\]\((docs/[^)#]+)", remote + club):
        assert (ROOT / link).is_file(), link


def test_the_example_files_are_there_and_small() -> None:
    for name in ("match.mat", "games.pdn"):
        path = ROOT / "examples" / name
        assert path.is_file() and 0 < path.stat().st_size < 20_000


def test_the_readme_commands_work_on_the_example_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("TABLIER_ARCHIVE", str(tmp_path / "archive.sqlite3"))
    commands = readme_commands()
    assert [c[0] for c in commands] == ["replay", "archive", "archive", "analyse", "replay-on-board",
                                        "export"]
    said = []
    for words in commands:
        if words[0] == "replay-on-board":  # paced and served in the README; at once here
            words = [w for w in words if w not in ("--serve", "8000")] + ["--step-delay", "0", "--moves", "3"]
        if words[0] == "export":  # it writes outside the clone the README is read in, not into it
            out = words[words.index("--out") + 1]
            assert out.startswith("~/"), f"the README's export writes {out} into the current folder"
            words = [*words[:words.index("--out")], "--out", str(tmp_path / "exports")]
        status = main(words)
        out, err = capsys.readouterr()
        assert status == 0, f"tablier {' '.join(words)}: {err}"
        said.append(out)
    assert "2 games, 97 moves replayed; 2 legal, 0 not" in said[0]
    assert "examples/match.mat: 1 record added (2 games); ids 1" in said[1]
    assert "examples/games.pdn: 2 records added (2 games); ids 2, 3" in said[2]
    assert "stored with record 1 in the archive" in said[3]
    assert said[4].splitlines()[1].startswith("1. black (Computer A) 32: 24/21 13/11")
    assert [p.suffix for p in (tmp_path / "exports").iterdir()] == [".mat"]


def test_replay_on_board_serves_the_game_shown(tmp_path: Path) -> None:
    archive = tmp_path / "archive.sqlite3"
    assert main(["archive", "import", str(ROOT / "examples" / "match.mat"), "--archive", str(archive)]) == 0
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = ["replay-on-board", "1", "--sim", "--step-delay", "0.2", "--moves", "3",
               "--archive", str(archive), "--serve", "127.0.0.1:0"]
    process = subprocess.Popen([sys.executable, "-m", "tablier", *command], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stderr is not None
        port = 0
        deadline = time.monotonic() + 30
        while not port and time.monotonic() < deadline:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stderr.readline())
            port = int(found.group(1)) if found else 0
        assert port, "replay-on-board did not say where its page is"
        scene: dict[str, object] = {}
        while time.monotonic() < deadline and len(scene.get("moves", [])) < 2:  # type: ignore[arg-type]
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/state")
            state = json.loads(connection.getresponse().read() or b"{}")
            connection.close()
            scene = state.get("scene", {})
            time.sleep(0.1)
        assert scene["title"] == "Backgammon" and scene["players"] == ["Computer A", "Greedy B"]
        assert scene["moves"] == ["24/21 13/11", "8/2 6/2"]
        assert scene["movers"] == ["Computer A (black)", "Greedy B (white)"]
        assert scene["words"] == ["3. black (Computer A) 15: 13/8 11/10"]
        lit = {p["place"]: p["light"] for p in scene["places"] if p["light"]}  # type: ignore[union-attr]
        assert lit == {"point 13": "must-move", "point 11": "must-move", "point 8": "destination",
                       "point 10": "destination"}
    finally:
        stop(process)


@pytest.mark.full
@pytest.mark.skipif(not all(map(shutil.which, ("tmux", "chromium", "chromedriver"))),
                    reason="tmux, chromium and chromedriver are needed (make system-deps installs them)")
def test_the_readme_screenshots_are_made_from_the_real_program(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "docs" / "screenshots" / "make_screenshots.py")],
                          env={**os.environ, "TABLIER_SCREENSHOT_DIR": str(tmp_path)}, capture_output=True,
                          text=True, timeout=300, check=True)
    assert done.stdout.startswith(" 13D14") and "Backgammon, game 1" in done.stdout
    assert "cube=True" not in done.stdout and "the man lifted from 24 may go to 13, 18" in done.stdout
    assert all((tmp_path / name).stat().st_size > 20_000 for name in ("terminal-view.png", "web-view.png"))
