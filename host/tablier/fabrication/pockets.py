"""The boards in their pockets and grooves: how tall each stands with every part on it, and the notches
its plugs need in the pocket's wall, from the boards' layouts (:mod:`tablier.fabrication.pcb_layouts`).

A board lies centred in its pocket (or along its groove), its components up towards the face the cut is
made from, its own X along that face's X (seen with the face up). Every part stands its height over the
board (:mod:`tablier.fabrication.heights`: ``hardware/kicad/footprints.csv``, each figure with its source; a
JST-PH header with its plug in); what stands under a board (the LED module's wire joints) lifts it off
the floor, and so do the clipped pins of its through-hole parts. The board and its tallest part must fit the
depth its cut leaves under the skin (:func:`recesses`, :func:`pocket_problems`). A side-entry plug goes
in through the header's mouth (the front of its body in the footprint's fabrication outline): where it
and its wires (``mechanics.plugs``: ``reach_mm`` from the mouth, ``side_mm`` beside the body) reach past
the pocket's wall, the wall gets a notch as deep as the pocket (:func:`plug_notches`), a cut-out like
any other; the face sensor stands upright in a hole just past its lead's notch (:func:`face_sensor_hole`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tablier.fabrication.cutout import Cutout, plan_gap, slab_point
from tablier.fabrication.heights import Height, HeightsError, footprint_heights, height_of
from tablier.fabrication.kicad_pcb import Part, Pcb
from tablier.fabrication.sexpr import find
from tablier.fabrication.wire_exits import wires_under
from tablier.hardware.layout import Layout


@dataclass(frozen=True)
class Header:
    """A JST-PH header of a board in a pocket, in the board's coordinates (mm, Y up)."""

    board: str
    ref: str
    side_entry: bool
    height: float  # over the board, with its plug in
    mouth: tuple[float, float]  # the middle of its mouth (side entry)
    facing: tuple[int, int]  # the way out of its mouth, along the board's X or Y
    width: float  # of its body, across the mouth


@dataclass(frozen=True)
class Recess:
    """A board in its cut-out of the slab and the room that cut-out leaves it under the skin."""

    pcb: Pcb
    cut: str  # how a sentence names the cut-out: "the 10 mm pocket", "the 4 mm groove"
    floor: str  # "its pocket's floor", "its groove's floor"
    room: float  # from the floor to the skin's underside


@dataclass(frozen=True)
class Stack:
    """How tall a board stands in its cut-out: what is under it, the board and its tallest part."""

    under: float
    under_by: str  # what is under it: "clipped pins" (of its through-hole headers) or "joints"
    board: float  # the board's thickness
    tallest: str  # the reference of its tallest part on top
    height: float  # that part's height over the board
    wires: float = 0.0  # its wires, where they run between it and the floor (no wire exit under it)

    @property
    def total(self) -> float:
        """From the cut-out's floor to the top of the tallest part."""
        return round(self.under + self.wires + self.board + self.height, 3)


def pocket_of(board: str, items: list[Cutout]) -> Cutout:
    """The cut-out a board lies in: ``main-board`` in the main board's, ``chain-board-3`` in chain
    board 3's."""
    kind, place = ("main board", None) if board == "main-board" else ("chain board", board.rsplit("-", 1)[1])
    return next(item for item in items if item.kind == kind and place in (None, item.place))


#: By layout hash (the boards are drawn from the electrical layout alone) and sensor (its carriers).
_BOARDS: dict[tuple[str, str], tuple[list[Pcb], list[Pcb]]] = {}
_HEADERS: dict[str, list[tuple[Pcb, list[Header]]]] = {}


def _boards(layout: Layout) -> tuple[list[Pcb], list[Pcb]]:
    """The boards in pockets (the main board, the chain boards) and in grooves and LED pockets (the two
    carriers, the LED module), placed (needs KiCad's footprint library)."""
    from tablier.fabrication.pcb_layouts import groove_boards, pocket_boards

    key = (layout.hash, layout.mechanics.sensor)
    if key not in _BOARDS:
        _BOARDS[key] = (pocket_boards(layout), groove_boards(layout))
    return _BOARDS[key]


