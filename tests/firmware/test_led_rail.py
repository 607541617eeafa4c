"""The LEDs' supply stays off until a host speaks: plugging in charges no more than USB allows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

RunMicroPython = Callable[..., list[Any]]

SCRIPT = """
import io
import json
import machine
from hal.sim import Board
board = Board([])
seen = {"at_start": machine.LEDS.powered}
board.write_leds(bytearray(b"\\\\x10" * 6))
seen["frames_unpowered"] = machine.LEDS.unpowered_frames
seen["frames_taken_unpowered"] = machine.LEDS.frames
board._ready = lambda: True
board._stdin = io.BytesIO(b"\\\\x7e")
buf = bytearray(1)
seen["read"] = board.read_host(buf)
seen["after_a_byte"] = machine.LEDS.powered
board.write_leds(bytearray(b"\\\\x10" * 6))
seen["frames_taken"] = machine.LEDS.frames
print(json.dumps(seen))
"""


def test_the_led_rail_switches_on_only_once_the_host_has_sent_a_byte(run_micropython: RunMicroPython) -> None:
    (seen,) = run_micropython(SCRIPT)
    assert seen["at_start"] is False  # the pull-down and the firmware hold EN low from plug-in
    assert (seen["frames_unpowered"], seen["frames_taken_unpowered"]) == (1, 0)  # a dark chain takes nothing
    assert seen["read"] == 1 and seen["after_a_byte"] is True
    assert seen["frames_taken"] == 1
