"""The device side of the protocol (docs/protocol.md): frames in, reports out.

It answers the host's requests, sends every debounced change as a numbered EVENT and keeps it until
the host acknowledges it (resending after ``RESEND_MS`` of silence), falls back to a fresh SNAPSHOT
when the ring overflowed, and stops reporting when the host has been silent for ``HOST_TIMEOUT_MS``
(until its next frame). All frame bytes come from :mod:`wire` and :mod:`framing`, the codec the host
uses too.

Nothing the host sends stops the scan for long: the link works in small pieces (a few bytes read
and decoded, a few bytes of a frame sealed, one entry of a LEDS frame set, a few fields of a STATUS
written), each at most about 0.5 ms on the Pico, and starts no new piece once the loop step has run
``STEP_WORK_US``; the rest waits for the next steps. Events go first (after the IDENTIFY and SNAPSHOT
a connection begins with), then the other answers, then a STATUS (written in a body of its own, so
events and answers pass it). Host frames are taken one at a time: the next is decoded once the
answers owed to the last are on their way, and a LEDS frame is set. Writes are bounded per step too
(``TX_BYTES_PER_STEP``) and stop for the step as soon as the backend refuses one (a host that holds
the port open but stops reading): the loop, the scan and the watchdog go on whatever the host does.
Nothing here allocates while the host sends what ``BoardClient`` sends.
"""

import framing
import wire
from clock import ticks_diff, ticks_us
from micropython import const

RESEND_MS = const(100)
HOST_TIMEOUT_MS = const(3000)
STATUS_PERIOD_MS = const(1000)
#: No new piece of work starts once the loop step has run this long; a piece takes at most about
#: 0.5 ms on the Pico (docs/firmware.md), so a step that talks to the host ends by about 1.1 ms (an
#: idle step takes 0.5 ms: a piece or two a step).
STEP_WORK_US = const(600)
#: One piece starts in any step younger than this (one whose LEDs are being rendered again, or
#: whose scan saw a change, may be older than ``STEP_WORK_US`` by then): the link is not starved.
LATE_STEP_US = const(700)
#: Bytes read from the host and decoded per piece: each piece costs about 0.13 ms besides its bytes
#: on the Pico, so five (not three) keep a host's frames from holding the loop past its period.
RX_PIECE = const(5)
#: Bytes of a frame sealed per piece (about 0.1 ms and 17 us a byte on the Pico, and 0.1 ms for
#: the write): an EVENT or a PONG (13 and 12 bytes with their CRC) in one piece.
SEAL_PIECE = const(13)
#: Entries of a LEDS frame set per piece (about 0.37 ms each on the Pico), and LEDs of a LEDS_FILL.
LED_PIECE = const(1)
FILL_PIECE = const(8)
#: Fields of a STATUS written per piece (about 0.1 ms each on the Pico).
STATUS_PIECE = const(3)
#: At most this many bytes are written to the host per loop step (about 15 EVENT frames).
TX_BYTES_PER_STEP = const(256)
#: What the frames handled owe the host (bits of ``Link.owed``), sent in this order (before any
#: event: IDENTIFY and SNAPSHOT; after them: the rest).
OWE_IDENTIFY = const(1)
OWE_SNAPSHOT = const(2)
OWE_PONG = const(4)
OWE_DONE = const(8)
OWE_STATUS = const(16)
_INTRODUCE = const(3)  # OWE_IDENTIFY | OWE_SNAPSHOT
_ANSWERS = const(15)  # ... | OWE_PONG | OWE_DONE


