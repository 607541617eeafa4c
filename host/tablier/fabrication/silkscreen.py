"""What a board says on its silkscreen: every part's reference, the board's name and its connectors' labels.

A PCB house that assembles a board, and a maker who repairs one, find each part by the reference printed
beside it (``R3``, ``J7``) and each board by its name (``TABLIER chain-board-2``); the connectors carry
what they connect (``BUS IN``, ``POINT 7``). :func:`lay_silkscreen` places all of it where it clears
every pad and via (the solder mask's openings), every part's own outline and every other text, inside the
board's edge, trying sizes from 1 mm down to 0.8 mm (what PCB houses print legibly); KiCad's design-rule
check then finds no silkscreen over copper or over another silkscreen.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from tablier.errors import TablierError
from tablier.fabrication.kicad_pcb import VIA, Part, Pcb
from tablier.fabrication.sexpr import find

SIZES = (1.0, 0.8)  # text heights tried, largest first (mm)
CLEAR = 0.15  # between a text and what it must not touch
EDGE = 0.3  # a text inside the board's edge
CHAR = 0.92  # a character's advance over its height (KiCad's stroke font, capitals and digits, with room)
REACH = 8.0  # how far from its part a text may go when nothing nearer is free (mm)

Box = tuple[float, float, float, float]


class NoRoomForText(TablierError):
    """A text found no free place on its board."""


def _outline(part: Part, layer: str) -> Iterator[Box]:
    """The boxes of a footprint's lines and rectangles on ``layer``, on the board."""
    for node in part.source:
        if not isinstance(node, list) or node[:1] not in (["fp_line"], ["fp_rect"], ["fp_circle"]):
            continue
        on = find(node, "layer")
        if on is None or str(on[1]) != layer:
            continue
        start, end = find(node, "start"), find(node, "end")
        if start is None:
            start = find(node, "center")
        assert start is not None and end is not None
        a = _on_board(part, float(str(start[1])), float(str(start[2])))
        b = _on_board(part, float(str(end[1])), float(str(end[2])))
        if node[0] == "fp_circle":
            r = math.dist(a, b)
            yield a[0] - r, a[1] - r, a[0] + r, a[1] + r
        else:
            yield min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])


def _on_board(part: Part, fx: float, fy: float) -> tuple[float, float]:
    px, py = fx, -fy
    turn = math.radians(part.angle)
    return (part.x + px * math.cos(turn) - py * math.sin(turn),
            part.y + px * math.sin(turn) + py * math.cos(turn))


def courtyard(part: Part) -> Box:
    """The box of a part's courtyard on the board (its pads' if it has none)."""
    boxes = list(_outline(part, "F.CrtYd")) or list(_outline(part, "B.CrtYd"))
    if not boxes:
        return part.x - 1, part.y - 1, part.x + 1, part.y + 1
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


def _obstacles(pcb: Pcb, side: str) -> list[Box]:
    """What a text on ``side`` (``F`` or ``B``) must clear: the pads that side shows, every via, and the
    parts' own silkscreen outlines on that side."""
    boxes = []
    for _net, pad in pcb.pads():
        if f"{side}.Cu" not in pad.layers and "*.Cu" not in pad.layers:
            continue
        w, h = pad.size
        if round(pad.angle) % 180 == 90:
            w, h = h, w
        boxes.append((pad.x - w / 2, pad.y - h / 2, pad.x + w / 2, pad.y + h / 2))
    r = VIA[0] / 2
    boxes += [(x - r, y - r, x + r, y + r) for _net, x, y in pcb.vias]
    for part in pcb.parts.values():
        boxes += [(x0 - 0.06, y0 - 0.06, x1 + 0.06, y1 + 0.06)
                  for x0, y0, x1, y1 in _outline(part, f"{side}.SilkS")]
    return boxes


def _text_box(x: float, y: float, text: str, size: float, angle: float) -> Box:
    w, h = len(text) * size * CHAR + 0.15, size + 0.15
    if round(angle) % 180 == 90:
        w, h = h, w
    return x - w / 2, y - h / 2, x + w / 2, y + h / 2


def _gap(a: Box, b: Box) -> float:
    """How far apart two boxes are (0 where they touch or overlap)."""
    return math.hypot(max(b[0] - a[2], a[0] - b[2], 0), max(b[1] - a[3], a[1] - b[3], 0))


