"""Two hosts, each with its simulated board, playing one game board to board through a broker.

:func:`play_two` opens the game on Ann's host (seat 1) and joins it from Bob's (seat 2), each host
in a thread of its own with the built-in hands of its seat (:class:`~tablier.play.remote_hands.SeatHands`):
each board's firmware runs under MicroPython, its men are moved through its simulated switches, and
every move crosses the broker. ``during`` runs while they play (a broker restart, a cut link).
:func:`shared` reads what both logs must hold alike (:func:`tablier.play.remote_play.shared_records`).
"""

from __future__ import annotations

import itertools
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablier.play.remote_hands import Sayer, SeatHands
from tablier.play.remote_play import join_game, open_game, play_remote, shared_records
from tablier.play.runner import PlayResult
from tablier.play.session import PlayOptions
from tablier.record.eventlog import Claim, Commit, DiceRecord, RemoteRecord, read_log
from tablier.remote.broker import Club
from tablier.remote.fairdice import ThrowProof

GAME_TIMEOUT_S = 240.0
#: Looks at a host's session after each turn of its loop (in its thread).
Watch = Callable[[Any], None]
#: Both sides bearing off: a Backgammon game of some ten turns.
RACE = "W 6x3 5x3 4x3 3x2 2x2 1x2 / B 6x3 5x3 4x3 3x2 2x2 1x2 / B"


@dataclass
class Host:
    """One host's run: its seat, its log's folder, what it left."""

    name: str
    seat: int
    log_dir: Path
    result: PlayResult | None = None
    error: BaseException | None = None
    link: Any = None
    started: float = field(default_factory=time.monotonic)

    @property
    def session(self) -> Any:
        assert self.result is not None, f"{self.name}'s host failed: {self.error!r}"
        return self.result.session

    @property
    def log_path(self) -> Path:
        (path,) = sorted(self.log_dir.glob("*.jsonl"))
        return path

    def shared(self) -> list[dict[str, Any]]:
        return shared_records(self.log_path)

    def steps(self) -> int:
        """How many steps of the game's record this host has (0 before its game is under way)."""
        seat = getattr(self.link, "seat", None)
        return len(seat.steps) if seat is not None else 0


def steps_of(host: Host) -> list[tuple[int, int, str, str]]:
    """The host's record of steps (a throw without its dice: the host that started it had none yet)."""
    return [(step.at, step.by, step.word, "" if step.word == "throw" else step.arg)
            for step in host.link.seat.steps]


def check_whole(ann: Host, bob: Host) -> None:
    """Both games over, both logs alike, nothing lost or doubled: the same record of steps on both
    hosts, each game's plies in a row, every throw shown once with its proof, every proof sound."""
    assert ann.session.over and bob.session.over
    assert ann.shared() == bob.shared()
    assert steps_of(ann) == steps_of(bob)
    for host in (ann, bob):
        log = read_log(host.log_path)
        plies: dict[int, list[int]] = {}
        for commit in log.of(Commit):
            plies.setdefault(commit.game_number, []).append(commit.ply)
        taken_back = sum(1 for claim in log.of(Claim) if claim.claim == "takeback")
        assert sum(len(p) for p in plies.values()) - taken_back == len(host.session.committed)
        for numbers in plies.values():
            assert all(b in (a + 1, a) for a, b in itertools.pairwise(numbers)), numbers
        proofs = [r for r in log.of(RemoteRecord) if r.event == "throw"]
        assert len(proofs) == len(log.of(DiceRecord)) or host.link.table.dice != "electronic"
        game = host.link.peer.keys.game_id
        assert all(ThrowProof.from_json(record.data).problem(game) == "" for record in proofs)


def play_two(broker: Any, game: str, tmp: Path, *, seed: int = 1, options: dict[str, str] | None = None,
             match: int = 0, games: int = 1, dice: str = "electronic", position: str = "",
             say: tuple[Sayer | None, Sayer | None] = (None, None),
             players: tuple[str, str] = ("greedy", "greedy"),
             during: Callable[[Host, Host], None] | None = None, timeout: float = GAME_TIMEOUT_S,
             delay: float = 0.0, ports: tuple[int | None, int | None] = (None, None), teaching: bool = False,
             watch: tuple[Watch | None, Watch | None] = (None, None), clock: str = "") -> tuple[Host, Host]:
    """Ann opens ``game`` and Bob joins it through ``broker`` (a club of the test's own); both play it
    to its end on their simulated boards (``teaching``: both boards teach; ``watch``: called with
    each host's session after every turn of its loop, in its thread; ``clock``: each host's ``--clock``)."""
    club = f"club-{tmp.name}"[:60]
    ann_club: Club = broker.club("ann", club, ports[0])
    bob_club: Club = broker.club("bob", club, ports[1])
    ann = Host("Ann", 1, tmp / "ann")
    bob = Host("Bob", 2, tmp / "bob")
    codes: queue.Queue[str] = queue.Queue()

    def hands(host: Host, n: int) -> Callable[[Any, Any], Any]:
        return lambda board_hands, cable: SeatHands(board_hands, host.seat, players[n], seed=seed + n,
                                                    delay=delay, say=say[n])

    def run(host: Host, n: int) -> None:
        try:
            base = PlayOptions(players=("Ann", "Bob"), grace_s=0.5, teaching=teaching, options=options or {},
                               match_length=match, games=games, position=position, clock=clock)
            if host.seat == 1:
                link, _ = open_game(ann_club, base, game, dice, told=codes.put, timeout=60)
            else:
                link = join_game(bob_club, codes.get(timeout=60), "Bob", told=lambda _: None, timeout=60)
            host.link = link
            host.result = play_remote(link, base, sim=True, log_dir=host.log_dir, make_actor=hands(host, n),
                                      timeout=timeout, watch=watch[n])
        except BaseException as error:  # told by the test
            host.error = error

    threads = [threading.Thread(target=run, args=(host, n), daemon=True) for n, host in enumerate((ann, bob))]
    for thread in threads:
        thread.start()
    if during is not None:
        during(ann, bob)
    for thread in threads:
        thread.join(timeout + 60)
    failed = [host for host in (ann, bob) if host.error is not None]
    if failed:
        raise AssertionError("; ".join(f"{host.name}'s host failed: {host.error!r}" for host in failed)) \
            from failed[-1].error
    return ann, bob


def wait_for(condition: Callable[[], bool], *hosts: Host, timeout: float = 60.0) -> None:
    """Wait until ``condition`` holds (a game under way far enough for a fault to land in it)."""
    deadline = time.monotonic() + timeout
    while not condition():
        failed = [host for host in hosts if host.error is not None or host.result is not None]
        if failed or time.monotonic() > deadline:
            raise AssertionError(f"the game did not get that far ({failed[0].name}'s host: "
                                 f"{failed[0].error!r})" if failed else "the game did not get that far")
        time.sleep(0.02)
