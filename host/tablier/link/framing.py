"""The frame layer of the Tablier wire format, shared by the firmware and the host like :mod:`wire`.

A frame is ``00 COBS(body) 00``: the body (``seq, type, payload...``, see :mod:`wire`) with its
CRC-16/CCITT-FALSE appended big-endian, byte-stuffed so that no 0 byte is left inside, between two
0 delimiters. :class:`Sealer` makes frames and :class:`Decoder` takes them apart, both a byte at a
time as far as the firmware wants: each byte is stuffed or unstuffed and goes into the CRC as it
passes, so the firmware spreads a long frame over its loop steps (a bounded number of bytes each)
instead of stopping its scan for the whole frame. Neither allocates after construction.

Like :mod:`wire`, this file is written in the common subset of MicroPython and CPython and imports
nothing: the build copies it into the firmware image as ``framing.py``; the host imports it as
``tablier.link.framing``. The CRC goes by a table of 512 bytes (two bytearrays), a quarter of the
operations of the bitwise form.
"""


def _crc_tables() -> tuple[bytearray, bytearray]:
    """The CRC-16/CCITT-FALSE step by table: with ``i = crc_hi ^ byte``, the next CRC is
    ``(crc_lo ^ HI[i], LO[i])`` (two bytearrays of 256: 512 bytes, against a dozen operations a byte)."""
    high = bytearray(256)
    low = bytearray(256)
    for i in range(256):
        x = i ^ (i >> 4)
        crc = ((x << 12) ^ (x << 5) ^ x) & 0xFFFF
        high[i] = crc >> 8
        low[i] = crc & 0xFF
    return high, low


_CRC_HI, _CRC_LO = _crc_tables()


def crc16(buf: bytearray | bytes, start: int, end: int) -> int:
    """CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) of ``buf[start:end]``."""
    high = 0xFF
    low = 0xFF
    table_hi = _CRC_HI
    table_lo = _CRC_LO
    for i in range(start, end):
        x = high ^ buf[i]
        high = low ^ table_hi[x]
        low = table_lo[x]
    return (high << 8) | low


class Sealer:
    """Frames bodies into ``out`` (see :func:`seal`) a bounded number of bytes per :meth:`run`, so
    that the firmware spreads a long frame over its loop steps. Allocates nothing."""

    def __init__(self, out: bytearray) -> None:
        self.out = out
        self.body = out  # the body being framed (set by :meth:`start`)
        self.busy = False  # a frame is under way
        self._length = 0
        self._at = 0  # the next byte of the body (its CRC follows it) to frame
        self._crc_hi = 0
        self._crc_lo = 0
        self._code_at = 0  # where the current COBS block's code byte goes
        self._code = 0
        self._o = 0

    def start(self, body: bytearray, length: int) -> None:
        """Begin framing ``body[:length]``; its CRC goes into ``body[length:length + 2]``."""
        self.body = body
        self._length = length
        self._at = 0
        self._crc_hi = 0xFF
        self._crc_lo = 0xFF
        self.out[0] = 0
        self._code_at = 1
        self._code = 1
        self._o = 2
        self.busy = True

    def run(self, limit: int) -> int:
        """Frame up to ``limit`` more bytes (the body's, then its CRC's); the frame's size in
        ``out`` once it is whole, else 0."""
        body = self.body
        out = self.out
        length = self._length
        at = self._at
        end = length + 2
        stop = at + limit if at + limit < end else end
        high = self._crc_hi
        low = self._crc_lo
        table_hi = _CRC_HI
        table_lo = _CRC_LO
        code_at = self._code_at
        code = self._code
        o = self._o
        while at < stop:
            if at < length:
                b = body[at]
                x = high ^ b
                high = low ^ table_hi[x]
                low = table_lo[x]
            else:  # the body is in: its CRC follows, high byte first
                b = high if at == length else low
                body[at] = b
            at += 1
            if b == 0:
                out[code_at] = code
                code_at = o
                o += 1
                code = 1
            else:
                out[o] = b
                o += 1
                code += 1
                if code == 0xFF:
                    out[code_at] = code
                    code_at = o
                    o += 1
                    code = 1
        self._at = at
        self._crc_hi = high
        self._crc_lo = low
        self._code_at = code_at
        self._code = code
        self._o = o
        if at < end:
            return 0
        out[code_at] = code
        out[o] = 0
        self.busy = False
        return o + 1


