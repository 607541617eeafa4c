"""Legal-play generation of every tables game beside Backgammon's, old and new in one run.

For each game: a hand-made spread position (many men able to move, the postillon on his way, the
worst case found for doublets) with all 21 throws, and positions sampled from random games (fixed
seed) with all 21 throws each. Each throw is timed once; the slowest throws are timed again
(``RETIMES`` times, the fastest kept: the machine's other work and the collector only ever add
time), so that a throw interrupted by them does not pass for a slow one. Times are process CPU time
(``time.process_time``), which the other programs on a shared machine disturb less than the wall
clock.

Figures per game: the slowest throw (ms), its plays, the cost per distinct play there, its
ratio to Backgammon's cost per play on Backgammon's busiest spread doublet (1,136 plays, where a
play costs least: the yardstick, timed in turn with each throw retimed, for the machine's speed
drifts), and the mean. ``old_`` figures are the generic generator
with the game's rules on each step (the tests' reference, which the games used before), on the
spread and on every ``OLD_EVERY``-th sampled position. ``BENCH_TABLES_GAMES`` (default 20) sets how
many random games are sampled.

The cost per play is also compared like for like, over the random games' throws of at least
``MIN_PLAYS`` plays (where the cost per play is a figure of the generator, not of the call): the
costliest throw per play (retimed as the slowest are) beside Backgammon's costliest throw per play
over its own random games (each in yardsticks), and beside Backgammon's generator (``fast_plays``,
no rule of the game's own) on the very same board and throw. ``target_met`` asks the issue's figures
with these like-for-like ratios; ``within_3x_of_busiest_doublet`` keeps the stricter reading,
against the cheapest play Backgammon makes.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable, Sized
from pathlib import Path
from typing import NamedTuple

from tablier.tables.catalog import make_variant
from tablier.tables.movegen import fast_plays, landing_tables
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
RETIMES = 15
RETIMED_THROWS = 12
OLD_EVERY = 8
TARGET_RATIO = 3.0
TARGET_WORST_MS = {"jacquet": 2.0, "versailles": 10.0}
TARGET_RANDOM_MS = 1.0
MIN_PLAYS = 100  # throws with fewer plays are judged by their time alone


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


Timed = tuple[float, int, Position, Dice]
"""One throw timed: seconds, plays, the position, the dice."""


class Yardstick(NamedTuple):
    """Backgammon's busiest spread doublet, where a play costs least, timed in turn with every throw
    that is retimed: the machine's speed drifts (by half on this shared machine), and a ratio of two
    figures timed minutes apart would measure the drift."""

    generate: Generator
    position: Position
    dice: Dice
    plays: int


def time_throws(generate: Generator, positions: list[Position]) -> dict[str, float | int | str]:
    """The slowest throw (the fastest of ``RETIMES`` timings of the slowest single timings) and the
    mean over every position and throw."""
    return _figures(generate, _time_all(generate, positions), None)[0]


def _time_all(generate: Generator, positions: list[Position]) -> list[Timed]:
    timed = []
    for position in positions:
        for dice in ALL_ROLLS:
            elapsed, plays = _once(generate, position, dice)
            timed.append((elapsed, plays, position, dice))
    return timed


def _retime(generate: Generator, position: Position, dice: Dice,
            yardstick: Yardstick | None, times: int = RETIMES) -> tuple[float, float]:
    """The fastest of ``times`` timings of one throw (seconds) and, timed in turn with it, of the
    yardstick (seconds a play; 0 without one)."""
    own = yard = float("inf")
    for _ in range(times):
        own = min(own, _once(generate, position, dice)[0])
        if yardstick is not None:
            yard = min(yard, _once(yardstick.generate, yardstick.position, yardstick.dice)[0])
    return own, yard / yardstick.plays if yardstick is not None else 0.0


def _worst_retimed(generate: Generator, candidates: list[Timed], per_play: bool,
                   yardstick: Yardstick | None) -> tuple[float, Timed | None, float]:
    """Of the candidates, the worst once each is retimed: in seconds, or in seconds a play; the
    throw; the yardstick's seconds a play timed beside it."""
    worst: tuple[float, Timed | None, float] = (0.0, None, 0.0)
    for row in candidates[:RETIMED_THROWS]:
        _elapsed, plays, position, dice = row
        fastest, yard = _retime(generate, position, dice, yardstick)
        figure = fastest / plays if per_play else fastest
        if figure > worst[0]:
            worst = (figure, (fastest, plays, position, dice), yard)
    return worst


