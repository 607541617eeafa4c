"""The host side of the protocol: handshake, switch state, events, LEDs, ping and status.

:class:`BoardClient` talks to one board over any byte transport (a pyserial port, the simulated
board's pseudo-terminal, a test double). It keeps the switch state in step with the board: events are
taken in sequence order and acknowledged; a gap waits for the board's resend and falls back to a
fresh snapshot; a snapshot (after a reconnection, an overflow or on request) is turned into the
changes it implies, so callers see one consistent stream of :class:`SwitchChange`. LED wishes are
sent as changes only, and re-sent until the board confirms them. Events past a gap are kept until
the gap is filled, so one resend usually repairs several losses.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from tablier.link import framing, wire
from tablier.link.errors import FirmwareMismatchError, LinkError
from tablier.link.messages import Done, Event, Identify, Message, Pong, Snapshot, Status, parse

#: How often the host pings the board (the board stops reporting after 3 s of silence).
HEARTBEAT_S = 1.0
#: A board silent for this long is considered gone.
BOARD_TIMEOUT_S = 3.0
#: An event gap not filled by the board's resends within this time is repaired by a snapshot.
GAP_REPAIR_S = 0.5
#: An LED frame not confirmed within this time is sent again.
LED_RESEND_S = 0.3
#: LED entries per LEDS frame (the protocol allows ``wire.MAX_LED_ENTRIES``), one frame in flight at
#: a time: a frame of 8 entries is one USB packet, which the Pico's USB stack takes in about 0.3 ms,
#: where a whole 40-entry frame would hold its loop for 1.4 ms at once (docs/firmware.md).
LED_ENTRIES_PER_FRAME = 8
#: How long the handshake waits for the board's first answer before saying HELLO again; the wait
#: doubles after each try, up to :data:`HELLO_MAX_WAIT_S`.
HELLO_FIRST_WAIT_S = 0.5
HELLO_MAX_WAIT_S = 2.0

Colour = tuple[int, int, int]
LedState = tuple[int, int, int, int]  # r, g, b, mode
OFF: LedState = (0, 0, 0, wire.STEADY)


class Transport(Protocol):
    """What the client needs of a serial port (pyserial's ``Serial`` has it)."""

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes) -> int | None: ...

    def reset_input_buffer(self) -> None: ...


@dataclass(frozen=True)
class SwitchChange:
    """A switch opened or closed; ``event_seq`` is None when a snapshot revealed the change."""

    switch: int
    closed: bool
    time_ms: int
    event_seq: int | None


@dataclass
class LinkStats:
    """What the host saw of the link."""

    frames: int = 0
    bad_frames: int = 0
    dropped_bytes: int = 0
    lost_frames: int = 0
    unexpected: int = 0
    duplicate_events: int = 0
    stale_snapshots: int = 0
    hello_tries: int = 0
    gaps: int = 0
    snapshots: int = 0
    reconnections: int = 0
    led_resends: int = 0


@dataclass
class _LedFrame:
    sent_at: float
    entries: list[tuple[int, LedState]] = field(default_factory=list)


