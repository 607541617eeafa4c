"""The coupon: a small test board that measures the sensors and the magnets before the slab is cut.

The coupon is an offcut of the slab's own sheets: a core 360 x 120 mm with a ladder's groove and a row's
groove routed along it (as deep as the slab's), one carrier of the chosen sensor in each, the skin laid
over them and taped down, and the printed template (:func:`coupon_svg`, 1:1) on the skin. The template
marks one slot of the ladder and one square of the row, and from each a few **scales**: lines out of the
place's centre (:data:`SCALES`), ticked every millimetre, each tick labelled with the offset of a man's
centre when the man's edge is on it.

``tablier hardware coupon`` (:mod:`tablier.fabrication.coupon_walk`) walks the maker through them with
the real firmware on the board: for each scale it finds, by halving, the offset where the sensor closes
as a man is put down (its **operate** point) and where it opens as the man slides out from the place's
centre (its **release** point). The capture model turns each into the drive the switch saw there
(:func:`measured`): at the strongest of the magnet's grade for an operate point, at the weakest for a
release point, so that the margins worked out from them
(:func:`tablier.fabrication.capture.capture_results` with the record) hold for any magnet of the grade.
The record (``coupon.json`` beside the layout, ``[mechanics.sensor] coupon``) then replaces the parts'
datasheet thresholds and the model's estimates in the check. """

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from tablier.errors import TablierError
from tablier.fabrication.capture import Magnet, gap_of, magnets, place_drive
from tablier.fabrication.sensors import SENSING
from tablier.hardware.layout import Layout
from tablier.svg import Svg

FORMAT = 1
COUPON_MM = (360.0, 120.0)
#: The places measured: a slot of a ladder carrier and a square of a row carrier, and where on the coupon
#: their centres are (the carriers lie along X, 60 mm apart).
PLACES = {"ladder": (90.0, 30.0), "row": (250.0, 70.0)}
#: The scales: a carrier, a direction out of its place's centre (along the carrier, across it) and how far
#: out the scale runs (mm). The ladder's along the ladder reach past the next slot's centre.
SCALES = (
    ("ladder", (1.0, 0.0), 34.0),
    ("ladder", (-1.0, 0.0), 34.0),
    ("ladder", (0.0, 1.0), 14.0),
    ("row", (1.0, 0.0), 20.0),
    ("row", (0.0, 1.0), 20.0),
    ("row", (math.sqrt(0.5), math.sqrt(0.5)), 20.0),
)


#: A threshold is measured where the drive at the tick the switch changed and at the next differ by this
#: factor at most: a millimetre pins it within that.
TIGHT = 1.5


class CouponError(TablierError):
    """A coupon record that cannot be read, or was measured for another design."""


@dataclass(frozen=True)
class Scale:
    """One line out of a place's centre on the coupon."""

    carrier: str
    direction: tuple[float, float]
    reach: float

    @property
    def name(self) -> str:
        """How the template and the walk name it: ``slot +along``, ``square diagonal``."""
        where = "slot" if self.carrier == "ladder" else "square"
        a, c = self.direction
        way = "diagonal" if a and c else ("along" if a else "across")
        sign = "-" if a < 0 or c < 0 else "+"
        return f"{where} {sign}{way}"


def scales() -> list[Scale]:
    """Every scale of the coupon."""
    return [Scale(carrier, direction, reach) for carrier, direction, reach in SCALES]


@dataclass(frozen=True)
class Transition:
    """Where a switch changed on a scale: the tick where it was still in its state, and the next one."""

    scale: Scale
    kind: str  # "operate" (closed as the man was put down) or "release" (opened as it slid out)
    inner: float  # the offset nearer the centre (closed)
    outer: float | None  # the offset further out (open); None: still closed at the scale's end


def drive_at(layout: Layout, sensor: str, carrier: str, magnet: Magnet, offset: tuple[float, float]) -> float:
    """What a place's switches see of a man at ``offset`` (along, across) from its centre."""
    arrangement = SENSING[sensor][carrier]
    return place_drive(arrangement, magnet, gap_of(layout, arrangement.part), *offset)