def _figures(generate: Generator, timed: list[Timed],
             yardstick: Yardstick | None) -> tuple[dict[str, float | int | str], Timed | None]:
    """The slowest throw, the mean, and the costliest throw a play among those of ``MIN_PLAYS``
    plays or more (returned too, for the comparison on the same throw), each with its cost a play
    in yardsticks (Backgammon's cost a play timed beside it)."""
    total = sum(elapsed for elapsed, *_ in timed)
    _slowest, slowest_row, yard = _worst_retimed(
        generate, sorted(timed, key=lambda row: row[0], reverse=True), False, yardstick)
    assert slowest_row is not None
    slowest, plays, _position, dice = slowest_row
    figures: dict[str, float | int | str] = {
        "calls": len(timed), "slowest_ms": round(slowest * 1000, 3), "slowest_roll": str(dice),
        "plays_at_slowest": plays, "us_per_play_at_slowest": round(slowest * 1e6 / max(plays, 1), 2),
        "mean_ms": round(total / len(timed) * 1000, 4)}
    if yardstick is not None:
        figures["ratio_to_backgammon_per_play"] = round(slowest / max(plays, 1) / yard, 2)
    busy = sorted((row for row in timed if row[1] >= MIN_PLAYS), key=lambda row: row[0] / row[1],
                  reverse=True)
    per_play, costliest, yard = _worst_retimed(generate, busy, True, yardstick)
    if costliest is not None:
        figures.update(costliest_us_per_play=round(per_play * 1e6, 2), costliest_roll=str(costliest[3]),
                       plays_at_costliest=costliest[1])
        if yardstick is not None:
            figures["costliest_in_yardsticks"] = round(per_play / yard, 2)
    return figures, costliest


def backgammon_generator(variant: Variant) -> Generator:
    """Backgammon's generator (no rule of the game's own on single steps) on the game's board:
    the adversary's men close or expose points as the game has them."""
    def generate(position: Position, dice: Dice) -> list[Play]:
        blocked, blot = landing_tables(variant.theirs(position), variant.hitting)
        return fast_plays(position.mover, blocked, blot, variant.dice_steps(dice))
    return generate


def _reference(variant: Variant) -> Generator:
    def generate(position: Position, dice: Dice) -> list[Play]:
        return reference_plays(variant, position, variant.dice_steps(dice), dice)
    return generate


def time_wins(variant: Ticktack, positions: list[Position]) -> dict[str, float | int | str]:
    """Slowest (retimed as :func:`time_throws` does) and mean time to judge every way to win of a
    throw (plays included)."""
    timed = time_throws(variant.wins, positions)
    return {key: timed[key] for key in ("calls", "slowest_ms", "mean_ms")}


def compare_like_for_like(row: dict[str, float | int | str], variant: Variant, costliest: Timed,
                          backgammon_yardsticks: float) -> bool:
    """Adds to ``row`` the costliest throw a play beside Backgammon's costliest (both in
    yardsticks, Backgammon's being ``backgammon_yardsticks``) and beside Backgammon's generator on
    the same throw (the two timed in turn); whether the first is within ``TARGET_RATIO``."""
    _seconds, plays, position, dice = costliest
    same = backgammon_generator(variant)
    own_s = same_s = float("inf")
    for _ in range(RETIMES):
        own_s = min(own_s, _once(variant.plays, position, dice)[0])
        same_s = min(same_s, _once(same, position, dice)[0])
    same_us = same_s * 1e6 / len(same(position, dice))
    ratio = float(row["costliest_in_yardsticks"]) / backgammon_yardsticks
    row["backgammon_generator_same_throw_us_per_play"] = round(same_us, 2)
    row["ratio_to_backgammon_generator_same_throw"] = round(own_s * 1e6 / plays / same_us, 2)
    row["ratio_to_backgammon_costliest_per_play"] = round(ratio, 2)
    return ratio <= TARGET_RATIO


