"""Drawings of the two faces of the board seen from above, every slot, square and LED numbered.

Positions come from the layout's geometry (point width, slot pitch, bar and tray widths, square
size). Player 1 sits at the bottom of the tables drawing (points 1-6 are the bottom right quarter);
Black (squares 1-12) sits at the top of the draughts drawing, as in printed English diagrams.
"""

from __future__ import annotations

from tablier.hardware.layout import PIP_CELLS, Layout
from tablier.svg import Svg

#: Presentation sizes (mm): the strip along each edge that holds the point LEDs, the gap between the
#: two rows of points (dice display and status LEDs), the frame and the rails with the buttons.
EDGE = 16.0
MIDDLE = 60.0
FRAME = 8.0
RAIL = 14.0
TITLE = 14.0
LEGEND = 12.0
LED_SIZE = 7.0
PIP_PITCH = 6.0

WOOD = "#f3e2c0"
DARK_POINT = "#b5835a"
LIGHT_POINT = "#e8c99b"
DARK_SQUARE = "#8a5a3b"
LIGHT_SQUARE = "#f0dcb4"
LED_FILL = "#fff27a"
SLOT_STROKE = "#4a3320"


class _TablesPlan:
    """Coordinates of everything on the tables face."""

    def __init__(self, layout: Layout) -> None:
        g = layout.geometry
        self.layout = layout
        self.point_w = g.point_width_mm
        self.pitch = g.slot_pitch_mm
        self.radius = g.man_diameter_mm / 2
        self.quarter = 6 * g.point_width_mm
        self.ladder = layout.ladders["point"] * g.slot_pitch_mm
        self.left = FRAME
        self.bar_x = self.left + self.quarter
        self.right = self.bar_x + g.bar_width_mm
        self.tray_x = self.right + self.quarter + FRAME
        self.width = self.tray_x + g.tray_width_mm + FRAME
        self.top = TITLE + RAIL
        self.bottom = self.top + 2 * EDGE + 2 * self.ladder + MIDDLE
        self.height = self.bottom + RAIL + LEGEND
        self.middle_y = (self.top + self.bottom) / 2

    def point_x(self, point: int) -> float:
        """Left edge of a point's column."""
        if point <= 6:
            return self.right + (6 - point) * self.point_w
        if point <= 12:
            return self.left + (12 - point) * self.point_w
        if point <= 18:
            return self.left + (point - 13) * self.point_w
        return self.right + (point - 19) * self.point_w

    def base_y(self, lower: bool) -> float:
        """The y of the board edge a ladder starts from."""
        return self.bottom - EDGE if lower else self.top + EDGE

    def slot_y(self, lower: bool, slot: int) -> float:
        offset = (slot - 0.5) * self.pitch
        return self.base_y(lower) - offset if lower else self.base_y(lower) + offset

    def led_y(self, lower: bool) -> float:
        return self.bottom - EDGE / 2 if lower else self.top + EDGE / 2


def draw_tables_face(layout: Layout) -> str:
    """The tables face: 24 points, bar, trays, dice display, status LEDs and buttons (SVG text)."""
    plan = _TablesPlan(layout)
    svg = Svg(plan.width, plan.height, f"{layout.name}: tables face, switches and LEDs")
    svg.rect(0, TITLE, plan.width, plan.bottom + RAIL - TITLE, fill="#d9b98c", stroke="#5a3d22",
             stroke_width=1)
    tray_w = layout.geometry.tray_width_mm
    for x, w in ((plan.left, plan.quarter), (plan.right, plan.quarter), (plan.tray_x, tray_w)):
        svg.rect(x, plan.top, w, plan.bottom - plan.top, fill=WOOD, stroke="#5a3d22")
    svg.rect(plan.bar_x, plan.top, layout.geometry.bar_width_mm, plan.bottom - plan.top, fill="#c9a574",
             stroke="#5a3d22")
    svg.text(plan.width / 2, TITLE / 2, f"{layout.name} tables face: circles = sensor ids (chain "
             f"positions), yellow tags = LED indices; layout {layout.hash}", size=5, bold=True)
    for point in range(1, 25):
        _draw_point(svg, plan, point)
    bar_cx = plan.bar_x + layout.geometry.bar_width_mm / 2
    tray_cx = plan.tray_x + layout.geometry.tray_width_mm / 2
    for side in (1, 2):
        lower = side == 1
        _draw_ladder(svg, plan, "bar", side, bar_cx, lower)
        _draw_ladder(svg, plan, "tray", side, tray_cx, lower)
        _led_tag(svg, bar_cx, plan.led_y(lower), layout.led_for("bar", side).index)
        _led_tag(svg, tray_cx, plan.led_y(lower), layout.led_for("tray", side).index)
        svg.text(tray_cx, plan.slot_y(lower, layout.ladders["tray"]) + (-1 if lower else 1) * 22,
                 f"tray {side}", size=4, bold=True)
        status_y = plan.middle_y + (12 if lower else -12)
        _led_tag(svg, tray_cx - 8, status_y, layout.led_for("status", side).index)
        svg.text(tray_cx + 1, status_y, f"status {side}", size=3, anchor="start")
        _draw_die(svg, layout, side, bar_cx + (-11 if side == 1 else 11), plan.middle_y + 6)
        button_y = plan.bottom + RAIL / 2 if lower else plan.top - RAIL / 2
        switch = layout.switch_at("button", side)
        svg.circle(plan.left + 30, button_y, 5, fill="#e04a3a", stroke="#5a3d22")
        svg.text(plan.left + 30, button_y, str(switch.id), size=3.5, fill="#fff", bold=True)
        svg.text(plan.left + 38, button_y, f"button {side} (roll/done of player {side})", size=4,
                 anchor="start")
    svg.text(bar_cx, plan.middle_y - 17, "bar", size=4, bold=True)
    svg.text(bar_cx, plan.middle_y - 10, "dice", size=3)
    face = layout.switch_at("face", 1)
    svg.circle(plan.left + 20, plan.middle_y, 5, fill="#9cc3e6", stroke="#5a3d22")
    svg.text(plan.left + 20, plan.middle_y, str(face.id), size=3.5, bold=True)
    svg.text(plan.left + 28, plan.middle_y, "face sensor (tilt switch, closed while this face is up)",
             size=4, anchor="start")
    svg.text(plan.width / 2, plan.height - LEGEND / 2,
             "Player 1 sits at this edge. Men fill a ladder from the edge (slot 1) inwards, touching; "
             "a 7th man and more start a second layer from slot 1.", size=4.2)
    return svg.render()


