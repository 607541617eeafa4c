"""Firmware figures: scan and event rates under the unix port, allocation, heap, image size, latency.

Rates are measured in MicroPython's unix port on this machine (regression figures, not RP2040
speeds); the RP2040 rate is an estimate from them (see ``rp2040_estimate``). The latency is from a
simulated switch change to the host's ``BoardClient`` over the pseudo-terminal, debounce included.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from tablier.hardware.layout import load_layout
from tablier.link.client import BoardClient
from tablier.link.image import FIRMWARE_DIR, SIM_DIR, build, stage, tool
from tablier.link.sim import SimulatedBoard
from tablier.link.transport import open_serial

#: Assumed speed of MicroPython on a 125 MHz RP2040, in iterations per second of the reference loop
#: below (``for i in range(n): x ^= buf[i & 31]``). An assumption, to be replaced by a measurement
#: on a Pico; the estimate scales this machine's scan time by the measured/assumed loop speed ratio.
ASSUMED_RP2040_LOOPS_PER_S = 400_000
#: Time around each SPI transfer on the device (call, /PL pulse), assumed.
ASSUMED_SPI_OVERHEAD_S = 30e-6
LATENCY_SAMPLES = 200

SCRIPT = """
import gc, json, time
import machine
from hal.sim import Board
from app import Firmware
import framing, wire

def us():
    return time.ticks_us()

def loops(n):
    buf = bytearray(32)
    x = 0
    t = us()
    for i in range(n):
        x ^= buf[i & 31]
    return n * 1e6 / time.ticks_diff(us(), t)

gc.collect()
before_start = gc.mem_alloc()
board = Board([])
firmware = Firmware(board)
gc.collect()
after_start = gc.mem_alloc()
scanner = firmware.scanner
fixed = bytearray(len(scanner.raw))  # the chain and the byte read past it

def read_fixed(buf):
    for i in range(len(buf)):
        buf[i] = fixed[i]

def scans_per_s(n):
    t = us()
    for i in range(n):
        scanner.scan(i)
    return n * 1e6 / time.ticks_diff(us(), t)

# the whole loop over the simulated chain (the simulation's own cost included)
t = us()
for i in range(2000):
    firmware.scanner.scan(time.ticks_ms())
sim_rate = 2000 * 1e6 / time.ticks_diff(us(), t)

# the firmware's scan alone (the read is a copy of fixed bytes)
scanner._read = read_fixed
scan_rate = scans_per_s(20000)

# allocation per scan (no floats or timing inside: those allocate themselves)
def scan_n(n):
    for i in range(n):
        scanner.scan(i)

gc.collect()
gc.disable()
free = gc.mem_free()
scan_n(5000)
allocated = (free - gc.mem_free()) / 5000
gc.enable()

# events: every scan flips 8 switches (debounce 0); the ring is emptied as a link would
scanner.debounce_ms = 0
t = us()
n = 5000
for i in range(n):
    fixed[3] ^= 0xFF
    scanner.scan(i)
    scanner.forget_all()
elapsed = time.ticks_diff(us(), t)
events_rate = 8 * n * 1e6 / elapsed

# encoding and framing events as the link does
body = bytearray(wire.MAX_BODY)
out = bytearray(wire.MAX_FRAME)
t = us()
for i in range(5000):
    framing.seal(body, wire.encode_event(body, i & 255, i, 123456, 17, 1), out)
frames_rate = 5000 * 1e6 / time.ticks_diff(us(), t)

# peak heap: feed the link a burst of host frames (hello, LED frames, status requests)
sent = [0]
def write_host(buf, n):
    sent[0] += n
    return True
incoming = bytearray()
seq = 0
for k in range(40):
    if k == 0:
        length = wire.encode_hello(body, seq, wire.PROTOCOL_VERSION)
    elif k % 3 == 0:
        length = wire.encode_request(body, seq, wire.GET_STATUS)
    else:
        length = wire.encode_leds(body, seq, [(j, k, 2 * k, 3 * k, k % 3) for j in range(20)])
    incoming += out[:framing.seal(body, length, out)]
    seq += 1
position = [0]
def read_host(buf):
    n = min(len(buf), len(incoming) - position[0])
    for i in range(n):
        buf[i] = incoming[position[0] + i]
    position[0] += n
    return n
board.read_host = read_host
board.write_host = write_host
scanner._read = read_fixed
scanner.debounce_ms = 5
gc.collect()
peak = gc.mem_alloc()
for i in range(400):
    fixed[i % len(fixed)] ^= 0x81
    firmware.step()
    used = gc.mem_alloc()
    if used > peak:
        peak = used
