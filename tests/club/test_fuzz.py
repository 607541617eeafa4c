"""Hostile members against the club (issue 31): the fuzzer of :mod:`harness.hostile` sends the hall
variants of real boards' messages, most of them signed with the club's key (a member's forgeries,
which only the checks behind the signature can refuse), the others not (another user's). Nothing
crashes, nothing is stored empty or twice, nothing invalid is shown (every tile's scene passes the
club's own checks, every page state is JSON, every transcript is written or refused), the page follows
a bounded number of boards, and every line said is one bounded line. A sample runs in ``make test``,
the whole in ``make test-full``; ``club serve`` itself is fuzzed through the broker too."""

from __future__ import annotations

import contextlib
import json
import random
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from harness.club_boards import CODE, match_body
from harness.clubhouse import ClubServe, tiles
from harness.hostile import Fuzzer, record_figures
from harness.mosquitto import USERS, MosquittoBroker
from tablier.club.hall import MAX_BOARDS, ClubHall
from tablier.club.messages import VERSION, club_key, scene_from_json, topic
from tablier.record.archive import Archive
from tablier.remote.signing import sign

HERE = Path(__file__).parent
BOARDS = ("t1", "t2", "t3", "table-4")


@pytest.fixture(scope="module")
def bases(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, dict[str, Any]]]:
    """Real messages' bodies: scenes of a Backgammon and an English draughts board, both boards'
    matches as they stand and once over, presences."""
    from tablier.games import find_game
    from tablier.play.autoplay import AutoHands
    from tablier.play.dice import Dice
    from tablier.play.runner import play
    from tablier.play.scene import scene_of
    from tablier.play.session import PlayOptions
    scenes: list[dict[str, Any]] = [json.loads((HERE / "scene.json").read_text())]
    folder = tmp_path_factory.mktemp("draughts")

    def look(session: Any) -> None:
        if len(scenes) < 12 and random.Random(len(scenes)).random() < 0.5:
            scenes.append(scene_of(session).to_json())

    play(find_game("english").name, PlayOptions(players=("Ann", "Bob"), grace_s=5.0), Dice(3), sim=True,
         log_dir=folder, watch=look, timeout=300,
         make_actor=lambda hands, cable: AutoHands(hands, ("greedy", "random"), seed=3))
    logs = (HERE / "backgammon.jsonl", *folder.glob("*.jsonl"))
    found: list[tuple[str, dict[str, Any]]] = [("state", {"scene": scene}) for scene in scenes]
    found += [("match", match_body(log, over, first, last)) for log in logs for over in (False, True)
              for first, last in ((0, None), (0, 5), (5, None))]
    found += [("presence", {"online": online}) for online in (True, False)]
    return found


def check_hall(hall: ClubHall, said: list[str]) -> None:
    """What the page and the terminal show: nothing invalid, nothing unbounded."""
    grid = hall.grid()
    json.dumps(grid)
    assert len(hall.boards) <= MAX_BOARDS
    for name, view in hall.boards.items():
        if view.scene is not None:
            scene_from_json(view.scene.to_json())  # what is shown passes the club's own checks
            json.dumps(view.page)
            assert view.svg.startswith("<svg")
        with contextlib.suppress(LookupError):
            hall.transcript(name)
    assert all("\n" not in line and len(line) <= 240 for line in said)


def check_archive(archive: Archive) -> int:
    """Nothing stored empty, nothing stored twice; how many records."""
    records = [archive.get(record_id) for record_id in archive.ids()]
    for record in records:
        assert record.games and record.game and all(len(game.players) == 2 for game in record.games)
        assert all(0 < len(name) <= 40 for game in record.games for name in game.players)
    contents = set()
    for record in records:  # a record's content: everything but where it came from and its analysis
        content = asdict(record)
        content.pop("source")
        contents.add(json.dumps(content, sort_keys=True, default=str))
    assert len(contents) == len(records), "a record stored twice"
    return len(records)


