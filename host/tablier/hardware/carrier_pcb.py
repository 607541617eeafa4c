"""The tables sensor carrier as a PCB: its copper generated from the layout, as Gerbers and a drill file.

The carrier (`carrier-ladder.net` of :mod:`tablier.hardware.boards`) is an 11 mm strip with six
DRV5032FA on the ladder's slot pitch, a 100 nF beside each, and eight wire pads. Top copper: the
parts' pads and short stubs; bottom copper: the 3V3 and GND rails along the edges and six output
lanes between them; vias join the two. :func:`clearance` is the design-rule check done here
(KiCad is not installed): the least distance between copper of different nets on each layer.
:func:`render_svg` draws the board back from the Gerber text, so the picture shows the files.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from tablier.hardware.layout import Layout
from tablier.hardware.svg import Svg

WIDTH = 11.0
END = 6.0  # from the strip's end to the first and last sensor
TRACE = 0.3
RAIL = 0.6
VIA = 0.6  # copper diameter; drilled 0.3
VIA_DRILL = 0.3
RAIL_Y = {"GND": 2.5, "+3V3": 8.5}
LANE_Y = (3.6, 4.35, 5.1, 5.85, 6.6, 7.35)
PAD_PITCH = 2.54
PADS_X = 142.0  # the first wire pad, in the gap before the last sensor
MIN_CLEARANCE = 0.2  # JLCPCB's standard two-layer process allows 0.127 mm
PICTURE = "carrier-pcb.svg"


@dataclass(frozen=True)
class Copper:
    """A piece of copper: a segment from (x1, y1) to (x2, y2) with round ends of this width.

    A pad is a segment along its long side with its short side as width (a rounded rectangle);
    a via is a segment of no length on both layers.
    """

    layer: str  # "top", "bottom" or "both"
    net: str
    x1: float
    y1: float
    x2: float
    y2: float
    width: float

    def on(self, layer: str) -> bool:
        return self.layer in (layer, "both")


def length(layout: Layout) -> float:
    """The strip's length: six slots and an end margin at each end."""
    return 2 * END + (layout.ladders["point"] - 1) * layout.geometry.slot_pitch_mm


def copper(layout: Layout) -> list[Copper]:
    """Every piece of copper of the carrier."""
    sensors = layout.ladders["point"]
    pitch = layout.geometry.slot_pitch_mm
    total = length(layout)
    parts: list[Copper] = []

    def seg(layer: str, net: str, x1: float, y1: float, x2: float, y2: float, w: float = TRACE) -> None:
        parts.append(Copper(layer, net, x1, y1, x2, y2, w))

    def via(net: str, x: float, y: float) -> None:
        seg("both", net, x, y, x, y, VIA)

    for rail, y in RAIL_Y.items():
        seg("bottom", rail, 1.0, y, total - 1.0, y, RAIL)
    pads = ["+3V3", "GND", *[f"OUT{n}" for n in range(1, sensors + 1)]]
    for n, net in enumerate(pads):
        x = PADS_X + n * PAD_PITCH
        seg("top", net, x, 3.75, x, 7.25, 1.2)  # a 1.2 x 4.6 mm wire pad
        if net in RAIL_Y:
            via(net, x, RAIL_Y[net])
            seg("top", net, x, RAIL_Y[net], x, 5.5)
    for k in range(sensors):
        x = END + k * pitch
        net = f"OUT{k + 1}"
        seg("top", "+3V3", x - 0.95, 6.3, x - 0.95, 6.7, 0.6)  # SOT-23 pin 1 (VCC)
        seg("top", net, x + 0.95, 6.3, x + 0.95, 6.7, 0.6)  # pin 2 (OUT)
        seg("top", "GND", x, 4.3, x, 4.7, 0.6)  # pin 3 (GND)
        seg("top", "+3V3", x - 0.95, 6.5, x - 0.95, RAIL_Y["+3V3"])
        via("+3V3", x - 0.95, RAIL_Y["+3V3"])
        seg("top", "GND", x, 4.5, x, RAIL_Y["GND"])
        via("GND", x, RAIL_Y["GND"])
        seg("top", "+3V3", x - 3.5, 6.2, x - 3.5, 6.7, 1.0)  # the 0805 capacitor's pads
        seg("top", "GND", x - 3.5, 4.3, x - 3.5, 4.8, 1.0)
        seg("top", "+3V3", x - 3.5, 6.5, x - 3.5, RAIL_Y["+3V3"])
        via("+3V3", x - 3.5, RAIL_Y["+3V3"])
        seg("top", "GND", x - 3.5, 4.5, x - 3.5, RAIL_Y["GND"])
        via("GND", x - 3.5, RAIL_Y["GND"])
        lane = LANE_Y[k]
        seg("top", net, x + 0.95, 6.5, x + 2.2, lane)
        via(net, x + 2.2, lane)
        pad_x = PADS_X + (k + 2) * PAD_PITCH
        seg("bottom", net, x + 2.2, lane, pad_x, lane)
        via(net, pad_x, lane)
    return parts


