"""A small two-layer maze router: the tracks of a placed board, found on a 0.5 mm grid.

Used where a board has too many runs to draw by hand (the six-chip chain boards). Every net is
routed as a tree, shortest nets first: from the pads already joined, a breadth-first search by cost
over the grid cells of both layers to the nearest pad not yet joined. The top copper is cheap, the
bottom (the ground pour) dear and a via dearer still, so the bottom is used only to pass under a
run. The clearances are kept by construction: a cell is refused if it is within reach of another
net's pad, track or via (:data:`PAD_KEEP`, :data:`VIA_PAD_KEEP`; the tracks lie on grid lines
0.5 mm apart, 0.25 mm wide: 0.25 mm between neighbours). Which net a cell, or a via at a grid point,
is still free for is kept up to date as the nets are routed: each step of a search is a look-up.
"""

from __future__ import annotations

import heapq
import itertools
import math
from typing import TypeVar

from tablier.errors import TablierError
from tablier.fabrication.kicad_pcb import TRACK, VIA, Pcb

GRID = 0.5
CLEARANCE = 0.2
EDGE = 1.0  # no copper run nearer the board's edge than this
#: A run's centre keeps this far from another net's pad (so the segment between two cells clears it too).
PAD_KEEP = 0.45
VIA_PAD_KEEP = VIA[0] / 2 + CLEARANCE + 0.1
COSTS = {0: 1.0, 1: 6.0}  # per cell: top, bottom copper
VIA_COST = 8.0
LAYER_NAMES = ("F.Cu", "B.Cu")
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))
AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))  # a grid point and its eight neighbours
CROSS = ((0, 0), *NEIGHBOURS)  # a grid point and its four nearest
SHARED = ""  # free for no net: near two nets' copper, or beside a through-hole pad (for a via)

Cell = tuple[int, int, int]  # x, y index and layer (0 top, 1 bottom)
_Key = TypeVar("_Key", tuple[int, int], Cell)


class Unroutable(TablierError):
    """The router found no way for a net."""

    def __init__(self, message: str, net: str) -> None:
        super().__init__(message)
        self.net = net


