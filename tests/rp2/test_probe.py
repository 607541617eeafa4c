"""The firmware's own figures on its chip: nothing allocated per step, with or without host frames
arriving, the heap after start, and an LED frame that costs any step at most 0.3 ms
(``tablier.link.sim_rp2_probe``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablier.link.sim_rp2 import EmulatedBoard
from tablier.link.sim_rp2_probe import host_frames, probe

#: The heap the started firmware holds on the rp2 port (interpreter, modules, objects), with room.
HEAP_AFTER_START_MAX = 48 * 1024


@pytest.fixture(scope="module")
def figures(uf2: Path) -> Iterator[dict[str, Any]]:
    with EmulatedBoard(uf2, maintenance=True) as board:
        yield probe(board)


def test_no_step_allocates_on_the_rp2_port(figures: dict[str, Any]) -> None:
    assert figures["steps_that_allocated"] == 0
    assert figures["heap_change_over_300_steps_bytes"] == 0


def test_host_frames_allocate_nothing_and_hold_no_step_long(figures: dict[str, Any]) -> None:
    assert figures["host_stream_frames"] == len(host_frames())
    assert figures["host_stream_bad_frames"] == 0
    assert figures["host_stream_led_frames_sent"] > 0
    assert figures["host_stream_steps_that_allocated"] == 0
    # emulated microseconds: a step may run a little past the period (the next catches up)
    assert figures["host_stream_worst_step_us"] < 1500
    assert figures["host_stream_scans_per_second"] >= 990


def test_the_heap_after_start(figures: dict[str, Any]) -> None:
    assert figures["heap_after_start_bytes"] <= HEAP_AFTER_START_MAX


def test_an_led_frame_blocks_no_step_for_long(figures: dict[str, Any]) -> None:
    added = figures["led_frame_longest_refresh_us"] - figures["leds_refresh_idle_us"]
    assert added <= 300
    assert figures["led_frame_start_us"] <= 300  # the DMA starts; the 2.3 ms on the line cost nothing


def test_the_loop_leaves_a_fifth_of_its_period(figures: dict[str, Any]) -> None:
    assert figures["step_us"] <= 800 and figures["step_worst_us"] < 1000
    assert figures["scans_per_second_no_host"] >= 1000


def test_the_usb_current_is_declared(figures: dict[str, Any]) -> None:
    assert figures["usb_ma"] == 500
