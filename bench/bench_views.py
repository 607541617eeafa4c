"""The live page: change-to-page latency with 1 and 30 pages open, and the server's memory per page.

The scenes are those of a real game: a demo on the simulated board, its log followed through a
session (``tablier watch``'s code) and the scene taken at every change. A server process (the
host's side: :class:`~tablier.web.live.ScenePublisher` and :class:`~tablier.web.server.LiveServer`)
is told of each change; it waits for the play loop's next look (every ``LOOK_EVERY_S``, at a phase
of its own), builds the page's state (JSON and the board's SVG) and sends it. The pages are
server-sent-event readers on threads of this process; a change's latency is from the moment the
server process learnt of it to its arrival at a page (the same monotonic clock in both processes).
Memory per page is the server process's resident memory with 30 pages open less with none, over 30.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import multiprocessing
import socket
import statistics
import sys
import tempfile
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "host"))

from tablier.board.scene import Scene
from tablier.play.demo import run_demo
from tablier.play.follow import follow
from tablier.play.scene import scene_of

CHANGES = 120
PAUSE_S = 0.03


def game_scenes(limit: int = 400) -> list[Scene]:
    """The distinct scenes of a demo game, in order."""
    with tempfile.TemporaryDirectory() as folder:
        result = run_demo("backgammon", seed=5, delay=0.0, log_dir=Path(folder), live=False,
                          out=open("/dev/null", "w"))  # noqa: SIM115 - closed with the process
        assert result.log_path is not None
        session, follower = follow(result.log_path, speed=0)
        scenes: list[Scene] = []
        last: dict[str, object] | None = None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(scenes) < limit:
            session.tick(wait=0.0)
            scene = scene_of(session)
            data = scene.to_json()
            if data != last:
                scenes.append(scene)
                last = data
            if follower.caught_up and session.finished:
                break
        follower.close()
    return scenes


def rss_kib() -> int:
    """This process's resident memory."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def server_process(conn: Connection) -> None:
    """The host's side: play the game for its scenes, serve, then publish scene ``i`` when told, at
    the loop's next look. (Forked before the game is played: a fork of a process whose threads hold
    locks would inherit them held.)"""
    from tablier.web.live import LOOK_EVERY_S, ScenePublisher
    from tablier.web.server import LiveServer

    scenes = game_scenes()
    with LiveServer() as server:
        publisher = ScenePublisher(server, look=lambda: scenes[0])  # shown below at each look
        conn.send((server.port, len(scenes), len(json.dumps(scenes[-1].to_json()))))
        phase = time.monotonic()
        while True:
            message = conn.recv()
            if message == "stop":
                return
            if message == "rss":
                conn.send(rss_kib())
                continue
            learnt = time.monotonic()
            looks = int((learnt - phase) / LOOK_EVERY_S) + 1
            time.sleep(max(0.0, phase + looks * LOOK_EVERY_S - time.monotonic()))
            publisher.show(scenes[message])
            conn.send(learnt)


class Page:
    """One page's event stream: the arrival time of every state."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.connection.request("GET", "/events")
        self.socket = self.connection.sock
        self.response = self.connection.getresponse()
        self.arrivals: list[float] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for raw in self.response:
                if raw.startswith(b"data: "):
                    self.arrivals.append(time.monotonic())
        except (OSError, ValueError, AttributeError):  # closed by close() while reading
            pass

    def close(self) -> None:
        """Leave the page: the socket is shut first, so that the reader's blocked read ends at once
        (closing the response alone waits for the reader, until the server next sends something)."""
        with contextlib.suppress(OSError):
            self.socket.shutdown(socket.SHUT_RDWR)
        self.connection.close()


def wait_for(pages: list[Page], count: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while any(len(p.arrivals) < count for p in pages) and time.monotonic() < deadline:
        time.sleep(0.002)


def measure(conn: Connection, port: int, scenes: int, clients: int, start: int) -> dict[str, float]:
    """Latency of ``CHANGES`` changes with ``clients`` pages open."""
    pages = [Page(port) for _ in range(clients)]
    wait_for(pages, 1)  # the latest state, sent at once
    base = [len(p.arrivals) for p in pages]
    latencies: list[float] = []
    for n in range(CHANGES):
        conn.send((start + n) % scenes)
        learnt = conn.recv()
        wait_for(pages, 0)
        deadline = time.monotonic() + 5
        while any(len(p.arrivals) < b + n + 1 for p, b in zip(pages, base, strict=True)) and \
                time.monotonic() < deadline:
            time.sleep(0.0005)
        latencies += [(p.arrivals[b + n] - learnt) * 1000 for p, b in zip(pages, base, strict=True)
                      if len(p.arrivals) > b + n]
        time.sleep(PAUSE_S)
    conn.send("rss")
    rss = conn.recv()
    for page in pages:
        page.close()
    ordered = sorted(latencies)
    return {"clients": clients, "changes": CHANGES, "received": len(latencies),
            "median_ms": round(statistics.median(ordered), 2),
            "p99_ms": round(ordered[int(0.99 * (len(ordered) - 1))], 2),
            "max_ms": round(ordered[-1], 2), "server_rss_kib": rss}


def main() -> dict[str, object]:
    """Measure; the figures go to ``bench/results/views.json``."""
    from tablier.web.live import LOOK_EVERY_S

    context = multiprocessing.get_context("fork")  # run.py loads this file by path: spawn cannot find it
    mine, theirs = context.Pipe()
    process = context.Process(target=server_process, args=(theirs,), daemon=True)
    process.start()
    port, scenes, state_bytes = mine.recv()
    mine.send(0)
    mine.recv()  # a first state, so that every page gets one at once
    mine.send("rss")
    idle = mine.recv()
    one = measure(mine, port, scenes, 1, 1)
    pages = [Page(port) for _ in range(30)]
    wait_for(pages, 1)
    time.sleep(0.5)
    mine.send("rss")
    with_thirty = mine.recv()
    for page in pages:
        page.close()
    thirty = measure(mine, port, scenes, 30, 1 + CHANGES)
    mine.send("stop")
    process.join(10)
    return {"scenes_of_the_game": scenes, "look_every_ms": LOOK_EVERY_S * 1000,
            "one_page": one, "thirty_pages": thirty,
            "server_rss_idle_kib": idle, "server_rss_30_pages_kib": with_thirty,
            "memory_per_page_kib": round((with_thirty - idle) / 30, 1),
            "state_bytes": state_bytes}


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
