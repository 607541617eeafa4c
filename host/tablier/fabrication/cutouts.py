"""Every hole, groove and pocket of the slab, from the layout and its mechanics, and their clashes.

A :class:`~tablier.fabrication.cutout.Cutout` is a round hole or a rectangular groove or pocket cut
from one face (or into an edge), in slab coordinates. :func:`cutouts` lists them all; :func:`clashes`
finds the pairs that leave less than ``min_web_mm`` of wood between them, sideways and in depth at
once (two holes of one face too close together, or holes of the two faces that meet inside the
core); a pocket's plug notches and the face sensor's hole (:mod:`tablier.fabrication.pockets`) are
part of its cut.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from tablier.fabrication.cutout import Cutout, plan_gap
from tablier.fabrication.pockets import _boards, face_sensor_hole, plug_notches
from tablier.fabrication.sensors import sensing
from tablier.fabrication.wire_exits import wire_exits
from tablier.hardware.layout import PIP_CELLS, Layout
from tablier.hardware.mechanics import Mechanics

FACES = ("tables", "draughts")
#: Where a square's LED sits from the square's centre, in the draughts face's own coordinates.
SQUARE_LED_OFFSET = (19.0, -19.0)


@dataclass(frozen=True)
class Clash:
    """Two cut-outs closer than the minimum web: ``side`` and ``depth`` are the wood between them."""

    a: Cutout
    b: Cutout
    side: float  # edge-to-edge distance in plan (negative: they overlap in plan)
    depth: float  # distance between their depth ranges (negative: they overlap in depth)

    def sentence(self, min_web: float) -> str:
        """One line for ``tablier hardware check``."""
        where = f"at X {self.a.x:.1f}, Y {self.a.y:.1f}"
        if self.a.face == self.b.face:
            return (f"{self.a.name} and {self.b.name} ({where}) leave {max(self.side, 0):.1f} mm of wood "
                    f"between them (at least {min_web:g} mm)")
        overlap = "overlap in depth" if self.depth < 0 else f"leave {self.depth:.1f} mm in depth"
        return (f"{self.a.name} and {self.b.name} collide ({where}): {max(self.side, 0):.1f} mm apart "
                f"sideways and they {overlap} (at least {min_web:g} mm of wood either way)")


def sensor_positions(layout: Layout) -> Iterator[tuple[str, str, float, float]]:
    """``(face, place, x, y)`` of every sensor of the two faces, in slab coordinates."""
    plan = _TablesPlan(layout)
    for switch in layout.switches:
        if switch.kind in ("point", "bar", "tray"):
            assert switch.slot is not None
            x, lower = plan.column(switch.kind, switch.index)
            yield "tables", switch.place, x, plan.slot_y(lower, switch.slot)
        elif switch.kind == "square":
            x, y = _square_centre(layout, switch.index)
            yield "draughts", switch.place, *layout.mechanics.to_slab("draughts", x, y)


def cutouts(layout: Layout, notches: bool = True) -> list[Cutout]:
    """Every cut-out of the slab: grooves for the carriers, LED pockets, edge parts, the boards' pockets
    and (``notches``: from the boards' layouts, which need KiCad's footprint library) their plug notches,
    the face sensor's hole beside its lead's notch and the wire exits under the boards soldered from
    below (:mod:`tablier.fabrication.wire_exits`)."""

    items = [*_tables_cutouts(layout), *_draughts_cutouts(layout), *_edge_cutouts(layout)]
    if not notches:
        return items
    notched = plug_notches(layout, items)
    hole = face_sensor_hole(layout, items, notched)
    exits = wire_exits(layout, items, {pcb.name: pcb for pcb in _boards(layout)[1]})
    return [*items, *notched, *([hole] if hole else []), *exits]


def clashes(layout: Layout, items: list[Cutout] | None = None,
            pairs: list[tuple[int, int, float]] | None = None) -> list[Clash]:
    """Pairs of cut-outs with less than the minimum web between them both sideways and in depth (``pairs``:
    those near each other in plan, :func:`near_pairs`, where already found)."""
    web = layout.mechanics.min_web
    items = cutouts(layout) if items is None else items
    found = []
    for i, j, side in near_pairs(items, web) if pairs is None else pairs:
        a, b = items[i], items[j]
        depth = max(a.z_top, b.z_top) - min(a.z_bottom, b.z_bottom)
        if depth < web:
            found.append(Clash(a, b, side, depth))
    return found


def near_pairs(items: list[Cutout], web: float) -> list[tuple[int, int, float]]:
    """The pairs of cut-outs (by index) closer than ``web`` in plan, and how close; not a pocket and what
    is part of its cut (its plug notches, its wire exits, the face sensor's hole)."""
    found = []
    boxes = [item.box for item in items]
    order = sorted(range(len(items)), key=lambda n: boxes[n][0])
    for k, i in enumerate(order):
        a, (_ax0, ay0, ax1, ay1) = items[i], boxes[i]
        for j in order[k + 1:]:
            bx0, by0, _bx1, by1 = boxes[j]
            if bx0 >= ax1 + web:
                break  # sorted by their left edges: none further on comes near
            if by0 >= ay1 + web or ay0 >= by1 + web:
                continue
            b = items[j]
            if a.part_of == b.name or b.part_of == a.name or (a.part_of and a.part_of == b.part_of):
                continue  # a pocket and its notches are one cut
            side = plan_gap(a, b)
            if side < web:
                found.append((min(i, j), max(i, j), side))
    return sorted(found)


class _TablesPlan:
    """Where the tables face's points, bar and trays are on the slab (Y up from player 1's edge)."""

    def __init__(self, layout: Layout) -> None:
        g, m = layout.geometry, layout.mechanics
        self.layout = layout
        self.ox, self.oy = m.tables_origin
        self.edge = m.edge_strip
        self.point_w = g.point_width_mm
        self.pitch = g.slot_pitch_mm
        self.quarter = 6 * g.point_width_mm
        self.bar_x = self.ox + self.quarter
        self.right = self.bar_x + g.bar_width_mm
        self.tray_x = self.right + self.quarter + m.tray_gap
        self.height = 2 * m.edge_strip + 2 * layout.ladders["point"] * g.slot_pitch_mm + m.middle
        self.middle_y = self.oy + self.height / 2

    def column(self, kind: str, index: int) -> tuple[float, bool]:
        """Centre X of a point's, bar's or tray's ladder and whether it runs from player 1's edge."""
        g = self.layout.geometry
        if kind == "bar":
            return self.bar_x + g.bar_width_mm / 2, index == 1
        if kind == "tray":
            return self.tray_x + g.tray_width_mm / 2, index == 1
        if index <= 6:
            left = self.right + (6 - index) * self.point_w
        elif index <= 12:
            left = self.ox + (12 - index) * self.point_w
        elif index <= 18:
            left = self.ox + (index - 13) * self.point_w
        else:
            left = self.right + (index - 19) * self.point_w
        return left + self.point_w / 2, index <= 12

    def slot_y(self, lower: bool, slot: float) -> float:
        """Y of a slot's centre (slot 1 at the board's edge; fractions allowed)."""
        offset = self.edge + (slot - 0.5) * self.pitch
        return self.oy + offset if lower else self.oy + self.height - offset

    def led_y(self, lower: bool) -> float:
        return self.oy + self.edge / 2 if lower else self.oy + self.height - self.edge / 2


def _square_centre(layout: Layout, square: int) -> tuple[float, float]:
    """A dark square's centre in the draughts face's own coordinates (White's edge at Y = 0)."""
    side = layout.geometry.square_mm
    row = (square - 1) // 4  # 0 = Black's edge, at the top
    column = 2 * ((square - 1) % 4) + (1 if row % 2 == 0 else 0)
    ox, oy = layout.mechanics.draughts_origin
    return ox + (column + 0.5) * side, oy + (7 - row + 0.5) * side


def _from_face(m: Mechanics, face: str, depth: float, start: float = 0.0) -> tuple[float, float]:
    """The Z range of a cut from ``start`` to ``depth`` below a face, as Z from the tables face."""
    if face == "tables":
        return start, depth
    return m.thickness - depth, m.thickness - start


def _tables_cutouts(layout: Layout) -> Iterator[Cutout]:
    m, plan = layout.mechanics, _TablesPlan(layout)
    ladders = [(kind, index) for kind, count in (("point", 24), ("bar", 2), ("tray", 2))
               for index in range(1, count + 1)]
    groove_z = _from_face(m, "tables", m.skin + m.carrier_depth, m.skin)
    start, end = sensing(layout, "ladder").margins  # the carrier past its first and last slot
    for kind, index in ladders:
        x, lower = plan.column(kind, index)
        slots = layout.ladders[kind]
        way = 1 if lower else -1  # from slot 1, at the board's edge, towards the middle
        first = plan.slot_y(lower, 1) - way * (start + m.carrier_end)
        last = plan.slot_y(lower, slots) + way * (end + m.carrier_end)
        yield Cutout("tables", "groove", f"{kind} {index}", x, (first + last) / 2,
                     (m.carrier_width, abs(last - first)), False, *groove_z, m.skin + m.carrier_depth)
        led = layout.led_for(kind, index)
        yield _round("tables", "led", led.place, x, plan.led_y(lower), m.led_diameter, m.led_depth, m)
    for n, x in enumerate(m.chain_board_xs, start=1):
        yield Cutout("tables", "chain board", str(n), x, plan.middle_y, m.chain_board_size, False,
                     *_from_face(m, "tables", m.chain_board_depth), m.chain_board_depth)
    for die in (1, 2):  # one above the other in the middle band by the bar, each towards its player
        cx, cy = m.dice_x, plan.middle_y + (-m.dice_offset if die == 1 else m.dice_offset)
        pocket = Cutout("tables", "die board", f"die {die}", cx, cy, m.dice_pocket, False,
                        *_from_face(m, "tables", m.dice_depth), m.dice_depth)
        yield pocket
        for pip, (column, row) in PIP_CELLS.items():  # drilled through the skin once it is glued on
            x, y = cx + (column - 1) * m.pip_pitch, cy - (row - 1) * m.pip_pitch
            yield Cutout("tables", "pip window", f"die {die} pip {pip}", x, y, (m.pip_window, m.pip_window),
                         True, *_from_face(m, "tables", m.skin), m.skin, part_of=pocket.name)


def _draughts_cutouts(layout: Layout) -> Iterator[Cutout]:
    m = layout.mechanics
    start, end = sensing(layout, "row").margins  # the carrier past its first and last square
    groove_z = _from_face(m, "draughts", m.skin + m.carrier_depth, m.skin)
    for row in range(8):
        squares = range(4 * row + 1, 4 * row + 5)
        centres = [_square_centre(layout, s) for s in squares]
        xs = [x for x, _ in centres]
        low, high = min(xs) - start - m.carrier_end, max(xs) + end + m.carrier_end
        x, y = m.to_slab("draughts", (low + high) / 2, centres[0][1])
        length = high - low
        yield Cutout("draughts", "groove", f"row {row + 1} (squares {squares[0]}-{squares[-1]})", x, y,
                     (length, m.carrier_width), False, *groove_z, m.skin + m.carrier_depth)
        for square, (cx, cy) in zip(squares, centres, strict=True):
            led_x, led_y = m.to_slab("draughts", cx + SQUARE_LED_OFFSET[0], cy + SQUARE_LED_OFFSET[1])
            yield _round("draughts", "led", f"square {square}", led_x, led_y, m.led_diameter, m.led_depth, m)
    bx, by = m.main_board_centre
    pocket = Cutout("draughts", "main board", "Pico and USB", bx, by, m.main_board_size, False,
                    *_from_face(m, "draughts", m.main_board_depth), m.main_board_depth)
    yield pocket
    yield from _hatch(m, pocket)


def _hatch(m: Mechanics, pocket: Cutout) -> Iterator[Cutout]:
    """The service hatch over the main board's pocket: a panel cut free of the draughts skin, resting
    on the pocket's rim, and the pilot holes of its screws in the rim (they pass through the hatch)."""
    width, height = pocket.size[0] + 2 * m.hatch_margin, pocket.size[1] + 2 * m.hatch_margin
    hatch = Cutout("draughts", "hatch", "over the main board", pocket.x, pocket.y, (width, height), False,
                   *_from_face(m, "draughts", m.skin), m.skin, part_of=pocket.name)
    yield hatch
    diameter, depth = m.hatch_screw_hole
    for n, (dx, dy) in enumerate(m.hatch_screws, start=1):
        screw = _round("draughts", "hatch screw", str(n), pocket.x + dx, pocket.y + dy, diameter, depth, m)
        yield replace(screw, part_of=hatch.name)


def _edge_cutouts(layout: Layout) -> Iterator[Cutout]:
    m = layout.mechanics
    mid = m.thickness / 2
    for player, y_edge in ((1, 0.0), (2, m.slab_y)):
        inward = 1 if player == 1 else -1
        y = y_edge + inward * m.button_depth / 2
        yield Cutout("edge", "button", f"player {player}", m.button_x, y, (m.button_diameter, m.button_depth),
                     False, mid - m.button_diameter / 2, mid + m.button_diameter / 2, m.button_depth)
        # the status LED's module in its pocket from the tables face, its light pipe over it from the edge
        status = layout.led_for("status", player).place
        pocket = _round("tables", "led", status, m.status_x, y_edge + inward * m.status_depth, m.led_diameter,
                        m.status_pocket_depth, m)
        yield pocket
        y = y_edge + inward * m.status_depth / 2
        yield Cutout("edge", "status", f"player {player}", m.status_x, y, (m.status_diameter, m.status_depth),
                     False, m.status_z - m.status_diameter / 2, m.status_z + m.status_diameter / 2,
                     m.status_depth, part_of=pocket.name)
    width, height = m.usb_size
    socket = Cutout("edge", "usb", "USB-C socket", m.slab_x - m.usb_depth / 2, m.usb_y, (m.usb_depth, width),
                    False, mid - height / 2, mid + height / 2, m.usb_depth)
    yield socket
    diameter, depth = m.usb_screw_hole  # the USB board's faceplate is screwed to the edge (fits.FACEPLATE)
    for n, (along, across) in enumerate(m.usb_screws, start=1):
        z = mid + across
        yield Cutout("edge", "usb screw", str(n), m.slab_x - depth / 2, m.usb_y + along, (depth, diameter),
                     False, z - diameter / 2, z + diameter / 2, depth, part_of=socket.name)


def _round(face: str, kind: str, place: str, x: float, y: float, diameter: float, depth: float,
           m: Mechanics) -> Cutout:
    return Cutout(face, kind, place, x, y, (diameter, diameter), True, *_from_face(m, face, depth), depth)