class Link:
    """Talks to the host through ``board.read_host``/``board.write_host``."""

    def __init__(self, board, scanner, leds, layout_hash: str, firmware_version: str, now: int) -> None:
        self.board = board
        self.scanner = scanner
        self.leds = leds
        self.decoder = framing.Decoder(wire.MAX_BODY)
        self.rx = bytearray(RX_PIECE)
        self.rx_at = 0  # the bytes of ``rx`` from here to ``rx_end`` are not decoded yet
        self.rx_end = 0
        self.rx_frame = 0  # the length of a decoded frame's body waiting to be handled
        self.body = bytearray(wire.MAX_BODY)
        self.out = bytearray(wire.MAX_FRAME)
        self.sealer = framing.Sealer(self.out)
        self.reset_cause = board.reset_cause()
        length = wire.encode_identify(self.body, 0, scanner.switch_count, leds.count, layout_hash,
                                      firmware_version, self.reset_cause, wire.MODE_COUNT)
        self.identify = bytearray(self.body[:length + 2])  # the same every time but for its number
        self.seq = 0
        self.connected = False
        self.last_rx = 0
        self.host_seq = -1  # the host's next expected frame number, -1 before its first frame
        # What the frames handled owe the host (OWE_* bits), and what the answers carry:
        self.owed = 0  # one number, so that an idle step looks at one attribute, not five
        self.pong_token = 0
        self.pong_time = 0
        self.done_seq = 0
        self.done_ok = True
        self.status_at = -1  # the next STATUS field to write (-4 to -2: counters to take first; -1: none)
        self.status_body = bytearray(wire.MAX_BODY)
        self.status_fields = 0
        self.status_listed = 0
        self.status_counters = [0] * len(wire.STATUS_COUNTERS)  # as of the request
        self.status_chattering = [0] * wire.MAX_CHATTERING_LISTED
        self.status_extra = [0] * len(wire.STATUS_EXTRA_COUNTERS)
        # A LEDS or LEDS_FILL frame being carried out (its body stays in the decoder until then):
        self.led_at = 0
        self.led_end = 0  # entries (LEDS) or LEDs (LEDS_FILL) in all; 0: none under way
        self.led_fill = -1  # the LEDS_FILL's colour as 0xRRGGBB, -1 for a LEDS frame
        self.led_mode = 0
        self.led_seq = 0
        self.led_ok = True
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
        self.started = now
        self.period_start = self.started
        self.period_scans = 0
        self.scans_per_second = 0
        self.worst_step_us = 0  # the longest loop step since the last STATUS (idling excluded)
        self.period_busy_us = 0  # the loop's working time in this status period
        self.busy_percent = 0  # ... in the last whole one, as a share of it

    def stepped(self, us: int) -> None:
        """A loop step took ``us`` microseconds of work."""
        if us > self.worst_step_us:
            self.worst_step_us = us
        self.period_busy_us += us

    # -- the loop's entry point ---------------------------------------------------------------

    def poll(self, now: int, started: int) -> None:
        """Read what the host sent, handle whole frames, and send what is due, a piece at a time
        while the loop step (begun at ``started``, in ``ticks_us``) is younger than
        ``STEP_WORK_US`` (one piece if it is younger than ``LATE_STEP_US``)."""
        self.tx_budget = TX_BYTES_PER_STEP
        mv = self.board.vsys_mv()
        if mv > 0 and (self.vsys_min_mv == 0 or mv < self.vsys_min_mv):
            self.vsys_min_mv = mv
        elapsed = ticks_diff(now, self.period_start)
        if elapsed >= STATUS_PERIOD_MS:
            self.scans_per_second = self.scanner.scans - self.period_scans
            self.period_scans = self.scanner.scans
            self.period_start = now
            self.busy_percent = self.period_busy_us // (elapsed * 10)
            self.period_busy_us = 0
            self.scanner.end_period()
        scanner = self.scanner
        if self.connected and ticks_diff(now, self.last_rx) > HOST_TIMEOUT_MS:
            self.connected = False
        if not self.connected:
            if scanner.count or scanner.overflowed:
                scanner.forget_all()
        else:
            unconfirmed = self.snapshot_seq >= 0 and ticks_diff(now, self.snapshot_at) >= RESEND_MS
            if scanner.overflowed or unconfirmed:
                self.owed |= OWE_SNAPSHOT
            if scanner.count and self.sent >= scanner.count \
                    and ticks_diff(now, self.progress_at) >= RESEND_MS:
                self.events_resent += scanner.count
                self.sent = 0
        if ticks_diff(ticks_us(), started) < LATE_STEP_US:
            while self._piece(now) and ticks_diff(ticks_us(), started) < STEP_WORK_US:
                pass
        if self.connected and self.sent < scanner.count:
            self.tx_deferred += 1

    def _piece(self, now: int) -> bool:
        """One piece of work, the most urgent first; False if there was none."""
        sealer = self.sealer
        if sealer.busy:
            n = sealer.run(SEAL_PIECE)
            if n:
                self.tx_budget -= n
                if not self.board.write_host(self.out, n):
                    self.tx_dropped += n
                    self.tx_budget = 0  # the host is not taking bytes: nothing more this step
            return True
        owed = self.owed
        if self.tx_budget > 0:
            if owed & _INTRODUCE:  # IDENTIFY and SNAPSHOT come before any event
                self._answer(now)
                return True
            if self.connected and self.sent < self.scanner.count:  # events before other answers
                self._send_event(now)
                return True
            if owed & _ANSWERS:
                self._answer(now)
                return True
            if owed:
                self._status_piece(now)
                return True
        if self.led_end:
            self._set_leds()
            return True
        if owed:
            return False  # the next host frame waits until they are on their way
        if self.rx_frame:
            self._handle(self.rx_frame, now)
            self.rx_frame = 0
            return True
        if self.rx_at == self.rx_end:
            self.rx_at = 0
            self.rx_end = self.board.read_host(self.rx)
            if not self.rx_end:
                return False
        decoder = self.decoder
        self.rx_at = decoder.feed_from(self.rx, self.rx_at, self.rx_end)
        self.rx_frame = decoder.length
        return True

    # -- sending ------------------------------------------------------------------------------

    def _start(self, body: bytearray, length: int) -> None:
        """Frame ``body[:length]`` over the next pieces; it goes out when whole."""
        self.sealer.start(body, length)
        self.seq = (self.seq + 1) & 0xFF

    def _answer(self, now: int) -> None:
        """Start the first short answer the host is owed."""
        body = self.body
        owed = self.owed
        if owed & OWE_IDENTIFY:
            self.owed = owed & ~OWE_IDENTIFY
            self.identify[0] = self.seq  # the frame's number (a body begins with it)
            self._start(self.identify, len(self.identify) - 2)
        elif owed & OWE_SNAPSHOT:
            self.owed = owed & ~OWE_SNAPSHOT
            scanner = self.scanner
            last = (scanner.next_seq - 1) & 0xFFFF
            scanner.forget_all()
            self.sent = 0
            self.snapshot_seq = last
            self.snapshot_at = now
            self._start(body, wire.encode_snapshot(body, self.seq, last, now, scanner.closed))
        elif owed & OWE_PONG:
            self.owed = owed & ~OWE_PONG
            self._start(body, wire.encode_pong(body, self.seq, self.pong_token, self.pong_time))
        else:
            self.owed = owed & ~OWE_DONE
            self._start(body, wire.encode_done(body, self.seq, self.done_seq, 0 if self.done_ok else 1))

    def _status_piece(self, now: int) -> None:
        """The next piece of the STATUS asked for: its counters taken in three pieces, then its
        fields written a few a piece in a body of its own (events and short answers go between)."""
        at = self.status_at
        if at == -4:
            self._take_counters(now)
        elif at == -3:
            self._take_more_counters()
        elif at == -2:
            self._take_extra()
        else:
            body = self.status_body
            length = wire.write_status(body, self.seq, self.status_counters, self.status_chattering,
                                       self.status_listed, self.status_extra, at, at + STATUS_PIECE)
            self.status_at = at + STATUS_PIECE
            if self.status_at >= self.status_fields:
                self.status_at = -1
                self.owed &= ~OWE_STATUS
                self._start(body, length)

    def _send_event(self, now: int) -> None:
        scanner = self.scanner
        seq = (scanner.oldest_seq() + self.sent) & 0xFFFF
        at = seq % len(scanner.ev_closed)
        self._start(self.body, wire.encode_event(self.body, self.seq, seq, scanner.ev_time[at],
                                                 scanner.ev_switch[at], scanner.ev_closed[at]))
        self.sent += 1
        self.progress_at = now

    def _take_counters(self, now: int) -> None:
        """The first STATUS counters as of now (the others in the next two pieces, then the STATUS
        is written over the next pieces)."""
        decoder = self.decoder
        counters = self.status_counters
        counters[0] = ticks_diff(now, self.started)
        counters[1] = self.scans_per_second
        counters[2] = self.scanner.debounce_ms
        counters[3] = decoder.frames
        counters[4] = decoder.bad_frames
        counters[5] = decoder.dropped_bytes
        counters[6] = decoder.oversized
        counters[7] = self.rx_unknown
        self.status_at = -3

    def _take_more_counters(self) -> None:
        """The STATUS counters after the first eight."""
        scanner = self.scanner
        counters = self.status_counters
        counters[8] = self.rx_seq_gaps
        counters[9] = self.tx_dropped
        counters[10] = scanner.dropped
        counters[11] = self.events_resent
        counters[12] = self.errors
        counters[13] = self.leds.draw_ma
        counters[14] = self.leds.scale
        counters[15] = scanner.chain_faults
        self.status_at = -2

    def _take_extra(self) -> None:
        """The STATUS's extra counters and chattering switches; the next STATUS gives the lowest
        VSYS and the longest step since this one."""
        scanner = self.scanner
        extra = self.status_extra
        extra[0] = scanner.stuck_high
        extra[1] = scanner.stuck_low
        extra[2] = scanner.bit_slips
        extra[3] = scanner.short_chain
        extra[4] = self.vsys_min_mv
        extra[5] = self.tx_deferred
        extra[6] = self.worst_step_us
        extra[7] = self.busy_percent
        listed = scanner.chattering_count
        if listed > wire.MAX_CHATTERING_LISTED:
            listed = wire.MAX_CHATTERING_LISTED
        for k in range(listed):
            self.status_chattering[k] = scanner.chattering[k]
        self.status_listed = listed
        self.status_fields = wire.status_fields(self.status_counters, listed, extra)
        self.status_at = 0
        self.vsys_min_mv = 0
        self.worst_step_us = 0

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
            self.owed |= _INTRODUCE
            if kind == wire.HELLO:
                return
        if kind == wire.ACK:
            self._ack(wire.decode_ack(body, length), now)
        elif kind == wire.PING:
            self.pong_token = wire.decode_ping(body, length)
            self.owed |= OWE_PONG
            self.pong_time = now
        elif kind == wire.GET_SNAPSHOT:
            self.owed |= OWE_SNAPSHOT
        elif kind == wire.GET_STATUS:
            self.owed |= OWE_STATUS
            self.status_at = -4
        elif kind == wire.LEDS:
            self._begin_leds(seq, wire.leds_entry_count(length), -1, 0)
        elif kind == wire.LEDS_FILL:
            r, g, b, mode = wire.decode_leds_fill(body, length)
            if mode < wire.MODE_COUNT:
                self._begin_leds(seq, self.leds.count, (r << 16) | (g << 8) | b, mode)
            else:
                self._done(seq, False)
        elif kind == wire.SET_DEBOUNCE:
            self.scanner.debounce_ms = wire.decode_set_debounce(body, length)
            self._done(seq, True)
        elif kind == wire.BYE:
            self.connected = False
        elif kind == wire.MAINTENANCE:
            self._start(self.body, wire.encode_done(self.body, self.seq, seq, 0))
            self.board.write_host(self.out, self.sealer.run(wire.MAX_BODY))  # at once: we restart
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

    def _begin_leds(self, seq: int, count: int, fill: int, mode: int) -> None:
        """Carry out a LEDS frame of ``count`` entries (or a LEDS_FILL: ``fill`` is its colour) over
        the next pieces; DONE follows."""
        self.led_seq = seq
        self.led_ok = True
        self.led_at = 0
        self.led_end = count
        self.led_fill = fill
        self.led_mode = mode

    def _set_leds(self) -> None:
        """Set the next few LEDs of the LEDS or LEDS_FILL frame under way."""
        leds = self.leds
        at = self.led_at
        fill = self.led_fill
        end = at + (LED_PIECE if fill < 0 else FILL_PIECE)
        if end > self.led_end:
            end = self.led_end
        if fill >= 0:
            leds.fill(fill >> 16, (fill >> 8) & 0xFF, fill & 0xFF, self.led_mode, at, end)
        else:
            body = self.decoder.body
            for k in range(at, end):
                o = wire.leds_entry_offset(k)
                if not leds.set(wire.get_u16(body, o), body[o + 2], body[o + 3], body[o + 4], body[o + 5]):
                    self.led_ok = False
        self.led_at = end
        if end == self.led_end:
            self.led_end = 0
            leds.commit()
            self._done(self.led_seq, self.led_ok)

    def _done(self, host_seq: int, ok: bool) -> None:
        if not ok:
            self.rx_unknown += 1
        self.done_seq = host_seq
        self.owed |= OWE_DONE
        self.done_ok = ok
