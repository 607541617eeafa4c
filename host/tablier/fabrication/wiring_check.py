"""The committed wiring plan checked against the layout as it is: ``tablier hardware check``'s wiring rules.

:func:`wiring_problems` refuses a plan that no longer fits (and says to route it again):

- a harness the layout has and the plan not, or the other way round, or whose channels no longer reach
  its two ends;
- a channel that leaves less than ``min_web_mm`` of wood, in plan or in depth, to any cut-out but the
  cut-outs of its own two ends *on its own face* (a channel enters its end's pocket from that pocket's
  face) and the plug notches of its face (wire space): a cut-out of the other face, its own end's pocket
  included, is compared with it by depth, as every pair of cut-outs of opposite faces is;
- a channel of one face and a channel of the other that meet inside the core;
- a passage (drilled through the core) into any cut-out but a plug notch; a passage opens into channels
  (and notches, and other passages: wire space meeting wire space) by design, which is the one exception;
- a channel fuller than it takes.
"""

from __future__ import annotations

import math

from tablier.fabrication.cutout import Cutout, plan_gap
from tablier.fabrication.wire_router import capacity_mm2, family, over_full
from tablier.fabrication.wiring import (
    Segment,
    WiringError,
    as_cutout,
    harnesses,
    merged_cutouts,
    plan_path,
    read_plan,
)
from tablier.hardware.layout import Layout


def wiring_problems(layout: Layout, items: list[Cutout], plan: list[Segment] | None = None,
                    fill: bool = True) -> list[str]:
    """Where the committed wiring plan no longer fits the layout, one sentence each (``fill``: and whether a
    channel is fuller than it takes)."""
    try:
        segments = read_plan(plan_path(layout)) if plan is None else plan
    except WiringError as error:
        return [str(error)]
    again = f"route the wiring again: tablier hardware wiring --out {plan_path(layout).parent}"
    m = layout.mechanics
    by_harness: dict[str, list[Segment]] = {}
    for segment in segments:
        by_harness.setdefault(segment.harness, []).append(segment)
    wanted = {h.name: h for h in harnesses(layout, items)}
    problems = [f"the wiring plan has no channel for the {name} ({again})" for name in wanted
                if name not in by_harness]
    problems += [f"the wiring plan has a channel for the {name}, which the layout no longer has ({again})"
                 for name in by_harness if name not in wanted]
    bundles: list[tuple[float, list[tuple[str, int, int]]]] = []
    near = _Nearby(items, m.min_web)
    for name, harness in wanted.items():
        if name not in by_harness:
            continue
        mine = by_harness[name]
        leg = harness.leg()
        ends = [(s.x1, s.y1) for s in mine[:1]] + [(s.x2, s.y2) for s in mine[-1:]]
        if math.dist(ends[0], leg.start[1:]) > 1.5 or math.dist(ends[-1], leg.end[1:]) > 1.5:
            problems.append(f"the channel of the {name} no longer reaches its ends ({harness.start.name}, "
                            f"{harness.end.name}): {again}")
        own = {leg.start[0], leg.end[0]}
        hit: set[tuple[str, str]] = set()  # each cut-out once a harness, where its channels first meet it
        for segment in mine:
            cut = as_cutout(layout, segment)
            for item in near(cut):
                if (cut.kind, item.name) in hit or _meant(cut, item, own):
                    continue
                side = plan_gap(cut, item)
                depth = max(cut.z_top, item.z_top) - min(cut.z_bottom, item.z_bottom)
                if side < m.min_web and depth < m.min_web:
                    hit.add((cut.kind, item.name))
                    problems.append(f"the {cut.kind} of the {name} (X {cut.x:.1f}, Y {cut.y:.1f}) runs into "
                                    f"{item.name}: {max(side, 0):.1f} mm of wood between them and "
                                    f"{max(depth, 0):.1f} mm in depth (at least {m.min_web:g} mm); move it "
                                    f"or {again}")
        bundles.append((leg.area_mm2, [cell for segment in mine for cell in _cells(segment)]))
    problems += [f"{problem} ({again})" for problem in _between_the_wiring(layout, segments)]
    full = over_full(m, items, bundles) if fill else {}
    if full:
        face, x, y = min(full)
        problems.append(f"the {face} channel at X {x}, Y {y} carries {full[face, x, y]:.1f} mm2 of wire, "
                        f"more than its {capacity_mm2(m):g} mm2 ({again})")
    return problems


class _Nearby:
    """The cut-outs whose outline comes within a web of a box, found through a coarse grid of the slab."""

    CELL = 50.0

    def __init__(self, items: list[Cutout], web: float) -> None:
        self.web = web
        self.cells: dict[tuple[int, int], list[tuple[int, tuple[float, float, float, float], Cutout]]] = {}
        for n, item in enumerate(items):
            box = item.box
            for cell in self._cells(box):
                self.cells.setdefault(cell, []).append((n, box, item))

    def _cells(self, box: tuple[float, float, float, float]) -> list[tuple[int, int]]:
        x0, y0, x1, y1 = (int((v - self.web) // self.CELL) if n < 2 else int((v + self.web) // self.CELL)
                          for n, v in enumerate(box))
        return [(i, j) for i in range(x0, x1 + 1) for j in range(y0, y1 + 1)]

    def __call__(self, cut: Cutout) -> list[Cutout]:
        """The cut-outs near ``cut``, in the order they were given."""
        x0, y0, x1, y1 = cut.box
        web, found = self.web, {}
        for cell in self._cells(cut.box):
            for n, (bx0, by0, bx1, by1), item in self.cells.get(cell, ()):
                if not (bx0 > x1 + web or bx1 < x0 - web or by0 > y1 + web or by1 < y0 - web):
                    found[n] = item
        return [found[n] for n in sorted(found)]


def _meant(cut: Cutout, item: Cutout, own: set[str]) -> bool:
    """Whether a harness's channel or passage may meet this cut-out: a channel its own ends' cuts and the
    plug notches, on its own face only (a cut from the other face is compared by depth)."""
    if cut.kind == "passage":
        return item.kind == "plug notch"  # wire space: a notch's wires may drop through the core
    same_face = item.face in (cut.face, "edge")
    return same_face and (item.kind == "plug notch" or family(item) in own)


def _between_the_wiring(layout: Layout, segments: list[Segment]) -> list[str]:
    """The channels as cut (merged where harnesses share them) against each other: a channel of one face
    meeting one of the other in the core."""
    m = layout.mechanics
    cuts = merged_cutouts(layout, segments)
    tables = [c for c in cuts if c.kind == "channel" and c.face == "tables"]
    draughts = [c for c in cuts if c.kind == "channel" and c.face == "draughts"]
    problems = []
    for a in tables:
        for b in draughts:
            depth = max(a.z_top, b.z_top) - min(a.z_bottom, b.z_bottom)
            if depth < m.min_web and plan_gap(a, b) < m.min_web:
                problems.append(f"the tables channel {a.place} and the draughts channel {b.place} meet in "
                                f"the core at X {a.x:.1f}, Y {a.y:.1f}: {max(depth, 0):.1f} mm between them "
                                f"in depth (at least {m.min_web:g} mm)")
    return problems


def _cells(segment: Segment) -> list[tuple[str, int, int]]:
    if segment.face == "passage":
        return []
    steps = int(segment.length)
    dx, dy = (segment.x2 - segment.x1) / max(steps, 1), (segment.y2 - segment.y1) / max(steps, 1)
    return [(segment.face, round(segment.x1 + k * dx), round(segment.y1 + k * dy)) for k in range(steps + 1)]
