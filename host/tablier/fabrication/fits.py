"""Fits stated as tool radii, and how the edge parts are held: the fit rules of ``tablier hardware check``.

A router leaves every inside corner of a groove or a rectangular pocket rounded to its bit's radius. A
board lying in the cut (a carrier in its groove, a chain board or the main board in its pocket, a die
board in its pocket) clears those corners only if the bit is small enough: with ``cx`` and ``cy`` of
clearance between the board's corner and the cut's walls, the corner's arc (radius ``r``, centred ``r``
from both walls) passes outside the board's corner while ``(r - cx)^2 + (r - cy)^2 <= r^2``, that is
while ``r <= cx + cy + sqrt(2 cx cy)`` (:func:`largest_radius`). The same holds for the wire pads of a
board soldered underneath over their wire exit. :func:`fits` works out the largest radius each cut takes;
the templates, ``holes.csv`` and the build guide state it, and :func:`fit_problems` refuses a layout whose
corner bit (``[mechanics.tools] corner_bit_mm``) is larger than the tightest of them.

The edge parts sit in blind holes, where no nut can be reached: a button's threaded body is glued into
its bore with epoxy, which wants a bore a little larger than the body (``button_diameter_mm`` over
``button_body_mm``: :data:`GLUE_GAP`). The USB board (the USB-C receptacle on its own small board, which
has no flange of its own) is held by a faceplate (:data:`FACEPLATE`) screwed over its hole into the edge
(``usb_screws_mm``: pilot holes, cut-outs like any other): the receptacle's shell passes the plate's
window and stands flush with its face, the board behind it does not; the hole's floor takes a plug's push
(:func:`usb_hold_problems`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tablier.fabrication.cutout import Cutout
from tablier.hardware.layout import Layout

#: How much larger than the button's body its bore is, for a film of epoxy round it (mm, on the diameter).
GLUE_GAP = (0.2, 0.8)


@dataclass(frozen=True)
class Faceplate:
    """The plate screwed over the USB socket's hole: 1 mm aluminium or plywood sheet (a judgement: any
    stiff 1 mm sheet), a window the receptacle's shell passes, clearance holes for the two M2 screws."""

    size: tuple[float, float]  # along the edge, across it (mm)
    thickness: float
    window: tuple[float, float]  # for the receptacle's shell
    screw_hole: float  # clearance for an M2 screw


FACEPLATE = Faceplate(size=(30.0, 12.0), thickness=1.0, window=(9.4, 3.6), screw_hole=2.4)
#: The HRO TYPE-C-31-M-12's shell, across and high (its datasheet: 8.94 x 3.26 mm).
RECEPTACLE_SHELL = (8.94, 3.26)
#: How far back a plug's push may move the board (and the receptacle's mouth behind the plate's face).
USB_PLAY = 0.5


@dataclass(frozen=True)
class Fit:
    """A board (or a row of wire pads) in a cut with rounded corners: the largest radius it takes."""

    cut: Cutout
    what: str  # what lies in it: "carrier ladder PCB", "the led module's wire pads"
    size: tuple[float, float]  # of what lies in it, along the cut's X and Y
    radius: float  # the largest corner radius that clears it

    @property
    def clearance(self) -> tuple[float, float]:
        """Between what lies in the cut and its walls, each side."""
        return (self.cut.size[0] - self.size[0]) / 2, (self.cut.size[1] - self.size[1]) / 2


def largest_radius(cx: float, cy: float) -> float:
    """The largest corner radius that clears a rectangle with ``cx`` and ``cy`` to spare at each wall."""
    if cx < 0 or cy < 0:
        return 0.0
    return round(cx + cy + math.sqrt(2 * cx * cy), 2)


def fits(layout: Layout, items: list[Cutout]) -> list[Fit]:
    """Every rectangular cut that a board (or a board's wire pads) lies in, and the radius it takes."""
    from tablier.fabrication.pockets import _boards, pocket_of
    from tablier.fabrication.wire_exits import BOARD_OF_POCKET

    in_pockets, in_grooves = _boards(layout)
    found = []
    for pcb in in_pockets:
        pocket = pocket_of(pcb.name, items)
        found.append(_fit(pocket, f"{pcb.name.replace('-', ' ')} PCB", (pcb.width, pcb.height)))
    by_name = {pcb.name: pcb for pcb in in_grooves}
    pockets = {item.name: item for item in items}
    for item in items:
        if item.kind == "groove":  # a tables groove runs along Y, a draughts one along X
            pcb = by_name[f"carrier-{'ladder' if item.face == 'tables' else 'row'}{_suffix(layout)}"]
            size = (pcb.height, pcb.width) if item.face == "tables" else (pcb.width, pcb.height)
            found.append(_fit(item, f"{pcb.name.replace('-', ' ')} PCB", size))
        elif item.kind == "die board":
            pcb = by_name["die-board"]
            found.append(_fit(item, "die board PCB", (pcb.width, pcb.height)))
        elif item.kind == "wire exit":  # cut round its board's row of wire pads, the exit's margin each side
            board = BOARD_OF_POCKET[pockets[item.part_of].kind].replace("-", " ")
            margin = layout.mechanics.exit_margin  # at the least, each side of its pads
            pads = (item.size[0] - 2 * margin, item.size[1] - 2 * margin)
            found.append(Fit(item, f"the {board}'s wire pads", pads, largest_radius(margin, margin)))
    return found


