"""Switch scanning: per-switch debounce and a ring of numbered change events.

The scan reads the whole 74HC165 chain as bytes (switch ``s`` is bit ``7 - s % 8`` of byte
``s // 8``), and a switch's reported state changes once its reading has differed from it on every
scan for ``debounce_ms``. The men's sensors are Hall switches, whose driven output does not bounce:
their window (``DEFAULT_DEBOUNCE_MS``, 2 ms: three scans in a row at the 1 ms scan period) only
filters noise. The mechanical contacts (the buttons, the face's tilt switch; ``contacts``) bounce,
and keep at least ``CONTACT_DEBOUNCE_MS``. Each change becomes an event ``(seq, switch, closed,
time)`` in a ring that keeps the events the host has not acknowledged; on overflow the oldest is
dropped and counted.
Only what changed is looked at: a scan whose reading equals the last one and that has no switch
being timed costs one comparison of the bytes (done in C); otherwise the bytes are compared in groups
of ``GROUP`` and only a group that changed, or holds a switch being timed, is looked at bit by bit.
Nothing here allocates once constructed (``tests/firmware`` runs :meth:`Scanner.scan` under
``micropython.heap_lock()``).

The chain checks itself on every scan: its spare inputs are wired to a fixed pattern and one byte
more than the chain holds is read, which must read the last chip's SER level. A scan that breaks
either is a chain fault, counted by kind: the data line stuck high (every byte 0xFF), stuck low
(every byte 0x00), a short chain (the chain's last byte already reads the SER level: a chip is
missing or bypassed) or a bit slip (anything else: a clock edge lost or doubled shifts every later bit).
"""

from array import array

from clock import ticks_diff
from micropython import const

DEFAULT_DEBOUNCE_MS = const(2)
CONTACT_DEBOUNCE_MS = const(5)
RING_SIZE = const(64)  # divides 2**16, so seq % RING_SIZE is continuous across the wrap
#: Readings that flip back (or changes) this many times in one status period mark a chattering switch.
CHATTER_FLIPS = const(8)
#: Switches of a closed status period looked at per scan (about 13 us each on the Pico): a period
#: in which the whole chain flipped (a chain fault, a board set up at once) closes over 13 scans.
CLOSE_PIECE = const(16)
#: Bytes of the chain compared at once to find the ones that changed.
GROUP = const(8)


