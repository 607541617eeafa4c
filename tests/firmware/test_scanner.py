"""The scan loop under MicroPython: allocation-free, debounced, numbered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

RunMicroPython = Callable[[str], list[Any]]

HEAP_LOCK_SCRIPT = """
import json, micropython, time
import machine
from hal.sim import Board
from app import Firmware

firmware = Firmware(Board([]))
scanner = firmware.scanner
scanner.debounce_ms = 0
chain = machine.CHAIN

def scan_many(n):
    for i in range(n):
        if i == 50:
            chain.set(chain.closed, 7, True)
            chain.set(chain.closed, 150, True)
        if i == 120:
            chain.set(chain.closed, 7, False)
        scanner.scan(time.ticks_ms())

def loop_many(n):
    for i in range(n):
        firmware.step()

scan_many(10)
loop_many(10)
firmware.leds.set(3, 200, 10, 10, 2)
firmware.leds.commit()
micropython.heap_lock()
try:
    loop_many(300)  # the whole loop: scan, link (no host yet), LEDs blinking, idle
    scan_many(300)
finally:
    micropython.heap_unlock()
print(json.dumps({"events": scanner.count, "next_seq": scanner.next_seq,
                  "watchdog_feeds": firmware.board._wdt.feeds,
                  "switches": [scanner.ev_switch[k] for k in range(scanner.count)]}))
"""


def test_scan_and_loop_allocate_nothing_under_heap_lock(run_micropython: RunMicroPython) -> None:
    (result,) = run_micropython(HEAP_LOCK_SCRIPT)
    assert isinstance(result, dict)
    assert result["switches"] == [7, 150, 7]  # events were recorded while the heap was locked
    assert result["watchdog_feeds"] >= 300  # every loop iteration feeds the watchdog


DEBOUNCE_SCRIPT = """
import json
from scanner import Scanner

reading = bytearray(2)

def read(buf):
    buf[0] = reading[0]
    buf[1] = reading[1]

def run(window, timeline, active_low=False):
    reading[1] = 0xFF if active_low else 0
    scanner = Scanner(12, 2, active_low, read, debounce_ms=window)
    for now, byte0 in timeline:
        reading[0] = byte0
        scanner.scan(now)
    events = []
    for k in range(scanner.count):
        seq = (scanner.oldest_seq() + k) & 0xFFFF
        events.append([seq, scanner.ev_switch[k], scanner.ev_closed[k], scanner.ev_time[k]])
    scanner.end_period()
    chattering = [scanner.chattering[k] for k in range(scanner.chattering_count)]
    return {"events": events, "closed": list(scanner.closed), "chattering": chattering}

# switch 0 (bit 0x80) closes at t=10 and stays; a 2 ms blip on switch 1 (0x40) at t=30.
steady = [(t, 0x80 | (0x40 if 30 <= t < 32 else 0)) for t in range(0, 60)]
print(json.dumps(run(5, steady)))
# the same with the chain active low (a closed reed reads 0)
print(json.dumps(run(5, [(t, 0xFF ^ byte) for t, byte in steady], active_low=True)))
# switch 2 (0x20) flips every millisecond: never stable for 5 ms, so no event, and it chatters
print(json.dumps(run(5, [(t, 0x20 * (t % 2)) for t in range(100)])))
# a window of 0 reports at once
print(json.dumps(run(0, [(0, 0), (1, 0x10)])))
"""


@pytest.fixture(scope="module")
def debounce(run_micropython: RunMicroPython) -> list[Any]:
    return run_micropython(DEBOUNCE_SCRIPT)


def test_change_reported_once_after_window_with_its_start_time(debounce: list[Any]) -> None:
    result = debounce[0]
    assert result["events"] == [[0, 0, 1, 0]]  # seq 0, switch 0, closed, first seen at t=0
    assert result["closed"] == [0x80, 0]


def test_short_blip_is_not_reported(debounce: list[Any]) -> None:
    assert all(event[1] != 1 for event in debounce[0]["events"])


def test_active_low_chain_reports_the_same(debounce: list[Any]) -> None:
    assert debounce[1]["events"] == debounce[0]["events"]
    assert debounce[1]["closed"] == debounce[0]["closed"]


def test_chattering_switch_is_flagged_not_reported(debounce: list[Any]) -> None:
    assert debounce[2]["events"] == []
    assert debounce[2]["chattering"] == [2]


def test_zero_window_reports_at_once(debounce: list[Any]) -> None:
    assert debounce[3]["events"] == [[0, 3, 1, 1]]


WINDOWS_SCRIPT = """
import json
from scanner import Scanner

reading = bytearray(1)

def read(buf):
    buf[0] = reading[0]

scanner = Scanner(8, 1, False, read, contacts=(1,))  # the default windows; switch 1 is a button
reported = {}  # switch -> [when the event came out, how many]
for now in range(60):
    sensor = 0x80 if now >= 10 else 0  # a man put on switch 0's Hall switch at t=10
    button = 0x40 if now >= 10 and (now >= 14 or now % 2 == 0) else 0  # bounces until t=14
    blip = 0x20 if now == 40 else 0  # one scan of noise on switch 2
    reading[0] = sensor | button | blip
    before = scanner.count
    scanner.scan(now)
    for k in range(before, scanner.count):
        switch = scanner.ev_switch[k]
        reported.setdefault(str(switch), [now, 0])[1] += 1
print(json.dumps(reported))
"""


@pytest.fixture(scope="module")
def windows(run_micropython: RunMicroPython) -> Any:
    return run_micropython(WINDOWS_SCRIPT)[0]


def test_hall_sensor_is_reported_two_milliseconds_after_it_changes(windows: Any) -> None:
    assert windows["0"] == [12, 1]


def test_bouncing_button_is_reported_once_after_five_quiet_milliseconds(windows: Any) -> None:
    assert windows["1"] == [19, 1]


def test_one_scan_of_noise_on_a_sensor_is_not_reported(windows: Any) -> None:
    assert "2" not in windows


RING_SCRIPT = """
import json
from scanner import Scanner, RING_SIZE

reading = bytearray(1)

def read(buf):
    buf[0] = reading[0]

scanner = Scanner(8, 1, False, read, debounce_ms=0)
for t in range(RING_SIZE + 10):
    reading[0] = 0x80 if t % 2 == 0 else 0
    scanner.scan(t)
print(json.dumps({"count": scanner.count, "dropped": scanner.dropped,
                  "overflowed": scanner.overflowed, "oldest": scanner.oldest_seq()}))
scanner.forget_through((scanner.oldest_seq() + 9) & 0xFFFF)
print(json.dumps({"count": scanner.count, "oldest": scanner.oldest_seq()}))
"""


def test_ring_drops_oldest_on_overflow_and_counts(run_micropython: RunMicroPython) -> None:
    full, acked = run_micropython(RING_SCRIPT)
    assert isinstance(full, dict) and isinstance(acked, dict)
    assert full == {"count": 64, "dropped": 10, "overflowed": True, "oldest": 10}
    assert acked == {"count": 54, "oldest": 20}
