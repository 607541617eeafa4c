"""The host client against the real firmware (MicroPython unix port) over a pseudo-terminal."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
import serial

from tablier.hardware.layout import load_layout
from tablier.link import framing, wire
from tablier.link.client import BoardClient, SwitchChange
from tablier.link.errors import FirmwareMismatchError
from tablier.link.sim import SimulatedBoard
from tablier.link.transport import open_serial


def wait_changes(client: BoardClient, count: int, timeout: float = 3.0) -> list[SwitchChange]:
    changes: list[SwitchChange] = []
    deadline = time.monotonic() + timeout
    while len(changes) < count and time.monotonic() < deadline:
        changes += client.poll(0.01)
    return changes


def wait_until(client: BoardClient, done: Callable[[], bool], timeout: float = 5.0) -> list[SwitchChange]:
    """Poll until ``done()`` (or the timeout, generous for a loaded machine); return the changes."""
    changes: list[SwitchChange] = []
    deadline = time.monotonic() + timeout
    while not done() and time.monotonic() < deadline:
        changes += client.poll(0.01)
    return changes


def settle(client: BoardClient, seconds: float) -> list[SwitchChange]:
    changes: list[SwitchChange] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        changes += client.poll(0.01)
    return changes


def test_handshake_reports_firmware_and_layout(client: BoardClient) -> None:
    layout = load_layout()
    assert client.identity is not None
    assert client.identity.layout_hash == layout.hash
    assert client.identity.switch_count == layout.switch_count
    assert client.identity.led_count == len(layout.leds)
    assert client.identity.protocol == wire.PROTOCOL_VERSION


def test_layout_mismatch_is_refused_with_both_hashes(board: SimulatedBoard, port: serial.Serial) -> None:
    with pytest.raises(FirmwareMismatchError) as caught:
        BoardClient(port, "0badf00d").connect()
    message = str(caught.value)
    assert "0badf00d" in message and load_layout().hash in message and "reflash" in message


def test_switch_changes_arrive_in_order(board: SimulatedBoard, client: BoardClient) -> None:
    for switch, closed in ((5, True), (200, True), (5, False)):
        board.set_switch(switch, closed)
        time.sleep(0.02)  # longer than the debounce window
    changes = wait_changes(client, 3)
    assert [(c.switch, c.closed) for c in changes] == [(5, True), (200, True), (5, False)]
    seqs = [c.event_seq for c in changes]
    assert seqs == [seqs[0], seqs[0] + 1, seqs[0] + 2]
    assert client.closed == {200}


def test_snapshot_after_connecting_shows_switches_already_closed(board: SimulatedBoard,
                                                                 port: serial.Serial) -> None:
    board.set_switches({3: True, 77: True})
    time.sleep(0.05)
    client = BoardClient(port, load_layout().hash)
    client.connect()
    assert client.closed == {3, 77}
    assert {(c.switch, c.closed, c.event_seq) for c in client.poll()} == {(3, True, None), (77, True, None)}


def test_leds_show_what_the_host_asked(board: SimulatedBoard, client: BoardClient) -> None:
    client.set_led(0, (200, 0, 0))
    client.set_led(75, (0, 0, 100))
    deadline = time.monotonic() + 3
    while not client.leds_settled and time.monotonic() < deadline:
        client.poll(0.01)
    assert client.leds_settled
    deadline = time.monotonic() + 3  # the side channel reports the frame a moment later
    while board.led_colours()[75] != (0, 0, 100) and time.monotonic() < deadline:
        time.sleep(0.01)
    colours = board.led_colours()
    assert colours[0] == (200, 0, 0) and colours[75] == (0, 0, 100)
    assert all(c == (0, 0, 0) for c in colours[1:75])


def test_only_changed_leds_are_sent(board: SimulatedBoard, client: BoardClient) -> None:
    wait_until(client, lambda: client.leds_settled)
    client.set_led(4, (9, 9, 9))
    writes: list[bytes] = []
    real_write = client.transport.write
    client.transport.write = lambda data: writes.append(data) or real_write(data)  # type: ignore[method-assign]
    client.poll()
    wait_until(client, lambda: client.leds_settled)
    led_frames = [w for w in writes if _kind(w) == wire.LEDS]
    assert led_frames and all(_payload_size(f) == wire.LED_ENTRY_SIZE for f in led_frames)


def _decode(frame: bytes) -> bytes:
    decoder = framing.Decoder(wire.MAX_BODY)
    length = 0
    for byte in frame:
        length = decoder.feed(byte) or length
    return bytes(decoder.body[:length])


def _kind(frame: bytes) -> int:
    return _decode(frame)[1]


def _payload_size(frame: bytes) -> int:
    return len(_decode(frame)) - 4


def test_faults_dead_stuck_swapped(board: SimulatedBoard, client: BoardClient) -> None:
    board.make_dead(10)
    board.make_stuck(11)
    board.swap_wires(20, 21)
    board.set_switch(10, True)
    board.set_switch(20, True)
    changes = wait_until(client, lambda: client.closed == {11, 21})
    changes += settle(client, 0.1)
    assert [(c.switch, c.closed) for c in changes] == [(11, True), (21, True)]
    board.heal()
    changes = wait_until(client, lambda: client.closed == {10, 20})
    assert {(c.switch, c.closed) for c in changes} == {(10, True), (11, False), (20, True), (21, False)}


def test_chattering_switch_shows_in_status(board: SimulatedBoard, client: BoardClient) -> None:
    board.make_chattering(42)
    settle(client, 2.2)  # two status periods of one second
    status = client.request_status()
    assert 42 in status.chattering
    assert status.scans_per_second > 0
    assert status.errors == 0


def test_broken_chain_shows_in_status(board: SimulatedBoard, client: BoardClient) -> None:
    assert client.request_status().chain_faults == 0
    board.cut_data_line()
    wait_until(client, lambda: client.request_status().chain_faults > 0)
    assert client.request_status().chain_faults > 0


def test_many_changes_at_once_end_consistent(board: SimulatedBoard, client: BoardClient) -> None:
    """More changes than the event ring holds: the board falls back to a snapshot."""
    board.set_switches({s: True for s in range(0, 200, 2)})
    wait_until(client, lambda: client.closed == set(range(0, 200, 2)))
    assert client.closed == set(range(0, 200, 2))


class LossyPort:
    """A port that corrupts one in ``every`` device frames on the way to the host."""

    def __init__(self, port: serial.Serial, every: int) -> None:
        self.port = port
        self.every = every
        self.seen = 0

    def read(self, size: int = 1) -> bytes:
        data = bytearray(self.port.read(size))
        for i, byte in enumerate(data):
            if byte == 0:
                self.seen += 1
            elif self.seen % self.every == self.every - 1:
                data[i] ^= 0x5A
        return bytes(data)

    def write(self, data: bytes) -> int | None:
        return self.port.write(data)

    def reset_input_buffer(self) -> None:
        self.port.reset_input_buffer()


def test_lost_and_corrupted_frames_are_recovered(board: SimulatedBoard, port: serial.Serial) -> None:
    client = BoardClient(LossyPort(port, every=5), load_layout().hash)
    client.connect(timeout=5)
    truth: set[int] = set()
    for s in range(30):
        board.set_switch(s, True)
        truth.add(s)
        client.poll(0.005)
    for s in range(0, 30, 3):
        board.set_switch(s, False)
        truth.discard(s)
    deadline = time.monotonic() + 5
    while client.closed != truth and time.monotonic() < deadline:
        client.poll(0.01)
    assert client.closed == truth
    assert client.stats.bad_frames > 0  # corruption happened and was survived


def test_reconnection_gets_a_fresh_snapshot(board: SimulatedBoard, port: serial.Serial,
                                            client: BoardClient) -> None:
    board.set_switch(1, True)
    wait_changes(client, 1)
    client.bye()
    port.close()
    board.set_switch(1, False)
    board.set_switch(2, True)
    time.sleep(0.05)  # debounced before the host comes back
    again = open_serial(board.port)
    try:
        second = BoardClient(again, load_layout().hash)
        second.connect()
        assert second.closed == {2}
        board.set_switch(3, True)
        assert [(c.switch, c.closed) for c in wait_changes(second, 2)] == [(2, True), (3, True)]
    finally:
        again.close()


def test_ping_and_status(client: BoardClient) -> None:
    assert client.ping() >= 0
    status = client.request_status()
    assert status.debounce_ms == 2 and status.rx_bad_frames == 0
    client.set_debounce(9)
    settle(client, 0.1)
    assert client.request_status().debounce_ms == 9


def test_simulated_board_rejects_unknown_switch(board: SimulatedBoard) -> None:
    with pytest.raises(ValueError, match="does not exist"):
        board.set_switch(board.layout.switch_count, True)


def test_firmware_exits_when_the_simulator_closes() -> None:
    board = SimulatedBoard()
    board.close()
    assert not board.running


def test_open_board_connects_and_checks_the_layout(board: SimulatedBoard) -> None:
    from tablier.link.transport import open_board

    client = open_board(board.port)
    assert client.identity is not None and client.identity.layout_hash == load_layout().hash


def test_open_board_on_a_missing_port_says_so() -> None:
    from tablier.link.errors import LinkError
    from tablier.link.transport import open_board

    with pytest.raises(LinkError, match="cannot open serial port /dev/nonexistent"):
        open_board("/dev/nonexistent")


class NoisyPort:
    """A port whose first read is preceded by what MicroPython's REPL prints at boot."""

    BANNER = b"MicroPython v1.23.0 on 2024-06-02; Raspberry Pi Pico with RP2040\r\n>>> \x00\x00garbage"

    def __init__(self, port: serial.Serial) -> None:
        self.port = port
        self.noise = self.BANNER

    def read(self, size: int = 1) -> bytes:
        noise, self.noise = self.noise, b""
        return noise + self.port.read(size)

    def write(self, data: bytes) -> int | None:
        return self.port.write(data)

    def reset_input_buffer(self) -> None:
        self.port.reset_input_buffer()


