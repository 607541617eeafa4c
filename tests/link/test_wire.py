"""The frame layer of the shared codec, on CPython: framing round-trips, garbage is counted."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tablier.link import wire


def _frame(payload: bytes, seq: int = 7, kind: int = 0x42) -> bytes:
    body = bytearray(wire.MAX_BODY)
    body[0] = seq
    body[1] = kind
    body[2:2 + len(payload)] = payload
    out = bytearray(wire.MAX_FRAME)
    return bytes(out[:wire.seal(body, 2 + len(payload), out)])


def _bodies(data: bytes) -> tuple[list[bytes], wire.Decoder]:
    decoder = wire.Decoder()
    bodies = []
    for byte in data:
        length = decoder.feed(byte)
        if length:
            bodies.append(bytes(decoder.body[:length]))
    return bodies, decoder


@settings(deadline=None)
@given(st.binary(max_size=wire.MAX_PAYLOAD))
def test_any_payload_round_trips_and_holds_no_zero(payload: bytes) -> None:
    frame = _frame(payload)
    assert frame[0] == 0 and frame[-1] == 0 and 0 not in frame[1:-1]
    (body,), _ = _bodies(frame)
    assert body[:2] == bytes((7, 0x42)) and body[2:-2] == payload


@settings(deadline=None)
@given(st.binary(max_size=600), st.binary(max_size=wire.MAX_PAYLOAD))
def test_garbage_before_a_frame_never_hides_it(garbage: bytes, payload: bytes) -> None:
    bodies, _ = _bodies(garbage + _frame(payload))
    assert bodies and bodies[-1][2:-2] == payload


def test_oversized_and_truncated_frames_are_counted() -> None:
    big = b"\x00" + bytes(range(1, 201)) * 2 + b"\x00"
    truncated = _frame(b"hello")[:-4] + b"\x00"
    bodies, decoder = _bodies(big + truncated + _frame(b"ok"))
    assert [b[2:-2] for b in bodies] == [b"ok"]
    assert decoder.oversized == 1 and decoder.bad_frames == 1 and decoder.dropped_bytes > 400


def test_payload_sizes_are_checked() -> None:
    body = bytearray(wire.MAX_BODY)
    length = wire.encode_ack(body, 0, 5)
    assert wire.well_formed(body, length + 2)
    assert not wire.well_formed(body, length + 3)
    body[1] = 0x7F
    assert not wire.well_formed(body, length + 2)
