"""The simulated board (the firmware under MicroPython's unix port) shows the player's palette and
runs the blink codes itself; a board whose IDENTIFY names no mode count (older firmware) is sent
only the first three codes."""

from __future__ import annotations

import time

import pytest
import serial

from tablier.board.leds import DESTINATION, HIT, PUT_HERE, LedPlan
from tablier.board.palettes import PALETTES, Palette
from tablier.hardware.layout import Layout, load_layout
from tablier.link import framing, wire
from tablier.link.sim import SimulatedBoard
from tablier.link.transport import open_serial
from tablier.play.link import Link

Colour = tuple[int, int, int]


def _frames(data: bytearray) -> tuple[list[tuple[bytearray, int]], bytearray]:
    """The whole frames' bodies in ``data`` (with their lengths) and what is left of it."""
    found = []
    while 0 in data[1:]:
        end = data.index(0, 1) + 1
        frame, data = data[:end], data[end:]
        decoder = framing.Decoder(wire.MAX_BODY)
        for byte in frame:
            length = decoder.feed(byte)
            if length:
                found.append((bytearray(decoder.body), length))
    return found, data


class OlderFirmware:
    """A port that takes the mode count off the board's IDENTIFY (as firmware before it says it),
    and keeps the LED modes the host sends."""

    def __init__(self, port: serial.Serial) -> None:
        self.port = port
        self.pending = bytearray()
        self.modes_sent: set[int] = set()

    def write(self, data: bytes) -> int | None:
        for body, length in _frames(bytearray(data))[0]:
            if body[1] == wire.LEDS:
                self.modes_sent.update(mode for *_, mode in wire.decode_leds(body, length))
        return self.port.write(data)

    def read(self, size: int = 1) -> bytes:
        self.pending += self.port.read(size)
        frames, self.pending = _frames(self.pending)
        out = bytearray()
        for body, length in frames:
            if body[1] == wire.IDENTIFY:
                length -= 1  # the last byte before the CRC: the mode count
            sealed = bytearray(wire.MAX_FRAME)
            out += sealed[:framing.seal(body, length - 2, sealed)]
        return bytes(out)

    def reset_input_buffer(self) -> None:
        self.port.reset_input_buffer()


def _watch(board: SimulatedBoard, link: Link, leds: list[int], seconds: float) -> list[list[Colour]]:
    """The colours of ``leds`` in each LED frame the board sends in the next ``seconds`` (once the
    board confirmed the wishes)."""
    deadline = time.monotonic() + 3
    while not (link.client and link.client.leds_settled) and time.monotonic() < deadline:
        link.poll(0.01)
    seen: list[list[Colour]] = []
    frames = board.led_frames
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        link.poll(0.005)
        if board.led_frames != frames:
            frames = board.led_frames
            colours = board.led_colours()
            seen.append([colours[i] for i in leds])
    return seen


def _plan(layout: Layout, palette: Palette | None = None) -> tuple[LedPlan, list[int]]:
    plan = LedPlan(layout, palette)
    plan.place(("point", 7), DESTINATION).place(("point", 5), HIT).place(("point", 3), PUT_HERE)
    return plan, [layout.led_for("point", n).index for n in (7, 5, 3)]


@pytest.mark.parametrize("palette", PALETTES, ids=[p.name for p in PALETTES])
def test_the_players_palette_and_the_codes_reach_the_leds(palette: Palette) -> None:
    layout = load_layout()
    with SimulatedBoard(layout) as board:
        link = Link(lambda: open_serial(board.port), layout.hash)
        link.connect()
        assert link.mode_count == wire.MODE_COUNT
        plan, leds = _plan(layout, palette)
        link.set_leds(plan.wishes(modes=link.mode_count))
        seen = _watch(board, link, leds, 1.2)
        link.close()
    destination, hit, put_here = (palette[m.name] for m in (DESTINATION, HIT, PUT_HERE))
    assert len(seen) >= wire.PATTERN_SLOTS // 2  # redrawn as the codes change, many times a second
    assert all(frame[0] == destination for frame in seen)  # steady, in the palette's colour
    assert {frame[1] for frame in seen} == {hit, (0, 0, 0)}  # a double flash: lit, then dark
    pulse = {tuple(c * level >> 8 for c in put_here) for level in wire.PULSE_LEVELS}
    shown = {frame[2] for frame in seen}
    assert shown <= pulse and len(shown) >= 4  # swells and fades in the palette's colour, never dark


def test_a_board_that_names_no_mode_count_is_sent_only_the_first_three_codes() -> None:
    layout = load_layout()
    with SimulatedBoard(layout) as board:
        older: list[OlderFirmware] = []

        def opener() -> OlderFirmware:
            older.append(OlderFirmware(open_serial(board.port)))
            return older[-1]

        link = Link(opener, layout.hash)
        link.connect()
        assert link.mode_count == wire.LEGACY_MODE_COUNT
        plan, leds = _plan(layout)
        link.set_leds(plan.wishes(modes=link.mode_count))
        seen = _watch(board, link, leds, 1.2)
        link.close()
    assert older[0].modes_sent and older[0].modes_sent <= {wire.STEADY, wire.SLOW_BLINK, wire.FAST_BLINK}
    assert {frame[2] for frame in seen} == {PUT_HERE.colour, (0, 0, 0)}  # put-here's legacy fast blink