def _draw_point(svg: Svg, plan: _TablesPlan, point: int) -> None:
    lower = point <= 12
    x = plan.point_x(point)
    base = plan.base_y(lower)
    tip = base - plan.ladder if lower else base + plan.ladder
    fill = DARK_POINT if point % 2 else LIGHT_POINT
    svg.polyline([(x, base), (x + plan.point_w, base), (x + plan.point_w / 2, tip)], fill=fill,
                 stroke="#5a3d22")
    cx = x + plan.point_w / 2
    _draw_ladder(svg, plan, "point", point, cx, lower)
    _led_tag(svg, cx, plan.led_y(lower), plan.layout.led_for("point", point).index)
    svg.text(cx, tip + (-6 if lower else 6), f"P{point}", size=5, bold=True)


def _draw_ladder(svg: Svg, plan: _TablesPlan, kind: str, index: int, cx: float, lower: bool) -> None:
    for switch in plan.layout.switches_of(kind, index):
        assert switch.slot is not None
        cy = plan.slot_y(lower, switch.slot)
        svg.circle(cx, cy, plan.radius - 1, fill="#fffaf0", stroke=SLOT_STROKE, stroke_width=0.4)
        svg.text(cx, cy - 2.5, str(switch.id), size=7, bold=True)
        svg.text(cx, cy + 5.5, f"slot {switch.slot}", size=3, fill="#6b4a2b")


def _draw_die(svg: Svg, layout: Layout, die: int, cx: float, cy: float) -> None:
    half = PIP_PITCH * 1.5 + 1
    svg.rect(cx - half, cy - half, 2 * half, 2 * half, fill="#fff", stroke="#5a3d22", rx=2)
    for pip, (column, row) in PIP_CELLS.items():
        x = cx + (column - 1) * PIP_PITCH
        y = cy + (row - 1) * PIP_PITCH
        _led_tag(svg, x, y, layout.led_for("die", die, pip).index, size=4.6)
    svg.text(cx, cy + half + 3.5, f"die {die}", size=3)


def _led_tag(svg: Svg, cx: float, cy: float, index: int, size: float = LED_SIZE) -> None:
    svg.rect(cx - size / 2, cy - size / 2, size, size, fill=LED_FILL, stroke="#7a6a00", stroke_width=0.3,
             rx=0.8)
    svg.text(cx, cy, str(index), size=size * 0.5 if index < 10 else size * 0.45)


def draw_draughts_face(layout: Layout) -> str:
    """The draughts face: the 32 dark squares in English numbering with their switches and LEDs."""
    side = layout.geometry.square_mm
    margin = 20.0
    board = 8 * side
    width = board + 2 * margin
    height = TITLE + board + 2 * margin + LEGEND
    svg = Svg(width, height, f"{layout.name}: draughts face, switches and LEDs")
    svg.text(width / 2, TITLE / 2, f"{layout.name} draughts face: square number, sensor id (circle), "
             f"LED index (yellow); layout {layout.hash}", size=5, bold=True)
    top = TITLE + margin
    svg.rect(margin - 4, top - 4, board + 8, board + 8, fill="#5a3d22", stroke="#000")
    svg.text(width / 2, top - 10, "Black (squares 1-12)", size=5)
    svg.text(width / 2, top + board + 10, "White (squares 21-32)", size=5)
    for row in range(8):
        for column in range(8):
            x, y = margin + column * side, top + row * side
            dark = (row + column) % 2 == 1
            svg.rect(x, y, side, side, fill=DARK_SQUARE if dark else LIGHT_SQUARE, stroke="none")
            if not dark:
                continue
            square = row * 4 + column // 2 + 1
            svg.text(x + 3, y + 5, str(square), size=6, anchor="start", fill="#fff", bold=True)
            cx, cy = x + side / 2, y + side / 2
            svg.circle(cx, cy, layout.geometry.man_diameter_mm / 2 - 4, fill="#fffaf0", stroke=SLOT_STROKE)
            svg.text(cx, cy, str(layout.switch_at("square", square).id), size=7, bold=True)
            _led_tag(svg, x + side - 6, y + side - 6, layout.led_for("square", square).index)
    svg.text(width / 2, height - LEGEND / 2, "English numbering from Black's side; 1 and 5 form Black's "
             "double corner, 28 and 32 White's (each on its player's right).", size=4.2)
    return svg.render()
