"""The club as its members use it: boards that play publish to the club's broker, ``tablier club serve``
shows them and stores each finished match once in the club's archive (an SQLite file or PostgreSQL),
a board whose link drops is away then back with nothing lost, and whatever is forged or malformed is
refused in one line and neither shown nor stored."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from harness.club_boards import CODE, match_body
from harness.clubhouse import ClubServe, club_env, finish, start_board, tiles
from harness.mosquitto import USERS, MosquittoBroker
from harness.postgres import PostgresServer
from tablier.club.messages import club_key, make, topic
from tablier.record.archive import Archive
from tablier.record.from_log import read_event_log
from tablier.record.settling import settle


def logged_games(log_dir: Path) -> list[object]:
    """The games of the log in ``log_dir`` as an archive stores them (replayed and settled: a set-up
    position in its usual words)."""
    (log,) = log_dir.glob("*.jsonl")
    return list(settle(read_event_log(log)).record.games)


def test_forged_and_malformed_messages_are_refused_in_one_line_and_neither_shown_nor_stored(
        broker: MosquittoBroker, tmp_path: Path) -> None:
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    club = "forgers"
    archive = str(tmp_path / "club.sqlite3")
    serve = ClubServe.start(broker, club, archive)
    key = club_key(CODE, club)
    scene = json.loads((Path(__file__).parent / "scene.json").read_text())
    eve = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="eve-forging")
    eve.username_pw_set("eve", USERS["eve"])
    eve.connect("127.0.0.1", broker.port)
    eve.loop_start()
    illegal = match_body(Path(__file__).parent / "backgammon.jsonl", True)
    commit = next(record for record in illegal["records"] if record["type"] == "commit")
    commit["notation"] = "24/1"
    now = time.time_ns() // 1000
    sent = {
        "forged": (topic(club, "fake", "state"), make(b"not the club's key" * 2, club, "fake", "state", now,
                                                      {"scene": scene})),
        "garbage": (topic(club, "junk", "state"), b"\x00\xffnot json"),
        "moved": (topic(club, "other", "state"), make(key, club, "mine", "state", now, {"scene": scene})),
        "bad light": (topic(club, "lamp", "state"), make(key, club, "lamp", "state", now, {"scene": {
            **scene, "places": [{**scene["places"][0], "light": "<script>"}]}})),
        "illegal": (topic(club, "cheat", "match"), make(key, club, "cheat", "match", now,
                                                        illegal)),
        "good": (topic(club, "honest", "state"), make(key, club, "honest", "state", now, {"scene": scene})),
        "replayed": (topic(club, "honest", "state"), make(key, club, "honest", "state", now - 1, {
            "scene": {**scene, "title": "an older scene"}})),
    }
    try:
        for where, payload in sent.values():
            eve.publish(where, payload, qos=1).wait_for_publish(5)
        grid = serve.wait(lambda g: "honest" in tiles(g))
        time.sleep(0.5)
        grid = serve.grid()
    finally:
        eve.loop_stop()
        said = serve.stop()
    assert list(tiles(grid)) == ["honest"] and tiles(grid)["honest"]["title"] == scene["title"]
    refusals = [line for line in said if line.startswith("a message refused")]
    assert len(refusals) == 5, said
    assert any("not signed with this club's key" in line for line in refusals)
    assert any("not a JSON message" in line for line in refusals)
    assert any("published on another topic" in line for line in refusals)
    assert any("an unknown change or light" in line for line in refusals)
    assert any("cheat" in line and "game 1, move 1 (24/1)" in line for line in refusals), refusals
    with Archive(archive) as stored:
        assert stored.ids() == []


def test_a_board_whose_link_drops_is_away_then_back_and_its_match_is_stored_whole_once(
        broker: MosquittoBroker, tmp_path: Path) -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "remote"))
    from tcpcut import TcpCut

    club = "droppers"
    archive = str(tmp_path / "club.sqlite3")
    serve = ClubServe.start(broker, club, archive)
    cut = TcpCut(broker.port)
    seen_away = False
    try:
        board = start_board(cut.port, club, "far", "backgammon", 5, tmp_path / "far", delay=0.01)
        serve.wait(lambda g: tiles(g).get("far", {}).get("moves", 0) >= 10)
        cut.cut(down_s=2.0)
        deadline = time.monotonic() + 2
        while not seen_away and time.monotonic() < deadline:  # while the network is down
            seen_away = tiles(serve.grid())["far"]["online"] is False
            time.sleep(0.05)
        finish([board])
        grid = serve.wait(lambda g: bool(tiles(g)["far"].get("stored")))
    finally:
        said = serve.stop()
        cut.close()
    lists = {board["list"]: board for board in grid["ratings"]}  # recomputed once the match was stored
    assert list(lists) == ["tables", "backgammon"]
    assert {line["player"] for line in lists["backgammon"]["top"]} == {"far greedy", "far random"}
    assert lists["backgammon"]["top"][0]["rating"] > 1500 > lists["backgammon"]["top"][1]["rating"]
    assert seen_away
    away = next(n for n, line in enumerate(said) if line.startswith("board far is away"))
    assert away < said.index("board far is back") < next(n for n, line in enumerate(said) if "stored" in line)
    with Archive(archive) as stored:
        assert stored.ids() == [tiles(grid)["far"]["stored"]]
        assert stored.get(stored.ids()[0]).games == logged_games(tmp_path / "far")
    assert club_env()["TABLIER_CLUB_CODE"] == CODE


def test_the_club_commands_refuse_what_cannot_work_in_one_line(
        broker: MosquittoBroker, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from tablier.cli import main
    from tablier.remote.gamecode import normalize

    assert main(["club", "code"]) == 0
    drawn = capsys.readouterr()
    assert normalize(drawn.out.strip()) and "TABLIER_CLUB_CODE=" in drawn.err
    where = f"mqtt://ann@127.0.0.1:{broker.port}"
    monkeypatch.setenv("TABLIER_BROKER_PASSWORD", USERS["ann"])
    monkeypatch.delenv("TABLIER_CLUB_CODE", raising=False)
    cases = [
        (["club", "serve", "--broker", where], 2, "tablier club: give the club code: in $TABLIER_CLUB_CODE"),
        (["play", "backgammon", "--sim", "--club-broker", where, "--board", "Table 1"], 2,
         "tablier play: give the club code"),
    ]
    for argv, status, said in cases:
        assert main(argv) == status
        [line] = capsys.readouterr().err.splitlines()
        assert line.startswith(said), line
    monkeypatch.setenv("TABLIER_CLUB_CODE", CODE)
    cases = [
        (["play", "backgammon", "--sim", "--club-broker", where, "--board", "Table 1"], 2,
         "tablier play: --board 'Table 1': a board's name is up to 32 lower-case letters"),
        (["club", "transcript", "nobody", "--broker", where, "--wait", "0.3"], 2,
         "tablier club: board nobody has published no match in club tablier"),
        (["club", "serve", "--broker", f"mqtt://ann@127.0.0.1:{broker.port}", "--club", "a/b"], 2,
         "tablier club: --club 'a/b': a club's name is letters, digits"),
        (["club", "serve", "--broker", "mqtt://ann:pw@127.0.0.1"], 2,
         "tablier club: never put the broker's password on the command line"),
    ]
    for argv, status, said in cases:
        assert main(argv) == status
        [line] = capsys.readouterr().err.splitlines()
        assert line.startswith(said), line


def test_a_board_to_board_game_shows_both_boards_lands_once_in_postgresql_and_a_restart_doubles_nothing(
        broker: MosquittoBroker, postgres: PostgresServer, tmp_path: Path) -> None:
    import re
    import subprocess
    import sys
    import threading

    archive_at = postgres.database()  # a club's server (the other tests store into SQLite files)
    serve = ClubServe.start(broker, "twoboards", archive_at)
    where = f"127.0.0.1:{broker.port}"
    tablier = str(Path(sys.executable).with_name("tablier"))

    def board(user: str, *args: str, code: str = "") -> subprocess.Popen[str]:
        return subprocess.Popen(
            [tablier, "play", "--sim", "--remote", f"mqtt://{user}@{where}", "--club", "twoboards", "--hands",
             "greedy", "--club-broker", f"mqtt://{user}@{where}", "--board", f"{user}-table", "--log-dir",
             str(tmp_path / user), *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, text=True,
            env={**club_env(user), "PYTHONUNBUFFERED": "1", **({"TABLIER_GAME_CODE": code} if code else {})})

    try:
        ann = board("ann", "english")
        assert ann.stdout is not None
        code = next(found[1] for line in ann.stdout if (found := re.search(r"game code: (\S+)", line)))
        rest = threading.Thread(target=ann.communicate, daemon=True)  # its pipe never fills up
        rest.start()
        bob = board("bob", "--join", code=code)
        bob.communicate(timeout=300)
        rest.join(60)
        assert bob.returncode == 0 and ann.returncode == 0
        grid = serve.wait(lambda g: len(g["boards"]) == 2 and all(t.get("stored") and t["online"] is False
                                                                  for t in g["boards"]))
    finally:
        said = serve.stop()
    shown = tiles(grid)
    assert all(tile["over"] and tile["title"].startswith("English") for tile in shown.values())
    assert shown["ann-table"]["stored"] == shown["bob-table"]["stored"]  # one game, both boards: one record
    assert sum("stored as record" in line for line in said) == 1
    with Archive(archive_at) as archive:
        [stored] = archive.ids()
        record = archive.get(stored)
        assert record.source in ("club twoboards, board ann-table", "club twoboards, board bob-table")
        assert record.games == logged_games(tmp_path / "bob") == logged_games(tmp_path / "ann")
    again = ClubServe.start(broker, "twoboards", archive_at)  # given every board's retained messages again
    try:
        again.wait(lambda g: len(g["boards"]) == 2 and all(t.get("stored") for t in g["boards"]))
    finally:
        said = again.stop()
    assert not any("stored as record" in line for line in said), said
    with Archive(archive_at) as archive:
        assert archive.ids() == [stored]


def test_a_host_killed_and_resumed_shows_on_the_page_again_and_its_match_is_stored_once(
        broker: MosquittoBroker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A board's host killed in the middle of a board-to-board game and resumed with
    ``--club-broker``: the board is away, then back on the page, and the whole match is stored once,
    as both logs hold it."""
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "remote"))
    from test_host_killed import Host
    from twoboards import RACE

    class ClubHost(Host):
        """A board-to-board host that also shows on its club's page."""

        def start(self, *args: str, code: str = "") -> None:
            super().start(*args, "--club-broker", f"mqtt://{self.user}@127.0.0.1:{self.broker.port}",
                          "--board", f"{self.user}-table", code=code)

    club = "resumers"
    archive = str(tmp_path / "club.sqlite3")
    serve = ClubServe.start(broker, club, archive)
    monkeypatch.setenv("TABLIER_CLUB_CODE", CODE)  # the hosts' club code (each has his own password)
    ann = ClubHost(broker, "ann", club, tmp_path / "ann")
    bob = ClubHost(broker, "bob", club, tmp_path / "bob")
    try:
        code = ann.open("backgammon", "--position", RACE)
        bob.join(code)
        serve.wait(lambda g: tiles(g).get("ann-table", {}).get("moves", 0) >= 4)
        ann.kill()
        serve.wait(lambda g: tiles(g)["ann-table"]["online"] is False)  # the broker told its last will
        ann.resume(code)
        bob.wait(300)
        ann.wait(300)
        grid = serve.wait(lambda g: all(t.get("stored") for t in tiles(g).values()) and len(g["boards"]) == 2)
    finally:
        said = serve.stop()
    away = next(n for n, line in enumerate(said) if line.startswith("board ann-table is away"))
    assert any(line.startswith("board ann-table is back") for line in said[away:]), said
    assert sum("stored as record" in line for line in said) == 1, said
    with Archive(archive) as stored:
        [record] = stored.ids()
        assert tiles(grid)["ann-table"]["stored"] == record
        games = stored.get(record).games
    assert games == logged_games(tmp_path / "bob"), "the club stored another game than the boards played"
    assert games == logged_games(tmp_path / "ann"), "the resumed board's log holds another game"


