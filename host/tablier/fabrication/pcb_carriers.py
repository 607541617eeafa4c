"""The sensor carriers' copper: strips of switches laid out from the layout, one pair per sensor kind.

Every carrier is an 11 mm strip, its places on the carrier's pitch (a ladder's slot pitch, or two
squares along a row), the strip running past its first and last place by the margins of its sensing
(:data:`tablier.fabrication.sensors.SENSING`), which the grooves follow. Bottom copper: a 3V3 rail and a
GND rail along the two edges and one output lane per place between them; top copper: each part's
stubs to its vias.

- :func:`hall_carrier` (``carrier-ladder``, ``carrier-row``): a Hall switch on each place's centre, its
  100 nF to the right, its 10 k pull-up to the left where it is open drain (the ladder's DRV5032AJ), the
  wire pads (an unpopulated 2.54 mm header) in the gap before the last place;
- :func:`reed_carrier` (``carrier-ladder-reed``, ``carrier-row-reed``, 1.0 mm boards): each place's pair
  of CT10 reeds where its sensing puts them, their output pads at their place-ward ends, a 10 k pull-up
  nearby, and surface-mount wire pads on the ribbon's 1.27 mm pitch in a gap.
"""

from __future__ import annotations

from tablier.fabrication.kicad_pcb import Pcb, read_netlist
from tablier.fabrication.sensors import Sensing, carrier_names
from tablier.hardware.layout import Layout

WIDTH = 11.0
MID = 5.5  # the places' and the pads' centre line
HALL_RAIL = {"+3V3": 9.5, "GND": 1.5}
REED_RAIL = {"+3V3": 9.5, "GND": 1.5}
RAIL_WIDTH = 0.8
UPPER_LANES = (6.8, 7.6, 8.4)  # between the pads and the upper rail, nearest first
LOWER_LANES = (4.2, 3.4, 2.6)  # between the pads and the lower rail, nearest first
OUT_X = 2.4  # a Hall switch's output via, left of its centre
CAP_X = 3.5  # its capacitor, right of its centre
REED_PAD = 7.56  # a CT10-G1's pads from its middle
LADDER_RAIL = {"+3V3": 1.5, "GND": 9.5}  # a ladder of reed pairs: 3V3 under the line, GND over it
PAIR_PULL_UP = 4.34  # a ladder pair's pull-up before its lower output pad
PAIR_VIA = 1.74  # a ladder pair's output via beside its output pad
PULL_UP_Y = 7.0  # an open-drain Hall switch's pull-up, standing over the line
VIA_X = 1.2  # a row's output via before its pull-up
PULL_UP_X = 4.4  # an open-drain Hall switch's pull-up, left of its output's climb


def carrier_pitch(layout: Layout, kind: str) -> float:
    """The distance between neighbouring places of a carrier: a ladder's slot pitch, or two squares."""
    return layout.geometry.slot_pitch_mm if kind == "ladder" else 2 * layout.geometry.square_mm


def _strip(layout: Layout, kind: str, how: Sensing, netlist_text: str, name: str) -> tuple[Pcb, int, float]:
    """An empty strip for a carrier's places: the board, how many places, and their pitch."""
    parts = read_netlist(netlist_text)
    places = sum(1 for net in {n for _fp, _v, pads in parts.values() for n in pads.values()}
                  if net.startswith("OUT"))
    pitch = carrier_pitch(layout, kind)
    start, end = how.margins
    return Pcb(name, start + (places - 1) * pitch + end, WIDTH, parts, thickness=how.thickness), places, pitch


def _rails(pcb: Pcb, rails: dict[str, float]) -> None:
    """Each rail along its edge on the bottom, from its first via to its last."""
    for rail, y in rails.items():
        xs = [vx for net, vx, _vy in pcb.vias if net == rail]
        pcb.track(rail, (min(xs), y), (max(xs), y), layer="B.Cu", width=RAIL_WIDTH)


