"""The host killed (SIGKILL) at random points of games on the simulated board, each game resumed
from its log to its end: no committed move lost or doubled, no throw shown ever thrown again, every
log readable and rebuilt (``tablier rebuild``), every torn last line cut by the resumption.

The host is ``tablier demo`` (the built-in players' hands on the simulated board, the firmware under
MicroPython), resumed with ``tablier demo --resume LOG``. The logs are the truth: every committed
move and every throw in the log a killed host left must still be in the log at the game's end, in
the same place (a move missing or changed is lost, a throw changed is a re-roll). What a killed
host had *shown* is read from its transcript (one message a line), the only record of it: every
throw and play it showed must be in the log it left. So that a change of wording cannot silence
that check, the transcript of each run that ends normally (a resumed host shows the whole game
again) must show exactly the throws and plays of the log; a sweep that compared nothing fails. A
kill rarely lands inside a write, so a quarter of the kills also leave a torn last line (part of a
line, no newline: what a kill inside a write leaves) for the resumption to cut. The full run
(``make test-full``) kills at least 100 times and writes its figures to
``bench/results/host_kills.json``.
"""

from __future__ import annotations

import json
import os
import platform
import random
import re
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pytest

from tablier.play.replay import rebuild
from tablier.play.resume import standing_throw
from tablier.record.eventlog import Commit, DiceRecord, EventLog, LogFormatError, ResultRecord, read_log

RESULTS = Path(__file__).resolve().parents[2] / "bench" / "results" / "host_kills.json"
#: Throws and plays as the transcript shows them.
THROW = re.compile(r"(?:opening|deciding|lead) throw (\d) and (\d)|throw for first move (\d) and (\d)"
                   r"|\) throws (\d)-(\d)$")
PLAYED = re.compile(r"\) played (.+?)(?: and is crowned)?$")


@dataclass
class Figures:
    """What the kills did, over all games."""

    kills: int = 0  # of a host whose log was begun (a kill before its header only restarts the game)
    games: int = 0
    games_finished: int = 0
    resumptions: int = 0
    restarts_before_the_header: int = 0
    moves_checked: int = 0  # committed moves of the killed hosts' logs, looked for in the final log
    throws_checked: int = 0  # throws of the killed hosts' logs, looked for in the final log
    shown_checked: int = 0  # throws and plays a killed host showed, looked for in its log
    transcripts_matched: int = 0  # transcripts of normal ends that show exactly what the log holds
    lost_moves: int = 0
    doubled_moves: int = 0
    re_rolls: int = 0
    standing_throws_kept: int = 0
    torn_tails_made: int = 0
    torn_tails_found: int = 0
    torn_tails_repaired: int = 0
    logs_rebuilt: int = 0

    def add(self, other: Figures) -> None:
        for name, value in asdict(other).items():
            setattr(self, name, getattr(self, name) + value)


def shown(transcript: str) -> tuple[list[tuple[int, ...]], list[str]]:
    """The throws and the plays a host showed, in order."""
    throws, plays = [], []
    for line in transcript.splitlines():
        if found := THROW.search(line):
            throws.append(tuple(int(v) for v in found.groups() if v is not None))
        elif found := PLAYED.search(line):
            plays.append(found.group(1))
    return throws, plays


def missing(earlier: list[Any], later: list[Any]) -> int:
    """How many of the things of ``earlier`` are not, in order, at the start of ``later``."""
    common = 0
    while common < min(len(earlier), len(later)) and earlier[common] == later[common]:
        common += 1
    return len(earlier) - common


def logged(log: EventLog) -> tuple[list[tuple[int, ...]], list[tuple[int, int, str]]]:
    """The throws and the committed moves (game, ply, notation) of a log, in order."""
    return ([tuple(throw.dice) for throw in log.of(DiceRecord)],
            [(commit.game_number, commit.ply, commit.notation) for commit in log.of(Commit)])


def check_transcript(transcript: Path, log: EventLog) -> None:
    """A host that ended normally showed every throw and play of its log (a resumed one the whole
    game again): the transcript, read as :func:`shown` reads a killed host's, must give exactly
    those, or the reading of what killed hosts showed has gone blind (its wording changed)."""
    throws, plays = shown(transcript.read_text(errors="replace"))
    thrown, moves = logged(log)
    assert (throws, plays) == (thrown, [notation for _, _, notation in moves]), (
        f"{transcript}: the transcript shows {len(throws)} throws and {len(plays)} plays, the log holds "
        f"{len(thrown)} and {len(moves)}: the wording the harness reads ({THROW.pattern!r}, "
        f"{PLAYED.pattern!r}) no longer matches what the host prints")


