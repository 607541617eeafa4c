"""What a PCB house needs to assemble a board: its bill of materials and its placement (CPL) file.

Each board's parts come from its netlist and its layout; ``hardware/kicad/parts.csv`` says what each part
is as bought (by footprint and value): maker and manufacturer part number, the LCSC part number where
the house stocks it (or ``consign``: the maker sends the part), an alternate, and who fits it: the PCB
house (surface-mount parts: in the placement file), the maker by hand (the through-hole headers, the
Pico soldered flat), or nobody (wire pads).

:func:`assembly_files` writes, per board (from its board file: a board of ours, or a panel KiKit made of
one), the two files in JLCPCB's own format (its help centre: a BOM
of ``Comment, Designator, Footprint, LCSC Part #``; a CPL of ``Designator, Mid X, Mid Y, Layer,
Rotation``, millimetres from the origin the Gerbers share, counter-clockwise degrees):

- ``NAME-bom.csv``: one row per kind of part the house fits, its references, its LCSC part number, its
  maker's part number and an alternate;
- ``NAME-cpl.csv``: one row per part the house places: the centre of its pads in mm from the board's
  lower left corner (the Gerbers' origin: :mod:`tablier.fabrication.kicad_run` plots them from the
  board's auxiliary origin, which is that corner), and its rotation corrected for the house
  (:func:`house_rotation`).

Both are committed beside the board's Gerbers (``hardware/pcb/NAME/``); a test keeps them up to date and
:mod:`tablier.fabrication.house_check` checks them as the house would.
"""

from __future__ import annotations

import csv
import io
import math
import re
from dataclasses import dataclass
from functools import cache

from tablier.errors import TablierError
from tablier.fabrication.kicad_pcb import ref_key
from tablier.fabrication.sexpr import find, parse
from tablier.resources import project_path

PARTS_PATH = project_path("hardware/kicad/parts.csv")
HOUSE, HAND, NOTHING = "house", "hand", "nothing"
FITTED_BY = {HOUSE: "PCB house", HAND: "by hand", NOTHING: "nothing (wire pads)"}
#: An LCSC part number, or the word that says the maker sends the part to the house.
LCSC_NUMBER = re.compile(r"C\d+")
CONSIGN = "consign"
BOM_COLUMNS = ("Comment", "Designator", "Footprint", "LCSC Part #", "Manufacturer", "MPN", "Alternate MPN",
               "Alternate LCSC Part #")
CPL_COLUMNS = ("Designator", "Mid X", "Mid Y", "Layer", "Rotation")

#: What the house adds to KiCad's rotation of a footprint, by the start of its name (the first match
#: counts): KiCad draws a part with pin 1 at its top left, JLCPCB takes a part's zero as it lies on its
#: tape. The figures are the community's tables: JLCKicadTools' ``cpl_rotations_db.csv`` (SOT-23 180,
#: SOIC 270) and KiBot's ``DEFAULT_ROTATIONS`` (``kibot/misc.py``, after JLCKicadTools and the JLC plugin
#: for KiCad: polarised capacitors ``CP_EIA-`` 180, ``LED_WS2812B_PLCC4`` 180, ``LED_WS2812B-2020`` 90,
#: the HRO TYPE-C-31-M-12 receptacle 180). Two-terminal chips (0805) need none. The tables disagree on
#: the WS2812B-2020 (another public one adds 180): check the house's placement preview of the die board.
ROTATIONS: tuple[tuple[str, int], ...] = (
    ("SOT-23", 180),
    ("SOIC-", 270),
    ("CP_EIA-", 180),
    ("LED_WS2812B_PLCC4", 180),
    ("LED_WS2812B-2020_PLCC4", 90),
    ("USB_C_Receptacle_HRO_TYPE-C-31-M-12", 180),
)


@dataclass(frozen=True)
class Stock:
    """A part as bought: what it is, its maker and part numbers, an alternate, and who fits it."""

    description: str
    manufacturer: str
    mpn: str
    fitted: str  # HOUSE, HAND or NOTHING
    lcsc: str = ""  # an LCSC part number (C...), "consign", or "" where no house fits it
    lcsc_class: str = ""  # "basic" or "extended" (JLCPCB's fee for a kind of part), or "consign"
    alternate_mpn: str = ""
    alternate_lcsc: str = ""
    source: str = ""


class UnknownPart(TablierError):
    """A board has a part the catalogue does not know; the message names it."""


@cache
def catalogue() -> dict[tuple[str, str], Stock]:
    """``hardware/kicad/parts.csv``: every part as bought, by (footprint, value); "" as the value
    matches any value."""
    rows = csv.DictReader(PARTS_PATH.read_text(encoding="utf-8").splitlines())
    return {(row["footprint"], row["value"]): Stock(
        row["description"], row["manufacturer"], row["mpn"], row["fitted"], row["lcsc"], row["lcsc_class"],
        row["alternate_mpn"], row["alternate_lcsc"], row["source"]) for row in rows}


def stock_of(footprint: str, value: str) -> Stock:
    """What a placed part is as bought."""
    known = catalogue()
    stock = known.get((footprint, value)) or known.get((footprint, ""))
    if stock is None:
        raise UnknownPart(f"no part in the assembly catalogue for {footprint} {value!r} "
                          f"(hardware/kicad/parts.csv)")
    return stock


