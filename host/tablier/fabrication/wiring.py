"""The slab's wiring: every harness, the channels and passages it runs in, and its length.

The harnesses follow from the layout: a bundle of wire-wrap strands from each carrier's groove to its
header on its chain board, the chain bus from the main board to chain board 1 and on from board to
board, the buttons' leads to the last chain board, the LED chain from the main board from LED to LED in
chain order (a die board takes its seven pips in one), the second LED power pair to the first LED of
the draughts face, and the USB cable from the socket to the main board. Each runs in channels routed
into the core from a face (:mod:`tablier.fabrication.wire_router` found them), crossing between the faces
through passages drilled through the core.

The plan is committed (``hardware/wiring.csv``: each harness's channels and passages), written by
``tablier hardware wiring`` and checked by ``tablier hardware check`` against the layout as it is
(:func:`tablier.fabrication.wiring_check.wiring_problems`).
A layout change that puts something in a channel's way, or moves an end, is refused until the wiring is
routed again. Before any plan, each carrier's harness must be able to leave its groove: the end it leaves
by needs a channel's width of wood in front of it (:func:`groove_end_problems`), which neither the check
nor the router goes past. The channels and passages go into the templates and ``holes.csv``; the
harnesses' lengths into the BOM and the build guide (``hardware/templates/harness.csv``).
"""

from __future__ import annotations

import csv
import io
import itertools
import math
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from tablier.errors import TablierError
from tablier.fabrication.boards import chain_boards
from tablier.fabrication.cutout import Cutout, exit_of
from tablier.fabrication.wire_router import (
    CHANNEL_MM,
    FACES,
    PASSAGE_MM,
    WIRE_SPACE,
    Leg,
    NoWay,
    WireRouter,
    channel_z,
    family,
)
from tablier.hardware.layout import Layout
from tablier.resources import project_path

WIRING_FILE = "wiring.csv"
HARNESS_CSV = "harness.csv"
#: USB's D+ and D- as a twisted pair (the USB 2.0 cable's construction: its data lines are a twisted
#: pair), so that the two carry the signal and its opposite along one path and what the wood's other
#: wires couple into them cancels.
USB_LAY = "D+ and D- twisted together (about a twist per centimetre), VBUS and GND beside them"
#: Wire for the two ends of a harness past its channels: to the carrier's pads or into the plug.
END_SLACK_MM = 50
ANCHOR_MM = 3.0  # a harness starts this far inside a groove's or a hole's end


@dataclass(frozen=True)
class Wire:
    """A kind of wire a harness is made of."""

    name: str  # what to buy, as the BOM's row starts
    outer_mm: float  # over its insulation

    def area(self, strands: int) -> float:
        return strands * math.pi / 4 * self.outer_mm ** 2


#: Wire-wrap wire (Kynar insulated, solid) for the sensors' and the contacts' signals (microamps),
#: stranded UL 1007 hook-up wire for the rest (its diameters over the insulation, as listed for UL 1007).
WRAP = Wire("30 AWG wire-wrap wire", 0.5)
SIGNAL = Wire("28 AWG hook-up wire", 1.2)
LED = Wire("26 AWG hook-up wire", 1.3)
POWER = Wire("24 AWG hook-up wire", 1.4)


@dataclass(frozen=True)
class Harness:
    """A bundle from one cut-out to another: what it is, its wire and strands, its two ends."""

    name: str
    wire: Wire
    strands: int
    start: Cutout
    end: Cutout
    lay: str = ""  # how its strands are laid, where that matters (the harness list's last column)

    def leg(self) -> Leg:
        """What the router routes: the bundle's cross-section, its ends' cuts and points in them, and how
        far from those points it may enter its ends' cuts (a pocket's notch, not its board)."""
        return Leg(self.name, self.wire.area(self.strands),
                   (family(self.start), *_anchor(self.start, self.end)),
                   (family(self.end), *_anchor(self.end, self.start)), (_reach(self.start), _reach(self.end)))


class WiringError(TablierError):
    """The wiring plan file is missing or malformed; the message says where."""


