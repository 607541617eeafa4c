"""What the board says, as typed values: the host's view of :mod:`tablier.link.wire`'s messages.

:func:`parse` turns a checked frame body into one of these values with the shared codec's decoders;
nothing here knows a byte offset.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablier.link import wire


@dataclass(frozen=True)
class Identify:
    """The board's hello: protocol and firmware versions, sizes and the layout hash it was built for."""

    protocol: int
    switch_count: int
    led_count: int
    layout_hash: str
    firmware_version: str
    #: Why the board last started ("power on", "watchdog", "reset", "unknown"); None from older firmware.
    reset_cause: str | None = None
    #: How many LED modes (blink codes, ``wire.MODE_COUNT``) the firmware runs: 3 from older firmware.
    mode_count: int = wire.LEGACY_MODE_COUNT


@dataclass(frozen=True)
class Snapshot:
    """Every switch, as of event ``event_seq`` (later events follow it)."""

    event_seq: int
    time_ms: int
    bits: bytes

    def closed(self, switch_count: int) -> frozenset[int]:
        """The closed switches."""
        return frozenset(s for s in range(switch_count) if self.bits[s // 8] & (0x80 >> (s % 8)))


@dataclass(frozen=True)
class Event:
    """A debounced change of one switch."""

    event_seq: int
    time_ms: int
    switch: int
    closed: bool


@dataclass(frozen=True)
class Pong:
    """The answer to a PING."""

    token: int
    time_ms: int


@dataclass(frozen=True)
class Status:
    """The board's health: counters named by :data:`wire.STATUS_COUNTERS` (and by
    :data:`wire.STATUS_EXTRA_COUNTERS` when the firmware sends them), and chattering switches."""

    counters: dict[str, int]
    chattering: tuple[int, ...]

    def __getattr__(self, name: str) -> int:
        if name == "counters":  # not set yet (copying, unpickling): no recursion
            raise AttributeError(name)
        try:
            return self.counters[name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass(frozen=True)
class Done:
    """The board carried out host frame ``host_seq`` (``ok`` False: its content was refused)."""

    host_seq: int
    ok: bool


Message = Identify | Snapshot | Event | Pong | Status | Done


def parse(body: bytes | bytearray, length: int) -> Message | None:
    """The message of a checked body, or None if it is not a well-formed device message."""
    if not wire.well_formed(body, length):
        return None
    kind = wire.message_type(body)
    if kind == wire.IDENTIFY:
        cause = wire.decode_reset_cause(body, length)
        return Identify(*wire.decode_identify(body, length),
                        reset_cause=None if cause < 0 else wire.RESET_CAUSES.get(cause, "unknown"),
                        mode_count=wire.decode_mode_count(body, length))
    if kind == wire.SNAPSHOT:
        return Snapshot(*wire.decode_snapshot(body, length))
    if kind == wire.EVENT:
        seq, time_ms, switch, closed = wire.decode_event(body, length)
        return Event(seq, time_ms, switch, bool(closed))
    if kind == wire.PONG:
        return Pong(*wire.decode_pong(body, length))
    if kind == wire.STATUS:
        counters, chattering = wire.decode_status(body, length)
        named = dict(zip(wire.STATUS_COUNTERS, counters, strict=True))
        extra = wire.decode_status_extra(body, length)
        named.update(zip(wire.STATUS_EXTRA_COUNTERS, extra, strict=False))  # a later firmware's: ignored
        return Status(named, tuple(chattering))
    if kind == wire.DONE:
        host_seq, result = wire.decode_done(body, length)
        return Done(host_seq, result == 0)
    return None