def clearance(parts: list[Copper]) -> tuple[float, Copper, Copper]:
    """The least edge-to-edge distance between copper of two different nets on one layer."""
    best: tuple[float, Copper, Copper] | None = None
    for i, a in enumerate(parts):
        for b in parts[i + 1:]:
            if a.net == b.net or not any(a.on(layer) and b.on(layer) for layer in ("top", "bottom")):
                continue
            gap = _segment_distance(a, b) - (a.width + b.width) / 2
            if best is None or gap < best[0]:
                best = (gap, a, b)
    assert best is not None
    return best


def _segment_distance(a: Copper, b: Copper) -> float:
    def point(px: float, py: float, s: Copper) -> float:
        dx, dy = s.x2 - s.x1, s.y2 - s.y1
        span = dx * dx + dy * dy
        t = 0.0 if span == 0 else max(0.0, min(1.0, ((px - s.x1) * dx + (py - s.y1) * dy) / span))
        return math.hypot(px - (s.x1 + t * dx), py - (s.y1 + t * dy))

    if _crosses(a, b):
        return 0.0
    return min(point(a.x1, a.y1, b), point(a.x2, a.y2, b), point(b.x1, b.y1, a), point(b.x2, b.y2, a))


def _crosses(a: Copper, b: Copper) -> bool:
    def side(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
        return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)

    d1 = side(a.x1, a.y1, a.x2, a.y2, b.x1, b.y1)
    d2 = side(a.x1, a.y1, a.x2, a.y2, b.x2, b.y2)
    d3 = side(b.x1, b.y1, b.x2, b.y2, a.x1, a.y1)
    d4 = side(b.x1, b.y1, b.x2, b.y2, a.x2, a.y2)
    return d1 * d2 < 0 and d3 * d4 < 0


def gerber(layout: Layout, layer: str) -> str:
    """RS-274X text of a copper layer ("top", "bottom") or of the outline ("outline")."""
    lines = ["G04 Tablier tables sensor carrier, generated from hardware/board.toml*", "%FSLAX46Y46*%",
             "%MOMM*%", "%LPD*%"]
    if layer == "outline":
        total = length(layout)
        lines += ["%ADD10C,0.100000*%", "D10*"]
        corners = [(0, 0), (total, 0), (total, WIDTH), (0, WIDTH), (0, 0)]
        lines.append(f"{_xy(*corners[0])}D02*")
        lines += [f"{_xy(x, y)}D01*" for x, y in corners[1:]]
    else:
        pieces = [p for p in copper(layout) if p.on(layer)]
        widths = sorted({p.width for p in pieces})
        for n, w in enumerate(widths):
            lines.append(f"%ADD{10 + n}C,{w:.6f}*%")
        for n, w in enumerate(widths):
            lines.append(f"D{10 + n}*")
            for p in pieces:
                if p.width != w:
                    continue
                if (p.x1, p.y1) == (p.x2, p.y2):
                    lines.append(f"{_xy(p.x1, p.y1)}D03*")
                else:
                    lines += [f"{_xy(p.x1, p.y1)}D02*", f"{_xy(p.x2, p.y2)}D01*"]
    lines.append("M02*")
    return "\n".join(lines) + "\n"


