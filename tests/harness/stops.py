"""The stop-and-resume harness: a board-to-board game stopped at a point of a turn, resumed, finished.

Each run plays one short game between two ``tablier play --sim --remote --hands`` processes through
a real Mosquitto: Ann opens it (seat 1), Bob joins (seat 2). One of them runs under
:mod:`.stop_host`, which stops it the ``nth`` time it reaches a step of a turn (a press, a commit,
its share of a throw, its reveal of the other's, its goodbye), before or after it (or between its
log and its publication), the way a player or a machine stops a host: ``quit`` typed, Ctrl-C,
SIGTERM, SIGKILL, or the link to the broker cut. Whenever a host has stopped, it is resumed as its
player would (``tablier play --resume LOG``, the code in ``$TABLIER_GAME_CODE``), also after a kill
that came after its match's end (it may hold messages the other lacks). The run ends when both
hosts have ended their match, and must leave both logs with the same game
(:func:`tablier.play.remote_play.shared_records`), finished. A run where nothing moves in either
log for :data:`STALL_S` is a deadlock; a host that ends with a traceback or a status no stop
explains is a crash. :class:`Figures` adds up the runs
(by kind, step, position, seat and game) for ``bench/results/remote_stops.json``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from tablier.play.remote_play import shared_records
from tablier.record.eventlog import LogFormatError, ResultRecord, read_log

from .mosquitto import USERS, MosquittoBroker
from .results import write_bench
from .stop_host import KINDS, LANDED, POINTS

TABLIER = str(Path(sys.executable).with_name("tablier"))
STOP_HOST = str(Path(__file__).resolve().with_name("stop_host.py"))
RESULTS = Path(__file__).resolve().parents[2] / "bench" / "results" / "remote_stops.json"

#: Short games: both sides bearing off ten men at tables, four men each at draughts.
GAMES = {"backgammon": ("backgammon", "--position",
                        "W 6x2 5x2 4x2 3x2 2x2 offx5 / B 6x2 5x2 4x2 3x2 2x2 offx5 / B"),
         "english": ("english", "--position", "B:W22,25,29,30:B5,9,10,11")}
#: The steps each family's turn has (draughts throws no dice).
STEPS = {"backgammon": ("press", "commit", "share", "reveal", "goodbye"),
         "english": ("press", "commit", "goodbye")}
#: Seconds without a record added to either log, nor a host ended or begun: a deadlock.
STALL_S = 60.0
#: Seconds a whole run may take.
RUN_S = 300.0
#: Exit statuses a stop explains: a clean end (quit, Ctrl-C and SIGTERM stop cleanly), an interrupt
#: told, SIGTERM and SIGKILL.
STOPPED = (0, 130, 143, -15, -9)


@dataclass(frozen=True)
class Stop:
    """Where and how one run stops a host."""

    game: str
    seat: int
    kind: str
    step: str
    position: str
    nth: int

    def __str__(self) -> str:
        return f"{self.game} seat {self.seat}: {self.kind} {self.position} {self.step} {self.nth}"


def every_stop(games: tuple[str, ...] = tuple(GAMES)) -> list[Stop]:
    """Every kind of stop at every position of every step, on both seats, in each game; the
    occurrence of the step varies (the first, second or third of the host's) so stops land early
    and late in the game; a goodbye is the host's first (its match's end)."""
    stops = []
    for game in games:
        for seat in (1, 2):
            for k, kind in enumerate(KINDS):
                for step in STEPS[game]:
                    for p, position in enumerate(POINTS[step]):
                        nth = 1 if step == "goodbye" else 1 + (seat + k + p) % 3
                        stops.append(Stop(game, seat, kind, step, position, nth))
    return stops


@dataclass
class Run:
    """What one run did."""

    stop: Stop
    landed: bool = False
    resumes: int = 0
    outcome: str = ""  # finished, deadlock, divergent, crash
    detail: str = ""
    seconds: float = 0.0

    def check(self) -> None:
        """Fail unless the stop landed and the game then ended on both hosts, both logs alike."""
        assert self.landed, f"{self.stop}: the stop never came"
        assert self.outcome == "finished", f"{self.stop}: {self.outcome}: {self.detail}"


class Host:
    """One player's ``tablier play`` processes in a run (the first, maybe stopped, and its resumptions)."""

    def __init__(self, broker: MosquittoBroker, user: str, club: str, folder: Path,
                 stop: Stop | None) -> None:
        self.broker, self.user, self.club, self.folder, self.stop = broker, user, club, folder, stop
        self.process: subprocess.Popen[str] | None = None
        self.output: list[str] = []
        self.runs = 0

    def start(self, *args: str, code: str = "") -> None:
        env = dict(os.environ, TABLIER_BROKER_PASSWORD=USERS[self.user])
        env.pop("TABLIER_GAME_CODE", None)
        if code:
            env["TABLIER_GAME_CODE"] = code  # the code never on the command line (ps shows it)
        program = [TABLIER]
        if self.stop is not None and self.runs == 0:
            stop = self.stop
            program = [sys.executable, STOP_HOST, stop.kind, stop.step, stop.position, str(stop.nth), "--"]
        self.process = subprocess.Popen(
            [*program, "play", *args, "--sim", "--hands", "greedy" if self.user == "ann" else "random",
             "--seed", str(self.runs + (1 if self.user == "ann" else 7)), "--log-dir", str(self.folder),
             "--no-archive"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, env=env)
        self.runs += 1
        threading.Thread(target=self._read, args=(self.process,), daemon=True).start()

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.output.append(line)

    def broker_url(self) -> str:
        return f"mqtt://{self.user}@127.0.0.1:{self.broker.port}"

    @property
    def log(self) -> Path | None:
        found = sorted(self.folder.glob("*.jsonl"))
        return found[0] if found else None

    def size(self) -> int:
        log = self.log
        return log.stat().st_size if log is not None else 0

    def over(self) -> bool:
        """Whether its log holds the match's end."""
        log = self.log
        try:
            results = read_log(log).of(ResultRecord) if log is not None else []
        except (LogFormatError, OSError, ValueError):
            return False
        return bool(results) and results[-1].match_over

    def ended(self) -> int | None:
        """The exit status of its process once it has ended (None while it runs)."""
        assert self.process is not None
        return self.process.poll()

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


def code_of(host: Host, timeout: float = 60.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for line in list(host.output):
            if found := re.search(r"game code: (\S+)", line):
                return found.group(1)
        if host.ended() is not None:
            break
        time.sleep(0.05)
    raise AssertionError("no game code: " + "".join(host.output[-30:]))


def play_stopped(broker: MosquittoBroker, folder: Path, stop: Stop) -> Run:
    """One run: the game of ``stop.game`` with the host of ``stop.seat`` stopped as ``stop`` says,
    resumed, both played to the end; what happened."""
    began = time.monotonic()
    run = Run(stop)
    club = f"stops-{folder.name}"[-60:]
    ann = Host(broker, "ann", club, folder / "ann", stop if stop.seat == 1 else None)
    bob = Host(broker, "bob", club, folder / "bob", stop if stop.seat == 2 else None)
    try:
        ann.start(*GAMES[stop.game], "--remote", ann.broker_url(), "--club", club, "--name", "Ann")
        code = code_of(ann)
        bob.start("--remote", bob.broker_url(), "--club", club, "--join", "--name", "Bob", code=code)
        run.outcome, run.detail = _follow(ann, bob, code, began)
    except AssertionError as error:
        run.outcome, run.detail = "crash", str(error)[-2000:]
    finally:
        for host in (ann, bob):
            host.kill()
            (folder / f"{host.user}.txt").write_text("".join(host.output))  # what each host said
    stopped = ann if stop.seat == 1 else bob
    run.landed = any(line.startswith(LANDED) for line in stopped.output)
    run.resumes = stopped.runs - 1 + (ann if stop.seat == 2 else bob).runs - 1
    if run.outcome == "finished":
        shared = [shared_records(host.log) for host in (ann, bob) if host.log is not None]
        if len(shared) != 2 or shared[0] != shared[1]:
            run.outcome, run.detail = "divergent", "the two logs hold different games"
    run.seconds = round(time.monotonic() - began, 1)
    return run


def _follow(ann: Host, bob: Host, code: str, began: float) -> tuple[str, str]:
    """Resume each host that stops until both have ended their match: the run's outcome and why."""
    seen: tuple[object, ...] = ()
    moved = time.monotonic()
    while True:
        done = 0
        for host in (ann, bob):
            status = host.ended()
            text = "".join(host.output)
            if "Traceback" in text:
                return "crash", f"{host.user}: " + text[-2000:]
            if status is None:
                continue
            if status == 0 and host.over():
                done += 1
                continue
            if status not in STOPPED or host.runs > 1:  # a resumed host ends its match, and 0
                return "crash", f"{host.user}'s host (run {host.runs}) ended with {status}: " + text[-1500:]
            if host.log is None:
                return "crash", f"{host.user}'s host stopped before its log began: " + text[-1500:]
            host.start("--resume", str(host.log), code=code)
        if done == 2:
            return "finished", ""
        now = time.monotonic()
        state = (ann.size(), bob.size(), ann.runs, bob.runs, ann.ended(), bob.ended())
        if state != seen:  # something was logged, or a host ended or began
            seen, moved = state, now
        if now - moved > STALL_S:
            return "deadlock", (f"nothing logged for {STALL_S:g} s; ann: {''.join(ann.output[-12:])}\n"
                                f"bob: {''.join(bob.output[-12:])}")
        if now - began > RUN_S:
            return "deadlock", f"not finished in {RUN_S:g} s"
        time.sleep(0.1)


@dataclass
class Figures:
    """The runs of a campaign, added up."""

    runs: int = 0
    landed: int = 0
    resumes: int = 0
    finished: int = 0
    deadlocks: int = 0
    divergent: int = 0
    crashes: int = 0
    by_kind: Counter[str] = field(default_factory=Counter)
    by_step: Counter[str] = field(default_factory=Counter)
    by_game: Counter[str] = field(default_factory=Counter)
    by_seat: Counter[str] = field(default_factory=Counter)
    findings: list[dict[str, object]] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, run: Run) -> None:
        stop = run.stop
        self.runs += 1
        self.landed += run.landed
        self.resumes += run.resumes
        self.finished += run.outcome == "finished"
        self.deadlocks += run.outcome == "deadlock"
        self.divergent += run.outcome == "divergent"
        self.crashes += run.outcome == "crash"
        self.by_kind[stop.kind] += 1
        self.by_step[f"{stop.position} {stop.step}"] += 1
        self.by_game[stop.game] += 1
        self.by_seat[f"seat {stop.seat}"] += 1
        self.seconds += run.seconds
        if run.outcome != "finished" or not run.landed:
            self.findings.append({"stop": str(stop), "outcome": run.outcome,
                                  "landed": run.landed, "detail": run.detail[-600:]})

    def figures(self) -> dict[str, object]:
        return {"runs": self.runs, "stops_landed": self.landed, "resumptions": self.resumes,
                "games_finished_alike": self.finished, "deadlocks": self.deadlocks,
                "divergent_logs": self.divergent, "crashes": self.crashes,
                "stops_by_kind": dict(self.by_kind), "stops_by_step": dict(self.by_step),
                "runs_by_game": dict(self.by_game), "runs_by_seat": dict(self.by_seat),
                "seconds": round(self.seconds, 1), "findings": self.findings}

    def summary(self) -> str:
        return (f"{self.runs} runs ({self.landed} stops landed, {self.resumes} resumptions): "
                f"{self.finished} finished alike, {self.deadlocks} deadlocks, {self.divergent} divergent, "
                f"{self.crashes} crashes")


def campaign(broker: MosquittoBroker, folder: Path, stops: list[Stop], workers: int = 1,
             told: object = None) -> Figures:
    """Run every stop of ``stops`` (``workers`` at a time), each in a folder of its own."""
    figures = Figures()
    lock = threading.Lock()
    pending = list(enumerate(stops))

    def work() -> None:
        while True:
            with lock:
                if not pending:
                    return
                number, stop = pending.pop(0)
            run = play_stopped(broker, folder / f"run{number}", stop)
            with lock:
                figures.add(run)
                if callable(told):
                    told(f"{stop}: {run.outcome}{'' if run.landed else ' (the stop never came)'}, "
                         f"{run.seconds} s")

    threads = [threading.Thread(target=work, daemon=True) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return figures


def write(figures: Figures, path: Path = RESULTS) -> Path:
    """Write the campaign's figures as a bench result."""
    return write_bench("remote_stops", figures.figures(), path)