def main() -> dict[str, object]:
    """The figures for each game, Backgammon's cost per play first as the yardstick."""
    figures: dict[str, object] = {}
    backgammon = make_variant("backgammon")
    spread = parse_position(SPREAD["backgammon"])
    busiest = max(ALL_ROLLS, key=lambda dice: len(backgammon.plays(spread, dice)))
    yardstick = Yardstick(backgammon.plays, spread, busiest, len(backgammon.plays(spread, busiest)))
    per_play = _retime(backgammon.plays, spread, busiest, None, 31)[0] / yardstick.plays
    figures["backgammon_us_per_play"] = {"roll": str(busiest), "plays": yardstick.plays,
                                         "us_per_play": round(per_play * 1e6, 3)}
    targets_met = strict_met = True
    backgammon_yardsticks = 0.0  # Backgammon's costliest throw a play, in yardsticks
    for name, text in SPREAD.items():
        variant = make_variant(name)
        spread = parse_position(text)
        sampled = sampled_positions(variant)
        for label, positions in (("spread", [spread]), ("random_games", sampled)):
            row, costliest = _figures(variant.plays, _time_all(variant.plays, positions), yardstick)
            ratio = float(row["ratio_to_backgammon_per_play"])
            like_for_like = True
            if label == "random_games" and costliest is not None:
                if name == "backgammon":
                    backgammon_yardsticks = float(row["costliest_in_yardsticks"])
                like_for_like = compare_like_for_like(row, variant, costliest, backgammon_yardsticks)
            if name in WITH_REFERENCE:
                some = positions if label == "spread" else positions[::OLD_EVERY]
                old = time_throws(_reference(variant), some)
                row["old_slowest_ms"] = old["slowest_ms"]
                row["old_slowest_roll"] = old["slowest_roll"]
                row["old_mean_ms"] = old["mean_ms"]
            limit = TARGET_WORST_MS.get(name) if label == "spread" else TARGET_RANDOM_MS
            in_time = limit is None or float(row["slowest_ms"]) < limit
            strict = int(row["plays_at_slowest"]) < MIN_PLAYS or ratio <= TARGET_RATIO
            row["target_met"] = in_time and like_for_like and (label == "random_games" or strict)
            row["within_3x_of_busiest_doublet"] = strict
            targets_met = targets_met and bool(row["target_met"])
            strict_met = strict_met and strict
            figures[f"{name}_{label}"] = row
            print(f"{name}_{label}: {row}", flush=True)
    ticktack = make_variant("ticktack")
    assert isinstance(ticktack, Ticktack)
    figures["ticktack_wins_random_games"] = time_wins(ticktack, sampled_positions(ticktack))
    ticktack4 = make_variant("ticktack", {"doublets": "4"})
    figures["ticktack_doublets4_spread"] = time_throws(ticktack4.plays, [parse_position(SPREAD["ticktack"])])
    figures["targets"] = {"ratio_to_backgammon_per_play": TARGET_RATIO, "worst_spread_ms": TARGET_WORST_MS,
                          "random_games_ms": TARGET_RANDOM_MS, "min_plays_for_the_ratio": MIN_PLAYS,
                          "all_met": targets_met, "all_within_3x_of_busiest_doublet": strict_met}
    return figures


if __name__ == "__main__":
    import json

    print(json.dumps(main(), indent=2))
