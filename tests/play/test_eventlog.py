"""The raw event log: written, read back typed, durable at commits, a torn tail tolerated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablier.record.eventlog import (
    Commit,
    DiceRecord,
    EventLogWriter,
    Header,
    LogFormatError,
    SwitchEvent,
    Unknown,
    new_log_path,
    read_log,
)


def _write(path: Path) -> None:
    with EventLogWriter(path) as log:
        log.write(Header(game="backgammon", family="tables", players=("ann", "bob"), seed=7))
        log.write(SwitchEvent(switch=46, closed=False, seq=12, time_ms=2081, place="point 8 slot 5"))
        log.write(DiceRecord(player=0, dice=(3, 1), purpose="opening"))
        log.write(Commit(ply=1, player=0, notation="8/5 6/5", position="x", dice=(3, 1)))


def test_records_read_back_typed_and_in_order(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    _write(path)
    log = read_log(path)
    assert [type(r) for r in log] == [Header, SwitchEvent, DiceRecord, Commit]
    assert log.header.players == ["ann", "bob"] and log.header.seed == 7
    commit = log.of(Commit)[0]
    assert commit.notation == "8/5 6/5" and commit.t > 0
    assert not log.torn_tail


def test_commit_is_on_disk_before_the_writer_is_closed(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    writer = EventLogWriter(path)
    writer.write(Header(game="backgammon", family="tables"))
    writer.write(Commit(ply=1, player=0, notation="24/18", position="p"))
    assert read_log(path).of(Commit)[0].notation == "24/18"  # another reader sees it already
    writer.close()


def test_a_torn_last_line_is_dropped_and_flagged(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    _write(path)
    with open(path, "a") as file:
        file.write('{"type":"switch","swi')
    log = read_log(path)
    assert log.torn_tail and len(log.records) == 4


def test_a_bad_line_in_the_middle_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    _write(path)
    lines = path.read_text().splitlines()
    lines.insert(2, "not json")
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(LogFormatError, match=r"g\.jsonl:3"):
        read_log(path)


def test_not_a_log(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"type":"commit","ply":1,"player":0,"notation":"-","position":""}\n')
    with pytest.raises(LogFormatError, match="not a Tablier event log"):
        read_log(path)


def test_unknown_kinds_and_fields_are_kept_or_ignored(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    _write(path)
    with open(path, "a") as file:
        file.write(json.dumps({"type": "future", "x": 1}) + "\n")
        file.write(json.dumps({"type": "dice", "player": 1, "dice": [6, 6], "new_field": 3}) + "\n")
    log = read_log(path)
    assert isinstance(log.records[-2], Unknown) and log.records[-2].to_json() == {"type": "future", "x": 1}
    assert log.records[-1] == DiceRecord(player=1, dice=[6, 6], t=0.0)


def test_new_log_path_never_overwrites(tmp_path: Path) -> None:
    first = new_log_path(tmp_path, "back/gammon", when=0)
    first.write_text("")
    second = new_log_path(tmp_path, "back/gammon", when=0)
    assert first.name == "1970-01-01T00-00-00-back-gammon.jsonl" and second != first
