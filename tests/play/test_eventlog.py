"""The raw event log: written, read back typed, durable at commits, a torn tail tolerated."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tablier.play.replay import rebuild
from tablier.record.eventlog import (
    Commit,
    DiceRecord,
    Header,
    LogFormatError,
    Message,
    SwitchEvent,
    Unknown,
    read_log,
)
from tablier.record.log_writer import EventLogWriter, LogWriteError, new_log_path
from tablier.record.writer_lock import InUseError


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


def test_two_hosts_starting_in_the_same_second_never_take_the_same_log_name(tmp_path: Path) -> None:
    """Issue 31, item 9: the name was chosen free, then taken a moment later, so two hosts on one
    machine could both choose it (the log's lock then refused one, just after its join)."""
    names: list[Path] = []
    start = threading.Barrier(8)

    def take() -> None:
        start.wait()
        names.append(new_log_path(tmp_path, "backgammon", when=0))

    threads = [threading.Thread(target=take) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(names)) == 8 and all(name.exists() for name in names)
    assert new_log_path(tmp_path, "backgammon", when=0) not in names  # even before anything is written


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


FULL_DISK = Path(__file__).with_name("full_disk")  # sitecustomize: the log's disk fills up


def test_a_full_disk_under_the_log_ends_the_demo_in_one_line_and_the_game_resumes(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    environment = {**os.environ, "PYTHONPATH": f"{FULL_DISK}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
                   "TABLIER_TEST_DISK_BYTES": "20000"}
    full = subprocess.run([sys.executable, "-m", "tablier", "demo", "--seed", "3", "--fast", "--log-dir",
                           str(logs)], env=environment, capture_output=True, text=True, timeout=300)
    (path,) = logs.glob("*.jsonl")
    assert full.returncode == 1
    assert full.stderr.splitlines() == [
        f"tablier demo: cannot write the game's log {path} (No space left on device): the game stops here, "
        f"nothing committed before is lost; once there is room, go on with: tablier demo --resume {path}"]
    log = read_log(path)  # what was written reads back whole
    shown = [line.split(" plays ", 1)[1].split(":")[0]
             for line in full.stdout.splitlines() if " plays " in line]
    logged = [commit.notation for commit in log.of(Commit)]
    assert shown[:len(logged)] == logged and len(shown) - len(logged) <= 1  # the last may be unwritten
    again = subprocess.run([sys.executable, "-m", "tablier", "demo", "--resume", str(path), "--fast"],
                           capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    commits = [commit.notation for commit in read_log(path).of(Commit)]
    assert commits[:len(shown)] == shown  # every play shown before the disk filled is in the log now
    assert rebuild(read_log(path)).agrees


class _FullFile:
    """A log file on a disk with no room left."""

    closed = False

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def fileno(self) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def close(self) -> None:
        self.closed = True
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_log_that_cannot_be_written_says_so_once_and_closes_quietly(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    writer = EventLogWriter(path)
    writer.write(Header(game="backgammon", family="tables"))
    writer._file = _FullFile()  # type: ignore[assignment]
    with pytest.raises(LogWriteError, match=r"g\.jsonl \(No space left on device\): the game stops here"):
        writer.write(Commit(ply=1, player=0, notation="24/18", position="p"))
    with pytest.raises(LogWriteError):  # and at every write after it
        writer.write(Message(text="stopped"))
    writer.close()  # no second error
    assert [type(record) for record in read_log(path)] == [Header]
    EventLogWriter(path).close()  # and the log can be written again by whoever resumes it


def test_a_second_writer_of_a_log_is_refused_naming_the_first(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    _write(path)
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time\n"
                               "from pathlib import Path\n"
                               "from tablier.record.log_writer import EventLogWriter\n"
                               "writer = EventLogWriter(Path(sys.argv[1]))\n"
                               "print('holding', flush=True)\n"
                               "time.sleep(60)\n", str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        before = path.read_bytes()
        with pytest.raises(InUseError, match=rf"g\.jsonl: the game's log is held by another Tablier "
                                             rf"\(process {holder.pid}, `.+`, since \d{{4}}-\d\d-\d\d "):
            EventLogWriter(path)
        assert path.read_bytes() == before
    finally:
        holder.kill()  # a kill -9 leaves no stale lock
        holder.wait()
    EventLogWriter(path).close()
