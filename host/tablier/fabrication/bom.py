"""The bill of materials (``hardware/bom.csv``): reading it, its total, and its agreement with the layout.

Each row says what to buy, how many, from whom and at what price, the basis of that price (most are
estimates, and say what of), and the sensor it belongs to (``hall``, ``reed``, or empty for both). The
quantities cannot drift from the design: every electronic part's count is recomputed from the boards'
netlists (:mod:`tablier.fabrication.assembly` names each part's manufacturer part number) times how many
of each board the layout needs, every board's from the layout, the men, magnets, windows and panel
parts from the layout, and the wire (in whole metres of each kind) from the wiring plan's harnesses
(:func:`tablier.fabrication.wiring.wire_totals`).
"""

from __future__ import annotations

import csv
import math
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

from tablier.errors import TablierError
from tablier.fabrication.assembly import HAND, HOUSE, stock_of
from tablier.fabrication.boards import board_counts, board_netlists
from tablier.fabrication.cutouts import cutouts
from tablier.fabrication.kicad_pcb import read_netlist
from tablier.fabrication.wiring import plan_path, read_plan, wire_totals
from tablier.hardware.layout import Layout
from tablier.hardware.mechanics import SENSOR_KINDS
from tablier.resources import project_path

DEFAULT_BOM_PATH = project_path("hardware/bom.csv")
COLUMNS = ("part", "package", "quantity", "supplier", "supplier_part_number", "unit_cost_usd", "cost_basis",
           "sensor")
#: Men on the board: 15 a side for the tables games (the draughts games use 12 a side of the same men).
MEN = 30
#: The magnet's row for each sensor, by the start of its part name.
MAGNETS = {"hall": "Y30 hard ferrite disc magnet", "reed": "N38 NdFeB ring magnet"}


class BomError(TablierError):
    """The BOM file is missing or malformed; the message says where."""


@dataclass(frozen=True)
class BomLine:
    """One row of the BOM."""

    part: str
    package: str
    quantity: int
    supplier: str
    supplier_part_number: str
    unit_cost_usd: Decimal
    cost_basis: str
    sensor: str  # "", "hall" or "reed"

    @property
    def cost_usd(self) -> Decimal:
        """Quantity times unit cost."""
        return self.quantity * self.unit_cost_usd


def read_bom(path: Path | None = None) -> tuple[BomLine, ...]:
    """Read the BOM; a malformed row is a :class:`BomError` naming its line."""
    source = DEFAULT_BOM_PATH if path is None else path
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as error:
        raise BomError(f"{source}: cannot read the BOM ({error.strerror})") from None
    reader = csv.DictReader(text.splitlines())
    if tuple(reader.fieldnames or ()) != COLUMNS:
        raise BomError(f"{source}: the header should be {','.join(COLUMNS)}")
    lines = []
    for row in reader:
        try:
            line = BomLine(
                part=row["part"], package=row["package"], quantity=int(row["quantity"]),
                supplier=row["supplier"], supplier_part_number=row["supplier_part_number"],
                unit_cost_usd=Decimal(row["unit_cost_usd"]), cost_basis=row["cost_basis"],
                sensor=row["sensor"])
        except (ValueError, InvalidOperation, TypeError):
            raise BomError(f"{source}, line {reader.line_num}: quantity must be an integer and "
                           f"unit_cost_usd a number") from None
        if line.sensor not in ("", *SENSOR_KINDS):
            raise BomError(f"{source}, line {reader.line_num}: sensor should be empty (both) or one of "
                           f"{', '.join(SENSOR_KINDS)}, not {line.sensor!r}")
        if not line.cost_basis:
            raise BomError(f"{source}, line {reader.line_num}: every price needs its cost_basis")
        lines.append(line)
    return tuple(lines)


def for_sensor(lines: tuple[BomLine, ...], sensor: str) -> tuple[BomLine, ...]:
    """The rows a board with this sensor needs: its own and those of both."""
    return tuple(line for line in lines if line.sensor in ("", sensor))


