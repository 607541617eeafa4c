"""Legal-play generation speed: ours beside GNU Backgammon's and OpenSpiel's, on the same positions.

Two sets of positions, both taken from random OpenSpiel backgammon games so that all three engines
see exactly the same boards:

* ``opening``: the start position with each of the 21 throws;
* ``busy_doublets``: middle-game positions (both sides with men in contact, none borne off) where a
  doublet has 200 or more distinct plays: the worst case for generation.

Figures are milliseconds per position (one complete list of distinct plays). gnubg is its C
``GenerateMoves`` called through ctypes, reading every play back into Python; OpenSpiel is the full
turn enumerated action by action through its Python API, deduplicated by observation. For scale,
``tablier_plain_depth_first`` is the core's generic generator (every order of the dice, dedupe by
position), which the variants with step rules use.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "tables"))

from tables_oracles import (
    BACKGAMMON,
    _openspiel_dice,
    _openspiel_position,
    gnubg_generator,
)

from tablier.tables import ALL_ROLLS, Dice, Position
from tablier.tables.movegen import generic_plays

BUSY_PLAYS = 200
BUSY_POSITIONS = 12


def _openspiel_enumerate(state: Any) -> int:
    """Distinct positions reachable by the full turn of the player on roll (OpenSpiel Python API)."""
    player = state.current_player()
    seen: set[tuple[float, ...]] = set()

    def walk(node: Any) -> None:
        if node.is_chance_node() or node.is_terminal() or node.current_player() != player:
            seen.add(tuple(node.observation_tensor(0)))
            return
        for action in node.legal_actions():
            walk(node.child(action))

    walk(state)
    return len(seen)


def _busy_positions(seed: int) -> list[tuple[Position, Dice, Any]]:
    """Middle-game doublets with 200+ distinct plays, from random OpenSpiel games."""
    import pyspiel

    game = pyspiel.load_game("backgammon")
    rng = random.Random(seed)
    found: list[tuple[Position, Dice, Any]] = []
    while len(found) < BUSY_POSITIONS:
        state = game.new_initial_state()
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        while not state.is_terminal() and len(found) < BUSY_POSITIONS:
            if state.is_chance_node():
                for action, _ in state.chance_outcomes():
                    child = state.child(action)
                    dice = _openspiel_dice(child)
                    if not dice.is_doublet or child.is_terminal():
                        continue
                    position = _openspiel_position(child)
                    middle_game = not position.boards[0][0] and not position.boards[1][0]
                    if middle_game and len(BACKGAMMON.plays(position, dice)) >= BUSY_PLAYS:
                        found.append((position, dice, child))
                        break
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return found


def _opening_positions() -> list[tuple[Position, Dice, Any]]:
    """The start with every throw; OpenSpiel states only for the 15 non-doublets it can open with."""
    import pyspiel

    game = pyspiel.load_game("backgammon")
    states: dict[Dice, Any] = {}
    initial = game.new_initial_state()
    for action, _ in initial.chance_outcomes():
        child = initial.child(action)
        if child.current_player() == 0:
            dice = _openspiel_dice(child)
            states[Dice(dice.high, dice.low)] = child
    start = BACKGAMMON.start_position()
    return [(start, dice, states.get(dice)) for dice in ALL_ROLLS]


def _plain_depth_first(case: tuple[Position, Dice, Any]) -> object:
    position, dice, _ = case
    return generic_plays(position.mover, BACKGAMMON.theirs(position), True, BACKGAMMON.dice_steps(dice),
                         memo=False)


def _per_position_ms(cases: list[tuple[Position, Dice, Any]], generate: Callable[[Any], object],
                     repeat: int) -> float:
    """Median over ``repeat`` runs of the mean milliseconds per case."""
    runs = []
    for _ in range(repeat):
        began = time.perf_counter()
        for case in cases:
            generate(case)
        runs.append((time.perf_counter() - began) * 1000 / len(cases))
    return round(statistics.median(runs), 4)


def main() -> dict[str, object]:
    """Measure and return the figures."""
    gnubg = gnubg_generator()
    figures: dict[str, object] = {}
    for name, cases, repeat, openspiel_repeat in (
        ("opening", _opening_positions(), 200, 3),
        ("busy_doublets", _busy_positions(seed=2026), 50, 1),
    ):
        plays = [len(BACKGAMMON.plays(position, dice)) for position, dice, _ in cases]
        ours = _per_position_ms(cases, lambda case: BACKGAMMON.plays(case[0], case[1]), repeat)
        theirs = _per_position_ms(cases, lambda case: gnubg.raw_plays(case[0], case[1]), repeat)
        plain = _per_position_ms(cases, _plain_depth_first, max(1, repeat // 10))
        with_state = [case for case in cases if case[2] is not None]
        ours_same = _per_position_ms(with_state, lambda case: BACKGAMMON.plays(case[0], case[1]), repeat)
        openspiel = _per_position_ms(with_state, lambda case: _openspiel_enumerate(case[2]), openspiel_repeat)
        worst = max(range(len(cases)), key=lambda i: plays[i])
        worst_case = cases[worst:worst + 1]
        figures[name] = {
            "positions": len(cases),
            "distinct_plays_mean": round(statistics.mean(plays), 1),
            "distinct_plays_max": max(plays),
            "tablier_ms_per_position": ours,
            "gnubg_ctypes_ms_per_position": theirs,
            "tablier_plain_depth_first_ms_per_position": plain,
            "openspiel_python_ms_per_position": openspiel,
            "openspiel_positions": len(with_state),
            "speedup_vs_openspiel": round(openspiel / ours_same, 1),
            "speedup_vs_gnubg_python": round(theirs / ours, 2),
            "tablier_worst_position_ms": _per_position_ms(
                worst_case, lambda case: BACKGAMMON.plays(case[0], case[1]), repeat),
        }
    busy = figures["busy_doublets"]
    assert isinstance(busy, dict)
    figures["target_worst_case_ms"] = 0.4
    figures["target_met"] = bool(busy["tablier_worst_position_ms"] <= 0.4
                                 and busy["speedup_vs_openspiel"] >= 100)
    return figures


if __name__ == "__main__":
    import json

    print(json.dumps(main(), indent=2))