class Scanner:
    """Debounces the chain's readings and records the changes."""

    def __init__(self, switch_count: int, sr_bytes: int, active_low: bool, read,
                 debounce_ms: int = DEFAULT_DEBOUNCE_MS, spare_bits: int = -1, tail: int = -1,
                 contacts=()) -> None:
        self.switch_count = switch_count
        self.sr_bytes = sr_bytes
        self.debounce_ms = debounce_ms  # the sensors'; a contact's is at least CONTACT_DEBOUNCE_MS
        self.contact = bytearray(sr_bytes)  # bits that are mechanical contacts
        for s in contacts:
            self.contact[s // 8] |= 0x80 >> (s % 8)
        self._read = read
        self._invert = 0xFF if active_low else 0
        self.raw = bytearray(sr_bytes + (1 if tail >= 0 else 0))  # + the byte past the chain
        self.last = bytearray(len(self.raw))  # the reading of the scan before
        self.closed = bytearray(sr_bytes)  # debounced state, 1 = closed
        self.pending = bytearray(sr_bytes)  # readings differing from ``closed``, being timed
        self.timing = 0  # switches being timed (bits set in ``pending``)
        # Views of GROUP bytes each, compared without copying (the last group may be shorter).
        zero = bytearray(GROUP)
        self._groups = []
        for start in range(0, sr_bytes, GROUP):
            end = min(start + GROUP, sr_bytes)
            self._groups.append((start, end, memoryview(self.raw)[start:end],
                                 memoryview(self.last)[start:end], memoryview(self.pending)[start:end],
                                 memoryview(zero)[:end - start]))
        self.valid = bytearray(sr_bytes)  # bits that are switches (the rest are spare inputs)
        for s in range(switch_count):
            self.valid[s // 8] |= 0x80 >> (s % 8)
        # The spare inputs of the last 74HC165 read ``spare_bits`` (all high if not given), and the
        # byte past the chain reads ``tail`` (not read if negative).
        self._spare = ~self.valid[sr_bytes - 1] & 0xFF
        self._spare_bits = self._spare if spare_bits < 0 else spare_bits & self._spare
        self._tail = tail
        self.chain_faults = 0
        self.stuck_high = 0
        self.stuck_low = 0
        self.bit_slips = 0
        self.short_chain = 0
        self.since = array("L", [0] * switch_count)
        self.flips = bytearray(switch_count)
        self.flipped = array("H", [0] * switch_count)  # the switches that flipped this period
        self.flipped_count = 0
        self.chattering = array("H", [0] * switch_count)
        self.chattering_count = 0
        # The period being closed: its flipped switches, how far they were looked at, and the
        # chattering ones found so far (the list above is swapped with it once it is whole).
        self._closing = array("H", [0] * switch_count)
        self._close_at = 0
        self._close_end = 0
        self._found = array("H", [0] * switch_count)
        self._found_count = 0
        self.scans = 0
        self.ev_switch = array("H", [0] * RING_SIZE)
        self.ev_closed = bytearray(RING_SIZE)
        self.ev_time = array("L", [0] * RING_SIZE)
        self.next_seq = 0  # sequence number of the next event, modulo 2**16
        self.count = 0  # events in the ring; the oldest is next_seq - count
        self.dropped = 0
        self.overflowed = False

    def scan(self, now: int) -> None:
        """Read the chain once and debounce every switch (``now`` is ``time.ticks_ms()``)."""
        raw = self.raw
        self._read(raw)
        self.scans += 1
        if self.timing or raw != self.last:
            self._look(now)
            self.last[:] = raw
        if raw[self.sr_bytes - 1] & self._spare != self._spare_bits \
                or (self._tail >= 0 and raw[self.sr_bytes] != self._tail):
            self._chain_fault()
        if self._close_at < self._close_end:
            self._close_some()

    def _look(self, now: int) -> None:
        """Debounce the bytes of the groups that changed since the last scan or are being timed."""
        raw = self.raw
        closed = self.closed
        pending = self.pending
        valid = self.valid
        invert = self._invert
        for start, end, now_view, last_view, pending_view, zero in self._groups:
            if now_view == last_view and pending_view == zero:
                continue
            for i in range(start, end):
                reading = (raw[i] ^ invert) & valid[i]
                look = (reading ^ closed[i]) | pending[i]
                if look:
                    self._settle(i, reading, look, now)

    def _chain_fault(self) -> None:
        """Count a scan whose spare inputs or byte past the chain read wrong, by its likely cause."""
        self.chain_faults += 1
        raw = self.raw
        high = True
        low = True
        for i in range(len(raw)):
            if raw[i] != 0xFF:
                high = False
            if raw[i] != 0:
                low = False
        if high:
            self.stuck_high += 1
        elif low:
            self.stuck_low += 1
        elif self._is_short():
            self.short_chain += 1
        else:
            self.bit_slips += 1

    def _is_short(self) -> bool:
        """Whether the chain ended early: its last byte already reads the SER level, as does the next."""
        if self._tail < 0:
            return False
        return self.raw[self.sr_bytes - 1] == self._tail and self.raw[self.sr_bytes] == self._tail

    def _settle(self, i: int, reading: int, look: int, now: int) -> None:
        for k in range(8):
            bit = 0x80 >> k
            if not look & bit:
                continue
            s = i * 8 + k
            if (reading ^ self.closed[i]) & bit:
                if not self.pending[i] & bit:
                    self.pending[i] |= bit
                    self.timing += 1
                    self.since[s] = now
                window = self.debounce_ms
                if self.contact[i] & bit and window < CONTACT_DEBOUNCE_MS:
                    window = CONTACT_DEBOUNCE_MS
                if ticks_diff(now, self.since[s]) >= window:
                    self.closed[i] ^= bit
                    self.pending[i] &= ~bit
                    self.timing -= 1
                    self._flip(s)
                    self._record(s, 1 if reading & bit else 0, self.since[s])
            else:
                self.pending[i] &= ~bit  # it flipped back within the window: a bounce
                self.timing -= 1
                self._flip(s)

    def _flip(self, s: int) -> None:
        flips = self.flips[s]
        if flips == 0:
            self.flipped[self.flipped_count] = s
            self.flipped_count += 1
        if flips < 255:
            self.flips[s] = flips + 1

    def _record(self, switch: int, closed: int, when: int) -> None:
        at = self.next_seq % RING_SIZE
        self.ev_switch[at] = switch
        self.ev_closed[at] = closed
        self.ev_time[at] = when
        self.next_seq = (self.next_seq + 1) & 0xFFFF
        if self.count < RING_SIZE:
            self.count += 1
        else:
            self.dropped += 1
            self.overflowed = True

    def oldest_seq(self) -> int:
        """The sequence number of the oldest event kept."""
        return (self.next_seq - self.count) & 0xFFFF

    def forget_through(self, seq: int) -> None:
        """Drop the kept events up to and including ``seq`` (the host acknowledged them)."""
        done = (seq - self.oldest_seq() + 1) & 0xFFFF
        if done <= self.count:
            self.count -= done

    def forget_all(self) -> None:
        """Drop every kept event (a snapshot now stands for them, or nobody listens)."""
        self.count = 0
        self.overflowed = False

    def is_closed(self, switch: int) -> bool:
        """The debounced state of ``switch``."""
        return bool(self.closed[switch // 8] & (0x80 >> (switch % 8)))

    def end_period(self) -> None:
        """Close a status period: list the switches that flipped too often (in the order they first
        flipped), and restart counting. Only the switches that flipped are looked at,
        ``CLOSE_PIECE`` now and as many in each following scan; the list changes once it is whole
        (a switch that flips again before it was looked at counts from the next flip)."""
        while self._close_at < self._close_end:  # the period before: finished first
            self._close_some()
        self.flipped, self._closing = self._closing, self.flipped
        self._close_end = self.flipped_count
        self._close_at = 0
        self._found_count = 0
        self.flipped_count = 0
        self._close_some()

    def _close_some(self) -> None:
        flips = self.flips
        closing = self._closing
        found = self._found
        n = self._found_count
        at = self._close_at
        end = at + CLOSE_PIECE if at + CLOSE_PIECE < self._close_end else self._close_end
        for k in range(at, end):
            s = closing[k]
            if flips[s] >= CHATTER_FLIPS:
                found[n] = s
                n += 1
            flips[s] = 0
        self._found_count = n
        self._close_at = end
        if end == self._close_end:
            self._found, self.chattering = self.chattering, found
            self.chattering_count = n