def _anchor(item: Cutout, other: Cutout) -> tuple[float, float]:
    """Where a harness starts in a cut-out: a groove's end by its carrier's wire pads (the ladder's end
    towards the board's middle, a row's far end), a hole's inner end, a pocket's or notch's centre."""
    x0, y0, x1, y1 = item.box
    if item.kind == "groove" and item.face == "tables":
        inner = y1 - ANCHOR_MM if (y0 + y1) / 2 < 250 else y0 + ANCHOR_MM
        return item.x, inner
    if item.kind == "groove":
        return x1 - ANCHOR_MM, item.y
    if item.face == "edge" and item.size[1] > item.size[0]:  # a hole into a long edge
        return item.x, y1 - ANCHOR_MM if y0 <= 0 else y0 + ANCHOR_MM
    if item.face == "edge":  # into a short edge
        return x0 + ANCHOR_MM, item.y
    return item.x, item.y


def _reach(item: Cutout) -> float:
    """How far from its point a harness may enter an end's cut: a notch's or a hole's neighbourhood, a
    whole LED or die pocket."""
    out_of_it = ANCHOR_MM + CHANNEL_MM / 2 + 3.5  # from its point, clear of the web around the cut
    if item.kind in ("plug notch", "groove") or item.face == "edge":
        return out_of_it
    return max(item.size) / 2 + 5.0


def harnesses(layout: Layout, items: list[Cutout]) -> list[Harness]:
    """Every harness the layout needs, from its cut-outs (with the boards' plug notches)."""
    by_name = {item.name: item for item in items}
    grooves = {item.place.split(" (")[0]: item for item in items if item.kind == "groove"}

    def notch(board: str, ref: str) -> Cutout:
        """The plug notch of a board's header, or its pocket where the plug stays inside it."""
        face = "draughts" if board == "main board" else "tables"
        pocket = by_name.get(f"{face} {board}") or next(i for i in items if i.kind == board)
        return by_name.get(f"{face} plug notch {board} {ref}", pocket)

    found: list[Harness] = []
    boards = chain_boards(layout)
    for board in boards:
        for n, strip in enumerate(board.carriers):
            found.append(Harness(f"{strip.name} sensors", WRAP, len(strip.switches) + 2, grooves[strip.name],
                                 notch(f"chain board {board.number}", f"J{n + 3}")))
        for n, contact in enumerate(board.contacts):
            if contact.kind == "button":
                found.append(Harness(f"button {contact.index} lead", WRAP, 2,
                                     by_name[f"edge button player {contact.index}"],
                                     notch(f"chain board {board.number}", f"J{len(board.carriers) + n + 3}")))
    found.append(Harness("chain bus to chain board 1", SIGNAL, 5, notch("main board", "J1"),
                         notch("chain board 1", "J1")))
    for before, after in itertools.pairwise(boards):
        found.append(Harness(f"chain bus, chain board {before.number} to {after.number}", SIGNAL, 5,
                             notch(f"chain board {before.number}", "J2"),
                             notch(f"chain board {after.number}", "J1")))
    mounts = [(led, _mount(by_name, led.kind, led.place, led.target)) for led in
              sorted(layout.leds, key=lambda led: led.index)]
    previous, last = notch("main board", "J3"), None
    for led, mount in mounts:  # into each mount's wire exit for its wires in, out of the one for those out
        if mount is not last:
            found.append(Harness(f"LED chain to LED {led.index} ({led.place.split(' pip')[0]})", LED, 3,
                                 previous, exit_of(by_name, mount, "in")))
            previous, last = exit_of(by_name, mount, "out"), mount
    first_drafts = next(mount for _led, mount in mounts if mount.face == "draughts")
    found.append(Harness("LED power to the draughts face", POWER, 2, notch("main board", "J4"),
                         exit_of(by_name, first_drafts, "in")))
    found.append(Harness("USB cable", SIGNAL, 4, by_name["edge usb USB-C socket"], notch("main board", "J5"),
                         USB_LAY))
    return found


