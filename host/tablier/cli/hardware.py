"""``tablier hardware``: check the board layout and generate what is built from it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tablier.words import counted

DEFAULT_OUT = Path("build/hardware")
DEFAULT_TEMPLATES = Path("build/hardware/templates")
DEFAULT_PCB = Path("build/hardware/pcb")
DEFAULT_RELEASE = Path("build/hardware/release")


def register(subparsers: Any) -> None:
    """Add the ``hardware`` subcommand and its actions."""
    parser = subparsers.add_parser("hardware", help="check the board layout and generate from it",
                                   description="Check hardware/board.toml and generate the firmware's "
                                               "constants, the netlist and the drawings from it.")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    def action(name: str, help_text: str, func: Any, out: Path | None = None) -> argparse.ArgumentParser:
        sub = actions.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("--layout", type=Path, metavar="PATH",
                         help="the layout file (default: the repository's hardware/board.toml)")
        if out is not None:
            sub.add_argument("--out", type=Path, metavar="DIR", default=out,
                             help=f"the directory to write into (default: {out})")
        sub.set_defaults(func=_with_extras(name, func))
        parser: argparse.ArgumentParser = sub
        return parser

    check = action("check", "validate the layout and print its hash", run_check)
    check.add_argument("--skin", type=_millimetres, metavar="MM",
                       help="check the slab on skins measured this thick (instead of the stock's range)")
    check.add_argument("--core", type=_millimetres, metavar="MM",
                       help="check the slab on a core measured this thick (instead of the stock's range)")
    action("hash", "print the layout's hash (as the firmware reports it)", run_hash)
    action("firmware-config", "write the firmware's board_config.py", run_firmware_config,
           out=DEFAULT_OUT)
    draw = action("draw", "write the drawings of both faces and of the wiring (SVG)", run_draw,
                  out=DEFAULT_OUT)
    draw.add_argument("--png", action="store_true", help="also render PNGs (needs rsvg-convert)")
    templates = action("templates", "write the 1:1 drilling templates of both faces (SVG, tiled A4 and "
                       "A3 PDFs) and the CSV of every hole", run_templates, out=DEFAULT_TEMPLATES)
    templates.add_argument("--no-pdf", action="store_true", help="write only the SVGs and the CSV")
    pcb = action("pcb", "write the carriers' KiCad boards, have KiCad check them (DRC) and plot their "
                 "Gerbers and drill files, and draw each from its Gerbers", run_pcb, out=DEFAULT_PCB)
    pcb.add_argument("--png", action="store_true", help="also render the pictures as PNG (rsvg-convert)")
    pcb.add_argument("--pictures", type=Path, metavar="DIR",
                     help="write the pictures there instead (the repository keeps them in docs/hardware)")
    release = action("release", "make the panels of the small and the long boards (KiKit), then write one "
                     "zip per ordered design with its fabrication note, and orders.csv with the quantities "
                     "and the assembly fees", run_release, out=DEFAULT_RELEASE)
    release.add_argument("--pcb", type=Path, metavar="DIR",
                         help="the boards' folder, where the panels are written too (default: the "
                              "repository's hardware/pcb)")
    release.add_argument("--no-panels", action="store_true",
                         help="keep the panels already in the boards' folder (KiKit takes a minute each)")
    house = action("house-check", "check the release as the PCB house takes it: one zip per design with "
                   "every layer, the BOM's part numbers, the CPL's columns, rotations and origin",
                   run_house_check)
    house.add_argument("--release", type=Path, metavar="DIR",
                       help="the release's folder (default: the repository's hardware/release)")
    house.add_argument("--pcb", type=Path, metavar="DIR",
                       help="the boards' folder (default: the repository's hardware/pcb)")
    wiring = action("wiring", "route the wiring's channels through the core and write its plan "
                    "(DIR/wiring.csv, which the check reads beside the layout file); takes a minute",
                    run_wiring)
    wiring.add_argument("--out", type=Path, metavar="DIR",
                        help="the directory to write into (default: the layout file's, hardware/)")
    capture = action("capture", "print where a man is seen by the sensors, and what it leaves at its "
                     "neighbours", run_capture)
    capture.add_argument("--sensor", choices=("hall", "reed"),
                         help="the sensor to analyse (default: the layout's, mechanics.sensor.kind)")
    capture.add_argument("--coupon", type=Path, metavar="FILE",
                         help="a coupon's record (tablier hardware coupon): its margins beside the "
                              "datasheet's")
    coupon = action("coupon", "measure the coupon's sensors with the board's firmware: where each closes and "
                    "opens; record the margins (FILE, default: beside the layout, mechanics.sensor.coupon)",
                    run_coupon)
    source = coupon.add_mutually_exclusive_group(required=True)
    source.add_argument("--port", help="the board's serial port (e.g. /dev/ttyACM0), the coupon's carriers "
                                       "plugged into its chain boards")
    source.add_argument("--sim", action="store_true",
                        help="measure on the simulated board, a simulated maker moving the man")
    coupon.add_argument("--out", type=Path, metavar="FILE", help="where to write the record")
    coupon.add_argument("--sensor", choices=("hall", "reed"),
                        help="the coupon's sensor (default: the layout's, mechanics.sensor.kind)")
    bom = action("bom", "print the bill of materials, check it against the layout, and total it", run_bom)
    bom.add_argument("--sensor", choices=("hall", "reed"),
                     help="the sensor whose BOM to print (default: the layout's, mechanics.sensor.kind)")
    netlist = action("netlist", "write the KiCad netlist (SKiDL) after an electrical rules check",
                     run_netlist, out=DEFAULT_OUT)
    netlist.add_argument("--boards", action="store_true",
                         help="also write one netlist per board (carriers, chain boards, main board, "
                              "LED module) into DIR/boards")


def _with_extras(name: str, func: Any) -> Any:
    """``func``, saying in one line which extra to install when a package it needs is missing."""

    def run(args: argparse.Namespace) -> int:
        from tablier.extras import MissingExtra

        try:
            status: int = func(args)
        except MissingExtra as error:
            print(f"tablier hardware {name}: {error}", file=sys.stderr)
            return 2
        return status

    return run


def _millimetres(text: str) -> float:
    """A sheet's measured thickness: a positive number of millimetres."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of millimetres") from None
    if not 0 < value < 100:
        raise argparse.ArgumentTypeError(f"{text} mm is not a sheet's thickness")
    return value


