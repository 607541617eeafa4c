"""The device side of the protocol (docs/protocol.md): frames in, reports out.

It answers the host's requests, sends every debounced change as a numbered EVENT and keeps it until
the host acknowledges it (resending after ``RESEND_MS`` of silence), falls back to a fresh SNAPSHOT
when the ring overflowed, and stops reporting when the host has been silent for ``HOST_TIMEOUT_MS``
(until its next frame). All frame bytes come from :mod:`wire`, the codec the host uses too.

Writes are bounded per loop step (``TX_BYTES_PER_STEP``) and stop for the step as soon as the
backend refuses one (a host that holds the port open but stops reading): pending events wait for a
later step, so the loop, the scan and the watchdog go on whatever the host does.
"""

import wire
from clock import ticks_diff
from micropython import const

RESEND_MS = const(100)
HOST_TIMEOUT_MS = const(3000)
STATUS_PERIOD_MS = const(1000)
#: At most this many bytes are read from the host per loop step (on the Pico about 25 us each).
_RX_CHUNK = const(32)
#: At most this many bytes are written to the host per loop step (about 15 EVENT frames).
TX_BYTES_PER_STEP = const(256)


class Link:
    """Talks to the host through ``board.read_host``/``board.write_host``."""

    def __init__(self, board, scanner, leds, layout_hash: str, firmware_version: str, now: int) -> None:
        self.board = board
        self.scanner = scanner
        self.leds = leds
        self.layout_hash = layout_hash
        self.firmware_version = firmware_version
        self.decoder = wire.Decoder()
        self.rx = bytearray(_RX_CHUNK)
        self.body = bytearray(wire.MAX_BODY)
        self.out = bytearray(wire.MAX_FRAME)
        self.seq = 0
        self.connected = False
        self.last_rx = 0
        self.host_seq = -1  # the host's next expected frame number, -1 before its first frame
        self.sent = 0  # how many of the kept events have been sent since the last (re)send
        self.progress_at = 0  # when events were last sent or acknowledged
        self.snapshot_seq = -1  # the event seq of a SNAPSHOT awaiting acknowledgement
        self.snapshot_at = 0
        self.rx_unknown = 0
        self.rx_seq_gaps = 0
        self.tx_dropped = 0
        self.events_resent = 0
        self.errors = 0
        self.tx_deferred = 0  # steps that left events for later (budget spent or host not reading)
        self.tx_budget = TX_BYTES_PER_STEP
        self.vsys_min_mv = 0  # lowest VSYS seen since the last STATUS (0: not measured)
        self.reset_cause = board.reset_cause()
        self.started = now
        self.period_start = self.started
        self.period_scans = 0
        self.scans_per_second = 0
        self.worst_step_us = 0  # the longest loop step since the last STATUS (idling excluded)
        self.status_step = False  # this step answered a STATUS request
        self.period_busy_us = 0  # the loop's working time in this status period
        self.busy_percent = 0  # ... in the last whole one, as a share of it

    def stepped(self, us: int) -> None:
        """A loop step took ``us`` microseconds of work (the step that answered a STATUS request
        is not among the worst: it measures the asking)."""
        if us > self.worst_step_us and not self.status_step:
            self.worst_step_us = us
        self.status_step = False
        self.period_busy_us += us

    # -- the loop's entry point ---------------------------------------------------------------

    def poll(self, now: int) -> None:
        """Read what the host sent, handle whole frames, and send what is due."""
        self.tx_budget = TX_BYTES_PER_STEP
        mv = self.board.vsys_mv()
        if mv > 0 and (self.vsys_min_mv == 0 or mv < self.vsys_min_mv):
            self.vsys_min_mv = mv
        n = self.board.read_host(self.rx)
        for i in range(n):
            length = self.decoder.feed(self.rx[i])
            if length:
                self._handle(length, now)
        elapsed = ticks_diff(now, self.period_start)
        if elapsed >= STATUS_PERIOD_MS:
            self.scans_per_second = self.scanner.scans - self.period_scans
            self.period_scans = self.scanner.scans
            self.period_start = now
            self.busy_percent = self.period_busy_us // (elapsed * 10)
            self.period_busy_us = 0
            self.scanner.end_period()
        if not self.connected:
            if self.scanner.count or self.scanner.overflowed:
                self.scanner.forget_all()
            return
        if ticks_diff(now, self.last_rx) > HOST_TIMEOUT_MS:
            self.connected = False
            return
        unconfirmed = self.snapshot_seq >= 0 and ticks_diff(now, self.snapshot_at) >= RESEND_MS
        if self.scanner.overflowed or unconfirmed:
            self._send_snapshot(now)
        if self.scanner.count:
            self._send_events(now)

    # -- sending ------------------------------------------------------------------------------

    def _send(self, length: int) -> None:
        n = wire.seal(self.body, length, self.out)
        self.tx_budget -= n
        if not self.board.write_host(self.out, n):
            self.tx_dropped += n
            self.tx_budget = 0  # the host is not taking bytes: nothing more this step
        self.seq = (self.seq + 1) & 0xFF

    def _send_events(self, now: int) -> None:
        scanner = self.scanner
        if scanner.count and self.sent >= scanner.count \
                and ticks_diff(now, self.progress_at) >= RESEND_MS:
            self.events_resent += scanner.count
            self.sent = 0
        if self.sent < scanner.count:
            if self.tx_budget <= 0:
                self.tx_deferred += 1
                return
            oldest = scanner.oldest_seq()
            while self.sent < scanner.count and self.tx_budget > 0:
                seq = (oldest + self.sent) & 0xFFFF
                at = seq % len(scanner.ev_closed)
                self._send(wire.encode_event(self.body, self.seq, seq, scanner.ev_time[at],
                                             scanner.ev_switch[at], scanner.ev_closed[at]))
                self.sent += 1
            if self.sent < scanner.count:
                self.tx_deferred += 1
            self.progress_at = now

    def _send_snapshot(self, now: int) -> None:
        scanner = self.scanner
        last = (scanner.next_seq - 1) & 0xFFFF
        scanner.forget_all()
        self.sent = 0
        self.snapshot_seq = last
        self.snapshot_at = now
        self._send(wire.encode_snapshot(self.body, self.seq, last, now, scanner.closed))

    def _send_identify(self) -> None:
        self._send(wire.encode_identify(self.body, self.seq, self.scanner.switch_count,
                                        self.leds.count, self.layout_hash, self.firmware_version,
                                        self.reset_cause))

    def _send_status(self, now: int) -> None:
        scanner = self.scanner
        decoder = self.decoder
        counters = [
            ticks_diff(now, self.started), self.scans_per_second, scanner.debounce_ms,
            decoder.frames, decoder.bad_frames, decoder.dropped_bytes, decoder.oversized,
            self.rx_unknown, self.rx_seq_gaps, self.tx_dropped, scanner.dropped, self.events_resent,
            self.errors, self.leds.draw_ma, self.leds.scale, scanner.chain_faults,
        ]
        chattering = [scanner.chattering[k] for k in range(scanner.chattering_count)]
        extra = [scanner.stuck_high, scanner.stuck_low, scanner.bit_slips, scanner.short_chain,
                 self.vsys_min_mv, self.tx_deferred, self.worst_step_us, self.busy_percent]
        self._send(wire.encode_status(self.body, self.seq, counters, chattering, extra))
        self.vsys_min_mv = 0  # the next STATUS gives the lowest VSYS (and worst step) since this one
        self.worst_step_us = 0
        self.status_step = True

    # -- receiving ----------------------------------------------------------------------------

    def _handle(self, length: int, now: int) -> None:
        body = self.decoder.body
        kind = wire.message_type(body)
        if not wire.well_formed(body, length) or kind >= 0x80:
            self.rx_unknown += 1
            return
        seq = wire.frame_seq(body)
        if self.host_seq >= 0 and seq != self.host_seq:
            self.rx_seq_gaps += 1
        self.host_seq = (seq + 1) & 0xFF
        self.last_rx = now
        if kind == wire.HELLO or not self.connected:
            # A HELLO, or any frame after a silence or a restart: (re)introduce ourselves.
            self.connected = True
            self._send_identify()
            self._send_snapshot(now)
            if kind == wire.HELLO:
                return
        if kind == wire.ACK:
            self._ack(wire.decode_ack(body, length), now)
        elif kind == wire.PING:
            self._send(wire.encode_pong(self.body, self.seq, wire.decode_ping(body, length), now))
        elif kind == wire.GET_SNAPSHOT:
            self._send_snapshot(now)
        elif kind == wire.GET_STATUS:
            self._send_status(now)
        elif kind == wire.LEDS:
            self._done(seq, self._set_leds(body, length))
        elif kind == wire.LEDS_FILL:
            r, g, b, mode = wire.decode_leds_fill(body, length)
            ok = self.leds.fill(r, g, b, mode)
            self.leds.commit()
            self._done(seq, ok)
        elif kind == wire.SET_DEBOUNCE:
            self.scanner.debounce_ms = wire.decode_set_debounce(body, length)
            self._done(seq, True)
        elif kind == wire.BYE:
            self.connected = False
        elif kind == wire.MAINTENANCE:
            self._done(seq, True)
            self.board.maintenance()

    def _ack(self, event_seq: int, now: int) -> None:
        scanner = self.scanner
        before = scanner.count
        scanner.forget_through(event_seq)
        done = before - scanner.count
        self.sent = self.sent - done if self.sent > done else 0
        if done:
            self.progress_at = now
        if self.snapshot_seq >= 0 and ((event_seq - self.snapshot_seq) & 0xFFFF) < 0x8000:
            self.snapshot_seq = -1

    def _set_leds(self, body, length: int) -> bool:
        ok = True
        for k in range(wire.leds_entry_count(length)):
            at = wire.leds_entry_offset(k)
            if not self.leds.set(wire.get_u16(body, at), body[at + 2], body[at + 3], body[at + 4],
                                 body[at + 5]):
                ok = False
        self.leds.commit()
        return ok

    def _done(self, host_seq: int, ok: bool) -> None:
        if not ok:
            self.rx_unknown += 1
        self._send(wire.encode_done(self.body, self.seq, host_seq, 0 if ok else 1))
