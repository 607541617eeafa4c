"""Where a man is seen: the field of a man's magnet at the layout's sensors, and what it leaves at others.

The magnet is an axially magnetised disc (or ring); its field is that of the equivalent current sheets
on its sides (surface current Br / mu0; a ring's bore carries it the other way), integrated slice by
slice, each slice a circular loop whose field is exact (complete elliptic integrals by the
arithmetic-geometric mean).

What drives a switch (:func:`drive`):

- a Hall switch lying flat on its carrier senses the vertical component: ``|Bz|`` in mT at its element;
- a reed switch lying flat along its carrier is driven by the field *along* it: the magnetic potential
  difference between its ends, the integral of Bx / mu0 over its length, in ampere-turns. That is what
  its maker's test coil measures when the coil is about as long as the reed (an estimate, which the
  coupon checks): a reed straight under a magnet's centre sees nothing (the field along it cancels), and
  is best driven a magnet's radius off it.

:func:`capture_cases` lists what the layout's sensors must do: close for a man anywhere it may stand on
its place (operate, with the magnet's grade at its weakest), and stay open for a man on the next place
(release, at its strongest). :func:`capture_problems` refuses a layout that misses one;
:func:`capture_report` prints them with a map of where a man is seen (``tablier hardware capture``;
``hardware/README.md``, *Sensing*, quotes it for both sensors).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from tablier.fabrication.sensors import SENSING, Sensing, SensorPart
from tablier.hardware.layout import Layout

MU0 = 4e-7 * math.pi
SLICES = 12
REED_STEPS = 16


@dataclass(frozen=True)
class Magnet:
    """An axially magnetised disc (``bore`` 0) or ring, and the remanence of its material."""

    diameter_mm: float
    thickness_mm: float
    br_tesla: float = 1.2
    bore_mm: float = 0.0

    @property
    def label(self) -> str:
        ring = f" (a {self.bore_mm:g} mm bore)" if self.bore_mm else ""
        return f"{self.diameter_mm:g} x {self.thickness_mm:g} mm{ring}"


def _elliptic(k2: float) -> tuple[float, float]:
    """Complete elliptic integrals K(k) and E(k) of the parameter k^2, by the AGM."""
    a, b = 1.0, math.sqrt(max(0.0, 1.0 - k2))
    c_sum, power = k2 / 2, 0.5  # the n = 0 term: 2^-1 c0^2 with c0^2 = k^2
    while abs(a - b) > 1e-15 * a:
        c = (a - b) / 2
        a, b = (a + b) / 2, math.sqrt(a * b)
        power *= 2
        c_sum += power * c * c
    big_k = math.pi / (2 * a)
    return big_k, big_k * (1 - c_sum)


def _loop(radius: float, rho: float, z: float) -> tuple[float, float]:
    """(B_rho, Bz) of a loop of the given radius, per unit of mu0 * I, at (rho, z) (lengths in mm)."""
    denominator = (radius + rho) ** 2 + z * z
    big_k, big_e = _elliptic(4 * radius * rho / denominator)
    near = (radius - rho) ** 2 + z * z
    root = math.sqrt(denominator)
    bz = (big_k + (radius ** 2 - rho ** 2 - z * z) / near * big_e) / (2 * math.pi * root)
    if rho < 1e-9:
        return 0.0, bz
    return z * (-big_k + (radius ** 2 + rho ** 2 + z * z) / near * big_e) / (2 * math.pi * rho * root), bz


def _cylinder(radius: float, thickness: float, rho: float, gap: float) -> tuple[float, float]:
    """(B_rho, Bz) per tesla of remanence of a solid cylinder's side current, ``gap`` below its face."""
    step = thickness / SLICES
    b_rho = b_z = 0.0
    for n in range(SLICES):  # midpoint rule over the magnet's thickness
        radial, vertical = _loop(radius, rho, gap + (n + 0.5) * step)
        b_rho += radial * step
        b_z += vertical * step
    return b_rho, b_z


