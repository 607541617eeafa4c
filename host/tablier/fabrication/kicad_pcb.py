"""KiCad 6 board files (``.kicad_pcb``) written from a placement, a routing and a board's netlist.

A :class:`Pcb` is laid out in code (:mod:`tablier.fabrication.pcb_layouts`): footprints placed by
reference, tracks drawn between their pads (:meth:`Pcb.pad` gives a pad's place on the board), vias
and an outline. The nets come from the board's netlist (:mod:`tablier.fabrication.boards`), so a
footprint's pads carry the nets the schematic gives them. Footprints are read from KiCad's
installed library (``kicad-footprints``; :data:`KICAD_FOOTPRINTS`) or the project library
``hardware/kicad/tablier.pretty``; the board file embeds them, as KiCad does. Identifiers are
derived from names, so the same layout always gives the same file.
"""

from __future__ import annotations

import itertools
import math
import os
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tablier.errors import TablierError
from tablier.fabrication.sexpr import Node, Symbol, dump, find, num, parse
from tablier.resources import project_path

KICAD_FOOTPRINTS = Path(os.environ.get("KICAD6_FOOTPRINT_DIR", "/usr/share/kicad/footprints"))
PROJECT_LIBRARY = project_path("hardware/kicad/tablier.pretty")
ORIGIN = (100.0, 100.0)  # the board's lower left corner on KiCad's sheet
TRACK = 0.25
VIA = (0.6, 0.3)  # copper diameter, drill
BOARD_MM = 1.6  # a board's thickness unless it says otherwise
LAYERS = ("F.Cu", "B.Cu")


class FootprintMissing(TablierError):
    """A footprint named by a netlist is in neither KiCad's library nor the project's."""


def footprint_file(lib_id: str) -> Path:
    """The ``.kicad_mod`` file of a ``Library:Name`` footprint (the project library for ``tablier:``)."""
    library, _, name = lib_id.partition(":")
    folder = PROJECT_LIBRARY if library == "tablier" else KICAD_FOOTPRINTS / f"{library}.pretty"
    path = folder / f"{name}.kicad_mod"
    if not path.is_file():
        raise FootprintMissing(f"footprint {lib_id} is not in {folder} (Debian: apt-get install "
                               "kicad-footprints)")
    return path


@dataclass(frozen=True)
class Pad:
    """A footprint's pad: where it is on the board, its copper layers and size."""

    x: float
    y: float
    layers: tuple[str, ...]
    size: tuple[float, float]
    angle: float = 0.0  # degrees on the board: its part's turn and its own in the footprint


@dataclass
class Part:
    """A placed footprint."""

    ref: str
    lib_id: str
    value: str
    x: float
    y: float
    angle: float  # degrees, counter-clockwise as KiCad turns
    nets: dict[str, str]  # pad number -> net name
    bottom: bool = False
    source: list[Node] = field(default_factory=list)


