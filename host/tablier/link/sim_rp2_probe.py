"""The firmware's figures taken on the emulated chip itself: each part of a loop step, the LED frame,
the heap, and the bytes allocated per step.

:func:`probe` runs :data:`PROBE` over the raw REPL of an :class:`~tablier.link.sim_rp2.EmulatedBoard`
booted with its REPL free (``maintenance=True``): the script builds the firmware as ``main.py``
would (``hal.rp2.Board``, the watchdog off) and times it with ``time.ticks_us``, in emulated
microseconds, so the machine's load does not change the figures.
"""

from __future__ import annotations

import json
from typing import Any

PROBE = r"""
import gc, json, micropython, time
from time import ticks_us, ticks_diff, ticks_ms
gc.collect()
base = gc.mem_alloc()
from hal.rp2 import Board
from app import Firmware
board = Board(watchdog=False)
fw = Firmware(board)
gc.collect()
heap = gc.mem_alloc()
figures = {"heap_after_start_bytes": heap, "heap_of_the_firmware_bytes": heap - base,
           "heap_free_bytes": gc.mem_free(), "usb_ma": board.usb_ma}
for _ in range(50):
    fw.step()

def each(f, n=40):
    worst = 0
    total = 0
    for _ in range(n):
        board.idle()
        t = ticks_us()
        f()
        d = ticks_diff(ticks_us(), t)
        total += d
        worst = max(worst, d)
    return total // n, worst

raw = fw.scanner.raw
figures["read_switches_us"] = each(lambda: board.read_switches(raw))[0]
figures["scan_quiet_us"] = each(lambda: fw.scanner.scan(ticks_ms()))[0]

def changed_scan():
    fw.scanner.last[3] ^= 0xFF  # as if byte 3 had changed: the path of a scan that sees a move
    fw.scanner.scan(ticks_ms())
figures["scan_one_byte_changed_us"] = each(changed_scan)[0]
figures["link_poll_us"] = each(lambda: fw.link.poll(ticks_ms()))[0]
figures["leds_refresh_idle_us"] = each(lambda: fw.leds.refresh(ticks_ms()))[0]
figures["feed_us"] = each(board.feed)[0]
figures["vsys_us"] = each(board.vsys_mv)[0]

def step_work():
    now = ticks_ms()
    board.feed(); fw.scanner.scan(now); fw.link.poll(now); fw.leds.refresh(now)
figures["step_us"], figures["step_worst_us"] = each(step_work, 200)

# An all-white frame: every LED rendered again, a few per step, then sent by DMA.
fw.leds.fill(255, 255, 255, 0)
fw.leds.commit()
steps = 0
longest = 0
sent = fw.leds.writes
while fw.leds.writes == sent and steps < 1000:
    board.idle()
    t = ticks_us()
    fw.leds.refresh(ticks_ms())
    longest = max(longest, ticks_diff(ticks_us(), t))
    steps += 1
figures["led_frame_render_steps"] = steps
figures["led_frame_longest_refresh_us"] = longest
while board.leds_busy():
    pass
t = ticks_us()
board.write_leds(fw.leds.out)
figures["led_frame_start_us"] = ticks_diff(ticks_us(), t)
figures["led_scale"] = fw.leds.scale
figures["led_budget_ma"] = fw.leds._budget_tenths // 10

# Bytes allocated per loop step (the heap locked: any allocation raises), and the heap kept.
gc.collect()
before = gc.mem_alloc()
failures = 0
micropython.heap_lock()
for _ in range(300):
    try:
        fw.step()
    except MemoryError:
        failures += 1
micropython.heap_unlock()
gc.collect()
figures["steps_that_allocated"] = failures
figures["heap_change_over_300_steps_bytes"] = gc.mem_alloc() - before
t = ticks_ms()
n = fw.scanner.scans
while ticks_diff(ticks_ms(), t) < 1000:
    fw.step()
figures["scans_per_second_no_host"] = fw.scanner.scans - n
print("FIGURES " + json.dumps(figures))
"""


def probe(board: Any) -> dict[str, Any]:
    """Run :data:`PROBE` on ``board`` (an EmulatedBoard booted with ``maintenance=True``)."""
    out = board.run_script(PROBE, timeout=60.0)
    for line in out.splitlines():
        if line.startswith("FIGURES "):
            figures: dict[str, Any] = json.loads(line.removeprefix("FIGURES "))
            return figures
    raise ValueError(f"the probe printed no figures: {out[-500:]}")
