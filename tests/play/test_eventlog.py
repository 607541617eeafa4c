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


def test_a_throw_is_on_disk_before_it_is_shown(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    writer = EventLogWriter(path)
    writer.write(Header(game="backgammon", family="tables"))
    writer.write(SwitchEvent(switch=3, closed=True, seq=1))  # the button press that threw
    writer.write(DiceRecord(player=1, dice=(6, 4)))
    log = read_log(path)  # what another process sees now, had this one been killed
    assert [type(r) for r in log] == [Header, SwitchEvent, DiceRecord]
    writer.close()


@pytest.mark.parametrize(("tail", "said", "kept"), [
    ('{"type":"dice","player":1,"di', "torn last line (29 bytes, never committed) was cut", 4),
    ('{"type":"dice","player":1,"dice":[6,4]}', "missing end of line was added", 5),
    ('{"type":"message","text":"caf\u00e9"}'.encode()[:-4].decode("utf-8", "ignore"), "was cut", 4),
])
def test_appending_to_a_log_first_mends_its_end(tmp_path: Path, tail: str, said: str, kept: int) -> None:
    path = tmp_path / "g.jsonl"
    _write(path)
    with open(path, "a") as file:
        file.write(tail)
    writer = EventLogWriter(path)
    writer.write(Commit(ply=2, player=1, notation="24/14", position="y"))
    writer.close()
    assert said in writer.mended
    log = read_log(path)
    assert not log.torn_tail and len(log.records) == kept + 1 and log.records[-1].kind == "commit"


def test_a_torn_line_cut_inside_a_letter_is_still_a_torn_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    _write(path)
    with open(path, "ab") as file:
        file.write('{"type":"message","text":"caf\u00e9'.encode()[:-1])  # half of the é
    log = read_log(path)
    assert log.torn_tail and len(log.records) == 4


@pytest.mark.parametrize(("line", "says"), [
    ('{"type":"commit","ply":"1","player":0,"notation":"-","position":""}',
     "'ply' is \"1\", not a whole number"),
    ('{"type":"commit","ply":1,"player":2,"notation":"-","position":""}', "player 2 is not one of 0, 1"),
    ('{"type":"dice","player":0,"dice":[7,1]}', "dice [7, 1] are not a throw"),
    ('{"type":"dice","player":0,"dice":"61"}', "not a list of whole numbers"),
    ('{"type":"game_start","number":1,"sides":["a"]}', "sides must hold two values"),
    ('{"type":"switch","switch":4,"closed":1}', "not true or false"),
    ('{"type":"switch","switch":4,"closed":true,"t":NaN}', "not a number of seconds"),
    ('{"type":"header","game":"backgammon","family":"tables"}', "a second header"),
    ('[1, 2]', "not a JSON object"),
])
def test_a_malformed_record_is_refused_naming_file_line_and_field(tmp_path: Path, line: str,
                                                                 says: str) -> None:
    path = tmp_path / "g.jsonl"
    _write(path)
    with open(path, "a") as file:
        file.write(line + "\n")
    with pytest.raises(LogFormatError) as refused:
        read_log(path)
    assert str(refused.value).startswith(f"{path}:5: ") and says in str(refused.value)
