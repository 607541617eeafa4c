"""The firmware under MicroPython, fuzzed: no traceback, nothing out but whole device frames, the
heap where it was, and a HELLO and a PING still answered at the end.

The default run feeds a sample of 3,000 frames; ``make test-full`` feeds 100,000 (and prints the
figures; ``make bench`` writes them to ``bench/results/firmware_fuzz.json``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablier.link.fuzz import run_firmware_fuzz

#: Bytes the heap may hold after the run beyond what it held before (after a collection each time).
HEAP_SLACK_BYTES = 256


def _check(figures: dict[str, Any], frames: int) -> None:
    print(json.dumps(figures, indent=2))
    assert figures["frames"] == frames
    assert figures["errors"] == 0, figures["first_error"]
    # everything sent was whole, checked device frames, and the stream ends between two frames
    assert figures["out_bad_frames"] == 0 and figures["out_dropped_bytes"] == 0
    assert figures["out_not_device_frames"] == 0 and figures["out_ends_between_frames"]
    # the garbage was counted and dropped; the bad fields were refused
    rejected = figures["rx_bad_frames"] + figures["rx_oversized"]
    assert rejected > frames // 4 and figures["rx_unknown"] > 0
    assert figures["rx_dropped_bytes"] > 0
    # the heap is where it was, at the end and all along (measured after a collection)
    grown = figures["heap_after_bytes"] - figures["heap_before_bytes"]
    assert grown <= HEAP_SLACK_BYTES, f"the heap grew by {grown} bytes"
    assert figures["heap_most_bytes"] - figures["heap_before_bytes"] <= HEAP_SLACK_BYTES
    # and it still answers
    assert figures["answers_hello_at_the_end"] and figures["answers_ping_at_the_end"]


def test_a_sample_of_fuzzed_frames() -> None:
    _check(run_firmware_fuzz(3000, seed=2026), 3000)


@pytest.mark.full
def test_a_hundred_thousand_fuzzed_frames() -> None:
    _check(run_firmware_fuzz(100_000, seed=1), 100_000)


HEAP_LOCK_DECODER = """
import json, micropython
import framing, wire

decoder = framing.Decoder(wire.MAX_BODY)
body = bytearray(wire.MAX_BODY)
out = bytearray(wire.MAX_FRAME)
garbage = bytearray(1200)
for i in range(len(garbage)):
    garbage[i] = 1 + (i * 37) % 4 if i < 600 else 1 + (i * 91) % 255
n = framing.seal(body, wire.encode_identify(body, 0, 203, 76, "8fad3f38", "0.1.0"), out)
good = [0]

def feed(buf, count):
    for i in range(count):
        length = decoder.feed(buf[i])
        if length and wire.well_formed(decoder.body, length):
            good[0] += 1

micropython.heap_lock()
try:
    for _ in range(3):
        feed(garbage, len(garbage))  # runs longer than any frame, small codes and large
        feed(out, n)
        feed(out, n // 2)  # truncated: the garbage that follows makes it one oversized run
finally:
    micropython.heap_unlock()
print(json.dumps({"good": good[0], "oversized": decoder.oversized, "bad": decoder.bad_frames}))
"""


def test_the_decoder_allocates_nothing_on_garbage(run_micropython: Any) -> None:
    (result,) = run_micropython(HEAP_LOCK_DECODER)
    assert result == {"good": 3, "oversized": 3, "bad": 0}