def field(magnet: Magnet, x: float, y: float, gap: float) -> tuple[float, float, float]:
    """(Bx, By, Bz) in tesla at (x, y) from the magnet's axis, ``gap`` mm under its lower face."""
    rho = math.hypot(x, y)
    b_rho, b_z = _cylinder(magnet.diameter_mm / 2, magnet.thickness_mm, rho, gap)
    if magnet.bore_mm:
        inner_rho, inner_z = _cylinder(magnet.bore_mm / 2, magnet.thickness_mm, rho, gap)
        b_rho, b_z = b_rho - inner_rho, b_z - inner_z
    # mu0 * I per mm of thickness is Br * 1 mm; the loop formulas are per mm: B in tesla.
    b_rho, b_z = b_rho * magnet.br_tesla, b_z * magnet.br_tesla
    if rho < 1e-9:
        return 0.0, 0.0, b_z
    return b_rho * x / rho, b_rho * y / rho, b_z


def field_mt(magnet: Magnet, offset_mm: float, gap_mm: float) -> float:
    """``|Bz|`` in mT at ``gap_mm`` below the magnet's lower face and ``offset_mm`` to the side."""
    return abs(field(magnet, offset_mm, 0.0, gap_mm)[2]) * 1000


def reed_at(magnet: Magnet, along: float, across: float, gap: float, length: float) -> float:
    """The ampere-turns along a reed ``length`` mm long whose middle is (``along``, ``across``) from the
    magnet's axis, ``gap`` mm under it: the integral of Bx / mu0 from one end to the other."""
    step = length / REED_STEPS
    total = sum(field(magnet, along - length / 2 + (n + 0.5) * step, across, gap)[0] * step
                for n in range(REED_STEPS))
    return abs(total) * 1e-3 / MU0


def drive(part: SensorPart, magnet: Magnet, along: float, across: float, gap: float) -> float:
    """What a switch ``(along, across)`` mm from the magnet's axis sees: mT for a Hall switch, AT for a
    reed (lying along its carrier)."""
    if part.kind == "reed":
        return reed_at(magnet, along, across, gap, part.length)
    return field_mt(magnet, math.hypot(along, across), gap)


def gap_of(layout: Layout, part: SensorPart) -> float:
    """From the magnet's lower face to the switch's element: the skin, the wood under the magnet in the
    man, and the element's depth in its package (the package pressed against the skin)."""
    m = layout.mechanics
    return m.skin + m.magnet_base + part.depth


def magnets(layout: Layout, sensor: str | None = None) -> tuple[Magnet, Magnet]:
    """The men's magnet for a sensor kind (the layout's by default) at the weakest and the strongest of
    its grade."""
    spec = layout.mechanics.magnets[sensor or layout.mechanics.sensor]
    weak = Magnet(spec.diameter, spec.thickness, spec.br[0], spec.bore)
    return weak, replace(weak, br_tesla=spec.br[1])


def place_drive(arrangement: Sensing, magnet: Magnet, gap: float, along: float, across: float) -> float:
    """What a place's switches see of a man standing (``along``, ``across``) off its centre: the most
    any of them sees (they are wired in parallel)."""
    return max(drive(arrangement.part, magnet, along - a, across - c, gap) for a, c in arrangement.offsets)


@dataclass(frozen=True)
class Case:
    """One thing the sensors must do: ``close`` for a man anywhere in ``where``, or stay open for it."""

    what: str
    carrier: str  # "ladder" or "row"
    close: bool
    where: tuple[tuple[float, float], ...]  # the man's (along, across) offsets from the place's centre


@dataclass(frozen=True)
class Result:
    """A case worked out: the worst drive over its offsets, the threshold it is held to, and the margin
    it must be met by."""

    case: Case
    worst: float
    threshold: float
    unit: str
    required: float = 1.0

    @property
    def ok(self) -> bool:
        """Met with the margin required."""
        return self.margin >= self.required

    @property
    def margin(self) -> float:
        """How many times over the threshold it is met (below 1: missed)."""
        if self.case.close:
            return self.worst / self.threshold
        return self.threshold / self.worst if self.worst else math.inf