def test_repl_noise_is_counted_and_dropped(board: SimulatedBoard, port: serial.Serial) -> None:
    client = BoardClient(NoisyPort(port), load_layout().hash)
    client.connect()
    assert client.stats.bad_frames >= 1 and client.stats.dropped_bytes >= len("MicroPython")
    board.set_switch(8, True)
    assert [(c.switch, c.closed) for c in wait_changes(client, 1)] == [(8, True)]


def test_board_resumes_after_the_host_fell_silent(board: SimulatedBoard, client: BoardClient) -> None:
    board.set_switch(1, True)
    wait_changes(client, 1)
    time.sleep(3.5)  # longer than the board's host timeout: it stops reporting
    board.set_switch(2, True)
    time.sleep(0.05)
    # the host's next frame wakes it: IDENTIFY and a fresh snapshot
    changes = wait_until(client, lambda: client.closed == {1, 2})
    assert client.closed == {1, 2}
    assert (2, True) in [(c.switch, c.closed) for c in changes]
    assert client.stats.reconnections == 1


def test_blinking_and_budget_over_the_link(board: SimulatedBoard, client: BoardClient) -> None:
    layout = load_layout()
    client.set_leds([(i, (255, 255, 255), wire.STEADY) for i in range(1, len(layout.leds))]
                    + [(0, (0, 0, 90), wire.FAST_BLINK)])
    deadline = time.monotonic() + 3
    while not client.leds_settled and time.monotonic() < deadline:
        client.poll(0.01)
    seen_first = set()
    frames = board.led_frames
    for _ in range(4):  # fast blink: the chain is rewritten every 125 ms
        frames = board.wait_led_frame(frames)
        data = board.led_bytes()
        seen_first.add(sum(data[0:3]) > 0)
        assert sum(data) * layout.led_ma_per_channel / 255 <= layout.led_budget_ma
    assert seen_first == {True, False}
    status = client.request_status()
    assert status.led_draw_ma > layout.led_budget_ma and status.led_scale < 256


