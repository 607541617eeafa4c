"""Worst-case legal-play generation of Jacquet (four movements per doublet), Jacquet de Versailles
(squared doublets: up to six movements), Ticktack, and the Tavli family (Portes, Plakoto, Fevga,
Tavla, Long Nardy).

Two kinds of positions: a hand-made spread position (many men able to move, the worst case found for
doublets) and positions sampled from random games (fixed seed). For each, every one of the 21 throws
is timed; the figures are the slowest call, the mean, and the number of distinct plays at the slowest.
"""

from __future__ import annotations

import random
import time

from tablier.tables.catalog import make_variant
from tablier.tables.moves import ALL_ROLLS, Dice
from tablier.tables.position import WHITE, Position
from tablier.tables.position_text import parse_position
from tablier.tables.ticktack import Ticktack
from tablier.tables.variant import Variant

SPREAD = {
    "jacquet": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 3x15 / W",
    "versailles": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 3x15 / W",
    "ticktack": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 24x15 / W",
    "portes": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 12x15 / W",
    "plakoto": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 12x15 / W",
    "tavla": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 12x15 / W",
    "fevga": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 3x15 / W",
    "nardy": "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 3x15 / W",
}
SAMPLED_GAMES = 20
SAMPLE_EVERY = 5


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


def time_rolls(variant: Variant, positions: list[Position]) -> dict[str, float | int | str]:
    """Slowest and mean time of ``variant.plays`` over every position and throw."""
    slowest, slowest_plays, slowest_roll, total, calls = 0.0, 0, "", 0.0, 0
    for position in positions:
        for dice in ALL_ROLLS:
            start = time.perf_counter()
            plays = variant.plays(position, dice)
            elapsed = time.perf_counter() - start
            total += elapsed
            calls += 1
            if elapsed > slowest:
                slowest, slowest_plays, slowest_roll = elapsed, len(plays), str(dice)
    return {"calls": calls, "slowest_ms": round(slowest * 1000, 3), "slowest_roll": slowest_roll,
            "plays_at_slowest": slowest_plays, "mean_ms": round(total / calls * 1000, 4)}


def time_wins(variant: Ticktack, positions: list[Position]) -> dict[str, float | int]:
    """Slowest and mean time to judge every way to win of a throw (plays included)."""
    times = []
    for position in positions:
        for dice in ALL_ROLLS:
            start = time.perf_counter()
            variant.wins(position, dice)
            times.append(time.perf_counter() - start)
    return {"calls": len(times), "slowest_ms": round(max(times) * 1000, 3),
            "mean_ms": round(sum(times) / len(times) * 1000, 4)}


def main() -> dict[str, object]:
    """The figures for each game."""
    figures: dict[str, object] = {}
    for name, text in SPREAD.items():
        variant = make_variant(name)
        spread = parse_position(text)
        figures[f"{name}_spread"] = time_rolls(variant, [spread])
        figures[f"{name}_random_games"] = time_rolls(variant, sampled_positions(variant))
    ticktack = make_variant("ticktack")
    assert isinstance(ticktack, Ticktack)
    figures["ticktack_wins_random_games"] = time_wins(ticktack, sampled_positions(ticktack))
    ticktack4 = make_variant("ticktack", {"doublets": "4"})
    figures["ticktack_doublets4_spread"] = time_rolls(ticktack4, [parse_position(SPREAD["ticktack"])])
    return figures


if __name__ == "__main__":
    import json

    print(json.dumps(main(), indent=2))
