"""A maze router for the slab's wiring: each harness's channels found on a 1 mm grid of both faces.

Every channel is routed into the core from a face, ``CHANNEL_MM`` wide and ``[mechanics.wiring]
channel_core_depth_mm`` deep (one router bit, one depth); a harness crosses from one face's channels to
the other's through a passage drilled through the core. A grid cell of a face is free for a channel's
centre when the channel there keeps ``min_web_mm`` of wood, in plan or in depth, from every cut-out
except the plug notches (which are wire space) and, near its two ends, the cut-outs of the face it is on
that it starts or ends in (a channel enters its end's pocket from that pocket's face: a cut-out of the
other face, its own pocket's or not, it must pass clear of, by depth); a cell may be free for a passage
only where nothing of either face is near. Harnesses are routed one after another, longest first, each by A*
from its start to its end: a cell another harness's channel already runs along is cheap (harnesses share
channels, as they share a bundle), a turn and a passage are dear, and a cell whose channel would be over
full (``capacity_mm2`` of bundle cross-section, counting every channel that covers the cell) is dearer
still. Then the harnesses through over-full cells are routed again, each time with those cells dearer,
until no channel is over full (negotiated congestion, as FPGA routers do it).
"""

from __future__ import annotations

import heapq
import logging
import math
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from tablier.errors import TablierError
from tablier.fabrication.cutout import Cutout
from tablier.hardware.mechanics import Mechanics

CHANNEL_MM = 5.0  # the channels' router bit
PASSAGE_MM = 5.0  # a passage drilled through the core between the faces' channels
FILL = 0.6  # of a channel's cross-section that loosely laid bundles may fill
FACES = ("tables", "draughts")
STEP, SHARED, TURN, CROSS = 1.0, 0.35, 3.0, 40.0
#: Two channels whose centre lines are nearer than this share one cut, so their bundles share its
#: cross-section (counted as one channel's: on the safe side, as the cut is wider).
SAME_CHANNEL = int(CHANNEL_MM) - 1
FULL, HISTORY, ROUNDS = 30.0, 2.0, 40  # the negotiation: a full cell's price, its memory, how long
log = logging.getLogger(__name__)
WIRE_SPACE = ("plug notch", "channel", "passage")  # cut-outs the wiring may run through
#: Marks a cut-out of the other face as a cell's owner: a channel never passes through one, even of its end.
OTHER_FACE = "other face: "
MOVES = ((1, 0), (0, 1), (-1, 0), (0, -1))
Cell = tuple[str, int, int]  # a face and a grid point
State = tuple[str, int, int, int]  # and the way it was entered (an index in MOVES, -1 for none)


class NoWay(TablierError):
    """A harness found no channel from its start to its end; the message names it."""


@dataclass(frozen=True)
class Leg:
    """A harness to route: its name, the cross-section of its bundle, and its two ends (each a cut-out
    family that it may enter and a point in it to start from or arrive at)."""

    name: str
    area_mm2: float
    start: tuple[str, float, float]  # the family's name (its cut-out, or what it is part of), x, y
    end: tuple[str, float, float]
    reach: tuple[float, float] = (10.0, 10.0)  # how far from each end's point its family may be entered


def channel_z(m: Mechanics, face: str) -> tuple[float, float]:
    """The depth range (from the tables face) of a channel cut from a face."""
    if face == "tables":
        return m.skin, m.skin + m.channel_core_depth
    return m.thickness - m.skin - m.channel_core_depth, m.thickness - m.skin


def capacity_mm2(m: Mechanics) -> float:
    """How much bundle cross-section a channel takes."""
    return CHANNEL_MM * m.channel_core_depth * FILL


def family(item: Cutout) -> str:
    """The name of the cut a cut-out belongs to: a pocket's notches and holes are its pocket's."""
    return item.part_of or item.name


def _near(item: Cutout, x: float, y: float, half: float, web: float) -> bool:
    """Whether a channel's square ``2 * half`` wide centred on (x, y) comes within ``web`` of the cut-out's
    outline in plan (a channel is the union of such squares along its path)."""
    x0, y0, x1, y1 = x - half, y - half, x + half, y + half
    if item.round:
        dx, dy = max(x0 - item.x, 0.0, item.x - x1), max(y0 - item.y, 0.0, item.y - y1)
        return math.hypot(dx, dy) < item.size[0] / 2 + web
    bx0, by0, bx1, by1 = item.box
    dx, dy = max(bx0 - x1, x0 - bx1, 0.0), max(by0 - y1, y0 - by1, 0.0)
    return math.hypot(dx, dy) < web


