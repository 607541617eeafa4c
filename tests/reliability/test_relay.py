"""The relay does what its plan says: each kind of fault as a receiver sees it, the same seed the
same faults, and a pulled cable that the host notices and comes back from."""

from __future__ import annotations

import os
import random
import time

import pytest
import serial

from harness import faults
from harness.faults import FRAME_KINDS, TO_HOST, FaultPlan, Mangler, uniform_plan
from harness.relay import relayed
from tablier.hardware.layout import load_layout
from tablier.link import framing, wire
from tablier.link.client import BoardClient
from tablier.link.sim import SimulatedBoard
from tablier.link.transport import open_serial
from tablier.play.link import CONNECTED, DISCONNECTED, Link


def ping_frame(token: int) -> bytes:
    """A PING on the wire, its leading zero included."""
    body, out = bytearray(wire.MAX_BODY), bytearray(wire.MAX_FRAME)
    n = framing.seal(body, wire.encode_ping(body, token & 0xFF, token), out)
    return bytes(out[:n])


def received(stream: bytes) -> tuple[list[int], int]:
    """The tokens of the pings a receiver decodes from ``stream``, and the frames it rejects."""
    decoder = framing.Decoder(wire.MAX_BODY)
    tokens = []
    for byte in stream:
        length = decoder.feed(byte)
        if length:
            tokens.append(wire.decode_ping(decoder.body, length))
    return tokens, decoder.bad_frames


def through(plan: FaultPlan, tokens: range) -> tuple[bytes, Mangler]:
    mangler = Mangler(plan, TO_HOST, random.Random(plan.seed))
    out = b"".join(piece.data for token in tokens for piece in mangler.feed(ping_frame(token), 0.0))
    out += b"".join(piece.data for piece in mangler.due(1.0))
    return out, mangler


def test_without_faults_every_byte_passes_unchanged() -> None:
    stream = b"".join(ping_frame(token) for token in range(1, 40))
    out, mangler = through(FaultPlan(1), range(1, 40))
    assert out == stream and mangler.frames == 39 and not mangler.faults


@pytest.mark.parametrize("kind", FRAME_KINDS)
def test_each_kind_of_fault_is_what_the_receiver_meets(kind: str) -> None:
    tokens = range(1, 30)
    plan = FaultPlan(7, {kind: 1.0}, spare_first=0)
    out, mangler = through(plan, tokens)
    good, bad = received(out)
    assert len(mangler.faults) == len(tokens)
    if kind in (faults.CORRUPT_BYTE, faults.DROP_BYTE, faults.REORDER_BYTES):
        assert bad and len(good) < len(tokens)  # rejected by the CRC or the framing, never wrong
        assert set(good) <= set(tokens)
    elif kind == faults.DROP_FRAME:
        assert good == [] and not bad
    elif kind == faults.DUPLICATE_FRAME:
        assert good == [t for t in tokens for _ in (0, 1)]
    elif kind == faults.REORDER_FRAMES:
        assert sorted(good) == list(tokens) and good != list(tokens)
    elif kind == faults.REPLAY_STALE:
        assert good[:2] == [1, 1]  # nothing old enough yet: a duplicate instead
        stale = [good[i] for i in range(1, len(good)) if good[i] < good[i - 1]]
        assert stale and all(t <= max(tokens) - 8 for t in stale)
    else:  # the bytes come late, or once more within a frame
        assert bad == (len(tokens) if kind == faults.DUPLICATE_BYTE else 0)
        if kind != faults.DUPLICATE_BYTE:
            assert good == list(tokens)


def test_the_same_seed_strikes_the_same_frames_and_another_seed_others() -> None:
    def schedule(seed: int) -> list[tuple[int, str]]:
        _, mangler = through(uniform_plan(seed, 0.3), range(1, 200))
        return [(fault.frame, fault.kind) for fault in mangler.faults]

    assert schedule(5) == schedule(5)
    assert schedule(5) != schedule(6)


def test_a_cable_pulled_at_the_relay_is_noticed_and_the_board_caught_up_on_return() -> None:
    layout = load_layout()
    states: list[str] = []
    plan = FaultPlan(3, pull_every=(40, 40), pull_for=(0.5, 0.5))
    with relayed(plan) as relays, SimulatedBoard(layout) as board:
        (relay,) = relays
        assert board.port != board.firmware_port
        link = Link(lambda: open_serial(board.port), layout.hash,
                    on_state=lambda state, _: states.append(state))
        link.connect()
        switch = 0
        deadline = time.monotonic() + 30
        while link.state != DISCONNECTED:  # each switch change is a few frames to the host
            board.set_switch(switch, True)
            switch += 1
            link.poll(0.05)
            assert time.monotonic() < deadline
        assert not relay.plugged and not os.path.exists(board.port)  # the board's port went away
        board.set_switch(switch, True)  # changed while the cable is out
        while link.state != CONNECTED or switch not in link.closed:
            link.poll(0.01)
            assert time.monotonic() < deadline
        assert link.closed == set(range(switch + 1))
        assert states[:3] == ["connected", "disconnected", "reconnected"]
        assert [fault.kind for fault in relay.faults] == ["cable_pull"]
        link.close()


class _Tap:
    """The host's port, keeping what the board sent and letting a test slip old bytes in."""

    def __init__(self, port: serial.Serial) -> None:
        self.port = port
        self.seen = bytearray()
        self.slip = b""

    def read(self, size: int = 1) -> bytes:
        data, self.slip = self.slip + self.port.read(size), b""
        self.seen += data
        return data

    def write(self, data: bytes) -> int | None:
        return self.port.write(data)

    def reset_input_buffer(self) -> None:
        self.port.reset_input_buffer()


def test_a_stale_snapshot_replayed_does_not_turn_the_switches_back() -> None:
    layout = load_layout()
    with SimulatedBoard(layout) as board:
        tap = _Tap(open_serial(board.port))
        client = BoardClient(tap, layout.hash)
        client.connect()
        frames = [b"\x00" + body + b"\x00" for body in bytes(tap.seen).split(b"\x00") if body]
        # the connection's snapshot (a PONG or STATUS may come after it)
        first_snapshot = next(f for f in frames if faults.message_name(f) == "snapshot")
        board.set_switch(5, True)
        deadline = time.monotonic() + 5
        while 5 not in client.closed:
            client.poll(0.01)
            assert time.monotonic() < deadline
        tap.slip = first_snapshot  # the connection's snapshot (nothing closed), replayed
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline:
            client.poll(0.05)
        assert 5 in client.closed  # the board still has switch 5 closed
        tap.port.close()
