"""The quality lights' and the speech's costs: what the play layer adds to a turn and to a lift.

* quality index: building :class:`~tablier.board.quality_lights.TablesQuality` from a turn's graded
  plays (once a turn, off the light's path, beside the teacher's ranking), over the throws of random
  games (fixed seed), in Backgammon, Plakoto, Long Nardy and Jacquet: median and slowest, with the
  plays of the slowest throw;
* quality lookup: the bands of a lifted man's destinations (each lift, on the light's path): median and
  slowest, in microseconds;
* speech: what ``Speaker.say()`` costs the game loop (microseconds, a voice that never finishes),
  and espeak-ng's time to render a sentence to WAV (milliseconds, the median of a few).

Times are process CPU time for the pure parts (``time.process_time``) and the wall clock for
espeak-ng (a child process). ``BENCH_QUALITY_POSITIONS`` (default 60) positions a game.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from tablier.board.observation import PLACE_INDEX, visible
from tablier.board.orientation import Orientation
from tablier.board.quality_lights import TablesQuality
from tablier.board.tables_inference import Status, TurnInference
from tablier.engines.candidates import Candidate
from tablier.engines.profiles import GNUBG_BANDS
from tablier.engines.quality import grade
from tablier.speech import Phrases, Speaker
from tablier.speech.voice import Espeak, find_espeak
from tablier.tables.catalog import make_variant
from tablier.tables.game import throw
from tablier.tables.position import BLACK

POSITIONS = int(os.environ.get("BENCH_QUALITY_POSITIONS", "60"))
GAMES = ("backgammon", "plakoto", "nardy", "jacquet")


def quality_figures(game: str) -> dict[str, Any]:
    """Index and lookup times over the throws of random games of ``game``."""
    variant = make_variant(game)
    orientation = Orientation(variant)
    rng = random.Random(11)
    position = variant.start_position(BLACK)
    builds: list[tuple[float, int]] = []
    lookups: list[float] = []
    while len(builds) < POSITIONS:
        dice = throw(rng)
        plays = variant.plays(position, dice)
        if len(plays) > 1:
            inference = TurnInference(variant, position, dice, orientation, 6)
            ranking = sorted((Candidate(play, rng.uniform(-1, 1)) for play in plays),
                             key=lambda candidate: -candidate.score)
            graded = grade(ranking, GNUBG_BANDS)
            start = time.process_time()
            quality = TablesQuality(inference, graded)
            builds.append((time.process_time() - start, len(plays)))
            counts = visible(orientation.counts(position), 6)
            sources = {orientation.place_of(position.turn, move.src) for play in plays[:20] for move in play}
            for place in sources:
                index = PLACE_INDEX[place]
                lifted = list(counts)
                lifted[index] -= 1
                reading = inference.read(tuple(lifted), lifted_hint=index)
                if reading.status is Status.IN_HAND:
                    start = time.process_time()
                    quality.destinations(reading)
                    lookups.append(time.process_time() - start)
        position = variant.after(position, rng.choice(plays))
        if variant.result(position) is not None:
            position = variant.start_position(BLACK)
    slowest = max(builds)
    median = statistics.median(took for took, _ in builds)
    return {"turns": len(builds), "index_median_ms": round(median * 1000, 2),
            "index_slowest_ms": round(slowest[0] * 1000, 1), "index_slowest_plays": slowest[1],
            "lifts": len(lookups), "lookup_median_us": round(statistics.median(lookups) * 1e6, 1),
            "lookup_slowest_us": round(max(lookups) * 1e6, 1)}


class _Stuck:
    def __init__(self) -> None:
        self.go = threading.Event()

    def speak(self, text: str) -> None:
        self.go.wait(30)

    def stop(self) -> None:
        self.go.set()


def speech_figures() -> dict[str, Any]:
    """What saying costs the loop, and espeak-ng's rendering time."""
    speaker = Speaker(_Stuck())
    costs = []
    for number in range(2000):
        start = time.perf_counter()
        speaker.say(f"computer plays {number % 24 + 1} {number % 6 + 1}.")
        costs.append(time.perf_counter() - start)
    speaker.close()
    figures: dict[str, Any] = {"say_median_us": round(statistics.median(costs) * 1e6, 1),
                               "say_slowest_us": round(max(costs) * 1e6, 1), "dropped": speaker.dropped}
    program = find_espeak()
    if program is not None:
        voice = Espeak(program, Phrases("en").voice)
        renders = []
        with tempfile.TemporaryDirectory() as folder:
            sentences = ["You throw 5 3.", "computer plays 24 18, 13 9.",
                         "Lift a man from point 13. Put a man on point 8.",
                         "Careful: that play is very bad. It loses 0.213; better is 8 5, 6 5."]
            for number, text in enumerate(sentences):
                start = time.perf_counter()
                voice.render(text, Path(folder) / f"{number}.wav")
                renders.append(time.perf_counter() - start)
        figures["espeak_render_median_ms"] = round(statistics.median(renders) * 1000)
    return figures


def main() -> dict[str, Any]:
    """Every figure."""
    return {"quality": {game: quality_figures(game) for game in GAMES}, "speech": speech_figures()}
