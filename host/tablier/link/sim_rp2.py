"""The simulated board on its own chip: MicroPython's rp2 port on an emulated RP2040, on a pseudo-terminal.

``EmulatedBoard(uf2)`` runs the firmware image (``tablier firmware build``) from littlefs on
MicroPython's rp2 port (the maker's own ``RPI_PICO`` UF2) under rp2040js, an instruction-level
RP2040 emulator run by Node (``emulator/board.mjs``). The board around the chip is the layout's: the
74HC165 chain on SPI, the WS2812 line decoded bit by bit, ADC3 reading VSYS. USB CDC is bridged to a
pseudo-terminal: :attr:`EmulatedBoard.port` is opened with pyserial like the Pico's ``/dev/ttyACM0``.
Its side channel is the unix-port simulation's (:class:`~tablier.link.sim_channel.SideChannel`), so
both boards are driven alike.

The emulated chip runs several times slower than real time, so a host talking to it keeps time by its
clock: :meth:`EmulatedBoard.now` (``BoardClient(port, clock=board.now)``). With the wall clock the
host's resends flood the slow board. Needs Node (Debian's ``nodejs``), ``npm ci`` in ``emulator/``,
and the ``rp2`` extra; ``make test-rp2 TABLIER_RP2_UF2=PATH`` sets all of that up.
"""

from __future__ import annotations

import ast
import json
import mmap
import os
import shutil
import struct
import subprocess
import tempfile
import time
import tty
from pathlib import Path
from typing import Any

from tablier.hardware.firmware_config import write_firmware_config
from tablier.hardware.layout import Layout, load_layout
from tablier.link.errors import LinkError
from tablier.link.image import build
from tablier.link.sim_channel import SideChannel
from tablier.link.sim_rp2_flash import bootrom, flash_image, image_files
from tablier.resources import project_path

EMULATOR_DIR = project_path("emulator")
#: The prefix of ``--sim`` that names the emulated chip: ``--sim rp2:PATH/TO/RPI_PICO.uf2``.
SIM_PREFIX = "rp2:"
#: Instructions the emulator runs between two looks at the host's bytes and the side channel
#: (about 0.16 ms of emulated time; the stock million would hold host bytes up to about 10 ms).
BATCH = 20000
START_TIMEOUT_S = 120.0
#: What board.mjs needs of board_config.py.
_CONFIG_NAMES = ("SR_BYTES", "SPI_ID", "PIN_SR_LOAD", "PIN_LED", "SWITCH_ACTIVE_LOW", "SPARE_MASK",
                 "SPARE_BITS", "SR_TAIL")
VSYS_MV = 4700


def emulator_ready() -> str:
    """Why the emulated board cannot start here ('' when it can): Node and rp2040js are needed."""
    if shutil.which("node") is None:
        return "Node.js is not installed (apt-get install nodejs npm)"
    if not (EMULATOR_DIR / "node_modules" / "rp2040js" / "package.json").exists():
        return f"rp2040js is not installed (npm ci --prefix {EMULATOR_DIR})"
    return ""


