"""The firmware's figures taken on the emulated chip itself: each part of a loop step, the LED frame,
the heap, and the bytes allocated per step.

:func:`probe` runs :data:`PROBE` over the raw REPL of an :class:`~tablier.link.sim_rp2.EmulatedBoard`
booted with its REPL free (``maintenance=True``): the script builds the firmware as ``main.py``
would (``hal.rp2.Board``, the watchdog off) and times it with ``time.ticks_us``, in emulated
microseconds, so the machine's load does not change the figures. :data:`HOST_PROBE` follows with
host frames arriving over USB while the loop steps (the heap locked); :func:`stream` talks to a
board that runs its firmware as a busy host would.
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
figures["link_poll_us"] = each(lambda: fw.link.poll(ticks_ms(), ticks_us()))[0]
figures["leds_refresh_idle_us"] = each(lambda: fw.leds.refresh(ticks_ms()))[0]
figures["feed_us"] = each(board.feed)[0]
figures["vsys_us"] = each(board.vsys_mv)[0]

def step_work():
    now = ticks_ms()
    start = ticks_us()
    board.feed(); fw.scanner.scan(now); fw.leds.refresh(now); fw.link.poll(now, start)
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
    """Run :data:`PROBE` on ``board`` (an EmulatedBoard booted with ``maintenance=True``), then
    :data:`HOST_PROBE` with host frames arriving over USB (:func:`host_frames`)."""
    figures = _figures(board.run_script(PROBE, timeout=60.0))
    frames = host_frames()
    code = HOST_PROBE.replace("EXPECTED", str(len(frames)))
    figures.update(_figures(_run_with_host(board, code, frames, timeout=60.0)))
    return figures


def _figures(out: str) -> dict[str, Any]:
    for line in out.splitlines():
        if line.startswith("FIGURES "):
            figures: dict[str, Any] = json.loads(line.removeprefix("FIGURES "))
            return figures
    raise ValueError(f"the probe printed no figures: {out[-500:]}")


#: The frames :data:`HOST_PROBE` receives, and how far apart (emulated seconds): a LEDS frame of 40
#: entries (the longest a host sends), a PING, a GET_STATUS and an ACK, over and over.
HOST_ROUNDS = 8
HOST_FRAME_GAP_S = 0.02

HOST_PROBE = r"""
# The probe's board and firmware (PROBE ran first): host frames now arrive over USB while the loop
# steps, the answers dropped (USB is the REPL's). Each step's work is timed, and each piece of the
# link's by its kind; the heap is locked throughout.
import micropython
from time import ticks_us, ticks_diff, ticks_ms
link = fw.link
PIECES = ("seal", "status", "identify", "snapshot", "pong", "done", "event", "leds", "handle", "read")
piece_worst = [0] * len(PIECES)
piece_count = [0] * len(PIECES)
real_piece = link._piece

def timed_piece(now):
    if link.sealer.busy:
        kind = 0
    elif link.owed & 1:
        kind = 2
    elif link.owed & 2:
        kind = 3
    elif link.connected and link.sent < fw.scanner.count:
        kind = 6
    elif link.owed & 4:
        kind = 4
    elif link.owed & 8:
        kind = 5
    elif link.owed:
        kind = 1
    elif link.led_end:
        kind = 7
    elif link.rx_frame:
        kind = 8
    else:
        kind = 9
    t = ticks_us()
    more = real_piece(now)
    d = ticks_diff(ticks_us(), t)
    if more:
        piece_count[kind] += 1
        if d > piece_worst[kind]:
            piece_worst[kind] = d
    return more

link._piece = timed_piece
class Sink:  # where write_host writes instead of USB (the REPL's): asked as USB is, then dropped
    def write(self, buf, n):
        return n

board._stdout = Sink()
frames_before = link.decoder.frames
writes_before = fw.leds.writes
scans_before = fw.scanner.scans
worst = 0
steps = 0
failures = 0
gc.collect()
micropython.kbd_intr(-1)
print("GO")
started = ticks_ms()
quiet_since = started
t = now = d = 0  # every name the loop sets exists before the heap is locked
micropython.heap_lock()
while ticks_diff(ticks_ms(), started) < 20000 and (link.decoder.frames - frames_before < EXPECTED
                                                    or ticks_diff(ticks_ms(), quiet_since) < 50):
    board.idle()
    try:
        t = ticks_us()
        now = ticks_ms()
        board.feed()
        fw.scanner.scan(now)
        fw.leds.refresh(now)
        link.poll(now, t)
        d = ticks_diff(ticks_us(), t)
    except MemoryError:
        failures += 1
        d = 0
    if d > worst:
        worst = d
    steps += 1
    if link.rx_at != link.rx_end or link.rx_frame or link.led_end or link.sealer.busy:
        quiet_since = ticks_ms()
micropython.heap_unlock()
elapsed = ticks_diff(ticks_ms(), started)
while board.read_host(link.rx):  # nothing the host sent is left for the REPL
    pass
micropython.kbd_intr(3)
del link._piece
figures = {"host_stream_steps": steps, "host_stream_worst_step_us": worst,
           "host_stream_steps_that_allocated": failures,
           "host_stream_frames": link.decoder.frames - frames_before,
           "host_stream_bad_frames": link.decoder.bad_frames,
           "host_stream_led_frames_sent": fw.leds.writes - writes_before,
           "host_stream_scans_per_second": (fw.scanner.scans - scans_before) * 1000 // elapsed,
           "host_stream_piece_worst_us": {PIECES[k]: piece_worst[k] for k in range(len(PIECES))},
           "host_stream_piece_count": {PIECES[k]: piece_count[k] for k in range(len(PIECES))}}
