"""The wire exits: where the wires of a board soldered underneath leave it, below its pocket's floor.

The LED modules and the die boards have their wire pads underneath (``hardware/kicad/tablier.pretty``:
the wires soldered from below). A wire between a board and its pocket's floor would lift the board by
its thickness, so under each row of those pads (a connector: the wires in, the wires out) the pocket's
floor has a rectangular **wire exit** ``[mechanics.wire_exit] drop_mm`` deeper, reaching
``margin_mm`` past the pads; the board rests on the floor around it, the wires drop from its pads into the
exit and leave along it into their channel, which is at least as deep (``[mechanics.wiring]``). Each exit
is a cut-out of its pocket (:func:`wire_exits`), so the collision check holds it clear of everything else,
the other face's cut-outs included; the height check counts the wires under a board whose exits are
missing or too shallow for its thickest wire (:func:`wires_under`), and :func:`exit_problems` refuses
channels that would make the wires climb out of an exit. A pocket deeper than the channels (a status
LED's, under its light pipe) has a **wire well** beside it, a 5 mm square hole as deep as its exit,
where its channel ends and its wires go down.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablier.fabrication.cutout import Cutout, slab_point
from tablier.fabrication.kicad_pcb import Pcb
from tablier.fabrication.wiring import harnesses
from tablier.hardware.layout import Layout

#: The boards whose wires are soldered underneath, by the kind of pocket they lie in.
BOARD_OF_POCKET = {"led": "led-module", "die board": "die-board"}
#: What each of their wire-pad connectors carries.
ROLES = {"J1": "in", "J2": "out"}
WELL_MM = 5.0  # a wire well: as wide as a channel
WELL_INTO = 1.0  # how far a wire well reaches into its pocket's wall


@dataclass(frozen=True)
class WiresUnder:
    """A board whose wires run between it and its pocket's floor: the thickest of them, and why."""

    wire: str
    diameter: float
    why: str


def pad_rows(pcb: Pcb) -> dict[str, tuple[float, float, float, float]]:
    """Each wire-pad connector soldered underneath (its pads on the bottom copper only): the box round its
    pads, ``(x0, y0, x1, y1)`` in the board's own mm (Y up)."""
    rows: dict[str, tuple[float, float, float, float]] = {}
    for ref in sorted(pcb.parts):
        if ref not in ROLES:
            continue
        boxes = []
        for node in pcb.parts[ref].source:
            if isinstance(node, list) and node[:1] == ["pad"]:
                pad = pcb.pad_info(ref, str(node[1]))
                if "F.Cu" in pad.layers or "B.Cu" not in pad.layers:
                    break
                across = round(pad.angle) % 180 == 90
                w, h = (pad.size[1], pad.size[0]) if across else pad.size
                boxes.append((pad.x - w / 2, pad.y - h / 2, pad.x + w / 2, pad.y + h / 2))
        else:
            if boxes:
                rows[ref] = (min(b[0] for b in boxes), min(b[1] for b in boxes),
                             max(b[2] for b in boxes), max(b[3] for b in boxes))
    return rows


