"""The club's page with two hundred boards: the server's CPU and memory while they play, the page's
grid states, the time from each match's end to its record in the archive.

A real Mosquitto on loopback (started here, as the tests start it) and ``tablier club serve`` in a
process of its own (an SQLite archive, ``--max-boards`` the boards' count), as a club runs them.
:data:`BOARDS` boards (``$TABLIER_BENCH_BOARDS``, 200 unless told) publish to it with their real
feeds (:class:`~tablier.club.feed.ClubFeed`), without the firmware: each shows the scenes of a real
match (club matches of GNU Backgammon's ``.mat`` corpus, else the tests' game) step by step, as the
board's screen would (a scene every :data:`STEP_S` per board: 400 scenes a second for 200 boards),
and its game's event log (the tests' Backgammon game, its players the board's) is written a few
lines at every step, the feed publishing each new record; then every match ends at once. One page
follows the grid's stream and fetches each changed picture beside it, as a browser does. Measured
on the server process (``/proc``): CPU (share of one core), memory (resident: idle, playing, peak,
and the growth per board), the page's grid states a second and their bytes, the pictures' bytes,
the seconds from each match's end to its record stored (median, most).

``TABLIER_BENCH_CLOCKS=1`` runs the boards with their match clocks (``tablier play --clock usbgf``):
each scene shows both clocks, whose runs and time short, and each log holds the ``clock`` records a
clocked board writes at every turn (a pause when the board shows the play, a stop, the next start),
so the server reads, follows and stores them too. Run it once each way to compare the CPU.
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
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from harness.club_boards import CODE
from harness.mosquitto import USERS, MosquittoBroker
from tablier.club.feed import ClubFeed
from tablier.club.messages import club_key, make, topic
from tablier.remote.broker import Broker, Club, Login
from tablier.remote.transport import stamp_now
from tablier.web.club_page import PICTURE_S

BOARDS = int(os.environ.get("TABLIER_BENCH_BOARDS", "200"))
CLOCKS = os.environ.get("TABLIER_BENCH_CLOCKS", "") == "1"
STEP_S = 0.5
PLAY_S = 40.0
CLUB = "bench"
#: The log each board writes as it plays (a real board's, of the tests).
LOG = Path(__file__).resolve().parents[1] / "tests" / "club" / "backgammon.jsonl"
#: The pictures a page loads at once (as a browser's connections to one server).
LOADERS = 4


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
    """A browser's page on the grid: its stream read; each changed picture fetched beside it, as the
    page has a browser load them (:data:`LOADERS` at once, the newest version of each board, a board's
    at most every :data:`PICTURE_S`)."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.states = 0
        self.bytes = 0
        self.pictures = 0
        self.picture_bytes = 0
        self.versions: dict[str, int] = {}
        self.wanted: dict[str, int] = {}
        self.rested: dict[str, float] = {}  # when each board's picture may be fetched again
        self.ready = threading.Condition()
        for _ in range(LOADERS):
            threading.Thread(target=self._load, daemon=True).start()

    def run(self) -> None:
        with urllib.request.urlopen(self.url + "events", timeout=60) as stream:
            for raw in stream:
                line = raw.decode()
                if not line.startswith("data: "):
                    continue
                self.states += 1
                self.bytes += len(raw)
                with self.ready:
                    for tile in json.loads(line[6:])["boards"]:
                        if tile["version"] and tile["version"] != self.versions.get(tile["board"]):
                            self.versions[tile["board"]] = self.wanted[tile["board"]] = tile["version"]
                    self.ready.notify_all()

    def _next(self) -> tuple[str, int]:
        """A board whose picture is due (changed, its last one in longer than PICTURE_S ago)."""
        with self.ready:
            while True:
                now = time.monotonic()
                due = [board for board in self.wanted if self.rested.get(board, 0.0) <= now]
                if due:
                    return due[0], self.wanted.pop(due[0])
                self.ready.wait(0.05)

    def _load(self) -> None:
        while True:
            board, version = self._next()
            try:
                with urllib.request.urlopen(f"{self.url}board/{board}/board.svg?v={version}") as picture:
                    self.picture_bytes += len(picture.read())
                self.pictures += 1
            except OSError:
                pass  # a board the page no longer shows
            self.rested[board] = time.monotonic() + PICTURE_S


