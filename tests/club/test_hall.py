"""The hall's own rules, without a broker: a finished match the archive cannot take now (its server
gone, its disk full) is told once and stored when it can, once; the club's page serves what the boards
showed, on the names it was bound for, GET only, and makes nothing for a board nobody published."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from harness.club_boards import CODE, match_body
from harness.mosquitto import USERS
from tablier.club.hall import ClubHall
from tablier.club.messages import club_key, make, topic
from tablier.record.archive import Archive, ArchiveError
from tablier.remote.broker import Broker, Club, Login


def test_a_match_the_archive_cannot_take_now_is_told_once_and_stored_once_it_can(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    club = Club(Broker("127.0.0.1", 1, user="ann"), Login("ann", USERS["ann"]), "hall")
    key = club_key(CODE, club.name)
    said: list[str] = []
    with Archive(tmp_path / "club.sqlite3") as archive:
        hall = ClubHall(club, key, archive, told=lambda line: said.append(line) if " on the page" not in line
                        else None)
        add_all = archive.add_all

        def server_gone(records: object) -> object:
            raise ArchiveError(f"{archive.where}: cannot reach the archive's database (connection refused)")

        monkeypatch.setattr(archive, "add_all", server_gone)
        over = match_body(Path(__file__).parent / "backgammon.jsonl", True)
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


def test_the_club_page_serves_what_the_boards_showed_and_nothing_else(tmp_path: Path) -> None:
    import http.client
    import json

    from tablier.web.club_page import ClubServer

    club = Club(Broker("127.0.0.1", 1, user="ann"), Login("ann", USERS["ann"]), "page")
    key = club_key(CODE, club.name)
    scene = json.loads((Path(__file__).parent / "scene.json").read_text())
    hall = ClubHall(club, key, None, told=lambda _: None)
    shown = make(key, club.name, "t1", "state", 1, {"scene": scene})
    assert hall.take(topic(club.name, "t1", "state"), shown) == "t1"
    server = ClubServer(hall)
    server.start()
    server.publish(hall.grid())
    server.show_board("t1")
    time.sleep(0.2)

    def get(path: str, host: str = "127.0.0.1", method: str = "GET") -> tuple[int, str, str]:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        connection.request(method, path, headers={"Host": f"{host}:{server.port}"})
        answer = connection.getresponse()
        body = answer.read().decode()
        connection.close()
        return answer.status, answer.getheader("Content-Type") or "", body

    try:
        status, kind, body = get("/")
        assert status == 200 and kind.startswith("text/html") and "Tablier club" in body
        status, _, body = get("/state")
        assert status == 200 and [tile["board"] for tile in json.loads(body)["boards"]] == ["t1"]
        status, kind, body = get("/board/t1/board.svg")
        assert status == 200 and kind == "image/svg+xml" and body.startswith("<svg")
        status, _, body = get("/board/t1/state")
        assert status == 200 and json.loads(body)["scene"]["title"] == scene["title"]
        assert get("/board/t1/match.mat")[:3:2] == (404, "404: board t1 has no match yet\n")
        for path in ("/board/nobody/events", "/board/nobody/state", "/board/nobody/board.svg", "/board/../x"):
            assert get(path)[0] == 404, path
        assert len(server.channels) == 1  # no channel for a name nobody published
        assert get("/", host="evil.example.org")[0] == 403
        assert get("/", method="POST")[0] == 405
        assert get("/board/t1")[0] == 302
    finally:
        server.stop()


def test_a_board_s_next_match_is_built_and_stored_apart_from_the_one_before(tmp_path: Path) -> None:
    """Two matches in a row on one board, of as many records each: each stored, whole, once, and the
    page's transcript is the one of the match now played."""
    club = Club(Broker("127.0.0.1", 1, user="ann"), Login("ann", USERS["ann"]), "again")
    key = club_key(CODE, club.name)
    log = Path(__file__).parent / "backgammon.jsonl"
    with Archive(tmp_path / "club.sqlite3") as archive:
        hall = ClubHall(club, key, archive, told=lambda _: None)
        stored = []
        for players in (["Ann", "Bob"], ["Cid", "Dot"]):
            body = match_body(log, True)
            for record in body["records"]:  # type: ignore[attr-defined]
                for field in ("players", "sides"):
                    if field in record:
                        record[field] = players
            body["id"] = "".join(players).encode().hex()[:16].ljust(16, "0")
            payload = make(key, club.name, "t1", "match", time.time_ns() // 1000, body)
            assert hall.take(topic(club.name, "t1", "match"), payload) == "t1"
            stored.append(hall.boards["t1"].stored)
            assert f"; [Player 1 \"{players[0]}\"]" in hall.transcript("t1")
        assert archive.ids() == stored == [1, 2]
        assert [archive.get(n).games[0].players for n in stored] == [("Ann", "Bob"), ("Cid", "Dot")]


def test_a_clock_s_tick_changes_a_board_s_tile_but_never_fetches_its_picture_again() -> None:
    import json

    club = Club(Broker("127.0.0.1", 1, user="ann"), Login("ann", USERS["ann"]), "ticks")
    key = club_key(CODE, club.name)
    scene = json.loads((Path(__file__).parent / "scene.json").read_text())
    hall = ClubHall(club, key, None, told=lambda _: None)

    def shown(stamp: int, **changes: object) -> dict[str, object]:
        hall.take(topic(club.name, "t1", "state"), make(key, club.name, "t1", "state", stamp,
                                                        {"scene": {**scene, **changes}}))
        tile: dict[str, object] = hall.grid()["boards"][0]
        return tile

    first = shown(1, clocks=["2:00", "2:00"], clock_runs=1)
    ticked = shown(2, clocks=["1:59", "2:00"], clock_runs=1)
    short = shown(3, clocks=["0:59", "2:00"], clock_runs=1, clock_short=True)
    moved = shown(4, clocks=["0:59", "2:00"], clock_runs=2, dice=[6, 5])
    assert first["clocks"] == ["2:00", "2:00"] and first["clock_runs"] == 1 and first["clock_short"] is False
    assert ticked["clocks"] == ["1:59", "2:00"] and short["clock_short"] is True
    assert first["version"] == ticked["version"] == short["version"] != moved["version"]
    assert moved["clock_runs"] == 2 and moved["dice"] == [6, 5]
