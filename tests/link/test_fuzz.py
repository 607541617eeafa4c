"""Fuzzed input never stops the firmware, and nothing but protocol frames comes back."""

from __future__ import annotations

import random
import time

import serial

from tablier.hardware.layout import load_layout
from tablier.link import framing, wire
from tablier.link.client import BoardClient
from tablier.link.sim import SimulatedBoard

FRAMES = 3000


def _valid_frame(rng: random.Random) -> bytes:
    """A random well-formed host frame (harmless kinds: the fuzz must not say BYE or MAINTENANCE)."""
    body = bytearray(wire.MAX_BODY)
    out = bytearray(wire.MAX_FRAME)
    seq = rng.randrange(256)
    kind = rng.randrange(5)
    if kind == 0:
        length = wire.encode_ping(body, seq, rng.randrange(1 << 32))
    elif kind == 1:
        length = wire.encode_ack(body, seq, rng.randrange(1 << 16))
    elif kind == 2:
        length = wire.encode_leds(body, seq, [(rng.randrange(80), 1, 2, 3, rng.randrange(4))])
    elif kind == 3:
        length = wire.encode_request(body, seq, wire.GET_STATUS)
    else:
        length = wire.encode_set_debounce(body, seq, 5)
    return bytes(out[:framing.seal(body, length, out)])


def _mutate(frame: bytes, rng: random.Random) -> bytes:
    data = bytearray(frame)
    choice = rng.randrange(5)
    if choice == 0:  # flip a bit
        i = rng.randrange(len(data))
        data[i] ^= 1 << rng.randrange(8)
    elif choice == 1:  # truncate
        data = data[:rng.randrange(1, len(data))]
    elif choice == 2:  # drop the delimiters
        data = data.strip(b"\x00")
    elif choice == 3:  # oversize
        data = b"\x00" + bytes(rng.randrange(1, 256) for _ in range(rng.randrange(300, 900))) + b"\x00"
    else:  # splice random bytes in
        i = rng.randrange(len(data))
        data[i:i] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 20)))
    return bytes(data)


def test_fuzzed_input_is_counted_and_dropped() -> None:
    rng = random.Random(2026)
    with SimulatedBoard() as board:
        port = serial.Serial(board.port, timeout=0)
        received = bytearray()
        for i in range(FRAMES):
            if i % 3 == 0:
                chunk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
            else:
                chunk = _mutate(_valid_frame(rng), rng)
            port.write(chunk)
            if i % 50 == 0:
                received += port.read(65536)
        time.sleep(0.2)
        received += port.read(65536)
        port.write(b"\x00")  # end whatever the last garbage left open

        # Everything the firmware sent back is made of whole, checked protocol frames.
        decoder = framing.Decoder(wire.MAX_BODY)
        for byte in received:
            length = decoder.feed(byte)
            if length:
                assert wire.well_formed(decoder.body, length)
        assert decoder.bad_frames == 0 and decoder.dropped_bytes == 0 and decoder.oversized == 0

        # And it still works.
        assert board.running
        client = BoardClient(port, load_layout().hash)
        client.connect()
        status = client.request_status()
        assert status.rx_bad_frames + status.rx_oversized > FRAMES // 2
        assert status.rx_dropped_bytes > 0 and status.errors == 0
        board.set_switch(9, True)
        deadline = time.monotonic() + 3
        while 9 not in client.closed and time.monotonic() < deadline:
            client.poll(0.01)
        assert client.closed == {9}
        port.close()
        assert "Traceback" not in board.log_text()
