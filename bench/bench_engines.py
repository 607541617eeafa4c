"""The computer's strength and speed: the figures of docs/engines.md.

* strength: the computer (level ``BENCH_ENGINE_LEVEL``, default 1) against the greedy player in every
  game but the Devil's, seats alternating; its share of the points with a 95% confidence interval.
  Games per game: ``BENCH_ENGINE_TABLES_GAMES`` (default 400) and ``BENCH_ENGINE_DRAUGHTS_GAMES``
  (default 100); Devil among the Tailors, solved, plays ``BENCH_ENGINE_DEVIL_GAMES`` (default 20);
* agreement: the Backgammon engine's best play against GNU Backgammon's own (``findbestmoves``) at
  the same ply on ``BENCH_ENGINE_GNUBG_POSITIONS`` random positions (default 1000; a fifth at 1-ply);
* hint time: the seconds a hint takes at each level in each game (the median of a few positions);
* draughts search: nodes per second and the depth reached in one second;
* against OpenSpiel's MCTS bot (English draughts, ``BENCH_ENGINE_MCTS_GAMES``, default 10, equal time
  per move), when ``pyspiel`` is installed;
* cube: a cube decision's time at each level (money and match scores), and how often it agrees with
  GNU Backgammon's own cube analysis (its text command ``hint``, in a child process) on
  ``BENCH_ENGINE_CUBE_POSITIONS`` random positions (default 120);
* devil: the first Devil among the Tailors hint in a process (the shipped table loaded), against the
  solve from the start it replaces.

``BENCH_ENGINE_STRENGTH_GAMES`` (comma-separated) plays only those games, keeping the others' figures.
``BENCH_ENGINE_PARTS`` (comma-separated: strength, agreement, hints, search, mcts, cube, devil) runs
only some; the figures of the other parts are kept from the last run, each part with its date.
"""

from __future__ import annotations

import datetime
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import gnubg

from tablier.draughts.core import Board
from tablier.draughts.devil_solver import START, DevilSolver
from tablier.draughts.variants import VARIANTS as DRAUGHTS_VARIANTS
from tablier.draughts.variants import DevilBoard
from tablier.engines import (
    LEVELS,
    CubeState,
    Level,
    MatchStanding,
    cube_decision,
    draughts_engine,
    tables_engine,
)
from tablier.engines.backgammon import BackgammonEngine
from tablier.engines.gnubg_net import gnubg_board
from tablier.engines.matches import MatchScore
from tablier.games import all_games
from tablier.play.selfplay import play_match
from tablier.tables.catalog import find_rotation, make_variant
from tablier.tables.gnubg_id import MatchState, encode_match, encode_position

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "engines"))
from engine_positions import draughts_positions, tables_positions
from gnubg_cube_oracle import gnubg_action, gnubg_cube_actions

RESULTS = Path(__file__).resolve().parent / "results" / "engines.json"
CUBE_SCORES = ((0, (0, 0)), (7, (0, 0)), (7, (3, 5)), (7, (5, 3)), (9, (2, 6)), (5, (3, 4)))
"""Money, and match scores: level, trailing, leading, far behind, post-Crawford."""