def board_headers(layout: Layout) -> list[tuple[Pcb, list[Header]]]:
    """Each board that lies in a pocket and its headers (needs KiCad's footprint library)."""
    if layout.hash not in _HEADERS:
        heights = footprint_heights()
        _HEADERS[layout.hash] = [
            (pcb, [_header(pcb.name, ref, part, height_of(part.lib_id, heights).mm)
                   for ref, part in sorted(pcb.parts.items())
                   if part.lib_id.startswith("Connector_JST:JST_PH_")])
            for pcb in _boards(layout)[0]]
    return _HEADERS[layout.hash]


def recesses(layout: Layout, items: list[Cutout]) -> list[Recess]:
    """Every board that lies in a cut-out, with the room under the skin its cut-out leaves it: the main
    board and the chain boards in their pockets, the carriers in their grooves (``carrier.depth_mm`` into
    the core), the LED module in its LED pocket (``holes.led_depth_mm`` from the face), a die board in its
    pocket (``dice.depth_mm``)."""
    m = layout.mechanics
    in_pockets, in_grooves = _boards(layout)
    found = []
    for pcb in in_pockets:
        pocket = pocket_of(pcb.name, items)
        found.append(Recess(pcb, f"the {pocket.depth:g} mm pocket", "its pocket's floor",
                            pocket.depth - m.skin))
    for pcb in in_grooves:
        if pcb.name == "led-module":
            found.append(Recess(pcb, f"the {m.led_depth:g} mm LED pocket", "its pocket's floor",
                                m.led_depth - m.skin))
        elif pcb.name == "die-board":
            found.append(Recess(pcb, f"the {m.dice_depth:g} mm die board pocket", "its pocket's floor",
                                m.dice_depth - m.skin))
        else:
            found.append(Recess(pcb, f"the {m.carrier_depth:g} mm groove", "its groove's floor",
                                m.carrier_depth))
    return found


def stack_of(pcb: Pcb, pin_joint_mm: float, heights: dict[str, Height] | None = None,
             wires: float = 0.0) -> Stack:
    """How tall a board stands: what is under it (a part on its underside, or the joints of its
    through-hole pads: clipped pins stand ``pin_joint_mm``; and ``wires`` mm of its wires where they run
    under it), the board, its tallest part on top."""
    table = footprint_heights() if heights is None else heights
    parts = [(ref, height_of(part.lib_id, table)) for ref, part in sorted(pcb.parts.items())]
    beneath = [(h.mm, "joints") for _ref, h in parts if h.side == "bottom"]
    beneath += [(h.under_mm(pin_joint_mm), "joints" if h.under is not None else "clipped pins")
                for _ref, h in parts]
    under = max((mm for mm, _by in beneath), default=0.0)
    under_by = "clipped pins" if (under, "clipped pins") in beneath else "joints"
    ref, top = max(((r, h) for r, h in parts if h.side == "top"), key=lambda item: item[1].mm)
    return Stack(under, under_by if under else "", pcb.thickness, ref, top.mm, wires)


