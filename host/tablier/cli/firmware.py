"""``tablier firmware``: run the simulated board, watch the link frame by frame, build and free the firmware.

- ``tablier firmware sim``: start the simulated board (the firmware under MicroPython on a
  pseudo-terminal) and print its port until Ctrl-C;
- ``tablier firmware console --port PORT | --sim``: a low-level console that shows every decoded
  frame and sends requests typed on stdin (``help`` lists them);
- ``tablier firmware build --out DIR``: generate ``board_config.py`` from the layout and compile the
  firmware to ``.mpy`` for the RP2040 (what ``make flash`` copies to the Pico);
- ``tablier firmware maintenance --port PORT``: ask a running board to restart with its REPL free.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablier.words import counted

if TYPE_CHECKING:
    from tablier.link.client import Transport
    from tablier.link.sim import SimulatedBoard

CONSOLE_HELP = """\
requests: hello | ping | status | snapshot | bye | debounce MS | led INDEX R G B [MODE] |
          fill R G B [MODE] | quit
simulated board only: close S | open S | dead S | stuck S | chatter S | swap A B | cut | heal"""


def register(subparsers: Any) -> None:
    """Add the ``firmware`` subcommand and its actions."""
    parser = subparsers.add_parser("firmware", help="simulated board, link console, firmware build")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    sim = actions.add_parser("sim", help="run the simulated board and print its serial port")
    sim.set_defaults(func=run_sim)
    console = actions.add_parser("console", help="show the link's frames, send requests")
    where = console.add_mutually_exclusive_group(required=True)
    where.add_argument("--port", help="serial port of the board (e.g. /dev/ttyACM0)")
    where.add_argument("--sim", action="store_true", help="start a simulated board and talk to it")
    console.set_defaults(func=run_console)
    build = actions.add_parser("build", help="generate board_config and compile the firmware (.mpy)")
    build.add_argument("--out", required=True, type=Path, help="directory to write the image into")
    build.set_defaults(func=run_build)
    maintenance = actions.add_parser("maintenance", help="restart the board with its REPL free")
    maintenance.add_argument("--port", required=True, help="serial port of the board")
    maintenance.set_defaults(func=run_maintenance)


def run_sim(args: argparse.Namespace) -> int:
    """Run the simulated board until Ctrl-C."""
    from tablier.link.sim import SimulatedBoard

    with SimulatedBoard() as board:
        print(f"simulated board on {board.port} (layout {board.layout.hash}); Ctrl-C stops it",
              flush=True)
        try:
            while board.running:
                time.sleep(0.2)
        except KeyboardInterrupt:
            return 0
        print(f"the firmware stopped: {board.log_text().strip()}", file=sys.stderr)
        return 1


def run_build(args: argparse.Namespace) -> int:
    """Build the flashable image."""
    from tablier.link.errors import LinkError
    from tablier.link.image import build

    try:
        files = build(args.out)
    except LinkError as error:
        print(f"tablier firmware build: {error}", file=sys.stderr)
        return 1
    total = sum(f.stat().st_size for f in files)
    for path in files:
        print(f"{path.stat().st_size:7d}  {path}")
    print(f"{total:7d}  bytes in {counted(len(files), 'file')} "
          "(copy the folder's contents to the Pico's root)")
    return 0


def run_maintenance(args: argparse.Namespace) -> int:
    """Ask the board at ``--port`` to restart into maintenance (REPL free for mpremote)."""
    from tablier.link.client import BoardClient
    from tablier.link.errors import LinkError
    from tablier.link.transport import open_serial

    try:
        port = open_serial(args.port)
    except LinkError as error:
        print(f"tablier firmware maintenance: {error}", file=sys.stderr)
        return 2
    with port:
        BoardClient(port).request_maintenance()
        time.sleep(0.3)
    print(f"asked the board on {args.port} to restart with its REPL free")
    return 0


def run_console(args: argparse.Namespace) -> int:
    """Show decoded frames as they arrive; send the requests typed on stdin."""
    from tablier.link.errors import LinkError
    from tablier.link.transport import open_serial

    board: SimulatedBoard | None = None
    if args.sim:
        from tablier.link.sim import SimulatedBoard

        board = SimulatedBoard()
        print(f"simulated board on {board.port}")
    try:
        port = open_serial(board.port if board else args.port)
    except LinkError as error:
        print(f"tablier firmware console: {error}", file=sys.stderr)
        return 2
    print(CONSOLE_HELP)
    try:
        Console(port, board).run()
    except KeyboardInterrupt:
        pass
    finally:
        port.close()
        if board is not None:
            board.close()
    return 0


class Console:
    """Prints every frame the board sends, acknowledges events, and sends typed requests."""

    def __init__(self, transport: Transport, board: SimulatedBoard | None) -> None:
        from tablier.link import framing, wire

        self.wire = wire
        self.framing = framing
        self.transport = transport
        self.board = board
        self.decoder = framing.Decoder(wire.MAX_BODY)
        self.body = bytearray(wire.MAX_BODY)
        self.out = bytearray(wire.MAX_FRAME)
        self.seq = 0
        self.lines: list[str] = []
        self.lock = threading.Lock()
        self.done = False

    def run(self) -> None:
        """Say hello, then print frames and serve stdin until ``quit`` or end of input."""
        threading.Thread(target=self._read_stdin, daemon=True).start()
        self.transport.write(b"\x00")
        self._send(self.wire.encode_hello(self.body, self.seq, self.wire.PROTOCOL_VERSION))
        last_ping = time.monotonic()
        while not self.done:
            for byte in self.transport.read(4096):
                length = self.decoder.feed(byte)
                if length:
                    self._show(length)
            with self.lock:
                lines, self.lines = self.lines, []
            for line in lines:
                self._command(line)
            if time.monotonic() - last_ping > 1.0:  # keep the board reporting
                last_ping = time.monotonic()
                self._send(self.wire.encode_ping(self.body, self.seq, 0))
            time.sleep(0.005)

    def _read_stdin(self) -> None:
        for line in sys.stdin:
            with self.lock:
                self.lines.append(line.strip())
        with self.lock:
            self.lines.append("quit")

    def _send(self, length: int) -> None:
        n = self.framing.seal(self.body, length, self.out)
        self.transport.write(bytes(self.out[:n]))
        self.seq = (self.seq + 1) & 0xFF

    def _show(self, length: int) -> None:
        from tablier.link.messages import Event, Pong, Snapshot, parse

        wire = self.wire
        body = self.decoder.body
        message = parse(body, length)
        if isinstance(message, Pong) and message.token == 0:
            return  # our own keep-alive
        name = wire.MESSAGE_NAMES.get(wire.message_type(body), "unknown")
        print(f"< #{wire.frame_seq(body):3d} {name}: {message}", flush=True)
        if isinstance(message, Event):
            self._send(wire.encode_ack(self.body, self.seq, message.event_seq))
        elif isinstance(message, Snapshot):
            closed = [s for s in range(8 * len(message.bits))
                      if message.bits[s // 8] & (0x80 >> (s % 8))]
            print(f"  closed: {closed}", flush=True)
            self._send(wire.encode_ack(self.body, self.seq, message.event_seq))

    def _command(self, line: str) -> None:
        wire = self.wire
        words = line.split()
        if not words:
            return
        verb, numbers = words[0], [int(w) for w in words[1:] if w.isdigit()]
        simple = {"status": wire.GET_STATUS, "snapshot": wire.GET_SNAPSHOT, "bye": wire.BYE}
        try:
            if verb == "quit":
                self.done = True
            elif verb == "hello":
                self._send(wire.encode_hello(self.body, self.seq, wire.PROTOCOL_VERSION))
            elif verb == "ping":
                self._send(wire.encode_ping(self.body, self.seq, 1))
            elif verb in simple:
                self._send(wire.encode_request(self.body, self.seq, simple[verb]))
            elif verb == "debounce":
                self._send(wire.encode_set_debounce(self.body, self.seq, numbers[0]))
            elif verb == "led":
                index, r, g, b, *mode = numbers
                self._send(wire.encode_leds(self.body, self.seq, [(index, r, g, b, (mode or [0])[0])]))
            elif verb == "fill":
                r, g, b, *mode = numbers
                self._send(wire.encode_leds_fill(self.body, self.seq, r, g, b, (mode or [0])[0]))
            elif self.board is not None and verb in ("close", "open"):
                self.board.set_switch(numbers[0], verb == "close")
            elif self.board is not None and verb in ("dead", "stuck", "chatter"):
                {"dead": self.board.make_dead, "stuck": self.board.make_stuck,
                 "chatter": self.board.make_chattering}[verb](numbers[0])
            elif self.board is not None and verb == "swap":
                self.board.swap_wires(numbers[0], numbers[1])
            elif self.board is not None and verb == "heal":
                self.board.heal()
            elif self.board is not None and verb == "cut":
                self.board.cut_data_line()
            else:
                print(f"? {line}\n{CONSOLE_HELP}", flush=True)
        except (ValueError, IndexError) as error:
            print(f"? {line}: {error or 'missing numbers'}", flush=True)