def _in_the_way(m: Mechanics, item: Cutout, face: str) -> bool:
    """Whether a cut-out is near enough in depth to a face's channels to keep them off it in plan."""
    z0, z1 = channel_z(m, face)
    return max(item.z_top, z0) - min(item.z_bottom, z1) < m.min_web


def _cells(m: Mechanics, item: Cutout, half: float) -> Iterable[tuple[int, int]]:
    """The grid points where a square ``2 * half`` wide would come within the web of ``item``."""
    x0, y0, x1, y1 = item.box
    reach = half + m.min_web
    for i in range(max(0, int(x0 - reach)), min(int(m.slab_x) + 1, int(x1 + reach) + 2)):
        for j in range(max(0, int(y0 - reach)), min(int(m.slab_y) + 1, int(y1 + reach) + 2)):
            if _near(item, i, j, half, m.min_web):
                yield i, j


def over_full(m: Mechanics, items: Iterable[Cutout],
              bundles: Iterable[tuple[float, list[Cell]]]) -> dict[Cell, float]:
    """The cells along the channels of ``bundles`` (each a cross-section and its path) that carry more
    than a channel takes, and what they carry; not those in the mouth of a cut-out (as the router)."""
    load: defaultdict[Cell, float] = defaultdict(float)
    centres: set[Cell] = set()
    for area, cells in bundles:
        centres.update(cells)
        for cell in footprint(cells, SAME_CHANNEL):
            load[cell] += area
    full = {cell for cell in centres if load[cell] > capacity_mm2(m) + 1e-9}
    ways = [(item, face) for item in items if item.kind not in WIRE_SPACE for face in FACES
            if _in_the_way(m, item, face)]
    return {cell: load[cell] for cell in full
            if not any(face == cell[0] and _near(item, cell[1], cell[2], CHANNEL_MM / 2, m.min_web)
                       for item, face in ways)}