@dataclass
class Pcb:
    """A board being laid out: its outline (mm, Y up from the lower left corner), parts and copper."""

    name: str
    width: float
    height: float
    netlist: dict[str, tuple[str, str, dict[str, str]]]  # ref -> (footprint, value, pad -> net)
    parts: dict[str, Part] = field(default_factory=dict)
    tracks: list[tuple[str, str, tuple[tuple[float, float], ...], float]] = field(default_factory=list)
    vias: list[tuple[str, float, float]] = field(default_factory=list)
    zones: list[tuple[str, str, tuple[tuple[float, float], ...]]] = field(default_factory=list)
    round_outline: bool = False
    hide_references: bool = False  # unless :attr:`references` places them
    thickness: float = BOARD_MM
    #: Where each part's reference is printed: board mm, text height, angle, silkscreen layer
    #: (:mod:`tablier.fabrication.silkscreen`).
    references: dict[str, tuple[float, float, float, float, str]] = field(default_factory=dict)
    #: The board's own texts: what, where, its height and angle, its silkscreen layer.
    texts: list[tuple[str, float, float, float, float, str]] = field(default_factory=list)
    #: Which of :attr:`texts` label a connector: text index -> the connector's reference.
    label_refs: dict[int, str] = field(default_factory=dict)

    def place(self, ref: str, x: float, y: float, angle: float = 0) -> Part:
        """Place the netlist's part ``ref`` with its centre at (x, y) turned by ``angle``."""
        lib_id, value, nets = self.netlist[ref]
        source = parse(footprint_file(lib_id).read_text(encoding="utf-8"))
        part = Part(ref, lib_id, value, x, y, angle, nets, source=source)
        self.parts[ref] = part
        return part

    def pad(self, ref: str, number: str) -> tuple[float, float]:
        """Where pad ``number`` of the placed part ``ref`` is (board mm, Y up)."""
        return (self.pad_info(ref, number).x, self.pad_info(ref, number).y)

    def pad_info(self, ref: str, number: str) -> Pad:
        """Pad ``number`` of ``ref``: its place, layers and size."""
        part = self.parts[ref]
        for node in part.source:
            if isinstance(node, list) and node[:2] == ["pad", number]:
                return _placed_pad(part, node)
        raise KeyError(f"{ref} has no pad {number}")

    def pads(self) -> Iterator[tuple[str, Pad]]:
        """Every pad of every placed part with its net (an unconnected pad: a net of its own,
        ``REF-NUMBER``)."""
        for ref, part in self.parts.items():
            for node in part.source:
                if isinstance(node, list) and node[:1] == ["pad"]:
                    number = str(node[1])
                    yield part.nets.get(number, f"{ref}-{number}"), _placed_pad(part, node)

    def net_of(self, ref: str, number: str) -> str:
        """The net on pad ``number`` of ``ref``."""
        return self.parts[ref].nets[number]

    def track(self, net: str, *points: tuple[float, float], layer: str = "F.Cu",
              width: float = TRACK) -> None:
        """A track through ``points`` on ``layer``."""
        self.tracks.append((net, layer, tuple(points), width))

    def via(self, net: str, x: float, y: float) -> None:
        """A through via at (x, y)."""
        self.vias.append((net, x, y))

    def move(self, dx: float, dy: float) -> None:
        """Move every part, track and via placed so far by (dx, dy)."""
        for part in self.parts.values():
            part.x, part.y = round(part.x + dx, 4), round(part.y + dy, 4)
        self.tracks = [(net, layer, tuple((round(x + dx, 4), round(y + dy, 4)) for x, y in points), width)
                       for net, layer, points, width in self.tracks]
        self.vias = [(net, round(x + dx, 4), round(y + dy, 4)) for net, x, y in self.vias]

    def zone(self, net: str, layer: str, *points: tuple[float, float]) -> None:
        """A copper pour of ``net`` on ``layer`` inside ``points`` (KiCad fills it: press B)."""
        self.zones.append((net, layer, tuple(points)))

    def nets(self) -> list[str]:
        """Every net, numbered from 1 in this order (0 is KiCad's no-net)."""
        names = {net for _fp, _v, pads in self.netlist.values() for net in pads.values()}
        return sorted(names)


def _placed_pad(part: Part, node: list[Node]) -> Pad:
    """The pad ``node`` of the footprint of ``part``, where the part's place puts it."""
    at = find(node, "at")
    size = find(node, "size")
    layers = find(node, "layers")
    assert at is not None and size is not None and layers is not None
    px, py = float(str(at[1])), -float(str(at[2]))  # the footprint's Y is down
    turn = math.radians(part.angle)
    x = part.x + px * math.cos(turn) - py * math.sin(turn)
    y = part.y + px * math.sin(turn) + py * math.cos(turn)
    own = float(str(at[3])) if len(at) > 3 else 0.0
    return Pad(round(x, 4), round(y, 4), tuple(str(n) for n in layers[1:]),
               (float(str(size[1])), float(str(size[2]))), part.angle + own)