def tear(path: Path, rng: random.Random) -> int:
    """Leave part of a line at the end of the log, as a kill inside a write would; where it begins."""
    lines = path.read_bytes().splitlines()
    line = rng.choice(lines[1:] or lines)
    at = path.stat().st_size
    with open(path, "ab") as file:
        file.write(line[:rng.randrange(1, len(line))])
    return at


def mended(path: Path, at: int) -> bool | None:
    """Whether the torn line that began at byte ``at`` is gone: True when a whole record (or
    nothing) stands there now, False when the next record was glued to it, None while it is still
    the torn last line (the host was killed again before it appended anything)."""
    data = path.read_bytes()
    end = data.find(b"\n", at)
    if end < 0:
        return len(data) == at or None
    try:
        return isinstance(json.loads(data[at:end]), dict)
    except ValueError:
        return False


def play_with_kills(game: str, seed: int, kills: int, folder: Path, rng: random.Random) -> Figures:
    """One demo game of ``game`` killed ``kills`` times at random points and resumed each time,
    then played to its end; its figures (an ``AssertionError`` when the game did not end)."""
    figures = Figures(games=1)
    logs = folder / f"{game}-{seed}"
    start = [sys.executable, "-m", "tablier", "demo", "--game", game, "--seed", str(seed), "--fast",
             "--log-dir", str(logs)]
    argv = start
    standing: list[tuple[int, tuple[int, ...]]] = []  # (commits before it, the throw) at each kill
    left: list[EventLog] = []  # the log as each killed host left it
    torn_at: int | None = None  # where a torn last line begins, until a resumption has cut it
    for run in range(kills + 40):
        transcript = folder / f"{game}-{seed}-{run}.txt"
        with open(transcript, "wb") as out:
            host = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
            killing = figures.kills < kills
            if killing and argv is start and rng.random() < 0.9:  # most kills land once the log is begun
                began = time.monotonic()
                while not any(path.stat().st_size for path in logs.glob("*.jsonl")) and \
                        host.poll() is None and time.monotonic() - began < 60:
                    time.sleep(0.02)
            if killing and figures.kills == 0:  # the first kill lands after a play: something to compare
                began = time.monotonic()
                while not any(b'"type":"commit"' in path.read_bytes() for path in logs.glob("*.jsonl")) and \
                        host.poll() is None and time.monotonic() - began < 60:
                    time.sleep(0.02)
            try:
                host.wait(timeout=rng.uniform(0.0, 3.5) if killing else 180)
            except subprocess.TimeoutExpired:
                if not killing:
                    raise
                os.killpg(host.pid, signal.SIGKILL)
                host.wait()
        found = sorted(logs.glob("*.jsonl"))
        if not found or not found[0].stat().st_size:  # killed before the log's header: begin again
            for path in found:
                path.unlink()
            figures.restarts_before_the_header += 1
            argv = start
            continue
        figures.kills += host.returncode == -signal.SIGKILL
        path = found[0]
        if torn_at is not None and (cut := mended(path, torn_at)) is not None:
            assert cut, f"{path}: the resumed host appended to the torn line at byte {torn_at}"
            figures.torn_tails_repaired += 1
            torn_at = None
        if host.returncode == 0:
            check_transcript(transcript, read_log(path))
            figures.transcripts_matched += 1
            break
        assert host.returncode == -signal.SIGKILL, transcript.read_text()[-2000:]
        log = read_log(path)
        left.append(log)
        throws, plays = shown(transcript.read_text(errors="replace"))  # what it showed is in its log
        thrown, moves = logged(log)
        figures.re_rolls += missing(throws, thrown)
        figures.lost_moves += missing(plays, [notation for _, _, notation in moves])
        figures.shown_checked += len(throws) + len(plays)
        if any(result.match_over for result in log.of(ResultRecord)):
            break  # killed after the game's end was written: nothing to resume
        throw = standing_throw(rebuild(log))
        if throw:
            standing.append((len(log.of(Commit)), tuple(int(v) for v in throw.split("-"))))
        if torn_at is None and log.torn_tail:
            figures.torn_tails_found += 1
            torn_at = path.read_bytes().rfind(b"\n") + 1
        elif torn_at is None and rng.random() < 0.25:
            torn_at = tear(path, rng)
            figures.torn_tails_made += 1
        argv = [sys.executable, "-m", "tablier", "demo", "--resume", str(path), "--fast"]
        figures.resumptions += 1
    else:
        pytest.fail(f"{game} seed {seed}: the game did not end after {kills} kills")
    log = read_log(path)  # a torn tail glued to the next record would be refused here
    endings = log.of(ResultRecord)
    figures.games_finished += bool(endings and endings[-1].match_over)
    final_throws, final_moves = logged(log)
    for before in left:  # what each killed host had logged stands, in its place, at the end
        thrown, moves = logged(before)
        figures.re_rolls += missing(thrown, final_throws)
        figures.lost_moves += missing(moves, final_moves)
        figures.throws_checked += len(thrown)
        figures.moves_checked += len(moves)
    commits = log.of(Commit)
    seen: set[tuple[int, int]] = set()
    for commit in commits:
        figures.doubled_moves += (commit.game_number, commit.ply) in seen
        seen.add((commit.game_number, commit.ply))
    for before, throw in standing:  # the throw shown before the kill is the one played after it
        played = tuple(commits[before].dice) if before < len(commits) else ()
        if sorted(played) == sorted(throw):
            figures.standing_throws_kept += 1
        else:
            figures.re_rolls += 1
    check = subprocess.run([sys.executable, "-m", "tablier", "rebuild", str(path)], capture_output=True,
                           text=True, timeout=120)
    figures.logs_rebuilt += check.returncode == 0
    assert check.returncode == 0, check.stdout[-1000:] + check.stderr
    return figures