def _box(along: float, across: float, steps: int = 2) -> tuple[tuple[float, float], ...]:
    """Offsets filling a rectangle ``along`` x ``across`` either side of the centre."""
    spread = [k / steps for k in range(-steps, steps + 1)]
    return tuple((along * a, across * c) for a in spread for c in spread)


def _disc(radius: float) -> tuple[tuple[float, float], ...]:
    """The centre and rings at a third, two thirds and all of ``radius``, every 30 degrees."""
    points = [(0.0, 0.0)]
    for ring in (1 / 3, 2 / 3, 1.0):
        points += [(radius * ring * math.cos(math.radians(a)), radius * ring * math.sin(math.radians(a)))
                   for a in range(0, 360, 30)]
    return tuple(points)


def capture_cases(layout: Layout) -> list[Case]:
    """What the layout's sensors must do, from its geometry: see a man wherever it may stand on a slot (a
    few mm along its ladder, what the point, bar or tray leaves across) or on a square (``capture_mm``
    any way), and leave open the next slot (its neighbour ``ladder_slack_mm`` towards it), the same slot
    of the next point and the nearest dark square."""
    g, m = layout.geometry, layout.mechanics
    slack = m.ladder_slack
    point_across = (g.point_width_mm - g.man_diameter_mm) / 2
    wide_across = (max(g.bar_width_mm, g.tray_width_mm) - g.man_diameter_mm) / 2
    towards = (g.square_mm - m.capture / math.sqrt(2))  # the diagonal neighbour's centre, per axis
    return [
        Case(f"a man on a point's slot ({slack:g} mm along, {point_across:g} mm across)", "ladder", True,
             _box(slack, point_across)),
        Case(f"a man on a slot of the bar or a tray ({slack:g} mm along, {wide_across:g} mm across)",
             "ladder", True, _box(slack, wide_across)),
        Case(f"a man on a dark square ({m.capture:g} mm off its centre, any way)", "row", True,
             _disc(m.capture)),
        Case(f"the next slot of a ladder, the man {slack:g} mm towards it", "ladder", False,
             tuple((way * (g.slot_pitch_mm - slack), across)
                   for way in (-1, 1) for across in (0.0, point_across))),
        Case("the same slot of the next point", "ladder", False,
             tuple((a, g.point_width_mm - point_across) for a in (-slack, 0.0, slack))),
        Case(f"the nearest dark square, the man {m.capture:g} mm towards it", "row", False,
             ((-towards, -towards), (-towards, towards))),
    ]


Thresholds = dict[str, dict[str, float]]  # by carrier: "operate" and "release" as a coupon measured them


def capture_results(layout: Layout, sensor: str | None = None,
                    measured: Thresholds | None = None) -> list[Result]:
    """Every case worked out for a sensor kind (the layout's by default), each held to the layout's margin
    (``[mechanics.men] margin``) over the part's guaranteed threshold, or over the threshold the coupon
    measured where ``measured`` has one (:func:`tablier.fabrication.coupon.measured`)."""
    kind = sensor or layout.mechanics.sensor
    weak, strong = magnets(layout, kind)
    results = []
    for case in capture_cases(layout):
        arrangement = SENSING[kind][case.carrier]
        part = arrangement.part
        magnet, gap = (weak if case.close else strong), gap_of(layout, part)
        drives = [place_drive(arrangement, magnet, gap, a, c) for a, c in case.where]
        worst = min(drives) if case.close else max(drives)
        threshold = part.operate if case.close else part.release
        kind_of = "operate" if case.close else "release"
        threshold = (measured or {}).get(case.carrier, {}).get(kind_of, threshold)
        results.append(Result(case, worst, threshold, part.unit, layout.mechanics.capture_margin))
    return results


