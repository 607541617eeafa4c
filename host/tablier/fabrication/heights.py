"""How tall each part stands on its board: the heights of ``hardware/kicad/footprints.csv``.

Every footprint the boards use has a row there: what part it carries (``part``), the side of the board
it stands on (``side``: ``top``, or ``bottom`` for the LED module's wire pads underneath), its height
over that side in millimetres with whatever is plugged into it or soldered to it (``height_mm``: a
header with its plug, wire pads with their wires), and where that figure comes from
(``height_source``: a manufacturer's datasheet, KiCad's 3D model, or an estimate said to be one), and
what it leaves *under* the board at its pads (``under_mm``, with ``under_source``): ``pins`` for
through-hole leads, clipped and soldered, which stand the layout's ``mechanics.boards.pin_joint_mm``
under the board and lift it off its pocket's floor; a number for solder wicking through a hole; 0 for a
surface-mount part. :mod:`tablier.fabrication.pockets` adds them up for each board lying in a pocket or a
groove.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tablier.errors import TablierError
from tablier.resources import project_path

FOOTPRINTS_PATH = project_path("hardware/kicad/footprints.csv")
SIDES = ("top", "bottom")


class HeightsError(TablierError):
    """The footprint list is missing, malformed, or lacks a height; the message says which."""


@dataclass(frozen=True)
class Height:
    """How tall a footprint's part stands over its side of the board."""

    footprint: str
    part: str
    side: str  # "top" or "bottom"
    mm: float
    source: str
    under: float | None = 0.0  # mm under the board at its pads; None: clipped through-hole pins

    def under_mm(self, pin_joint_mm: float) -> float:
        """What the part leaves under the board: its clipped pins' joints, or its own figure."""
        return pin_joint_mm if self.under is None else self.under


def footprint_heights(path: Path | None = None) -> dict[str, Height]:
    """Every listed footprint's height, by ``Library:Name``."""
    return dict(_read(path or FOOTPRINTS_PATH))


@cache
def _read(path: Path) -> tuple[tuple[str, Height], ...]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise HeightsError(f"{path}: cannot read the footprint list ({error.strerror})") from None
    heights = []
    reader = csv.DictReader(text.splitlines())
    for row in reader:
        where = f"{path}, line {reader.line_num}"
        try:
            mm = float(row["height_mm"])
        except (KeyError, TypeError, ValueError):
            raise HeightsError(f"{where}: height_mm should be a number of millimetres") from None
        if row.get("side") not in SIDES:
            raise HeightsError(f"{where}: side should be top or bottom, not {row.get('side')!r}")
        if not row.get("height_source") or not row.get("under_source"):
            raise HeightsError(f"{where}: {row['footprint']} needs a height_source and an under_source")
        under: float | None
        if row.get("under_mm") == "pins":
            under = None
        else:
            try:
                under = float(row["under_mm"])
            except (KeyError, TypeError, ValueError):
                raise HeightsError(f"{where}: under_mm should be a number of millimetres or pins") from None
        heights.append((row["footprint"], Height(row["footprint"], row["part"], row["side"], mm,
                                                 row["height_source"], under)))
    return tuple(heights)


def height_of(footprint: str, heights: dict[str, Height] | None = None) -> Height:
    """The height of one footprint's part (a :class:`HeightsError` if the list has none)."""
    table = footprint_heights() if heights is None else heights
    if footprint not in table:
        raise HeightsError(f"footprint {footprint} has no height in hardware/kicad/footprints.csv")
    return table[footprint]
