"""Whatever the line brings, the host's link never raises: garbage, mutated and truncated frames,
over-long runs and valid frames with bad fields are counted and dropped, and the switch state stays
one the board could have (seeded random, against a board double speaking the protocol)."""

from __future__ import annotations

import random

from tablier.hardware.layout import load_layout
from tablier.link import framing, wire
from tablier.play.link import CONNECTED, Link

SWITCHES = 203
LEDS = 76
SMALL = bytes((b & 3) + 1 for b in range(256))


class FuzzedBoard:
    """A transport that answers HELLO like the firmware, then brings whatever :meth:`send` queued."""

    def __init__(self, layout_hash: str) -> None:
        self.layout_hash = layout_hash
        self.incoming = bytearray()
        self.decoder = framing.Decoder(wire.MAX_BODY)
        self.body = bytearray(wire.MAX_BODY)
        self.out = bytearray(wire.MAX_FRAME)
        self.seq = 0
        self.event_seq = 0

    def frame(self, length: int) -> bytes:
        self.seq = (self.seq + 1) & 0xFF
        return bytes(self.out[:framing.seal(self.body, length, self.out)])

    def identify(self) -> bytes:
        length = wire.encode_identify(self.body, self.seq, SWITCHES, LEDS, self.layout_hash, "0.1.0")
        return self.frame(length)

    def snapshot(self, closed: set[int]) -> bytes:
        bits = bytearray((SWITCHES + 7) // 8)
        for s in closed:
            bits[s // 8] |= 0x80 >> (s % 8)
        return self.frame(wire.encode_snapshot(self.body, self.seq, self.event_seq, 0, bits))

    def read(self, size: int = 1) -> bytes:
        data, self.incoming = bytes(self.incoming[:size]), self.incoming[size:]
        return data

    def write(self, data: bytes) -> int | None:
        for byte in data:
            length = self.decoder.feed(byte)
            if length and self.decoder.body[1] == wire.HELLO:
                self.incoming += self.identify() + self.snapshot(set())
        return len(data)

    def reset_input_buffer(self) -> None:
        pass


def _device_frame(board: FuzzedBoard, rng: random.Random) -> bytes:
    """A valid device frame, often with bad fields (but the right protocol and layout: another one
    is refused on purpose, with a message saying what to reflash)."""
    body = board.body
    kind = rng.choice((wire.EVENT, wire.SNAPSHOT, wire.PONG, wire.STATUS, wire.DONE, wire.IDENTIFY))
    seq = board.seq
    if kind == wire.EVENT:
        switch = rng.choice((rng.randrange(SWITCHES), rng.randrange(1 << 16)))
        event_seq = rng.choice((board.event_seq + 1, rng.randrange(1 << 16)))
        length = wire.encode_event(body, seq, event_seq & 0xFFFF, rng.randrange(1 << 30), switch,
                                   rng.randrange(2))
        if event_seq == board.event_seq + 1 and switch < SWITCHES:
            board.event_seq = event_seq & 0xFFFF
    elif kind == wire.SNAPSHOT:
        bits = bytearray(rng.randrange(256) for _ in range(rng.choice((0, 3, 26, 26, 27, 200))))
        length = wire.encode_snapshot(body, seq, rng.choice((board.event_seq, rng.randrange(1 << 16))),
                                      0, bits)
    elif kind == wire.PONG:
        length = wire.encode_pong(body, seq, rng.randrange(1 << 32), rng.randrange(1 << 30))
    elif kind == wire.STATUS:
        length = wire.encode_status(body, seq, [rng.randrange(1 << 32) for _ in wire.STATUS_COUNTERS],
                                    [rng.randrange(1 << 16) for _ in range(rng.randrange(20))])
    elif kind == wire.DONE:
        length = wire.encode_done(body, seq, rng.randrange(256), rng.randrange(256))
    else:
        version = "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randrange(2, 24)))
        length = wire.encode_identify(body, seq, rng.choice((SWITCHES, rng.randrange(1 << 16))),
                                      rng.choice((LEDS, rng.randrange(1 << 16))), board.layout_hash,
                                      version)
        if rng.random() < 0.3:
            body[7 + rng.randrange(8 + 2)] = rng.randrange(128, 256)  # text that is not ASCII
    if rng.random() < 0.2:
        length = max(2, min(wire.MAX_PAYLOAD + 2, length + rng.choice((-2, -1, 1, 3))))  # wrong size
    if rng.random() < 0.1:
        body[1] = rng.randrange(256)  # any type, a host's or an unknown one
    return board.frame(length)


def _fuzz(board: FuzzedBoard, rng: random.Random) -> bytes:
    choice = rng.randrange(6)
    if choice == 0:
        return rng.randbytes(rng.randrange(1, 64))
    if choice == 1:  # over-long run without a zero (small values: codes that each add a zero)
        run = rng.randbytes(rng.randrange(240, 900))
        return run.translate(SMALL) if rng.random() < 0.5 else run.replace(b"\x00", b"\x01")
    frame = bytearray(_device_frame(board, rng))
    if choice == 2:  # mutated
        frame[rng.randrange(len(frame))] ^= 1 << rng.randrange(8)
    elif choice == 3:  # truncated
        frame = frame[:rng.randrange(1, len(frame))] + b"\x00"
    return bytes(frame)


def test_link_poll_never_raises_on_fuzzed_input() -> None:
    layout = load_layout()
    rng = random.Random(1890)
    board = FuzzedBoard(layout.hash)
    link = Link(lambda: board, layout.hash)
    link.connect(say=lambda _: None)
    for n in range(20_000):
        board.incoming += _fuzz(board, rng)
        if n % 35 == 0:
            board.incoming += board.snapshot({n % SWITCHES})
        if n % 8:
            continue  # several frames for each poll
        for change in link.poll(0):
            assert 0 <= change.switch < SWITCHES
        assert all(0 <= s < SWITCHES for s in link.closed)
    assert link.client is not None
    stats = link.client.stats
    assert stats.bad_frames > 1000 and stats.unexpected > 100
    # and it still follows the board (the fuzz may have taken any event number as the last one:
    # the board introduces itself again, as after a restart, and its snapshot is taken)
    board.incoming += b"\x00" + board.identify() + board.snapshot({5, 6})
    for _ in range(20):
        link.poll(0)
    assert link.state == CONNECTED and link.closed == {5, 6}