class _Board:
    """One board: its feed, and its game's log written a few lines at a time as it plays."""

    def __init__(self, feed: ClubFeed, folder: Path, lines: list[str]) -> None:
        self.feed = feed
        self.log = folder / f"{feed.board}.jsonl"
        self.lines = [_named(line, feed.board) for line in lines]
        self.written = 0
        self.ended = 0.0

    def play(self, count: int) -> None:
        """Write the next ``count`` lines of the log; the feed publishes its new records."""
        with open(self.log, "a", encoding="utf-8") as file:
            file.writelines(self.lines[self.written:self.written + count])
        self.written += count
        self.feed.follow(self.log, False)

    def end(self) -> None:
        """The rest of the game; the match is over, the board says goodbye."""
        self.play(len(self.lines))
        self.ended = time.monotonic()
        self.feed.finish(self.log, True)


def _signed_scenes(boards: list[_Board], scenes: list[list[dict[str, Any]]], steps: int,
                   key: bytes) -> list[list[bytes]]:
    """Each board's scene messages, signed beforehand (each board signs its own on its own host:
    the bench's one process would not keep up with two hundred boards' signing)."""
    signed = []
    start = stamp_now()
    for n, board in enumerate(boards):
        shown, name = scenes[n % len(scenes)], board.feed.board
        signed.append([make(key, CLUB, name, "state", start + step, {"scene": {
            **shown[(step + n * 7) % len(shown)], "players": [f"{name} A", f"{name} B"]}})
            for step in range(steps)])
    return signed


def _clocked(lines: list[str]) -> list[str]:
    """The log's lines with the ``clock`` records a board playing with the USBGF clock (a 7-point
    match) writes: the clocks set after the header, then at each commit the mover's clock paused
    when the board showed his play, stopped, and the adversary's started."""
    from tablier.tournament.clock import ClockState, usbgf
    from tablier.tournament.clock_log import clock_record

    state = ClockState.set(usbgf(7))
    out: list[str] = []
    for line in lines:
        data = json.loads(line)
        t = float(data.get("t", 0.0))
        before, after = [], []
        if data.get("type") == "header":
            after.append(clock_record("set", state, t, t=t))
        elif data.get("type") == "commit":
            mover = int(data["player"])
            if state.running != mover:  # the opening's play: his clock started 20 s before
                state = state.stop(t - 20.0).start(mover, t - 20.0)
            before.append(clock_record("pause", state, t - 0.5, t=t - 0.5))
            state = state.stop(t - 0.5)
            after.append(clock_record("stop", state, t, player=mover, t=t))
            state = state.start(1 - mover, t)
            after.append(clock_record("start", state, t, t=t))
        out += [json.dumps(record.to_json()) + "\n" for record in before]
        out.append(line)
        out += [json.dumps(record.to_json()) + "\n" for record in after]
    return out


def _with_clocks(scene: dict[str, Any], step: int) -> dict[str, Any]:
    """``scene`` as a clocked board's screen shows it: both clocks, whose runs, time short."""
    left = max(0, 14 * 60 - step)
    return {**scene, "clocks": [f"{left // 60}:{left % 60:02d}", "13:02"], "clock_runs": 1 + step % 2,
            "clock_short": left < 60}


def _named(line: str, board: str) -> str:
    """A line of the tests' log, its players those of ``board``."""
    data = json.loads(line)
    for field in ("players", "sides"):
        if field in data:
            data[field] = [f"{board} A", f"{board} B"]
    return json.dumps(data) + "\n"


