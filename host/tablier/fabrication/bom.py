"""The bill of materials (``hardware/bom.csv``): reading it, its total, and its agreement with the layout.

The quantities of the parts that the layout determines (chips, reeds, LEDs, buttons, capacitors) are
recomputed from the layout, so the BOM cannot drift from ``hardware/board.toml``.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

from tablier.errors import TablierError
from tablier.fabrication.boards import carriers, chain_boards
from tablier.hardware.layout import LADDER_KINDS, Layout
from tablier.resources import project_path

DEFAULT_BOM_PATH = project_path("hardware/bom.csv")
COLUMNS = ("part", "package", "quantity", "supplier", "supplier_part_number", "unit_cost_usd")
#: Men on the board: 15 a side for the tables games (the draughts games use 12 a side of the same men).
MEN = 30


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
            lines.append(BomLine(
                part=row["part"], package=row["package"], quantity=int(row["quantity"]),
                supplier=row["supplier"], supplier_part_number=row["supplier_part_number"],
                unit_cost_usd=Decimal(row["unit_cost_usd"])))
        except (ValueError, InvalidOperation, TypeError):
            raise BomError(f"{source}, line {reader.line_num}: quantity must be an integer and "
                              f"unit_cost_usd a number") from None
    return tuple(lines)


def bom_total(lines: tuple[BomLine, ...]) -> Decimal:
    """The cost of one board in US dollars."""
    return sum((line.cost_usd for line in lines), Decimal(0))


def expected_quantities(layout: Layout) -> dict[str, int]:
    """Quantities the layout fixes, by the start of the BOM's part name."""
    sensors = sum(1 for s in layout.switches if s.kind in (*LADDER_KINDS, "square"))
    contacts = sum(1 for s in layout.switches if s.kind in ("button", "face"))
    strips = [len(c.switches) for c in carriers(layout)]
    boards = len(chain_boards(layout))
    return {
        "JST-PH 8-pin": strips.count(6),
        "JST-PH 6-pin": strips.count(4),
        "JST-PH 5-pin": 2 * boards - 1,  # in and out on each chain board, the last one in only
        "74HCS165": layout.chips,
        "DRV5032FA": sensors,
        # one per chip, per LED, per Hall switch, for the level shifter and the LED rail switch
        "100 nF": layout.chips + layout.led_count + sensors + 2,
        "10k resistor": contacts,
        "JST-PH 2-pin": contacts,
        "roll/done push button": sum(1 for s in layout.switches if s.kind == "button"),
        "ball tilt switch": sum(1 for s in layout.switches if s.kind == "face"),
        "WS2812B": layout.led_count,
        "ferrite disc magnet": MEN,
        "wooden man": MEN,
    }


def bom_problems(lines: tuple[BomLine, ...], layout: Layout) -> list[str]:
    """Where the BOM disagrees with the layout; empty when it agrees."""
    problems = []
    for prefix, quantity in expected_quantities(layout).items():
        matching = [line for line in lines if line.part.startswith(prefix)]
        if len(matching) != 1:
            problems.append(f"the BOM should have exactly one row for {prefix!r}, not {len(matching)}")
        elif matching[0].quantity != quantity:
            problems.append(f"the BOM lists {matching[0].quantity} x {prefix!r}; the layout needs {quantity}")
    return problems
