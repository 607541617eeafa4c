"""What a maker sends the PCB house, one zip per design, with its fabrication note and the order's cost.

:func:`write_release` writes, from the boards' committed files (``hardware/pcb/NAME/``) and the layout:

- ``NAME.zip`` for every design ordered as it is (a board, or the panel a small or long board is ordered
  in: :mod:`tablier.fabrication.panels`): its Gerbers, drill file and Gerber job file as KiCad plotted
  them, and ``NAME-fab.txt``, its fabrication note (size, layers, thickness, quantities for each sensor
  option, how the panel is cut, the assembly's files, the parts the maker sends or fits by hand);
- ``orders.csv``: each design, for each sensor option, how many boards the build needs, how many to
  order and to have assembled, and the house's assembly fee for them (:func:`assembly_fee`).

The zips are written with a fixed date and order, so that the same files give the same zip.
:mod:`tablier.fabrication.house_check` checks them and the BOM and placement files as the house would.
"""

from __future__ import annotations

import csv
import io
import json
import math
import zipfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from tablier.fabrication.assembly import CONSIGN, HAND, HOUSE, placed_parts, stock_of
from tablier.fabrication.panels import PANELS, RAIL_MM
from tablier.hardware.layout import Layout
from tablier.hardware.mechanics import SENSOR_KINDS

ZIP_DATE = (2026, 1, 1, 0, 0, 0)
#: JLCPCB makes at least five of a board, and assembles at least two.
FAB_LEAST, ASSEMBLY_LEAST = 5, 2
#: JLCPCB's assembly fees (USD), as the KiCad JLCPCB tools' estimator keeps them (Bouni/kicad-jlcpcb-tools,
#: ``bom_estimation/pricing.py``): economic assembly's set-up and stencil a design, a fee for each kind of
#: extended part, a fee for each solder joint; standard assembly's set-up and stencil and a fee for every
#: kind of part. A consigned part is counted as a kind of extended part (the house loads a feeder for it).
ECONOMIC_SETUP, ECONOMIC_STENCIL, EXTENDED_KIND, JOINT = 8.12, 1.52, 3.04, 0.0016
STANDARD_SETUP, STANDARD_STENCIL, STANDARD_KIND = 25.4, 7.8, 1.52
#: The longest board economic assembly is assumed to take (mm): an assumption to confirm on the house's
#: order page; a longer design is priced at standard assembly's rates.
ECONOMIC_MAX_MM = 250.0
ORDERS_COLUMNS = ("design", "sensor", "boards_needed", "boards_per_panel", "order", "assemble", "zip", "bom",
                  "cpl", "assembly_fee_usd")


@dataclass(frozen=True)
class Order:
    """One design's order for one sensor option."""

    design: str
    sensor: str
    needed: int  # boards the build needs
    per_panel: int  # boards a panel holds (1: ordered as single boards)
    order: int  # boards or panels to have made
    assemble: int  # boards or panels to have assembled
    fee: float  # the assembly fee (USD)


def design_needs(layout: Layout, sensor: str) -> dict[str, int]:
    """How many boards of each board design a build with this sensor needs (the chain boards alike but for
    their silkscreen counted together)."""
    from tablier.fabrication.boards import board_counts, chain_designs

    counts = board_counts(layout, sensor)
    needs = {name: many for name, many in counts.items() if not name.startswith("chain-board-")}
    for design in chain_designs(layout):
        needs[design.name] = len(design.boards)
    return needs


def ordered_design(board: str) -> str:
    """The design a board is ordered as: its panel's, or its own."""
    return PANELS[board].name if board in PANELS else board


