"""The maker's whole check of the layout: the electrical part, then the slab, its cut-outs and the boards.

:func:`find_problems` is ``tablier hardware check``: the electrical check every load runs
(:func:`tablier.hardware.validate.electrical_problems`), then :func:`mechanical_problems`: the slab's
cut-outs (with the plug notches of the boards' pockets and the wire exits under the boards soldered from
below) clear of each other and of the other face's skin, every pair of cuts of opposite faces by depth,
every board in a pocket or groove with its tallest part (and its wires) under the skin, every LED on a
real part under its window or light pipe, windows drilled so as to miss the LEDs, every board clear of
the corners its cut's bit leaves and the edge parts held, a magnet and sensors that capture and release
with the layout's margin and no blind strip, the committed wiring plan fitting the cut-outs as they are
(its channels as deep as the wire exits, clear of the other face's cuts; first, room in front of each
carrier's groove for its harness to leave it), all of it again on the thinnest
and thickest sheets of the stock (:mod:`tablier.fabrication.stock`), and boards that keep their
clearances and their netlists' electrical rules. It lays out the boards
(their netlists are SKiDL's), so only the maker's commands import it; playing checks the electrical
part alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tablier.errors import TablierError
from tablier.extras import MissingExtra
from tablier.fabrication.capture import capture_problems
from tablier.fabrication.coupon import layout_record, record_problems
from tablier.fabrication.cutout import Cutout
from tablier.fabrication.cutouts import clashes, cutouts
from tablier.fabrication.design_rules import design_problems
from tablier.fabrication.fits import fit_problems
from tablier.fabrication.heights import HeightsError
from tablier.fabrication.mounts import hatch_problems, mount_problems, window_problems
from tablier.fabrication.pcbs import clearance_problems
from tablier.fabrication.pockets import pocket_problems
from tablier.fabrication.stock import stock_problems
from tablier.fabrication.wire_exits import exit_problems
from tablier.fabrication.wiring import groove_end_problems
from tablier.fabrication.wiring_check import wiring_problems
from tablier.hardware.layout import Layout, read_layout, refuse_problems
from tablier.hardware.validate import chain_problems, electrical_problems, pin_problems


def find_problems(layout: Layout, wiring: bool = True, stock: bool = True) -> list[str]:
    """Every problem of the layout, electrical then mechanical (the slab, its cut-outs, the boards'
    pockets and clearances, with ``wiring`` its wiring plan, and with ``stock`` the sheets' extremes), one
    sentence each; empty when the whole layout is sound."""
    return [*electrical_problems(layout), *mechanical_problems(layout, wiring, stock)]


def load_checked_layout(path: Path | None = None, wiring: bool = True) -> Layout:
    """Read a layout file and refuse it unless the whole check finds nothing (the maker's commands;
    routing the wiring checks all but the plan it writes)."""
    layout = read_layout(path)
    refuse_problems(layout, find_problems(layout, wiring))
    return layout


def boards_drawable(layout: Layout) -> bool:
    """Whether the pins, the chain and the geometry the boards are drawn from are sound: the
    mechanical check lays the boards out only then."""
    return all(value > 0 for value in vars(layout.geometry).values()) and \
        all(size >= 1 for size in layout.ladders.values()) and not any(pin_problems(layout)) and \
        not any(chain_problems(layout))


def mechanical_problems(layout: Layout, wiring: bool = True, stock: bool = True) -> list[str]:
    """The slab's problems, then the boards' clearance problems, one sentence each; empty when the
    mechanical part is sound."""
    return [*mechanics_problems(layout, wiring, stock), *_clearance_problems(layout)]


def mechanics_problems(layout: Layout, wiring: bool = True, stock: bool = True) -> Iterable[str]:
    """The slab's problems: sizes, cut-outs off the slab or through a skin, colliding cut-outs, mounts,
    capture, the fits, the windows and the wire exits, (with ``wiring``, once the boards' plug notches are
    placed) the wiring plan, and (with ``stock``) all that depends on the sheets at the stock's extremes."""
    m = layout.mechanics
    sizes = {"slab_mm X": m.slab_x, "slab_mm Y": m.slab_y, "skin_mm": m.skin, "core_mm": m.core,
             "min_web_mm": m.min_web,
             "carrier.core_depth_mm": m.carrier_depth, "carrier.width_mm": m.carrier_width,
             "face_sensor.diameter_mm": m.face_sensor_diameter,
             "face_sensor.core_depth_mm": m.face_sensor_core_depth, "tools.corner_bit_mm": m.corner_bit,
             "wiring.channel_core_depth_mm": m.channel_core_depth}
    bad = [f"mechanics.{name} = {value:g}" for name, value in sizes.items() if value <= 0]
    if bad:
        yield f"{', '.join(bad)}: these sizes should be positive"
        return
    side = 8 * layout.geometry.square_mm
    dx, dy = m.draughts_origin
    if dx < 0 or dy < 0 or dx + side > m.slab_x or dy + side > m.slab_y:
        yield (f"the draughts board ({side:g} mm square from {dx:g}, {dy:g}) does not fit the "
               f"{m.slab_x:g} x {m.slab_y:g} mm slab")
    items, boards_problems = _cutouts_and_pockets(layout)
    yield from boards_problems
    for item in items:
        x0, y0, x1, y1 = item.box
        if x0 < 0 or y0 < 0 or x1 > m.slab_x or y1 > m.slab_y:
            yield f"{item.name} (X {item.x:.1f}, Y {item.y:.1f}) runs off the slab"
    boards = any(item.kind == "plug notch" for item in items)  # laid out: notches, exits, the plan's ends
    yield from _depth_problems(layout, items, wiring=False)
    yield from mount_problems(layout, items)
    yield from hatch_problems(layout, items)
    yield from record_problems(layout)
    record = layout_record(layout) if not any(record_problems(layout)) else None
    yield from capture_problems(layout, record.thresholds if record else None)
    if boards:
        yield from fit_problems(layout, items)
        yield from window_problems(layout, items)
        yield from exit_problems(layout, items)
    blocked = groove_end_problems(layout, items) if wiring and boards else []
    yield from blocked  # a harness that cannot leave its groove: no plan can fit, so none is compared
    plan = wiring and boards and not blocked
    if plan:
        yield from wiring_problems(layout, items)
    if stock:
        yield from stock_problems(layout, lambda sheets, cut: _depth_problems(sheets, cut, plan),
                                  notches=boards)


def _depth_problems(layout: Layout, items: list[Cutout], wiring: bool) -> Iterable[str]:
    """What the sheets' thickness decides: cuts too deep for the core, cuts meeting each other in the core
    (of one face, of both faces or of an edge), and channels meeting cuts of the other face."""
    m = layout.mechanics
    for item in items:
        if item.face != "edge" and item.depth > m.skin + m.core - m.min_web:
            yield (f"{item.name} is {item.depth - m.skin:g} mm into the core: it would leave less than "
                   f"{m.min_web:g} mm over the other face's skin (the core is {m.core:g} mm)")
    for clash in clashes(layout, items):
        yield clash.sentence(m.min_web)
    if wiring:
        yield from wiring_problems(layout, items, fill=False)


def _cutouts_and_pockets(layout: Layout) -> tuple[list[Cutout], list[str]]:
    """The cut-outs, with the boards' plug notches and the boards' fit in their pockets when the boards
    can be laid out here (KiCad's footprint library installed, a sound chain); else without them (the
    board checks say why)."""
    if boards_drawable(layout):
        try:
            items = cutouts(layout)
            return items, pocket_problems(layout, items)
        except HeightsError as error:  # a header without a height: its notch cannot be placed
            return cutouts(layout, notches=False), [str(error)]
        except MissingExtra:
            raise
        except TablierError:  # no footprint library, or a layout the boards' copper was not drawn for
            pass
    return cutouts(layout, notches=False), []


def _clearance_problems(layout: Layout) -> Iterable[str]:
    """The boards' clearance and silkscreen check and their netlists' electrical rules, once the pins, the
    chain and the geometry they are drawn from are sound."""
    if boards_drawable(layout):
        yield from clearance_problems(layout)
        yield from design_problems(layout)