def board_text(pcb: Pcb, fills: dict[str, list[Node]] | None = None) -> str:
    """The ``.kicad_pcb`` text of a laid-out board; ``fills``: its zones' filled areas as KiCad computed
    them, by zone timestamp (:func:`zone_fills`), so that the file opens with its pours filled."""
    unplaced = sorted(set(pcb.netlist) - set(pcb.parts))
    if unplaced:
        raise TablierError(f"{pcb.name}: parts not placed: {', '.join(unplaced)}")
    numbers = {net: n for n, net in enumerate(pcb.nets(), start=1)}
    S = Symbol

    def xy(x: float, y: float) -> list[Node]:
        return [num(ORIGIN[0] + x), num(ORIGIN[1] - y)]

    def ident(*names: object) -> Node:
        return S(str(uuid.uuid5(uuid.NAMESPACE_URL, "tablier/" + pcb.name + "/" + "/".join(map(str, names)))))

    def net(name: str) -> list[Node]:
        return [S("net"), S(str(numbers[name]))]

    root: list[Node] = [S("kicad_pcb"), [S("version"), S("20211014")], [S("generator"), S("tablier")]]
    root.append([S("general"), [S("thickness"), num(pcb.thickness)]])
    root.append([S("paper"), "A4"])
    root.append([S("title_block"), [S("title"), f"Tablier {pcb.name}"],
                 [S("comment"), S("1"), "generated from hardware/board.toml by tablier hardware pcb"]])
    layers: list[Node] = [[S(str(n)), layer, S(kind)] for n, layer, kind in (
        (0, "F.Cu", "signal"), (31, "B.Cu", "signal"), (34, "B.Paste", "user"), (35, "F.Paste", "user"),
        (36, "B.SilkS", "user"), (37, "F.SilkS", "user"), (38, "B.Mask", "user"), (39, "F.Mask", "user"),
        (44, "Edge.Cuts", "user"), (46, "B.CrtYd", "user"), (47, "F.CrtYd", "user"),
        (48, "B.Fab", "user"), (49, "F.Fab", "user"))]
    root.append([S("layers"), *layers])
    root.append([S("setup"), [S("pad_to_mask_clearance"), S("0")],
                 [S("aux_axis_origin"), *xy(0, 0)]])  # the Gerbers' and the placement's origin
    root.append([S("net"), S("0"), ""])
    root += [[S("net"), S(str(n)), name] for name, n in numbers.items()]
    for ref in sorted(pcb.parts, key=ref_key):
        root.append(_footprint(pcb.parts[ref], numbers, xy, ident, pcb.hide_references,
                               pcb.references.get(ref), (pcb.width, pcb.height)))
    for n, (text, x, y, size, angle, layer) in enumerate(pcb.texts):
        root.append([S("gr_text"), text, [S("at"), *xy(x, y), *([num(angle)] if angle else [])],
                     [S("layer"), layer], [S("tstamp"), ident("text", n)], _effects(size, layer)])
    if pcb.round_outline:
        radius = pcb.width / 2
        root.append([S("gr_circle"), [S("center"), *xy(radius, radius)], [S("end"), *xy(radius * 2, radius)],
                     [S("layer"), "Edge.Cuts"], [S("width"), S("0.1")], [S("fill"), S("none")],
                     [S("tstamp"), ident("outline")]])
    else:
        corners = [(0, 0), (pcb.width, 0), (pcb.width, pcb.height), (0, pcb.height)]
        for n, (a, b) in enumerate(zip(corners, corners[1:] + corners[:1], strict=True)):
            root.append([S("gr_line"), [S("start"), *xy(*a)], [S("end"), *xy(*b)],
                         [S("layer"), "Edge.Cuts"], [S("width"), S("0.1")], [S("tstamp"), ident("edge", n)]])
    for n, (name, layer, points, width) in enumerate(pcb.tracks):
        for k, (a, b) in enumerate(itertools.pairwise(points)):
            root.append([S("segment"), [S("start"), *xy(*a)], [S("end"), *xy(*b)], [S("width"), num(width)],
                         [S("layer"), layer], net(name), [S("tstamp"), ident("track", n, k)]])
    for n, (name, x, y) in enumerate(pcb.vias):
        root.append([S("via"), [S("at"), *xy(x, y)], [S("size"), num(VIA[0])], [S("drill"), num(VIA[1])],
                     [S("layers"), "F.Cu", "B.Cu"], net(name), [S("tstamp"), ident("via", n)]])
    for n, (name, layer, points) in enumerate(pcb.zones):
        stamp = ident("zone", n)
        root.append([S("zone"), net(name), [S("net_name"), name], [S("layer"), layer],
                     [S("tstamp"), stamp], [S("hatch"), S("edge"), S("0.508")],
                     [S("connect_pads"), [S("clearance"), S("0.3")]], [S("min_thickness"), S("0.25")],
                     [S("filled_areas_thickness"), S("no")],
                     [S("fill"), S("yes"), [S("thermal_gap"), S("0.5")],
                      [S("thermal_bridge_width"), S("0.5")]],
                     [S("polygon"), [S("pts"), *[[S("xy"), *xy(x, y)] for x, y in points]]],
                     *(fills or {}).get(str(stamp), [])])
    return dump(root) + "\n"