class SnapshotEater:
    """A port that loses the first SNAPSHOT the board sends."""

    def __init__(self, port: serial.Serial) -> None:
        self.port = port
        self.decoder = framing.Decoder(wire.MAX_BODY)
        self.eaten = False

    def read(self, size: int = 1) -> bytes:
        data = self.port.read(size)
        if self.eaten:
            return data
        kept = bytearray()
        frame = bytearray()
        for byte in data:
            frame.append(byte)
            if byte == 0:
                length = self.decoder.feed(0)
                if length and self.decoder.body[1] == wire.SNAPSHOT and not self.eaten:
                    self.eaten = True
                else:
                    kept += frame
                frame = bytearray()
            else:
                self.decoder.feed(byte)
        return bytes(kept + frame)

    def write(self, data: bytes) -> int | None:
        return self.port.write(data)

    def reset_input_buffer(self) -> None:
        self.port.reset_input_buffer()


def test_lost_first_snapshot_is_asked_again(board: SimulatedBoard, port: serial.Serial) -> None:
    board.set_switch(30, True)
    time.sleep(0.05)
    client = BoardClient(SnapshotEater(port), load_layout().hash)
    client.connect()
    assert client.closed == {30}


class Replayer:
    """A port that keeps a copy of the first SNAPSHOT and can deliver it again, late."""

    def __init__(self, port: serial.Serial) -> None:
        self.port = port
        self.copy = b""
        self.late = b""

    def read(self, size: int = 1) -> bytes:
        data = self.port.read(size)
        if not self.copy:
            for frame in data.split(b"\x00"):
                if frame and _kind(b"\x00" + frame + b"\x00") == wire.SNAPSHOT:
                    self.copy = b"\x00" + frame + b"\x00"
                    break
        late, self.late = self.late, b""
        return late + data

    def replay(self) -> None:
        self.late = self.copy

    def write(self, data: bytes) -> int | None:
        return self.port.write(data)

    def reset_input_buffer(self) -> None:
        self.port.reset_input_buffer()


def test_a_late_duplicate_snapshot_does_not_roll_the_switches_back(board: SimulatedBoard,
                                                                   port: serial.Serial) -> None:
    replayer = Replayer(port)
    client = BoardClient(replayer, load_layout().hash)
    client.connect()
    assert replayer.copy and client.closed == set()
    board.set_switch(5, True)
    assert [(c.switch, c.closed) for c in wait_changes(client, 1)] == [(5, True)]
    replayer.replay()  # the connection's snapshot (switch 5 open) arrives again, after the event
    changes = settle(client, 0.3)
    assert changes == [] and client.closed == {5}
    assert client.stats.stale_snapshots == 1