gc.collect()
print(json.dumps({
    "loops_per_s": loops(200000),
    "scans_per_s_sim_chain": sim_rate,
    "scans_per_s": scan_rate,
    "bytes_allocated_per_scan": allocated,
    "events_per_s": events_rate,
    "event_frames_encoded_per_s": frames_rate,
    "heap_after_start_bytes": after_start,
    "heap_firmware_objects_bytes": after_start - before_start,
    "heap_peak_bytes": peak,
    "heap_total_bytes": gc.mem_alloc() + gc.mem_free(),
    "host_bytes_sent": sent[0],
    "errors": firmware.link.errors,
}))
"""


def _micropython_figures(image: Path) -> dict[str, float]:
    path = image / "bench_script.py"
    path.write_text(SCRIPT)
    env = dict(os.environ, MICROPYPATH=os.pathsep.join(map(str, (image, SIM_DIR, FIRMWARE_DIR))))
    result = subprocess.run([tool("micropython"), "-X", "heapsize=192K", str(path)], capture_output=True,
                            text=True, env=env, timeout=600, check=True, stdin=subprocess.DEVNULL)
    figures: dict[str, float] = json.loads(result.stdout.splitlines()[-1])
    return figures


def _latencies(debounce_ms: int) -> list[float]:
    """Seconds from a simulated switch change to the host seeing it."""
    samples = []
    with SimulatedBoard() as board, open_serial(board.port) as port:
        client = BoardClient(port, board.layout.hash)
        client.connect()
        client.set_debounce(debounce_ms)
        client.poll(0.05)
        for k in range(LATENCY_SAMPLES):
            switch = k % 50
            closed = switch not in client.closed
            start = time.perf_counter()
            board.set_switch(switch, closed)
            while (switch in client.closed) != closed:
                client.poll(0.0)
            samples.append(time.perf_counter() - start)
    return samples


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def rp2040_estimate(spi_bytes: int, spi_baud: int, unix_loops_per_s: float,
                    unix_scans_per_s: float) -> dict[str, object]:
    """The RP2040 scan figure: an ESTIMATE from clock rates and assumptions, not a measurement.

    SPI time = bits / baud + the assumed call overhead; the interpreter's time per scan = this
    machine's scan time scaled by (this machine's loop speed / the assumed RP2040 loop speed). Every
    step is written out in ``arithmetic`` so that no one reads the result as measured on a Pico.
    """
    bits = spi_bytes * 8
    spi_s = bits / spi_baud + ASSUMED_SPI_OVERHEAD_S
    ratio = unix_loops_per_s / ASSUMED_RP2040_LOOPS_PER_S
    interpreter_s = ratio / unix_scans_per_s
    scan_s = interpreter_s + spi_s
    return {
        "kind": "estimate from clock rates and an assumed interpreter speed; not measured on a Pico",
        "assumed_loops_per_s": ASSUMED_RP2040_LOOPS_PER_S,
        "assumed_spi_overhead_us": round(ASSUMED_SPI_OVERHEAD_S * 1e6),
        "unix_port_loops_per_s": round(unix_loops_per_s),
        "spi_transfer_ms": round(spi_s * 1000, 3),
        "interpreter_ms": round(interpreter_s * 1000, 3),
        "estimated_scan_ms": round(scan_s * 1000, 3),
        "estimated_scans_per_s": round(1 / scan_s),
        "arithmetic": [
            f"SPI: {spi_bytes} bytes x 8 = {bits} bits / {spi_baud} Hz = {bits / spi_baud * 1e6:.0f} us "
            f"+ {ASSUMED_SPI_OVERHEAD_S * 1e6:.0f} us assumed overhead = {spi_s * 1e6:.0f} us",
            f"interpreter: (1 / {unix_scans_per_s:.0f} scans/s) x ({unix_loops_per_s:.0f} / "
            f"{ASSUMED_RP2040_LOOPS_PER_S} loops/s) = {interpreter_s * 1e6:.0f} us",
            f"scan: {interpreter_s * 1e6:.0f} + {spi_s * 1e6:.0f} = {scan_s * 1e6:.0f} us, "
            f"1 / {scan_s:.6f} s = {1 / scan_s:.0f} scans/s (estimated)",
        ],
    }


def main() -> dict[str, object]:
    """Measure the firmware's figures."""
    layout = load_layout()
    with tempfile.TemporaryDirectory() as folder:
        figures = _micropython_figures(stage(Path(folder) / "stage", layout))
        image = build(Path(folder) / "image", layout)
        mpy_bytes = sum(p.stat().st_size for p in image if p.suffix == ".mpy")
        image_bytes = sum(p.stat().st_size for p in image)
    result: dict[str, object] = {
        "switches": layout.switch_count,
        "shift_register_bytes": layout.sr_bytes,
        "unix_port_scans_per_s": round(figures["scans_per_s"]),
        "unix_port_scans_per_s_with_simulated_chain": round(figures["scans_per_s_sim_chain"]),
        "unix_port_events_per_s": round(figures["events_per_s"]),
        "unix_port_event_frames_per_s": round(figures["event_frames_encoded_per_s"]),
        "bytes_allocated_per_scan": figures["bytes_allocated_per_scan"],
        "heap_after_start_bytes": figures["heap_after_start_bytes"],
        "heap_firmware_objects_bytes": figures["heap_firmware_objects_bytes"],
        "heap_peak_bytes": figures["heap_peak_bytes"],
        "heap_total_bytes": figures["heap_total_bytes"],
        "mpy_bytes": mpy_bytes,
        "image_bytes": image_bytes,
        "rp2040_estimate": rp2040_estimate(layout.sr_bytes + 1, layout.pins.spi_baud,
                                           figures["loops_per_s"], figures["scans_per_s"]),
    }
    for debounce in (5, 0):
        samples = _latencies(debounce)
        result[f"latency_ms_debounce_{debounce}ms"] = {
            "median": round(statistics.median(samples) * 1000, 2),
            "p99": round(_percentile(samples, 0.99) * 1000, 2),
            "samples": len(samples),
        }
    return result


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