def drill(layout: Layout) -> str:
    """The Excellon drill file: the vias."""
    vias = [p for p in copper(layout) if p.layer == "both"]
    lines = ["M48", "METRIC,TZ", f"T1C{VIA_DRILL:.3f}", "%", "G90", "G05", "T1"]
    lines += [f"X{p.x1:.3f}Y{p.y1:.3f}" for p in vias]
    lines.append("M30")
    return "\n".join(lines) + "\n"


def _xy(x: float, y: float) -> str:
    return f"X{round(x * 1e6)}Y{round(y * 1e6)}"


def render_svg(gerbers: dict[str, str], total: float, scale: float = 6.0) -> str:
    """The board drawn from its Gerber texts (outline, bottom, top), 6 px per mm, top side up."""
    svg = Svg(total + 4, WIDTH + 10, "Tablier tables sensor carrier, rendered from its Gerbers")
    svg.rect(2, 2, total, WIDTH, fill="#1d5e2c", stroke="none")
    for layer, colour in (("bottom", "#5b8fd6"), ("top", "#d4a017")):
        for x1, y1, x2, y2, w in gerber_strokes(gerbers[layer]):
            svg.line(2 + x1, 2 + WIDTH - y1, 2 + x2, 2 + WIDTH - y2, stroke=colour, stroke_width=w)
            if (x1, y1) == (x2, y2):
                svg.circle(2 + x1, 2 + WIDTH - y1, w / 2, fill=colour, stroke="none")
    for x1, y1, x2, y2, _width in gerber_strokes(gerbers["outline"]):
        svg.line(2 + x1, 2 + WIDTH - y1, 2 + x2, 2 + WIDTH - y2, stroke="#000", stroke_width=0.1)
    svg.text((total + 4) / 2, WIDTH + 7, "top copper yellow, bottom copper blue (seen through the board), "
             "from carrier-top.gbr, carrier-bottom.gbr and carrier-outline.gbr", size=2.2)
    return svg.render(scale)


def gerber_strokes(text: str) -> list[tuple[float, float, float, float, float]]:
    """The draws and flashes of a Gerber text of this module's subset, as segments with widths."""
    apertures = {m.group(1): float(m.group(2)) for m in re.finditer(r"%ADD(\d+)C,([0-9.]+)\*%", text)}
    strokes = []
    width, x, y = 0.0, 0.0, 0.0
    for command in re.findall(r"^(D\d+|X-?\d+Y-?\d+D0[123])\*$", text, re.M):
        if not command.startswith("X"):
            width = apertures.get(command[1:], width)
            continue
        match = re.match(r"X(-?\d+)Y(-?\d+)D0([123])", command)
        assert match is not None
        nx, ny, op = int(match.group(1)) / 1e6, int(match.group(2)) / 1e6, match.group(3)
        if op == "1":
            strokes.append((x, y, nx, ny, width))
        elif op == "3":
            strokes.append((nx, ny, nx, ny, width))
        x, y = nx, ny
    return strokes


def pcb_files(layout: Layout) -> dict[str, str]:
    """The carrier's fabrication files and its picture (:data:`PICTURE`), by file name."""
    files = {f"carrier-{layer}.gbr": gerber(layout, layer) for layer in ("top", "bottom", "outline")}
    files["carrier.drl"] = drill(layout)
    files[PICTURE] = render_svg({k: files[f"carrier-{k}.gbr"] for k in ("top", "bottom", "outline")},
                                      length(layout))
    return files


def pcb_problems(layout: Layout) -> list[str]:
    """The carrier's clearance check: empty when all copper of different nets is far enough apart."""
    gap, a, b = clearance(copper(layout))
    if gap >= MIN_CLEARANCE:
        return []
    return [f"carrier PCB: {a.net} ({a.layer}, at X {a.x1:.2f}, Y {a.y1:.2f}) and {b.net} ({b.layer}, at X "
            f"{b.x1:.2f}, Y {b.y1:.2f}) are {max(gap, 0):.2f} mm apart (at least {MIN_CLEARANCE:g} mm)"]