def fuzz_hall(hall: ClubHall, bases: list[tuple[str, dict[str, Any]]], count: int, seed: int,
              said: list[str]) -> dict[str, int]:
    """Send the hall ``count`` variants; what it made of them."""
    fuzzer = Fuzzer(seed)
    pick = fuzzer.random
    club = hall.club.name
    stamp = time.time_ns() // 1000
    sent = {"signed": 0, "unsigned": 0, "copies": 0}
    for n in range(count):
        kind, body = pick.choice(bases)
        board = pick.choice(BOARDS) if pick.random() < 0.9 else f"new-{n}"
        stamp += pick.choice((1, 1, 1, 1000, -5))
        data = {"v": VERSION, "club": club, "board": board, "kind": kind, "stamp": stamp, "body": body}
        where = topic(club, board, kind) if pick.random() < 0.95 else f"tablier/{club}/boards/{board}/x"
        signed = pick.random() < 0.8
        if pick.random() < 0.05:  # a real message as it was (a copy, or a match again)
            payload = json.dumps(sign(hall.key, where, data)).encode()
            sent["copies"] += 1
        else:
            signer = (lambda d, where=where: sign(hall.key, where, d)) if signed else None
            payload = fuzzer.payload(data, signer)
            sent["signed" if signed else "unsigned"] += 1
        hall.take(where, payload)
        if n % 25 == 0:
            hall.sweep()
            check_hall(hall, said)
    check_hall(hall, said)
    return sent


WHOLE = (pytest.mark.full, pytest.mark.timeout(1200))


@pytest.mark.parametrize("count", [2000, pytest.param(10000, marks=WHOLE)])
def test_hostile_members_crash_nothing_store_nothing_empty_or_twice_and_show_nothing_invalid(
        bases: list[tuple[str, dict[str, Any]]], tmp_path: Path, count: int) -> None:
    from tablier.remote.broker import Broker, Club, Login

    club = Club(Broker("127.0.0.1", 1, user="ann"), Login("ann", USERS["ann"]), "fuzz")
    said: list[str] = []
    started = time.monotonic()
    with Archive(tmp_path / "club.sqlite3") as archive:
        hall = ClubHall(club, club_key(CODE, club.name), archive, told=said.append)
        sent = fuzz_hall(hall, bases, count, seed=count, said=said)
        stored = check_archive(archive)
    took = time.monotonic() - started
    assert hall.refused > count // 3, (hall.refused, sent)
    assert len(said) <= 3 * MAX_BOARDS, len(said)
    record_figures("club_fuzz", {"messages": count, **sent, "refused": hall.refused, "stored": stored,
                               "lines": len(said), "boards_shown": len(hall.boards), "crashes": 0,
                               "seconds": round(took, 1)})


@pytest.mark.parametrize("count", [400, pytest.param(4000, marks=pytest.mark.full)])
def test_club_serve_takes_a_hostile_flood_through_the_broker_and_goes_on(
        broker: MosquittoBroker, bases: list[tuple[str, dict[str, Any]]], tmp_path: Path, count: int) -> None:
    """The same variants published on the broker to a running ``club serve``: it stays up, its page
    answers with valid state, its lines stay bounded, its archive holds nothing empty or twice."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    club = f"fuzzed-{count}"
    archive = str(tmp_path / "club.sqlite3")
    serve = ClubServe.start(broker, club, archive)
    key = club_key(CODE, club)
    member = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"fuzzer-{count}")
    member.username_pw_set("bob", USERS["bob"])
    member.connect("127.0.0.1", broker.port)
    member.loop_start()
    fuzzer = Fuzzer(count)
    pick = fuzzer.random
    stamp = time.time_ns() // 1000
    try:
        for n in range(count):
            kind, body = pick.choice(bases)
            board = pick.choice(BOARDS)
            stamp += 1
            data = {"v": VERSION, "club": club, "board": board, "kind": kind, "stamp": stamp, "body": body}
            where = topic(club, board, kind)
            signed = pick.random() < 0.8
            payload = fuzzer.payload(data, (lambda d, where=where: sign(key, where, d)) if signed else None)
            member.publish(where, payload, qos=1, retain=pick.random() < 0.1).wait_for_publish(10)
            if n % 100 == 99:
                assert serve.process.poll() is None, serve.lines
                grid = serve.grid()
                assert all(set(tile) >= {"board", "online", "version"} for tile in grid.get("boards", []))
        scene = next(body for kind, body in bases if kind == "state")
        last = {"v": VERSION, "club": club, "board": "last", "kind": "state", "stamp": stamp + 1,
                "body": scene}
        where = topic(club, "last", "state")
        member.publish(where, json.dumps(sign(key, where, last)).encode(), qos=1).wait_for_publish(10)
        grid = serve.wait(lambda g: "last" in tiles(g), timeout=120)
        for name, tile in tiles(grid).items():  # every picture shown is drawn
            if tile["version"]:
                assert serve.get(f"board/{name}/board.svg").startswith(b"<svg")
    finally:
        member.loop_stop()
        said = serve.stop()
    assert serve.process.returncode == 0, said
    assert "Traceback" not in "\n".join(said)
    assert all("\n" not in line and len(line) <= 240 for line in said)
    assert len(said) <= 60, said
    with Archive(archive) as stored:
        check_archive(stored)