def _apart(a: Box, b: Box, gap: float) -> bool:
    return a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or b[3] + gap <= a[1]


class _Sheet:
    """The free places on one side of a board, as texts are put down."""

    def __init__(self, pcb: Pcb, side: str) -> None:
        self.pcb = pcb
        self.taken = _obstacles(pcb, side)
        # not under a part's body on this side, when it goes further out
        self.bodies = [courtyard(part) for part in pcb.parts.values() if _underneath(part) == (side == "B")]

    def fits(self, box: Box) -> bool:
        inside = box[0] >= EDGE and box[1] >= EDGE and box[2] <= self.pcb.width - EDGE and \
            box[3] <= self.pcb.height - EDGE
        if inside and self.pcb.round_outline:
            c = self.pcb.width / 2
            inside = all(math.dist((x, y), (c, c)) <= c - EDGE for x in box[::2] for y in box[1::2])
        return inside and all(_apart(box, other, CLEAR) for other in self.taken)

    def put(self, text: str, around: Box, sizes: tuple[float, ...] = SIZES,
            others: tuple[Box, ...] = ()) -> tuple[float, float, float, float]:
        """The first free place for ``text`` around ``around`` (beside it, then further out), nearer
        ``around`` than any of ``others`` (the other connectors, for a connector's label), as
        ``(x, y, size, angle)``, and it is taken."""
        x0, y0, x1, y1 = around
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        for size in sizes:
            for reach in (0.0, 0.6, 1.4, 2.4, 3.6):
                for angle in (0.0, 90.0):
                    box = _text_box(0, 0, text, size, angle)
                    hw, hh = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
                    spots = [(cx, y1 + hh + CLEAR + reach), (cx, y0 - hh - CLEAR - reach),
                             (x1 + hw + CLEAR + reach, cy), (x0 - hw - CLEAR - reach, cy),
                             (x0 + hw, y1 + hh + CLEAR + reach), (x1 - hw, y1 + hh + CLEAR + reach),
                             (x0 + hw, y0 - hh - CLEAR - reach), (x1 - hw, y0 - hh - CLEAR - reach)]
                    for x, y in spots:
                        box = _text_box(x, y, text, size, angle)
                        if self.fits(box) and all(_gap(box, around) < _gap(box, other) for other in others) \
                                and all(_apart(box, body, 0) for body in self.bodies):
                            self.taken.append(box)
                            return round(x, 3), round(y, 3), size, angle
        return self.nearest(text, around, sizes, others)

    def nearest(self, text: str, around: Box, sizes: tuple[float, ...],
                others: tuple[Box, ...]) -> tuple[float, float, float, float]:
        """The free place for ``text`` nearest ``around`` (and nearer it than any of ``others``), outside
        every part's courtyard, on a 0.25 mm grid within :data:`REACH` of it, largest size first, and it
        is taken."""
        step = 0.25
        x0, y0, x1, y1 = around
        for size in sizes:
            found = []
            for angle in (0.0, 90.0):
                for i in range(int((x1 - x0 + 2 * REACH) / step) + 1):
                    for j in range(int((y1 - y0 + 2 * REACH) / step) + 1):
                        x, y = round(x0 - REACH + i * step, 3), round(y0 - REACH + j * step, 3)
                        box = _text_box(x, y, text, size, angle)
                        gap = _gap(box, around)
                        if gap <= REACH and all(gap < _gap(box, other) for other in others) and \
                                self.fits(box) and all(_apart(box, body, 0) for body in self.bodies):
                            found.append((gap, angle, y, x, box))
            if found:
                gap, angle, y, x, box = min(found, key=lambda spot: spot[:4])
                self.taken.append(box)
                return x, y, size, angle
        raise NoRoomForText(f"{self.pcb.name}: no room on its silkscreen for {text!r}")

    def free(self, text: str, size: float) -> tuple[float, float, float, float]:
        """Anywhere free for ``text``: a scan of the board from its lower left corner, row by row."""
        step = 0.5
        for angle in (0.0, 90.0):
            box = _text_box(0, 0, text, size, angle)
            hw, hh = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
            for row in range(int(self.pcb.height / step)):
                for column in range(int(self.pcb.width / step)):
                    x, y = hw + EDGE + column * step, hh + EDGE + row * step
                    box = _text_box(x, y, text, size, angle)
                    if self.fits(box) and all(_apart(box, body, 0) for body in self.bodies):
                        self.taken.append(box)
                        return round(x, 3), round(y, 3), size, angle
        raise NoRoomForText(f"{self.pcb.name}: no room on its silkscreen for {text!r}")