def run_check(args: argparse.Namespace) -> int:
    """Validate the layout; exit 1 listing every problem. With measured sheets (``--skin``, ``--core``),
    check the slab on them and say what still fits."""
    from tablier.fabrication.check import find_problems
    from tablier.hardware.layout import LayoutError, read_layout

    try:
        layout = read_layout(args.layout)
    except LayoutError as error:
        print(f"tablier hardware: {error}", file=sys.stderr)
        return 1
    measured = args.skin is not None or args.core is not None
    if measured:
        from tablier.fabrication.stock import what_still_fits, with_sheets

        layout = with_sheets(layout, args.skin, args.core)
        problems = find_problems(layout, stock=False)
        if not any(p.startswith(("mechanics.", "layout")) for p in problems):
            for line in what_still_fits(layout):
                print(f"{layout.source}: {line}")
    else:
        problems = find_problems(layout)
    if problems:
        for problem in problems:
            print(f"{layout.source}: {problem}", file=sys.stderr)
        print(f"{layout.source}: {len(problems)} problem(s); the layout is not usable", file=sys.stderr)
        return 1
    sheets = (f" on a {layout.mechanics.skin:g} mm skin and a {layout.mechanics.core:g} mm core" if measured
              else "")
    print(f"{layout.source}: ok{sheets}: {layout.switch_count} switches on {layout.chips} 74HCS165s, "
          f"{layout.led_count} LEDs; hash {layout.hash}")
    return 0


