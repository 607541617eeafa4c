"""The relay: the simulated board's firmware on one side, the host on the other, faults between.

:class:`Relay` opens the firmware's pseudo-terminal (:attr:`SimulatedBoard.firmware_port
<tablier.link.sim.SimulatedBoard.firmware_port>`) as the host would, and offers the host a
pseudo-terminal of its own behind a fixed path (:attr:`Relay.port`, a symbolic link, as
``/dev/serial/by-id`` names a USB board). One thread carries the bytes both ways through a
:class:`~harness.faults.Mangler` each. Pulling the cable closes the host's pseudo-terminal (its port
fails to read and write, as a USB port does when its board goes) and removes the path, so that
opening it fails until the cable is plugged back: a new pseudo-terminal behind the same path.

:func:`relayed` puts a fresh relay in front of every simulated board started inside it
(:attr:`SimulatedBoard.interpose <tablier.link.sim.SimulatedBoard.interpose>`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import random
import select
import tempfile
import threading
import time
import tty
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tablier.link.sim import SimulatedBoard

from .faults import CABLE_PULL, TO_BOARD, TO_HOST, Fault, FaultPlan, Mangler, Piece

READ_SIZE = 4096


@dataclass
class _Outgoing:
    """One direction's bytes waiting to be written, in order, each piece from its due time on."""

    pieces: list[tuple[float, bytes]] = field(default_factory=list)
    free_at: float = 0.0  # when the line is next free (pauses hold up what follows them)

    def add(self, pieces: list[Piece], now: float) -> None:
        for piece in pieces:
            self.free_at = max(self.free_at, now) + piece.pause_s
            self.pieces.append((self.free_at, piece.data))

    def clear(self) -> None:
        """The cable is out: what was on its way is lost, and the line is free again."""
        self.pieces.clear()
        self.free_at = 0.0


