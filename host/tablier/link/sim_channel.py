"""The side channel of a simulated board: the physical board worked by text lines, its LEDs read back.

Both simulated boards, the firmware under MicroPython's unix port (:mod:`tablier.link.sim`) and the
firmware on an emulated RP2040 (:mod:`tablier.link.sim_rp2`), take the same commands on one pipe
(``close S``, ``open S``, ``dead S``, ``stuck S``, ``chatter S``, ``swap A B``, ``cut``, ``high``,
``slip``, ``short [CHIP]``, ``vsys MV``, ``heal``, ``sync TOKEN``) and give reports on another
(``ready``, ``leds HEX [key=value...]``, ``sync TOKEN [key=value...]``, and lines of their own):
``docs/firmware.md``. :class:`SideChannel` is that part of a board; the boards start the process.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import threading
from collections.abc import Callable
from types import TracebackType
from typing import BinaryIO, Self, TextIO

from tablier.hardware.layout import Layout
from tablier.link.errors import LinkError


class SideChannel:
    """The commands and reports of a running simulated board (a base class: see the module)."""

    layout: Layout
    #: The serial port the host opens (a pseudo-terminal's ``/dev/pts/N``).
    port: str
    # Set by the board before :meth:`_open_channel`: its process, the pty's slave it keeps open, the
    # file its stderr goes to, and its temporary folder.
    _process: subprocess.Popen[bytes]
    _slave: int
    _log: BinaryIO
    _log_text: str
    _dir: tempfile.TemporaryDirectory[str]

    def _open_channel(self, ctl_write: int, report_read: int) -> None:
        """Start reading reports from ``report_read``; commands go to ``ctl_write``."""
        self._ctl: TextIO = os.fdopen(ctl_write, "w", buffering=1)
        self._report = os.fdopen(report_read, "r")
        self._lock = threading.Condition()
        self._leds = b""
        self._led_frames = 0
        self._led_timing: dict[str, str] = {}
        self._lines: list[str] = []
        self._syncs: dict[str, dict[str, str]] = {}
        self._token = 0
        self._ready = False
        self._reader = threading.Thread(target=self._read_reports, name="sim-board-reports", daemon=True)
        self._reader.start()

    def _wait_ready(self, timeout: float, stopped: Callable[[], bool]) -> bool:
        """Wait until the board says ``ready`` (False: it stopped, or the time ran out)."""
        with self._lock:
            return self._lock.wait_for(lambda: self._ready or stopped(), timeout) and self._ready

    # -- the physical board -------------------------------------------------------------------

    def set_switch(self, switch: int, closed: bool) -> None:
        """Put a magnet over ``switch`` (closed) or take it away; applied when this returns."""
        self._check_switch(switch)
        self._command(f"{'close' if closed else 'open'} {switch}")

    def set_switches(self, closed: dict[int, bool]) -> None:
        """Several :meth:`set_switch` at once (applied together, between two scans)."""
        for switch in closed:
            self._check_switch(switch)
        self._command("\n".join(f"{'close' if c else 'open'} {s}" for s, c in closed.items()))

    def make_dead(self, switch: int) -> None:
        """Fault: ``switch`` never closes (a broken reed or wire)."""
        self._fault("dead", switch)

    def make_stuck(self, switch: int) -> None:
        """Fault: ``switch`` never opens (welded contacts, a short)."""
        self._fault("stuck", switch)

    def make_chattering(self, switch: int) -> None:
        """Fault: ``switch`` reads at random (a loose contact)."""
        self._fault("chatter", switch)

    def swap_wires(self, first: int, second: int) -> None:
        """Fault: the two switches' wires are exchanged."""
        self._check_switch(first)
        self._fault("swap", second, first)

    def cut_data_line(self) -> None:
        """Fault: the chain's data line is stuck low (every input reads low, spare ones too)."""
        self._command("cut")

    def heal(self) -> None:
        """Remove every injected fault."""
        self._command("heal")

    def led_bytes(self) -> bytes:
        """The bytes of the last frame sent to the LED chain (3 per LED, in its colour order)."""
        with self._lock:
            return self._leds

    def led_colours(self) -> list[tuple[int, int, int]]:
        """The last frame as ``(r, g, b)`` per LED."""
        data = self.led_bytes()
        order = self.layout.led_order
        return [(data[i + order.index("R")], data[i + order.index("G")], data[i + order.index("B")])
                for i in range(0, len(data), 3)]

    def wait_led_frame(self, after: int, timeout: float = 2.0) -> int:
        """Wait until more than ``after`` LED frames were sent; return the count."""
        with self._lock:
            self._lock.wait_for(lambda: self._led_frames > after, timeout)
            return self._led_frames

    @property
    def led_frames(self) -> int:
        """How many frames the firmware sent to the LED chain."""
        with self._lock:
            return self._led_frames

    # -- internals ----------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether the board's process still runs."""
        return self._process.poll() is None

    def log_text(self) -> str:
        """What the board's process wrote to stderr (tracebacks land here, never on the serial line)."""
        if self._log.closed:
            return self._log_text
        size = os.fstat(self._log.fileno()).st_size
        return os.pread(self._log.fileno(), size, 0).decode(errors="replace")

    def close(self) -> None:
        """Stop the board and remove its temporary files."""
        self._stop(2.0)

    def _stop(self, grace_s: float) -> None:
        """End of file on the side channel (the board's process exits by itself within ``grace_s``,
        else it is killed), then the pty, the reports, the log and the temporary folder go."""
        if self._process.poll() is None:
            self._ctl.close()
            try:
                self._process.wait(timeout=grace_s)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        elif not self._ctl.closed:
            self._ctl.close()
        if self._slave >= 0:
            os.close(self._slave)
            self._slave = -1
        self._reader.join(timeout=2.0)
        self._report.close()
        if not self._log.closed:
            self._log_text = self.log_text()
            self._log.close()
        self._dir.cleanup()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def _check_switch(self, switch: int) -> None:
        if not 0 <= switch < self.layout.switch_count:
            raise ValueError(f"switch {switch} does not exist (the board has "
                             f"{self.layout.switch_count})")

    def _fault(self, kind: str, *switches: int) -> None:
        for switch in switches:
            self._check_switch(switch)
        self._command(" ".join((kind, *map(str, switches))))

    def _command(self, text: str, timeout: float = 2.0) -> dict[str, str]:
        """Send side-channel commands, wait until the board has applied them; return what its
        ``sync`` answer added (``key=value`` words)."""
        if not self.running:
            raise LinkError(f"the simulated board has stopped: {self.log_text().strip()}")
        with self._lock:
            self._token += 1
            token = str(self._token)
        self._ctl.write(f"{text}\nsync {token}\n")
        with self._lock:
            if not self._lock.wait_for(lambda: token in self._syncs, timeout):
                raise LinkError("the simulated board did not apply a command in time")
            return self._syncs.pop(token)

    def _on_ready(self) -> None:
        """The board said ``ready`` (called with the lock held)."""

    def _read_reports(self) -> None:
        for line in self._report:
            word, _, rest = line.strip().partition(" ")
            first, *more = rest.split(" ")
            extra = dict(item.partition("=")[::2] for item in more if "=" in item)
            with self._lock:
                if word == "leds":
                    self._leds = bytes.fromhex(first)
                    self._led_timing = extra
                    self._led_frames += 1
                elif word == "sync":
                    self._syncs[first] = extra
                elif word == "ready":
                    self._ready = True
                    self._on_ready()
                else:
                    self._lines.append(line.strip())
                self._lock.notify_all()
        with self._lock:
            self._lock.notify_all()