def test_a_board_with_a_match_clock_shows_both_clocks_on_the_club_page_and_its_stored_match_has_the_times(
        broker: MosquittoBroker, tmp_path: Path) -> None:
    from tablier.record.json_format import to_json
    from tablier.record.sgf import write_sgf

    club = "timed"
    archive = str(tmp_path / "club.sqlite3")
    serve = ClubServe.start(broker, club, archive)
    try:
        board = start_board(broker.port, club, "clocked", "backgammon", 7, tmp_path / "clocked", delay=0.01,
                            match=1, clock="uk")
        running = serve.wait(lambda g: bool(tiles(g).get("clocked", {}).get("clock_runs")))
        finish([board])
        grid = serve.wait(lambda g: bool(tiles(g)["clocked"].get("stored")))
    finally:
        serve.stop()
    tile = tiles(running)["clocked"]
    assert all(face[0].isdigit() and ":" in face for face in tile["clocks"]), tile  # both faces, as 2:00
    assert tile["clock_runs"] in (1, 2) and tile["clock_short"] is False
    with Archive(archive) as stored:
        record = stored.get(tiles(grid)["clocked"]["stored"])
    exported = to_json(record)
    assert exported["clock"]["name"] == "uk"  # the time control, and each play's times
    plays = [action for game in exported["games"] for action in game.get("actions", []) if "clock" in action]
    assert plays and all(len(play["clock"]["left"]) == 2 and play["clock"]["used"] >= 0 for play in plays)
    sgf = write_sgf(record)
    assert "BL[" in sgf or "WL[" in sgf