def run_hash(args: argparse.Namespace) -> int:
    """Print the hash of a layout whose electrical part is sound (what the firmware is built for)."""
    layout = _load(args, whole=False)
    if layout is None:
        return 1
    print(layout.hash)
    return 0


def run_firmware_config(args: argparse.Namespace) -> int:
    """Write board_config.py for the firmware."""
    from tablier.hardware.firmware_config import write_firmware_config

    layout = _load(args, whole=False)
    if layout is None:
        return 1
    path = write_firmware_config(layout, args.out)
    print(f"wrote {path} (layout hash {layout.hash})")
    return 0


def run_bom(args: argparse.Namespace) -> int:
    """Print the BOM of a sensor and its total; exit 1 if it disagrees with the layout."""
    from tablier.fabrication.bom import (
        DEFAULT_BOM_PATH,
        BomError,
        bom_problems,
        bom_total,
        for_sensor,
        read_bom,
    )

    layout = _load(args, wiring=False)  # the BOM does not depend on the wires' routes
    if layout is None:
        return 1
    sensor = args.sensor or layout.mechanics.sensor
    try:
        lines = for_sensor(read_bom(), sensor)
    except BomError as error:
        print(f"tablier hardware: {error}", file=sys.stderr)
        return 1
    for line in lines:
        estimate = "*" if line.cost_basis.startswith("estimate") else " "
        print(f"{line.quantity:>4} x {line.part[:58]:<58} {line.unit_cost_usd:>6}{estimate} "
              f"{line.cost_usd:>8.2f}")
    print(f"total for one board with {sensor} sensors: {bom_total(lines):.2f} USD ({len(lines)} lines, "
          f"{DEFAULT_BOM_PATH.name}; * an estimate, its basis in the file's cost_basis)")
    problems = bom_problems(lines, layout, sensor)
    for problem in problems:
        print(f"tablier hardware: {problem}", file=sys.stderr)
    return 1 if problems else 0


def run_netlist(args: argparse.Namespace) -> int:
    """Build the schematic, run the ERC, write the netlist; exit 1 if the ERC finds errors."""
    from tablier.fabrication.netlist import build_netlist

    layout = _load(args)
    if layout is None:
        return 1
    netlist = build_netlist(layout)
    for message in netlist.erc_errors:
        print(f"ERC error: {message}", file=sys.stderr)
    for message in netlist.erc_warnings:
        print(f"ERC warning: {message}", file=sys.stderr)
    path = netlist.write(args.out)
    print(f"wrote {path}: {netlist.parts} parts, {netlist.nets} nets; ERC: "
          f"{counted(len(netlist.erc_errors), 'error')}, {counted(len(netlist.erc_warnings), 'warning')}")
    failed = bool(netlist.erc_errors)
    if args.boards:
        from tablier.fabrication.boards import board_netlists

        folder = args.out / "boards"
        folder.mkdir(parents=True, exist_ok=True)
        for name, board in board_netlists(layout).items():
            for message in (*board.erc_errors, *board.erc_warnings):
                print(f"{name}: ERC: {message}", file=sys.stderr)
            (folder / name).write_text(board.text, encoding="utf-8")
            print(f"wrote {folder / name}: {board.parts} parts, {board.nets} nets; ERC: "
                  f"{counted(len(board.erc_errors), 'error')}, {counted(len(board.erc_warnings), 'warning')}")
            failed = failed or bool(board.erc_errors)
    return 1 if failed else 0


def run_draw(args: argparse.Namespace) -> int:
    """Write the drawings generated from the layout."""
    from tablier.fabrication.drawings import write_drawings

    return _write_files(args, lambda layout: write_drawings(layout, args.out, png=args.png))


def run_templates(args: argparse.Namespace) -> int:
    """Write the drilling templates and the hole CSV generated from the layout."""
    from tablier.fabrication.templates import write_templates

    return _write_files(args, lambda layout: write_templates(layout, args.out, pdf=not args.no_pdf))