def seal(body: bytearray, length: int, out: bytearray) -> int:
    """Add the CRC after ``body[:length]`` and write the framed bytes into ``out``; return their count.

    ``body`` needs two spare bytes after ``length``; ``out`` needs ``wire.MAX_FRAME`` bytes.
    """
    sealer = Sealer(out)
    sealer.start(body, length)
    return sealer.run(length + 2)


class Decoder:
    """Splits a byte stream into checked frame bodies of at most ``max_body`` bytes (the CRC
    included: ``wire.MAX_BODY``), counting and dropping everything else.

    Each byte is unstuffed and goes into the CRC as it arrives (:meth:`feed`, or :meth:`feed_from`
    for a few at once); a whole, checked frame's body is then in :attr:`body`, :attr:`length`
    bytes (at least 4, the CRC included). A longer frame is counted as oversized.
    """

    def __init__(self, max_body: int) -> None:
        self.body = bytearray(max_body)
        self.length = 0  # the body length of the frame the last byte taken completed, else 0
        self._one = bytearray(1)
        self._count = 0  # bytes of the frame under way
        self._size = 0  # its body bytes so far
        self._left = 0  # data bytes still due in the current COBS block
        self._zero = False  # a zero ends the current block if another follows (its code was not 0xFF)
        self._oversized = False  # the body would not fit: the rest of the frame is only counted
        self._crc_hi = 0xFF
        self._crc_lo = 0xFF
        self.frames = 0
        self.bad_frames = 0
        self.dropped_bytes = 0
        self.oversized = 0

    def feed(self, byte: int) -> int:
        """Take one received byte; return the body length when it completes a good frame, else 0."""
        self._one[0] = byte
        self.feed_from(self._one, 0, 1)
        return self.length

    def feed_from(self, buf: bytearray | bytes, start: int, end: int) -> int:
        """Take the bytes of ``buf[start:end]`` up to the first that completes a good frame (then
        :attr:`length` is its body length, else 0); return the index after the last byte taken."""
        self.length = 0
        count = self._count
        size = self._size
        left = self._left
        zero = self._zero
        oversized = self._oversized
        high, low = self._crc_hi, self._crc_lo  # (no more than three at once: MicroPython allocates a tuple)
        body = self.body
        limit = len(body)
        table_hi = _CRC_HI
        table_lo = _CRC_LO
        i = start
        while i < end:
            b = buf[i]
            i += 1
            if b == 0:  # a delimiter: the frame under way (if any) ends
                if count:
                    self._close(count, size, bool(left or high or low), oversized)
                    count = size = left = 0
                    zero = oversized = False
                    high = low = 0xFF
                    if self.length:
                        break
                continue
            count += 1
            if oversized:
                continue
            if left:  # a data byte of the current block
                left -= 1
            else:  # a block's code byte: the zero that ended the block before, if any, is due now
                left = b - 1
                due = zero
                zero = b != 0xFF
                if not due:
                    continue
                b = 0
            if size == limit:  # checked first: nothing past the body is ever written
                oversized = True
                continue
            body[size] = b
            size += 1
            x = high ^ b  # the CRC runs over the CRC too: a good frame leaves 0
            high = low ^ table_hi[x]
            low = table_lo[x]
        self._count = count
        self._size = size
        self._left = left
        self._zero = zero
        self._oversized = oversized
        self._crc_hi, self._crc_lo = high, low
        return i

    def _close(self, count: int, size: int, broken: bool, oversized: bool) -> None:
        """Count the frame a delimiter ended (``count`` bytes, ``size`` of them its body so far;
        ``broken``: a block cut short or a bad CRC); a good one's body length goes to :attr:`length`."""
        if oversized:
            self.oversized += 1
            self.dropped_bytes += count
        elif broken or size < 4:  # a block cut short, too short, bad CRC
            self.bad_frames += 1
            self.dropped_bytes += count
        else:
            self.frames += 1
            self.length = size
