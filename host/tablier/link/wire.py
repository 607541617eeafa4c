"""The Tablier wire format: the one source of truth shared by the firmware and the host.

This module is written in the common subset of MicroPython and CPython (plain functions over
``bytearray``; no imports, no ``typing`` at run time, no ``struct``), so the very same file is the
firmware's codec (copied into the firmware image as ``wire.py`` by the build) and the host's
(``tablier.link.wire``). ``docs/protocol.md`` describes the format; the tests run this file under
both interpreters and check that they agree byte for byte.

A frame is ``00 COBS(body) 00`` (:mod:`framing`, shared alike). The body is ``seq, type,
payload..., crc_hi, crc_lo``: ``seq`` numbers the sender's frames (0..255, wrapping), ``type``
names the message, and the CRC is CRC-16/CCITT-FALSE over ``seq, type, payload``. Multi-byte
integers are big-endian.

Encoders write a body into a caller's buffer (so the firmware encodes without allocating) and
return its length before the CRC; ``framing.seal`` adds the CRC and the framing. Decoders take a
body that ``framing.Decoder`` checked and :func:`well_formed` accepted (``length`` counts the
CRC), and return plain values.
"""

PROTOCOL_VERSION = 1

#: Largest payload a frame may carry; a longer frame is counted as oversized and dropped.
MAX_PAYLOAD = 240
#: seq + type + payload + CRC.
MAX_BODY = MAX_PAYLOAD + 4
#: COBS adds one byte per 254, plus the two delimiters.
MAX_FRAME = MAX_BODY + MAX_BODY // 254 + 3

# Host -> device messages.
HELLO = 0x01  # u8 host protocol version -> IDENTIFY, then SNAPSHOT
PING = 0x02  # u32 token -> PONG
ACK = 0x03  # u16 last event sequence number received in order
GET_SNAPSHOT = 0x04  # -> SNAPSHOT
GET_STATUS = 0x05  # -> STATUS
LEDS = 0x06  # entries of (u16 index, u8 r, u8 g, u8 b, u8 mode) -> DONE
LEDS_FILL = 0x07  # u8 r, u8 g, u8 b, u8 mode for every LED -> DONE
SET_DEBOUNCE = 0x08  # u8 milliseconds -> DONE
BYE = 0x09  # the host goes away: the device stops reporting until the next HELLO
MAINTENANCE = 0x0A  # -> DONE, then the device restarts with its REPL free (for flashing)

# Device -> host messages.
IDENTIFY = 0x81  # u8 protocol, u16 switches, u16 LEDs, 8 ASCII layout hash, firmware version, ...
SNAPSHOT = 0x82  # u16 event seq, u32 time, one bit per switch (1 = closed)
EVENT = 0x83  # u16 event seq, u32 time, u16 switch, u8 closed
PONG = 0x84  # u32 token, u32 time
STATUS = 0x85  # see encode_status
DONE = 0x86  # u8 seq of the host frame carried out, u8 result (0 = ok, 1 = bad content)

MESSAGE_NAMES = {
    HELLO: "hello", PING: "ping", ACK: "ack", GET_SNAPSHOT: "get_snapshot",
    GET_STATUS: "get_status", LEDS: "leds", LEDS_FILL: "leds_fill", SET_DEBOUNCE: "set_debounce",
    BYE: "bye", MAINTENANCE: "maintenance", IDENTIFY: "identify", SNAPSHOT: "snapshot",
    EVENT: "event", PONG: "pong", STATUS: "status", DONE: "done",
}

# LED modes.
STEADY = 0
SLOW_BLINK = 1
FAST_BLINK = 2
PULSE = 3
FLASH = 4
DOUBLE_FLASH = 5
OCCULTING = 6
MODE_COUNT = 7
#: The modes a firmware knows that sends no mode count in its IDENTIFY (the first three).
LEGACY_MODE_COUNT = 3
#: Half periods of the blink modes, in milliseconds (slow: 1 Hz, fast: 4 Hz).
SLOW_HALF_PERIOD_MS = 500
FAST_HALF_PERIOD_MS = 125
#: A code is one second of sixteen slots of 62.5 ms; in a mask, bit 15 is the first slot, 1 = lit.
PATTERN_PERIOD_MS = 1000
PATTERN_SLOTS = 16
#: Each mode's lit slots (PULSE is lit in every slot, at :data:`PULSE_LEVELS`).
MODE_MASKS = (0xFFFF, 0xFF00, 0xCCCC, 0xFFFF, 0xC000, 0xCC00, 0xFFF0)
#: PULSE's brightness in each slot, out of 255 (it never goes dark).
PULSE_LEVELS = (40, 70, 110, 150, 190, 225, 250, 255, 250, 225, 190, 150, 110, 70, 40, 25)