def sweep(games: list[str], kills: int, per_game: int, folder: Path, seed: int) -> Figures:
    """Games of ``games`` in turn (seeds from ``seed``), each killed up to ``per_game`` times,
    until the host has been killed ``kills`` times in all (a game may end before its last kill)."""
    rng = random.Random(seed)
    total = Figures()
    number = 0
    while total.kills < kills:
        game = games[number % len(games)]
        total.add(play_with_kills(game, seed + number, min(per_game, kills - total.kills), folder, rng))
        number += 1
    return total


def assert_nothing_lost(figures: Figures) -> None:
    assert figures.games_finished == figures.games == figures.logs_rebuilt
    assert (figures.lost_moves, figures.doubled_moves, figures.re_rolls) == (0, 0, 0), figures
    assert figures.torn_tails_repaired == figures.torn_tails_made + figures.torn_tails_found
    # and something was compared: a sweep that checked nothing proves nothing
    assert figures.moves_checked and figures.throws_checked and figures.shown_checked, figures
    assert figures.transcripts_matched, figures


def test_a_host_killed_at_random_points_resumes_with_nothing_lost(tmp_path: Path) -> None:
    figures = sweep(["ticktack", "versailles"], 3, 3, tmp_path, seed=7)
    assert figures.kills == 3
    assert_nothing_lost(figures)


@pytest.mark.full
@pytest.mark.timeout(3600)
def test_a_hundred_kills_of_the_host_lose_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = ["backgammon", "versailles", "jacquet", "spanish", "ticktack", "english", "losing", "polish",
             "devil"]
    began = time.monotonic()
    figures = sweep(games, 100, 5, tmp_path, seed=100)
    report = {"benchmark": "host_kills", "date": time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime()),
              "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                          "processor": platform.machine()},
              "figures": {**asdict(figures), "seconds": round(time.monotonic() - began, 1)}}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n")
    with capsys.disabled():
        print(f"\nhost kills ({RESULTS}):", json.dumps(report["figures"]))
    assert figures.kills >= 100
    assert_nothing_lost(figures)


def test_a_log_with_a_glued_torn_line_is_refused_with_its_line(tmp_path: Path) -> None:
    # what the resumption used to leave: the next record appended to a torn line
    path = tmp_path / "g.jsonl"
    path.write_text('{"type":"header","game":"backgammon","family":"tables"}\n{"type":"swi'
                    '{"type":"message","text":"resumed after 0 moves"}\n')
    with pytest.raises(LogFormatError, match=r"g\.jsonl:2"):
        read_log(path)


def test_the_harness_fails_when_the_host_words_its_throws_otherwise_or_nothing_was_compared(
        tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text('{"type":"header","game":"backgammon","family":"tables"}\n'
                    '{"type":"dice","player":0,"dice":[3,1],"purpose":"opening"}\n'
                    '{"type":"commit","ply":1,"player":0,"notation":"8/5 6/5","position":"x","dice":[3,1]}\n')
    said = tmp_path / "said.txt"
    said.write_text("ann (black) throws 3-1\nann (black) played 8/5 6/5\n")
    check_transcript(said, read_log(path))  # the wording the harness reads: it sees the throw and the play
    said.write_text("ann (black) rolls 3 and 1\nann (black) moved 8/5 6/5\n")  # another wording
    with pytest.raises(AssertionError, match="no longer matches what the host prints"):
        check_transcript(said, read_log(path))
    with pytest.raises(AssertionError):  # a sweep that compared nothing
        assert_nothing_lost(Figures())