def hall_carrier(layout: Layout, kind: str, how: Sensing, netlist_text: str) -> Pcb:
    """The ``ladder`` (6 places) or ``row`` (4) carrier of Hall switches, placed and routed."""
    pcb, places, pitch = _strip(layout, kind, how, netlist_text, carrier_names("hall")[kind == "row"])
    start = how.margins[0]
    pcb.place("J1", start + (places - 2) * pitch + (7.0 if how.pull_up else 10.0), MID, 90)  # clear of R6
    for n, rail in ((1, "+3V3"), (2, "GND")):
        x, y = pcb.pad("J1", str(n))
        pcb.track(rail, (x, y), (x, HALL_RAIL[rail]))
        pcb.via(rail, x, HALL_RAIL[rail])
    lanes = [*UPPER_LANES, *LOWER_LANES]
    for k in range(1, places + 1):
        x = start + (k - 1) * pitch
        out = f"OUT{k}"
        pcb.place(f"U{k}", x, MID)
        pcb.place(f"C{k}", x + CAP_X, MID, 270)
        for ref, pin, rail in ((f"U{k}", "1", "+3V3"), (f"U{k}", "3", "GND"), (f"C{k}", "1", "+3V3"),
                               (f"C{k}", "2", "GND")):
            px, py = pcb.pad(ref, pin)
            pcb.track(rail, (px, py), (px, HALL_RAIL[rail]))
            pcb.via(rail, px, HALL_RAIL[rail])
        lane = lanes[k - 1] if k < places else LOWER_LANES[0]  # the last comes from the right
        ox, oy = pcb.pad(f"U{k}", "2")
        pcb.track(out, (ox, oy), (x - OUT_X, oy), (x - OUT_X, lane))
        pcb.via(out, x - OUT_X, lane)
        if how.pull_up:  # an open-drain switch: its 10 k to the 3V3 rail, left of its output's climb
            resistor = f"R{k}"
            pcb.place(resistor, x - PULL_UP_X, PULL_UP_Y, 270)  # pin 1 (3V3) above
            rx, ry = pcb.pad(resistor, "1")
            pcb.track("+3V3", (rx, ry), (rx, HALL_RAIL["+3V3"]))
            pcb.via("+3V3", rx, HALL_RAIL["+3V3"])
            rx, ry = pcb.pad(resistor, "2")
            pcb.track(out, (rx, ry), (rx, oy), (x - OUT_X, oy))
        jx, jy = pcb.pad("J1", str(k + 2))
        pcb.track(out, (x - OUT_X, lane), (jx, lane), (jx, jy), layer="B.Cu")
    _rails(pcb, HALL_RAIL)
    return pcb