def board_size(text: str) -> tuple[float, float]:
    """A board file's outline size (mm): the extent of its Edge.Cuts drawings."""
    from tablier.fabrication.sexpr import find, parse

    xs, ys = [], []
    for node in parse(text):
        if isinstance(node, list) and node[:1] in (["gr_line"], ["gr_circle"], ["gr_arc"], ["gr_rect"]):
            layer = find(node, "layer")
            if layer is None or str(layer[1]) != "Edge.Cuts":
                continue
            start, end = find(node, "start") or find(node, "center"), find(node, "end")
            assert start is not None and end is not None
            points = [(float(str(p[1])), float(str(p[2]))) for p in (start, end)]
            if node[0] == "gr_circle":
                (cx, cy), (ex, ey) = points
                r = math.dist((cx, cy), (ex, ey))
                points = [(cx - r, cy - r), (cx + r, cy + r)]
            xs += [x for x, _y in points]
            ys += [y for _x, y in points]
    return round(max(xs) - min(xs), 3), round(max(ys) - min(ys), 3)


def assembly_fee(text: str, assembled: int) -> float:
    """The house's fee for assembling ``assembled`` copies of a board file (a board or a panel)."""
    parts = [part for part in placed_parts(text) if stock_of(part.lib_id, part.value).fitted == HOUSE]
    if not parts:
        return 0.0
    kinds = {stock_of(p.lib_id, p.value) for p in parts}
    joints = sum(len(p.pads) for p in parts) * assembled
    if max(board_size(text)) > ECONOMIC_MAX_MM:
        return round(STANDARD_SETUP + STANDARD_STENCIL + STANDARD_KIND * len(kinds) + JOINT * joints, 2)
    extended = sum(1 for stock in kinds if stock.lcsc_class in ("extended", CONSIGN))
    return round(ECONOMIC_SETUP + ECONOMIC_STENCIL + EXTENDED_KIND * extended + JOINT * joints, 2)


def orders(layout: Layout, pcb_dir: Path) -> list[Order]:
    """Every design's order, for each sensor option (a design both need is listed for each)."""
    found = []
    for sensor in SENSOR_KINDS:
        for board, needed in design_needs(layout, sensor).items():
            per_panel = PANELS[board].copies if board in PANELS else 1
            design = ordered_design(board)
            made = math.ceil(needed / per_panel)
            text = (pcb_dir / design / f"{design}.kicad_pcb").read_text(encoding="utf-8")
            assemble = max(made, ASSEMBLY_LEAST) if any(
                stock_of(p.lib_id, p.value).fitted == HOUSE for p in placed_parts(text)) else 0
            found.append(Order(design, sensor, needed, per_panel, max(made, FAB_LEAST), assemble,
                               assembly_fee(text, assemble)))
    return found


