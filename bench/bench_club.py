"""The club's page with fifty boards: the server's CPU and memory while they play.

A real Mosquitto on loopback (started here, as the tests start it) and ``tablier club serve`` in a
process of its own (an SQLite archive), as a club runs them. Fifty boards publish to it: light
publishers of real game states rather than fifty firmware simulations, each showing the scenes of
a real match (club matches of GNU Backgammon's ``.mat`` corpus, else the tests' game) step by step,
as the board's screen would (a scene every :data:`STEP_S` per board, a lifted man and a commit
each a scene), its match's record as it grows, and its end; one page follows the grid's stream, and
every board's picture is fetched as a page does when its version changes. Measured on the server
process (``/proc``): CPU (share of one core) and memory (resident, peak), the messages it took per
second, the grid's states sent per second and their bytes, the pictures' bytes, the time to store the
fifty finished matches.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from harness.club_boards import CODE
from harness.mosquitto import USERS, MosquittoBroker
from tablier.club.feed import ClubFeed
from tablier.club.messages import club_key
from tablier.remote.broker import Broker, Club, Login

BOARDS = 50
STEP_S = 0.5
PLAY_S = 40.0
CLUB = "bench"


def _matches() -> list[Any]:
    """Real records to replay: club matches of the corpus, else the tests' game."""
    from tablier.record.from_log import read_event_log
    from tablier.record.mat_reader import read_mat_file

    corpus = Path(os.environ.get("TABLIER_SHARED", Path(__file__).resolve().parents[2] / "shared"),
                  "corpora", "backgammon", "mat")
    records = [read_mat_file(str(path)) for path in sorted(corpus.glob("*.txt"))[:10]]
    records = [record for record in records if record.games]
    fallback = Path(__file__).resolve().parents[1] / "tests" / "club" / "backgammon.jsonl"
    return records or [read_event_log(fallback)]


def _scenes(record: Any) -> list[dict[str, Any]]:
    """The scenes a board's screen shows through the first game of ``record``, step by step."""
    from tablier.hardware.layout import load_layout
    from tablier.play.board_replay import board_steps
    from tablier.play.scene import replay_scene

    game = record.games[0]
    steps = board_steps(record, game, load_layout())
    return [replay_scene(record, game, steps, shown).to_json() for shown in range(len(steps))]


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _memory_kb(pid: int) -> dict[str, int]:
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found[name] = int(value.split()[0])
    return found


class _Page(threading.Thread):
    """A browser's page on the grid: its stream read, each changed picture fetched."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.states = 0
        self.bytes = 0
        self.pictures = 0
        self.picture_bytes = 0
        self.versions: dict[str, int] = {}

    def run(self) -> None:
        with urllib.request.urlopen(self.url + "events", timeout=60) as stream:
            for raw in stream:
                line = raw.decode()
                if not line.startswith("data: "):
                    continue
                self.states += 1
                self.bytes += len(raw)
                for tile in json.loads(line[6:])["boards"]:
                    if tile["version"] and tile["version"] != self.versions.get(tile["board"]):
                        self.versions[tile["board"]] = tile["version"]
                        with urllib.request.urlopen(f"{self.url}board/{tile['board']}/board.svg") as picture:
                            self.picture_bytes += len(picture.read())
                        self.pictures += 1


def main() -> dict[str, object]:
    from tablier.record.json_format import to_json

    records = _matches()
    scenes = [_scenes(record) for record in records]
    with tempfile.TemporaryDirectory(prefix="tablier-bench-club-") as folder:
        broker = MosquittoBroker(Path(folder))
        broker.configure()
        broker.start()
        env = dict(os.environ, TABLIER_BROKER_PASSWORD=USERS["ann"], TABLIER_CLUB_CODE=CODE)
        serve = subprocess.Popen([sys.executable, "-m", "tablier", "club", "serve", "--broker",
                                  f"mqtt://ann@127.0.0.1:{broker.port}", "--club", CLUB, "--serve",
                                  "127.0.0.1:0", "--archive", str(Path(folder) / "club.sqlite3")],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        assert serve.stdout is not None
        url = serve.stdout.readline().split()[4]
        lines: list[str] = []
        threading.Thread(target=lambda: lines.extend(serve.stdout or []), daemon=True).start()
        time.sleep(1.0)
        idle = _memory_kb(serve.pid)
        club = Club(Broker("127.0.0.1", broker.port, user="ann"), Login("ann", USERS["ann"]), CLUB)
        key = club_key(CODE, CLUB)
        feeds = [ClubFeed(club, key, f"board-{n:02d}").start() for n in range(BOARDS)]
        page = _Page(url)
        page.start()
        cpu0, wall0 = _cpu_s(serve.pid), time.monotonic()
        published = 0
        step = 0
        while time.monotonic() - wall0 < PLAY_S:
            for n, feed in enumerate(feeds):
                shown = scenes[n % len(scenes)]
                scene = dict(shown[(step + n * 7) % len(shown)])
                scene["players"] = [f"{feed.board} A", f"{feed.board} B"]
                feed.publish("state", {"scene": scene})
                published += 1
            step += 1
            time.sleep(max(0.0, wall0 + step * STEP_S - time.monotonic()))
        wall = time.monotonic() - wall0
        cpu = _cpu_s(serve.pid) - cpu0
        playing = _memory_kb(serve.pid)
        stored0 = time.monotonic()
        for n, feed in enumerate(feeds):  # every match ends: fifty records to store
            record = records[n % len(records)]
            game = replace(record.games[0], players=(f"{feed.board} A", f"{feed.board} B"))
            body = to_json(replace(record, games=[game], match_length=0, source=""))
            body.pop("log", None)
            feed.publish("match", {"record": body, "over": True})
        deadline = time.monotonic() + 300
        while sum("stored as record" in line for line in lines) < BOARDS and time.monotonic() < deadline:
            time.sleep(0.05)
        storing = time.monotonic() - stored0
        stored = sum("stored as record" in line for line in lines)
        for feed in feeds:
            feed.wire.close()
        serve.send_signal(2)
        serve.wait(30)
        broker.stop()
    return {
        "boards": BOARDS, "seconds": round(wall, 1), "scenes_published_per_s": round(published / wall, 1),
        "server_cpu_share_of_one_core": round(cpu / wall, 3),
        "server_rss_mb": {name: round(kb / 1024, 1) for name, kb in (
            ("idle", idle["VmRSS"]), ("playing", playing["VmRSS"]), ("peak", playing["VmHWM"]))},
        "page": {"grid_states_per_s": round(page.states / wall, 2),
                 "grid_kb_per_s": round(page.bytes / wall / 1024, 1),
                 "pictures_fetched_per_s": round(page.pictures / wall, 1),
                 "picture_kb_per_s": round(page.picture_bytes / wall / 1024, 1)},
        "matches_stored": stored, "seconds_to_store_them": round(storing, 2),
        "refused": sum(line.startswith("a message refused") for line in lines),
        "games_replayed": len(records),
    }
