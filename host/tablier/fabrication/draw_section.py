"""A section through the slab's sandwich, drawn from the mechanics: skins, core, grooves and wiring.

The cut runs across the slab (along Y) through the centre of the bar, from player 1's edge, where
a tables groove (the bar's ladder) crosses the draughts face's row grooves; every cut-out the line
meets is drawn at its true depth, :data:`SCALE` times life size. Below it, a detail across a chain
board's pocket wall through a header's mouth and its plug notch (:mod:`tablier.fabrication.pockets`).
"""

from __future__ import annotations

from collections.abc import Callable

from tablier.fabrication.cutout import Cutout
from tablier.fabrication.cutouts import cutouts, sensor_positions
from tablier.fabrication.kicad_pcb import BOARD_MM
from tablier.fabrication.pockets import board_headers, pocket_of
from tablier.fabrication.sensors import sensing
from tablier.hardware.layout import Layout
from tablier.svg import Svg

SCALE = 3.0
SPAN_MM = 150.0  # how much of the slab's width is drawn, from player 1's edge
LEFT = 12.0
TOP = 40.0
SKIN = "#e8c99b"
CORE = "#c8b59a"
CUT = "#ffffff"
PCB = "#2f7d3b"


def section_x(layout: Layout) -> float:
    """The X of the section line: the centre of the bar."""
    m, g = layout.mechanics, layout.geometry
    return m.tables_origin[0] + 6 * g.point_width_mm + g.bar_width_mm / 2


def draw_section(layout: Layout) -> str:
    """The section drawing (SVG text)."""
    m = layout.mechanics
    x_cut = section_x(layout)
    width = LEFT * 2 + SPAN_MM * SCALE
    height = TOP + m.thickness * SCALE + 70 + DETAIL_HEIGHT
    svg = Svg(width, height, f"{layout.name}: section through the slab")
    svg.text(width / 2, 8, f"Section across the slab at X = {x_cut:g} mm (the bar), {SCALE:g}:1; layout "
             f"{layout.hash}", size=5, bold=True)

    def y_of(z: float) -> float:
        return TOP + z * SCALE

    def x_of(y: float) -> float:
        return LEFT + y * SCALE

    for z, thickness, fill in ((0, m.skin, SKIN), (m.skin, m.core, CORE), (m.skin + m.core, m.skin, SKIN)):
        svg.rect(x_of(0), y_of(z), SPAN_MM * SCALE, thickness * SCALE, fill=fill, stroke="#5a3d22",
                 stroke_width=0.3)
    met = [c for c in cutouts(layout) if _crosses(c, x_cut) and c.box[1] < SPAN_MM]
    for item in met:
        y0, y1 = max(item.box[1], 0.0), min(item.box[3], SPAN_MM)
        svg.rect(x_of(y0), y_of(item.z_top), (y1 - y0) * SCALE, (item.z_bottom - item.z_top) * SCALE,
                 fill=CUT, stroke="#c0002a", stroke_width=0.3)
        if item.kind == "groove":
            _carrier(svg, layout, item, x_of(y0), x_of(y1), y_of)
    man_y = next(y for face, place, _, y in sensor_positions(layout) if place == "bar 1 slot 1")
    how = sensing(layout, "ladder")
    body = 1.2 if how.part.kind == "hall" else 2.4  # a SOT-23; a CT10's molded body
    for along, _across in how.offsets:
        length = 3.0 if how.part.kind == "hall" else 12.8
        svg.rect(x_of(man_y + along - length / 2), y_of(m.skin), length * SCALE, body * SCALE, fill="#111",
                 stroke="none")
    radius = layout.geometry.man_diameter_mm / 2
    svg.rect(x_of(man_y - radius), y_of(0) - m.man_height * SCALE, 2 * radius * SCALE, m.man_height * SCALE,
             fill="#f7f2e8", stroke="#000", stroke_width=0.3, rx=1)
    magnet_diameter, magnet_thickness = m.magnet.diameter, m.magnet.thickness
    svg.rect(x_of(man_y - magnet_diameter / 2), y_of(0) - (m.magnet_base + magnet_thickness) * SCALE,
             magnet_diameter * SCALE, magnet_thickness * SCALE, fill="#888", stroke="#000", stroke_width=0.2)
    notes = [
        (f"tables skin {m.skin:g} mm (the men stand on it)", m.skin / 2),
        (f"core {m.core:g} mm: grooves {m.carrier_depth:g} mm deep from each face, at least "
         f"{m.min_web:g} mm web between cuts", m.skin + m.core / 2),
        (f"draughts skin {m.skin:g} mm", m.skin + m.core + m.skin / 2),
    ]
    for text, z in notes:
        svg.text(x_of(SPAN_MM) + 2, y_of(z), text, size=3, anchor="end")
    legend_y = y_of(m.thickness) + 10
    lines = [
        f"Man ({2 * radius:g} x {m.man_height:g} mm, a {magnet_diameter:g} x {magnet_thickness:g} mm magnet "
        f"{m.magnet_base:g} mm over its base) over slot 1 of the bar; green: carrier strip PCB",
        f"with its {how.part.name} (black) under the slot, against the skin. Red: cut-outs met by",
        "the line. Wiring: each carrier's ribbon (3V3, GND, one output per sensor) runs in its groove",
        "to a chain board's pocket, the chain boards' and the LEDs' wires on to the main board's",
        "pocket; grooves of the two faces cross with the core's web between them.",
    ]
    for n, text in enumerate(lines):
        svg.text(LEFT, legend_y + 6 * n, text, size=3.4, anchor="start")
    _notch_detail(svg, layout, legend_y + 6 * len(lines) + 8)
    return svg.render()