LED_ENTRY_SIZE = 6
MAX_LED_ENTRIES = MAX_PAYLOAD // LED_ENTRY_SIZE
#: Counters of the STATUS message, in order (each a u32 on the wire).
STATUS_COUNTERS = (
    "uptime_ms", "scans_per_second", "debounce_ms", "rx_frames", "rx_bad_frames", "rx_dropped_bytes",
    "rx_oversized", "rx_unknown", "rx_seq_gaps", "tx_dropped_bytes", "events_dropped", "events_resent",
    "errors", "led_draw_ma", "led_scale", "chain_faults",
)
#: Counters added to STATUS after its chattering list (u8 count, then one u32 each, in this order).
#: A STATUS from older firmware ends at its chattering list and has none of them; a host reads the
#: ones it knows and ignores any beyond (a later firmware's additions).
STATUS_EXTRA_COUNTERS = (
    "chain_stuck_high", "chain_stuck_low", "chain_bit_slips", "chain_short", "vsys_min_mv",
    "tx_deferred", "worst_step_us", "busy_percent",
)
#: Most chattering switches listed by one STATUS message.
MAX_CHATTERING_LISTED = 16
#: Why the device last started, sent after IDENTIFY's firmware version (a 0 byte, then a u8).
RESET_UNKNOWN = 0
RESET_POWER_ON = 1
RESET_WATCHDOG = 2
RESET_OTHER = 3  # the reset button, a soft reset, machine.reset()
RESET_CAUSES = {RESET_UNKNOWN: "unknown", RESET_POWER_ON: "power on", RESET_WATCHDOG: "watchdog",
                RESET_OTHER: "reset"}


def put_u16(buf: bytearray, offset: int, value: int) -> None:
    """Write ``value`` as a big-endian u16 at ``offset``."""
    buf[offset] = (value >> 8) & 0xFF
    buf[offset + 1] = value & 0xFF


def put_u32(buf: bytearray, offset: int, value: int) -> None:
    """Write ``value`` as a big-endian u32 at ``offset``."""
    buf[offset] = (value >> 24) & 0xFF
    buf[offset + 1] = (value >> 16) & 0xFF
    buf[offset + 2] = (value >> 8) & 0xFF
    buf[offset + 3] = value & 0xFF


def get_u16(buf: bytearray | bytes, offset: int) -> int:
    """Read a big-endian u16 at ``offset``."""
    return (buf[offset] << 8) | buf[offset + 1]


def get_u32(buf: bytearray | bytes, offset: int) -> int:
    """Read a big-endian u32 at ``offset`` (values above 2**30 only occur in saturated counters)."""
    return (buf[offset] << 24) | (buf[offset + 1] << 16) | (buf[offset + 2] << 8) | buf[offset + 3]


def message_type(body: bytearray | bytes) -> int:
    """The message type of a checked body."""
    return body[1]


def frame_seq(body: bytearray | bytes) -> int:
    """The sender's frame number of a checked body."""
    return body[0]


def _begin(body: bytearray, seq: int, kind: int) -> None:
    body[0] = seq & 0xFF
    body[1] = kind


# ---------------------------------------------------------------------------------------------
# Host -> device messages.

def encode_hello(body: bytearray, seq: int, protocol: int) -> int:
    """HELLO: the host's protocol version; the device answers IDENTIFY then SNAPSHOT."""
    _begin(body, seq, HELLO)
    body[2] = protocol
    return 3


def decode_hello(body: bytearray | bytes, length: int) -> int:
    """The host's protocol version of a HELLO."""
    return body[2]


def encode_ping(body: bytearray, seq: int, token: int) -> int:
    """PING with a token the PONG echoes."""
    _begin(body, seq, PING)
    put_u32(body, 2, token)
    return 6


def decode_ping(body: bytearray | bytes, length: int) -> int:
    """The token of a PING."""
    return get_u32(body, 2)


def encode_ack(body: bytearray, seq: int, event_seq: int) -> int:
    """ACK: every event up to ``event_seq`` (modulo 2**16) arrived in order."""
    _begin(body, seq, ACK)
    put_u16(body, 2, event_seq)
    return 4


