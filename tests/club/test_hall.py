"""The hall's own rules, without a broker: a finished match the archive cannot take now (its server
gone, its disk full) is told once and stored when it can, once."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from harness.club_boards import CODE
from harness.mosquitto import USERS
from tablier.club.hall import ClubHall
from tablier.club.messages import club_key, make, topic
from tablier.play.remote_play import Club
from tablier.record.archive import Archive, ArchiveError
from tablier.record.from_log import read_event_log
from tablier.record.json_format import to_json
from tablier.remote.broker import Broker, Login


def test_a_match_the_archive_cannot_take_now_is_told_once_and_stored_once_it_can(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    club = Club(Broker("127.0.0.1", 1, user="ann"), Login("ann", USERS["ann"]), "hall")
    key = club_key(CODE, club.name)
    said: list[str] = []
    record = to_json(read_event_log(Path(__file__).parent / "backgammon.jsonl"))
    record.pop("log")
    with Archive(tmp_path / "club.sqlite3") as archive:
        hall = ClubHall(club, key, archive, told=said.append)
        add_all = archive.add_all

        def server_gone(records: object) -> object:
            raise ArchiveError(f"{archive.where}: cannot reach the archive's database (connection refused)")

        monkeypatch.setattr(archive, "add_all", server_gone)
        over = {"record": record, "over": True}
        payload = make(key, club.name, "t1", "match", time.time_ns() // 1000, over)
        assert hall.take(topic(club.name, "t1", "match"), payload) == "t1"
        hall.unstored["t1"] = 0.0
        hall.step()  # still gone: told once only
        assert said == [f"board t1: its match is not stored yet ({archive.where}: cannot reach the archive's "
                        "database (connection refused)); trying again"]
        monkeypatch.setattr(archive, "add_all", add_all)
        hall.unstored["t1"] = 0.0
        assert hall.step() == {"t1"}
        assert hall.boards["t1"].stored == 1 and "stored as record 1" in said[-1]
        again = make(key, club.name, "t1", "match", time.time_ns() // 1000, over)  # the same match, later
        assert hall.take(topic(club.name, "t1", "match"), again) == "t1"
        assert archive.ids() == [1] and len(said) == 2
