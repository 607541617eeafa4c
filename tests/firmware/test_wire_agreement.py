"""The wire codec agrees with itself across interpreters: MicroPython (the firmware) and CPython (the host).

The same module runs in both; these tests encode every message in each interpreter, decode it in the
other, and check the bytes are identical and the values survive.
"""

from __future__ import annotations

import binascii
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from tablier.link import framing, wire

RunMicroPython = Callable[[str], list[Any]]

SAMPLES: list[tuple[str, str, list[Any]]] = [
    ("hello", "hello", [wire.PROTOCOL_VERSION]),
    ("ping", "ping", [0xDEADBEEF]),
    ("ack", "ack", [65535]),
    ("request", "", [wire.GET_SNAPSHOT]),
    ("request", "", [wire.GET_STATUS]),
    ("request", "", [wire.BYE]),
    ("request", "", [wire.MAINTENANCE]),
    ("leds", "leds", [[[0, 255, 0, 0, 0], [75, 1, 2, 3, 2], [300, 0, 0, 0, 1]]]),
    ("leds_fill", "leds_fill", [10, 20, 30, wire.SLOW_BLINK]),
    ("set_debounce", "set_debounce", [7]),
    ("identify", "identify", [203, 76, "db3228ba", "0.1.0"]),
    ("snapshot", "snapshot", [1234, (1 << 30) - 1, "00ff8001" + "00" * 22]),
    ("event", "event", [65535, 123456789, 202, 1]),
    ("pong", "pong", [7, 99]),
    ("status", "status", [list(range(1, len(wire.STATUS_COUNTERS) + 1)), [3, 250]]),
    ("done", "done", [200, 1]),
]

SCRIPT = """
import binascii, json
import framing, wire

samples = json.loads(SAMPLES)
received = json.loads(RECEIVED)

def arg(value):
    if isinstance(value, str) and len(value) > 20:
        return bytearray(binascii.unhexlify(value))
    return value

def plain(value):
    if isinstance(value, (bytes, bytearray)):
        return binascii.hexlify(value).decode()
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value

body = bytearray(wire.MAX_BODY)
out = bytearray(wire.MAX_FRAME)
for seq, (encoder, decoder, args) in enumerate(samples):
    length = getattr(wire, "encode_" + encoder)(body, seq, *[arg(a) for a in args])
    n = framing.seal(body, length, out)
    print(json.dumps(["frame", binascii.hexlify(out[:n]).decode()]))

for (encoder, decoder, args), frame in zip(samples, received):
    d = framing.Decoder(wire.MAX_BODY)
    length = 0
    for byte in binascii.unhexlify(frame):
        length = d.feed(byte) or length
    ok = wire.well_formed(d.body, length)
    value = getattr(wire, "decode_" + decoder)(d.body, length) if decoder else None
    print(json.dumps(["decoded", wire.message_type(d.body), ok, plain(value)]))
"""


def _plain(value: Any) -> Any:
    if isinstance(value, bytes | bytearray):
        return binascii.hexlify(value).decode()
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _arg(value: Any) -> Any:
    return bytearray(binascii.unhexlify(value)) if isinstance(value, str) and len(value) > 20 else value


def _host_frames() -> list[bytes]:
    body = bytearray(wire.MAX_BODY)
    out = bytearray(wire.MAX_FRAME)
    frames = []
    for seq, (encoder, _, args) in enumerate(SAMPLES):
        length = getattr(wire, "encode_" + encoder)(body, seq, *[_arg(a) for a in args])
        frames.append(bytes(out[:framing.seal(body, length, out)]))
    return frames


def _decode_host(frame: bytes) -> tuple[int, bool, Any]:
    decoder = framing.Decoder(wire.MAX_BODY)
    length = 0
    for byte in frame:
        length = decoder.feed(byte) or length
    assert length, "the frame did not decode"
    return decoder.body[1], wire.well_formed(decoder.body, length), bytes(decoder.body[:length])


@pytest.fixture(scope="module")
def micropython_side(run_micropython: RunMicroPython) -> list[Any]:
    samples = json.dumps(SAMPLES)
    received = json.dumps([f.hex() for f in _host_frames()])
    return run_micropython(f"SAMPLES = {samples!r}\nRECEIVED = {received!r}\n" + SCRIPT)


def test_every_message_encodes_to_the_same_bytes_in_both(micropython_side: list[Any]) -> None:
    frames = [bytes.fromhex(line[1]) for line in micropython_side if line[0] == "frame"]
    assert frames == _host_frames()


def test_every_message_decodes_the_same_in_both(micropython_side: list[Any]) -> None:
    decoded = [line[1:] for line in micropython_side if line[0] == "decoded"]
    assert len(decoded) == len(SAMPLES)
    for (encoder, decoder, _args), (kind, ok, value), frame in zip(SAMPLES, decoded, _host_frames(),
                                                                   strict=True):
        host_kind, host_ok, body = _decode_host(frame)
        assert (kind, ok) == (host_kind, True) and host_ok, encoder
        if decoder:
            host_value = _plain(getattr(wire, "decode_" + decoder)(body, len(body)))
            assert value == host_value, encoder


def test_the_sample_covers_every_message_type() -> None:
    kinds = {_decode_host(frame)[0] for frame in _host_frames()}
    assert kinds == set(wire.MESSAGE_NAMES)


def test_values_survive_the_round_trip() -> None:
    frames = dict(zip((s[0] + str(s[2][0]) for s in SAMPLES), _host_frames(), strict=True))
    _, _, body = _decode_host(frames["event65535"])
    assert wire.decode_event(body, len(body)) == (65535, 123456789, 202, 1)
    _, _, body = _decode_host(frames["identify203"])
    assert wire.decode_identify(body, len(body)) == (wire.PROTOCOL_VERSION, 203, 76, "db3228ba", "0.1.0")


def test_crc_is_ccitt_false() -> None:
    data = bytes(random.Random(5).randrange(256) for _ in range(300))
    assert framing.crc16(data, 0, len(data)) == binascii.crc_hqx(data, 0xFFFF)