def decode_ack(body: bytearray | bytes, length: int) -> int:
    """The acknowledged event sequence number of an ACK."""
    return get_u16(body, 2)


def encode_request(body: bytearray, seq: int, kind: int) -> int:
    """A message without payload: GET_SNAPSHOT, GET_STATUS, BYE or MAINTENANCE."""
    _begin(body, seq, kind)
    return 2


def encode_leds(body: bytearray, seq: int, entries: list[tuple[int, int, int, int, int]]) -> int:
    """LEDS: up to :data:`MAX_LED_ENTRIES` of ``(index, r, g, b, mode)``."""
    _begin(body, seq, LEDS)
    offset = 2
    for index, r, g, b, mode in entries:
        put_u16(body, offset, index)
        body[offset + 2] = r
        body[offset + 3] = g
        body[offset + 4] = b
        body[offset + 5] = mode
        offset += LED_ENTRY_SIZE
    return offset


def leds_entry_count(length: int) -> int:
    """How many entries a LEDS body of ``length`` bytes holds; -1 if its size is not whole entries."""
    size = length - 4
    if size <= 0 or size % LED_ENTRY_SIZE:
        return -1
    return size // LED_ENTRY_SIZE


def leds_entry_offset(k: int) -> int:
    """Where entry ``k`` of a LEDS body starts: u16 index, then r, g, b, mode bytes."""
    return 2 + k * LED_ENTRY_SIZE


def decode_leds(body: bytearray | bytes, length: int) -> list[tuple[int, int, int, int, int]]:
    """The ``(index, r, g, b, mode)`` entries of a LEDS body."""
    entries = []
    for k in range(leds_entry_count(length)):
        at = leds_entry_offset(k)
        entries.append((get_u16(body, at), body[at + 2], body[at + 3], body[at + 4], body[at + 5]))
    return entries


def encode_leds_fill(body: bytearray, seq: int, r: int, g: int, b: int, mode: int) -> int:
    """LEDS_FILL: one colour and mode for every LED."""
    _begin(body, seq, LEDS_FILL)
    body[2] = r
    body[3] = g
    body[4] = b
    body[5] = mode
    return 6


def decode_leds_fill(body: bytearray | bytes, length: int) -> tuple[int, int, int, int]:
    """``(r, g, b, mode)`` of a LEDS_FILL."""
    return (body[2], body[3], body[4], body[5])


def encode_set_debounce(body: bytearray, seq: int, milliseconds: int) -> int:
    """SET_DEBOUNCE: the debounce window in milliseconds (0..255)."""
    _begin(body, seq, SET_DEBOUNCE)
    body[2] = milliseconds
    return 3


def decode_set_debounce(body: bytearray | bytes, length: int) -> int:
    """The window of a SET_DEBOUNCE."""
    return body[2]


# ---------------------------------------------------------------------------------------------
# Device -> host messages.

def encode_identify(body: bytearray, seq: int, switches: int, leds: int, layout_hash: str,
                    firmware: str, reset_cause: int = -1, mode_count: int = -1) -> int:
    """IDENTIFY: protocol version, switch and LED counts, layout hash (8 ASCII), firmware version,
    then (if ``reset_cause`` is given) a 0 byte and the reset cause (``RESET_*``), then (if
    ``mode_count`` is given too) how many LED modes the firmware runs (:data:`MODE_COUNT`)."""
    _begin(body, seq, IDENTIFY)
    body[2] = PROTOCOL_VERSION
    put_u16(body, 3, switches)
    put_u16(body, 5, leds)
    offset = 7
    for text, size in ((layout_hash, 8), (firmware, 24)):
        data = text.encode()
        for i in range(size):
            if i < len(data):
                body[offset + i] = data[i]
            elif size == 8:
                body[offset + i] = 0x20
            else:
                offset += i
                size = 0
                break
        offset += size
    if reset_cause >= 0:
        body[offset] = 0
        body[offset + 1] = reset_cause
        offset += 2
        if mode_count >= 0:
            body[offset] = mode_count
            offset += 1
    return offset


def _identify_text_end(body: bytearray | bytes, length: int) -> int:
    """Where IDENTIFY's firmware version ends: at the 0 byte before the reset cause, or the CRC."""
    for i in range(15, length - 2):
        if body[i] == 0:
            return i
    return length - 2


