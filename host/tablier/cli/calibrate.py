"""``tablier calibrate``: walk a builder through the board and record its real wiring and faults."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

FAULT_KINDS = ("swap", "dead", "stuck", "chatter")


def register(subparsers: Any) -> None:
    """Add the ``calibrate`` subcommand."""
    parser = subparsers.add_parser(
        "calibrate", help="find swapped wires and dead, stuck or chattering switches",
        description="Light each place of the board in turn, have a man put there, record which switch "
                    "answers, and write a calibration overlay that corrects swapped wires. Reports "
                    "dead, stuck and chattering switches. With --check, says whether a saved "
                    "calibration leaves faults that stop a game.")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--port", help="the board's serial port (e.g. /dev/ttyACM0)")
    source.add_argument("--sim", action="store_true",
                        help="calibrate the simulated board, with a simulated builder doing each step")
    source.add_argument("--check", type=Path, metavar="FILE",
                        help="check a saved calibration instead of walking the board")
    parser.add_argument("--out", type=Path, metavar="FILE", help="write the calibration overlay here")
    parser.add_argument("--layout", type=Path, metavar="PATH",
                        help="the layout file (default: the repository's hardware/board.toml)")
    parser.add_argument("--timeout", type=float, metavar="S",
                        help="seconds to wait at each place before calling it dead "
                             "(default 20 with a board, 1 with --sim)")
    parser.add_argument("--only", action="append", metavar="KIND",
                        choices=("point", "bar", "tray", "square", "button"),
                        help="visit only places of this kind (repeatable)")
    parser.add_argument("--ignore", action="append", default=[], metavar="PLACE",
                        help="accept a fault at this place, e.g. 'point 7' or 'point 7 slot 2' (repeatable)")
    parser.add_argument("--fault", action="append", default=[], metavar="KIND:IDS",
                        help="with --sim: inject a wiring fault first, e.g. swap:20,21 dead:10 stuck:11 "
                             "chatter:42 (repeatable)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Walk the board (or check a saved calibration) and report."""
    from tablier.errors import TablierError
    from tablier.hardware.calibration import check_ignore_entries, load_calibration
    from tablier.hardware.layout import load_layout

    try:
        layout = load_layout(args.layout)
        unknown = check_ignore_entries(args.ignore, layout)
        if unknown:
            print(f"tablier calibrate: --ignore names no place of the board: {', '.join(unknown)} "
                  "(use e.g. 'point 7', 'point 7 slot 2', 'square 14', 'button 1')", file=sys.stderr)
            return 2
        faults = _parse_faults(args.fault, layout.switch_count)
        if faults and not args.sim:
            print("tablier calibrate: --fault only applies to the simulated board (--sim)", file=sys.stderr)
            return 2
        if args.check is not None:
            calibration = load_calibration(args.check, layout)
        else:
            calibration = _walk(args, layout, faults)
    except TablierError as error:
        print(f"tablier calibrate: {error}", file=sys.stderr)
        return 1
    return _report(calibration, layout, args)


def _parse_faults(entries: list[str], switch_count: int) -> list[tuple[str, list[int]]]:
    from tablier.errors import TablierError

    faults = []
    for entry in entries:
        kind, _, ids = entry.partition(":")
        try:
            switches = [int(part) for part in ids.split(",")]
        except ValueError:
            switches = []
        wanted = 2 if kind == "swap" else 1
        if kind not in FAULT_KINDS or len(switches) != wanted or \
                any(not 0 <= s < switch_count for s in switches):
            raise TablierError(f"--fault {entry!r}: expected one of swap:A,B dead:S stuck:S chatter:S "
                               f"with switch ids 0..{switch_count - 1}")
        faults.append((kind, switches))
    return faults


def _walk(args: argparse.Namespace, layout: Any, faults: list[tuple[str, list[int]]]) -> Any:
    from tablier.link.transport import board_session
    from tablier.play.calibrate import CalibrationWalk, ConsoleBuilder, SimulatedBuilder

    started = time.monotonic()
    if args.sim:
        from tablier.link.sim import SimulatedBoard

        with SimulatedBoard(layout) as board:
            for kind, switches in faults:
                if kind == "swap":
                    board.swap_wires(*switches)
                elif kind == "dead":
                    board.make_dead(switches[0])
                elif kind == "stuck":
                    board.make_stuck(switches[0])
                else:
                    board.make_chattering(switches[0])
            with board_session(board.port, layout.hash) as client:
                walk = CalibrationWalk(client, layout, SimulatedBuilder(board, layout),
                                       timeout_s=args.timeout or 1.0, kinds=args.only)
                calibration = walk.run()
    else:
        with board_session(args.port, layout.hash) as client:
            print(f"connected: firmware {client.identity.firmware_version if client.identity else '?'}, "
                  f"layout {layout.hash}")
            walk = CalibrationWalk(client, layout, ConsoleBuilder(), timeout_s=args.timeout or 20.0,
                                   kinds=args.only)
            calibration = walk.run()
    print(f"walked {len(walk.places()) + 1} places in {time.monotonic() - started:.1f} s")
    return calibration


def _report(calibration: Any, layout: Any, args: argparse.Namespace) -> int:
    from tablier.hardware.calibration import faults, is_ignored, save_calibration

    for switch_id, position in sorted(calibration.rewired.items()):
        place = layout.switch(switch_id).place
        print(f"corrected: {place} (switch {switch_id}) answers on chain position {position}")
    found = faults(calibration, layout)
    left = [fault for fault in found if not is_ignored(fault.switch, args.ignore)]
    for fault in found:
        note = " (ignored)" if fault not in left else ""
        print(f"fault: {fault}{note}")
    if args.out is not None and args.check is None:
        save_calibration(calibration, args.out)
        print(f"wrote {args.out}")
    if left:
        print(f"the board is NOT ready for a game: {len(left)} unresolved fault(s). Repair them and "
              "calibrate again, or accept a place with --ignore PLACE.", file=sys.stderr)
        return 1
    print(f"the board is ready for a game ({len(calibration.rewired)} wire(s) corrected, "
          f"{len(found)} fault(s) ignored)")
    return 0