class Router:
    """The grid of a placed board and the nets routed on it so far."""

    def __init__(self, pcb: Pcb) -> None:
        self.pcb = pcb
        self.nx, self.ny = int(pcb.width / GRID) + 1, int(pcb.height / GRID) + 1
        self.owner: dict[Cell, str] = {}  # a cell used by a net's track, or reserved by its via or pad
        self.vias: dict[tuple[int, int], str] = {}
        self.pads: list[tuple[str, tuple[int, ...], float, float, float, float]] = []  # net, layers, box
        for net, pad in pcb.pads():
            layers = (0, 1) if "*.Cu" in pad.layers else tuple(
                LAYER_NAMES.index(name) for name in pad.layers if name in LAYER_NAMES)
            w, h = pad.size
            if round(pad.angle) % 180 == 90:
                w, h = h, w
            self.pads.append((net, layers, pad.x - w / 2, pad.y - h / 2, pad.x + w / 2, pad.y + h / 2))
        edge = EDGE / GRID
        self._inner = (edge, self.nx - 1 - edge, self.ny - 1 - edge)  # the first and the last X, Y index
        # What the searches ask at every step, kept up to date as the nets are routed: the one net a
        # cell is still free for, by the pads it is near and the runs taken (SHARED: for none; a cell
        # not listed is free for every net), and the one net a via may still stand at a grid point
        # for, by the pads, runs and vias near it.
        self._run_room = _sole_nets(self._pads_within(PAD_KEEP))
        near_via: dict[tuple[int, int], set[str]] = {}  # the grid points near pads on either layer
        for (ix, iy, _layer), nets in self._pads_within(VIA_PAD_KEEP).items():
            near_via.setdefault((ix, iy), set()).update(nets)
        self._via_room = _sole_nets(near_via)
        # no via in or beside a through-hole pad, even of its own net (the drills would touch)
        for ix, iy, _layer in self._pads_within(VIA_PAD_KEEP, through_only=True):
            self._via_room[ix, iy] = SHARED
        #: The copper drawn before routing, each track's or via's cells with its net: what joins a pad
        #: to others before the router does (cells of one net side by side are not joined by that alone).
        self._drawn: list[tuple[str, set[Cell]]] = []
        self._take_drawn()

    def _take_drawn(self) -> None:
        """The copper drawn on the board before routing (its tracks and vias) is its nets': their cells
        claimed, other nets kept their distance from it as from a pad."""
        for net, layer_name, points, width in self.pcb.tracks:
            layer = LAYER_NAMES.index(layer_name)
            for (ax, ay), (bx, by) in itertools.pairwise(points):
                steps = max(1, math.ceil(math.dist((ax, ay), (bx, by)) / (GRID / 4)))
                for k in range(steps + 1):
                    x, y = ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps
                    self._keep_near(net, x, y, width / 2, (layer,))
                    self._claim((round(x / GRID), round(y / GRID), layer), net)
            ends = (points[0], points[-1])  # a run joins it at its ends (its middle is no place to land)
            self._drawn.append((net, {(round(x / GRID), round(y / GRID), layer) for x, y in ends}))
        for net, x, y in self.pcb.vias:
            ix, iy = round(x / GRID), round(y / GRID)
            self._drawn.append((net, {(ix, iy, 0), (ix, iy, 1)}))
            self._keep_near(net, x, y, VIA[0] / 2, (0, 1))
            self.vias[ix, iy] = net
            for layer in (0, 1):
                self._claim((ix, iy, layer), net)
            self._no_via_beside(net, ix, iy)

    def _no_via_beside(self, net: str, ix: int, iy: int) -> None:
        """No other via beside a via, even of its net (their drills would stand 0.2 mm apart); the via
        itself stays ``net``'s to pass through."""
        for dx, dy in AROUND:
            if (dx, dy) == (0, 0):
                _narrow(self._via_room, (ix, iy), net)
            else:
                self._via_room[ix + dx, iy + dy] = SHARED

    def _keep_near(self, net: str, x: float, y: float, half: float, layers: tuple[int, ...]) -> None:
        """Cells whose runs would pass closer than the clearance to copper of ``net`` at (x, y) are free
        for ``net`` only."""
        keep = half + PAD_KEEP
        for ix in range(math.floor((x - keep) / GRID), math.ceil((x + keep) / GRID) + 1):
            for iy in range(math.floor((y - keep) / GRID), math.ceil((y + keep) / GRID) + 1):
                if math.hypot(ix * GRID - x, iy * GRID - y) < keep:
                    for layer in layers:
                        _narrow(self._run_room, (ix, iy, layer), net)

    def reserve_escapes(self, ref: str, reach: float = 1.5) -> None:
        """Keep a way out of each pad of ``ref`` for its own net: the cells straight out from the part,
        ``reach`` mm past the pad (so that a run routed earlier cannot wall a pin in)."""
        part = self.pcb.parts[ref]
        for number, net in part.nets.items():
            info = self.pcb.pad_info(ref, number)
            dx, dy = info.x - part.x, info.y - part.y
            w, h = info.size
            if round(part.angle) % 180 == 90:
                w, h = h, w
            along_x = abs(dx) * h > abs(dy) * w  # out along the pad's long side, away from the part
            step = (math.copysign(1, dx), 0) if along_x else (0, math.copysign(1, dy))
            start = (info.x + step[0] * w / 2, info.y + step[1] * h / 2)
            layer = 0 if "F.Cu" in info.layers else 1
            for k in range(int(reach / GRID) + 1):
                x, y = start[0] + step[0] * k * GRID, start[1] + step[1] * k * GRID
                cell = (round(x / GRID), round(y / GRID), layer)
                if self._free(net, cell):
                    self._claim(cell, net)

    def _pads_within(self, keep: float, through_only: bool = False) -> dict[tuple[int, int, int], set[str]]:
        near: dict[tuple[int, int, int], set[str]] = {}
        for net, layers, x0, y0, x1, y1 in self.pads:
            if through_only and layers != (0, 1):
                continue
            for ix in range(math.floor((x0 - keep) / GRID), math.ceil((x1 + keep) / GRID) + 1):
                for iy in range(math.floor((y0 - keep) / GRID), math.ceil((y1 + keep) / GRID) + 1):
                    x, y = ix * GRID, iy * GRID
                    if math.hypot(max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1)) < keep:
                        for layer in layers:
                            near.setdefault((ix, iy, layer), set()).add(net)
        return near

    def free(self, net: str, cell: Cell) -> bool:
        """Whether a run of ``net`` may pass the cell (no other net's copper there or too near)."""
        return self._free(net, cell) and self.owner.get(cell, net) == net

    def via_free(self, net: str, where: tuple[int, int]) -> bool:
        """Whether a via of ``net`` may stand at the grid point."""
        return self._via_room.get(where, net) == net

    def _free(self, net: str, cell: Cell) -> bool:
        ix, iy, _layer = cell
        low, high_x, high_y = self._inner
        return low <= ix <= high_x and low <= iy <= high_y and self._run_room.get(cell, net) == net

    def _claim(self, cell: Cell, net: str) -> None:
        """The cell is ``net``'s (if it is no net's yet); no other net's via beside it."""
        if cell in self.owner:
            return
        self.owner[cell] = net
        _narrow(self._run_room, cell, net)
        ix, iy, _layer = cell
        for dx, dy in CROSS:
            _narrow(self._via_room, (ix + dx, iy + dy), net)

    def _add_via(self, net: str, ix: int, iy: int) -> None:
        """A via of ``net`` at the grid point and its ring of cells on both layers; no other via beside it."""
        self.vias[ix, iy] = net
        self.pcb.via(net, ix * GRID, iy * GRID)
        self._no_via_beside(net, ix, iy)
        for dx, dy in NEIGHBOURS:
            for layer in (0, 1):
                self._claim((ix + dx, iy + dy, layer), net)

    def _pad_cells(self, net: str, box: tuple[int, ...], x0: float, y0: float, x1: float,
                   y1: float) -> list[Cell]:
        cells = [(ix, iy, layer) for ix in range(math.ceil(x0 / GRID), math.floor(x1 / GRID) + 1)
                 for iy in range(math.ceil(y0 / GRID), math.floor(y1 / GRID) + 1) for layer in box]
        return [c for c in cells if self._free(net, c)]

    def route(self, net: str, anywhere_on_bottom: bool = False) -> None:
        """Join every pad of ``net`` (or, with ``anywhere_on_bottom``, each pad to the bottom copper
        through a via of its own: the ground pour's net)."""
        terminals = [self._pad_cells(net, layers, x0, y0, x1, y1)
                     for n, layers, x0, y0, x1, y1 in self.pads if n == net]
        if any(not cells for cells in terminals):
            raise Unroutable(f"{self.pcb.name}: a pad of {net} has no free grid point", net)
        if anywhere_on_bottom:
            for cells in terminals:
                if not any(c[2] == 1 for c in cells):
                    self._search(net, set(cells), None)
            return
        tree = set(terminals[0]) | self._joined(net, terminals[0])
        for cells in terminals[1:]:
            if tree & (set(cells) | self._joined(net, cells)):  # joined already (by copper drawn before)
                tree |= set(cells) | self._joined(net, cells)
                continue
            try:
                joined = set(cells) | self._joined(net, cells)
                tree |= set(self._search(net, tree, joined)) | joined
            except Unroutable:
                x, y = cells[0][0] * GRID, cells[0][1] * GRID
                raise Unroutable(f"{self.pcb.name}: no way found for {net} to its pad at X {x:.1f}, "
                                 f"Y {y:.1f}",
                                 net) from None

    def route_to_pour(self, net: str, anchor: tuple[float, float]) -> None:
        """Join every pad of ``net`` to the bottom copper's pour of ``net`` around ``anchor`` (a
        through-hole pad of the net): the part of the bottom left solid by the other nets' runs."""
        def solid(ix: int, iy: int) -> bool:
            return all(self._free(net, (ix + dx, iy + dy, 1)) for dx, dy in AROUND)

        ax, ay = round(anchor[0] / GRID), round(anchor[1] / GRID)
        seeds = [(ax + dx, ay + dy) for dx in range(-4, 5) for dy in range(-4, 5) if solid(ax + dx, ay + dy)]
        pour: set[Cell] = set()
        stack = list(seeds)
        while stack:
            ix, iy = stack.pop()
            if (ix, iy, 1) in pour or not solid(ix, iy):
                continue
            pour.add((ix, iy, 1))
            stack.extend(((ix + 1, iy), (ix - 1, iy), (ix, iy + 1), (ix, iy - 1)))
        for n, layers, x0, y0, x1, y1 in self.pads:
            if n != net:
                continue
            cells = self._pad_cells(net, layers, x0, y0, x1, y1)
            if not cells:
                raise Unroutable(f"{self.pcb.name}: a pad of {net} has no free grid point", net)
            if not pour & self._joined(net, cells):
                self._search(net, set(cells), pour, land_by_via=True)

    def _joined(self, net: str, cells: list[Cell]) -> set[Cell]:
        """``cells`` and the cells of ``net``'s copper drawn before routing that joins them, track to via
        to track (:attr:`_drawn`)."""
        joined = set(cells)
        groups = [group for owner, group in self._drawn if owner == net]
        grew = True
        while grew:
            grew = False
            for group in groups:
                if group & joined and not group <= joined:
                    joined |= group
                    grew = True
        return joined

    def _search(self, net: str, sources: set[Cell], targets: set[Cell] | None,
                land_by_via: bool = False) -> list[Cell]:
        """The cheapest way from ``sources`` to ``targets`` (None: to the bottom copper through a via;
        ``land_by_via``: arriving through a via, so that no run ends loose in a pour), committed."""
        x0, y0, x1, y1 = -math.inf, -math.inf, math.inf, math.inf  # the targets' box (none: everywhere)
        if targets is not None and len(targets) < 100:
            xs, ys = [c[0] for c in targets], [c[1] for c in targets]
            x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)

        def ahead(ix: int, iy: int) -> float:  # a lower bound of the cost still to go (A*): steps to the box
            return ((x0 - ix if ix < x0 else ix - x1 if ix > x1 else 0)
                    + (y0 - iy if iy < y0 else iy - y1 if iy > y1 else 0))

        queue = [(ahead(c[0], c[1]), 0.0, c) for c in sorted(sources)]
        heapq.heapify(queue)
        came: dict[Cell, Cell | None] = {c: None for c in sources}
        cost = {c: 0.0 for c in sources}
        room, (low, high_x, high_y) = self._run_room, self._inner  # what _free asks, at hand
        while queue:
            _guess, spent, cell = heapq.heappop(queue)
            if spent > cost[cell]:
                continue
            ix, iy, layer = cell
            if targets is None:
                done = layer == 1 and cell not in sources
            else:
                before = came[cell]
                done = cell in targets and (not land_by_via or (before is not None and before[2] != layer))
            if done:
                return self._commit(net, cell, came)
            step = COSTS[layer]
            for dx, dy in NEIGHBOURS:
                x, y = ix + dx, iy + dy
                nxt = (x, y, layer)
                if ((nxt not in cost or spent + step < cost[nxt])
                        and low <= x <= high_x and low <= y <= high_y and room.get(nxt, net) == net):
                    cost[nxt] = spent + step
                    came[nxt] = cell
                    heapq.heappush(queue, (spent + step + ahead(x, y), spent + step, nxt))
            nxt = (ix, iy, 1 - layer)  # through a via: the dearest check, made only if it would pay
            if ((nxt not in cost or spent + VIA_COST < cost[nxt]) and room.get(nxt, net) == net
                    and self._via_room.get((ix, iy), net) == net):
                cost[nxt] = spent + VIA_COST
                came[nxt] = cell
                heapq.heappush(queue, (spent + VIA_COST + ahead(ix, iy), spent + VIA_COST, nxt))
        raise Unroutable(f"{self.pcb.name}: no way found for {net}", net)

    def _commit(self, net: str, end: Cell, came: dict[Cell, Cell | None]) -> list[Cell]:
        path = [end]
        while (previous := came[path[-1]]) is not None:
            path.append(previous)
        path.reverse()
        for a, b in itertools.pairwise(path):
            if a[2] != b[2] and a[:2] not in self.vias:
                self._add_via(net, a[0], a[1])
        for cell in path:
            self._claim(cell, net)
        run: list[Cell] = [path[0]]
        for cell in path[1:]:
            if cell[2] != run[-1][2]:
                self._track(net, run)
                run = [cell]
            else:
                run.append(cell)
        self._track(net, run)
        return path

    def _track(self, net: str, run: list[Cell]) -> None:
        if len(run) < 2:
            return
        corners = [run[0]]
        for before, here, after in zip(run, run[1:], run[2:], strict=False):
            if (here[0] - before[0], here[1] - before[1]) != (after[0] - here[0], after[1] - here[1]):
                corners.append(here)
        corners.append(run[-1])
        self.pcb.track(net, *((c[0] * GRID, c[1] * GRID) for c in corners), layer=LAYER_NAMES[run[0][2]],
                       width=TRACK)


def _sole_nets(near: dict[_Key, set[str]]) -> dict[_Key, str]:
    """Each place's one net (SHARED where there are several)."""
    return {where: next(iter(nets)) if len(nets) == 1 else SHARED for where, nets in near.items()}


def _narrow(room: dict[_Key, str], where: _Key, net: str) -> None:
    """``where`` is free for ``net`` only (for none, if it was free for another net only)."""
    room[where] = net if room.get(where, net) == net else SHARED