class EmulatedBoard(SideChannel):
    """A running emulated Pico with the board around it; a context manager (leaving it stops it)."""

    def __init__(self, uf2: Path | str, layout: Layout | None = None, *,
                 files: dict[str, bytes] | None = None, blank: bool = False, maintenance: bool = False,
                 batch: int = BATCH) -> None:
        """Boot ``uf2`` with the firmware image on its filesystem (``files``: these instead; ``blank``:
        no filesystem, as a Pico fresh from BOOTSEL; ``maintenance``: the REPL left free at boot)."""
        why = emulator_ready()
        if why:
            raise LinkError(f"the emulated board cannot start: {why}")
        self.layout = load_layout() if layout is None else layout
        self._dir = tempfile.TemporaryDirectory(prefix="tablier-rp2-")
        root = Path(self._dir.name)
        image = root / "image"
        if files is None and not blank:
            build(image, self.layout)
            files = image_files(image)
        if files is not None and maintenance:
            files = {**files, "/maintenance": b"asked by the test bench\n"}
        (root / "flash.bin").write_bytes(flash_image(Path(uf2), None if blank else files))
        (root / "bootrom.bin").write_bytes(bootrom())
        write_firmware_config(self.layout, root)
        self.config = _board_constants(root / "board_config.py")
        clock = root / "clock"
        clock.write_bytes(bytes(32))
        master, slave = os.openpty()
        tty.setraw(slave)
        tty.setraw(master)
        os.set_blocking(master, False)
        ctl_read, ctl_write = os.pipe()
        os.set_blocking(ctl_read, False)
        report_read, report_write = os.pipe()
        setup = {"flash": str(root / "flash.bin"), "bootrom": str(root / "bootrom.bin"),
                 "clock": str(clock), "host": master, "ctl": ctl_read, "report": report_write,
                 "batch": batch, "board": self.config}
        (root / "setup.json").write_text(json.dumps(setup))
        self._log = open(root / "emulator.log", "w+b")  # noqa: SIM115 - read until close()
        self._log_text = ""
        self._process = subprocess.Popen(
            ["node", str(EMULATOR_DIR / "board.mjs"), str(root / "setup.json")], stdin=subprocess.DEVNULL,
            stdout=self._log, stderr=self._log, pass_fds=(master, ctl_read, report_write),
            start_new_session=True)
        os.close(master)
        os.close(ctl_read)
        os.close(report_write)
        self._slave = slave
        self.port = os.ttyname(slave)
        self._clock_file = open(clock, "rb")  # noqa: SIM115 - mapped until close()
        self._clock = mmap.mmap(self._clock_file.fileno(), 32, access=mmap.ACCESS_READ)
        self._wall_start = time.monotonic()
        self._open_channel(ctl_write, report_read)
        if not self._wait_ready(START_TIMEOUT_S, lambda: self._process.poll() is not None):
            self.close()
            raise LinkError(f"the emulated board did not reach USB: {self.log_text().strip()}")

    # -- the emulated clock -------------------------------------------------------------------

    def now(self) -> float:
        """The emulated clock in seconds: the clock for a host talking to this board."""
        return float(struct.unpack_from("<d", self._clock, 0)[0])

    def cpu_seconds(self) -> tuple[float, float]:
        """Emulated seconds the core ran and slept (WFI) since the first boot."""
        busy, idle = struct.unpack_from("<2d", self._clock, 8)
        return float(busy), float(idle)

    def speed(self) -> float:
        """Emulated seconds per wall second since the start."""
        return self.now() / max(1e-9, time.monotonic() - self._wall_start)

    def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` of emulated time."""
        until = self.now() + seconds
        while self.now() < until and self.running:
            time.sleep(0.002)

    # -- what the bench saw -------------------------------------------------------------------

    def lines(self, word: str) -> list[str]:
        """The reports that began with ``word`` (``usb``, ``reboot``)."""
        with self._lock:
            return [line for line in self._lines if line.split(" ", 1)[0] == word]

    @property
    def attachments(self) -> int:
        """How many times the chip attached to USB (a re-enumeration counts again)."""
        return len(self.lines("usb"))

    @property
    def reboots(self) -> int:
        """Warm reboots (``machine.reset()``, a watchdog bite)."""
        return len(self.lines("reboot"))

    def led_timing(self) -> dict[str, str]:
        """The last LED frame's timing: ``start_us``, ``dur_us``, and the high pulse widths in ns of
        its 0 bits (``t0h``) and 1 bits (``t1h``) as ``MIN-MAX``."""
        with self._lock:
            return dict(self._led_timing)

    def set_vsys(self, millivolts: int) -> None:
        """What ADC3 reads (VSYS / 3)."""
        self._command(f"vsys {int(millivolts)}")

    def chain_figures(self) -> dict[str, int]:
        """The chain's SPI clock as the chip set it (``spi_hz``) and its latches so far."""
        return {key: int(value) for key, value in self._command("").items()}

    # -- MicroPython's REPL ---------------------------------------------------------------------

    def run_script(self, code: str, timeout: float = 30.0) -> str:
        """Run ``code`` over the raw REPL (a board booted with ``maintenance=True``, or one whose
        firmware is not running) and return what it printed; LinkError with its traceback if it
        raised. ``timeout`` is in emulated seconds."""
        import serial

        with serial.Serial(self.port, timeout=0) as port:
            port.write(b"\r\x03\x03\x01")  # interrupt, then the raw REPL
            self._expect(port, b"raw REPL; CTRL-B to exit\r\n>", timeout)
            port.write(code.encode() + b"\x04")
            reply = self._expect(port, b"\x04>", timeout)
            port.write(b"\x02")  # back to the friendly REPL
        text = reply.decode(errors="replace")
        out, _, err = text[text.find("OK") + 2:].partition("\x04")
        err = err.removesuffix("\x04>")
        if err.strip():
            raise LinkError(f"the script failed on the emulated board: {err.strip()}")
        return out

    def _expect(self, port: Any, marker: bytes, timeout: float) -> bytes:
        """Read from ``port`` (a ``serial.Serial``) until ``marker``; all that came, marker included."""
        data = b""
        until = self.now() + timeout
        while marker not in data:
            chunk = port.read(4096)
            if chunk:
                data += chunk
            elif self.now() > until or not self.running:
                raise LinkError(f"the emulated board did not answer ({data[-200:]!r})")
            else:
                time.sleep(0.005)
        return data

    # -- the process ---------------------------------------------------------------------------

    def close(self) -> None:
        """Stop the emulator and remove the temporary files."""
        self._stop(5.0)
        self._clock.close()
        self._clock_file.close()


def _board_constants(config: Path) -> dict[str, object]:
    """The constants board.mjs needs, read from a generated ``board_config.py``."""
    values: dict[str, object] = {}
    for node in ast.parse(config.read_text()).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) \
                and node.targets[0].id in _CONFIG_NAMES:
            values[node.targets[0].id] = ast.literal_eval(node.value)
    return {**values, "VSYS_MV": VSYS_MV}
