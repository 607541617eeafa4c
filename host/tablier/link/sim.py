"""The simulated board: the real firmware under MicroPython's unix port, on a pseudo-terminal.

``SimulatedBoard`` runs ``firmware/main.py`` with ``micropython -X heapsize=192K`` (an RP2040-sized
heap) and the simulation backend (``firmware/hal/sim``: the RP2040 backend over simulated pins). Its
stdin/stdout are the master of a raw pseudo-terminal; :attr:`SimulatedBoard.port` is the slave's
``/dev/pts/N`` path, which the host opens with pyserial exactly like a USB port. A side channel of
two pipes lets the caller move magnets over switches, inject wiring faults and read back the exact
bytes sent to the LED chain (``docs/firmware.md``).

The firmware image is staged in a temporary folder, removed as soon as the firmware has loaded from
it (its stderr log lives on as an open, unlinked file), so a host killed outright leaves nothing
behind; the firmware itself exits when its side channel reaches end of file. Folders left by a host
killed while its board was still starting are removed by the next start.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import threading
import tty
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import ClassVar

from tablier.hardware.layout import Layout, load_layout
from tablier.link.errors import LinkError
from tablier.link.image import FIRMWARE_DIR, SIM_DIR, stage, tool

HEAP_SIZE = "192K"
START_TIMEOUT_S = 10.0
#: Temporary folders are named after the process that made them (for :func:`remove_stale_folders`).
FOLDER_PREFIX = "tablier-sim-"


class SimulatedBoard:
    """A running simulated board; a context manager (leaving it stops the firmware)."""

    #: Test support (``tests/harness``): when set, called with each board once its firmware runs;
    #: it may put something (a fault-injecting relay) between :attr:`firmware_port` and the host,
    #: and returns the port the host should open instead (:attr:`port`).
    interpose: ClassVar[Callable[[SimulatedBoard], str] | None] = None

    def __init__(self, layout: Layout | None = None, heap_size: str = HEAP_SIZE) -> None:
        self.layout = load_layout() if layout is None else layout
        remove_stale_folders()
        self._dir = tempfile.TemporaryDirectory(prefix=f"{FOLDER_PREFIX}{os.getpid()}-")
        root = Path(self._dir.name)
        image = stage(root / "image", self.layout)
        self._log = open(root / "firmware.log", "w+b")  # noqa: SIM115 - read until close()
        self._log_text = ""
        master, slave = os.openpty()
        tty.setraw(slave)  # before the firmware starts: no echo, no newline translation
        tty.setraw(master)
        os.set_blocking(master, False)  # a host that does not read must not stall the firmware
        ctl_read, ctl_write = os.pipe()
        os.set_blocking(ctl_read, False)  # MicroPython's readinto waits for a full buffer otherwise
        report_read, report_write = os.pipe()
        env = dict(os.environ, MICROPYPATH=os.pathsep.join(map(str, (image, SIM_DIR, FIRMWARE_DIR))))
        command = [tool("micropython"), "-X", f"heapsize={heap_size}", str(FIRMWARE_DIR / "main.py"),
                   "--ctl", str(ctl_read), "--report", str(report_write)]
        self._process = subprocess.Popen(
            command, stdin=master, stdout=master, stderr=self._log, env=env,
            pass_fds=(ctl_read, report_write), start_new_session=True)
        os.close(master)
        os.close(ctl_read)
        os.close(report_write)
        # Holding the slave open keeps the pty alive while no host has the port open, as USB does.
        self._slave = slave
        self.firmware_port = self.port = os.ttyname(slave)
        self._ctl = os.fdopen(ctl_write, "w", buffering=1)
        self._report = os.fdopen(report_read, "r")
        self._lock = threading.Condition()
        self._leds = b""
        self._led_frames = 0
        self._lines: list[str] = []
        self._syncs: set[str] = set()
        self._token = 0
        self._ready = False
        self._reader = threading.Thread(target=self._read_reports, name="sim-board-reports",
                                        daemon=True)
        self._reader.start()
        with self._lock:
            if not self._lock.wait_for(lambda: self._ready or self._process.poll() is not None,
                                       START_TIMEOUT_S) or not self._ready:
                self.close()
                raise LinkError(f"the simulated board did not start: {self.log_text().strip()}")
        if SimulatedBoard.interpose is not None:
            self.port = SimulatedBoard.interpose(self)

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

    @property
    def running(self) -> bool:
        """Whether the firmware process still runs."""
        return self._process.poll() is None

    def log_text(self) -> str:
        """What the firmware wrote to stderr (tracebacks land here, never on the serial line)."""
        if self._log.closed:
            return self._log_text
        size = os.fstat(self._log.fileno()).st_size
        return os.pread(self._log.fileno(), size, 0).decode(errors="replace")

    def close(self) -> None:
        """Stop the firmware and remove the temporary files."""
        if self._process.poll() is None:
            self._ctl.close()  # end of file on --ctl: the firmware exits by itself
            try:
                self._process.wait(timeout=2.0)
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

    def __enter__(self) -> SimulatedBoard:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    # -- internals ----------------------------------------------------------------------------

    def _check_switch(self, switch: int) -> None:
        if not 0 <= switch < self.layout.switch_count:
            raise ValueError(f"switch {switch} does not exist (the board has "
                             f"{self.layout.switch_count})")

    def _fault(self, kind: str, *switches: int) -> None:
        for switch in switches:
            self._check_switch(switch)
        self._command(" ".join((kind, *map(str, switches))))

    def _command(self, text: str, timeout: float = 2.0) -> None:
        """Send side-channel commands and wait until the firmware has applied them."""
        if not self.running:
            raise LinkError(f"the simulated board has stopped: {self.log_text().strip()}")
        with self._lock:
            self._token += 1
            token = str(self._token)
        self._ctl.write(f"{text}\nsync {token}\n")
        with self._lock:
            if not self._lock.wait_for(lambda: token in self._syncs, timeout):
                raise LinkError("the simulated board did not apply a command in time")
            self._syncs.discard(token)

    def _read_reports(self) -> None:
        for line in self._report:
            word, _, rest = line.strip().partition(" ")
            with self._lock:
                if word == "leds":
                    self._leds = bytes.fromhex(rest)
                    self._led_frames += 1
                elif word == "sync":
                    self._syncs.add(rest)
                elif word == "ready":
                    self._ready = True
                    self._dir.cleanup()  # every module is loaded by now: the folder can go
                else:
                    self._lines.append(line)
                self._lock.notify_all()
        with self._lock:
            self._lock.notify_all()


def remove_stale_folders() -> None:
    """Remove the temporary folders of simulated boards whose process is gone (killed while its
    board was starting)."""
    pattern = re.compile(re.escape(FOLDER_PREFIX) + r"(\d+)-")
    for folder in Path(tempfile.gettempdir()).glob(FOLDER_PREFIX + "*"):
        match = pattern.match(folder.name)
        if match and folder.is_dir() and not _alive(int(match.group(1))):
            shutil.rmtree(folder, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
