"""Whole games through the relay, each compared with the same game played without faults.

:func:`play_game` plays one game as ``tablier demo`` does (the firmware under MicroPython, the
built-in players' hands on the simulated switches, the host reading every move from them, the event
log written), with the dice and the players seeded, through a :class:`~harness.relay.Relay` when
given a plan. Its :class:`GameRecord` is what the event log committed: every move (player, notation,
dice, position after it) and every result. :func:`compare` tells the moves a faulted run lost or
invented against the clean run of the same seed.
"""

from __future__ import annotations

import contextlib
import difflib
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from tablier.games import find_game
from tablier.play.autoplay import AutoHands
from tablier.play.dice import Dice
from tablier.play.hands import Hands
from tablier.play.link import CONNECTED, Cable
from tablier.play.runner import play
from tablier.play.session import PlayOptions, Session
from tablier.record.eventlog import Commit, ResultRecord, read_log

from .faults import Fault, FaultPlan
from .relay import Relay, relayed

#: The games of ``tablier games`` that fit the board (Polish on 10x10 does not).
BOARD_GAMES = ("backgammon", "jacquet", "versailles", "spanish", "ticktack",
               "english", "losing", "polish", "devil")
#: A game that has not finished after this long has stalled.
GAME_TIMEOUT_S = 240.0

Move = tuple[int, int, int, str, tuple[int, ...], str]  # game number, ply, player, notation, dice, position
Result = tuple[int, int | None, str, int, tuple[int, ...]]  # game number, winner, how, points, score


@dataclass(frozen=True)
class GameRecord:
    """What the event log committed."""

    moves: tuple[Move, ...]
    results: tuple[Result, ...]


@dataclass
class GameRun:
    """One game played: its record, whether it finished, what the link and the relay went through."""

    game: str
    seed: int
    record: GameRecord
    finished: bool
    reconnections: int = 0
    frames: dict[str, int] = field(default_factory=dict)
    faults: list[Fault] = field(default_factory=list)
    error: str = ""


@dataclass(frozen=True)
class Comparison:
    """A faulted run against the clean one: moves lost (clean moves missing) and phantom (extra)."""

    identical: bool
    lost: int
    phantom: int
    first_difference: str


class PatientHands:
    """The built-in players' hands, who wait while the board is disconnected (a player at the table
    sees the lights say so and waits for the board to come back)."""

    def __init__(self, hands: AutoHands) -> None:
        self.hands = hands

    @property
    def expected_closed(self) -> set[int]:
        return self.hands.expected_closed

    def step(self, session: Session) -> bool:
        if session.link.state != CONNECTED:
            return True
        return self.hands.step(session)


def play_game(game: str, seed: int, plan: FaultPlan | None = None, log_dir: Path | None = None) -> GameRun:
    """Play one whole game of ``game`` (seeded dice and players), through a relay with ``plan``."""
    info = find_game(game)
    names = ("greedy player", "random player") if info.family == "tables" else ("player 1", "player 2")
    options = PlayOptions(players=names, grace_s=5.0, quality=("off", "off"))  # as `tablier demo` plays

    def make_actor(hands: Hands, cable: Cable) -> PatientHands:
        return PatientHands(AutoHands(hands, ("greedy", "random"), seed=seed, delay=0.0))

    with contextlib.ExitStack() as stack:
        if log_dir is None:
            log_dir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="tablier-reliability-")))
        relays: list[Relay] = stack.enter_context(relayed(plan)) if plan is not None else []
        error = ""
        try:
            result = play(info.name, options, Dice(seed), sim=True, log_dir=log_dir, make_actor=make_actor,
                          timeout=GAME_TIMEOUT_S)
            finished, reconnections = result.session.finished, result.session.link.reconnections
        except TimeoutError as timeout:
            finished, reconnections, error = False, 0, str(timeout)
        (log_path,) = log_dir.glob("*.jsonl")
        run = GameRun(info.name, seed, read_record(log_path), finished, reconnections, error=error)
        for relay in relays:
            run.faults += relay.faults
            for direction, count in relay.frames.items():
                run.frames[direction] = run.frames.get(direction, 0) + count
    return run


def read_record(path: Path) -> GameRecord:
    """The committed moves and results of an event log."""
    log = read_log(path)
    moves = tuple((c.game_number, c.ply, c.player, c.notation, tuple(c.dice), c.position)
                  for c in log.of(Commit))
    results = tuple((r.game_number, r.winner, r.how, r.points, tuple(r.score)) for r in log.of(ResultRecord))
    return GameRecord(moves, results)


def compare(clean: GameRecord, faulted: GameRecord) -> Comparison:
    """How ``faulted`` differs from ``clean``."""
    lost = phantom = 0
    first = ""
    matcher = difflib.SequenceMatcher(a=clean.moves, b=faulted.moves, autojunk=False)
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag == "equal":
            continue
        lost += a1 - a0
        phantom += b1 - b0
        if not first:
            first = (f"move {a0 + 1}: clean {_moves(clean.moves[a0:a1])}, "
                     f"with faults {_moves(faulted.moves[b0:b1])}")
    if not first and clean.results != faulted.results:
        first = f"results: clean {clean.results}, with faults {faulted.results}"
    return Comparison(clean == faulted, lost, phantom, first)


def _moves(moves: tuple[Move, ...]) -> str:
    return "[" + ", ".join(f"{m[3]} (dice {'-'.join(map(str, m[4])) or 'none'})" for m in moves[:3]) + (
        ", ..." if len(moves) > 3 else "") + "]"