def pocket_problems(layout: Layout, items: list[Cutout]) -> list[str]:
    """Boards larger than their pockets, parts without a height, and parts that with the board (and what
    is under it: a part on its underside, the joints of its through-hole pins) stand higher than the depth
    their cut-out leaves under the skin."""
    problems = []
    for pcb in _boards(layout)[0]:
        pocket = pocket_of(pcb.name, items)
        if pcb.width > pocket.size[0] or pcb.height > pocket.size[1]:
            problems.append(f"{_label(pcb)} PCB ({pcb.width:g} x {pcb.height:g} mm) does not fit its "
                            f"{pocket.size[0]:g} x {pocket.size[1]:g} mm pocket")
    heights = footprint_heights()
    under = wires_under(layout, items)
    for recess in recesses(layout, items):
        pcb = recess.pcb
        wires = under.get(pcb.name)
        try:
            stack = stack_of(pcb, layout.mechanics.pin_joint, heights, wires.diameter if wires else 0.0)
        except HeightsError as error:
            problems.append(f"{_label(pcb)} PCB: {error} (add it, with its source)")
            continue
        below = f"{stack.under:g} mm of {stack.under_by} under it + " if stack.under else ""
        if wires:
            below += f"{wires.diameter:g} mm of {wires.wire} under it ({wires.why}) + "
        for ref, part in sorted(pcb.parts.items()):
            height = heights[part.lib_id]
            total = stack.under + stack.wires + pcb.thickness + height.mm
            if height.side == "top" and total > recess.room + 1e-9:
                problems.append(f"{_label(pcb)} PCB: {ref} ({height.part}) stands {total:.2f} mm over "
                                f"{recess.floor} ({below}{pcb.thickness:g} mm board + {height.mm:g} mm), "
                                f"more than the {recess.room:g} mm {recess.cut} leaves under the skin")
    return problems


def clearance_under_skin(layout: Layout, items: list[Cutout]) -> dict[str, float]:
    """For each board in a cut-out, the room left between its tallest part and the skin."""
    under = wires_under(layout, items)
    return {recess.pcb.name: round(recess.room - stack_of(
        recess.pcb, layout.mechanics.pin_joint,
        wires=under[recess.pcb.name].diameter if recess.pcb.name in under else 0.0).total, 3)
        for recess in recesses(layout, items)}


def _label(pcb: Pcb) -> str:
    return pcb.name.replace("-", " ")


def plug_notches(layout: Layout, items: list[Cutout]) -> list[Cutout]:
    """The notch in front of each side-entry header's mouth whose plug reaches past its pocket's wall."""
    m = layout.mechanics
    notches = []
    for pcb, headers in board_headers(layout):
        pocket = pocket_of(pcb.name, items)
        for header in headers:
            if not header.side_entry:
                continue
            notch = _notch(layout, pcb, pocket, header, m.plug_reach, header.width / 2 + m.plug_side)
            if notch is not None:
                notches.append(notch)
    return notches


#: How far the face sensor's hole reaches back into its lead's notch: a 2 mm deep opening through which
#: the lead's wires pass from the plug down to the switch.
INTO_NOTCH_MM = 2.0
SLIDE_STEP_MM = 0.05


def face_sensor_hole(layout: Layout, items: list[Cutout], notches: list[Cutout]) -> Cutout | None:
    """The round hole the face sensor (a ball tilt switch) stands upright in, leads down, cut from the face
    of the pocket of the board its lead plugs into: ``mechanics.face_sensor`` wide and deep from that face,
    just past the end of its lead's plug notch and opening into it (part of the pocket's cut); slid across
    the notch, if need be, to leave ``min_web_mm`` to the pocket's other notches. None if no board in a
    pocket has the face sensor's lead."""
    face = next((s for s in layout.switches if s.kind == "face"), None)
    if face is None:
        return None
    for pcb, headers in board_headers(layout):
        lead = next((h for h in headers if pcb.parts[h.ref].nets.get("1") == f"IN{face.id}"), None)
        if lead is None:
            continue
        pocket = pocket_of(pcb.name, items)
        others = [n for n in notches if n.part_of == pocket.name and n.place != f"{_label(pcb)} {lead.ref}"]
        steps = int(lead.width / 2 / SLIDE_STEP_MM)
        holes = (_hole(layout, pcb, pocket, lead, SLIDE_STEP_MM * k * sign)
                 for k in range(steps + 1) for sign in (1, -1))
        web = layout.mechanics.min_web
        return next((hole for hole in holes if all(plan_gap(hole, n) >= web for n in others)),
                    _hole(layout, pcb, pocket, lead, 0.0))
    return None


