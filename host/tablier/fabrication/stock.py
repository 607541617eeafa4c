"""The slab on the sheets as bought: the design held to every skin and core of the stock's ranges, and the
check of the sheets a maker measured.

Every pocket, groove and channel is cut into the bare core (``core_depth_mm``), so a skin thicker or
thinner than bought moves nothing the core holds: it changes what lies in front of the sensors (the
capture analysis) and where the edge holes sit (at mid-thickness). A thinner core brings the two faces'
cuts closer together. :func:`stock_problems` runs the checks that depend on the sheets' thickness (cuts
through the core, the clashes of the faces' cuts, the edge holes, the wiring's depths, the capture and
release margins) at every corner of ``[mechanics.stock]`` and names what fails where;
:func:`with_sheets` is the layout built on measured sheets (``tablier hardware check --skin MM --core
MM``), and :func:`what_still_fits` says how much of each margin the measured sheets leave.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from tablier.fabrication.capture import capture_results
from tablier.fabrication.cutout import Cutout
from tablier.fabrication.cutouts import clashes, cutouts
from tablier.hardware.layout import Layout


def with_sheets(layout: Layout, skin: float | None = None, core: float | None = None) -> Layout:
    """The layout on sheets of these thicknesses (the others as designed)."""
    m = layout.mechanics
    return replace(layout, mechanics=replace(m, skin=m.skin if skin is None else skin,
                                             core=m.core if core is None else core))


def corners(layout: Layout) -> list[tuple[float, float]]:
    """Every pair of the stock's least and greatest skin and core."""
    m = layout.mechanics
    return [(skin, core) for core in sorted(set(m.core_range)) for skin in sorted(set(m.skin_range))]


def stock_problems(layout: Layout, depth_problems: Callable[[Layout, list[Cutout]], Iterable[str]],
                   notches: bool = True) -> list[str]:
    """What fails at a corner of the stock's ranges and not on the sheets as designed: ``depth_problems``
    (the checks that depend on the sheets, given a layout and its cut-outs, with the boards' notches and
    exits where ``notches``) and the capture margins, one sentence each, naming the sheets."""
    m = layout.mechanics
    (skin_low, skin_high), (core_low, core_high) = m.skin_range, m.core_range
    if not (0 < skin_low <= m.skin <= skin_high and 0 < core_low <= m.core <= core_high):
        return [f"the design's sheets (a {m.skin:g} mm skin, a {m.core:g} mm core) should lie in the stock's "
                f"ranges ([mechanics.stock]: skin {skin_low:g}-{skin_high:g} mm, core "
                f"{core_low:g}-{core_high:g} mm)"]
    nominal = set(depth_problems(layout, cutouts(layout, notches)))
    problems: list[str] = []
    captured: set[float] = set()
    for skin, core in corners(layout):
        sheets = with_sheets(layout, skin, core)
        found = [p for p in depth_problems(sheets, cutouts(sheets, notches)) if p not in nominal]
        if skin not in captured:  # the capture depends on the skin alone
            captured.add(skin)
            found += [f"{r.case.what}: {r.margin:.2f}x, less than the {r.required:g}x margin it needs"
                      for r in capture_results(sheets) if not r.ok]
        problems += [f"with a {skin:g} mm skin and a {core:g} mm core (the stock's range): {p}"
                     for p in found]
    return problems


def what_still_fits(layout: Layout) -> list[str]:
    """For sheets as measured: how much wood is left where the slab is tightest, and the capture margins,
    one line each (``tablier hardware check --skin --core``)."""
    m = layout.mechanics
    items = cutouts(layout)
    between = min(((max(a.z_top, b.z_top) - min(a.z_bottom, b.z_bottom), a, b) for a in items for b in items
                   if a.face != b.face and "edge" not in (a.face, b.face) and _overlap(a, b)),
                  key=lambda found: found[0], default=None)
    lines = [f"the sheets: a {m.skin:g} mm skin, a {m.core:g} mm core (designed for "
             f"{_designed(layout)}); every cut is into the core, so the boards keep their room under the "
             "skin"]
    if between is not None:
        web, a, b = between
        lines.append(f"the two faces' cuts: {web:.1f} mm of core between them at the tightest ({a.name} over "
                     f"{b.name}), at least {m.min_web:g}")
    deepest = max((i for i in items if i.face != "edge"), key=lambda i: i.depth - m.skin)
    lines.append(f"over the other skin: {m.core - (deepest.depth - m.skin):.1f} mm of core at the thinnest "
                 f"(under {deepest.name}), at least {m.min_web:g}")
    results = capture_results(layout)
    least = min(results, key=lambda r: r.margin)
    lines.append(f"the sensors: every capture and release met by {least.margin:.2f}x at least "
                 f"({least.case.what}), at least {least.required:g}x")
    clash = clashes(layout, items)
    lines.append("what no longer fits: "
                 + ("nothing" if not clash else f"{len(clash)} pair(s) of cuts (below)"))
    return lines


def _designed(layout: Layout) -> str:
    from tablier.hardware.layout import read_layout

    designed = read_layout(layout.source).mechanics if layout.source else layout.mechanics
    return f"{designed.skin:g} and {designed.core:g} mm"


def _overlap(a: Cutout, b: Cutout) -> bool:
    ax0, ay0, ax1, ay1 = a.box
    bx0, by0, bx1, by1 = b.box
    return ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1
