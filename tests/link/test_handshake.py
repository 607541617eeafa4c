"""The handshake survives a damaged HELLO or answer: HELLO is said again with back-off, each try is
told, and only a board silent for the whole time is given up on, with a clear message."""

from __future__ import annotations

import time

import pytest
import serial

from tablier.hardware.layout import load_layout
from tablier.link import framing, wire
from tablier.link.client import BoardClient
from tablier.link.errors import LinkError
from tablier.link.sim import SimulatedBoard
from tablier.play.link import CONNECT_TIMEOUT_S, Link


def _kind(frame: bytes) -> int | None:
    decoder = framing.Decoder(wire.MAX_BODY)
    for byte in frame:
        length = decoder.feed(byte)
        if length:
            return decoder.body[1]
    return None


class DamagedOnTheWay:
    """A port that damages the first host frame of type ``out_kind`` (dropping one of its bytes) and
    the first board frame of type ``in_kind`` (flipping one of its bits)."""

    def __init__(self, port: serial.Serial, out_kind: int | None = None, in_kind: int | None = None) -> None:
        self.port = port
        self.out_kind = out_kind
        self.in_kind = in_kind
        self.pending = bytearray()

    def write(self, data: bytes) -> int | None:
        if self.out_kind is not None and _kind(data) == self.out_kind:
            self.out_kind = None
            data = data[:3] + data[4:]  # one byte lost on the line
        return self.port.write(data)

    def read(self, size: int = 1) -> bytes:
        self.pending += self.port.read(size)
        if self.in_kind is None:
            out, self.pending = bytes(self.pending), bytearray()
            return out
        out = bytearray()
        while 0 in self.pending[1:]:  # whole frames only, to find the one to damage
            end = self.pending.index(0, 1) + 1
            frame, self.pending = self.pending[:end], self.pending[end:]
            if self.in_kind is not None and _kind(bytes(frame)) == self.in_kind:
                self.in_kind = None
                frame[len(frame) // 2] ^= 0x10
            out += frame
        return bytes(out)

    def reset_input_buffer(self) -> None:
        self.port.reset_input_buffer()


@pytest.mark.parametrize(("out_kind", "in_kind"), [(wire.HELLO, None), (None, wire.IDENTIFY)],
                         ids=["hello-lost-a-byte", "identify-damaged"])
def test_a_damaged_first_exchange_is_asked_again(board: SimulatedBoard, port: serial.Serial,
                                                 out_kind: int | None, in_kind: int | None) -> None:
    board.set_switch(12, True)
    time.sleep(0.05)
    tries: list[int] = []
    client = BoardClient(DamagedOnTheWay(port, out_kind, in_kind), load_layout().hash)
    identity = client.connect(timeout=5, on_retry=tries.append)
    assert identity.layout_hash == load_layout().hash
    assert tries and tries[0] == 2
    assert client.closed == {12}
    assert client.stats.reconnections == 0


class LateAnswers:
    """A port that holds the board's answers back for a while (a slow board, a loaded machine)."""

    def __init__(self, port: serial.Serial, hold_s: float) -> None:
        self.port = port
        self.until = time.monotonic() + hold_s

    def read(self, size: int = 1) -> bytes:
        return b"" if time.monotonic() < self.until else self.port.read(size)

    def write(self, data: bytes) -> int | None:
        return self.port.write(data)

    def reset_input_buffer(self) -> None:
        self.port.reset_input_buffer()


def test_a_late_answer_to_a_repeated_hello_is_no_reconnection(board: SimulatedBoard,
                                                               port: serial.Serial) -> None:
    client = BoardClient(LateAnswers(port, 0.8), load_layout().hash)
    client.connect(timeout=5)
    assert client.stats.hello_tries >= 2
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:
        client.poll(0.01)  # the answers to the later HELLOs arrive now
    assert client.stats.reconnections == 0
    board.set_switch(3, True)
    deadline = time.monotonic() + 3
    while 3 not in client.closed and time.monotonic() < deadline:
        client.poll(0.01)
    assert client.closed == {3}


def test_play_says_it_asks_again_and_connects(board: SimulatedBoard) -> None:
    from tablier.link.transport import open_serial

    said: list[str] = []
    link = Link(lambda: DamagedOnTheWay(open_serial(board.port), out_kind=wire.HELLO), load_layout().hash)
    link.connect(say=said.append)
    assert said[0] == "no answer from the board yet, asking again (try 2)..."
    assert link.state == "connected"
    link.close()


class Silent:
    """A port with nothing on the other end; counts the HELLOs said into it."""

    def __init__(self) -> None:
        self.hellos = 0

    def read(self, size: int = 1) -> bytes:
        return b""

    def write(self, data: bytes) -> int | None:
        if _kind(data) == wire.HELLO:
            self.hellos += 1
        return len(data)

    def reset_input_buffer(self) -> None:
        pass


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.005
        return self.now


def test_a_silent_board_is_given_up_after_the_whole_time_with_back_off() -> None:
    port = Silent()
    said: list[str] = []
    clock = FakeClock()
    link = Link(lambda: port, "8fad3f38", clock=clock)
    with pytest.raises(LinkError) as caught:
        link.connect(say=said.append)
    # HELLO at 0, 0.5, 1.5, 3.5, 5.5, 7.5 and 9.5 s: the wait doubles up to 2 s
    assert port.hellos == 7
    assert said == [f"no answer from the board yet, asking again (try {n})..." for n in range(2, 8)]
    assert str(caught.value) == (f"no answer from the board after 7 tries in {CONNECT_TIMEOUT_S:g} s "
                                 "(is the Tablier firmware running on it, on this port?)")
    assert clock.now >= CONNECT_TIMEOUT_S