FILLED = "filled_polygon"


def zone_fills(text: str) -> dict[str, list[Node]]:
    """The filled areas of each zone of a board file KiCad saved after filling them, by zone timestamp."""
    fills: dict[str, list[Node]] = {}
    for node in parse(text):
        if isinstance(node, list) and node[:1] == ["zone"]:
            stamp = find(node, "tstamp")
            assert stamp is not None
            fills[str(stamp[1])] = [c for c in node if isinstance(c, list) and c[:1] == [FILLED]]
    return fills


def without_fills(text: str) -> str:
    """A board file's text without its zones' filled areas (what :func:`board_text` writes unfilled)."""
    return "".join(line for line in text.splitlines(keepends=True)
                   if not line.lstrip().startswith(f"({FILLED}"))


def _effects(size: float, layer: str) -> list[Node]:
    """A silkscreen text's font, mirrored on the bottom."""
    S = Symbol
    effects: list[Node] = [S("effects"), [S("font"), [S("size"), num(size), num(size)],
                                          [S("thickness"), num(round(size * 0.15, 3))]]]
    if layer.startswith("B."):
        effects.append([S("justify"), S("mirror")])
    return effects


def _placed_reference(child: list[Node], part: Part,
                      where: tuple[float, float, float, float, str]) -> list[Node]:
    """The reference text moved to where the silkscreen's layout put it (board mm to the footprint's own,
    its angle absolute as KiCad 6 stores it)."""
    x, y, size, angle, layer = where
    dx, dy = x - part.x, y - part.y
    turn = math.radians(part.angle)
    local = (dx * math.cos(turn) + dy * math.sin(turn), -(-dx * math.sin(turn) + dy * math.cos(turn)))
    S = Symbol
    out: list[Node] = [child[0], child[1], child[2], [S("at"), num(local[0]), num(local[1]), num(angle)],
                       [S("layer"), layer]]
    out += [c for c in child[3:] if isinstance(c, list) and c[:1] not in (["at"], ["layer"], ["effects"])]
    out.append(_effects(size, layer))
    return out


def _off_board(part: Part, child: list[Node], size: tuple[float, float]) -> bool:
    """Whether a footprint's silkscreen line reaches past the board's edge (a connector whose mouth is at
    the edge: the house would clip it, and KiCad's check flags it)."""
    if child[0] != "fp_line" or not str((find(child, "layer") or ["", ""])[1]).endswith(".SilkS"):
        return False
    turn = math.radians(part.angle)
    for key in ("start", "end"):
        point = find(child, key)
        assert point is not None
        px, py = float(str(point[1])), -float(str(point[2]))
        x = part.x + px * math.cos(turn) - py * math.sin(turn)
        y = part.y + px * math.sin(turn) + py * math.cos(turn)
        if not (0 < x < size[0] and 0 < y < size[1]):
            return True
    return False