def lay_silkscreen(pcb: Pcb, board_id: str, labels: dict[str, str]) -> None:
    """Place every part's reference beside it, each connector's label (a key ``REF.PAD`` labels one pad),
    and the board's name (``TABLIER`` and ``board_id``, or ``board_id`` alone where the board is small), on
    the side each belongs to (a part underneath: the bottom)."""
    sheets = {"F": _Sheet(pcb, "F"), "B": _Sheet(pcb, "B")}
    pads = {key: _pad_box(pcb, *key.split(".")) for key in sorted(labels) if "." in key}
    for key, box in pads.items():  # a label of one pad (``J2.1``): what its wire carries, by it
        side = "B" if _underneath(pcb.parts[key.split(".")[0]]) else "F"
        others = tuple(other for name, other in pads.items() if name != key)
        pcb.texts.append(_put(sheets, side, labels[key], box, others))
    parts = sorted(pcb.parts.values(), key=lambda p: (p.ref not in labels, p.ref))
    connectors = {ref: courtyard(pcb.parts[ref]) for ref in labels if ref in pcb.parts}
    for part in parts:  # the connectors' labels first: they matter most to the one wiring the board
        side = "B" if _underneath(part) else "F"
        area = courtyard(part)
        if part.ref in labels:
            others = tuple(box for ref, box in connectors.items() if ref != part.ref)
            pcb.label_refs[len(pcb.texts)] = part.ref
            pcb.texts.append(_put(sheets, side, labels[part.ref], area, others))
        pcb.references[part.ref] = _put(sheets, side, part.ref, area)[1:]
    names = (f"TABLIER {board_id}", board_id)  # a small board keeps its name alone
    for side, name, size in ((side, name, size) for side in ("F", "B") for name in names for size in SIZES):
        try:
            pcb.texts.append((name, *sheets[side].free(name, size), f"{side}.SilkS"))
            return
        except NoRoomForText:
            continue
    raise NoRoomForText(f"{pcb.name}: no room on either silkscreen for its name")


def _put(sheets: dict[str, _Sheet], side: str, text: str, area: Box,
         others: tuple[Box, ...] = ()) -> tuple[str, float, float, float, float, str]:
    """``text`` beside ``area`` (nearer it than ``others``) on its side, or underneath (mirrored, at the
    same place) when the top of a crowded board has no room left there."""
    for sheet in (side, "B"):
        try:
            return (text, *sheets[sheet].put(text, area, others=others), f"{sheet}.SilkS")
        except NoRoomForText:
            continue
    raise NoRoomForText(f"{sheets[side].pcb.name}: no room on either silkscreen for {text!r}")


def label_problems(pcb: Pcb) -> list[str]:
    """Each connector's label where a maker reads it as that connector's: nearer its courtyard than any
    other labelled connector's (KiCad draws the boxes; a label beside the wrong header misleads)."""
    boxes = {ref: courtyard(pcb.parts[ref]) for ref in pcb.label_refs.values()}
    problems = []
    for index, ref in pcb.label_refs.items():
        text, x, y, size, angle, _layer = pcb.texts[index]
        box = _text_box(x, y, text, size, angle)
        nearest = min(boxes, key=lambda other: (_gap(box, boxes[other]), other != ref))
        if nearest != ref:
            problems.append(f"{pcb.name} PCB: the label {text!r} of {ref} is printed nearer {nearest} "
                            f"({_gap(box, boxes[nearest]):.1f} mm) than {ref} "
                            f"({_gap(box, boxes[ref]):.1f} mm)")
    return problems


def _pad_box(pcb: Pcb, ref: str, number: str) -> Box:
    """The box of one pad on the board."""
    info = pcb.pad_info(ref, number)
    w, h = info.size
    if round(info.angle) % 180 == 90:
        w, h = h, w
    return info.x - w / 2, info.y - h / 2, info.x + w / 2, info.y + h / 2


def _underneath(part: Part) -> bool:
    """Whether a part lies on the bottom of its board (its pads there only)."""
    layers = {str(layer) for node in part.source if isinstance(node, list) and node[:1] == ["pad"]
              for layer in (find(node, "layers") or [])[1:]}
    return bool(layers) and not any(layer.startswith(("F.", "*.")) for layer in layers)
