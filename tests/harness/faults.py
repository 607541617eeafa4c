"""What the relay does to the frames on the wire: a seeded plan, and its decisions frame by frame.

A frame on the wire is everything up to and including a zero byte (``docs/protocol.md``: COBS
between zeros). :class:`Mangler` cuts one direction's byte stream into frames and, for each frame,
draws from its own seeded generator whether one fault strikes it and which (:data:`KINDS`); it
returns the pieces to write and the pause before each. The same plan and seed give the same
decisions for the same traffic; the traffic itself follows the clock (pings, resends), so two runs
agree in their schedule of faults per frame number, not byte for byte. Every fault is logged
(:class:`Fault`) so that a failing run can be told exactly.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field

from tablier.link import framing, wire

#: Byte faults: one byte of the frame replaced by another value, lost, sent twice; two neighbouring
#: bytes swapped; the frame cut in two with a pause between the halves.
CORRUPT_BYTE = "corrupt_byte"
DROP_BYTE = "drop_byte"
DUPLICATE_BYTE = "duplicate_byte"
REORDER_BYTES = "reorder_bytes"
DELAY_BYTES = "delay_bytes"
#: Frame faults: lost, sent twice, held up (and everything after it: a stall), swapped with the
#: next frame, followed by a copy of a frame sent long before (a stale frame replayed).
DROP_FRAME = "drop_frame"
DUPLICATE_FRAME = "duplicate_frame"
DELAY_FRAME = "delay_frame"
REORDER_FRAMES = "reorder_frames"
REPLAY_STALE = "replay_stale"
#: The cable pulled out (both directions go dead, the host's port disappears) and plugged back.
CABLE_PULL = "cable_pull"

FRAME_KINDS = (CORRUPT_BYTE, DROP_BYTE, DUPLICATE_BYTE, REORDER_BYTES, DELAY_BYTES, DROP_FRAME,
               DUPLICATE_FRAME, DELAY_FRAME, REORDER_FRAMES, REPLAY_STALE)
KINDS = (*FRAME_KINDS, CABLE_PULL)

TO_HOST = "to_host"
TO_BOARD = "to_board"

#: How many earlier frames a stale replay may pick from.
HISTORY = 64
#: A frame held back to be reordered goes out after this long if no other frame follows it.
REORDER_HOLD_S = 0.1


@dataclass(frozen=True)
class FaultPlan:
    """How often each fault strikes: ``rates`` per frame (at most one fault a frame), and the cable
    pulled once every ``pull_every`` frames to the host (drawn between the two bounds) for
    ``pull_for`` seconds (likewise). The first ``spare_first`` frames each way pass untouched: the
    first connection, which is not retried (see ``docs/reliability.md``)."""

    seed: int
    rates: dict[str, float] = field(default_factory=dict)
    pull_every: tuple[int, int] | None = None
    pull_for: tuple[float, float] = (0.2, 1.0)
    delay_s: tuple[float, float] = (0.02, 0.4)
    spare_first: int = 2

    def __post_init__(self) -> None:
        unknown = set(self.rates) - set(FRAME_KINDS)
        if unknown:
            raise ValueError(f"unknown fault kinds: {', '.join(sorted(unknown))}")
        if sum(self.rates.values()) > 1.0:
            raise ValueError("the fault rates add up to more than one fault a frame")


def uniform_plan(seed: int, total_rate: float, pull_every: tuple[int, int] | None = (150, 400)) -> FaultPlan:
    """Every frame fault equally likely, ``total_rate`` faults a frame in all; the cable pulled too."""
    share = total_rate / len(FRAME_KINDS)
    return FaultPlan(seed, {kind: share for kind in FRAME_KINDS}, pull_every)


@dataclass(frozen=True)
class Fault:
    """One fault injected: when (seconds since the relay started), which way, on which frame (its
    number in that direction; for a cable pull, the frames to the host so far), which message."""

    time_s: float
    direction: str
    frame: int
    kind: str
    message: str

    def __str__(self) -> str:
        return f"{self.time_s:.3f} s {self.direction} frame {self.frame}: {self.kind} {self.message}".rstrip()


@dataclass
class Piece:
    """Bytes to write, after ``pause_s`` of silence on that direction."""

    data: bytes
    pause_s: float = 0.0


class Mangler:
    """One direction of the relay: frames in, faulted pieces out."""

    def __init__(self, plan: FaultPlan, direction: str, rng: random.Random) -> None:
        self.plan = plan
        self.direction = direction
        self.rng = rng
        self.frames = 0
        self.faults: list[Fault] = []
        self._partial = bytearray()
        self._history: deque[bytes] = deque(maxlen=HISTORY)
        self._held: bytes | None = None
        self._held_since = 0.0
        kinds = [(kind, rate) for kind, rate in plan.rates.items() if rate > 0]
        self._kinds = [kind for kind, _ in kinds]
        self._bounds: list[float] = []
        total = 0.0
        for _, rate in kinds:
            total += rate
            self._bounds.append(total)

    @property
    def enabled(self) -> bool:
        """Whether faults strike yet (the first frames are spared)."""
        return self.frames > self.plan.spare_first

    def feed(self, data: bytes, now: float) -> list[Piece]:
        """Take bytes read from the sender; return what to write (in order)."""
        pieces: list[Piece] = []
        for byte in data:
            self._partial.append(byte)
            if byte == 0:
                frame = bytes(self._partial)
                self._partial.clear()
                pieces += self._frame(frame, now)
        return pieces

    def due(self, now: float) -> list[Piece]:
        """A frame held back for reordering that waited long enough goes out alone."""
        if self._held is not None and now - self._held_since >= REORDER_HOLD_S:
            held, self._held = self._held, None
            return [Piece(held)]
        return []

    def drop_in_flight(self) -> None:
        """The cable was pulled: what was on its way is lost."""
        self._partial.clear()
        self._held = None

    def _frame(self, frame: bytes, now: float) -> list[Piece]:
        if frame == b"\x00":  # a lone delimiter (an empty frame): not a frame
            return [Piece(frame)]
        self.frames += 1
        kind = self._draw() if self.enabled else None
        out = self._apply(kind, frame, now) if kind is not None else [Piece(frame)]
        self._history.append(frame)
        if self._held is not None and kind != REORDER_FRAMES:
            held, self._held = self._held, None
            out.append(Piece(held))
        return out

    def _draw(self) -> str | None:
        u = self.rng.random()
        for kind, bound in zip(self._kinds, self._bounds, strict=True):
            if u < bound:
                return kind
        return None

    def _apply(self, kind: str, frame: bytes, now: float) -> list[Piece]:
        rng = self.rng
        if kind == REORDER_FRAMES and self._held is not None:
            kind = DELAY_FRAME  # one frame held at a time: this one is late instead
        if kind == REPLAY_STALE and len(self._history) < 8:
            kind = DUPLICATE_FRAME  # nothing old enough yet
        self.log(kind, now, message_name(frame))
        body = len(frame) - 1  # the bytes before the closing zero
        at = rng.randrange(body) if body else 0
        if kind == CORRUPT_BYTE:
            value = rng.choice([v for v in range(256) if v != frame[at]])
            return [Piece(frame[:at] + bytes([value]) + frame[at + 1:])]
        if kind == DROP_BYTE:
            at = rng.randrange(len(frame))  # the closing zero too: two frames run together
            return [Piece(frame[:at] + frame[at + 1:])]
        if kind == DUPLICATE_BYTE:
            return [Piece(frame[:at + 1] + frame[at:])]
        if kind == REORDER_BYTES:
            pairs = [i for i in range(body - 1) if frame[i] != frame[i + 1]] or [0]
            i = rng.choice(pairs)
            return [Piece(frame[:i] + frame[i + 1:i + 2] + frame[i:i + 1] + frame[i + 2:])]
        if kind == DELAY_BYTES:
            cut = at + 1
            return [Piece(frame[:cut]), Piece(frame[cut:], rng.uniform(0.005, 0.06))]
        if kind == DROP_FRAME:
            return []
        if kind == DUPLICATE_FRAME:
            return [Piece(frame), Piece(frame)]
        if kind == DELAY_FRAME:
            return [Piece(frame, rng.uniform(*self.plan.delay_s))]
        if kind == REORDER_FRAMES:
            self._held = frame
            self._held_since = now
            return []
        assert kind == REPLAY_STALE
        stale = self._history[rng.randrange(len(self._history) - 7)]  # at least 8 frames old
        return [Piece(frame), Piece(stale)]

    def log(self, kind: str, now: float, message: str) -> None:
        """Count a fault on this direction."""
        self.faults.append(Fault(round(now, 3), self.direction, self.frames, kind, message))


def message_name(frame: bytes) -> str:
    """The message a frame on the wire carries (``identify``, ``event``...), or ``bad``."""
    decoder = framing.Decoder(wire.MAX_BODY)
    length = 0
    for byte in frame:
        length = decoder.feed(byte) or length
    if not length:
        return "bad"
    return wire.MESSAGE_NAMES.get(wire.message_type(decoder.body), "unknown").lower()