def measured(layout: Layout, sensor: str, transitions: list[Transition]) -> dict[str, dict[str, float]]:
    """The thresholds the coupon measured, by carrier, in the capture model's units: an operate point as the
    drive at the tick where the switch closed (the nearer: the worse for capture) for the strongest magnet
    of the grade; a release point as the drive at the tick where it opened (the further: the worse for
    release) for the weakest. Each carrier's worst over its scales. A scale where the switch stayed closed to
    its end tells nothing (a Hall switch under a wide magnet sees its field turn over past the edge), nor
    one where the field falls by more than :data:`TIGHT` across the tick (the edge of a wide magnet): there
    the datasheet's threshold stands."""
    weak, strong = magnets(layout, sensor)
    found: dict[str, dict[str, float]] = {}
    for t in transitions:
        if t.outer is None:
            continue  # closed to the scale's end: it says nothing of the threshold
        dx, dy = t.scale.direction
        inner, outer = (t.inner * dx, t.inner * dy), (t.outer * dx, t.outer * dy)
        if drive_at(layout, sensor, t.scale.carrier, weak, inner) > TIGHT * drive_at(
                layout, sensor, t.scale.carrier, weak, outer):
            continue  # the field falls too steeply across the tick: the datasheet's threshold stands
        mine = found.setdefault(t.scale.carrier, {})
        if t.kind == "operate":
            value = drive_at(layout, sensor, t.scale.carrier, strong, inner)
            mine["operate"] = max(mine.get("operate", 0.0), value)
        else:
            value = drive_at(layout, sensor, t.scale.carrier, weak, outer)
            mine["release"] = min(mine.get("release", math.inf), value)
    return found


@dataclass(frozen=True)
class Record:
    """A coupon's measurements, as saved."""

    sensor: str
    skin: float
    magnet: str
    men: int
    transitions: tuple[Transition, ...]
    thresholds: dict[str, dict[str, float]]

    def to_json(self) -> str:
        """The record as JSON text."""
        transitions = [{"scale": t.scale.name, "carrier": t.scale.carrier,
                        "direction": list(t.scale.direction), "kind": t.kind, "inner_mm": t.inner,
                        "outer_mm": t.outer} for t in self.transitions]
        return json.dumps({
            "format": FORMAT, "sensor": self.sensor, "skin_mm": self.skin, "magnet": self.magnet,
            "men": self.men, "transitions": transitions, "thresholds": self.thresholds}, indent=2) + "\n"


def read_record(path: Path) -> Record:
    """Read a coupon record (a :class:`CouponError` says what is wrong with it)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            raise CouponError(f"{path}: not a Tablier coupon record (format {FORMAT})")
        transitions = tuple(Transition(Scale(t["carrier"], tuple(t["direction"]), 0.0), t["kind"],
                                       float(t["inner_mm"]),
                                       None if t["outer_mm"] is None else float(t["outer_mm"]))
                            for t in data["transitions"])
        thresholds = {carrier: {kind: float(v) for kind, v in values.items()}
                      for carrier, values in data["thresholds"].items()}
        return Record(str(data["sensor"]), float(data["skin_mm"]), str(data["magnet"]), int(data["men"]),
                      transitions, thresholds)
    except OSError as error:
        raise CouponError(f"{path}: cannot read the coupon record ({error.strerror})") from None
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise CouponError(f"{path}: malformed coupon record ({error})") from None


def record_path(layout: Layout) -> Path | None:
    """Where the layout's coupon record is, if it names one and it exists (beside the layout file)."""
    if not layout.mechanics.coupon or layout.source is None:
        return None
    path = layout.source.parent / layout.mechanics.coupon
    return path if path.exists() else None


def layout_record(layout: Layout, sensor: str | None = None) -> Record | None:
    """The coupon's record for the layout's sensor (or ``sensor``), if the maker has measured one."""
    path = record_path(layout)
    if path is None:
        return None
    record = read_record(path)
    return record if record.sensor == (sensor or layout.mechanics.sensor) else None


def record_problems(layout: Layout) -> list[str]:
    """A coupon record that does not fit the layout it would stand for."""
    path = record_path(layout)
    if path is None:
        return []
    try:
        record = read_record(path)
    except CouponError as error:
        return [str(error)]
    m = layout.mechanics
    if record.sensor != m.sensor:
        return []
    problems = [f"{path}: {problem}" for problem in _surprises(layout, record)]
    if abs(record.skin - m.skin) > 0.05:
        problems.append(f"{path} was measured under a {record.skin:g} mm skin, the layout's is "
                        f"{m.skin:g} mm: measure the coupon again with the skin you build with")
    if record.magnet != m.magnet.part:
        problems.append(f"{path} was measured with {record.magnet}, the layout's men carry {m.magnet.part}: "
                        "measure the coupon again with the men's magnets")
    return problems


