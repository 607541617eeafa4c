"""The figures of a sweep of games through the relay, and ``bench/results/reliability.json``.

:class:`Sweep` adds up every faulted game against its clean twin: games played, finished and
identical, frames relayed each way, faults by kind, cable pulls and the host's reconnections, moves
compared, lost and phantom; and, for any game that went wrong, what is needed to replay it (game,
seed, the fault plan's seed and the faults injected up to the first difference). :func:`write`
stores the figures in the format of ``bench/run.py``.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .faults import CABLE_PULL, KINDS, FaultPlan, uniform_plan
from .games import Comparison, GameRun, compare, play_game

RESULTS = Path(__file__).resolve().parents[2] / "bench" / "results" / "reliability.json"


def plan_for(game: str, seed: int, rate: float) -> FaultPlan:
    """The fault plan of one game: every kind of fault, ``rate`` a frame in all, the cable pulled
    every 150 to 400 frames; its seed follows from the game and its seed."""
    return uniform_plan(zlib.crc32(f"{game} {seed}".encode()), rate)


@dataclass
class Finding:
    """A game that diverged or did not finish, with what replays it."""

    game: str
    seed: int
    plan_seed: int
    what: str
    faults: list[str]


@dataclass
class Sweep:
    """Figures over many games."""

    games: int = 0
    finished: int = 0
    identical: int = 0
    moves: int = 0
    lost_moves: int = 0
    phantom_moves: int = 0
    reconnections: int = 0
    frames: Counter[str] = field(default_factory=Counter)
    faults: Counter[str] = field(default_factory=Counter)
    by_game: Counter[str] = field(default_factory=Counter)
    clean_not_finished: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    def add(self, clean: GameRun, faulted: GameRun, plan: FaultPlan, comparison: Comparison) -> None:
        """Count one faulted game against its clean twin."""
        self.games += 1
        self.by_game[faulted.game] += 1
        self.finished += faulted.finished
        self.identical += comparison.identical and faulted.finished
        self.moves += len(clean.record.moves)
        self.lost_moves += comparison.lost
        self.phantom_moves += comparison.phantom
        self.reconnections += faulted.reconnections
        self.frames.update(faulted.frames)
        self.faults.update(fault.kind for fault in faulted.faults)
        if not (comparison.identical and faulted.finished):
            what = "; ".join(filter(None, (faulted.error or ("" if faulted.finished else "not finished"),
                                           comparison.first_difference)))
            self.findings.append(Finding(faulted.game, faulted.seed, plan.seed, what,
                                         [str(fault) for fault in faulted.faults]))

    def play(self, game: str, seed: int, rate: float) -> str:
        """Play ``game`` with ``seed`` clean, then through the relay with faults at ``rate`` a frame
        (:func:`plan_for`), and count it; returns a line telling how it went. A clean game that does
        not finish is a failure (a finding): the game cannot be played to its end even without
        faults, and there is nothing to compare the faulted game with."""
        plan = plan_for(game, seed, rate)
        clean = play_game(game, seed)
        if not clean.finished:
            what = (f"the clean game (no faults) did not finish: {clean.error or 'it stopped'} after "
                    f"{len(clean.record.moves)} moves")
            self.games += 1
            self.by_game[game] += 1
            self.clean_not_finished.append(f"{game} seed {seed}")
            self.findings.append(Finding(game, seed, plan.seed, what, []))
            return f"{game} seed {seed}: {what}"
        faulted = play_game(game, seed, plan)
        comparison = compare(clean.record, faulted.record)
        self.add(clean, faulted, plan, comparison)
        outcome = "identical" if comparison.identical and faulted.finished else self.findings[-1].what
        return (f"{game} seed {seed}: {len(faulted.record.moves)} moves, {len(faulted.faults)} faults, "
                f"{faulted.reconnections} reconnects: {outcome}")

    def figures(self) -> dict[str, object]:
        """The figures, as written to the results file."""
        return {
            "games": self.games,
            "games_by_kind": dict(sorted(self.by_game.items())),
            "games_finished": self.finished,
            "games_identical": self.identical,
            "moves_compared": self.moves,
            "lost_moves": self.lost_moves,
            "phantom_moves": self.phantom_moves,
            "frames": {"to_host": self.frames["to_host"], "to_board": self.frames["to_board"]},
            "faults": sum(self.faults.values()),
            "faults_by_kind": {kind: self.faults[kind] for kind in KINDS},
            "cable_pulls": self.faults[CABLE_PULL],
            "reconnects": self.reconnections,
            "clean_games_not_finished": self.clean_not_finished,
            "findings": [{"game": f.game, "seed": f.seed, "plan_seed": f.plan_seed, "what": f.what,
                          "faults": len(f.faults)} for f in self.findings],
        }

    def summary(self) -> str:
        """The figures in a few lines, for the test's output."""
        kinds = ", ".join(f"{kind} {self.faults[kind]}" for kind in KINDS)
        return (f"{self.games} games ({self.finished} finished, {self.identical} identical to the clean), "
                f"{self.moves} moves compared: {self.lost_moves} lost, {self.phantom_moves} phantom\n"
                f"{self.frames['to_host']} frames to the host, {self.frames['to_board']} to the board; "
                f"{sum(self.faults.values())} faults: {kinds}; {self.reconnections} reconnects")


def write(sweep: Sweep, path: Path = RESULTS) -> Path:
    """Write the sweep's figures as a bench result; returns the path."""
    return write_bench("reliability", sweep.figures(), path)


def write_bench(name: str, figures: object, path: Path) -> Path:
    """Write ``figures`` at ``path`` as the bench result ``name`` (dated, with the machine); the path."""
    record = {
        "benchmark": name,
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "processor": platform.machine()},
        "figures": figures,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=2) + "\n")
    return path
