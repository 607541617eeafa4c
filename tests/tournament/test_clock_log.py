"""The clock in the event log: its records read back as written, and a host killed mid-turn comes
back with the times as they were."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from tablier.record.eventlog import (
    ClockRecord,
    Commit,
    Header,
    LogFormatError,
    Record,
    SwitchEvent,
    read_log,
)
from tablier.record.log_writer import EventLogWriter
from tablier.tournament.clock import MINUTE, ClockState, usbgf
from tablier.tournament.clock_log import clock_record, clock_times, event_records, restore


def _log(path: Path, records: Sequence[Record]) -> None:
    writer = EventLogWriter(path)
    try:
        writer.write(Header(game="backgammon", family="tables", match_length=3))
        for record in records:
            writer.write(record)
    finally:
        writer.close()


def test_a_killed_host_resumes_with_the_clock_as_it_was(tmp_path: Path) -> None:
    # Times of the log are wall-clock seconds; the clock is read on the same clock here.
    clock = ClockState.set(usbgf(3))
    records: list[Record] = [clock_record("set", clock, 1000.0, t=1000.0)]
    clock = clock.start(0, 1000.0)
    records.append(clock_record("start", clock, 1000.0, t=1000.0))
    clock = clock.stop(1040.0)                                  # 28 s charged
    records.append(clock_record("stop", clock, 1040.0, player=0, t=1040.0))
    clock = clock.start(1, 1041.0)
    records.append(clock_record("start", clock, 1041.0, t=1041.0))
    records.append(SwitchEvent(switch=3, closed=False, seq=1, t=1071.0))   # last seen 30 s into the turn
    path = tmp_path / "game.jsonl"
    _log(path, records)                                          # ... and the host is killed

    log = read_log(path)
    assert [r.event for r in log.of(ClockRecord)] == ["set", "start", "stop", "start"]
    assert log.of(ClockRecord)[2].left == [6 * MINUTE - 28, 6 * MINUTE]
    back = restore(log.records)
    assert back is not None and back.paused and back.running == 1
    assert back.reserve == (6 * MINUTE - 28, 6 * MINUTE)
    resumed = back.resume(5000.0)                                # a later process, its own clock
    assert resumed.view(5000.0).left[1] == 6 * MINUTE - 18      # 30 s of the turn, 12 s free
    assert resumed.stop(5002.0).reserve[1] == 6 * MINUTE - 20


def test_the_rulings_are_logged_at_their_moment(tmp_path: Path) -> None:
    clock = ClockState.set(usbgf(1, overtime_s=MINUTE)).start(0, 0.0)
    clock, events = clock.check(140.0)
    records = event_records(events, clock, t=140.0)
    assert [(r.event, r.player) for r in records] == [("short", 0), ("overtime", 0), ("short", 0)]
    assert records[1].left[0] == MINUTE
    path = tmp_path / "game.jsonl"
    _log(path, records)
    back = restore(read_log(path).records)
    assert back is not None and back.overtime == (True, False) and back.reserve[0] == MINUTE


def test_no_clock_in_the_log_gives_none(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    _log(path, [])
    assert restore(read_log(path).records) is None


@pytest.mark.parametrize(("line", "said"), [
    ('{"type":"clock","t":1,"event":"tick"}', "clock event 'tick'"),
    ('{"type":"clock","t":1,"event":"stop","player":2}', "player 2"),
    ('{"type":"clock","t":1,"event":"stop","left":[1]}', "left must hold two values"),
    ('{"type":"clock","t":1,"event":"stop","left":[1,-3]}', "negative"),
])
def test_a_malformed_clock_record_is_refused_with_its_line(tmp_path: Path, line: str, said: str) -> None:
    path = tmp_path / "game.jsonl"
    _log(path, [])
    with path.open("a") as file:
        file.write(line + "\n")
    with pytest.raises(LogFormatError, match=said):
        read_log(path)


def test_each_move_carries_the_times_left_after_it() -> None:
    clock = ClockState.set(usbgf(3))
    records: list[Record] = [clock_record("set", clock, 0.0)]
    for ply, (side, spent) in enumerate(((0, 20.0), (1, 5.0), (0, 42.0)), start=1):
        clock = clock.start(side, ply * 100.0)
        records.append(clock_record("start", clock, ply * 100.0))
        clock = clock.stop(ply * 100.0 + spent)
        records.append(clock_record("stop", clock, ply * 100.0 + spent, player=side))
        records.append(Commit(ply=ply, player=side, notation="-", position=""))
    assert clock_times(records) == {(1, 1): (352.0, 360.0), (1, 2): (352.0, 360.0), (1, 3): (322.0, 360.0)}
    assert clock_times(records[3:3]) == {}