def capture_problems(layout: Layout, measured: Thresholds | None = None) -> list[str]:
    """The magnet leaves a man unseen where it may stand, or closes a sensor that should open, with the
    layout's margin (over the thresholds the coupon ``measured``, where it has them), or leaves a blind
    strip in a place."""
    spec = layout.mechanics.magnet
    if spec.diameter <= 0 or spec.thickness <= 0 or not 0 <= spec.bore < spec.diameter or \
            not 0 < spec.br[0] <= spec.br[1]:
        return [f"mechanics.men.{layout.mechanics.sensor}: the magnet {spec.diameter:g} x "
                f"{spec.thickness:g} mm (bore {spec.bore:g} mm, Br {spec.br[0]:g}-{spec.br[1]:g} T) should "
                "have positive sizes, a bore smaller than it, and Br the least then the most of its grade"]
    problems = []
    for result in capture_results(layout, measured=measured):
        if result.ok:
            continue
        part = SENSING[layout.mechanics.sensor][result.case.carrier].part
        short = f"{result.margin:.2f}x, less than the {result.required:g}x margin it needs"
        kind = "operate" if result.case.close else "release"
        by_coupon = kind in (measured or {}).get(result.case.carrier, {})
        threshold = f"{result.threshold:.3g} {result.unit} that " + (
            "the coupon measured" if by_coupon else f"surely {'closes' if result.case.close else 'opens'} it")
        if result.case.close:
            problems.append(f"{result.case.what}: the {part.name} sees {result.worst:.1f} {result.unit} at "
                            f"worst, {short} over the {threshold}")
        else:
            problems.append(f"{result.case.what}: a man leaves {result.worst:.2f} {result.unit} at its "
                            f"{part.name}: {short} under the {threshold}")
    return [*problems, *blind_strips(layout)]


def blind_strips(layout: Layout, sensor: str | None = None, step: float = 0.5) -> list[str]:
    """A blind strip in a place: a man seen at some distance from the place's centre, not seen nearer,
    along a line out of the centre (every 10 degrees, ``step`` mm at a time), wherever a man may stand on
    the place (a ladder's slot: half the pitch along it, what the widest of the point, bar and tray leaves
    across; a square: ``capture_mm`` any way). A reed sees nothing straight over its middle, so a place of
    one reed has one; its pair covers it."""
    g, m = layout.geometry, layout.mechanics
    kind = sensor or m.sensor
    weak, _strong = magnets(layout, kind)
    wide = (max(g.bar_width_mm, g.tray_width_mm) - g.man_diameter_mm) / 2
    found = []
    reaches = (("ladder", (g.slot_pitch_mm / 2, wide)), ("row", (m.capture, m.capture)))
    for carrier, (along, across) in reaches:
        arrangement = SENSING[kind][carrier]
        gap = gap_of(layout, arrangement.part)
        for angle in range(0, 360, 10):
            ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            blind_at, r = None, 0.0
            while abs(r * ca) <= along + 1e-9 and abs(r * sa) <= across + 1e-9 and \
                    (carrier == "ladder" or r <= m.capture + 1e-9):
                seen = place_drive(arrangement, weak, gap, r * ca, r * sa) >= arrangement.part.operate
                if not seen and blind_at is None:
                    blind_at = r
                elif seen and blind_at is not None:
                    place = "a ladder's slot" if carrier == "ladder" else "a dark square"
                    found.append(f"{place} has a blind strip: a man {blind_at:g} mm off its centre (at "
                                 f"{angle} degrees to the carrier) is not seen by its "
                                 f"{arrangement.part.name}, one {r:g} mm off is")
                    break
                r += step
            if found and found[-1].startswith("a ladder" if carrier == "ladder" else "a dark"):
                break  # one sentence a carrier
    return found


def capture_radius(magnet: Magnet, gap_mm: float, threshold_mt: float = 4.8) -> float:
    """The largest offset (0.1 mm steps, up to 20 mm) out to which ``|Bz|`` stays above the threshold."""
    offset = 0.0
    while offset <= 20.0 and field_mt(magnet, offset + 0.1, gap_mm) >= threshold_mt:
        offset += 0.1
    return round(offset, 1) if field_mt(magnet, 0.0, gap_mm) >= threshold_mt else 0.0


