"""Board to board: from a play committed on one board to the adversary's lights on the other.

Two hosts in one process (so one clock), each with its simulated board (the firmware under
MicroPython), play whole games through a real Mosquitto on loopback (started here, as the tests
start it), the built-in hands of each seat moving its men. For every play the clock runs from the
moment the mover's host commits it (its board showed the play and the button was pressed: the
``commit`` record) until the other host sends its board the first LED frame lighting that play
(``lift-here``/``put-here``): the step signed and published, the broker, the other host's Paho
thread, its loop taking the step in, checking it, choosing the lights, the frame over the
pseudo-terminal. Target: under 100 ms at the 99th percentile on loopback. Also: an electronic
throw, from the press to the dice shown on the thrower's board (a share out, the other's back).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "remote"))

from twoboards import Host, play_two, wait_for

from harness.mosquitto import MosquittoBroker
from tablier.record.eventlog import Command, Commit, read_log

TARGET_P99_MS = 100
GAMES = (("backgammon", 11), ("backgammon", 12), ("english", 13), ("jacquet", 14))


def _watch_lights(host: Host, lit: dict[int, float]) -> None:
    """Note when this host first sends its board the lights of each of the adversary's plays."""
    seat = host.link.seat
    session = seat.session
    link = session.link
    send: Callable[[Any], None] = link.set_leds

    def set_leds(wishes: Any) -> None:
        send(wishes)
        if seat.lit is not None and seat.lit not in lit and seat.moving(session):
            lit[seat.lit] = time.time()

    link.set_leds = set_leds


def _committed(log: Path, seat: int) -> tuple[dict[int, float], list[float]]:
    """The time of each play ``seat`` committed (by its step), and its throws' press-to-dice times."""
    commits: dict[int, float] = {}
    throws: list[float] = []
    step: int | None = None
    pressed: dict[int, float] = {}
    for record in read_log(log):
        if isinstance(record, Command) and record.word == "remote":
            words = record.argument.split()
            if record.player == seat and words[1] == "play":
                step = int(words[0])
            elif words[1] == "throw" and len(words) == 2:
                pressed[int(words[0])] = record.t
            elif words[1] == "dice" and int(words[0]) in pressed:
                throws.append(record.t - pressed.pop(int(words[0])))
        elif isinstance(record, Commit) and step is not None:
            commits[step] = record.t
            step = None
    return commits, throws


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> dict[str, object]:
    """Play the games and return the latencies."""
    folder = Path(tempfile.mkdtemp(prefix="bench-remote-"))
    broker = MosquittoBroker(folder / "broker")
    broker.directory.mkdir()
    broker.configure()
    broker.start()
    latencies: list[float] = []
    throws: list[float] = []
    per_game: dict[str, int] = {}
    try:
        for game, seed in GAMES:
            lit_by: dict[int, dict[int, float]] = {1: {}, 2: {}}  # each host: the adversary's plays lit

            def watch(ann: Host, bob: Host, lit_by: dict[int, dict[int, float]] = lit_by) -> None:
                wait_for(lambda: all(host.link is not None and host.link.seat is not None
                                     and host.link.seat.session is not None for host in (ann, bob)), ann, bob)
                _watch_lights(ann, lit_by[1])
                _watch_lights(bob, lit_by[2])

            ann, bob = play_two(broker, game, folder / f"{game}-{seed}", seed=seed, during=watch)
            measured = 0
            for host, other in ((ann, 2), (bob, 1)):
                commits, made = _committed(host.log_path, host.seat)
                throws += made
                for step, t in commits.items():
                    if step in lit_by[other]:
                        latencies.append(lit_by[other][step] - t)
                        measured += 1
            per_game[f"{game} (seed {seed})"] = measured
    finally:
        broker.stop()
    ms = [1000 * value for value in latencies]
    throw_ms = [1000 * value for value in throws]
    return {
        "what": "from a play committed on one board to its first lights on the other (lift-here/put-here "
                "frame sent to the board), two simulated boards through Mosquitto on loopback",
        "plays": len(ms), "plays_per_game": per_game,
        "commit_to_lights_ms": {"p50": round(statistics.median(ms), 1),
                                "p99": round(_percentile(ms, 0.99), 1), "max": round(max(ms), 1),
                                "mean": round(statistics.fmean(ms), 1)},
        "throw_press_to_dice_ms": {"throws": len(throw_ms), "p50": round(statistics.median(throw_ms), 1),
                                   "p99": round(_percentile(throw_ms, 0.99), 1)},
        "target_p99_ms": TARGET_P99_MS,
        "within_target": _percentile(ms, 0.99) < TARGET_P99_MS,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(main(), indent=2))
