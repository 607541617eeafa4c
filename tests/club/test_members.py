"""Hostile or careless members of a club: whatever a board that holds the club's code publishes, and
whatever another user of the broker publishes, ``tablier club serve`` goes on, stores nothing empty,
shows nothing invalid, and says each refusal in one bounded line."""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import time
from pathlib import Path

import pytest

from harness.club_boards import CODE, match_body
from harness.clubhouse import ClubServe, tiles
from harness.mosquitto import USERS, MosquittoBroker
from harness.postgres import PostgresServer
from tablier.club.messages import club_key, make, topic
from tablier.record.archive import Archive

HERE = Path(__file__).parent


class Member:
    """A club member (he holds the club's code) publishing on the broker as he likes."""

    def __init__(self, broker: MosquittoBroker, club: str, user: str = "bob") -> None:
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.club = club
        self.key = club_key(CODE, club)
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"member-{secrets.token_hex(4)}")
        self.client.username_pw_set(user, USERS[user])
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()

    def publish(self, board: str, kind: str, body: dict[str, object], retain: bool = True,
                wait: bool = True) -> None:
        payload = make(self.key, self.club, board, kind, time.time_ns() // 1000, body)
        self.raw(topic(self.club, board, kind), payload, retain, wait)

    def raw(self, where: str, payload: bytes, retain: bool = False, wait: bool = True) -> None:
        sent = self.client.publish(where, payload, qos=1, retain=retain)
        if wait:
            sent.wait_for_publish(10)

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def test_a_signed_match_without_a_game_is_refused_and_club_serve_goes_on_across_restarts(
        broker: MosquittoBroker, archive_at: str) -> None:
    """Issue 31, item 3: one retained match of no game and no games made ``club serve`` store an
    empty record and exit, again at every restart."""
    club = f"empty-{secrets.token_hex(3)}"
    member = Member(broker, club)
    empty = match_body(HERE / "backgammon.jsonl", True, last=1)  # its header alone, of no game
    empty["records"][0].update(game="", family="")
    scene = json.loads((HERE / "scene.json").read_text())
    try:
        member.publish("t9", "match", empty)
        member.publish("honest", "state", {"scene": scene})
        for _ in range(2):  # and again when it is restarted, given the retained message again
            serve = ClubServe.start(broker, club, archive_at)
            try:
                serve.wait(lambda g: "honest" in tiles(g), timeout=30)
                time.sleep(0.5)
                assert serve.process.poll() is None, serve.process.communicate()[0]
                assert list(tiles(serve.grid())) == ["honest"]
            finally:
                said = serve.stop()
            assert serve.process.returncode == 0, said
            refused = [line for line in said if line.startswith("a message refused")]
            assert len(refused) == 1 and "match of board t9" in refused[0], (said, serve.lines)
            assert not any("stored as record" in line for line in said), said
    finally:
        member.close()
    with Archive(archive_at) as archive:
        assert archive.ids() == []


def test_a_name_the_club_would_refuse_is_refused_at_the_table_and_forty_characters_show(
        tmp_path: Path) -> None:
    """Issue 31, item 5: a player's name over 40 characters failed the club's check on every scene,
    so the board never appeared, while ``play --players`` took any length."""
    import subprocess
    import sys

    from tablier.club.hall import ClubHall
    from tablier.remote.broker import Broker, Club, Login

    tablier = str(Path(sys.executable).with_name("tablier"))
    long_name = "Annabel " * 5 + "X"  # 41 characters
    for args in (["backgammon", "--sim", "--players", f"{long_name},Bob"],
                 ["backgammon", "--sim", "--players", "Ann\x1b[2J,Bob"],
                 ["backgammon", "--sim", "--remote", "mqtt://127.0.0.1:1", "--broker-anonymous",
                  "--name", long_name]):
        done = subprocess.run([tablier, "play", *args, "--log-dir", str(tmp_path)], capture_output=True,
                              text=True, timeout=60, stdin=subprocess.DEVNULL)
        assert done.returncode == 2, done
        [line] = done.stderr.splitlines()
        assert "a player's name" in line and ("at most 40 characters" in line or "printable" in line), line
    club = Club(Broker("127.0.0.1", 1, user="ann"), Login("ann", USERS["ann"]), "names")
    key = club_key(CODE, club.name)
    hall = ClubHall(club, key, None, told=lambda _: None)
    scene = json.loads((HERE / "scene.json").read_text())
    forty = long_name[:40]
    shown = make(key, club.name, "t1", "state", 1, {"scene": {**scene, "players": [forty, forty + "?"[:0]]}})
    assert hall.take(topic(club.name, "t1", "state"), shown) == "t1"
    assert hall.grid()["boards"][0]["players"] == [forty, forty]


def test_the_database_is_told_what_runs_not_its_command_line_and_a_password_there_is_refused(
        broker: MosquittoBroker, postgres: PostgresServer) -> None:
    """Issue 31, item 6: PostgreSQL's ``application_name`` carried the command line (cut at 63
    characters), readable by every role of the database, a password given in the address included."""
    import subprocess
    import sys

    from harness.clubhouse import club_env

    where = postgres.database()
    serve = ClubServe.start(broker, "sessions", where)
    try:
        with postgres.connect("postgres") as db:
            names = [str(row[0]) for row in db.execute(
                "SELECT application_name FROM pg_stat_activity WHERE application_name LIKE 'tablier%'")]
    finally:
        serve.stop()
    assert names and all(re.fullmatch(r"tablier\[\d+\] tablier club serve", name) for name in names), names
    given = where.replace("tablier@", "tablier:guessme@")
    refused = subprocess.run([sys.executable, "-m", "tablier", "club", "serve", "--broker",
                              f"mqtt://ann@127.0.0.1:{broker.port}", "--archive", given], env=club_env(),
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2
    [line] = refused.stderr.splitlines()
    assert "never put the database's password on the command line" in line and "guessme" not in line


def resident_mb(pid: int) -> float:
    """A process's resident memory, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.mark.parametrize("invented", [500, pytest.param(3000, marks=pytest.mark.full)])
def test_floods_of_refused_messages_and_invented_boards_keep_lines_and_memory_bounded(
        broker: MosquittoBroker, tmp_path: Path, invented: int) -> None:
    """Issue 31, item 7: every refused message was a line of its own (8,893 for 10,001), a refusal line
    carried the record's own source from the wire (newlines, 5,175 characters), and ``club serve``
    kept about 55 KB for every board name a member invented, for ever."""
    from tablier.club.hall import MAX_BOARDS

    club = f"flood-{invented}"
    serve = ClubServe.start(broker, club, str(tmp_path / "club.sqlite3"))
    member = Member(broker, club)
    eve = Member(broker, club, user="eve")
    scene = json.loads((HERE / "scene.json").read_text())
    illegal = _illegal("24/1")
    try:
        member.publish("honest", "state", {"scene": scene})
        serve.wait(lambda g: "honest" in tiles(g))
        time.sleep(1.0)
        before = resident_mb(serve.process.pid)
        forged = make(b"not the club's key" * 2, club, "fake", "state", 1, {"scene": scene})
        for n in range(5000):
            where = topic(club, f"fake{n % 50}", "state")
            eve.client.publish(where, b"\x00garbage" if n % 2 else forged, qos=1)
        member.publish("cheat", "match", illegal, retain=False)
        for n in range(invented):
            member.publish(f"invented-{n}", "state", {"scene": scene}, retain=False, wait=False)
        member.publish("last", "state", {"scene": scene}, retain=False)
        grid = serve.wait(lambda g: "last" in tiles(g), timeout=120)
        time.sleep(1.0)
        after = resident_mb(serve.process.pid)
        assert len(grid["boards"]) <= MAX_BOARDS and "last" in tiles(grid)
    finally:
        member.close()
        eve.close()
        said = serve.stop()
    print(f"resident memory {before:.1f} MB before the floods, {after:.1f} MB after; {len(said)} lines")
    assert after - before < 20, f"club serve grew by {after - before:.1f} MB"
    assert all(len(line) <= 240 and "\n" not in line for line in said)
    refusals = [line for line in said if "refused" in line]
    assert 3 <= len(refusals) <= 16, refusals
    assert any("more messages refused" in line for line in refusals), refusals
    assert len(said) <= MAX_BOARDS + 20, len(said)


def _illegal(notation: str, player: str = "greedy player") -> dict[str, object]:
    """A match whose first play is ``notation`` (of ``player``'s match: each its own id)."""
    body = match_body(HERE / "backgammon.jsonl", True)
    records: list[dict[str, object]] = body["records"]  # type: ignore[assignment]
    records[0]["players"] = [player, "random player"]
    body["id"] = hashlib.sha256(player.encode()).hexdigest()[:16]
    next(record for record in records if record["type"] == "commit")["notation"] = notation
    return body


def test_a_refusal_is_one_short_line_naming_the_club_not_what_the_wire_says(tmp_path: Path) -> None:
    """Issue 31, item 7: a refusal line carried the record's own ``source`` from the wire, so a newline
    split it and one line reached 5,175 characters."""
    from tablier.club.hall import ClubHall
    from tablier.remote.broker import Broker, Club, Login

    club = Club(Broker("127.0.0.1", 1, user="ann"), Login("ann", USERS["ann"]), "lines")
    key = club_key(CODE, club.name)
    said: list[str] = []
    hall = ClubHall(club, key, None, told=said.append)
    for n, text in enumerate(("forged\nsecond line", "x" * 5000, "\x1b[2J\u2028")):
        body = _illegal(text[:600], f"player {n}")
        payload = make(key, club.name, "t1", "match", time.time_ns() // 1000, body)
        assert hall.take(topic(club.name, "t1", "match"), payload) == ""
    long_topic = topic(club.name, "t1", "match") + "/" + "\n" * 3000
    hall.take(long_topic, b"junk")
    assert len(said) == 4 and hall.refused == 4
    for line in said:
        assert "\n" not in line and "\x1b" not in line and len(line) <= 240, line
    assert "club lines, board t1" in said[1], said  # the illegal move