def _env(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


def share_interval(per_game: list[tuple[float, float]]) -> tuple[float, float, float]:
    """The first player's share of all points and its 95% interval (delta method, per game)."""
    n = len(per_game)
    mine = sum(a for a, _ in per_game)
    total = sum(a + b for a, b in per_game)
    if not total:
        return 0.5, 0.5, 0.5
    share = mine / total
    mean_total = total / n
    residuals = [a - share * (a + b) for a, b in per_game]
    spread = statistics.pstdev(residuals) / mean_total / math.sqrt(n) if n > 1 else 0.0
    low, high = max(0.0, share - 1.96 * spread), min(1.0, share + 1.96 * spread)
    return round(share, 3), round(low, 3), round(high, 3)


def games_for(name: str, family: str) -> int:
    """How many games the strength part plays in the game ``name``."""
    if family == "tables":
        return _env("BENCH_ENGINE_TABLES_GAMES", 400)
    if name == "devil":
        return _env("BENCH_ENGINE_DEVIL_GAMES", 20)
    return _env("BENCH_ENGINE_DRAUGHTS_GAMES", 100)


def points_per_game(game: str, specs: tuple[str, str],
                    games: int) -> tuple[MatchScore, list[tuple[float, float]]]:
    """The match's score and each game's points for the two players."""
    per_game: list[tuple[float, float]] = []
    last = [0.0, 0.0]

    def record(done: int, score: MatchScore) -> None:
        per_game.append((score.points[0] - last[0], score.points[1] - last[1]))
        last[:] = score.points

    return play_match(game, specs, games, seed=2026, progress=record), per_game


def strength() -> dict[str, Any]:
    """The computer against the greedy player in every game (or those of
    ``BENCH_ENGINE_STRENGTH_GAMES``, comma-separated, keeping the others' last figures)."""
    level = _env("BENCH_ENGINE_LEVEL", 1)
    only = [name for name in os.environ.get("BENCH_ENGINE_STRENGTH_GAMES", "").split(",") if name]
    found: dict[str, Any] = {"level": level}
    if only and RESULTS.exists():
        found.update(json.loads(RESULTS.read_text())["figures"].get("strength", {}))
    for info in all_games():
        if find_rotation(info.name) is not None or (only and info.name not in only):
            continue  # Tavli: a match of games measured one by one
        started = time.monotonic()
        score, per_game = points_per_game(info.name, (f"computer:{level}", "greedy"),
                                          games_for(info.name, info.family))
        share, low, high = share_interval(per_game)
        found[info.name] = {**score.as_dict(), "share": share, "interval95": [low, high],
                            "seconds": round(time.monotonic() - started, 1)}
        print(f"   {info.name}: {found[info.name]}", flush=True)
    return found


def agreement() -> dict[str, Any]:
    """How often the engine's best play is GNU Backgammon's best play at the same ply."""
    variant = make_variant("backgammon", {"backgammon_zone": "home-board"})  # gnubg's own scoring
    engine = BackgammonEngine(variant)
    count = _env("BENCH_ENGINE_GNUBG_POSITIONS", 1000)
    found: dict[str, Any] = {}
    for ply, positions in ((0, count), (1, max(1, count // 5))):
        agreed = 0
        for position, dice in tables_positions(variant, positions, seed=1000 + ply):
            ours = engine.rank_at_ply(position, dice, ply)
            theirs = gnubg.findbestmoves(gnubg_board(position), gnubg.cubeinfo(), gnubg.evalcontext(0, ply),
                                         (dice.first, dice.second))
            agreed += (ours[0].move == ()) if not theirs else abs(ours[0].score - theirs[0]["score"]) < 1e-3
        found[f"ply{ply}"] = {"positions": positions, "agreed": agreed}
    return found


def hint_times() -> dict[str, Any]:
    """The median seconds of a hint at each level in each game: three positions from random games,
    each with a real choice (at least five plays, or three draughts moves)."""
    found: dict[str, Any] = {}
    for info in all_games():
        if find_rotation(info.name) is not None:  # Tavli: its games' own figures are there
            continue
        row = {}
        for level in LEVELS[:3]:
            times = []
            if info.family == "tables":
                variant = make_variant(info.name)
                engine = tables_engine(variant)
                busy = [(position, dice) for position, dice in tables_positions(variant, 200, seed=5)
                        if len(variant.plays(position, dice)) >= 5][:3]
                for position, dice in busy:
                    started = time.perf_counter()
                    engine.rank(position, dice, level)
                    times.append(time.perf_counter() - started)
            else:
                board_class = next(b for b in DRAUGHTS_VARIANTS if b.name == info.name)
                d_engine = draughts_engine(board_class)
                boards = [board for board in draughts_positions(board_class, 200, seed=5)
                          if len(board.legal_moves()) >= 3][:3]
                for board in boards:
                    started = time.perf_counter()
                    d_engine.rank(board, level)
                    times.append(time.perf_counter() - started)
            row[f"level{level.number}"] = round(statistics.median(times), 3)
        found[info.name] = row
    return found


def search_speed() -> dict[str, Any]:
    """Nodes per second and depth reached in one second, at the start and in a middle game."""
    found: dict[str, Any] = {}
    one_second = Level(0, plies=64, seconds=1.0, candidates=0)
    for board_class in DRAUGHTS_VARIANTS:
        if board_class.name == "devil":
            continue
        engine = draughts_engine(board_class)
        row = {}
        middle = next(draughts_positions(board_class, 1, 9))
        for label, board in (("start", board_class()), ("middle", middle)):
            engine._table.clear()  # type: ignore[union-attr]
            started = time.perf_counter()
            engine.rank(board, one_second)
            elapsed = time.perf_counter() - started
            row[label] = {"nodes_per_second": round(engine.nodes / elapsed),  # type: ignore[union-attr]
                          "depth": engine.depth_reached}  # type: ignore[union-attr]
        found[board_class.name] = row
    return found


def against_mcts() -> dict[str, Any]:
    """English draughts: the engine against OpenSpiel's MCTS bot at equal time per move."""
    try:
        import numpy
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return {"skipped": "pyspiel is not installed"}
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "draughts"))
    from test_oracle_openspiel import full_moves, position_of

    seconds = 0.5
    games = _env("BENCH_ENGINE_MCTS_GAMES", 10)
    game = pyspiel.load_game("checkers")
    evaluator = mcts.RandomRolloutEvaluator(1, numpy.random.RandomState(7))
    engine = draughts_engine(Board)
    level = Level(0, plies=64, seconds=seconds, candidates=0)
    # MCTS simulations that take as long as the engine's move.
    probe = mcts.MCTSBot(game, 1.4, 10, evaluator, random_state=numpy.random.RandomState(1))
    started = time.perf_counter()
    probe.step(game.new_initial_state())
    simulations = max(10, int(10 * seconds / (time.perf_counter() - started)))
    bot = mcts.MCTSBot(game, 1.4, simulations, evaluator, random_state=numpy.random.RandomState(2))
    wins = [0, 0]
    draws = 0
    for number in range(games):
        engine_color = number % 2 == 1  # our Black (OpenSpiel's player 0) moves first
        board = Board()
        state = game.new_initial_state()
        for _ in range(200):
            if board.outcome() is not None or state.is_terminal():
                break
            if board.turn == engine_color:
                move = engine.best(board, level)
                board.push(move)
                following = full_moves(state).get(board.position_key())
                if following is None:  # the move ends the game: OpenSpiel lists no state after it
                    break
                state = following
            else:
                player = state.current_player()
                while not state.is_terminal() and state.current_player() == player:
                    state.apply_action(bot.step(state))
                key = position_of(state)
                move = next((m for m in board.legal_moves() if _after(board, m) == key), None)
                if move is None:  # OpenSpiel ended the game its own way (its 40-ply draw)
                    break
                board.push(move)
        outcome = board.outcome()
        if outcome is None or outcome.winner is None:
            draws += 1
        else:
            wins[0 if outcome.winner == engine_color else 1] += 1
    return {"games": games, "seconds_per_move": seconds, "mcts_simulations": simulations,
            "engine_wins": wins[0], "mcts_wins": wins[1], "draws": draws}


def _after(board: Board, move: Any) -> tuple[int, int, int, bool]:
    board.push(move)
    key = board.position_key()
    board.pop()
    return key


def cube() -> dict[str, Any]:
    """A cube decision's time at each level, and its agreement with GNU Backgammon's cube analysis."""
    variant = make_variant("backgammon", {"backgammon_zone": "home-board"})
    count = _env("BENCH_ENGINE_CUBE_POSITIONS", 120)
    cases = [(position, *CUBE_SCORES[number % len(CUBE_SCORES)])
             for number, (position, _) in enumerate(tables_positions(variant, count, seed=11))]
    found: dict[str, Any] = {"seconds": {}}
    for level in LEVELS[:3]:
        times = []
        for position, length, score in cases[:12]:
            started = time.perf_counter()
            cube_decision(position, CubeState(), MatchStanding(length, score), level)
            times.append(time.perf_counter() - started)
        found["seconds"][f"level{level.number}"] = round(statistics.median(times), 4)
    ids = [encode_position(position) + ":" + encode_match(MatchState(
        on_roll=position.turn, turn=position.turn, match_length=length, score=score))
        for position, length, score in cases]
    theirs = gnubg_cube_actions(ids)
    actions = takes = 0
    for (position, length, score), gnubg_id in zip(cases, ids, strict=True):
        if gnubg_id not in theirs:
            continue
        ours = cube_decision(position, CubeState(), MatchStanding(length, score), LEVELS[2])  # 2-ply
        action, take = gnubg_action(theirs[gnubg_id])
        actions += action == ours.action or (action == "optional" and ours.action in ("double", "no double"))
        takes += take == ours.take
    found["agreement_with_gnubg"] = {"positions": len(theirs), "action": actions, "take": takes,
                                     "scores": [f"{length}:{a}-{b}" if length else "money"
                                                for length, (a, b) in CUBE_SCORES]}
    return found


def devil() -> dict[str, Any]:
    """The first Devil hint of a process (from the shipped table), against the solve it replaces."""
    from tablier.engines import devil_table
    from tablier.engines.devil import shared_solver

    devil_table.shipped_table.cache_clear()
    shared_solver.cache_clear()
    engine = draughts_engine(DevilBoard)
    started = time.perf_counter()
    engine.rank(DevilBoard())
    first = time.perf_counter() - started
    started = time.perf_counter()
    engine.rank(DevilBoard(first="white"))
    second = time.perf_counter() - started
    started = time.perf_counter()
    DevilSolver().solve(START)
    solve = time.perf_counter() - started
    return {"first_hint_seconds": round(first, 3), "next_hint_seconds": round(second, 4),
            "solve_from_start_seconds": round(solve, 1), "positions_solved_for_hints": len(shared_solver())}


PARTS = {"agreement": agreement, "search": search_speed, "hints": hint_times, "mcts": against_mcts,
         "strength": strength, "cube": cube, "devil": devil}


def main() -> dict[str, Any]:
    """Every part (or those of ``BENCH_ENGINE_PARTS``, keeping the others' last figures)."""
    wanted = [part for part in os.environ.get("BENCH_ENGINE_PARTS", ",".join(PARTS)).split(",") if part]
    figures: dict[str, Any] = {}
    dates: dict[str, str] = {}
    if RESULTS.exists():
        last = json.loads(RESULTS.read_text())
        figures = {part: value for part, value in last["figures"].items() if part in PARTS}
        dates = last["figures"].get("dates", {part: last["date"] for part in figures})
    for part in wanted:
        print(f"   {part} ...", flush=True)
        try:
            figures[part] = PARTS[part]()
        except Exception as error:  # one part's failure must not lose the others' figures
            figures[part] = {"error": f"{type(error).__name__}: {error}"}
        dates[part] = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    figures["dates"] = dates
    return figures