def _write_files(args: argparse.Namespace, write: Any) -> int:
    """Load the layout, ``write(layout)`` the files made from it and say each one; 1 on an error."""
    from tablier.errors import TablierError

    layout = _load(args)
    if layout is None:
        return 1
    try:
        paths = write(layout)
    except TablierError as error:
        print(f"tablier hardware: {error}", file=sys.stderr)
        return 1
    for path in paths:
        print(f"wrote {path}")
    return 0


def run_pcb(args: argparse.Namespace) -> int:
    """Write the boards' KiCad files; KiCad checks them and plots their Gerbers and drill files."""
    from tablier.errors import TablierError
    from tablier.fabrication.pcbs import write_pcbs

    layout = _load(args)
    if layout is None:
        return 1
    try:
        paths, checked = write_pcbs(layout, args.out, args.pictures, png=args.png)
    except TablierError as error:
        print(f"tablier hardware: {error}", file=sys.stderr)
        return 1
    for path in paths:
        print(f"wrote {path}")
    failed = False
    for board in checked:
        print(f"{board.board}: KiCad DRC: {board.violations} violations, "
              f"{board.unconnected} unconnected pads")
        failed = failed or board.violations != 0 or board.unconnected != 0
    return 1 if failed else 0


def run_release(args: argparse.Namespace) -> int:
    """Make the panels, then the zips, fabrication notes and orders."""
    from tablier.errors import TablierError
    from tablier.fabrication.pcbs import write_panels
    from tablier.fabrication.release import assembly_total, write_release
    from tablier.resources import project_path

    layout = _load(args)
    if layout is None:
        return 1
    pcb_dir = args.pcb or project_path("hardware/pcb")
    failed = False
    try:
        if not args.no_panels:
            paths, checked = write_panels(pcb_dir)
            for path in paths:
                print(f"wrote {path}")
            for board in checked:
                print(f"{board.board}: KiCad DRC: {board.violations} violations, "
                      f"{board.unconnected} unconnected pads")
                failed = failed or board.violations != 0 or board.unconnected != 0
        for path in write_release(layout, pcb_dir, args.out):
            print(f"wrote {path}")
    except TablierError as error:
        print(f"tablier hardware: {error}", file=sys.stderr)
        return 1
    for sensor in ("hall", "reed"):
        total = assembly_total(layout, pcb_dir, sensor)
        print(f"assembly fees for a board with {sensor} sensors: {total:.2f} USD "
              f"({args.out / 'orders.csv'})")
    return 1 if failed else 0


def run_house_check(args: argparse.Namespace) -> int:
    """Check the release as the PCB house takes it; exit 1 listing every problem."""
    from tablier.fabrication.house_check import house_problems
    from tablier.resources import project_path

    release = args.release or project_path("hardware/release")
    problems = house_problems(release, args.pcb or project_path("hardware/pcb"))
    for problem in problems:
        print(f"tablier hardware house-check: {problem}", file=sys.stderr)
    if problems:
        print(f"{release}: {len(problems)} problem(s): the house would not take these files as they are",
              file=sys.stderr)
        return 1
    print(f"{release}: ok: every design's zip, BOM and CPL as the house takes them")
    return 0


def run_wiring(args: argparse.Namespace) -> int:
    """Route the wiring and write its plan."""
    from tablier.errors import TablierError
    from tablier.fabrication.cutouts import cutouts
    from tablier.fabrication.wiring import plan_path, wire_totals, write_wiring

    layout = _load(args, wiring=False)
    if layout is None:
        return 1
    try:
        path, plan = write_wiring(layout, cutouts(layout), args.out or plan_path(layout).parent)
    except TablierError as error:
        print(f"tablier hardware: {error}", file=sys.stderr)
        return 1
    harnesses = len({segment.harness for segment in plan})
    totals = wire_totals(layout, cutouts(layout), plan)
    print(f"wrote {path}: {harnesses} harnesses, " + ", ".join(f"{metres:.1f} m of {wire}"
                                                              for wire, metres in totals.items()))
    return 0


