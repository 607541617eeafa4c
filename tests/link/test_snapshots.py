"""Snapshots by their number: a late duplicate is ignored and a fresh one asked for; a board whose
numbering went back (it restarted and its IDENTIFY was lost) is believed when it says so twice."""

from __future__ import annotations

from tablier.link import framing, wire
from tablier.link.client import BoardClient

SWITCHES = 203


class Board:
    """A board double: answers HELLO, sends what the test says, and notes the host's requests."""

    def __init__(self) -> None:
        self.incoming = bytearray()
        self.requests: list[int] = []
        self.decoder = framing.Decoder(wire.MAX_BODY)
        self.body = bytearray(wire.MAX_BODY)
        self.out = bytearray(wire.MAX_FRAME)
        self.seq = 0

    def _frame(self, length: int) -> None:
        self.incoming += self.out[:framing.seal(self.body, length, self.out)]
        self.seq = (self.seq + 1) & 0xFF

    def snapshot(self, event_seq: int, closed: set[int]) -> None:
        bits = bytearray((SWITCHES + 7) // 8)
        for s in closed:
            bits[s // 8] |= 0x80 >> (s % 8)
        self._frame(wire.encode_snapshot(self.body, self.seq, event_seq, 0, bits))

    def event(self, event_seq: int, switch: int, closed: bool) -> None:
        self._frame(wire.encode_event(self.body, self.seq, event_seq, 0, switch, int(closed)))

    def read(self, size: int = 1) -> bytes:
        data, self.incoming = bytes(self.incoming[:size]), self.incoming[size:]
        return data

    def write(self, data: bytes) -> int | None:
        for byte in data:
            length = self.decoder.feed(byte)
            if length:
                kind = self.decoder.body[1]
                self.requests.append(kind)
                if kind == wire.HELLO:
                    self._frame(wire.encode_identify(self.body, self.seq, SWITCHES, 76, "8fad3f38", "0.1.0"))
                    self.snapshot(0, set())
        return len(data)

    def reset_input_buffer(self) -> None:
        pass


def _connected() -> tuple[Board, BoardClient]:
    board = Board()
    client = BoardClient(board, "8fad3f38")
    client.connect()
    for n in range(1, 4):
        board.event(n, 10 + n, True)
    client.poll()
    assert client.closed == {11, 12, 13}
    board.requests.clear()
    return board, client


def test_a_late_duplicate_is_ignored_and_a_fresh_snapshot_asked_for() -> None:
    board, client = _connected()
    board.snapshot(0, set())  # the connection's snapshot, again, late
    assert client.poll() == [] and client.closed == {11, 12, 13}
    assert client.stats.stale_snapshots == 1 and wire.GET_SNAPSHOT in board.requests
    board.snapshot(3, {11, 12, 13})  # the answer: as of the last event
    assert client.poll() == [] and client.closed == {11, 12, 13}
    board.snapshot(1, set())  # another late one is doubted again
    client.poll()
    assert client.closed == {11, 12, 13} and client.stats.stale_snapshots == 2


def test_a_board_whose_numbering_went_back_is_believed_when_asked_again() -> None:
    board, client = _connected()
    board.snapshot(0, {40})  # restarted unseen: numbering from 0 again
    client.poll()
    assert client.closed == {11, 12, 13} and wire.GET_SNAPSHOT in board.requests
    board.snapshot(0, {40})  # asked again, it says the same
    assert {(c.switch, c.closed) for c in client.poll()} == {(11, False), (12, False), (13, False),
                                                             (40, True)}
    board.event(1, 41, True)  # and its events are taken from there
    client.poll()
    assert client.closed == {40, 41}