def fab_note(design: str, text: str, job: dict[str, object], its_orders: list[Order]) -> str:
    """A design's fabrication note: what to ask the house for, and what the maker does after."""
    width, height = board_size(text)
    specs = job["GeneralSpecs"]
    assert isinstance(specs, dict)
    stocks = [stock_of(p.lib_id, p.value) for p in placed_parts(text)]
    house = Counter(stock for stock in stocks if stock.fitted == HOUSE)
    hand = Counter(stock for stock in stocks if stock.fitted == HAND)
    panel = next((p for p in PANELS.values() if p.name == design), None)
    lines = [f"Tablier {design}: fabrication and assembly note",
             "(generated by `tablier hardware release` from hardware/pcb/; do not edit)", "",
             f"Board: {width:g} x {height:g} mm, 2 copper layers, {specs['BoardThickness']:g} mm FR-4, 1 oz "
             "copper, any surface finish (HASL lead free is enough), any solder mask colour, white "
             "silkscreen."]
    if panel is not None:
        how = ("mouse bites (0.5 mm holes) on 2 mm tabs" if panel.cuts == "mousebites" else
               f"V-cuts along the strips' edges, drawn in {design}-Cmts_User.gbr (the lines marked V-CUT)")
        holder = "a frame" if panel.framing == "frame" else "rails along its long edges"
        lines.append(f"Panel: {panel.rows} x {panel.cols} {panel.board} boards on {holder} of {RAIL_MM:g} mm "
                     f"with 3 tooling holes (1.152 mm) and 3 fiducials; cut apart by {how}. Order it as a "
                     "panel made by the customer.")
    lines += [f"Files: {design}-*.gbr (Gerber, KiCad 6, mm, from the board's lower left corner), "
              f"{design}.drl (Excellon, plated and unplated holes together), {design}-job.gbrjob (the "
              "Gerber job file).", ""]
    unit, board = ("panels", panel.board) if panel is not None else ("boards", design)
    for order in its_orders:
        each = f" ({order.per_panel} a panel)" if panel is not None else ""
        lines.append(f"Quantity, {order.sensor} option: the build needs {order.needed} {board}{each}: order "
                     f"{order.order} {unit} (the house's least is {FAB_LEAST}), have {order.assemble} "
                     f"assembled (its least is {ASSEMBLY_LEAST}).")
    assembled = max((order.assemble for order in its_orders), default=0)
    lines.append("")
    if house:
        lines.append(f"Assembly, top side: upload hardware/pcb/{design}/{design}-bom.csv (BOM) and "
                     f"{design}-cpl.csv (placement: the Gerbers' origin, rotations corrected for the house's "
                     "reels; check its preview's pin 1 marks before paying). The house fits:")
        for stock, many in sorted(house.items(), key=lambda item: item[0].mpn):
            source = (f"consigned: send the house {many * assembled} ({many} x {assembled} assembled) and "
                      "a few spares" if stock.lcsc_class == CONSIGN else
                      f"LCSC {stock.lcsc} ({stock.lcsc_class})")
            lines.append(f"  {many} x {stock.mpn} ({stock.description}): {source}; alternate "
                         f"{stock.alternate_mpn}")
    else:
        lines.append("Assembly: none (nothing for the house to fit).")
    if hand:
        lines.append("You fit after delivery (build guide, step 4):")
        lines += [f"  {many} x {stock.mpn} ({stock.description})"
                  for stock, many in sorted(hand.items(), key=lambda item: item[0].mpn)]
    return "\n".join(lines) + "\n"


def _zip(files: dict[str, bytes]) -> bytes:
    """A zip of ``files`` in name order, each dated :data:`ZIP_DATE`."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name])
    return out.getvalue()


def fabrication_files(folder: Path) -> list[Path]:
    """A design's files the house makes the board from: its Gerbers, drill file and Gerber job file."""
    return sorted(p for p in folder.iterdir() if p.suffix in (".gbr", ".drl", ".gbrjob"))


def release_files(layout: Layout, pcb_dir: Path) -> dict[str, bytes]:
    """Every file of the release by name: each ordered design's zip, and ``orders.csv``."""
    all_orders = orders(layout, pcb_dir)
    written: dict[str, bytes] = {}
    for design in dict.fromkeys(order.design for order in all_orders):
        folder = pcb_dir / design
        text = (folder / f"{design}.kicad_pcb").read_text(encoding="utf-8")
        files = {path.name: path.read_bytes() for path in fabrication_files(folder)}
        job = json.loads(files[f"{design}-job.gbrjob"])
        its = [order for order in all_orders if order.design == design]
        files[f"{design}-fab.txt"] = fab_note(design, text, job, its).encode()
        written[f"{design}.zip"] = _zip(files)
    table = io.StringIO()
    writer = csv.writer(table, lineterminator="\n")
    writer.writerow(ORDERS_COLUMNS)
    for order in all_orders:
        stem = f"hardware/pcb/{order.design}/{order.design}"
        writer.writerow([order.design, order.sensor, order.needed, order.per_panel, order.order,
                         order.assemble, f"hardware/release/{order.design}.zip", f"{stem}-bom.csv",
                         f"{stem}-cpl.csv", f"{order.fee:.2f}"])
    written["orders.csv"] = table.getvalue().encode()
    return written


def assembly_total(layout: Layout, pcb_dir: Path, sensor: str) -> float:
    """The house's assembly fees for a whole build with this sensor (USD)."""
    return round(sum(order.fee for order in orders(layout, pcb_dir) if order.sensor == sensor), 2)


def write_release(layout: Layout, pcb_dir: Path, out: Path) -> list[Path]:
    """Write the release into ``out``; returns the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, data in release_files(layout, pcb_dir).items():
        (out / name).write_bytes(data)
        paths.append(out / name)
    return paths
