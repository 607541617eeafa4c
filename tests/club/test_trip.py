"""A match's trip from a board to the club's archive, record by record (issue 32, item 6): the board
publishes each record of its log as it is written, numbered, and the club builds the match as they
come. A club started in the middle of a match asks for its start and gets it; a board whose host is
killed in the middle of a match and started again sends what the club lacks; the match is stored
once, whole, and each record was read once on each side (the log never read again, nothing replayed)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from harness.club_boards import CODE
from harness.mosquitto import USERS, MosquittoBroker
from tablier.board.scene import Scene
from tablier.club.feed import ClubFeed
from tablier.club.hall import ClubHall
from tablier.club.messages import club_key
from tablier.record.archive import Archive
from tablier.record.eventlog import LogTail
from tablier.record.from_log import RecordBuilder, read_event_log
from tablier.record.settling import settle
from tablier.remote.broker import Broker, Club, Login

HERE = Path(__file__).parent


@dataclass
class Board:
    """A board as its feed sees it: the scene its screen shows and its game's log, written a line at a
    time from the tests' Backgammon game."""

    log: Path
    lines: list[str]
    written: int = 0
    over: bool = False

    def scene(self) -> Scene:
        return replace(Scene.from_json(json.loads((HERE / "scene.json").read_text())), over=self.over)

    def say(self, text: str, level: str = "info") -> None:
        raise AssertionError(f"the board was told {text!r}")

    def write(self, count: int) -> None:
        """The game goes on: ``count`` more lines of its log (all that are left: the match is over)."""
        with open(self.log, "a", encoding="utf-8") as file:
            file.writelines(self.lines[self.written:self.written + count])
        self.written = min(len(self.lines), self.written + count)
        self.over = self.written == len(self.lines)


def until(what: Callable[[], bool], *steps: Callable[[], Any], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not what():
        assert time.monotonic() < deadline, "it never came"
        for step in steps:
            step()
        time.sleep(0.02)


def test_a_match_goes_to_the_club_record_by_record_and_is_stored_once_whole_whatever_drops(
        broker: MosquittoBroker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    added: list[int] = []
    add = RecordBuilder.add
    monkeypatch.setattr(RecordBuilder, "add", lambda self, entry: (added.append(1), add(self, entry))[1])
    read: list[int] = []  # the bytes of the log each look read
    new = LogTail.new

    def look(tail: LogTail) -> list[Any]:
        before = tail.offset
        found = new(tail)
        read.append(tail.offset - before)
        return found

    monkeypatch.setattr(LogTail, "new", look)

    club = Club(Broker("127.0.0.1", broker.port, user="ann"), Login("ann", USERS["ann"]), "trip")
    key = club_key(CODE, club.name)
    board = Board(tmp_path / "game.jsonl", (HERE / "backgammon.jsonl").read_text().splitlines(keepends=True))
    session = SimpleNamespace(scene=board.scene, say=board.say, log=SimpleNamespace(path=board.log))
    feed = ClubFeed(club, key, "far").start()
    for _ in range(3):  # three moves' records before the club is there: the broker keeps the last
        board.write(12)
        feed.show(session)  # type: ignore[arg-type]
    said: list[str] = []
    with Archive(tmp_path / "club.sqlite3") as archive:
        hall = ClubHall(club, key, archive, told=said.append).start()
        try:
            view = lambda: hall.boards.get("far")  # noqa: E731
            # the club asks for what it lacks (the match's start), the board sends it again
            until(lambda: bool(view() and view().have == len(feed.records)), hall.step,
                  lambda: feed.show(session))  # type: ignore[arg-type]
            board.write(40)
            feed.show(session)  # type: ignore[arg-type]
            until(lambda: view().have == len(feed.records), hall.step)
            board.write(30)  # written, never published: the host is killed here
            feed.wire._client.loop_stop()
            feed.wire._client.socket().close()
            until(lambda: view().online is False, hall.step)
            board.write(25)
            again = ClubFeed(club, key, "far").start()  # its host started again, with its log
            again.show(session)  # type: ignore[arg-type]
            until(lambda: view().have == len(again.records), hall.step, lambda: again.show(session))
            assert view().online and not view().over
            board.write(len(board.lines))
            again.finish(board.log, board.over)
            until(lambda: view().stored is not None, hall.step)
            for _ in range(20):  # the copies of the last message (its whole match, kept by the broker)
                hall.step()
                time.sleep(0.02)
        finally:
            hall.close()
        taken = len(added)
        assert archive.ids() == [view().stored]
        stored = archive.get(view().stored)
    assert sum("stored as record" in line for line in said) == 1, said
    assert stored.games == settle(read_event_log(board.log)).record.games
    assert stored.source == "club trip, board far"
    assert taken == len(again.records) - 1, "the club read a record twice, or missed one"
    assert feed._tail is not None  # each byte of the log read once by the host killed, once by the one
    assert sum(read) == feed._tail.offset + board.log.stat().st_size  # started again (from its start)
