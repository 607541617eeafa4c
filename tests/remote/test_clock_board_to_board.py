"""The match clock board to board: a player's clock starts only once his own board shows his
adversary's move, so the time he spends making that move on his board is never his."""

from __future__ import annotations

from pathlib import Path

from tablier.record.eventlog import ClockRecord, Commit, read_log

from .twoboards import RACE, check_whole, play_two

RUNS = ("start", "resume")


def test_each_clock_starts_once_the_board_shows_the_adversary_move(mosquitto, tmp_path: Path) -> None:
    ann, bob = play_two(mosquitto, "backgammon", tmp_path, position=RACE, match=1, clock="usbgf",
                        delay=0.02)
    check_whole(ann, bob)
    for host in (ann, bob):
        mine = host.seat - 1
        last_mover: int | None = None
        started = 0
        for record in read_log(host.log_path).records:
            if isinstance(record, Commit):
                last_mover = record.player
            elif isinstance(record, ClockRecord) and record.player == mine and record.event in RUNS:
                # the last play the board showed is the adversary's (or none yet): never his own, so
                # his clock was stopped while he made his adversary's move on his board
                assert last_mover in (None, 1 - mine), (host.name, record)
                started += record.event == "start"
        assert started >= 2, host.name
        assert host.session.match_clock is not None