DETAIL_SCALE = 6.0
DETAIL_HEIGHT = 150.0
HEADER = "#f2f0e6"
PLUG = "#d8d2bf"


def _notch_detail(svg: Svg, layout: Layout, top: float) -> None:
    """A detail across a chain board's pocket wall through a header's mouth and its plug notch: the
    board on the pocket's floor, the side-entry header on it, its plug and wires, the skin over them."""
    m = layout.mechanics
    items = cutouts(layout)
    notch = next(c for c in items if c.kind == "plug notch" and c.face == "tables" and c.size[0] > c.size[1])
    pcb, headers = next((p, h) for p, h in board_headers(layout)
                        if notch.part_of == pocket_of(p.name, items).name)
    header = next(h for h in headers if notch.place.endswith(f" {h.ref}"))
    pocket = pocket_of(pcb.name, items)
    outward = -1 if notch.y < pocket.y else 1  # along the slab's Y, out of the pocket
    wall = pocket.box[1] if outward < 0 else pocket.box[3]
    mouth = wall - outward * ((pocket.size[1] - pcb.height) / 2 + (header.mouth[1] if outward < 0
                                                                       else pcb.height - header.mouth[1]))
    span = 26.0  # mm of the cut drawn, from inside the pocket out past the notch
    start = wall - outward * (span - m.plug_reach - 3)
    scale = DETAIL_SCALE
    left = LEFT

    def x_of(y: float) -> float:  # along the cut, out of the pocket to the right
        return left + (y - start) * outward * scale

    def y_of(z: float) -> float:
        return top + 12 + z * scale

    width = span * scale
    svg.text(left, top, f"Detail at {scale:g}:1 across the wall of {pocket.name.removeprefix('tables ')}'s "
             f"pocket through {header.ref}'s mouth and its plug notch", size=4, anchor="start", bold=True)
    for z, thickness, fill in ((0, m.skin, SKIN), (m.skin, m.core, CORE), (m.skin + m.core, m.skin, SKIN)):
        svg.rect(left, y_of(z), width, thickness * scale, fill=fill, stroke="#5a3d22", stroke_width=0.3)
    for lo, hi in ((start, wall), (wall, wall + outward * (abs(notch.box[3] - notch.box[1])))):
        a, b = sorted((x_of(lo), x_of(hi)))
        svg.rect(a, y_of(m.skin), b - a, (pocket.depth - m.skin) * scale, fill=CUT, stroke="#c0002a",
                 stroke_width=0.3)
    floor = pocket.depth
    joint = m.pin_joint  # the header's clipped pins under the board: it stands on them
    board_top = floor - joint - BOARD_MM
    edge = wall - outward * (pocket.size[1] - pcb.height) / 2
    a, b = sorted((x_of(start), x_of(edge)))
    svg.rect(a, y_of(board_top), b - a, BOARD_MM * scale, fill=PCB, stroke="#103010", stroke_width=0.2)
    body_back = mouth - outward * 7.6  # the header's body: 7.6 mm deep from its mouth
    for pin in (body_back + outward * 1.5, body_back + outward * 3.5):
        svg.rect(x_of(pin) - 0.4 * scale, y_of(floor - joint), 0.8 * scale, joint * scale, fill="#b0b0b0",
                 stroke="#000", stroke_width=0.2)
    a, b = sorted((x_of(body_back), x_of(mouth)))
    svg.rect(a, y_of(board_top - header.height), b - a, header.height * scale, fill=HEADER, stroke="#000",
             stroke_width=0.3)
    plug_end = mouth + outward * 2.0
    a, b = sorted((x_of(mouth - outward * 4.0), x_of(plug_end)))
    svg.rect(a, y_of(board_top - 0.2 - 4.5), b - a, 4.5 * scale, fill=PLUG, stroke="#000", stroke_width=0.3)
    wire_z = board_top - 2.45
    reach_end = mouth + outward * m.plug_reach
    svg.line(x_of(plug_end), y_of(wire_z), x_of(reach_end), y_of(wire_z), stroke="#b03030", stroke_width=1.2)
    room = pocket.depth - m.skin - joint - BOARD_MM - header.height
    notes = [
        f"pocket {pocket.depth:g} mm from the face: {pocket.depth - m.skin:g} mm under the skin = "
        f"{joint:g} mm of clipped pins + {BOARD_MM:g} mm board + {header.height:g} mm side-entry JST-PH "
        f"(its plug inside that) + {room:.2f} mm to spare",
        f"notch: {abs(notch.box[3] - notch.box[1]):g} mm past the wall, {notch.size[0]:g} mm wide, as deep "
        f"as the pocket; the plug and its wires take {m.plug_reach:g} mm from the mouth",
    ]
    for n, text in enumerate(notes):
        svg.text(left, y_of(m.thickness) + 8 + 6 * n, text, size=3.4, anchor="start")


def _crosses(item: Cutout, x: float) -> bool:
    x0, _, x1, _ = item.box
    return x0 <= x <= x1


def _carrier(svg: Svg, layout: Layout, item: Cutout, left: float, right: float,
             y_of: Callable[[float], float]) -> None:
    m = layout.mechanics
    how = sensing(layout, "ladder" if item.face == "tables" else "row")
    pcb = how.thickness
    body = 1.2 if how.part.kind == "hall" else 2.4  # the switch against the skin, the board under it
    board_top = m.skin + body if item.face == "tables" else m.thickness - m.skin - body - pcb
    svg.rect(left + 1, y_of(board_top), right - left - 2, pcb * SCALE, fill=PCB, stroke="#103010",
             stroke_width=0.2)