def decode_identify(body: bytearray | bytes, length: int) -> tuple[int, int, int, str, str]:
    """``(protocol, switches, leds, layout_hash, firmware_version)`` of an IDENTIFY."""
    layout_hash = bytes(body[7:15]).decode().strip()
    firmware = bytes(body[15:_identify_text_end(body, length)]).decode()
    return (body[2], get_u16(body, 3), get_u16(body, 5), layout_hash, firmware)


def decode_reset_cause(body: bytearray | bytes, length: int) -> int:
    """The reset cause (``RESET_*``) of an IDENTIFY, or -1 if it has none (older firmware)."""
    end = _identify_text_end(body, length)
    return body[end + 1] if end < length - 2 else -1


def decode_mode_count(body: bytearray | bytes, length: int) -> int:
    """How many LED modes the firmware of an IDENTIFY runs; one that does not say (older firmware)
    runs the first :data:`LEGACY_MODE_COUNT`."""
    at = _identify_text_end(body, length) + 2
    return body[at] if at < length - 2 else LEGACY_MODE_COUNT


def encode_snapshot(body: bytearray, seq: int, event_seq: int, time_ms: int, closed: bytearray) -> int:
    """SNAPSHOT: every switch (bit ``7 - s % 8`` of byte ``s // 8``, 1 = closed) as of ``event_seq``."""
    _begin(body, seq, SNAPSHOT)
    put_u16(body, 2, event_seq)
    put_u32(body, 4, time_ms)
    for i in range(len(closed)):
        body[8 + i] = closed[i]
    return 8 + len(closed)


def decode_snapshot(body: bytearray | bytes, length: int) -> tuple[int, int, bytes]:
    """``(event_seq, time_ms, switch_bits)`` of a SNAPSHOT."""
    return (get_u16(body, 2), get_u32(body, 4), bytes(body[8:length - 2]))


def encode_event(body: bytearray, seq: int, event_seq: int, time_ms: int, switch: int,
                 closed: int) -> int:
    """EVENT: switch ``switch`` became closed (1) or open (0) at ``time_ms``."""
    _begin(body, seq, EVENT)
    put_u16(body, 2, event_seq)
    put_u32(body, 4, time_ms)
    put_u16(body, 8, switch)
    body[10] = closed
    return 11


def decode_event(body: bytearray | bytes, length: int) -> tuple[int, int, int, int]:
    """``(event_seq, time_ms, switch, closed)`` of an EVENT."""
    return (get_u16(body, 2), get_u32(body, 4), get_u16(body, 8), body[10])


def encode_pong(body: bytearray, seq: int, token: int, time_ms: int) -> int:
    """PONG: the PING's token and the device's time."""
    _begin(body, seq, PONG)
    put_u32(body, 2, token)
    put_u32(body, 6, time_ms)
    return 10


def decode_pong(body: bytearray | bytes, length: int) -> tuple[int, int]:
    """``(token, time_ms)`` of a PONG."""
    return (get_u32(body, 2), get_u32(body, 6))


def encode_status(body: bytearray, seq: int, counters: list[int], chattering: list[int],
                  extra: list[int] | None = None) -> int:
    """STATUS: one u32 per name of :data:`STATUS_COUNTERS`, then u8 n and n u16 chattering switches,
    then (if ``extra`` is given) u8 m and m u32 counters named by :data:`STATUS_EXTRA_COUNTERS`."""
    listed = len(chattering) if len(chattering) < MAX_CHATTERING_LISTED else MAX_CHATTERING_LISTED
    return write_status(body, seq, counters, chattering, listed, extra, 0, MAX_BODY)


def status_fields(counters: list[int], listed: int, extra: list[int] | None) -> int:
    """How many fields :func:`write_status` writes: each counter, each list's count and each switch."""
    return len(counters) + 1 + listed + (0 if extra is None else 1 + len(extra))