def wire_exits(layout: Layout, items: list[Cutout], boards: dict[str, Pcb]) -> list[Cutout]:
    """The wire exits of every pocket holding an LED module or a die board (``boards``: those boards by
    name, laid out), one under each row of wire pads, named by its pocket's place and role (``point 7
    in``). A pocket deeper than the channels (a status LED's, under its light pipe) has one exit under
    both rows, reaching a wire well beside the pocket (towards the slab's middle) that takes the wires down
    from the channels. None while ``drop_mm`` is 0."""
    m = layout.mechanics
    if m.exit_drop <= 0:
        return []
    found = []
    for pocket in items:
        pcb = boards.get(BOARD_OF_POCKET.get(pocket.kind, ""))
        if pcb is None:
            continue
        depth = pocket.depth + m.exit_drop
        z = ((pocket.depth, depth) if pocket.face == "tables"
             else (m.thickness - depth, m.thickness - pocket.depth))
        boxes = {}
        for ref, (x0, y0, x1, y1) in pad_rows(pcb).items():
            corners = [slab_point(layout, pcb, pocket, (x, y))
                       for x in (x0 - m.exit_margin, x1 + m.exit_margin)
                       for y in (y0 - m.exit_margin, y1 + m.exit_margin)]
            boxes[ROLES[ref]] = (min(x for x, _y in corners), min(y for _x, y in corners),
                                 max(x for x, _y in corners), max(y for _x, y in corners))
        if pocket.depth - m.skin > m.channel_core_depth + 1e-9:  # a floor under the channels: a well
            toward = 1 if pocket.y < m.slab_y / 2 else -1
            wy = round(pocket.y + toward * (pocket.size[1] / 2 + WELL_MM / 2 - WELL_INTO), 3)
            from_face = (0.0, depth) if pocket.face == "tables" else (m.thickness - depth, m.thickness)
            well = Cutout(pocket.face, "wire well", pocket.place, pocket.x, wy, (WELL_MM, WELL_MM), False,
                          *from_face, depth, part_of=pocket.name)
            sides = zip(*boxes.values(), well.box, strict=True)
            x0, y0, x1, y1 = (f(v) for f, v in zip((min, min, max, max), sides, strict=True))
            found += [well, Cutout(pocket.face, "wire exit", f"{pocket.place} in", round((x0 + x1) / 2, 3),
                                   round((y0 + y1) / 2, 3), (round(x1 - x0, 3), round(y1 - y0, 3)), False,
                                   *z, depth, part_of=pocket.name)]
            continue
        for role, (x0, y0, x1, y1) in boxes.items():
            found.append(Cutout(pocket.face, "wire exit", f"{pocket.place} {role}", round((x0 + x1) / 2, 3),
                                round((y0 + y1) / 2, 3), (round(x1 - x0, 3), round(y1 - y0, 3)), False,
                                *z, depth, part_of=pocket.name))
    return found


def wires_under(layout: Layout, items: list[Cutout]) -> dict[str, WiresUnder]:
    """The boards whose wires run under them, by board name: those in a pocket without wire exits, or
    with exits shallower than the thickest wire that arrives there."""
    m = layout.mechanics
    thickest: dict[str, tuple[float, str]] = {}
    for harness in harnesses(layout, items):
        for end in (harness.start, harness.end):
            pocket = next((i for i in items if i.name == (end.part_of or end.name)), end)
            board = BOARD_OF_POCKET.get(pocket.kind)
            if board is not None:
                this = (harness.wire.outer_mm, harness.wire.name)
                thickest[board] = max(thickest.get(board, (0.0, "")), this)
    laid_out = any(item.kind == "plug notch" for item in items)  # else the exits are not placed yet
    exits = any(item.kind == "wire exit" for item in items) or (not laid_out and m.exit_drop > 0)
    found = {}
    for board, (diameter, wire) in sorted(thickest.items()):
        if not exits:
            found[board] = WiresUnder(wire, diameter, "its pocket has no wire exit")
        elif m.exit_drop < diameter:
            found[board] = WiresUnder(wire, diameter, f"its pocket's wire exits are {m.exit_drop:g} mm deep")
    return found


def exit_problems(layout: Layout, items: list[Cutout]) -> list[str]:
    """Wire channels shallower than the exits they serve: the wires would climb a step out of the exit
    and under the board's edge."""
    m = layout.mechanics
    wells = {i.part_of for i in items if i.kind == "wire well"}
    deepest = max((i.depth - m.skin for i in items if i.kind == "wire exit" and i.part_of not in wells),
                  default=0.0)
    if m.channel_core_depth + 1e-9 < deepest:
        return [f"the wire channels are {m.channel_core_depth:g} mm into the core, shallower than the "
                f"{deepest:g} mm of the wire exits they lead into (mechanics.wiring.channel_core_depth_mm)"]
    return []