def reed_carrier(layout: Layout, kind: str, how: Sensing, netlist_text: str) -> Pcb:
    """The ``ladder`` or ``row`` carrier of reed switches, placed and routed: each place's pair of reeds at
    their offsets, their output pads facing the place's centre and joined across the line, their ground
    pads at the far ends to the GND rail, its 10 k pull-up (before a ladder's pair, under the line; before a
    row's pair) to the 3V3 rail, the wire pads in the gap before the last place. The outputs' lanes alternate
    below and above the pads' line, each further out than the last, so that none crosses another's climb to
    its pad; the last place's comes from the right, outermost above. A ladder's rails are the other way up
    to a row's (3V3 under the line), so that its wire pads reach both straight."""
    pcb, places, pitch = _strip(layout, kind, how, netlist_text, carrier_names("reed")[kind == "row"])
    start = how.margins[0]
    rails = LADDER_RAIL if kind == "ladder" else REED_RAIL
    lanes = {k: (LOWER_LANES, UPPER_LANES)[(k - 1) % 2][(k - 1) // 2] for k in range(1, places)}
    lanes[places] = UPPER_LANES[-1]
    place = _ladder_place if kind == "ladder" else _row_place
    for k in range(1, places + 1):
        place(pcb, how, k, start + (k - 1) * pitch, lanes[k])
    right = start + (places - 1) * pitch + min(along - REED_PAD for along, _c in how.offsets) - 1.0
    left = start + (places - 2) * pitch + max(along + REED_PAD for along, _c in how.offsets) + 1.0
    if kind == "row":
        right -= ROW_PULL_UP + VIA_X
    centre = (left + right) / 2
    pcb.place("J1", centre, MID, 90)  # pin 1 (3V3) below the line at the left, pin 2 (GND) above it
    if kind == "ladder":  # two rows of four: each supply straight to its rail
        for pin, rail in (("1", "+3V3"), ("2", "GND")):
            x, y = pcb.pad("J1", pin)
            pcb.track(rail, (x, y), (x, rails[rail]))
            pcb.via(rail, x, rails[rail])
    else:
        x, y = pcb.pad("J1", "1")
        pcb.track("+3V3", (x, y - 1.5), (centre - 5.6, y - 1.5), (centre - 5.6, rails["+3V3"]))
        pcb.via("+3V3", centre - 5.6, rails["+3V3"])
        x, y = pcb.pad("J1", "2")
        pcb.track("GND", (x, y + 1.5), (x, y + 2.0), (centre + 5.2, y + 2.0), (centre + 5.2, rails["GND"]))
        pcb.via("GND", centre + 5.2, rails["GND"])
    for k in range(1, places + 1):
        x, _y = pcb.pad("J1", str(k + 2))
        via = next((vx, vy) for net, vx, vy in pcb.vias if net == f"OUT{k}")
        if kind == "ladder":  # two rows of pads: its lane ends in its pad
            pcb.via(f"OUT{k}", x, via[1])
            pcb.track(f"OUT{k}", via, (x, via[1]), layer="B.Cu")
        else:
            pcb.via(f"OUT{k}", x, MID)  # on the inner end of the pad
            pcb.track(f"OUT{k}", via, (x, via[1]), (x, MID), layer="B.Cu")
    _rails(pcb, rails)
    return pcb


ROW_PULL_UP = 2.9  # a row's pull-up past the end of its pair


def _ladder_place(pcb: Pcb, how: Sensing, k: int, centre: float, lane: float) -> None:
    """A ladder's slot: its pair of reeds either side of its centre along the ladder and of the line (one
    below before the centre, one above past it), their output pads towards the centre joined across the
    line, their ground pads at the far ends up to the GND rail; the pull-up before the lower reed's output
    pad, down to the 3V3 rail; the output's via on its lane beside the output pad on the lane's side."""
    out, resistor = f"OUT{k}", f"R{k}"
    pads = {}
    for n, (along, across) in enumerate(how.offsets):
        reed = f"SW{k}{chr(ord('A') + n)}"
        pcb.place(reed, centre + along, MID + across, 180 if along < 0 else 0)  # pin 1 (the output) inwards
        gx, gy = pcb.pad(reed, "2")
        pcb.track("GND", (gx, gy), (gx, LADDER_RAIL["GND"]))
        pcb.via("GND", gx, LADDER_RAIL["GND"])
        pads[across < 0] = pcb.pad(reed, "1")
    (lx, ly), (ux, uy) = pads[True], pads[False]  # the output pads below the line and above it
    pcb.track(out, (lx, ly), (lx, MID), (ux, MID), (ux, uy))
    pcb.place(resistor, lx - PAIR_PULL_UP, ly)  # pin 1 (3V3) on the left
    rx, ry = pcb.pad(resistor, "1")
    pcb.track("+3V3", (rx, ry), (rx, LADDER_RAIL["+3V3"]))
    pcb.via("+3V3", rx, LADDER_RAIL["+3V3"])
    pcb.track(out, pcb.pad(resistor, "2"), (lx, ly))
    if lane < MID:  # beside the lower output pad, on the pull-up's run to it
        vx, vy = lx - PAIR_VIA, ly
    else:
        vx, vy = ux + PAIR_VIA, uy
        pcb.track(out, (ux, uy), (vx, vy))
    pcb.track(out, (vx, vy), (vx, lane))
    pcb.via(out, vx, lane)


def _row_place(pcb: Pcb, how: Sensing, k: int, centre: float, lane: float) -> None:
    """A square: its pair of reeds either side of the centre and of the row's line, their output pads
    towards the centre and joined on the line, the pull-up standing before the pair, the output's via
    just before it."""
    out, resistor = f"OUT{k}", f"R{k}"
    ends = []
    for n, (along, across) in enumerate(how.offsets):
        reed = f"SW{k}{chr(ord('A') + n)}"
        pcb.place(reed, centre + along, MID + across, 180 if along < 0 else 0)
        gx, gy = pcb.pad(reed, "2")  # at the pair's far ends: straight down, clear of the output's line
        pcb.track("GND", (gx, gy), (gx, REED_RAIL["GND"]))
        pcb.via("GND", gx, REED_RAIL["GND"])
        ox, oy = pcb.pad(reed, "1")
        pcb.track(out, (ox, oy), (ox, MID))
        ends.append(ox)
    first = centre + min(along - REED_PAD for along, _c in how.offsets) - ROW_PULL_UP
    pcb.place(resistor, first, MID, 270)  # pin 1 (3V3) above, pin 2 (the output) below
    pcb.track(out, (max(ends), MID), (first, MID), pcb.pad(resistor, "2"))
    vx, vy = pcb.pad(resistor, "1")
    pcb.track("+3V3", (vx, vy), (vx, REED_RAIL["+3V3"]))
    pcb.via("+3V3", vx, REED_RAIL["+3V3"])
    pcb.track(out, (first, MID), (first - VIA_X, MID), (first - VIA_X, lane))
    pcb.via(out, first - VIA_X, lane)
