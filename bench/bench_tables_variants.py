"""Legal-play generation of every tables game beside Backgammon's, old and new in one run.

For each game: a hand-made spread position (many men able to move, the postillon on his way, the
worst case found for doublets) with all 21 throws, and positions sampled from random games (fixed
seed) with all 21 throws each. Each throw is timed once; the slowest throws are timed again
(``RETIMES`` times, median), so that a throw interrupted by the machine's other work does not pass
for a slow one. Times are process CPU time (``time.process_time``), which the other programs on a
shared machine disturb less than the wall clock.

Figures per game: the slowest throw (median ms), its plays, the cost per distinct play there, its
ratio to Backgammon's cost per play measured in the same run (on Backgammon's busiest spread
doublet), and the mean. ``old_`` figures are the generic generator with the game's rules on each
step (the tests' reference, which the games used before), on the spread and on every
``OLD_EVERY``-th sampled position. ``BENCH_TABLES_GAMES`` (default 20) sets how many random games
are sampled.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sized
from pathlib import Path

from tablier.tables.catalog import make_variant
from tablier.tables.moves import ALL_ROLLS, Dice, Play
from tablier.tables.position import WHITE, Position
from tablier.tables.position_text import parse_position
from tablier.tables.ticktack import Ticktack
from tablier.tables.variant import Variant

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "tables"))
from test_fast_generation import reference_plays

SPREAD = {
    "backgammon": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 12x15 / W",
    "jacquet": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 3x15 / W",
    "spanish": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 3x15 / W",
    "versailles": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 3x15 / W",
    "ticktack": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 24x15 / W",
    "portes": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 12x15 / W",
    "plakoto": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 12x15 / W",
    "tavla": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 12x15 / W",
    "fevga": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 3x15 / W",
    "nardy": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 3x15 / W",
}
WITH_REFERENCE = {"jacquet", "spanish", "versailles", "plakoto", "tavla", "fevga", "nardy"}
SAMPLED_GAMES = int(os.environ.get("BENCH_TABLES_GAMES", "20"))
SAMPLE_EVERY = 5
RETIMES = 7
RETIMED_THROWS = 12
OLD_EVERY = 8
TARGET_RATIO = 3.0
TARGET_WORST_MS = {"jacquet": 2.0, "versailles": 10.0}
TARGET_RANDOM_MS = 1.0


def sampled_positions(variant: Variant, seed: int = 1) -> list[Position]:
    """Positions every few turns of random games."""
    rng = random.Random(seed)
    positions = []
    for _ in range(SAMPLED_GAMES):
        position = variant.start_position(WHITE)
        turn = 0
        while variant.result(position) is None and turn < 2000:
            if turn % SAMPLE_EVERY == 0:
                positions.append(position)
            plays = variant.plays(position, Dice(rng.randint(1, 6), rng.randint(1, 6)))
            position = variant.after(position, rng.choice(plays))
            turn += 1
    return positions


Generator = Callable[[Position, Dice], Sized]
"""Anything timed a throw at a time: a play generator, or Ticktack's judge of the wins."""


def _once(generate: Generator, position: Position, dice: Dice) -> tuple[float, int]:
    start = time.process_time()
    plays = generate(position, dice)
    return time.process_time() - start, len(plays)


def time_throws(generate: Generator, positions: list[Position]) -> dict[str, float | int | str]:
    """The slowest throw (median of ``RETIMES`` timings of the slowest single timings) and the mean
    over every position and throw."""
    timed = []
    for position in positions:
        for dice in ALL_ROLLS:
            elapsed, plays = _once(generate, position, dice)
            timed.append((elapsed, plays, position, dice))
    total = sum(elapsed for elapsed, *_ in timed)
    timed.sort(key=lambda row: row[0], reverse=True)
    worst = (0.0, 0, "")
    for _elapsed, plays, position, dice in timed[:RETIMED_THROWS]:
        median = statistics.median(_once(generate, position, dice)[0] for _ in range(RETIMES))
        if median > worst[0]:
            worst = (median, plays, str(dice))
    slowest, plays, roll = worst
    return {"calls": len(timed), "slowest_ms": round(slowest * 1000, 3), "slowest_roll": roll,
            "plays_at_slowest": plays, "us_per_play_at_slowest": round(slowest * 1e6 / max(plays, 1), 2),
            "mean_ms": round(total / len(timed) * 1000, 4)}


def _reference(variant: Variant) -> Generator:
    def generate(position: Position, dice: Dice) -> list[Play]:
        return reference_plays(variant, position, variant.dice_steps(dice), dice)
    return generate


def time_wins(variant: Ticktack, positions: list[Position]) -> dict[str, float | int | str]:
    """Slowest (retimed as :func:`time_throws` does) and mean time to judge every way to win of a
    throw (plays included)."""
    timed = time_throws(variant.wins, positions)
    return {key: timed[key] for key in ("calls", "slowest_ms", "mean_ms")}


def main() -> dict[str, object]:
    """The figures for each game, Backgammon's cost per play first as the yardstick."""
    figures: dict[str, object] = {}
    backgammon = make_variant("backgammon")
    spread = parse_position(SPREAD["backgammon"])
    busiest = max(ALL_ROLLS, key=lambda dice: len(backgammon.plays(spread, dice)))
    per_play = statistics.median(_once(backgammon.plays, spread, busiest)[0] for _ in range(31))
    busiest_plays = len(backgammon.plays(spread, busiest))
    yardstick_us = per_play * 1e6 / busiest_plays
    figures["backgammon_us_per_play"] = {"roll": str(busiest), "plays": busiest_plays,
                                         "us_per_play": round(yardstick_us, 3)}
    targets_met = True
    for name, text in SPREAD.items():
        variant = make_variant(name)
        spread = parse_position(text)
        sampled = sampled_positions(variant)
        for label, positions in (("spread", [spread]), ("random_games", sampled)):
            row = time_throws(variant.plays, positions)
            ratio = float(row["us_per_play_at_slowest"]) / yardstick_us
            row["ratio_to_backgammon_per_play"] = round(ratio, 2)
            if name in WITH_REFERENCE:
                some = positions if label == "spread" else positions[::OLD_EVERY]
                old = time_throws(_reference(variant), some)
                row["old_slowest_ms"] = old["slowest_ms"]
                row["old_slowest_roll"] = old["slowest_roll"]
                row["old_mean_ms"] = old["mean_ms"]
            limit = TARGET_WORST_MS.get(name) if label == "spread" else TARGET_RANDOM_MS
            met = (limit is None or float(row["slowest_ms"]) < limit) and (
                int(row["plays_at_slowest"]) < 100 or ratio <= TARGET_RATIO)
            row["target_met"] = met
            targets_met = targets_met and met
            figures[f"{name}_{label}"] = row
            print(f"{name}_{label}: {row}", flush=True)
    ticktack = make_variant("ticktack")
    assert isinstance(ticktack, Ticktack)
    figures["ticktack_wins_random_games"] = time_wins(ticktack, sampled_positions(ticktack))
    ticktack4 = make_variant("ticktack", {"doublets": "4"})
    figures["ticktack_doublets4_spread"] = time_throws(ticktack4.plays, [parse_position(SPREAD["ticktack"])])
    figures["targets"] = {"ratio_to_backgammon_per_play": TARGET_RATIO, "worst_spread_ms": TARGET_WORST_MS,
                          "random_games_ms": TARGET_RANDOM_MS, "all_met": targets_met}
    return figures


if __name__ == "__main__":
    import json

    print(json.dumps(main(), indent=2))