class Relay:
    """A fault-injecting relay between ``firmware_port`` and the host; a context manager."""

    def __init__(self, firmware_port: str, plan: FaultPlan) -> None:
        self.plan = plan
        rng = random.Random(plan.seed)
        self._to_host = Mangler(plan, TO_HOST, random.Random(rng.getrandbits(64)))
        self._to_board = Mangler(plan, TO_BOARD, random.Random(rng.getrandbits(64)))
        self._pull_rng = random.Random(rng.getrandbits(64))
        self._dir = tempfile.TemporaryDirectory(prefix="tablier-relay-")
        self.port = str(Path(self._dir.name) / "board")
        self._firmware = os.open(firmware_port, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        self._host_master = -1
        self._host_slave = -1
        self._out = {TO_HOST: _Outgoing(), TO_BOARD: _Outgoing()}
        self._started = time.monotonic()
        self._next_pull = self._draw_pull_frame(0)
        self._replug_at: float | None = None
        self._pull_faults: list[Fault] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._plug()
        self._thread = threading.Thread(target=self._run, name="fault-relay", daemon=True)
        self._thread.start()

    # -- what the tests read ------------------------------------------------------------------

    @property
    def faults(self) -> list[Fault]:
        """Every fault injected so far, in time order."""
        with self._lock:
            faults = [*self._to_host.faults, *self._to_board.faults, *self._pull_faults]
        return sorted(faults, key=lambda f: f.time_s)

    @property
    def frames(self) -> dict[str, int]:
        """Frames relayed so far each way (before faults)."""
        with self._lock:
            return {TO_HOST: self._to_host.frames, TO_BOARD: self._to_board.frames}

    @property
    def plugged(self) -> bool:
        """Whether the cable is in."""
        return self._host_master >= 0

    def close(self) -> None:
        """Stop relaying and remove the host's port."""
        self._stop.set()
        self._thread.join(timeout=2.0)
        self._unplug()
        with contextlib.suppress(OSError):
            os.close(self._firmware)
        self._dir.cleanup()

    def __enter__(self) -> Relay:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the cable ----------------------------------------------------------------------------

    def _plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(master)
        tty.setraw(slave)
        os.set_blocking(master, False)
        self._host_master, self._host_slave = master, slave
        link = self.port + ".new"
        os.symlink(os.ttyname(slave), link)
        os.replace(link, self.port)

    def _unplug(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.port)
        for fd in (self._host_master, self._host_slave):
            if fd >= 0:
                os.close(fd)
        self._host_master = self._host_slave = -1
        self._out[TO_HOST].clear()
        self._out[TO_BOARD].clear()
        self._to_host.drop_in_flight()
        self._to_board.drop_in_flight()

    def _draw_pull_frame(self, after: int) -> int | None:
        if self.plan.pull_every is None:
            return None
        return after + self._pull_rng.randint(*self.plan.pull_every)

    def _check_cable(self, now: float) -> None:
        if self._replug_at is not None:
            if now >= self._replug_at:
                self._replug_at = None
                self._plug()
            return
        if self._next_pull is not None and self._to_host.frames >= self._next_pull:
            frame = self._to_host.frames
            self._pull_faults.append(Fault(round(now - self._started, 3), TO_HOST, frame, CABLE_PULL, ""))
            self._unplug()
            self._replug_at = now + self._pull_rng.uniform(*self.plan.pull_for)
            self._next_pull = self._draw_pull_frame(frame)

    # -- the loop -----------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                self._turn()
        except OSError as error:
            if error.errno != errno.EIO:  # EIO: the firmware stopped (its pseudo-terminal closed)
                raise

    def _turn(self) -> None:
        now = time.monotonic()
        waiting = [at for out in self._out.values() for at, _ in out.pieces[:1]]
        timeout = max(0.0, min([0.01, *(at - now for at in waiting)]))
        readers = [self._firmware] + ([self._host_master] if self.plugged else [])
        ready, _, _ = select.select(readers, [], [], timeout)
        now = time.monotonic()
        elapsed = now - self._started
        with self._lock:
            if self._firmware in ready:
                data = os.read(self._firmware, READ_SIZE)
                if self.plugged:  # with the cable out, what the board sends goes nowhere
                    self._out[TO_HOST].add(self._to_host.feed(data, elapsed), now)
            if self.plugged and self._host_master in ready:
                data = _read(self._host_master)
                self._out[TO_BOARD].add(self._to_board.feed(data, elapsed), now)
            if self.plugged:
                self._out[TO_HOST].add(self._to_host.due(elapsed), now)
                self._out[TO_BOARD].add(self._to_board.due(elapsed), now)
            if self._to_host.enabled:
                self._check_cable(now)
        if self.plugged:
            self._write(TO_HOST, self._host_master, now)
            self._write(TO_BOARD, self._firmware, now)

    def _write(self, direction: str, fd: int, now: float) -> None:
        out = self._out[direction]
        while out.pieces and out.pieces[0][0] <= now:
            _, data = out.pieces.pop(0)
            try:
                written = os.write(fd, data)
            except BlockingIOError:
                written = 0
            if written < len(data):  # the reader is behind: the rest waits for the next turn
                out.pieces.insert(0, (now, data[written:]))
                return


def _read(fd: int) -> bytes:
    """What the host wrote; nothing if it has no port open just now."""
    try:
        return os.read(fd, READ_SIZE)
    except OSError as error:
        if error.errno in (errno.EIO, errno.EAGAIN):
            return b""
        raise


@contextlib.contextmanager
def relayed(plan: FaultPlan) -> Iterator[list[Relay]]:
    """Inside this, every simulated board started gets a relay with ``plan`` between its firmware
    and the host (the list yielded holds them); they are closed on leaving."""
    relays: list[Relay] = []

    def interpose(board: SimulatedBoard) -> str:
        relay = Relay(board.firmware_port, plan)
        relays.append(relay)
        return relay.port

    SimulatedBoard.interpose = interpose
    try:
        yield relays
    finally:
        SimulatedBoard.interpose = None
        for relay in relays:
            relay.close()