def _suffix(layout: Layout) -> str:
    return "" if layout.mechanics.sensor == "hall" else f"-{layout.mechanics.sensor}"


def _fit(cut: Cutout, what: str, size: tuple[float, float]) -> Fit:
    clearance = ((cut.size[0] - size[0]) / 2, (cut.size[1] - size[1]) / 2)
    return Fit(cut, what, size, largest_radius(*clearance))


def corner_radii(layout: Layout, items: list[Cutout]) -> dict[str, float]:
    """The largest corner radius each rectangular cut takes, by cut-out name (for the templates)."""
    return {fit.cut.name: fit.radius for fit in fits(layout, items)}


def fit_problems(layout: Layout, items: list[Cutout]) -> list[str]:
    """The cuts whose corners the layout's corner bit rounds into the board lying in them (one sentence a
    kind of cut: the tightest), and the edge parts that nothing would hold."""
    m = layout.mechanics
    radius = m.corner_bit / 2
    problems = []
    tightest: dict[tuple[str, str], Fit] = {}
    for fit in fits(layout, items):
        key = (fit.cut.kind, fit.what)
        if key not in tightest or fit.radius < tightest[key].radius:
            tightest[key] = fit
    for fit in tightest.values():
        if radius > fit.radius:
            problems.append(f"{fit.cut.name}: a {m.corner_bit:g} mm bit leaves its corners rounded "
                            f"{radius:g} mm, into {fit.what} ({fit.size[0]:g} x {fit.size[1]:g} mm in "
                            f"{fit.cut.size[0]:g} x {fit.cut.size[1]:g} mm): its corners need a radius of "
                            f"{fit.radius:g} mm at most (mechanics.tools.corner_bit_mm)")
    gap = m.button_diameter - m.button_body
    if not GLUE_GAP[0] <= gap <= GLUE_GAP[1]:
        problems.append(f"the buttons' {m.button_diameter:g} mm bores leave {gap:g} mm round their "
                        f"{m.button_body:g} mm bodies: the epoxy that holds a button in its blind hole wants "
                        f"{GLUE_GAP[0]:g}-{GLUE_GAP[1]:g} mm (mechanics.edge.button_diameter_mm)")
    return problems + usb_hold_problems(layout)


def usb_hold_problems(layout: Layout, plate: Faceplate = FACEPLATE) -> list[str]:
    """The USB board held in its blind hole: the faceplate's screws there, clear of the hole and inside the
    plate; its window passing the receptacle's shell but not the board; the receptacle's mouth flush with
    the plate's face; and the board's back against the hole's floor."""
    from tablier.fabrication.pcb_usb import RECEPTACLE_PROUD, USB_BOARD_MM

    m = layout.mechanics
    problems = []
    if not m.usb_screws:
        problems.append("the USB board has nothing to hold it in its blind hole: its faceplate's screws "
                        "(mechanics.edge.usb_screws_mm)")
    hole_width, hole_height = m.usb_size
    diameter = m.usb_screw_hole[0]
    for along, across in m.usb_screws:
        inside_hole = (abs(along) - diameter / 2 < hole_width / 2
                       and abs(across) - diameter / 2 < hole_height / 2)
        off_plate = (abs(along) + plate.screw_hole / 2 > plate.size[0] / 2 - 1.0
                     or abs(across) + plate.screw_hole / 2 > plate.size[1] / 2 - 1.0)
        if inside_hole or off_plate:
            problems.append(f"the USB faceplate's screw at {along:g}, {across:g} mm from the socket's centre "
                            f"is {'in the hole' if inside_hole else 'off the plate'} "
                            f"({plate.size[0]:g} x {plate.size[1]:g} mm; mechanics.edge.usb_screws_mm)")
    if plate.size[0] < hole_width + 4 or plate.size[1] < hole_height + 2:
        problems.append(f"the USB faceplate ({plate.size[0]:g} x {plate.size[1]:g} mm) does not cover the "
                        f"{hole_width:g} x {hole_height:g} mm hole with 2 mm and 1 mm to spare")
    if plate.window[0] < RECEPTACLE_SHELL[0] or plate.window[1] < RECEPTACLE_SHELL[1]:
        problems.append(f"the USB faceplate's {plate.window[0]:g} x {plate.window[1]:g} mm window does not "
                        f"pass the receptacle's {RECEPTACLE_SHELL[0]:g} x {RECEPTACLE_SHELL[1]:g} mm shell")
    if plate.window[0] >= USB_BOARD_MM[0]:
        problems.append(f"the USB faceplate's window ({plate.window[0]:g} mm) lets the "
                        f"{USB_BOARD_MM[0]:g} mm USB board out: nothing holds it when a plug is pulled")
    if abs(RECEPTACLE_PROUD - plate.thickness) > 0.2:
        problems.append(f"the USB receptacle's mouth stands {RECEPTACLE_PROUD:g} mm in front of its board, "
                        f"behind a {plate.thickness:g} mm faceplate: a plug does not go home "
                        "(pcb_usb.RECEPTACLE_PROUD, the plate's thickness)")
    behind = m.usb_depth - USB_BOARD_MM[1]
    if behind > USB_PLAY:
        problems.append(f"the USB board ({USB_BOARD_MM[1]:g} mm) leaves {behind:g} mm behind it in its "
                        f"{m.usb_depth:g} mm hole: a plug's push moves its mouth back from the plate's face "
                        f"(at most {USB_PLAY:g} mm; mechanics.edge.usb_depth_mm)")
    return problems