def seen_map(layout: Layout, carrier: str, sensor: str | None = None, step: float = 3.0,
             reach: float = 12.0) -> str:
    """Where a man is seen on a place of ``carrier``: a character per man position (``#`` seen by the
    place's switches at the weakest of the magnet's grade, ``.`` not), rows across the carrier, columns
    along it, the place's centre in the middle."""
    kind = sensor or layout.mechanics.sensor
    arrangement = SENSING[kind][carrier]
    weak, _strong = magnets(layout, kind)
    gap = gap_of(layout, arrangement.part)
    count = int(reach / step)
    lines = []
    for row in range(count, -count - 1, -1):
        seen = [place_drive(arrangement, weak, gap, col * step, row * step) >= arrangement.part.operate
                for col in range(-count, count + 1)]
        cells = ["#" if one else "." for one in seen]
        lines.append(f"{row * step:+6.0f} " + " ".join(cells))
    return "\n".join(lines)


def _measured_text(kind: str, measured: Thresholds) -> str:
    """What a coupon measured, place by place; where it could not, the datasheet's threshold stands."""
    said = []
    for carrier in ("ladder", "row"):
        part = SENSING[kind][carrier].part
        values = measured.get(carrier, {})
        place = "a slot" if carrier == "ladder" else "a square"
        found = [f"{'closes by' if k == 'operate' else 'opens below'} {values[k]:.3g} {part.unit}"
                 for k in ("operate", "release") if k in values]
        missing = [k for k in ("operate", "release") if k not in values]
        text = f"{place} ({part.name}) " + (" and ".join(found) if found else "nothing measured")
        if missing:
            text += f" ({' and '.join(missing)}: the datasheet's; the coupon cannot pin it within a tick)"
        said.append(text)
    return "; ".join(said) + "."


def capture_report(layout: Layout, sensor: str | None = None, measured: Thresholds | None = None) -> str:
    """The capture analysis of a sensor kind (the layout's by default), as Markdown for the README; with a
    coupon's ``measured`` thresholds, their margins beside the datasheet's."""
    kind = sensor or layout.mechanics.sensor
    spec = layout.mechanics.magnets[kind]
    weak, strong = magnets(layout, kind)
    parts = sorted({SENSING[kind][c].part for c in ("ladder", "row")}, key=lambda p: p.name)
    lines = [f"Sensor `{kind}`: " + "; ".join(
        f"{p.name} (closes by {p.operate:g} {p.unit}, opens below {p.release:g} {p.unit}, "
        f"{gap_of(layout, p):g} mm under the magnet)" for p in parts) + ".",
        f"Magnet {weak.label}, Br {weak.br_tesla:g}-{strong.br_tesla:g} T: {spec.part}.", ""]
    if kind == "hall":
        part = SENSING[kind]["row"].part
        gap = gap_of(layout, part)
        offsets = range(13)
        lines += ["| Offset (mm) | " + " | ".join(str(o) for o in offsets) + " |",
                  "|---|" + "---|" * len(offsets),
                  "| \\|Bz\\| (mT) | " + " | ".join(f"{field_mt(weak, o, gap):.1f}" for o in offsets) + " |",
                  "", f"Seen out to **{capture_radius(weak, gap, part.operate):g} mm** off centre.", ""]
    if measured is not None:
        lines += ["Measured on the coupon, in the model's units: " + _measured_text(kind, measured), ""]
    coupon = capture_results(layout, kind, measured) if measured is not None else None
    lines += [f"| Where | Must | Worst | Margin (at least {layout.mechanics.capture_margin:g}x) |"
              + (" Coupon's margin |" if coupon else ""), "|---|---|---|---|" + ("---|" if coupon else "")]
    for n, result in enumerate(capture_results(layout, kind)):
        must = (f"close: {result.threshold:g} {result.unit}" if result.case.close
                else f"open: under {result.threshold:g} {result.unit}")
        lines.append(f"| {result.case.what} | {must} | {result.worst:.2f} {result.unit} | "
                     f"{result.margin:.2f}x |" + (f" {coupon[n].margin:.2f}x |" if coupon else ""))
    lines += ["", "Where a man's centre is seen (`#`), mm from the place's centre, along the carrier "
              "(across the page) and across it (down the page): a ladder's slot (towards the board's "
              "middle to the right), then a square:", "", "```"]
    for carrier in ("ladder", "row"):
        lines += [seen_map(layout, carrier, kind), ""]
    lines[-1] = "```"
    return "\n".join(lines) + "\n"