def house_rotation(lib_id: str, angle: float) -> float:
    """The rotation the house's placement file gives a part KiCad turns by ``angle`` (top side)."""
    name = lib_id.split(":", 1)[-1]
    extra = next((turn for start, turn in ROTATIONS if name.startswith(start)), 0)
    return (angle + extra) % 360


@dataclass(frozen=True)
class Placed:
    """A part as a board file places it: mm from the board's auxiliary origin (its lower left corner),
    Y up; its pads' centres likewise."""

    ref: str
    lib_id: str
    value: str
    x: float
    y: float
    angle: float
    bottom: bool
    pads: tuple[tuple[float, float], ...]

    @property
    def centre(self) -> tuple[float, float]:
        """The centre of its pads: its body's centre, which the house's machine picks."""
        xs = [x for x, _y in self.pads] or [self.x]
        ys = [y for _x, y in self.pads] or [self.y]
        return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


PANEL_BOARD = re.compile(r"Board_(\d+)-")  # KiKit's prefix of a panel's copies' nets


def placed_parts(text: str) -> list[Placed]:
    """Every footprint of a board file (ours, or a panel KiKit wrote), in reference order. On a panel,
    each copy's references get its board's number (``C1_7``), as the house needs them unique."""
    root = parse(text)
    setup = find(root, "setup")
    origin = find(setup, "aux_axis_origin") if setup else None
    ox, oy = (float(str(origin[1])), float(str(origin[2]))) if origin else (0.0, 0.0)
    found = []
    for node in root:
        if not (isinstance(node, list) and node[:1] == ["footprint"]):
            continue
        at = find(node, "at")
        layer = find(node, "layer")
        assert at is not None and layer is not None
        fx, fy = float(str(at[1])), float(str(at[2]))
        angle = float(str(at[3])) if len(at) > 3 else 0.0
        texts = {str(c[1]): str(c[2]) for c in node if isinstance(c, list) and c[:1] == ["fp_text"]}
        turn = math.radians(angle)
        pads, boards = [], set()
        for pad in node:
            if not (isinstance(pad, list) and pad[:1] == ["pad"]):
                continue
            where = find(pad, "at")
            net = find(pad, "net")
            assert where is not None
            px, py = float(str(where[1])), -float(str(where[2]))
            pads.append((round(fx - ox + px * math.cos(turn) - py * math.sin(turn), 4),
                         round(oy - fy + px * math.sin(turn) + py * math.cos(turn), 4)))
            copy = PANEL_BOARD.match(str(net[2])) if net is not None and len(net) > 2 else None
            if copy:
                boards.add(copy.group(1))
        ref = texts["reference"] + (f"_{int(min(boards, key=int)) + 1}" if boards else "")
        found.append(Placed(ref, str(node[1]), texts["value"], round(fx - ox, 4), round(oy - fy, 4), angle,
                            str(layer[1]).startswith("B."), tuple(pads)))
    return sorted(found, key=lambda part: ref_key_panel(part.ref))


def ref_key_panel(ref: str) -> tuple[str, int, int]:
    """Sort references as people do, a panel's copies in board order: ``R2``, ``R10``, ``C1_2``, ``C1_10``."""
    base, _, copy = ref.partition("_")
    letters, number = ref_key(base)
    return letters, number, int(copy or 0)


def assembly_files(name: str, text: str) -> dict[str, str]:
    """The ``NAME-bom.csv`` and ``NAME-cpl.csv`` of board file ``text``, in the house's format."""
    fitted = [part for part in placed_parts(text) if stock_of(part.lib_id, part.value).fitted == HOUSE]
    rows: dict[tuple[Stock, str], list[str]] = {}
    for part in fitted:
        key = (stock_of(part.lib_id, part.value), part.lib_id.split(":", 1)[1])
        rows.setdefault(key, []).append(part.ref)
    bom = io.StringIO()
    writer = csv.writer(bom, lineterminator="\n")
    writer.writerow(BOM_COLUMNS)
    for (stock, footprint), refs in rows.items():
        writer.writerow([stock.description, ",".join(refs), footprint, stock.lcsc, stock.manufacturer,
                         stock.mpn, stock.alternate_mpn, stock.alternate_lcsc])
    cpl = io.StringIO()
    writer = csv.writer(cpl, lineterminator="\n")
    writer.writerow(CPL_COLUMNS)
    for part in fitted:
        x, y = part.centre
        writer.writerow([part.ref, f"{x:.3f}", f"{y:.3f}", "Bottom" if part.bottom else "Top",
                         f"{house_rotation(part.lib_id, part.angle):g}"])
    return {f"{name}-bom.csv": bom.getvalue(), f"{name}-cpl.csv": cpl.getvalue()}


def hand_parts(text: str) -> list[tuple[str, Stock]]:
    """The parts of a board file the maker fits by hand, as (references, what), in reference order."""
    rows: dict[Stock, list[str]] = {}
    for part in placed_parts(text):
        stock = stock_of(part.lib_id, part.value)
        if stock.fitted == HAND:
            rows.setdefault(stock, []).append(part.ref)
    return [(",".join(refs), stock) for stock, refs in rows.items()]
