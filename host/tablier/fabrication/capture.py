"""How far off its sensor a man is still seen: the field of a man's magnet at a Hall switch.

The magnet is an axially magnetised disc; its field is that of the equivalent current sheet on its
side (surface current Br / mu0), integrated slice by slice, each slice a circular loop whose field
is exact (complete elliptic integrals by the arithmetic-geometric mean). A Hall switch lying flat
on its carrier senses the vertical component Bz; an omnipolar one closes when ``|Bz|`` exceeds its
operate point and opens when it falls below its release point, whichever pole faces it.

:func:`capture_table` gives ``|Bz|`` for lateral offsets 0-12 mm; :func:`capture_radius` the
largest offset out to which the switch closes; :func:`crosstalk` the field a man leaves at a
neighbouring sensor. ``hardware/README.md`` (*Sensing*) quotes these numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tablier.hardware.layout import Layout

#: TI DRV5032FA (omnipolar, SOT-23, 20 Hz sampling): closes above 4.8 mT at most, opens below
#: 0.5 mT at least, over temperature and parts.
BOP_MAX_MT = 4.8
BRP_MIN_MT = 0.5
#: The Hall element lies about 0.6 mm under the top of a SOT-23 package.
ELEMENT_DEPTH_MM = 0.6
SLICES = 24


@dataclass(frozen=True)
class Magnet:
    """An axially magnetised disc (NdFeB N35: Br about 1.2 T)."""

    diameter_mm: float
    thickness_mm: float
    br_tesla: float = 1.2

    @property
    def label(self) -> str:
        return f"{self.diameter_mm:g} x {self.thickness_mm:g} mm"


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


def _loop_bz(radius: float, rho: float, z: float) -> float:
    """Bz of a loop of the given radius, per unit of mu0 * I, at (rho, z) (lengths in mm)."""
    denominator = (radius + rho) ** 2 + z * z
    k2 = 4 * radius * rho / denominator
    big_k, big_e = _elliptic(k2)
    return (big_k + (radius ** 2 - rho ** 2 - z * z) / ((radius - rho) ** 2 + z * z) * big_e) \
        / (2 * math.pi * math.sqrt(denominator))


def field_mt(magnet: Magnet, offset_mm: float, gap_mm: float) -> float:
    """``|Bz|`` in mT at ``gap_mm`` below the magnet's lower face and ``offset_mm`` to the side."""
    step = magnet.thickness_mm / SLICES
    total = 0.0
    for n in range(SLICES):  # midpoint rule over the magnet's thickness
        z = gap_mm + (n + 0.5) * step
        total += _loop_bz(magnet.diameter_mm / 2, offset_mm, z) * step
    # mu0 * I per mm of thickness is Br * 1 mm; the loop formula is per mm: Bz in tesla * 1000.
    return abs(total * magnet.br_tesla * 1000)


def capture_table(magnet: Magnet, gap_mm: float, offsets: range = range(13)) -> list[tuple[int, float]]:
    """``(offset, |Bz| mT)`` for each lateral offset."""
    return [(offset, field_mt(magnet, offset, gap_mm)) for offset in offsets]


def capture_radius(magnet: Magnet, gap_mm: float, threshold_mt: float = BOP_MAX_MT) -> float:
    """The largest offset (0.1 mm steps, up to 20 mm) out to which ``|Bz|`` stays above the threshold."""
    offset = 0.0
    while offset <= 20.0 and field_mt(magnet, offset + 0.1, gap_mm) >= threshold_mt:
        offset += 0.1
    return round(offset, 1) if field_mt(magnet, 0.0, gap_mm) >= threshold_mt else 0.0


def crosstalk(magnet: Magnet, gap_mm: float, distance_mm: float) -> float:
    """``|Bz|`` in mT that a man leaves at a sensor ``distance_mm`` away (it must stay under BRP)."""
    return field_mt(magnet, distance_mm, gap_mm)


def layout_magnet(layout: Layout) -> tuple[Magnet, float]:
    """The men's magnet of the layout and its gap to the Hall element (skin, wood under it, package)."""
    m = layout.mechanics
    gap = m.skin + m.magnet_base + ELEMENT_DEPTH_MM
    return Magnet(m.magnet[0], m.magnet[1], m.magnet_br), gap


def neighbour_distances(layout: Layout) -> dict[str, float]:
    """How far a man can be from a sensor that is not its own, for each kind of neighbour."""
    g, m = layout.geometry, layout.mechanics
    return {
        "the next slot of a ladder": g.slot_pitch_mm,
        "the same slot of the next point": g.point_width_mm,
        "the nearest dark square (diagonal), the man off centre towards it":
            math.hypot(g.square_mm, g.square_mm) - m.capture,
    }


def capture_problems(layout: Layout) -> list[str]:
    """The magnet does not capture far enough off centre, or it closes a neighbour's sensor."""
    magnet, gap = layout_magnet(layout)
    problems = []
    if magnet.diameter_mm <= 0 or magnet.thickness_mm <= 0 or magnet.br_tesla <= 0:
        return [f"mechanics.men: the magnet {magnet.label}, Br {magnet.br_tesla:g} T, should have "
                "positive sizes"]
    reach = capture_radius(magnet, gap)
    if reach < layout.mechanics.capture:
        problems.append(f"a {magnet.label} magnet (Br {magnet.br_tesla:g} T) {gap:g} mm above the Hall "
                        f"switch is seen only {reach:g} mm off centre (need {layout.mechanics.capture:g} mm "
                        f"at {BOP_MAX_MT:g} mT)")
    for neighbour, distance in neighbour_distances(layout).items():
        field = crosstalk(magnet, gap, distance)
        if field >= BRP_MIN_MT:
            problems.append(f"a man leaves {field:.2f} mT at {neighbour} ({distance:.1f} mm away): at least "
                            f"{BRP_MIN_MT:g} mT keeps that sensor from opening")
    return problems


def capture_report(layout: Layout) -> str:
    """A Markdown table of ``|Bz|`` for offsets 0-12 mm and the neighbours' fields, for the README."""
    magnet, gap = layout_magnet(layout)
    rows = capture_table(magnet, gap)
    lines = [
        f"Magnet {magnet.label}, Br {magnet.br_tesla:g} T, {gap:g} mm above the Hall element "
        f"(DRV5032FA: closes by {BOP_MAX_MT:g} mT, opens below {BRP_MIN_MT:g} mT):",
        "",
        "| Offset (mm) | " + " | ".join(str(offset) for offset, _ in rows) + " |",
        "|---|" + "---|" * len(rows),
        "| \\|Bz\\| (mT) | " + " | ".join(f"{field:.1f}" for _, field in rows) + " |",
        "",
        f"Seen out to **{capture_radius(magnet, gap):g} mm** off centre "
        f"(required: {layout.mechanics.capture:g} mm).",
        "",
    ]
    for neighbour, distance in neighbour_distances(layout).items():
        lines.append(f"- {neighbour} ({distance:.1f} mm): {crosstalk(magnet, gap, distance):.2f} mT")
    return "\n".join(lines) + "\n"
