"""The simulated board: the real firmware under MicroPython's unix port, on a pseudo-terminal.

``SimulatedBoard`` runs ``firmware/main.py`` with ``micropython -X heapsize=192K`` (an RP2040-sized
heap) and the simulation backend (``firmware/hal/sim``: the RP2040 backend over simulated pins). Its
stdin/stdout are the master of a raw pseudo-terminal; :attr:`SimulatedBoard.port` is the slave's
``/dev/pts/N`` path, which the host opens with pyserial exactly like a USB port. A side channel of
two pipes lets the caller move magnets over switches, inject wiring faults and read back the exact
bytes sent to the LED chain (``docs/firmware.md``; :class:`~tablier.link.sim_channel.SideChannel`).

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
import tty
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from tablier.hardware.layout import Layout, load_layout
from tablier.link.errors import LinkError
from tablier.link.image import FIRMWARE_DIR, SIM_DIR, stage, tool
from tablier.link.sim_channel import SideChannel

HEAP_SIZE = "192K"
START_TIMEOUT_S = 10.0
#: Temporary folders are named after the process that made them (for :func:`remove_stale_folders`).
FOLDER_PREFIX = "tablier-sim-"


class SimulatedBoard(SideChannel):
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
        self._open_channel(ctl_write, report_read)
        if not self._wait_ready(START_TIMEOUT_S, lambda: self._process.poll() is not None):
            self.close()
            raise LinkError(f"the simulated board did not start: {self.log_text().strip()}")
        if SimulatedBoard.interpose is not None:
            self.port = SimulatedBoard.interpose(self)

    # -- internals ----------------------------------------------------------------------------

    def _on_ready(self) -> None:
        self._dir.cleanup()  # every module is loaded by now: the folder can go


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