def main() -> dict[str, object]:
    records = _matches()
    scenes = [_scenes(record) for record in records]
    lines = LOG.read_text().splitlines(keepends=True)
    if CLOCKS:
        lines = _clocked(lines)
        scenes = [[_with_clocks(scene, step) for step, scene in enumerate(shown)] for shown in scenes]
    with tempfile.TemporaryDirectory(prefix="tablier-bench-club-") as folder:
        broker = MosquittoBroker(Path(folder))
        broker.configure()
        broker.start()
        env = dict(os.environ, TABLIER_BROKER_PASSWORD=USERS["ann"], TABLIER_CLUB_CODE=CODE)
        serve = subprocess.Popen([sys.executable, "-m", "tablier", "club", "serve", "--broker",
                                  f"mqtt://ann@127.0.0.1:{broker.port}", "--club", CLUB, "--serve",
                                  "127.0.0.1:0", "--archive", str(Path(folder) / "club.sqlite3"),
                                  "--max-boards", str(BOARDS)],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        assert serve.stdout is not None
        url = serve.stdout.readline().split()[4]
        stored: dict[str, float] = {}
        refused: list[str] = []

        def listen() -> None:
            for line in serve.stdout or []:
                if "stored as record" in line:
                    stored[line.split()[1].rstrip(":")] = time.monotonic()
                elif line.startswith("a message refused") or " more messages refused" in line:
                    refused.append(line)

        threading.Thread(target=listen, daemon=True).start()
        time.sleep(1.0)
        idle = _memory_kb(serve.pid)
        club = Club(Broker("127.0.0.1", broker.port, user="ann"), Login("ann", USERS["ann"]), CLUB)
        key = club_key(CODE, CLUB)
        boards = [_Board(ClubFeed(club, key, f"board-{n:03d}").start(), Path(folder), lines)
                  for n in range(BOARDS)]
        steps = int(PLAY_S / STEP_S)
        signed = _signed_scenes(boards, scenes, steps, key)
        page = _Page(url)
        page.start()
        cpu0, wall0 = _cpu_s(serve.pid), time.monotonic()
        published = 0
        step = 0
        while step < steps:
            for n, board in enumerate(boards):
                board.feed.wire.publish(topic(CLUB, board.feed.board, "state"), signed[n][step], retain=True)
                board.play(len(lines) // steps)
                published += 1
            step += 1
            time.sleep(max(0.0, wall0 + step * STEP_S - time.monotonic()))
        wall = time.monotonic() - wall0
        cpu = _cpu_s(serve.pid) - cpu0
        playing = _memory_kb(serve.pid)
        for board in boards:  # every match ends at once
            board.end()
        deadline = time.monotonic() + 300
        while len(stored) < BOARDS and time.monotonic() < deadline:
            time.sleep(0.05)
        delays = sorted(stored[board.feed.board] - board.ended for board in boards
                        if board.feed.board in stored)
        serve.send_signal(2)
        serve.wait(30)
        broker.stop()
    return {
        "boards": BOARDS, "clocks": CLOCKS, "seconds": round(wall, 1),
        "scenes_published_per_s": round(published / wall, 1),
        "records_published": sum(len(board.feed.records) for board in boards),
        "server_cpu_share_of_one_core": round(cpu / wall, 3),
        "server_rss_mb": {name: round(kb / 1024, 1) for name, kb in (
            ("idle", idle["VmRSS"]), ("playing", playing["VmRSS"]), ("peak", playing["VmHWM"]))},
        "server_mb_per_board": round((playing["VmHWM"] - idle["VmRSS"]) / 1024 / BOARDS, 3),
        "page": {"grid_states_per_s": round(page.states / wall, 2),
                 "grid_kb_per_s": round(page.bytes / wall / 1024, 1),
                 "pictures_fetched_per_s": round(page.pictures / wall, 1),
                 "picture_kb_per_s": round(page.picture_bytes / wall / 1024, 1)},
        "matches_stored": len(delays),
        "seconds_from_a_match_end_to_stored": {
            "median": round(delays[len(delays) // 2], 2) if delays else None,
            "most": round(delays[-1], 2) if delays else None},
        "refused": len(refused), "refusals": refused[:3],
        "games_shown": len(records),
    }