def _surprises(layout: Layout, record: Record) -> list[str]:
    """Where the coupon contradicts the design: a switch that did not close at a tick where even the
    weakest magnet of the grade gives its datasheet's operate point (the field is weaker than modelled:
    the magnet, the skin or the baize is not what the layout says), or that stayed closed at a tick where
    even the strongest gives less than its release point (stronger than modelled)."""
    weak, strong = magnets(layout, record.sensor)
    found = []
    for t in record.transitions:
        part = SENSING[record.sensor][t.scale.carrier].part
        dx, dy = t.scale.direction
        where = "slot" if t.scale.carrier == "ladder" else "square"
        if t.kind == "operate" and t.outer is not None:
            drive = drive_at(layout, record.sensor, t.scale.carrier, weak, (t.outer * dx, t.outer * dy))
            if drive >= part.operate:
                found.append(f"the coupon's {where} did not close {t.outer:g} mm out, where the weakest "
                             f"magnet of the grade gives {drive:.3g} {part.unit}, over the {part.operate:g} "
                             "that surely closes its switch: the field is weaker than the layout says (the "
                             "magnet, the skin, the baize?)")
        if t.kind == "release":
            drive = drive_at(layout, record.sensor, t.scale.carrier, strong, (t.inner * dx, t.inner * dy))
            if drive < part.release:
                found.append(f"the coupon's {where} stayed closed {t.inner:g} mm out, where the strongest "
                             f"magnet of the grade gives {drive:.3g} {part.unit}, under the {part.release:g} "
                             "that surely opens its switch: the field is stronger than the layout says")
    return found


# -- the template --------------------------------------------------------------------------------


def tick_mm(scale: Scale, man: float, offset: float) -> tuple[float, float]:
    """Where on the coupon (mm from its lower left corner) the tick for a man's centre ``offset`` mm out
    along ``scale`` is drawn: the man's edge, a man's radius further out."""
    cx, cy = PLACES[scale.carrier]
    dx, dy = scale.direction
    reach = offset + man / 2
    return cx + reach * dx, cy + reach * dy


def coupon_svg(layout: Layout) -> str:
    """The coupon's template at 1:1: its outline, the two grooves, the measured places and their scales."""
    g = layout.geometry
    width, height = COUPON_MM
    svg = Svg(width, height, f"{layout.name}: the sensor coupon, 1:1")
    svg.rect(0, 0, width, height, stroke="#000", stroke_width=0.4)
    man = g.man_diameter_mm
    for carrier, (cx, cy) in PLACES.items():
        top = height - cy
        half = layout.mechanics.carrier_width / 2  # the groove under the skin, dashed
        for y in (top - half, top + half):
            svg.line(10, y, width - 10, y, stroke="#c0002a", stroke_width=0.3, dashed=True)
        svg.circle(cx, top, man / 2, stroke="#1a55b0", stroke_width=0.2)
        svg.line(cx - 4, top, cx + 4, top, stroke="#1a55b0", stroke_width=0.2)
        svg.line(cx, top - 4, cx, top + 4, stroke="#1a55b0", stroke_width=0.2)
        svg.text(cx, top + man / 2 + 4, "slot" if carrier == "ladder" else "square", size=3)
    for scale in scales():
        for offset in range(0, int(scale.reach) + 1):
            x, y = tick_mm(scale, man, offset)
            dx, dy = scale.direction
            long = offset % 5 == 0
            half = 2.0 if long else 1.0
            svg.line(x - dy * half, height - (y + dx * half), x + dy * half, height - (y - dx * half),
                     stroke="#000", stroke_width=0.15)
            if long:
                svg.text(x - dy * 4, height - (y + dx * 4), f"{offset}", size=1.8)
        x, y = tick_mm(scale, man, scale.reach + 3)
        svg.text(x, height - y, scale.name, size=2.2)
    svg.line(20, 6, 120, 6, stroke="#000", stroke_width=0.6)
    svg.text(70, 10, "100 mm: check the print scale", size=3.5)
    svg.text(width / 2, height - 4, "Tablier coupon: put the man's edge on a tick; the number is its "
             f"centre's offset in mm (tablier hardware coupon); layout {layout.hash}", size=3)
    return svg.render_window(0, 0, width, height)
