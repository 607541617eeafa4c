"""Following a game from its event log: ``tablier watch LOG``, while another process plays it.

A :class:`LogFollower` reads the log as it grows and hands its switch changes, in order, to a
session of the log's game, exactly as :func:`~tablier.play.replay.rebuild` does with a finished
log: the session infers every move afresh from the switches, so the views show what the board
saw (a lifted man, the lights) and not only the committed moves. The throws the log recorded are
given to the dice as they are read; a button press at the very end of what has been read waits
a moment for the throw it caused (written just after it). A finished log is replayed at its
recorded pace (``speed`` times faster, the pauses cut to :data:`LONGEST_PAUSE_S`), or at once; a
log being written is followed as fast as it grows.
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

from tablier.hardware.layout import Layout, load_layout
from tablier.link.client import SwitchChange
from tablier.record.eventlog import (
    Advice,
    Command,
    DiceRecord,
    Header,
    LinkState,
    LogFormatError,
    Record,
    SnapshotRecord,
    SwitchEvent,
    decode,
)

from .dice import Dice
from .link import CONNECTED
from .replay import replay_session
from .session import Session

#: The longest pause of a replay (seconds of the recorded game, before ``speed``).
LONGEST_PAUSE_S = 2.0
#: A log whose newest record is younger than this (seconds) is being written: it is followed, not paced.
LIVE_S = 5.0
#: How long a button press read last waits for the throw that follows it in the log.
PRESS_WAIT_S = 0.5


class LogFollower:
    """A link whose board is a log still being written: :meth:`poll` gives the next change."""

    def __init__(self, path: Path, layout: Layout, speed: float = 1.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.path = path
        self.dice = Dice()  # the header's seed, once read (:meth:`header`)
        self.speed = speed
        self.clock = clock
        self.state = CONNECTED
        self.closed: set[int] = set()
        self.client = None
        self.layout_hash = ""
        self.firmware_version = ""
        self.on_state: object = None
        self.session: Session | None = None
        self._buttons = {s.id for s in layout.switches if s.kind == "button"}
        self._file = open(path, encoding="utf-8")  # noqa: SIM115 - read while the game goes on
        self._partial = ""
        self._lines = 0  # the lines read so far
        self._pending: deque[tuple[float, SwitchChange | Command | LinkState]] = deque()
        self._backlog: list[Record] = []
        self._known: set[int] = set()
        self.last_read = 0.0
        self._last_t: float | None = None
        self._due = 0.0
        self._newest_t = 0.0  # the wall-clock time of the newest record read

    def header(self, timeout: float = 10.0) -> Header:
        """The log's header (waiting up to ``timeout`` seconds for it to be written)."""
        deadline = self.clock() + timeout
        while True:
            records = self._read()
            if records:
                first = records[0]
                if not isinstance(first, Header):
                    raise LogFormatError(f"{self.path}: not a Tablier event log (the first record is "
                                         "not a header)")
                self.dice = Dice(first.seed)
                self._backlog = records[1:]
                return first
            if self.clock() > deadline:
                raise LogFormatError(f"{self.path}: no header written in {timeout:.0f} s")
            time.sleep(0.05)

    def _read(self) -> list[Record]:
        """The whole records appended since the last read."""
        self._partial += self._file.read()
        *lines, self._partial = self._partial.split("\n")
        records = []
        for line in lines:
            self._lines += 1
            if not line.strip():
                continue
            try:
                data = json.loads(line)
                if not isinstance(data, dict):
                    raise LogFormatError("not a JSON object")
                records.append(decode(data))
            except (json.JSONDecodeError, LogFormatError):
                if self._lines == 1:
                    raise LogFormatError(f"{self.path}: not a Tablier event log (its first line is "
                                         "not a header)") from None
                raise LogFormatError(f"{self.path}:{self._lines}: not a record of an event log") from None
        if records:
            self.last_read = self.clock()
            self._newest_t = max(self._newest_t, *(r.t for r in records))
        return records

    def _queue(self, records: list[Record]) -> None:
        known = self._known  # the switches closed once every change queued is given
        for record in records:
            if isinstance(record, DiceRecord):
                self.dice.force(tuple(record.dice))
            elif isinstance(record, SwitchEvent):
                if record.closed != (record.switch in known):
                    (known.add if record.closed else known.discard)(record.switch)
                    self._pending.append((record.t, SwitchChange(record.switch, record.closed,
                                                                 record.time_ms, record.seq)))
            elif isinstance(record, SnapshotRecord):
                now = set(record.closed)
                for switch in sorted(now ^ known):
                    self._pending.append((record.t, SwitchChange(switch, switch in now, 0, None)))
                known = self._known = now
            elif isinstance(record, Advice) and self.session is not None:
                self.session.teacher.replay([record])
            elif (isinstance(record, Command) and record.word != "quit") or isinstance(record, LinkState):
                self._pending.append((record.t, record))

    def poll(self, timeout: float = 0.0) -> list[SwitchChange]:
        """The next change that is due (saying the typed commands met on the way)."""
        self._queue(self._backlog + self._read())
        self._backlog = []
        while self._pending:
            t, item = self._pending[0]
            if self.clock() < self._due:
                break
            if self._press_waits(item):
                break  # its throw may not be written yet
            self._pending.popleft()
            self._pace(t)
            if isinstance(item, LinkState):
                self.state = CONNECTED if item.state in ("connected", "reconnected") else item.state
                continue
            if isinstance(item, Command):
                if self.session is not None:
                    words = " ".join(w for w in (str(item.player or ""), item.word, item.argument) if w)
                    self.session.command_line(words)
                continue
            (self.closed.add if item.closed else self.closed.discard)(item.switch)
            return [item]
        if timeout:
            time.sleep(timeout)
        return []

    def _press_waits(self, item: SwitchChange | Command | LinkState) -> bool:
        """Whether ``item``, a button press with only button changes read after it, should wait a
        moment for what the press caused (a throw is logged after the press and its release)."""
        if not (isinstance(item, SwitchChange) and item.closed and item.switch in self._buttons):
            return False
        if self.clock() - self.last_read >= PRESS_WAIT_S:
            return False
        return all(isinstance(later, SwitchChange) and later.switch in self._buttons
                   for _, later in list(self._pending)[1:])

    def _pace(self, t: float) -> None:
        """When the record after one at ``t`` is due: at once while the log is being written (a
        follower behind it catches up), else after the recorded pause."""
        being_written = time.time() - self._newest_t < LIVE_S
        if self.speed > 0 and self._last_t is not None and t and not being_written:
            pause = min(max(0.0, t - self._last_t), LONGEST_PAUSE_S) / self.speed
            self._due = self.clock() + pause
        self._last_t = t or self._last_t

    @property
    def caught_up(self) -> bool:
        """Whether every change written so far has been given."""
        return not self._pending

    def settle(self) -> set[int]:
        """The switches closed so far."""
        return set(self.closed)

    def set_leds(self, wishes: object) -> None:
        """A log has no lights: the views draw the plan."""

    def close(self) -> None:
        """Stop reading."""
        self._file.close()


def follow(path: Path, speed: float = 1.0, layout: Layout | None = None) -> tuple[Session, LogFollower]:
    """A session of the game logged at ``path``, fed by a :class:`LogFollower` (call
    ``session.tick()`` to go on)."""
    layout = layout or load_layout()
    try:
        follower = LogFollower(path, layout, speed)
    except OSError as error:
        raise LogFormatError(f"{path}: cannot read the log ({error.strerror})") from None
    header = follower.header()
    session = replay_session(header, follower, layout, follower.dice)
    follower.session = session
    session.start()
    session.started = True
    return session, follower