def groove_end_problems(layout: Layout, items: list[Cutout]) -> list[str]:
    """The carriers' grooves whose harness cannot leave them: a harness leaves its groove through the end by
    its carrier's wire pads, into a channel there, so the cut-outs of that face in front of that end (but
    wire space: plug notches) must leave a channel's width of wood: the channels' bit and ``min_web_mm``
    either side of it. One sentence a groove, naming the nearest cut-out in front of it."""
    m = layout.mechanics
    need = CHANNEL_MM + 2 * m.min_web
    problems = []
    for harness in harnesses(layout, items):
        groove = harness.start
        if groove.kind != "groove":
            continue
        ax, ay = _anchor(groove, harness.end)
        x0, y0, x1, y1 = groove.box
        way = min(((0, -1), ay - y0), ((0, 1), y1 - ay), ((-1, 0), ax - x0), ((1, 0), x1 - ax),
                  key=lambda side: side[1])[0]
        end = {(0, -1): y0, (0, 1): y1, (-1, 0): x0, (1, 0): x1}[way]
        z0, z1 = channel_z(m, groove.face)
        gaps = []
        for item in items:
            if item.kind in WIRE_SPACE or item.face not in (groove.face, "edge") or item is groove or \
                    max(item.z_top, z0) - min(item.z_bottom, z1) >= m.min_web:
                continue
            bx0, by0, bx1, by1 = item.box
            across = (bx0 < x1 and bx1 > x0) if way[0] == 0 else (by0 < y1 and by1 > y0)
            ahead = {(0, -1): end - by1, (0, 1): by0 - end, (-1, 0): end - bx1, (1, 0): bx0 - end}[way]
            if across and -1e-9 <= ahead < need:
                gaps.append((ahead, item.name))
        if gaps:
            gap, name = min(gaps)
            ex, ey = (ax, end) if way[0] == 0 else (end, ay)
            problems.append(f"{groove.name} ends {gap:.1f} mm from {name} where its carrier's "
                            f"harness leaves it (X {ex:.1f}, Y {ey:.1f}): the channel it leaves through "
                            f"needs {need:g} mm there (a {CHANNEL_MM:g} mm bit and {m.min_web:g} mm of wood "
                            "either side); shorten the carrier or move what is in front of it")
    return problems


def _mount(by_name: dict[str, Cutout], kind: str, place: str, target: int) -> Cutout:
    if kind == "die":
        return by_name[f"tables die board die {target}"]
    return by_name.get(f"tables led {place}") or by_name[f"draughts led {place}"]


def _faces(item: Cutout) -> tuple[str, ...]:
    return FACES if item.face == "edge" else (item.face,)


@dataclass(frozen=True)
class Segment:
    """A straight piece of a harness's channel (``face`` a face) or a passage (``face`` "passage")."""

    harness: str
    face: str
    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def length(self) -> float:
        return abs(self.x2 - self.x1) + abs(self.y2 - self.y1)


def route_wiring(layout: Layout, items: list[Cutout]) -> list[Segment]:
    """Route every harness (the longest first) and return the plan's segments; refuse at once a slab with
    a groove its harness cannot leave (:func:`groove_end_problems`): no routing would find a way out."""
    blocked = groove_end_problems(layout, items)
    if blocked:
        more = f" (and {len(blocked) - 1} more: tablier hardware check lists them)" if blocked[1:] else ""
        raise NoWay(blocked[0] + more)
    todo = sorted(harnesses(layout, items), key=lambda h: -math.dist(h.leg().start[1:], h.leg().end[1:]))
    paths = WireRouter(layout.mechanics, items).route_all(
        [(h.leg(), _faces(h.start), _faces(h.end)) for h in todo])
    plan = {h.name: _segments(h.name, cells) for h, cells in zip(todo, paths, strict=True)}
    return [segment for harness in harnesses(layout, items) for segment in plan[harness.name]]


def write_wiring(layout: Layout, items: list[Cutout], out_dir: Path) -> tuple[Path, list[Segment]]:
    """Route the wiring among the slab's cut-outs ``items`` and write its plan (``out_dir/wiring.csv``)."""
    plan = route_wiring(layout, items)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / WIRING_FILE
    path.write_text(plan_csv(plan), encoding="utf-8")
    return path, plan


def _segments(name: str, cells: list[tuple[str, int, int]]) -> list[Segment]:
    """The straight pieces of a path of cells, and a passage wherever it changes face."""
    out: list[Segment] = []
    start = cells[0]
    for prev, cell, nxt in zip(cells, cells[1:], [*cells[2:], None], strict=False):
        if cell[0] != prev[0]:
            out.append(Segment(name, "passage", cell[1], cell[2], cell[1], cell[2]))
            start = cell
            continue
        turning = nxt is None or nxt[0] != cell[0] or (nxt[1] - cell[1], nxt[2] - cell[2]) != (
            cell[1] - prev[1], cell[2] - prev[2])
        if turning and cell != start:
            out.append(Segment(name, cell[0], start[1], start[2], cell[1], cell[2]))
            start = cell
    return out


def plan_csv(segments: list[Segment]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["harness", "face", "x1", "y1", "x2", "y2"])
    for s in segments:
        writer.writerow([s.harness, s.face, f"{s.x1:g}", f"{s.y1:g}", f"{s.x2:g}", f"{s.y2:g}"])
    return out.getvalue()