def _footprint(part: Part, numbers: dict[str, int], xy: object, ident: object,
               hide_reference: bool, reference: tuple[float, float, float, float, str] | None,
               size: tuple[float, float]) -> list[Node]:
    S = Symbol
    assert callable(xy) and callable(ident)
    node: list[Node] = [S("footprint"), part.lib_id, [S("layer"), "F.Cu"],
                        [S("tstamp"), ident("fp", part.ref)],
                        [S("at"), *xy(part.x, part.y), *([num(part.angle)] if part.angle else [])]]
    for child in part.source[2:]:
        if not isinstance(child, list) or child[0] in ("version", "generator", "layer", "tstamp"):
            continue
        if _off_board(part, child, size):
            continue
        child = _turned(child, part.angle)
        if child[0] == "fp_text" and child[1] in ("reference", "value"):
            child = [child[0], child[1], part.ref if child[1] == "reference" else part.value, *child[3:]]
            if child[1] == "reference" and reference is not None:
                child = _placed_reference(child, part, reference)
            elif hide_reference and child[1] == "reference" and Symbol("hide") not in child:
                child.insert(5, Symbol("hide"))
        elif child[0] == "fp_text" and child[2] == "${REFERENCE}":
            continue
        if child[0] == "pad":
            name = part.nets.get(str(child[1]))
            child = [c for c in child if not (isinstance(c, list) and c[:1] == ["tstamp"])]
            if name is not None:
                child.append([S("net"), S(str(numbers[name])), name])
            child.append([S("tstamp"), ident("pad", part.ref, child[1])])
        elif any(isinstance(c, list) and c[:1] == ["tstamp"] for c in child):
            child = [c if not (isinstance(c, list) and c[:1] == ["tstamp"]) else
                     [S("tstamp"), ident("item", part.ref, len(node))] for c in child]
        node.append(child)
    return node


def _turned(child: list[Node], angle: float) -> list[Node]:
    """A footprint child with its pad or text angle made absolute (KiCad 6 stores them so)."""
    if not angle or child[0] not in ("pad", "fp_text"):
        return child
    out: list[Node] = []
    for c in child:
        if isinstance(c, list) and c[:1] == ["at"]:
            local = float(str(c[3])) if len(c) > 3 else 0.0
            c = [c[0], c[1], c[2], num((local + angle) % 360)]
        out.append(c)
    return out


def ref_key(ref: str) -> tuple[str, int]:
    """Sort references as people do: ``R2`` before ``R10``."""
    letters = ref.rstrip("0123456789")
    return (letters, int(ref[len(letters):] or 0))


def read_netlist(text: str) -> dict[str, tuple[str, str, dict[str, str]]]:
    """A KiCad netlist's parts: reference -> (footprint, value, pad number -> net name)."""
    root = parse(text)
    components = find(root, "components")
    nets = find(root, "nets")
    assert components is not None and nets is not None
    parts: dict[str, tuple[str, str, dict[str, str]]] = {}
    for comp in components[1:]:
        assert isinstance(comp, list)
        ref, value, fp = (find(comp, key) for key in ("ref", "value", "footprint"))
        assert ref is not None and value is not None and fp is not None
        parts[str(ref[1])] = (str(fp[1]), str(value[1]), {})
    for net in nets[1:]:
        assert isinstance(net, list)
        name = find(net, "name")
        assert name is not None
        for node in net:
            if isinstance(node, list) and node[:1] == ["node"]:
                ref, pin = find(node, "ref"), find(node, "pin")
                assert ref is not None and pin is not None
                parts[str(ref[1])][2][str(pin[1])] = str(name[1])
    return parts