def bom_total(lines: tuple[BomLine, ...]) -> Decimal:
    """The cost of the rows in US dollars."""
    return sum((line.cost_usd for line in lines), Decimal(0))


def part_counts(layout: Layout, sensor: str) -> Counter[str]:
    """How many of each electronic part (by manufacturer part number) the boards need, and of each board
    (``pcb:NAME``; the chain boards together as ``pcb:chain-board``)."""
    counts = board_counts(layout, sensor)
    netlists = board_netlists(layout, only=tuple(f"{name}.net" for name in counts))
    parts: Counter[str] = Counter()
    for name, many in counts.items():
        for footprint, value, _pads in read_netlist(netlists[f"{name}.net"].text).values():
            stock = stock_of(footprint, value)
            if stock.fitted in (HOUSE, HAND):
                parts[stock.mpn] += many
        parts["pcb:chain-board" if name.startswith("chain-board-") else f"pcb:{name}"] += many
    return parts


def expected_quantities(layout: Layout, sensor: str) -> dict[str, int]:
    """Quantities the layout fixes: by manufacturer part number (every electronic part and board), and by
    the start of the BOM's part name (the men, their magnets, the panel parts and the windows)."""
    by_kind = Counter(s.kind for s in layout.switches)
    leds = Counter(led.kind for led in layout.leds)
    return {
        **part_counts(layout, sensor),
        "roll/done push button": by_kind["button"],
        "ball tilt switch": by_kind["face"],
        "status light pipe": leds["status"],
        "LED light window": leds["point"] + leds["bar"] + leds["tray"] + leds["square"],
        "dice pip window": leds["die"],
        MAGNETS[sensor]: MEN,
        "wooden man": MEN,
        **wire_metres(layout),
    }


def wire_metres(layout: Layout) -> dict[str, int]:
    """The metres of each kind of wire the harnesses take (the cutting list's, rounded up)."""
    items = cutouts(layout)
    totals = wire_totals(layout, items, read_plan(plan_path(layout)))
    return {wire: math.ceil(metres) for wire, metres in totals.items()}


def assembly_problems(lines: tuple[BomLine, ...], layout: Layout, sensor: str) -> list[str]:
    """The assembly fee's row against what the designs' orders come to
    (:mod:`tablier.fabrication.release`)."""
    from tablier.fabrication.release import assembly_total

    rows = [line for line in lines if line.supplier_part_number == f"assembly:{sensor}"]
    total = Decimal(f"{assembly_total(layout, project_path('hardware/pcb'), sensor):.2f}")
    if not rows:
        return [f"the {sensor} BOM has no row for the PCB assembly (assembly:{sensor}, {total} USD)"]
    if rows[0].cost_usd != total:
        return [f"the {sensor} BOM's PCB assembly costs {rows[0].cost_usd} USD; the designs' orders come to "
                f"{total} USD (tablier hardware release, hardware/release/orders.csv)"]
    return []


def bom_problems(lines: tuple[BomLine, ...], layout: Layout, sensor: str | None = None) -> list[str]:
    """Where the BOM's rows for a sensor (the layout's by default) disagree with the layout; empty when
    they agree."""
    kind = sensor or layout.mechanics.sensor
    mine = for_sensor(lines, kind)
    problems = assembly_problems(mine, layout, kind)
    for key, quantity in expected_quantities(layout, kind).items():
        by_number = [line for line in mine if line.supplier_part_number.split(" (")[0] == key]
        matching = by_number or [line for line in mine if line.part.startswith(key)]
        listed = sum(line.quantity for line in matching)
        if not matching:
            problems.append(f"the {kind} BOM has no row for {key!r} ({quantity} needed)")
        elif listed != quantity:
            problems.append(f"the {kind} BOM lists {listed} x {key!r}; the layout needs {quantity}")
    return problems