def plan_path(layout: Layout) -> Path:
    """Where a layout's wiring plan is: beside its file (the repository's: ``hardware/wiring.csv``)."""
    return layout.source.parent / WIRING_FILE if layout.source else project_path(f"hardware/{WIRING_FILE}")


def read_plan(source: Path) -> list[Segment]:
    """A committed wiring plan."""
    try:
        rows = list(csv.DictReader(source.read_text(encoding="utf-8").splitlines()))
        return [Segment(r["harness"], r["face"], *(float(r[key]) for key in ("x1", "y1", "x2", "y2")))
                for r in rows]
    except OSError as error:
        raise WiringError(f"{source}: cannot read the wiring plan ({error.strerror})") from None
    except (KeyError, TypeError, ValueError):
        raise WiringError(f"{source}: should have columns harness, face, x1, y1, x2, y2 (numbers)") from None


def as_cutout(layout: Layout, segment: Segment) -> Cutout:
    """A segment as the cut-out it is: a channel ``CHANNEL_MM`` wide, or a passage through the core."""
    m = layout.mechanics
    if segment.face == "passage":
        return Cutout("tables", "passage", segment.harness, segment.x1, segment.y1, (PASSAGE_MM, PASSAGE_MM),
                      True, m.skin, m.skin + m.core, m.skin + m.core)
    size = (abs(segment.x2 - segment.x1) + CHANNEL_MM, abs(segment.y2 - segment.y1) + CHANNEL_MM)
    z0, z1 = channel_z(m, segment.face)
    return Cutout(segment.face, "channel", segment.harness, (segment.x1 + segment.x2) / 2,
                  (segment.y1 + segment.y2) / 2, size, False, z0, z1, m.skin + m.channel_core_depth)


def harness_lengths(layout: Layout, items: list[Cutout], plan: list[Segment]) -> list[tuple[Harness, int]]:
    """Each harness and the length to cut it (mm): its channels, its passages through the core, and
    ``END_SLACK_MM`` at each end, rounded up to 10 mm."""
    lengths: defaultdict[str, float] = defaultdict(float)
    for segment in plan:
        lengths[segment.harness] += segment.length if segment.face != "passage" else layout.mechanics.core
    return [(h, int(math.ceil((lengths[h.name] + 2 * END_SLACK_MM) / 10) * 10))
            for h in harnesses(layout, items)]


def harness_csv(layout: Layout, items: list[Cutout], plan: list[Segment]) -> str:
    """The cutting list: each harness, its wire and strands, its ends and the length to cut."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["harness", "wire", "strands", "from", "to", "cut_length_mm", "lay"])
    for harness, length in harness_lengths(layout, items, plan):
        writer.writerow([harness.name, harness.wire.name, harness.strands, harness.start.name,
                         harness.end.name, length, harness.lay])
    return out.getvalue()


def wire_totals(layout: Layout, items: list[Cutout], plan: list[Segment]) -> dict[str, float]:
    """Metres of each kind of wire, every strand counted."""
    totals: Counter[str] = Counter()
    for harness, length in harness_lengths(layout, items, plan):
        totals[harness.wire.name] += harness.strands * length
    return {name: mm / 1000 for name, mm in totals.items()}


def merged_cutouts(layout: Layout, plan: list[Segment]) -> list[Cutout]:
    """The channels to route and the passages to drill, as the templates and ``holes.csv`` list them:
    the harnesses' straight pieces merged where they share a channel."""
    lines: dict[tuple[str, str, float], list[tuple[float, float]]] = {}
    passages = {}
    for s in plan:
        if s.face == "passage":
            passages[(s.x1, s.y1)] = s
            continue
        if s.y1 == s.y2:
            lines.setdefault((s.face, "y", s.y1), []).append(tuple(sorted((s.x1, s.x2))))  # type: ignore[arg-type]
        else:
            lines.setdefault((s.face, "x", s.x1), []).append(tuple(sorted((s.y1, s.y2))))  # type: ignore[arg-type]
    found = []
    for (face, axis, at), spans in sorted(lines.items()):
        merged: list[list[float]] = []
        for a, b in sorted(spans):
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        for n, (a, b) in enumerate(merged):
            ends = (a, at, b, at) if axis == "y" else (at, a, at, b)
            cut = as_cutout(layout, Segment(f"{face[0]}{axis}{at:g}-{n}", face, *ends))
            found.append(cut)
    found += [as_cutout(layout, s) for _xy, s in sorted(passages.items())]
    return found
