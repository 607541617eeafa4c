"""Each board design's schematic as a drawing: every part a block, every pin a stub with its net's label.

The boards' netlists are drawn by SKiDL from ``hardware/board.toml``; there is no KiCad schematic to
export. This is the same circuit drawn for reading and review: each part a box (its reference, its value,
its footprint) with a stub per pin, its number and name inside the box and, outside, the label of the
net it is on (pins on one net share a label, as a schematic's net labels join them; ``NC``: no
connection). The parts in reference order, in columns; the page as long as it needs. Written as an SVG
(compared with what the generator makes now, like every drawing) and as a PDF by ``rsvg-convert``, its
date fixed by ``SOURCE_DATE_EPOCH``.
"""

from __future__ import annotations

import datetime
import os
import subprocess
from pathlib import Path

from tablier.fabrication.kicad_pcb import ref_key
from tablier.svg import Svg

COLUMNS = 5
COLUMN_MM = 76.0
ROW_MM = 3.4  # a pin's row
BOX_MM = 30.0  # a part's box, its pins' names inside
STUB_MM = 5.0
TOP_MM = 24.0
GAP_MM = 6.0  # between two parts of a column
RAILS = {"+3V3": "#c0392b", "+5V": "#d35400", "GND": "#2c3e50"}
NET = "#1f4e79"


def schematic_svg(name: str, parts: dict[str, tuple[str, str, dict[str, str]]],
                  pin_names: dict[str, dict[str, str]], note: str) -> str:
    """The drawing of a design's ``parts`` (reference: footprint, value, net by pin), its pins named by
    ``pin_names`` (reference: name by pin number; a pin named by its number, else); ``note`` under the
    title (where it comes from)."""
    heights = [0.0] * COLUMNS
    blocks: list[tuple[str, float, float]] = []
    for ref in sorted(parts, key=ref_key):
        pins = _pins(parts[ref][2], pin_names.get(ref, {}))
        column = heights.index(min(heights))  # the shortest column, the first of those
        blocks.append((ref, column * COLUMN_MM + 6, TOP_MM + heights[column]))
        heights[column] += (len(pins) + 2) * ROW_MM + GAP_MM
    width, height = COLUMNS * COLUMN_MM + 6, TOP_MM + max(heights) + 6
    svg = Svg(width, height, f"Tablier {name}: schematic")
    svg.text(6, 8, f"Tablier {name}: schematic ({len(parts)} parts)", size=6, anchor="start", bold=True)
    svg.text(6, 15, note, size=3.2, anchor="start")
    for ref, x, y in blocks:
        footprint, value, nets = parts[ref]
        pins = _pins(nets, pin_names.get(ref, {}))
        svg.rect(x, y, BOX_MM, (len(pins) + 1.5) * ROW_MM, fill="#f7f7f7", stroke="#000", stroke_width=0.4)
        svg.text(x + 1.2, y + ROW_MM * 0.6, f"{ref}  {value}", size=2.8, anchor="start", bold=True)
        svg.text(x + 1.2, y + ROW_MM * 1.35, footprint.split(":")[-1][:44], size=1.6, anchor="start")
        for row, (number, pin_name, net) in enumerate(pins):
            py = y + ROW_MM * (row + 2)
            label = number if pin_name in ("", number) else f"{number} {pin_name}"
            svg.text(x + BOX_MM - 1.2, py, label, size=2.2, anchor="end")
            colour = RAILS.get(net or "", NET)
            svg.line(x + BOX_MM, py, x + BOX_MM + STUB_MM, py, stroke=colour, stroke_width=0.35)
            if net is None:
                svg.text(x + BOX_MM + STUB_MM + 1, py, "NC", size=2.4, anchor="start", fill="#888")
            else:
                svg.polyline([(x + BOX_MM + STUB_MM, py), (x + BOX_MM + STUB_MM + 1.2, py - 1.3),
                              (x + BOX_MM + STUB_MM + 1.2, py + 1.3)], stroke=colour, stroke_width=0.3,
                             fill=colour)
                svg.text(x + BOX_MM + STUB_MM + 2, py, net, size=2.4, anchor="start", fill=colour)
    return svg.render()


def _pins(nets: dict[str, str], names: dict[str, str]) -> list[tuple[str, str, str | None]]:
    """A part's pins in number order (numbers before lettered pads), each with its name and net."""
    numbers = sorted(set(nets) | set(names), key=lambda n: (not n.isdigit(), int(n) if n.isdigit() else 0, n))
    return [(number, names.get(number, ""), nets.get(number)) for number in numbers]


def write_pdf(svg: Path, date: str) -> Path:
    """``svg`` as a PDF beside it, by ``rsvg-convert``, its creation date ``date`` (ISO 8601)."""
    pdf = svg.with_suffix(".pdf")
    stamp = int(datetime.datetime.fromisoformat(date).timestamp())
    subprocess.run(["rsvg-convert", "--format", "pdf", "--output", str(pdf), str(svg)], check=True,
                   timeout=120,
                   env=dict(os.environ, SOURCE_DATE_EPOCH=str(stamp)))
    return pdf