def _hole(layout: Layout, pcb: Pcb, pocket: Cutout, lead: Header, slide: float) -> Cutout:
    """The face sensor's hole past ``lead``'s notch, ``slide`` mm across it."""
    m = layout.mechanics
    out = m.plug_reach + m.face_sensor_diameter / 2 - INTO_NOTCH_MM
    across = (-lead.facing[1], lead.facing[0])
    x, y = slab_point(layout, pcb, pocket, (lead.mouth[0] + out * lead.facing[0] + slide * across[0],
                                              lead.mouth[1] + out * lead.facing[1] + slide * across[1]))
    depth, size = m.face_sensor_depth, (m.face_sensor_diameter, m.face_sensor_diameter)
    z = (0.0, depth) if pocket.face == "tables" else (m.thickness - depth, m.thickness)
    return Cutout(pocket.face, "face sensor", f"tilt switch ({_label(pcb)} {lead.ref})", round(x, 3),
                  round(y, 3), size, True, *z, depth, part_of=pocket.name)


def _notch(layout: Layout, pcb: Pcb, pocket: Cutout, header: Header, reach: float,
           half: float) -> Cutout | None:
    face = pocket.face
    mx, my = slab_point(layout, pcb, pocket, header.mouth)
    ex, ey = slab_point(layout, pcb, pocket, (header.mouth[0] + reach * header.facing[0],
                                               header.mouth[1] + reach * header.facing[1]))
    px0, py0, px1, py1 = pocket.box
    if header.facing[0]:  # out along X: the notch runs from the wall to the reach, across Y
        wall = px1 if ex > mx else px0
        if (ex - wall) * (ex - mx) <= 0:
            return None
        x, size = (wall + ex) / 2, (abs(ex - wall), 2 * half)
        y = my
    else:
        wall = py1 if ey > my else py0
        if (ey - wall) * (ey - my) <= 0:
            return None
        y, size = (wall + ey) / 2, (2 * half, abs(ey - wall))
        x = mx
    place = f"{_label(pcb)} {header.ref}"
    return Cutout(face, "plug notch", place, round(x, 3), round(y, 3), (round(size[0], 3), round(size[1], 3)),
                  False, pocket.z_top, pocket.z_bottom, pocket.depth, part_of=pocket.name)


def _header(board: str, ref: str, part: Part, height: float) -> Header:
    """A placed JST-PH header: its height and, from its footprint's fabrication outline, its mouth."""
    side_entry = part.lib_id.endswith("_Horizontal")
    xs: list[float] = []
    ys: list[float] = []
    for node in part.source:
        if isinstance(node, list) and node[:1] == ["fp_line"]:
            layer = find(node, "layer")
            if layer is None or str(layer[1]) != "F.Fab":
                continue
            for key in ("start", "end"):
                point = find(node, key)
                assert point is not None
                xs.append(float(str(point[1])))
                ys.append(float(str(point[2])))
    # the body runs from the pins towards +Y of the footprint (KiCad's Y is down): the mouth is its far end
    mouth = _on_board(part, (min(xs) + max(xs)) / 2, max(ys))
    ahead = _on_board(part, (min(xs) + max(xs)) / 2, max(ys) + 1)
    facing = (round(ahead[0] - mouth[0]), round(ahead[1] - mouth[1]))
    return Header(board, ref, side_entry, height, mouth, facing, round(max(xs) - min(xs), 3))


def _on_board(part: Part, fx: float, fy: float) -> tuple[float, float]:
    """A point of a footprint (its own mm, Y down) on the board (mm, Y up), as KiCad turns it."""
    px, py = fx, -fy
    turn = math.radians(part.angle)
    return (round(part.x + px * math.cos(turn) - py * math.sin(turn), 4),
            round(part.y + px * math.sin(turn) + py * math.cos(turn), 4))
