"""A host killed (SIGKILL) in the middle of a board-to-board game, and resumed from its log.

Both hosts are ``tablier play --sim --remote ... --hands`` processes (each its simulated board, its
firmware under MicroPython, its built-in hands); one is killed while the game goes on and started
again with ``tablier play --resume --sim --hands`` (the code in ``$TABLIER_GAME_CODE``). The game
ends on both boards with both logs alike (:func:`tablier.play.remote_play.shared_records`), nothing
lost or doubled, and every throw proved fair. The full run kills again and again, either host,
through a whole game.
"""

from __future__ import annotations

import random
import re
import sys
import time
from pathlib import Path

import pytest

from tablier.play.remote_play import shared_records
from tablier.record.eventlog import Commit, RemoteRecord, ResultRecord, read_log
from tablier.remote.fairdice import ThrowProof

sys.path.append(str(Path(__file__).resolve().parent))

from twoboards import RACE

from harness import stops
from harness.mosquitto import USERS, MosquittoBroker


class Host(stops.Host):
    """One ``tablier play`` process of a board-to-board game (and its resumptions)."""

    def __init__(self, broker: MosquittoBroker, user: str, club: str, folder: Path) -> None:
        super().__init__(broker, user, club, folder, None)

    def open(self, game: str, *args: str) -> str:
        self.start(game, "--remote", self.broker_url(), "--club", self.club, "--name", self.user.capitalize(),
                   *args)
        return stops.code_of(self)

    def join(self, code: str) -> None:
        self.start("--remote", self.broker_url(), "--club", self.club, "--join", "--name",
                   self.user.capitalize(), code=code)

    def resume(self, code: str) -> None:
        self.start("--resume", code=code)

    def commits(self) -> int:
        logs = list(self.folder.glob("*.jsonl"))
        return logs[0].read_text(errors="replace").count('"type":"commit"') if logs else 0

    def wait(self, timeout: float) -> None:
        assert self.process is not None
        status = self.process.wait(timeout)
        time.sleep(0.2)
        assert status == 0, f"{self.user}'s host ended with {status}:\n" + "".join(self.output[-40:])

    @property
    def log(self) -> Path:
        (path,) = self.folder.glob("*.jsonl")
        return path


def play_with_kills(broker: MosquittoBroker, tmp_path: Path, kills: list[tuple[str, int]], game: str,
                    *args: str, timeout: float = 300) -> tuple[Host, Host]:
    """Play ``game``; for each ``(user, commits)`` of ``kills``, kill that host once his log holds so
    many commits, and resume him a moment later."""
    club = f"club-{tmp_path.name}"[:60]
    ann = Host(broker, "ann", club, tmp_path / "ann")
    bob = Host(broker, "bob", club, tmp_path / "bob")
    code = ann.open(game, *args)
    bob.join(code)
    hosts = {"ann": ann, "bob": bob}
    for user, commits in kills:
        host = hosts[user]
        deadline = time.monotonic() + timeout
        while host.commits() < commits:
            assert host.process is not None and host.process.poll() is None, "".join(host.output[-30:])
            assert time.monotonic() < deadline, "the game did not get that far"
            time.sleep(0.01)
        time.sleep(random.Random(commits).random() * 0.3)  # anywhere in the turn
        host.kill()
        time.sleep(0.5)
        host.resume(code)
    bob.wait(timeout)
    ann.wait(timeout)
    return ann, bob


def check_logs(ann: Host, bob: Host) -> None:
    """Both games over, both logs alike, each play in a row and every throw proved."""
    assert shared_records(ann.log) == shared_records(bob.log)
    for host in (ann, bob):
        log = read_log(host.log)
        assert log.of(ResultRecord) and log.of(ResultRecord)[-1].match_over
        plies = [commit.ply for commit in log.of(Commit)]
        assert plies == list(range(1, len(plies) + 1))
        game = log.header.remote["game"]
        proofs = [ThrowProof.from_json(r.data) for r in log.of(RemoteRecord) if r.event == "throw"]
        assert proofs and all(proof.problem(game) == "" for proof in proofs)


def test_a_host_killed_mid_game_resumes_from_its_log_with_nothing_lost(mosquitto, tmp_path: Path) -> None:
    ann, bob = play_with_kills(mosquitto, tmp_path, [("ann", 5)], "backgammon", "--position", RACE)
    check_logs(ann, bob)
    code = next(re.search(r"game code: (\S+)", line).group(1) for line in ann.output if "game code:" in line)
    for host in (ann, bob):  # neither the game's code nor a password is ever written down
        text = host.log.read_text()
        assert code not in text and code.replace("-", "") not in text
        assert USERS["ann"] not in text and USERS["bob"] not in text
    assert ann.runs == 2
    assert any("host is away" in line for line in bob.output) or ann.runs == 2


@pytest.mark.full
def test_hosts_killed_again_and_again_through_a_whole_game(mosquitto, tmp_path: Path) -> None:
    kills = [("ann", 6), ("bob", 14), ("ann", 22), ("bob", 30), ("ann", 38)]
    ann, bob = play_with_kills(mosquitto, tmp_path, kills, "backgammon", timeout=600)
    check_logs(ann, bob)
    assert ann.runs == 4 and bob.runs == 3
