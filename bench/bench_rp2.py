"""The firmware on its chip: MicroPython's rp2 port on an emulated RP2040 (``tablier.link.sim_rp2``).

Every time here is the emulated chip's (``time.ticks_us`` on the chip, the emulator's clock on the
host side), so the machine's load changes none of them; only the emulator's own speed (emulated
seconds per wall second) depends on the machine. Runs when ``TABLIER_RP2_UF2`` names MicroPython's
RPI_PICO UF2 and ``make rp2-deps`` installed the emulator; otherwise it says so and leaves
``bench/results/rp2.json`` as it was.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tablier.hardware.layout import load_layout
from tablier.link import wire
from tablier.link.client import BoardClient
from tablier.link.image import build
from tablier.link.sim_rp2 import EmulatedBoard, emulator_ready
from tablier.link.sim_rp2_probe import (
    STREAM_LEDS,
    STREAM_LEDS_EVERY_S,
    STREAM_PING_EVERY_S,
    STREAM_STATUS_EVERY_S,
    STREAM_SWITCH_EVERY_S,
    probe,
    stream,
)
from tablier.link.transport import open_serial

SWITCH_SAMPLES = 60
PING_SAMPLES = 20
#: Emulated seconds of a busy host's frames (:func:`stream`): two STATUS periods and a little more.
STREAM_S = 2.3


def _poll_for(client: BoardClient, board: EmulatedBoard, seconds: float) -> None:
    until = board.now() + seconds
    while board.now() < until:
        client.poll(0.005)


def _link_figures(uf2: Path) -> dict[str, Any]:
    """The board as the host sees it: boot, pings, switches to the host, the loop with a host."""
    layout = load_layout()
    wall = time.monotonic()
    with EmulatedBoard(uf2, layout) as board:
        figures: dict[str, Any] = {"boot_to_usb_ms": round(board.now() * 1e3, 1)}
        port = open_serial(board.port)
        client = BoardClient(port, clock=board.now)
        started = board.now()
        client.connect(timeout=5.0)
        figures["hello_to_identify_ms"] = round((board.now() - started) * 1e3, 1)
        lit = board.now()
        while not client.leds_settled and board.now() - lit < 2.0:  # every LED, sent at connecting
            client.poll(0.005)
        figures["connect_leds_shown_ms"] = round((board.now() - lit) * 1e3, 1)
        pings = [client.ping(timeout=1.0) * 1e3 for _ in range(PING_SAMPLES)]
        figures["ping_ms_p50"] = round(statistics.median(pings), 2)
        delays = []
        for k in range(SWITCH_SAMPLES):
            switch = k % 8
            board.set_switch(switch, k % 16 < 8)
            at = board.now()
            while board.now() - at < 0.1:
                if [c for c in client.poll(0.001) if c.switch == switch]:
                    delays.append((board.now() - at) * 1e3)
                    break
        cuts = statistics.quantiles(delays, n=100)
        figures["switch_to_host_ms_p50"] = round(statistics.median(delays), 2)
        figures["switch_to_host_ms_p99"] = round(cuts[98], 2)
        figures["switch_to_host_samples"] = len(delays)
        client.request_status(timeout=1.0)
        busy, idle = board.cpu_seconds()
        _poll_for(client, board, 2.2)
        status = client.request_status(timeout=1.0).counters
        busy_after, idle_after = board.cpu_seconds()
        figures["connected_scans_per_second"] = status["scans_per_second"]
        figures["connected_worst_step_us"] = status["worst_step_us"]
        figures["connected_busy_percent_firmware"] = status["busy_percent"]
        figures["connected_idle_percent_emulator"] = round(
            100 * (idle_after - idle) / (busy_after - busy + idle_after - idle), 1)
        figures.update(_stream_figures(client, board))
        client.set_leds([(i, (255, 255, 255), wire.STEADY) for i in range(len(layout.leds))])
        client.send_leds()
        lit = board.now()
        while not client.leds_settled and board.now() - lit < 2.0:
            client.poll(0.005)
        figures["all_leds_lit_ms"] = round((board.now() - lit) * 1e3, 1)
        _poll_for(client, board, 0.1)
        status = client.request_status(timeout=1.0).counters
        figures["all_white_led_scale"] = status["led_scale"]
        figures["all_white_frame_on_the_line_us"] = float(board.led_timing().get("dur_us", 0))
        figures["spi_hz"] = board.chain_figures()["spi_hz"]
        figures["usb_attachments"] = board.attachments  # twice: again with the declared current
        figures["emulated_s"] = round(board.now(), 3)
        figures["wall_s"] = round(time.monotonic() - wall, 1)
        figures["emulator_speed"] = round(board.speed(), 4)
        port.close()
    return figures


def _stream_figures(client: BoardClient, board: EmulatedBoard) -> dict[str, Any]:
    """The loop while a busy host talks to it (:func:`stream`): the longest step, the scans, a
    switch to the host and new lights to their confirmation."""
    result = stream(client, board, STREAM_S)
    counters = result["counters"]
    switches = sorted(d * 1e3 for d in result["switch_delays_s"])
    lights = sorted(d * 1e3 for d in result["led_delays_s"])
    return {
        "stream": {"leds_every_s": STREAM_LEDS_EVERY_S, "leds_changed": STREAM_LEDS,
                   "ping_every_s": STREAM_PING_EVERY_S, "status_every_s": STREAM_STATUS_EVERY_S,
                   "switch_every_s": STREAM_SWITCH_EVERY_S, "emulated_s": STREAM_S},
        "stream_worst_step_us": counters["worst_step_us"],
        "stream_scans_per_second": counters["scans_per_second"],
        "stream_busy_percent_firmware": counters["busy_percent"],
        "stream_switch_to_host_ms_p50": round(statistics.median(switches), 2),
        "stream_switch_to_host_ms_max": round(switches[-1], 2),
        "stream_switch_samples": f"{len(switches)} of {result['flips']}",
        "stream_lights_shown_ms_p50": round(statistics.median(lights), 1) if lights else None,
        "stream_lights_shown_ms_max": round(lights[-1], 1) if lights else None,
        "stream_light_updates": f"{len(lights)} of {result['led_updates']}",
        "stream_led_resends": result["led_resends"],
        "stream_errors": counters["errors"],
    }


def _image_bytes() -> dict[str, int]:
    with tempfile.TemporaryDirectory() as folder:
        image = build(Path(folder), load_layout())
        return {"mpy_bytes": sum(p.stat().st_size for p in image if p.suffix == ".mpy"),
                "image_bytes": sum(p.stat().st_size for p in image)}


def main() -> dict[str, Any]:
    """The emulated chip's figures (nothing if no UF2 is given: the results stay as they were)."""
    uf2 = os.environ.get("TABLIER_RP2_UF2", "")
    why = emulator_ready() if uf2 else "no TABLIER_RP2_UF2 given"
    if why:
        print(f"   bench rp2 skipped: {why} (make bench TABLIER_RP2_UF2=PATH after make rp2-deps)")
        sys.exit(0)
    with EmulatedBoard(Path(uf2), maintenance=True) as board:
        parts = probe(board)
        probe_speed = board.speed()
    figures: dict[str, Any] = {
        "kind": "emulated RP2040 (rp2040js 1.4.1), MicroPython rp2 port; emulated time",
        "uf2": Path(uf2).name,
        "step_parts_us": {name: parts[name] for name in (
            "read_switches_us", "scan_quiet_us", "scan_one_byte_changed_us", "link_poll_us",
            "leds_refresh_idle_us", "feed_us", "vsys_us", "step_us", "step_worst_us")},
        "idle_percent_at_1khz_no_host": round(100 - parts["step_us"] / 10, 1),
        "scans_per_second_no_host": parts["scans_per_second_no_host"],
        "host_frames_worst_step_us": parts["host_stream_worst_step_us"],
        "host_frames_scans_per_second": parts["host_stream_scans_per_second"],
        "host_frames_steps_that_allocated": parts["host_stream_steps_that_allocated"],
        "host_frames_received": parts["host_stream_frames"],
        "host_frames_link_piece_worst_us": parts["host_stream_piece_worst_us"],
        "led_frame_render_steps": parts["led_frame_render_steps"],
        "led_frame_block_us": parts["led_frame_longest_refresh_us"] - parts["leds_refresh_idle_us"],
        "led_frame_longest_refresh_us": parts["led_frame_longest_refresh_us"],
        "led_frame_dma_start_us": parts["led_frame_start_us"],
        "heap_after_start_bytes": parts["heap_after_start_bytes"],
        "heap_of_the_firmware_bytes": parts["heap_of_the_firmware_bytes"],
        "steps_that_allocated_of_300": parts["steps_that_allocated"],
        "usb_declared_ma": parts["usb_ma"],
        "led_budget_ma": parts["led_budget_ma"],
        "probe_emulator_speed": round(probe_speed, 4),
    }
    figures.update(_link_figures(Path(uf2)))
    figures.update(_image_bytes())
    return figures