class WireRouter:
    """The grids of both faces, what blocks them, and the channels routed so far."""

    def __init__(self, m: Mechanics, items: Iterable[Cutout]) -> None:
        self.m = m
        self.blocked: dict[str, dict[tuple[int, int], frozenset[str]]] = {face: {} for face in FACES}
        self.no_passage: set[tuple[int, int]] = set()
        self.load: defaultdict[Cell, float] = defaultdict(float)  # bundles in the channels over a cell
        self.centres: Counter[Cell] = Counter()  # how many channels run along a cell
        self.history: Counter[Cell] = Counter()  # how often a cell was found over full
        for item in items:
            if item.kind in WIRE_SPACE:
                continue
            for face in FACES:
                if _in_the_way(m, item, face):
                    owner = family(item) if item.face in (face, "edge") else OTHER_FACE + family(item)
                    for cell in _cells(m, item, CHANNEL_MM / 2):
                        self.blocked[face][cell] = self.blocked[face].get(cell, frozenset()) | {owner}
            self.no_passage.update(_cells(m, item, PASSAGE_MM / 2))

    def _inside(self, i: int, j: int) -> bool:
        edge = CHANNEL_MM / 2 + self.m.min_web  # wood between a channel and the slab's edge
        return edge <= i <= self.m.slab_x - edge and edge <= j <= self.m.slab_y - edge

    def route_all(self, legs: list[tuple[Leg, tuple[str, ...], tuple[str, ...]]]) -> list[list[Cell]]:
        """Route every leg (in the order given), then reroute those through over-full channels, each
        time dearer where a channel was found full, until none is (negotiated congestion)."""
        paths = []
        for leg, start_faces, end_faces in legs:
            paths.append(self.route(leg, start_faces, end_faces))
            self.commit(leg.area_mm2, paths[-1])
        for _round in range(ROUNDS):
            full = self.over_full()
            if not full:
                return paths
            log.debug("round %d: %d cells over full", _round, len(full))
            self.history.update(full)
            for n, (leg, start_faces, end_faces) in enumerate(legs):
                if full.intersection(paths[n]):
                    self.commit(-leg.area_mm2, paths[n])
                    paths[n] = self.route(leg, start_faces, end_faces)
                    self.commit(leg.area_mm2, paths[n])
        face, i, j = min(self.over_full())
        raise NoWay(f"the {face} channel at X {i}, Y {j} stays over full: move what is in the wiring's way")

    def over_full(self) -> set[Cell]:
        """The cells along channels whose bundles are more than their channel takes."""
        limit = capacity_mm2(self.m) + 1e-9
        return {cell for cell, n in self.centres.items() if n > 0 and self.load[cell] > limit
                and cell[1:] not in self.blocked[cell[0]]}

    def commit(self, area: float, cells: list[Cell]) -> None:
        """Lay a harness's bundle along its channels (a negative area takes it up again)."""
        for cell in footprint(cells, SAME_CHANNEL):
            self.load[cell] += area
        for cell in set(cells):
            self.centres[cell] += 1 if area > 0 else -1

    def route(self, leg: Leg, start_faces: tuple[str, ...], end_faces: tuple[str, ...]) -> list[Cell]:
        """The cells of the leg's channels from its start to its end (a change of face is a passage)."""
        limit = capacity_mm2(self.m)
        ends = [(name, x, y, reach)
                for (name, x, y), reach in zip((leg.start, leg.end), leg.reach, strict=True)]

        def free(face: str, i: int, j: int) -> bool:
            if not self._inside(i, j):
                return False
            owners = self.blocked[face].get((i, j))
            if owners is None:
                return True
            # its own ends' cuts, only near where it starts or arrives (not through a pocket's board)
            near = {name for name, x, y, reach in ends if max(abs(i - x), abs(j - y)) <= reach}
            return owners <= near

        def cost(cell: Cell) -> float:
            step = SHARED if self.centres[cell] > 0 else STEP
            if self.load[cell] + leg.area_mm2 > limit + 1e-9 and cell[1:] not in self.blocked[cell[0]]:
                step += FULL * (1 + self.history[cell])
            return step + HISTORY * self.history[cell]

        si, sj = round(leg.start[1]), round(leg.start[2])
        ti, tj = round(leg.end[1]), round(leg.end[2])
        goals = {(face, ti, tj) for face in end_faces}
        frontier: list[tuple[float, float, State]] = []
        best: dict[State, float] = {}
        came: dict[State, State | None] = {}
        for face in start_faces:
            state = (face, si, sj, -1)
            best[state] = 0.0
            came[state] = None
            heapq.heappush(frontier, (abs(si - ti) + abs(sj - tj), 0.0, state))
        while frontier:
            _f, spent, state = heapq.heappop(frontier)
            face, i, j, way = state
            if spent > best.get(state, math.inf):
                continue
            if (face, i, j) in goals:
                return self._path(state, came)
            steps: list[tuple[State, float]] = []
            for k, (di, dj) in enumerate(MOVES):
                ni, nj = i + di, j + dj
                if free(face, ni, nj):
                    turn = TURN if way not in (-1, k) else 0.0
                    steps.append(((face, ni, nj, k), cost((face, ni, nj)) + turn))
            if (i, j) not in self.no_passage:
                other = FACES[1 - FACES.index(face)]
                if free(other, i, j):
                    steps.append(((other, i, j, -1), CROSS + cost((other, i, j))))
            for nxt, step in steps:
                total = spent + step
                if total < best.get(nxt, math.inf):
                    best[nxt] = total
                    came[nxt] = state
                    heapq.heappush(frontier, (total + abs(nxt[1] - ti) + abs(nxt[2] - tj), total, nxt))
        raise NoWay(f"no channel found for the {leg.name}: move what is in its way")

    @staticmethod
    def _path(end: State, came: dict[State, State | None]) -> list[Cell]:
        cells: list[Cell] = []
        state: State | None = end
        while state is not None:
            cells.append(state[:3])
            state = came[state]
        cells.reverse()
        return cells


def footprint(cells: Iterable[Cell], half: int) -> set[Cell]:
    """The cells within ``half`` of a path, across or along it."""
    return {(face, i + di, j + dj) for face, i, j in cells
            for di in range(-half, half + 1) for dj in range(-half, half + 1)}
