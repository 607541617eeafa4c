"""The boards in their pockets: how tall each stands with its headers and plugs, and the notches its
plugs need in the pocket's wall, from the boards' layouts
(:func:`tablier.hardware.pcb_layouts.pocket_boards`).

A board lies centred in its pocket, its components up towards the face the pocket is cut from, its
own X along that face's X (seen with the face up). Each JST-PH header stands :data:`SIDE_ENTRY_MM`
(side entry) or :data:`TOP_ENTRY_WITH_PLUG_MM` (top entry, with its plug in) over the board; with the
board's :data:`~tablier.hardware.kicad_pcb.BOARD_MM` that must fit the depth its pocket leaves under
the skin (:func:`pocket_problems`). A side-entry plug goes in through the header's mouth (the front
of its body in the footprint's fabrication outline): where it and its wires (``mechanics.plugs``:
``reach_mm`` from the mouth, ``side_mm`` beside the body) reach past the pocket's wall, the wall gets a
notch as deep as the pocket (:func:`plug_notches`), a cut-out like any other.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tablier.hardware.cutouts import Cutout
from tablier.hardware.kicad_pcb import BOARD_MM, Part, Pcb
from tablier.hardware.layout import Layout
from tablier.hardware.sexpr import find

#: A side-entry JST-PH header (S*B-PH-K) over the board, its plug inside that height: the top of its
#: housing in KiCad's 3D model of it (kicad-packages3D, ``JST_PH_S2B-PH-K_1x02_P2.00mm_Horizontal.wrl``;
#: its footprint cites JST's PH catalogue, ``ePH.pdf``): 4.80 mm, 4.85 mm at a small ridge at the
#: front of its top.
SIDE_ENTRY_MM = 4.85
#: A top-entry JST-PH header (B*B-PH-K) with its plug in: JST's PH catalogue gives the connector as
#: "7.5 mm in height after mounting" (its wires then leave upwards, higher still).
TOP_ENTRY_WITH_PLUG_MM = 7.5


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


def pocket_of(board: str, items: list[Cutout]) -> Cutout:
    """The cut-out a board lies in: ``main-board`` in the main board's, ``chain-board-3`` in chain
    board 3's."""
    kind, place = ("main board", None) if board == "main-board" else ("chain board", board.rsplit("-", 1)[1])
    return next(item for item in items if item.kind == kind and place in (None, item.place))


_HEADERS: dict[str, list[tuple[Pcb, list[Header]]]] = {}  # by layout hash: the boards are electrical


def board_headers(layout: Layout) -> list[tuple[Pcb, list[Header]]]:
    """Each board that lies in a pocket and its headers (needs KiCad's footprint library)."""
    from tablier.hardware.pcb_layouts import pocket_boards

    if layout.hash not in _HEADERS:
        _HEADERS[layout.hash] = [
            (pcb, [_header(pcb.name, ref, part) for ref, part in sorted(pcb.parts.items())
                   if part.lib_id.startswith("Connector_JST:JST_PH_")])
            for pcb in pocket_boards(layout)]
    return _HEADERS[layout.hash]


def pocket_problems(layout: Layout, items: list[Cutout]) -> list[str]:
    """Boards larger than their pockets, and headers that with their plugs stand higher than the depth
    their pocket leaves under the skin."""
    m = layout.mechanics
    problems = []
    for pcb, headers in board_headers(layout):
        pocket = pocket_of(pcb.name, items)
        label = pcb.name.replace("-", " ")
        if pcb.width > pocket.size[0] or pcb.height > pocket.size[1]:
            problems.append(f"{label} PCB ({pcb.width:g} x {pcb.height:g} mm) does not fit its "
                            f"{pocket.size[0]:g} x {pocket.size[1]:g} mm pocket")
        room = pocket.depth - m.skin
        for header in headers:
            stack = BOARD_MM + header.height
            if stack > room + 1e-9:
                kind = "side-entry" if header.side_entry else "top-entry"
                problems.append(f"{label} PCB: {header.ref} ({kind} JST-PH) with its plug stands "
                                f"{stack:.2f} mm over its pocket's floor ({BOARD_MM:g} mm board + "
                                f"{header.height:g} mm), more than the {room:g} mm the {pocket.depth:g} mm "
                                "pocket leaves under the skin")
    return problems


def clearance_under_skin(layout: Layout, items: list[Cutout]) -> dict[str, float]:
    """For each board in a pocket, the room left between its tallest header (with its plug) and the skin."""
    room = {}
    for pcb, headers in board_headers(layout):
        pocket = pocket_of(pcb.name, items)
        tallest = max((h.height for h in headers), default=0.0)
        room[pcb.name] = round(pocket.depth - layout.mechanics.skin - BOARD_MM - tallest, 3)
    return room


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


def _notch(layout: Layout, pcb: Pcb, pocket: Cutout, header: Header, reach: float,
           half: float) -> Cutout | None:
    m = layout.mechanics
    face = pocket.face
    fx, fy = m.from_slab(face, pocket.x, pocket.y)
    x0, y0 = fx - pcb.width / 2, fy - pcb.height / 2  # the board's lower left corner, in the face's view
    mx, my = m.to_slab(face, x0 + header.mouth[0], y0 + header.mouth[1])
    ex, ey = m.to_slab(face, x0 + header.mouth[0] + reach * header.facing[0],
                       y0 + header.mouth[1] + reach * header.facing[1])
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
    place = f"{pcb.name.replace('-', ' ')} {header.ref}"
    return Cutout(face, "plug notch", place, round(x, 3), round(y, 3), (round(size[0], 3), round(size[1], 3)),
                  False, pocket.z_top, pocket.z_bottom, pocket.depth, part_of=pocket.name)


def _header(board: str, ref: str, part: Part) -> Header:
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
    height = SIDE_ENTRY_MM if side_entry else TOP_ENTRY_WITH_PLUG_MM
    return Header(board, ref, side_entry, height, mouth, facing, round(max(xs) - min(xs), 3))


def _on_board(part: Part, fx: float, fy: float) -> tuple[float, float]:
    """A point of a footprint (its own mm, Y down) on the board (mm, Y up), as KiCad turns it."""
    px, py = fx, -fy
    turn = math.radians(part.angle)
    return (round(part.x + px * math.cos(turn) - py * math.sin(turn), 4),
            round(part.y + px * math.sin(turn) + py * math.cos(turn), 4))
