"""VSYS and the reset cause reported, a host that stops reading, and the LED frame re-sent."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tablier.link import framing, messages, wire

RunMicroPython = Callable[[str], list[Any]]

SCRIPT = """
import json, time
import machine
import framing, wire
from hal.sim import Board
from app import Firmware
import link

class Host(Board):
    def __init__(self):
        super().__init__([])
        self.inbox = bytearray()
        self.sent = bytearray()
        self.accept = True
        self.calls = 0

    def read_host(self, buf):
        n = min(len(buf), len(self.inbox))
        buf[:n] = self.inbox[:n]
        self.inbox = self.inbox[n:]
        return n

    def write_host(self, buf, n):
        self.calls += 1
        if not self.accept:
            return False
        self.sent.extend(buf[:n])
        return True

board = Host()
firmware = Firmware(board)
body = bytearray(wire.MAX_BODY)
out = bytearray(wire.MAX_FRAME)
seq = [0]

def send(length):
    board.inbox.extend(out[:framing.seal(body, length, out)])
    seq[0] += 1

def steps(n):
    most = 0
    calls = 0
    for _ in range(n):
        before = len(board.sent)
        board.calls = 0
        firmware.step()
        time.sleep_ms(1)  # a scan period (stdin is /dev/null here: the sim's idle does not wait)
        most = max(most, len(board.sent) - before)
        calls = max(calls, board.calls)
    return most, calls

send(wire.encode_hello(body, seq[0], wire.PROTOCOL_VERSION))
steps(3)
machine.VSYS_MV[0] = 4300  # the LEDs light up and VSYS sags for a moment
steps(3)
machine.VSYS_MV[0] = 4700
steps(3)
send(wire.encode_request(body, seq[0], wire.GET_STATUS))
steps(2)
send(wire.encode_request(body, seq[0], wire.GET_STATUS))  # the minimum restarts after a STATUS
steps(2)
chain = machine.CHAIN
for s in range(60):  # 60 men put down at once: 60 events to send
    chain.set(chain.closed, s, True)
burst, _ = steps(20)
board.accept = False  # the host keeps the port open but stops reading
for s in range(60):
    chain.set(chain.closed, s, False)
_, refused_calls = steps(50)
deferred = firmware.link.tx_deferred
board.accept = True
before_cut = len(board.sent)
chain.cut = True
steps(5)
send(wire.encode_request(body, seq[0], wire.GET_STATUS))
steps(2)
print(json.dumps({"sent": bytes(board.sent).hex(), "burst": burst, "refused_calls": refused_calls,
                  "deferred": deferred, "budget": link.TX_BYTES_PER_STEP, "before_cut": before_cut,
                  "feeds": board._wdt.feeds}))
"""


def frames(data: bytes) -> list[messages.Message]:
    decoder = framing.Decoder(wire.MAX_BODY)
    found = []
    for byte in data:
        length = decoder.feed(byte)
        if length:
            message = messages.parse(decoder.body, length)
            assert message is not None
            found.append(message)
    return found


@pytest.fixture(scope="module")
def run(run_micropython: RunMicroPython) -> dict[str, Any]:
    (result,) = run_micropython(SCRIPT)
    assert isinstance(result, dict)
    return result


def test_identify_tells_why_the_board_started(run: dict[str, Any]) -> None:
    identify = frames(bytes.fromhex(run["sent"]))[0]
    assert isinstance(identify, messages.Identify)
    assert identify.reset_cause == "power on"


def test_status_gives_the_lowest_vsys_since_the_last_status(run: dict[str, Any]) -> None:
    statuses = [m for m in frames(bytes.fromhex(run["sent"])) if isinstance(m, messages.Status)]
    assert statuses[0].counters["vsys_min_mv"] == pytest.approx(4300, abs=5)
    assert statuses[1].counters["vsys_min_mv"] == pytest.approx(4700, abs=5)


def test_status_tells_the_longest_loop_step(run: dict[str, Any]) -> None:
    statuses = [m for m in frames(bytes.fromhex(run["sent"])) if isinstance(m, messages.Status)]
    assert all(0 < s.counters["worst_step_us"] < 1_000_000 for s in statuses)
    assert all(0 <= s.counters["busy_percent"] <= 100 for s in statuses)


def test_status_names_the_kind_of_chain_fault(run: dict[str, Any]) -> None:
    last = [m for m in frames(bytes.fromhex(run["sent"])) if isinstance(m, messages.Status)][-1]
    assert last.chain_faults >= 5 and last.counters["chain_stuck_low"] == last.chain_faults
    assert last.counters["chain_stuck_high"] == last.counters["chain_bit_slips"] == 0


def test_a_burst_of_events_is_spread_over_steps(run: dict[str, Any]) -> None:
    sent = bytes.fromhex(run["sent"])[:run["before_cut"]]  # then the cut line reads every switch closed
    events = [m for m in frames(sent) if isinstance(m, messages.Event)]
    assert {e.switch for e in events if e.closed} == set(range(60))  # every event got through
    assert run["burst"] <= run["budget"] + 20  # at most the budget (and the frame that crossed it)


def test_a_host_that_stops_reading_costs_one_refused_write_a_step(run: dict[str, Any]) -> None:
    assert run["refused_calls"] == 1
    assert run["deferred"] > 0
    assert run["feeds"] >= 90  # the loop went on, feeding the watchdog, step after step


LED_SCRIPT = """
import json
from leds import Leds, RESEND_MS
frames = []
leds = Leds(4, "GRB", 20, 400, lambda buf: frames.append(1))
leds.set(0, 10, 0, 0, 0)
leds.commit()
leds.refresh(0)
for now in range(1, RESEND_MS):
    leds.refresh(now)
quiet = len(frames)
leds.refresh(RESEND_MS)
print(json.dumps({"quiet": quiet, "after": len(frames)}))
"""


def test_an_unchanged_led_frame_is_sent_again_every_second(run_micropython: RunMicroPython) -> None:
    (result,) = run_micropython(LED_SCRIPT)
    assert result == {"quiet": 1, "after": 2}


def test_the_host_reads_frames_of_older_firmware() -> None:
    body = bytearray(wire.MAX_BODY)
    out = bytearray(wire.MAX_FRAME)
    old = wire.encode_identify(body, 0, 203, 76, "8fad3f38", "0.1.0")
    sealed = out[:framing.seal(body, old, out)]
    (identify,) = frames(bytes(sealed))
    assert identify == messages.Identify(1, 203, 76, "8fad3f38", "0.1.0", None)
    counters = list(range(len(wire.STATUS_COUNTERS)))
    # none (old), the chain's and VSYS's (older), with the loop's step figures (now), a later one's
    for extra in (None, [1, 2, 3, 4, 4650, 6], [1, 2, 3, 4, 4650, 6, 840, 41],
                  [1, 2, 3, 4, 4650, 6, 840, 41, 9, 10]):
        length = wire.encode_status(body, 1, counters, [5], extra)
        (status,) = frames(bytes(out[:framing.seal(body, length, out)]))
        assert isinstance(status, messages.Status)
        assert status.chain_faults == counters[-1] and status.chattering == (5,)
        assert ("vsys_min_mv" in status.counters) == (extra is not None)
        if extra is not None:
            assert status.counters["vsys_min_mv"] == 4650
        assert ("worst_step_us" in status.counters) == (extra is not None and len(extra) > 6)
        if extra is not None and len(extra) > 6:
            assert (status.counters["worst_step_us"], status.counters["busy_percent"]) == (840, 41)
        assert len(status.counters) <= len(wire.STATUS_COUNTERS) + len(wire.STATUS_EXTRA_COUNTERS)
