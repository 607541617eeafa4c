"""A board drawn back from the Gerbers KiCad plotted, so that its picture shows the files themselves.

The subset KiCad 6 writes for these boards: circle, rectangle, obround and ``RoundRect`` apertures
(``%ADD``), flashes (``D03``) and draws (``D01``) in 4.6 mm coordinates. Layers are drawn bottom copper
first, then top copper, the top silkscreen (the parts' references, the board's name, the connectors'
labels) and the outline.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tablier.svg import Svg

COLOURS = {"B_Cu": "#5b8fd6", "F_Cu": "#d4a017", "F_SilkS": "#f4f4f4"}


@dataclass(frozen=True)
class Aperture:
    """A flash shape: ``C`` (diameter), ``R`` or ``O`` (width, height), or ``P`` (polygon points)."""

    shape: str
    size: tuple[float, float]
    points: tuple[tuple[float, float], ...] = ()


def apertures(text: str) -> dict[str, Aperture]:
    """The apertures a Gerber text defines, by D code."""
    found: dict[str, Aperture] = {}
    for code, shape, args in re.findall(r"%ADD(\d+)([A-Za-z]+),([^*]*)\*%", text):
        values = [float(v) for v in args.split("X")]
        if shape == "C":
            found[code] = Aperture("C", (values[0], values[0]))
        elif shape in ("R", "O"):
            found[code] = Aperture(shape, (values[0], values[1]))
        elif shape == "RoundRect":
            corners = tuple((values[i], values[i + 1]) for i in range(1, 9, 2))
            found[code] = Aperture("P", (2 * values[0], 0), corners)
    return found


def strokes(text: str) -> list[tuple[Aperture, float, float, float, float]]:
    """Every flash (a stroke of no length) and draw: aperture, from (x1, y1) to (x2, y2), in mm."""
    table = apertures(text)
    out = []
    current: Aperture | None = None
    x = y = 0.0
    for command in re.findall(r"^(D\d+|X-?\d+Y-?\d+D0[123])\*$", text, re.M):
        if not command.startswith("X"):
            current = table.get(command[1:], current)
            continue
        match = re.match(r"X(-?\d+)Y(-?\d+)D0([123])", command)
        assert match is not None and current is not None
        nx, ny, op = int(match.group(1)) / 1e6, int(match.group(2)) / 1e6, match.group(3)
        if op == "1":
            out.append((current, x, y, nx, ny))
        elif op == "3":
            out.append((current, nx, ny, nx, ny))
        x, y = nx, ny
    return out


def regions(text: str) -> list[list[tuple[float, float]]]:
    """The filled regions (``G36`` ... ``G37``: KiCad's copper pours), each as its outline's points;
    a region's holes come back as further outlines (drawn with the even-odd rule)."""
    found = []
    for block in re.findall(r"^G36\*$(.*?)^G37\*$", text, re.M | re.S):
        outline: list[tuple[float, float]] = []
        for x, y, op in re.findall(r"^X(-?\d+)Y(-?\d+)D0([12])\*$", block, re.M):
            if op == "2" and outline:
                found.append(outline)
                outline = []
            outline.append((int(x) / 1e6, int(y) / 1e6))
        if outline:
            found.append(outline)
    return found


def render(title: str, gerbers: dict[str, str], origin: tuple[float, float], size: tuple[float, float],
           scale: float = 6.0, round_board: bool = False) -> str:
    """The board (``size`` mm, its lower left corner at Gerber ``origin``) from its copper and outline;
    a small board is drawn larger (at least 30 mm across the picture)."""
    width, height = size
    if width < 30:
        scale *= 30 / width
    left = 2.0
    svg = Svg(width + 4, height + 10 if width >= 100 else height + 4, title)
    if round_board:
        svg.circle(left + width / 2, 2 + height / 2, width / 2, fill="#1d5e2c", stroke="none")
    else:
        svg.rect(left, 2, width, height, fill="#1d5e2c", stroke="none")

    def at(gx: float, gy: float) -> tuple[float, float]:
        return (left + gx - origin[0], 2 + height - (gy - origin[1]))

    for layer in ("B_Cu", "F_Cu", "F_SilkS", "Edge_Cuts"):
        colour = COLOURS.get(layer, "#000")
        text = gerbers[layer].split("%LPC*%")[0]  # what is drawn, without what the mask clears of it after
        outlines = regions(text)
        if outlines:  # a pour, paler, so that the tracks on it show
            svg.path([[at(x, y) for x, y in outline] for outline in outlines], fill="#34628f")
        for aperture, x1, y1, x2, y2 in strokes(text):
            (ax, ay), (bx, by) = at(x1, y1), at(x2, y2)
            if (x1, y1) != (x2, y2) or layer == "Edge_Cuts":
                svg.line(ax, ay, bx, by, stroke=colour, stroke_width=aperture.size[0])
            elif aperture.shape == "C":
                svg.circle(ax, ay, aperture.size[0] / 2, fill=colour, stroke="none")
            elif aperture.shape in ("R", "O"):
                w, h = aperture.size
                svg.rect(ax - w / 2, ay - h / 2, w, h, fill=colour, stroke="none",
                         stroke_width=0, rx=min(w, h) / 2 if aperture.shape == "O" else 0)
            else:
                svg.polyline([(ax + px, ay - py) for px, py in aperture.points], fill=colour,
                             stroke=colour, stroke_width=aperture.size[0])
    if width < 100:  # no room for the caption: the page around the picture says it
        return svg.render(scale)
    svg.text((width + 4) / 2, height + 7, "top copper yellow, bottom copper blue (seen through the board), "
             "top silkscreen white; drawn from the Gerbers KiCad plotted (F_Cu, B_Cu, F_SilkS, Edge_Cuts)",
             size=2.2)
    return svg.render(scale)