print("FIGURES " + json.dumps(figures))
"""


def host_frames() -> list[bytes]:
    """The frames of :data:`HOST_PROBE`, each sealed: :data:`HOST_ROUNDS` rounds of a LEDS frame of
    ``wire.MAX_LED_ENTRIES`` entries, a PING, a GET_STATUS and an ACK."""
    from tablier.link import framing, wire
    from tablier.link.client import LED_ENTRIES_PER_FRAME

    body = bytearray(wire.MAX_BODY)
    out = bytearray(wire.MAX_FRAME)
    frames = []
    seq = 0

    def sealed(length: int) -> None:
        nonlocal seq
        frames.append(bytes(out[:framing.seal(body, length, out)]))
        seq = (seq + 1) & 0xFF

    for k in range(HOST_ROUNDS):  # steady, slow and fast blinks: the load these figures always had
        sealed(wire.encode_leds(body, seq, [(i, (k * 37 + i) % 256, 255 - i, i, i % wire.LEGACY_MODE_COUNT)
                                            for i in range(k, k + LED_ENTRIES_PER_FRAME)]))
        sealed(wire.encode_ping(body, seq, k))
        sealed(wire.encode_request(body, seq, wire.GET_STATUS))
        sealed(wire.encode_ack(body, seq, 0))
    return frames


def _run_with_host(board: Any, code: str, frames: list[bytes], timeout: float) -> str:
    """Run ``code`` over the raw REPL like ``board.run_script``; once it prints ``GO``, write
    ``frames`` to USB :data:`HOST_FRAME_GAP_S` apart (the script reads them itself, as the firmware
    does). What it printed."""
    import serial

    with serial.Serial(board.port, timeout=0) as port:
        port.write(b"\r\x03\x03\x01")
        board._expect(port, b"raw REPL; CTRL-B to exit\r\n>", timeout)
        port.write(code.encode() + b"\x04")
        board._expect(port, b"GO\r\n", timeout)
        for frame in frames:
            port.write(frame)
            board.sleep(HOST_FRAME_GAP_S)
        reply: bytes = board._expect(port, b"\x04>", timeout)
        port.write(b"\x02")
    text = reply.decode(errors="replace")
    out, _, err = text.partition("\x04")
    if err.strip("\x04>").strip():
        raise ValueError(f"the host probe failed on the emulated board: {err.strip()}")
    return out


#: What :func:`stream` does, in emulated seconds between two: new lights for ``STREAM_LEDS`` LEDs
#: (every one changed: ``STREAM_LEDS / LED_ENTRIES_PER_FRAME`` LEDS frames), a PING, a GET_STATUS;
#: and a switch flipped (once the last flip reached the host).
STREAM_LEDS_EVERY_S = 0.5
STREAM_LEDS = 24
STREAM_PING_EVERY_S = 0.1
STREAM_STATUS_EVERY_S = 0.5
STREAM_SWITCH_EVERY_S = 0.1


def stream(client: Any, board: Any, seconds: float, switch: int = 100) -> dict[str, Any]:
    """Talk to a connected board for ``seconds`` of emulated time as a busy host would, and more:
    new lights twice a second, ten PINGs and two STATUS requests a second, while ``switch`` flips
    ten times a second. How late each flip reached the host and how long each set of lights took to
    be confirmed shown (seconds), and the counters of a STATUS asked for at the end (its
    ``worst_step_us`` covers the stream since the stream's last STATUS)."""
    from tablier.link import wire

    switch_delays: list[float] = []
    led_delays: list[float] = []
    updates = 0
    start = board.now()
    until = start + seconds
    due = {"leds": start, "ping": start, "status": start + STREAM_STATUS_EVERY_S, "switch": start}
    flipped_at: float | None = None
    lit_at: float | None = None
    closed = switch in client.closed
    flips = 0
    while board.now() < until:
        now = board.now()
        if now >= due["leds"]:
            shade = (updates * 37) % 200 + 1
            client.set_leds([(i, (shade, 255 - shade, i), wire.STEADY) for i in range(STREAM_LEDS)])
            client.send_leds()
            lit_at = now
            updates += 1
            due["leds"] += STREAM_LEDS_EVERY_S
        if now >= due["ping"]:
            client.ask_ping()
            due["ping"] += STREAM_PING_EVERY_S
        if now >= due["status"]:
            client.ask_status()
            due["status"] += STREAM_STATUS_EVERY_S
        if flipped_at is None and now >= due["switch"]:
            closed = not closed
            board.set_switch(switch, closed)
            flipped_at = board.now()
            flips += 1
            due["switch"] += STREAM_SWITCH_EVERY_S
        for change in client.poll(0.001):
            if flipped_at is not None and change.switch == switch and change.closed == closed:
                switch_delays.append(board.now() - flipped_at)
                flipped_at = None
        if lit_at is not None and client.leds_settled:
            led_delays.append(board.now() - lit_at)
            lit_at = None
    status = client.request_status(timeout=1.0)
    return {"switch_delays_s": switch_delays, "flips": flips, "led_delays_s": led_delays,
            "led_updates": updates, "led_resends": client.stats.led_resends, "counters": status.counters}
