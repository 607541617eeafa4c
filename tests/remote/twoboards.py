"""Two hosts, each with its simulated board, playing one game board to board through a broker.

:func:`play_two` opens the game on Ann's host (seat 1) and joins it from Bob's (seat 2), each host
in a thread of its own with the built-in hands of its seat (:class:`~tablier.play.remote_hands.SeatHands`):
each board's firmware runs under MicroPython, its men are moved through its simulated switches, and
every move crosses the broker. ``during`` runs while they play (a broker restart, a cut link).
:func:`shared` reads what both logs must hold alike (:func:`tablier.play.remote_play.shared_records`).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablier.play.remote_hands import Sayer, SeatHands
from tablier.play.remote_play import Club, join_game, open_game, play_remote, shared_records
from tablier.play.runner import PlayResult
from tablier.play.session import PlayOptions

GAME_TIMEOUT_S = 240.0


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


def play_two(broker: Any, game: str, tmp: Path, *, seed: int = 1, options: dict[str, str] | None = None,
             match: int = 0, games: int = 1, dice: str = "electronic", position: str = "",
             say: tuple[Sayer | None, Sayer | None] = (None, None),
             players: tuple[str, str] = ("greedy", "greedy"),
             during: Callable[[Host, Host], None] | None = None, timeout: float = GAME_TIMEOUT_S,
             delay: float = 0.0) -> tuple[Host, Host]:
    """Ann opens ``game`` and Bob joins it through ``broker`` (a club of the test's own); both play it
    to its end on their simulated boards."""
    club = f"club-{tmp.name}"[:60]
    ann_club: Club = broker.club("ann", club)
    bob_club: Club = broker.club("bob", club)
    ann = Host("Ann", 1, tmp / "ann")
    bob = Host("Bob", 2, tmp / "bob")
    codes: queue.Queue[str] = queue.Queue()

    def hands(host: Host, n: int) -> Callable[[Any, Any], Any]:
        return lambda board_hands, cable: SeatHands(board_hands, host.seat, players[n], seed=seed + n,
                                                    delay=delay, say=say[n])

    def run(host: Host, n: int) -> None:
        try:
            base = PlayOptions(players=("Ann", "Bob"), grace_s=0.5, teaching=False, options=options or {},
                               match_length=match, games=games, position=position)
            if host.seat == 1:
                link, _ = open_game(ann_club, base, game, dice, told=codes.put, timeout=60)
            else:
                link = join_game(bob_club, codes.get(timeout=60), "Bob", told=lambda _: None, timeout=60)
            host.link = link
            host.result = play_remote(link, base, sim=True, log_dir=host.log_dir, make_actor=hands(host, n),
                                      timeout=timeout)
        except BaseException as error:  # told by the test
            host.error = error

    threads = [threading.Thread(target=run, args=(host, n), daemon=True) for n, host in enumerate((ann, bob))]
    for thread in threads:
        thread.start()
    if during is not None:
        during(ann, bob)
    for thread in threads:
        thread.join(timeout + 60)
    for host in (ann, bob):
        if host.error is not None:
            raise AssertionError(f"{host.name}'s host failed: {host.error!r}") from host.error
    return ann, bob


def wait_for(condition: Callable[[], bool], timeout: float = 60.0) -> None:
    """Wait until ``condition`` holds (a game under way far enough for a fault to land in it)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the game did not get that far")
        time.sleep(0.02)
