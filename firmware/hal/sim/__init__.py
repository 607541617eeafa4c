"""The simulated board for the unix port: the RP2040 backend over simulated pins, plus a side channel.

Run as ``micropython -X heapsize=192K firmware/main.py [--ctl FD] [--report FD]`` with
``MICROPYPATH=<dir holding board_config.py and wire.py>:firmware/hal/sim:firmware`` and stdin/stdout
on the master of a raw pseudo-terminal (the host opens the slave like a USB port).

The side channel is two inherited pipe descriptors (``--ctl`` non-blocking) carrying text lines
(``docs/firmware.md``): ``--ctl`` takes commands (``close S``, ``open S``, ``dead S``,
``stuck S``, ``chatter S``, ``swap A B``, ``cut``, ``high``, ``slip``, ``short [CHIP]``,
``vsys MV``, ``heal``, ``sync TOKEN``) and ``--report`` gives
``ready``, ``leds <hex>`` after every frame sent to the LED chain, and ``sync TOKEN`` once every
command before it was applied.
When ``--ctl`` reaches end of file (the parent went away), the firmware exits.
"""

import binascii
import select
import sys

import board_config
import machine

from hal import rp2

_IDLE_MS = 1


class Board(rp2.Board):
    """:class:`hal.rp2.Board` over the simulated ``machine``, talking on a pty, idling between scans.
    The simulated LED chain takes a frame at once: it is rendered whole and never busy."""

    led_render_per_step = 0

    def __init__(self, argv) -> None:
        super().__init__()
        self._ctl = None
        self._report_file = None
        self._ctl_buf = bytearray(256)
        self._pending = b""
        if "--ctl" in argv:
            self._ctl = open(int(argv[argv.index("--ctl") + 1]), "rb")  # noqa: SIM115 - lives as long as we do
            self._poll.register(self._ctl, select.POLLIN)
        if "--report" in argv:
            self._report_file = open(int(argv[argv.index("--report") + 1]), "wb")  # noqa: SIM115
        self._say("ready")

    def read_host(self, buf: bytearray) -> int:
        """Read what the pty holds; the master is non-blocking, and EIO means nobody has the port open."""
        try:
            n = self._stdin.readinto(buf)
        except OSError:
            return 0
        return self._heard(n or 0)

    def write_host(self, buf: bytearray, n: int) -> bool:
        try:
            self._stdout.write(buf, n)
        except OSError:
            return False
        return True

    def leds_busy(self) -> bool:
        return False

    def write_leds(self, buf: bytearray) -> None:
        super().write_leds(buf)
        if self._report_file is not None:
            self._say("leds " + binascii.hexlify(buf).decode())

    def idle(self) -> None:
        """Wait up to a millisecond (a scan period) for the host or the side channel; serve the latter."""
        for stream, _ in self._poll.ipoll(_IDLE_MS):
            if stream is self._ctl:
                self._serve_ctl()

    def maintenance(self) -> None:
        """The simulation has no REPL to hand over: it stops."""
        self._say("maintenance")
        raise SystemExit(0)

    def report(self, error: BaseException) -> None:
        sys.print_exception(error, sys.stderr)

    def _say(self, line: str) -> None:
        if self._report_file is not None:
            self._report_file.write(line + "\n")

    def _serve_ctl(self) -> None:
        try:
            n = self._ctl.readinto(self._ctl_buf)  # non-blocking: returns what the pipe holds
        except OSError:
            return
        if not n:
            raise SystemExit(0)
        data = self._pending + bytes(self._ctl_buf[:n])
        lines = data.split(b"\n")
        self._pending = lines.pop()
        for line in lines:
            self._command(line.decode().split())

    def _command(self, words) -> None:
        chain = machine.CHAIN
        if not words:
            return
        verb = words[0]
        args = [int(w) for w in words[1:] if w.isdigit()]
        if verb in ("close", "open"):
            chain.set(chain.closed, args[0], verb == "close")
        elif verb == "dead":
            chain.set(chain.dead, args[0], True)
        elif verb == "stuck":
            chain.set(chain.stuck, args[0], True)
        elif verb == "chatter":
            chain.set(chain.chatter, args[0], True)
        elif verb == "swap":
            chain.swaps.append((args[0], args[1]))
        elif verb == "cut":
            chain.cut = True
        elif verb == "high":
            chain.high = True
        elif verb == "slip":
            chain.slip = True
        elif verb == "short":
            chain.short = args[0] if args else board_config.SR_BYTES // 2
        elif verb == "vsys":
            machine.VSYS_MV[0] = args[0]
        elif verb == "heal":
            chain.heal()
        elif verb == "sync":
            self._say("sync " + words[1])
        else:
            self._say("error unknown command " + verb)
