"""A cut-out of the slab and the plan geometry every part of the slab's design reads.

A :class:`Cutout` is a round hole or a rectangular groove or pocket cut from one face (or into an
edge), in slab coordinates (``tablier.hardware.mechanics``: X along the long edge, Y from player
1's edge, Z down from the tables face). :mod:`tablier.fabrication.cutouts` lists the slab's
cut-outs; the pockets, the wire exits, the wiring and the checks all speak of them in these terms.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tablier.fabrication.kicad_pcb import Pcb
from tablier.hardware.layout import Layout


@dataclass(frozen=True)
class Cutout:
    """One cut-out. Round: ``size`` is (diameter, diameter); otherwise a rectangle along X and Y."""

    face: str  # "tables", "draughts" or "edge"
    kind: str  # "groove", "led", "die board", "pip window", "chain board", "button", "status", "usb",
    # "usb screw", "main board", "hatch", "hatch screw", "plug notch", "face sensor", "wire exit"
    place: str
    x: float
    y: float
    size: tuple[float, float]
    round: bool
    z_top: float  # from the tables face
    z_bottom: float
    depth: float  # from the face (or edge) it is cut from
    part_of: str = ""  # the name of the cut-out it extends (a plug notch, the face sensor's hole: its pocket)

    @property
    def name(self) -> str:
        """How a message names it, e.g. ``tables led point 7``."""
        return f"{self.face} {self.kind} {self.place}"

    @property
    def box(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` of its outline in plan."""
        half_x, half_y = self.size[0] / 2, self.size[1] / 2
        return self.x - half_x, self.y - half_y, self.x + half_x, self.y + half_y


def centre_distance(a: Cutout, b: Cutout) -> float:
    """Distance between two cut-outs' centres in plan."""
    return math.hypot(a.x - b.x, a.y - b.y)


def plan_gap(a: Cutout, b: Cutout) -> float:
    """Edge-to-edge distance in plan between two cut-outs (negative when they overlap): exact for circles."""
    if a.round and b.round:
        return centre_distance(a, b) - (a.size[0] + b.size[0]) / 2
    if a.round or b.round:
        circle, rect = (a, b) if a.round else (b, a)
        x0, y0, x1, y1 = rect.box
        dx = max(x0 - circle.x, 0.0, circle.x - x1)
        dy = max(y0 - circle.y, 0.0, circle.y - y1)
        if dx == 0 and dy == 0:
            return -min(circle.x - x0, x1 - circle.x, circle.y - y0, y1 - circle.y) - circle.size[0] / 2
        return math.hypot(dx, dy) - circle.size[0] / 2
    ax0, ay0, ax1, ay1 = a.box
    bx0, by0, bx1, by1 = b.box
    dx = max(bx0 - ax1, ax0 - bx1)
    dy = max(by0 - ay1, ay0 - by1)
    if dx > 0 and dy > 0:
        return math.hypot(dx, dy)
    return max(dx, dy)


def slab_point(layout: Layout, pcb: Pcb, pocket: Cutout, point: tuple[float, float]) -> tuple[float, float]:
    """Slab coordinates of a point of a board (its own mm, Y up) lying centred in its pocket."""
    m = layout.mechanics
    fx, fy = m.from_slab(pocket.face, pocket.x, pocket.y)
    return m.to_slab(pocket.face, fx - pcb.width / 2 + point[0], fy - pcb.height / 2 + point[1])


def exit_of(by_name: dict[str, Cutout], pocket: Cutout, role: str) -> Cutout:
    """Where a harness ends in a pocket: its wire well, or its wire exit of a role (``in``, ``out``), or
    the pocket itself where it has neither."""
    return (by_name.get(f"{pocket.face} wire well {pocket.place}")
            or by_name.get(f"{pocket.face} wire exit {pocket.place} {role}", pocket))