def run_capture(args: argparse.Namespace) -> int:
    """Print the capture analysis of the layout's magnet and sensors (and a coupon's margins)."""
    from tablier.fabrication.capture import capture_problems, capture_report
    from tablier.fabrication.coupon import CouponError, read_record

    layout = _load(args)
    if layout is None:
        return 1
    measured = None
    if args.coupon is not None:
        try:
            record = read_record(args.coupon)
        except CouponError as error:
            print(f"tablier hardware: {error}", file=sys.stderr)
            return 1
        if record.sensor != (args.sensor or layout.mechanics.sensor):
            print(f"tablier hardware: {args.coupon} measured the {record.sensor} sensors: add --sensor "
                  f"{record.sensor}", file=sys.stderr)
            return 1
        measured = record.thresholds
    print(capture_report(layout, args.sensor, measured), end="")
    return 1 if capture_problems(layout) else 0


def run_coupon(args: argparse.Namespace) -> int:
    """Walk the maker through the coupon's scales with the board's firmware and record what it measured."""
    from tablier.errors import TablierError
    from tablier.fabrication.coupon import record_path

    layout = _load(args, wiring=False)  # the BOM does not depend on the wires' routes
    if layout is None:
        return 1
    sensor = args.sensor or layout.mechanics.sensor
    out = args.out or record_path(layout) or (layout.source.parent / layout.mechanics.coupon if layout.source
                                              else Path(layout.mechanics.coupon))
    try:
        record = _measure_coupon(args, layout, sensor)
    except (TablierError, KeyboardInterrupt, EOFError) as error:
        why = "stopped" if isinstance(error, KeyboardInterrupt | EOFError) else str(error)
        print(f"tablier hardware coupon: {why}; nothing was recorded", file=sys.stderr)
        return 1
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(record.to_json(), encoding="utf-8")
    from tablier.fabrication.capture import capture_report

    print(capture_report(layout, sensor, record.thresholds), end="")
    print(f"wrote {out}: the check takes these thresholds instead of the datasheets' once it lies beside the "
          "layout (mechanics.sensor.coupon)")
    from tablier.fabrication.capture import capture_results

    short = [r for r in capture_results(layout, sensor, record.thresholds) if not r.ok]
    for result in short:
        print(f"short of the margin: {result.case.what}: {result.margin:.2f}x", file=sys.stderr)
    return 1 if short else 0


def _measure_coupon(args: argparse.Namespace, layout: Any, sensor: str) -> Any:
    """Connect to the board (or the simulated one), walk the coupon, and make its record."""
    from tablier.fabrication.coupon import Record, measured
    from tablier.fabrication.coupon_walk import ConsoleMaker, CouponWalk, SimulatedMaker
    from tablier.link.transport import board_session

    if args.sim:
        from tablier.link.sim import SimulatedBoard

        with SimulatedBoard(layout) as board, board_session(board.port, layout.hash) as client:
            places = {"ladder": layout.switch_at("point", 1, 3).id, "row": layout.switch_at("square", 1).id}
            maker = SimulatedMaker(board, layout, places, sensor, write=print, client=client)
            transitions = CouponWalk(client, layout, maker, sensor, settle_s=0.08, timeout_s=2.0).run()
    else:
        with board_session(args.port, layout.hash) as client:
            transitions = CouponWalk(client, layout, ConsoleMaker(), sensor).run()
    return Record(sensor, layout.mechanics.skin, layout.mechanics.magnets[sensor].part, 1, tuple(transitions),
                  measured(layout, sensor, transitions))


def _load(args: argparse.Namespace, whole: bool = True, wiring: bool = True) -> Any:
    """The layout after the whole check (electrical and mechanical; ``whole=False``: the electrical
    part, all the firmware is built for), or None after printing why it cannot be used."""
    from tablier.hardware.layout import LayoutError, load_layout

    try:
        if not whole:
            return load_layout(args.layout)
        from tablier.fabrication.check import load_checked_layout

        return load_checked_layout(args.layout, wiring)
    except LayoutError as error:
        print(f"tablier hardware: {error}", file=sys.stderr)
        print("run `tablier hardware check` for the full list", file=sys.stderr)
        return None
