"""Every blink code runs on the board itself: one LED in each mode, sampled in every slot of a
second, lights exactly the slots of the host's :class:`~tablier.board.leds.Pattern` (the wire's
one table), a pulse at its levels; the chain is redrawn only when a slot changes, without
allocating."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tablier.board.leds import PATTERNS
from tablier.link import wire

RunMicroPython = Callable[[str], list[Any]]

SCRIPT = """
import gc, json
import wire
from array import array
from leds import Leds

last = bytearray(3 * wire.MODE_COUNT)
writes = array("i", [0])

def write(buf):
    for i in range(len(last)):
        last[i] = buf[i]
    writes[0] += 1

leds = Leds(wire.MODE_COUNT, "RGB", 20, 400, write)
for mode in range(wire.MODE_COUNT):
    leds.set(mode, 100, 100, 100, mode)
leds.commit()
slots = []
leds.refresh(5000)  # the codes' second begins when they are first shown
for slot in range(wire.PATTERN_SLOTS):  # the middle of each slot of the second
    leds.refresh(5000 + (2 * slot + 1) * wire.PATTERN_PERIOD_MS // (2 * wire.PATTERN_SLOTS))
    slots.append([last[3 * m] for m in range(wire.MODE_COUNT)])
before = writes[0]
gc.collect()
allocated = gc.mem_alloc()
for now in range(6000, 8000):  # two seconds, a call a millisecond
    leds.refresh(now)
allocated = gc.mem_alloc() - allocated
print(json.dumps({"slots": slots, "scale": leds.scale, "frames_in_two_seconds": writes[0] - before,
                  "allocated": allocated}))
for mode in range(wire.MODE_COUNT):
    leds.set(mode, 255, 255, 255, wire.SLOW_BLINK if mode else wire.STEADY)
leds.commit()
leds.refresh(9000)
before = writes[0]
for now in range(9000, 11000):
    leds.refresh(now)
print(json.dumps({"slow_only_frames": writes[0] - before,
                  "bad_mode": leds.set(0, 1, 1, 1, wire.MODE_COUNT),
                  "bad_fill": leds.fill(1, 1, 1, wire.MODE_COUNT)}))
leds.refresh(11700)  # late in a second, when a double flash is dark
leds.set(6, 200, 0, 0, wire.DOUBLE_FLASH)  # a capture's destination, just lit by the host
leds.commit()
leds.refresh(11701)
print(json.dumps({"new_code_first_frame": last[3 * 6],
                  "slow_blink_with_it": [last[3 * m] for m in range(1, 6)]}))
"""


@pytest.fixture(scope="module")
def results(run_micropython: RunMicroPython) -> list[Any]:
    return run_micropython(SCRIPT)


def test_each_code_lights_the_slots_of_its_pattern(results: list[Any]) -> None:
    run = results[0]
    assert run["scale"] == 256  # seven grey LEDs stay within the budget: no scaling
    for pattern in PATTERNS:
        shown = [slot[pattern.mode] for slot in run["slots"]]
        if pattern.smooth:  # the colour at the slot's level
            assert shown == [100 * level >> 8 for level in pattern.levels()], pattern.name
        else:
            assert shown == [100 if level else 0 for level in pattern.levels()], pattern.name


def test_the_chain_is_redrawn_once_a_slot_while_a_pulse_runs_and_nothing_allocates(
        results: list[Any]) -> None:
    run = results[0]
    assert run["frames_in_two_seconds"] == 2 * wire.PATTERN_SLOTS
    assert run["allocated"] == 0


def test_a_slow_blink_alone_redraws_only_when_it_turns(results: list[Any]) -> None:
    run = results[1]
    assert run["slow_only_frames"] == 3  # off, on, off in the two seconds after it was drawn lit
    assert run["bad_mode"] is False and run["bad_fill"] is False


def test_a_light_given_a_new_code_shows_in_the_very_next_frame(results: list[Any]) -> None:
    """Every code is lit in its first slot, and a new code starts the codes' second again: a
    capture's double flash, lit late in a second, shows at once instead of after its dark slots,
    and the lights blinking beside it blink in step with it."""
    run = results[2]
    assert run["new_code_first_frame"] == 200
    assert run["slow_blink_with_it"] == [255] * 5
