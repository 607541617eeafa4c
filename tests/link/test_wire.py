"""The frame layer of the shared codec, on CPython: framing round-trips, garbage is counted."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tablier.hardware.layout import load_layout
from tablier.link import framing, wire


def _frame(payload: bytes, seq: int = 7, kind: int = 0x42) -> bytes:
    body = bytearray(wire.MAX_BODY)
    body[0] = seq
    body[1] = kind
    body[2:2 + len(payload)] = payload
    out = bytearray(wire.MAX_FRAME)
    return bytes(out[:framing.seal(body, 2 + len(payload), out)])


def _bodies(data: bytes) -> tuple[list[bytes], framing.Decoder]:
    decoder = framing.Decoder(wire.MAX_BODY)
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


# -- the decoder never reads past its buffers, whatever arrives ------------------------------------

DEVICE_DECODERS = {
    wire.IDENTIFY: wire.decode_identify, wire.SNAPSHOT: wire.decode_snapshot, wire.EVENT: wire.decode_event,
    wire.PONG: wire.decode_pong, wire.STATUS: wire.decode_status, wire.DONE: wire.decode_done,
}
HOST_DECODERS = {
    wire.HELLO: wire.decode_hello, wire.PING: wire.decode_ping, wire.ACK: wire.decode_ack,
    wire.LEDS: wire.decode_leds, wire.LEDS_FILL: wire.decode_leds_fill,
    wire.SET_DEBOUNCE: wire.decode_set_debounce,
}


def _decode_everything(body: bytearray, length: int) -> None:
    """What a receiver does with a checked body: check its shape, then read its fields."""
    if wire.well_formed(body, length):
        decoder = {**DEVICE_DECODERS, **HOST_DECODERS}.get(wire.message_type(body))
        if decoder is not None:
            decoder(body, length)


def test_a_long_run_without_a_zero_is_counted_as_oversized_at_every_length() -> None:
    """The run of about 245 bytes that used to make the decoder read past its body."""
    rng = random.Random(245)
    for size in range(1, 3 * wire.MAX_FRAME):
        runs = [b"\x01" * size, b"\x02\x07" * (size // 2) + b"\x01" * (size % 2)]
        runs += [bytes(rng.choice((1, 2, 3, 0xFF, rng.randrange(1, 256))) for _ in range(size))
                 for _ in range(3)]
        for run in runs:
            decoder = framing.Decoder(wire.MAX_BODY)
            for byte in b"\x00" + run + b"\x00":
                assert decoder.feed(byte) == 0
            assert decoder.frames == 0 and decoder.bad_frames + decoder.oversized == 1
    bodies, decoder = _bodies(_frame(b"still decoding"))
    assert bodies


@settings(deadline=None, max_examples=300)
@given(st.one_of(st.binary(max_size=2000), st.lists(st.integers(0, 3), max_size=800).map(bytes)))
def test_the_decoder_never_raises_on_any_bytes(data: bytes) -> None:
    decoder = framing.Decoder(wire.MAX_BODY)
    for byte in data + b"\x00":
        length = decoder.feed(byte)
        if length:
            _decode_everything(decoder.body, length)
    assert decoder.dropped_bytes <= len(data)


@settings(deadline=None, max_examples=500)
@given(st.integers(0, 255), st.integers(0, 255), st.binary(max_size=wire.MAX_PAYLOAD + 20))
def test_checked_bodies_of_any_type_and_size_never_make_a_field_reader_raise(
        seq: int, kind: int, payload: bytes) -> None:
    """Valid CRCs around bad fields: every decoder reads only what :func:`wire.well_formed` let in."""
    bodies, decoder = _bodies(_frame(payload, seq, kind) if len(payload) <= wire.MAX_PAYLOAD
                              else b"\x00" + bytes(b or 1 for b in payload) * 2 + b"\x00")
    for body in bodies:
        _decode_everything(bytearray(body), len(body))
    assert len(bodies) + decoder.oversized + decoder.bad_frames == 1


def test_seeded_fuzz_of_every_message_with_bad_fields() -> None:
    rng = random.Random(7)
    body = bytearray(wire.MAX_BODY)
    for _ in range(20000):
        kind = rng.choice([*wire.MESSAGE_NAMES, 0x00, 0x7F, 0x80, 0xFF])
        size = rng.choice((0, 1, 2, 4, 6, 8, 9, 13, 15, 37, 40, 64, 65, 67, 69, 240, rng.randrange(241)))
        for i in range(size + 2):
            body[i] = rng.randrange(256)
        body[1] = kind
        _decode_everything(body, size + 4)
    for length in (-1, 0, 3, wire.MAX_BODY + 1, 10_000):
        assert not wire.well_formed(body, length)


def test_identify_text_must_be_printable_ascii() -> None:
    body = bytearray(wire.MAX_BODY)
    length = wire.encode_identify(body, 0, 203, 76, "8fad3f38", "0.1.0")
    assert wire.well_formed(body, length + 2)
    body[9] = 0xC3  # not ASCII: refused before anything decodes it
    assert not wire.well_formed(body, length + 2)


def test_an_event_state_is_zero_or_one() -> None:
    body = bytearray(wire.MAX_BODY)
    length = wire.encode_event(body, 0, 1, 2, 3, 1)
    assert wire.well_formed(body, length + 2)
    body[10] = 2
    assert not wire.well_formed(body, length + 2)


def test_the_protocol_pages_identify_frame_is_what_this_layouts_board_sends() -> None:
    """docs/protocol.md shows an IDENTIFY byte by byte: it must decode, check and name this layout."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    line = next(line for line in page.splitlines() if line.startswith("<- identify"))
    data = bytes.fromhex(line.removeprefix("<- identify").strip())
    (body,), decoder = _bodies(data)
    layout = load_layout()
    assert decoder.bad_frames == 0
    shown = wire.decode_identify(body, len(body))[1:4]
    assert shown == (layout.switch_count, len(layout.leds), layout.hash), (
        "docs/protocol.md's IDENTIFY example is stale: write it again for this layout")