class BoardClient:
    """One board, seen from the host."""

    def __init__(self, transport: Transport, expected_hash: str | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.transport = transport
        self.expected_hash = expected_hash
        self.clock = clock
        self.identity: Identify | None = None
        self.closed: set[int] = set()
        self.stats = LinkStats()
        self.status: Status | None = None
        self._decoder = framing.Decoder(wire.MAX_BODY)
        self._body = bytearray(wire.MAX_BODY)
        self._out = bytearray(wire.MAX_FRAME)
        self._seq = 0
        self._device_seq: int | None = None
        self._expected_event: int | None = None
        self._gap_since: float | None = None
        self._ahead: dict[int, Event] = {}  # events received past a gap, until it is filled
        self._changes: list[SwitchChange] = []
        self._pongs: dict[int, float] = {}
        self.round_trip: float | None = None  # seconds, of the last PING answered
        self._token = 0
        self._last_ping = 0.0
        self._last_heard = 0.0
        self._identified_at = 0.0
        self._hellos_unanswered = 0  # HELLOs of the handshake whose IDENTIFY has not come yet
        self._doubting_snapshot = False  # a stale snapshot was ignored and a fresh one asked for
        self._led_wanted: list[LedState] = []
        self._led_shown: list[LedState | None] = []
        self._led_in_flight: dict[int, _LedFrame] = {}

    # -- connection ---------------------------------------------------------------------------

    def connect(self, timeout: float = 3.0, on_retry: Callable[[int], None] | None = None) -> Identify:
        """Say hello, check the board's protocol and layout, and take its first snapshot.

        A HELLO or an answer lost on the line is not fatal: while the board has not answered, HELLO
        is said again after :data:`HELLO_FIRST_WAIT_S`, then after twice as long each time (up to
        :data:`HELLO_MAX_WAIT_S`), calling ``on_retry(try_number)`` before each new try; after
        ``timeout`` seconds in all, :class:`LinkError` says so.
        """
        self.identity = None
        self._expected_event = None
        self._hellos_unanswered = 0
        self.transport.reset_input_buffer()
        start = self.clock()
        deadline = start + timeout
        wait = HELLO_FIRST_WAIT_S
        next_hello = start
        tries = 0
        while self.identity is None or self._expected_event is None:
            now = self.clock()
            if now > deadline:
                if self.identity is not None:
                    raise LinkError(f"the board introduced itself but sent no switch state within "
                                    f"{timeout:g} s (the line loses too much: check the cable)")
                raise LinkError(f"no answer from the board after {tries} "
                                f"{'try' if tries == 1 else 'tries'} in {timeout:g} s "
                                "(is the Tablier firmware running on it, on this port?)")
            if self.identity is None and now >= next_hello:
                tries += 1
                self.stats.hello_tries = tries
                if tries > 1 and on_retry is not None:
                    on_retry(tries)
                self.transport.write(b"\x00")  # ends whatever partial frame the board was holding
                self._send(wire.encode_hello(self._body, self._seq, wire.PROTOCOL_VERSION))
                self._hellos_unanswered += 1
                next_hello = now + wait
                wait = min(wait * 2, HELLO_MAX_WAIT_S)
            self._pump(0.01)
        return self.identity

    def bye(self) -> None:
        """Tell the board we leave (it keeps scanning and lighting, and stops reporting); the
        transport stays open."""
        self._send(wire.encode_request(self._body, self._seq, wire.BYE))

    @property
    def alive(self) -> bool:
        """Whether the board spoke within :data:`BOARD_TIMEOUT_S`."""
        return self.clock() - self._last_heard < BOARD_TIMEOUT_S

    # -- switches -----------------------------------------------------------------------------

    def poll(self, timeout: float = 0.0) -> list[SwitchChange]:
        """Handle what arrived, keep the link alive, and return the switch changes since the last
        call, in order; waits up to ``timeout`` seconds for at least one change."""
        deadline = self.clock() + timeout
        while True:
            self._pump(0.0)
            if self._changes or self.clock() >= deadline:
                break
            time.sleep(0.0005)
        changes, self._changes = self._changes, []
        return changes

    def request_snapshot(self) -> None:
        """Ask for a fresh snapshot (its differences come out of :meth:`poll` as changes)."""
        self._send(wire.encode_request(self._body, self._seq, wire.GET_SNAPSHOT))

    def set_debounce(self, milliseconds: int) -> None:
        """Change the board's debounce window (0..255 ms)."""
        if not 0 <= milliseconds <= 255:
            raise ValueError(f"debounce window must be 0..255 ms, not {milliseconds}")
        self._send(wire.encode_set_debounce(self._body, self._seq, milliseconds))

    # -- LEDs ---------------------------------------------------------------------------------

    def set_led(self, index: int, colour: Colour, mode: int = wire.STEADY) -> None:
        """Wish LED ``index`` to show ``colour`` in ``mode``; sent by the next :meth:`poll`."""
        count = len(self._led_wanted)
        if not 0 <= index < count:
            raise ValueError(f"LED {index} does not exist (the board has {count})")
        if not 0 <= mode < wire.MODE_COUNT:
            raise ValueError(f"LED mode must be 0..{wire.MODE_COUNT - 1}, not {mode}")
        if any(not 0 <= c <= 255 for c in colour):
            raise ValueError(f"colour channels must be 0..255, not {colour}")
        self._led_wanted[index] = (colour[0], colour[1], colour[2], mode)

    def set_leds(self, wishes: Iterable[tuple[int, Colour, int]]) -> None:
        """Several :meth:`set_led` at once: ``(index, colour, mode)``; every other LED goes off."""
        self._led_wanted = [OFF] * len(self._led_wanted)
        for index, colour, mode in wishes:
            self.set_led(index, colour, mode)

    def send_leds(self) -> None:
        """Send the LED wishes not yet sent now, rather than at the next :meth:`poll`."""
        if self.identity is not None:
            self._flush_leds(self.clock())

    @property
    def mode_count(self) -> int:
        """How many LED modes (blink codes) the board's firmware runs, as its IDENTIFY said (an older
        firmware's, or before the board answered: the first ``wire.LEGACY_MODE_COUNT``)."""
        return self.identity.mode_count if self.identity is not None else wire.LEGACY_MODE_COUNT

    @property
    def leds_settled(self) -> bool:
        """Whether the board confirmed showing every LED wish."""
        return not self._led_in_flight and all(
            shown == wanted for shown, wanted in zip(self._led_shown, self._led_wanted, strict=True))

    # -- requests -----------------------------------------------------------------------------

    def ping(self, timeout: float = 1.0) -> float:
        """Round-trip time in seconds of one PING."""
        token = self._send_ping()
        deadline = self.clock() + timeout
        while token in self._pongs:
            if self.clock() > deadline:
                raise LinkError(f"the board did not answer a ping within {timeout:g} s")
            self._pump(0.005)
        assert self.round_trip is not None
        return self.round_trip

    def request_status(self, timeout: float = 1.0) -> Status:
        """Ask the board for its counters and wait for them."""
        self.status = None
        self._send(wire.encode_request(self._body, self._seq, wire.GET_STATUS))
        deadline = self.clock() + timeout
        while self.status is None:
            if self.clock() > deadline:
                raise LinkError(f"the board did not send its status within {timeout:g} s")
            self._pump(0.005)
        return self.status

    def ask_status(self) -> None:
        """Ask the board for its counters without waiting: :attr:`status` holds them once they come."""
        self._send(wire.encode_request(self._body, self._seq, wire.GET_STATUS))

    def ask_ping(self) -> None:
        """Send a PING without waiting: :attr:`round_trip` holds its round trip once the PONG comes."""
        self._send_ping()

    def request_maintenance(self) -> None:
        """Ask the board to restart with its REPL free (to flash it with mpremote)."""
        self._send(wire.encode_request(self._body, self._seq, wire.MAINTENANCE))

    # -- internals ----------------------------------------------------------------------------

    def _send(self, length: int) -> None:
        n = framing.seal(self._body, length, self._out)
        self.transport.write(bytes(self._out[:n]))
        self._seq = (self._seq + 1) & 0xFF

    def _send_ping(self) -> int:
        self._token = (self._token + 1) & 0xFFFFFFFF
        self._pongs[self._token] = self.clock()
        self._last_ping = self.clock()
        self._send(wire.encode_ping(self._body, self._seq, self._token))
        return self._token

    def _pump(self, timeout: float) -> None:
        deadline = self.clock() + timeout
        while True:
            data = self.transport.read(4096)
            for byte in data:
                length = self._decoder.feed(byte)
                if length:
                    self._receive(length)
            if data or self.clock() >= deadline:
                break
            time.sleep(0.0005)
        self._keep_up()
        decoder = self._decoder
        self.stats.bad_frames = decoder.bad_frames + decoder.oversized
        self.stats.dropped_bytes = decoder.dropped_bytes

    def _keep_up(self) -> None:
        now = self.clock()
        if self.identity is None:
            return
        if now - self._last_ping >= HEARTBEAT_S:
            self._send_ping()
        if self._gap_since is not None and now - self._gap_since >= GAP_REPAIR_S:
            self._gap_since = now
            self.request_snapshot()
        if self._expected_event is None and now - self._identified_at >= GAP_REPAIR_S:
            self._identified_at = now  # the snapshot that follows IDENTIFY went missing
            self.request_snapshot()
        self._flush_leds(now)

    def _receive(self, length: int) -> None:
        body = self._decoder.body
        seq = wire.frame_seq(body)
        if self._device_seq is not None and seq != self._device_seq:
            self.stats.lost_frames += (seq - self._device_seq) & 0xFF
        self._device_seq = (seq + 1) & 0xFF
        self.stats.frames += 1
        self._last_heard = self.clock()
        message = parse(body, length)
        if message is None:
            self.stats.unexpected += 1
            return
        self._dispatch(message)

    def _dispatch(self, message: Message) -> None:
        if isinstance(message, Event):
            self._on_event(message)
        elif isinstance(message, Snapshot):
            self._on_snapshot(message)
        elif isinstance(message, Identify):
            self._on_identify(message)
        elif isinstance(message, Pong):
            sent = self._pongs.pop(message.token, None)
            if sent is not None:
                self.round_trip = self.clock() - sent
            self._pongs = {t: s for t, s in self._pongs.items() if t > message.token}  # lost ones
        elif isinstance(message, Status):
            self.status = message
        elif isinstance(message, Done):
            self._on_done(message)

    def _on_identify(self, identity: Identify) -> None:
        if identity.protocol != wire.PROTOCOL_VERSION:
            raise FirmwareMismatchError(
                f"the board speaks protocol {identity.protocol}, this host speaks "
                f"{wire.PROTOCOL_VERSION}: reflash the firmware (`make flash`)")
        if self.expected_hash is not None and identity.layout_hash != self.expected_hash:
            raise FirmwareMismatchError(
                f"the board's firmware was built for layout {identity.layout_hash}, but "
                f"hardware/board.toml is layout {self.expected_hash}: reflash the firmware "
                "(`make flash`) or use the layout it was built for")
        known = self.identity
        if known is not None and known.layout_hash == identity.layout_hash and \
                (known.switch_count, known.led_count) != (identity.switch_count, identity.led_count):
            self.stats.unexpected += 1  # one layout, other sizes: not what this board can say
            return
        if self._hellos_unanswered:
            self._hellos_unanswered -= 1  # the answer to one of our HELLOs (a repeated one, late)
        elif self.identity is not None:
            self.stats.reconnections += 1
        self.identity = identity
        self._identified_at = self.clock()
        self._doubting_snapshot = False
        self._expected_event = None
        self._gap_since = None
        self._ahead.clear()
        if len(self._led_wanted) != identity.led_count:
            self._led_wanted = [OFF] * identity.led_count
        self._led_shown = [None] * identity.led_count  # unknown after a (re)start: send them all
        self._led_in_flight.clear()

    def _on_snapshot(self, snapshot: Snapshot) -> None:
        if self.identity is None:
            return
        if len(snapshot.bits) != (self.identity.switch_count + 7) // 8:
            self.stats.unexpected += 1  # not as many switches as the board said it has
            return
        expected = self._expected_event
        if expected is not None and 0 < (expected - 1 - snapshot.event_seq) & 0xFFFF < 0x8000 \
                and not self._doubting_snapshot:
            # Older than events already taken: a late duplicate, ignored. Unless the board, asked
            # again, answers as old: then its numbering went back (it restarted, its IDENTIFY lost).
            self.stats.stale_snapshots += 1
            self._doubting_snapshot = True
            self.request_snapshot()
            return
        self._doubting_snapshot = False
        self.stats.snapshots += 1
        closed = snapshot.closed(self.identity.switch_count)
        for switch in sorted(closed ^ self.closed):
            self._changes.append(SwitchChange(switch, switch in closed, snapshot.time_ms, None))
        self.closed = set(closed)
        self._expected_event = (snapshot.event_seq + 1) & 0xFFFF
        self._gap_since = None
        later = sorted((e for e in self._ahead.values()
                        if 0 < (e.event_seq - snapshot.event_seq) & 0xFFFF < 0x8000),
                       key=lambda e: (e.event_seq - snapshot.event_seq) & 0xFFFF)
        self._ahead.clear()
        for event in later:
            self._on_event(event)
        self._ack()

    def _on_event(self, event: Event) -> None:
        expected = self._expected_event
        if expected is None:
            return  # before the first snapshot: it will stand for this event
        assert self.identity is not None
        if event.switch >= self.identity.switch_count:
            self.stats.unexpected += 1  # a switch the board does not have
            return
        ahead = (event.event_seq - expected) & 0xFFFF
        if ahead >= 0x8000 or event.event_seq in self._ahead:
            self.stats.duplicate_events += 1
            return
        if ahead:
            # A gap: keep this one for later, and repeat the last good number so the board resends.
            self._ahead[event.event_seq] = event
            if self._gap_since is None:
                self.stats.gaps += 1
                self._gap_since = self.clock()
                self._ack()
            return
        self._apply(event)
        while self._expected_event in self._ahead:
            self._apply(self._ahead.pop(self._expected_event))
        if not self._ahead:
            self._gap_since = None
        self._ack()

    def _apply(self, event: Event) -> None:
        self._expected_event = (event.event_seq + 1) & 0xFFFF
        if event.closed:
            self.closed.add(event.switch)
        else:
            self.closed.discard(event.switch)
        self._changes.append(SwitchChange(event.switch, event.closed, event.time_ms, event.event_seq))

    def _ack(self) -> None:
        if self._expected_event is not None:
            self._send(wire.encode_ack(self._body, self._seq, (self._expected_event - 1) & 0xFFFF))

    def _flush_leds(self, now: float) -> None:
        for seq in [s for s, f in self._led_in_flight.items() if now - f.sent_at >= LED_RESEND_S]:
            del self._led_in_flight[seq]
            self.stats.led_resends += 1
        if self._led_in_flight:
            return  # the next frame once the board has carried this one out
        changed = [(index, wanted) for index, wanted in enumerate(self._led_wanted)
                   if wanted != self._led_shown[index]]
        if changed:
            chunk = changed[:LED_ENTRIES_PER_FRAME]
            self._led_in_flight[self._seq] = _LedFrame(now, chunk)
            self._send(wire.encode_leds(self._body, self._seq, [(i, *state) for i, state in chunk]))

    def _on_done(self, done: Done) -> None:
        frame = self._led_in_flight.pop(done.host_seq, None)
        if frame is not None and done.ok:
            for index, state in frame.entries:
                self._led_shown[index] = state
