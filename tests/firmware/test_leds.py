"""The LED chain under MicroPython: colour order, blink modes done by the firmware, the current budget."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tablier.hardware.layout import load_layout

RunMicroPython = Callable[[str], list[Any]]

SCRIPT = """
import json
import board_config as c
from leds import Leds

frames = []

def write(buf):
    frames.append(list(buf))

def frame_at(leds, now):
    leds.refresh(now)
    return frames[-1]

leds = Leds(c.LED_COUNT, c.LED_ORDER, c.LED_MA_PER_CHANNEL, c.LED_BUDGET_MA, write)
leds.set(0, 255, 0, 0, 0)
leds.set(1, 0, 0, 200, 1)
leds.set(2, 10, 20, 30, 2)
leds.commit()
print(json.dumps({"t0": frame_at(leds, 0)[:9], "t130": frame_at(leds, 130)[:9],
                  "t600": frame_at(leds, 600)[:9], "scale": leds.scale}))
count = len(frames)
leds.refresh(601)
leds.refresh(602)
print(json.dumps({"rewrites_without_change": len(frames) - count}))
ok = leds.fill(255, 255, 255, 0)
leds.commit()
print(json.dumps({"ok": ok, "full": frame_at(leds, 1000), "draw": leds.draw_ma, "scale": leds.scale}))
print(json.dumps({"bad_index": leds.set(c.LED_COUNT, 1, 1, 1, 0), "bad_mode": leds.set(0, 1, 1, 1, 7)}))
"""


@pytest.fixture(scope="module")
def results(run_micropython: RunMicroPython) -> list[Any]:
    return run_micropython(SCRIPT)


def test_colours_go_out_in_the_chain_order(results: list[Any]) -> None:
    order = load_layout().led_order
    first = results[0]["t0"][0:3]
    assert first[order.index("R")] == 255 and sum(first) == 255


def test_blink_modes(results: list[Any]) -> None:
    t0, t130, t600 = results[0]["t0"], results[0]["t130"], results[0]["t600"]
    assert t0[0:3] == t130[0:3] == t600[0:3]  # steady
    assert sum(t0[3:6]) and sum(t130[3:6]) and not sum(t600[3:6])  # slow: on 500 ms, off 500 ms
    assert sum(t0[6:9]) and not sum(t130[6:9])  # fast: on 125 ms, off 125 ms


def test_chain_is_rewritten_only_on_change(results: list[Any]) -> None:
    assert results[1]["rewrites_without_change"] == 0


def test_current_budget_scales_a_white_frame_down(results: list[Any]) -> None:
    layout = load_layout()
    full = results[2]
    assert full["ok"] and full["draw"] > layout.led_budget_ma and full["scale"] < 256
    drawn = sum(full["full"]) * layout.led_ma_per_channel / 255
    assert layout.led_budget_ma * 0.9 < drawn <= layout.led_budget_ma


def test_small_frame_is_not_scaled(results: list[Any]) -> None:
    assert results[0]["scale"] == 256


def test_out_of_range_requests_are_refused(results: list[Any]) -> None:
    assert results[3] == {"bad_index": False, "bad_mode": False}


SPREAD_SCRIPT = """
import json
from leds import Leds
frames = []
busy = [False]
leds = Leds(10, "GRB", 20, 400, lambda buf: frames.append(bytes(buf)), lambda: busy[0], 3)
calls = 0
while not frames:
    leds.refresh(calls)
    calls += 1
first = calls  # the whole chain, three LEDs a call
leds.set(4, 9, 8, 7, 0)
leds.commit()
busy[0] = True  # the line still sends the last frame: nothing may change in it
held = [leds.refresh(100 + k) for k in range(5)]
busy[0] = False
sent = leds.refresh(200)  # one LED changed: rendered and sent in one call
print(json.dumps({"first": first, "held": held, "sent": sent, "frames": len(frames),
                  "led4": list(frames[-1][12:15])}))
"""


def test_a_frame_is_rendered_a_few_leds_a_step_and_waits_for_the_line(
        run_micropython: RunMicroPython) -> None:
    (result,) = run_micropython(SPREAD_SCRIPT)
    assert result["first"] == 4  # 10 LEDs, 3 a step
    assert result["held"] == [False] * 5 and result["sent"] is True and result["frames"] == 2
    assert result["led4"] == [8, 9, 7]  # GRB