def write_status(body: bytearray, seq: int, counters: list[int], chattering: list[int], listed: int,
                 extra: list[int] | None, first: int, last: int) -> int:
    """Fields ``first`` to ``last - 1`` of the STATUS of :func:`encode_status` that lists the first
    ``listed`` switches of ``chattering`` (the firmware writes one a few fields per loop step, from
    lists it keeps); the body's length. A counter past a u32 (or below 0) is sent as 0xFFFFFFFF."""
    _begin(body, seq, STATUS)
    n = len(counters)
    count_at = 2 + 4 * n  # the list's count, then its switches; then the extra counters' count
    extra_at = count_at + 1 + 2 * listed
    end = status_fields(counters, listed, extra)
    for k in range(first, last if last < end else end):
        if k < n:
            put_u32(body, 2 + 4 * k, _saturated(counters[k]))
        elif k == n:
            body[count_at] = listed
        elif k <= n + listed:
            put_u16(body, count_at + 2 * (k - n) - 1, chattering[k - n - 1])
        elif extra is not None:
            j = k - n - listed - 2  # which extra counter (-1: their count)
            if j < 0:
                body[extra_at] = len(extra)
            else:
                put_u32(body, extra_at + 1 + 4 * j, _saturated(extra[j]))
    return extra_at if extra is None else extra_at + 1 + 4 * len(extra)


def _saturated(value: int) -> int:
    return value if 0 <= value < 0xFFFFFFFF else 0xFFFFFFFF


def decode_status(body: bytearray | bytes, length: int) -> tuple[list[int], list[int]]:
    """``(counters, chattering_switches)`` of a STATUS; counters follow :data:`STATUS_COUNTERS`."""
    counters = [get_u32(body, 2 + 4 * k) for k in range(len(STATUS_COUNTERS))]
    offset = 2 + 4 * len(STATUS_COUNTERS)
    listed = body[offset]
    chattering = [get_u16(body, offset + 1 + 2 * k) for k in range(listed)]
    return (counters, chattering)


def decode_status_extra(body: bytearray | bytes, length: int) -> list[int]:
    """The counters after a STATUS's chattering list (:data:`STATUS_EXTRA_COUNTERS`; none: [])."""
    offset = 2 + 4 * len(STATUS_COUNTERS)
    offset += 1 + 2 * body[offset]
    if offset >= length - 2:
        return []
    return [get_u32(body, offset + 1 + 4 * k) for k in range(body[offset])]


def encode_done(body: bytearray, seq: int, host_seq: int, result: int) -> int:
    """DONE: the host frame ``host_seq`` was carried out (result 0) or had bad content (1)."""
    _begin(body, seq, DONE)
    body[2] = host_seq
    body[3] = result
    return 4


def decode_done(body: bytearray | bytes, length: int) -> tuple[int, int]:
    """``(host_seq, result)`` of a DONE."""
    return (body[2], body[3])


#: Exact payload sizes of the fixed-size messages; a body of another size is malformed.
FIXED_PAYLOAD = {
    HELLO: 1, PING: 4, ACK: 2, GET_SNAPSHOT: 0, GET_STATUS: 0, LEDS_FILL: 4, SET_DEBOUNCE: 1, BYE: 0,
    MAINTENANCE: 0, EVENT: 9, PONG: 8, DONE: 2,
}


def _printable(body: bytearray | bytes, start: int, end: int) -> bool:
    """Whether ``body[start:end]`` is printable ASCII (the text fields of IDENTIFY)."""
    for i in range(start, end):  # noqa: SIM110 - a plain loop: a generator would allocate
        if body[i] < 0x20 or body[i] > 0x7E:
            return False
    return True


def well_formed(body: bytearray | bytes, length: int) -> bool:
    """Whether a body's length fits it and its payload is what its message type requires: the exact
    size, whole LED entries, a STATUS list as long as it says, an EVENT's state 0 or 1, IDENTIFY's
    text printable ASCII. The decoders read only bodies this accepted, so they never read past one."""
    if length < 4 or length > len(body):
        return False
    kind = body[1]
    size = length - 4
    fixed = FIXED_PAYLOAD.get(kind, -1)
    if fixed >= 0:
        return size == fixed and (kind != EVENT or body[10] <= 1)
    if kind == LEDS:
        return size > 0 and size % LED_ENTRY_SIZE == 0
    if kind == IDENTIFY:
        end = _identify_text_end(body, length)
        if end < length - 2:  # a reset cause follows the version: 0, one byte, then the mode count
            tail = length - 2 - end
            return 15 <= end - 2 <= 37 and (tail == 2 or tail == 3) and _printable(body, 7, end)
        return 15 <= size <= 37 and _printable(body, 7, length - 2)
    if kind == SNAPSHOT:
        return size >= 6
    if kind == STATUS:
        head = 4 * len(STATUS_COUNTERS)
        if size <= head:
            return False
        listed = head + 1 + 2 * body[2 + head]
        if size == listed:
            return True  # older firmware: no counters after the list
        return size > listed and size == listed + 1 + 4 * body[2 + listed]
    return False
