"""The chain boards' copper: where the 74HCS165s, their buffer and connectors go and how they are wired.

A chain board sits in its 68 x 56 mm pocket (``[mechanics.chain_boards]`` of ``board.toml``) and is
66 x 54 mm; its connectors are side-entry JST-PH (the pocket's 7 mm under the skin takes the board and
a side-entry header, not a vertical one and its plug). Two layouts, each a function of the board:

* :func:`six_chip_chain_board` (boards 1-4: six chips, whole carriers): headers around the edges,
  the chips in two rows, the runs found by :mod:`tablier.fabrication.pcb_router` in the net order
  remembered for the board (:data:`ROUTING_ORDERS`, searched for again if it no longer routes it);
* :func:`last_chain_board`, drawn by hand: the last chain board (2 chips, the draughts rows 7 and
  8, the buttons and the face sensor), the only board with its contacts' pull-ups and the chain's
  fixed pattern. Its bus connector and the 74LVC2G17 at the lower left; the chips in a row across
the middle, the row
connectors along the top, each input a staircase from its pin to its connector pin; the contacts'
connectors on the right edge with their pull-ups. Top copper: the inputs and the 3V3 rail along the
top edge with a drop to each part; bottom copper: a ground pour, crossed by the buffered clock and
load (from the buffer to each chip's pins) and the serial line between the chips.
"""

from __future__ import annotations

import itertools
import logging
import math

from tablier.errors import TablierError
from tablier.fabrication.boards import ChainBoard
from tablier.fabrication.kicad_pcb import Pcb, read_netlist, ref_key
from tablier.fabrication.pcb_router import EDGE, GRID, Router, Unroutable
from tablier.hardware.layout import Layout

CHAIN_BOARD_MM = (66.0, 54.0)  # in its 68 x 56 mm pocket
CHIP_Y = 17.0  # the chips' centre line
RAIL_Y = 36.3  # the 3V3 rail along the top edge
CONNECTOR_Y = 33.0  # the carriers' connectors, along the top
LAST_PULL_UP_Y = 29.0  # the last board's rows' pull-ups, across their inputs' runs below the connectors
#: What the last chain board's copper is drawn for: its chips, its carriers' sensors, its contacts and
#: the spare inputs' fixed pattern.
LAST_BOARD_SHAPE = (2, (4, 4), 3, "10110")


class LaidOutForAnotherChain(TablierError):
    """The layout's last chain board is not the one its copper was drawn for."""


def last_chain_board(layout: Layout, board: ChainBoard, netlist_text: str) -> Pcb:
    """The last chain board (two chips: the rows' inputs, the contacts, the fixed pattern), routed."""
    shape = (len(board.chips), tuple(len(c.switches) for c in board.carriers), len(board.contacts),
             layout.spare_pattern)
    if shape != LAST_BOARD_SHAPE:
        raise LaidOutForAnotherChain(
            f"chain board {board.number} PCB: its copper is laid out for 2 chips, two rows of 4 squares, "
            f"3 contacts and the spare pattern 10110, not {shape[0]} chips, carriers of "
            f"{', '.join(map(str, shape[1])) or 'no'} sensors, {shape[2]} contacts and the pattern "
            f"{shape[3]}: lay it out again (tablier.fabrication.pcb_chain)")
    parts = read_netlist(netlist_text)
    width, height = CHAIN_BOARD_MM
    pcb = Pcb(f"chain-board-{board.number}", width, height, parts, hide_references=True)
    first, second = 20.0, 40.0  # U2 (the rows) and U3 (the contacts and the fixed pattern)
    pcb.place("J1", 4, 4.5)  # the bus: 3V3, GND, CLK, /PL, DATA from the left, entering from below
    pcb.place("U1", 14, 9)  # 74LVC2G17: inputs on the left, outputs on the right
    pcb.place("C1", 19, 9.5, 270)
    pcb.place("U2", first, CHIP_Y)
    pcb.place("C2", 19.5, 24.5, 180)
    pcb.place("U3", second, CHIP_Y, 180)  # its inputs face the contacts on the right
    pcb.place("C3", 36.5, 10)
    pcb.place("J3", 14, CONNECTOR_Y, 180)  # row 7, from above: 3V3 and GND over the chip's left column
    pcb.place("J4", first + 12.475, CONNECTOR_Y, 180)  # row 8: 3V3 over the chip's VCC pin
    for ref, y in (("J5", 27.0), ("J6", 19.5), ("J7", 12.0)):  # buttons and face, entering from the right
        pcb.place(ref, 58.5, y, 90)
    pcb.place("R1", 50.5, 28.9, 270)
    pcb.place("R2", 49, 20.5, 270)
    pcb.place("R3", 51, 10.1, 90)

    # the 3V3 rail: up the left edge from the bus, along the top, down to each part
    v3 = "+3V3"
    pcb.track(v3, pcb.pad("J1", "1"), (4, RAIL_Y), (56.8, RAIL_Y), width=0.4)
    pcb.track(v3, (first + 2.475, RAIL_Y), pcb.pad("U2", "16"), width=0.4)
    pcb.track(v3, (first + 2.475, 24.5), pcb.pad("C2", "1"))
    pcb.track(v3, (4, 11.2), (17.5, 11.2), (17.5, 9.0), pcb.pad("U1", "5"))
    pcb.track(v3, (17.5, pcb.pad("C1", "1")[1]), pcb.pad("C1", "1"))
    pcb.track(v3, (34.5, RAIL_Y), (34.5, 10.0), pcb.pad("C3", "1"), width=0.4)
    for pin in ("16", "13", "12"):  # VCC and two of the fixed pattern's ones
        pcb.track(v3, (34.5, pcb.pad("U3", pin)[1]), pcb.pad("U3", pin))
    one, other = pcb.pad("U3", "3"), pcb.pad("U3", "13")  # a one of each column, joined under the chip
    pcb.track(v3, one, (41.5, one[1]), (38.5, other[1]), other)
    pcb.track(v3, (56.8, RAIL_Y), (56.8, 8.0), (51, 8.0), pcb.pad("R3", "1"))
    pcb.track(v3, (56.8, pcb.pad("R2", "1")[1]), pcb.pad("R2", "1"))
    pcb.track(v3, pcb.pad("R1", "1"), (pcb.pad("R1", "1")[0], RAIL_Y))

    # the bus into the buffer, the data out
    cx, cy = pcb.pad("J1", "3")
    pcb.track("CLK_IN", (cx, cy), (cx, pcb.pad("U1", "1")[1]), pcb.pad("U1", "1"))
    px, py = pcb.pad("J1", "4")
    pcb.track("PL_IN", (px, py), (px, pcb.pad("U1", "3")[1]), pcb.pad("U1", "3"))
    dx, dy = pcb.pad("J1", "5")
    qx, qy = pcb.pad("U2", "9")
    pcb.track("DATA", (qx, qy), (qx, 6.0), (dx, 6.0), (dx, dy))

    # the buffered load and clock underneath: each from the buffer to both chips' pins
    load, clock = "~PL", "CLK"
    pcb.via(load, 15.0, 7.0)
    pcb.track(load, (15.0, 7.0), pcb.pad("U1", "4"))
    pcb.via(clock, 16.6, 9.95)
    pcb.track(clock, pcb.pad("U1", "6"), (16.6, 9.95))
    u2_load, u2_clock = pcb.pad("U2", "1"), pcb.pad("U2", "2")
    pcb.via(load, 15.8, u2_load[1])
    pcb.track(load, u2_load, (15.8, u2_load[1]))
    pcb.via(clock, 15.8, u2_clock[1])
    pcb.track(clock, u2_clock, (15.8, u2_clock[1]))
    u3_load, u3_clock = pcb.pad("U3", "1"), pcb.pad("U3", "2")
    pcb.via(load, u3_load[0], 11.2)
    pcb.track(load, u3_load, (u3_load[0], 11.2))
    pcb.via(clock, 40.9, u3_clock[1])
    pcb.track(clock, u3_clock, (40.9, u3_clock[1]))
    pcb.track(load, (15.8, u2_load[1]), (15.0, u2_load[1]), (15.0, 5.0), (u3_load[0], 5.0),
              (u3_load[0], 11.2), layer="B.Cu")
    pcb.track(clock, (15.8, u2_clock[1]), (15.8, 11.0), (16.6, 11.0), (16.6, 6.2), (40.9, 6.2),
              (40.9, u3_clock[1]), layer="B.Cu")
    # the serial line: U3's output into U2's serial input, underneath
    ser_u2, ser_u3 = pcb.pad("U2", "10"), pcb.pad("U3", "9")
    pcb.via("SER24", 24.2, ser_u2[1])
    pcb.via("SER24", 35.8, ser_u3[1])
    pcb.track("SER24", ser_u2, (24.2, ser_u2[1]))
    pcb.track("SER24", ser_u3, (35.8, ser_u3[1]))
    pcb.track("SER24", (24.2, ser_u2[1]), (35.8, ser_u2[1]), (35.8, ser_u3[1]), layer="B.Cu")

    # the rows' inputs: a staircase from each pin to its connector pin, nearest pin first
    for pins, connector in ((("3", "4", "5", "6"), "J3"), (("14", "13", "12", "11"), "J4")):
        for pin in pins:
            net = pcb.net_of("U2", pin)
            target = next(n for n, name in pcb.parts[connector].nets.items() if name == net)
            x, y = pcb.pad("U2", pin)
            tx, ty = pcb.pad(connector, target)
            pcb.track(net, (x, y), (tx, y), (tx, ty))
            # its pull-up across the run, 3V3 up between the connector's pins to the rail
            pull = next(r for r, p in pcb.netlist.items() if r.startswith("R") and p[2].get("1") == net
                        and p[2].get("2") == "+3V3")
            pcb.place(pull, tx - PULL_UP_PAD, LAST_PULL_UP_Y, 180)
            px, py = pcb.pad(pull, "2")
            pcb.track(v3, (px, py), (px, RAIL_Y))
    # the contacts: from U3's inputs to the connectors on the right, each with its pull-up
    # (pin, the X where it turns towards its lead, the pull-up's tap: on the lead's run or the pin's)
    for pin, turn_x, tap_on_pin_run in (("6", 47.0, False), ("5", 53.0, True), ("4", 47.0, False)):
        net = pcb.net_of("U3", pin)
        lead = next(r for r in ("J5", "J6", "J7") if pcb.net_of(r, "1") == net)
        pullup = next(r for r in ("R1", "R2", "R3") if pcb.net_of(r, "2") == net)
        (x, y), (lx, ly) = pcb.pad("U3", pin), pcb.pad(lead, "1")
        pcb.track(net, (x, y), (turn_x, y), (turn_x, ly), (55.8, ly))
        pcb.via(net, 55.8, ly)  # under the 3V3 rail to the lead's pin
        pcb.track(net, (55.8, ly), (lx, ly), layer="B.Cu")
        rx, ry = pcb.pad(pullup, "2")
        pcb.track(net, (rx, ry), (rx, y if tap_on_pin_run else ly))

    # ground: each surface-mount ground pad through a via to the pour (the spares' zeros too)
    ground_vias: tuple[tuple[str, tuple[str, ...], tuple[float, float]], ...] = (
        ("U1", ("2",), (11.6, 9.0)), ("C1", ("2",), (19.0, 7.4)), ("C2", ("2",), (18.5875, 26.0)),
        ("U2", ("8",), (19.1, 12.555)), ("U2", ("15",), (20.9, 20.175)), ("C3", ("2",), (38.8, 10.0)),
        ("U3", ("10", "11"), (39.1, 19.54)), ("U3", ("14", "15"), (39.1, 14.46)),
        ("U3", ("8",), (40.9, 21.445)))
    for ref, pads, via in ground_vias:
        pcb.via("GND", *via)
        for number in pads:
            pcb.track("GND", pcb.pad(ref, number), via)
    pcb.move(0, 2.5)  # the bus connector's body inside the board, its mouth at the lower edge
    pcb.zone("GND", "B.Cu", (0.3, 0.3), (width - 0.3, 0.3), (width - 0.3, height - 0.3), (0.3, height - 0.3))
    return pcb


#: Where a side-entry header's pins stand from the edge its mouth faces, and its courtyard's reach
#: behind the pins and beside the end pins (KiCad's JST_PH_S*B-PH-K footprints).
PINS_FROM_EDGE = 7.0
BEHIND, BESIDE = 1.85, 2.45
BAND = PINS_FROM_EDGE + BEHIND  # the strip along an edge that its headers take
#: The chips of a six-chip board: two rows of three, the chain running clockwise (the first row
#: left to right at the top, the second right to left below it), as its connectors do.
CHIP_ROWS_Y = (35.0, 19.0)
CHIP_XS = (19.0, 33.0, 47.0)
ROUTING_ATTEMPTS = 20
#: The nets each six-chip board's routing takes first, as :func:`six_chip_chain_board`'s search
#: found them (the nets that found no way in an earlier attempt, the latest first): the boards are
#: routed at once instead of after a dozen attempts. A board missing here, or whose order no longer
#: routes it (its layout changed), is searched for again, with a note of the order to put here.
ROUTING_ORDERS: dict[str, tuple[str, ...]] = {
    "chain-board-1-3": ("IN34", "IN32", "IN28", "IN47", "IN41"),
    "chain-board-4": ("IN169", "IN171", "IN184", "IN186", "+3V3", "IN170", "IN154", "IN147", "IN152", "IN168",
                      "IN191", "IN187"),
}
LOG = logging.getLogger(__name__)


class DoesNotFit(TablierError):
    """A chain board's connectors do not fit along its edges."""


def _header_length(pins: int) -> float:
    return 2.0 * (pins - 1) + 2 * BESIDE


def _edges(board: str, width: float, height: float,
           headers: list[tuple[str, int]]) -> dict[str, list[tuple[str, int]]]:
    """The headers along the edges, clockwise from the left edge's foot: the bus in, the carriers in
    chain order, then the bus out wherever room is left. The right edge reaches into the top corner
    when the top's headers leave it free."""
    ordered, last = headers[:-1], headers[-1]
    edges: dict[str, list[tuple[str, int]]] = {"left": [], "top": [], "right": [], "bottom": []}

    def room(edge: str) -> float:
        side = height - 2 * BAND
        if edge == "right" and sum(_header_length(n) for _r, n in edges["top"]) <= width - BAND - 0.3 + 1e-9:
            side = height - BAND - 0.3
        used = sum(_header_length(n) for _r, n in edges[edge])
        return (side if edge in ("left", "right") else width - 0.6) - used

    names = iter(edges)
    edge = next(names)
    for ref, pins in ordered:
        while room(edge) < _header_length(pins) - 1e-9:
            edge = next(names, "")
            if not edge:
                raise DoesNotFit(f"{board}: its connectors do not fit along its edges")

        edges[edge].append((ref, pins))
    spare = next((e for e in ("right", "bottom", "top", "left") if room(e) >= _header_length(last[1])), None)
    if spare is None:
        raise DoesNotFit(f"{board}: its bus-out connector does not fit along its edges")
    edges[spare].append(last)
    return edges


def _place_headers(pcb: Pcb, edges: dict[str, list[tuple[str, int]]]) -> None:
    width, height = pcb.width, pcb.height
    for edge, headers in edges.items():
        at = BAND if edge in ("left", "right") else 0.3  # where the next courtyard starts along the edge
        if edge == "right" and at + sum(_header_length(n) for _r, n in headers) > height - BAND:
            at = height - 0.3 - sum(_header_length(n) for _r, n in headers)
        if edge == "left":
            at = height - BAND - sum(_header_length(n) for _r, n in headers)
        for ref, pins in (reversed(headers) if edge in ("right", "bottom") else headers):
            span = 2.0 * (pins - 1)
            if edge == "left":  # pins downward, mouth to the left
                pcb.place(ref, PINS_FROM_EDGE, at + BESIDE + span, 270)
            elif edge == "top":  # pins leftward, mouth up
                pcb.place(ref, at + BESIDE + span, height - PINS_FROM_EDGE, 180)
            elif edge == "right":  # pins upward, mouth to the right
                pcb.place(ref, width - PINS_FROM_EDGE, at + BESIDE, 90)
            else:  # pins rightward, mouth down
                pcb.place(ref, at + BESIDE, PINS_FROM_EDGE, 0)
            at += _header_length(pins)


def six_chip_chain_board(board: ChainBoard, netlist_text: str, name: str) -> Pcb:
    """A chain board of six chips wired to whole carriers (boards 1-4), placed and routed.

    The carriers' side-entry headers around the edges, clockwise in chain order from the bus in at
    the foot of the left edge; the chips in two rows of three in the middle, each with its 100 nF by
    its supply pin; the 74LVC2G17 and its 100 nF by the bus in. The runs are found by
    :mod:`tablier.fabrication.pcb_router` on the top copper, dipping to the bottom (the ground pour) to
    pass under one another; each ground pad of a surface-mount part has its via to the pour. The
    nets are routed in the order remembered in :data:`ROUTING_ORDERS`; without one that routes the
    board, the order is searched for (about ten seconds) and logged as a warning, to be remembered.
    """
    parts = read_netlist(netlist_text)
    remembered = ROUTING_ORDERS.get(name)
    on_board = {net for _footprint, _value, nets in parts.values() for net in nets.values()}
    absent = sorted(set(remembered or ()) - on_board)
    if remembered is None:
        why = "no net order is remembered for its routing"
    elif absent:
        why = f"the net order remembered for its routing names nets it does not have ({', '.join(absent)})"
    else:
        pcb = placed_six_chip_board(board, parts, name)
        try:
            _route_six_chip_board(pcb, len(board.chips), list(remembered))
            return pcb
        except Unroutable as problem:
            why = f"the net order remembered for its routing no longer routes it ({problem.net} finds no way)"
    pcb, first, attempts = _search_routing(board, parts, name)
    LOG.warning("%s: %s; the search found one at attempt %d; to route it at once, put it in ROUTING_ORDERS "
                "(tablier/fabrication/pcb_chain.py): %r: %r", name, why, attempts, name, tuple(first))
    return pcb


def _search_routing(board: ChainBoard, parts: dict[str, tuple[str, str, dict[str, str]]],
                    name: str) -> tuple[Pcb, list[str], int]:
    """The board routed in the first net order that routes it, that order's first nets and the attempts
    it took: each net that finds no way is routed first the next time (moved to the front, if it was among
    the first already)."""
    first: list[str] = []
    for attempt in range(1, ROUTING_ATTEMPTS + 1):
        pcb = placed_six_chip_board(board, parts, name)
        try:
            _route_six_chip_board(pcb, len(board.chips), first)
        except Unroutable as problem:
            if first[:1] == [problem.net]:
                raise
            if problem.net in first:  # routed first once, it found its way; another net took it since
                first.remove(problem.net)
            first.insert(0, problem.net)
            continue
        return pcb, first, attempt
    raise Unroutable(f"{name}: no routing found in {ROUTING_ATTEMPTS} attempts", "")


def placed_six_chip_board(board: ChainBoard, parts: dict[str, tuple[str, str, dict[str, str]]],
                           name: str) -> Pcb:
    """A six-chip chain board with its parts placed and nothing routed (what the pockets check reads; the
    pull-ups that wait for the routing, :func:`place_pull_ups`, left out)."""
    width, height = CHAIN_BOARD_MM
    pcb = Pcb(name, width, height, parts, hide_references=True)
    carriers = [(f"J{n + 3}", len(c.switches) + 2) for n, c in enumerate(board.carriers)]
    headers = [("J1", 5), *carriers, ("J2", 5)]
    _place_headers(pcb, _edges(name, width, height, headers))
    for n in range(len(board.chips)):
        row, column = divmod(n, len(CHIP_XS))
        x = CHIP_XS[column] if row == 0 else CHIP_XS[-1 - column]
        y = CHIP_ROWS_Y[row]
        pcb.place(f"U{n + 2}", x, y, 90)  # pins 1-8 along the bottom, left to right
        pcb.place(f"C{n + 2}", x - 4.0, y + 5.2)  # by VCC (pin 16, top left)
    pcb.place("U1", 11.6, 18.5, 90)  # the bus's Schmitt buffer beside the bus in, clear of the pull-ups
    pcb.place("C1", 11.6, 22.4)
    place_pull_ups(pcb)
    return pcb


#: A carrier input's pull-up (0402, along its header) this far in from the header's pins, its 3V3 via a
#: millimetre further in; nearer, its courtyard would meet the header's.
PULL_UP_IN = 2.5
PULL_UP_VIA = 1.0
PULL_UP_PAD = 0.51  # an 0402's pads either side of its centre
PULL_UP_ROOM = 2.0  # how far from its place behind its pin a pull-up may move before it waits for the routing


def _inward(angle: float) -> tuple[float, float]:
    """The way into the board from a side-entry header turned by ``angle`` (its mouth faces the edge)."""
    return {0: (0.0, 1.0), 90: (-1.0, 0.0), 180: (0.0, -1.0), 270: (1.0, 0.0)}[round(angle) % 360]


def place_pull_ups(pcb: Pcb) -> list[str]:
    """Each carrier input's pull-up behind its header pin: pad 1 (the input) on the pin's line, pad 2 (3V3)
    beside it along the header, the resistors a row along the header, each with a via for its 3V3 a
    millimetre further in. A pull-up whose place meets another part (or another pull-up's via) takes the
    free place on the router's grid nearest that one, within :data:`PULL_UP_ROOM`; those that find none
    (a pin over the corner of the next edge's header) are left out, placed once the board is routed
    (:func:`_place_late_pull_ups`): returned."""
    from tablier.fabrication.silkscreen import courtyard

    boxes = {ref: courtyard(part) for ref, part in pcb.parts.items()}  # the pull-ups' with their vias' room
    late = []
    for ref, part in sorted(pcb.parts.items(), key=lambda item: ref_key(item[0])):
        if not ref.startswith("J") or ref in ("J1", "J2"):
            continue
        ix, iy = _inward(part.angle)
        row = (abs(iy), abs(ix))  # along the header
        centre = (part.x, part.y)
        for number, net in sorted(part.nets.items(), key=lambda item: int(item[0])):
            pull = next((r for r, p in pcb.netlist.items() if r.startswith("R") and p[2].get("1") == net
                         and p[2].get("2") == "+3V3"), None)
            if pull is None:
                continue
            px, py = pcb.pad(ref, number)
            toward = 1.0 if (centre[0] - px) * row[0] + (centre[1] - py) * row[1] >= 0 else -1.0
            placed = pcb.place(pull, 0.0, 0.0, 0 if row[0] else 90)
            x0, y0, x1, y1 = courtyard(placed)  # its courtyard about its centre
            reach = round(PULL_UP_ROOM / GRID)
            spots = sorted(((PULL_UP_IN + GRID * k, GRID * s * toward) for k in range(reach + 1)
                            for s in range(-reach, reach + 1)),
                           key=lambda spot: (math.hypot(spot[0] - PULL_UP_IN, spot[1]), -spot[1] * toward))
            for depth, shift in spots:  # pad 1 on the router's grid, for its run to reach
                ax = _on_grid(px + ix * depth + row[0] * shift)
                ay = _on_grid(py + iy * depth + row[1] * shift)
                cx, cy = round(ax + row[0] * PULL_UP_PAD, 4), round(ay + row[1] * PULL_UP_PAD, 4)
                box = _grown((cx + x0, cy + y0, cx + x1, cy + y1), PULL_UP_VIA + 0.4, (ix, iy))
                if _inside(box, pcb) and all(_apart(box, other) for r, other in boxes.items() if r != pull):
                    break
            else:
                del pcb.parts[pull]
                late.append(pull)
                continue
            pcb.place(pull, cx, cy, 0 if row[0] else 90)
            if pcb.pad(pull, "1") != (round(ax, 4), round(ay, 4)):  # pad 1 on the pin's side
                pcb.place(pull, cx, cy, 180 if row[0] else 270)
            boxes[pull] = box
    return late


def pull_up_via(pcb: Pcb, ref: str) -> tuple[float, float]:
    """Where a placed pull-up's 3V3 via stands: a millimetre past its pad 2, away from its header."""
    x, y = pcb.pad(ref, "2")
    header = next(r for r, p in pcb.parts.items() if r.startswith("J") and
                  pcb.net_of(ref, "1") in p.nets.values())
    ix, iy = _inward(pcb.parts[header].angle)
    return round(x + ix * PULL_UP_VIA, 4), round(y + iy * PULL_UP_VIA, 4)


def _grown(box: tuple[float, float, float, float], reach: float,
           way: tuple[float, float]) -> tuple[float, float, float, float]:
    """A box stretched ``reach`` further the ``way`` it faces (room for the pull-up's via)."""
    x0, y0, x1, y1 = box
    dx, dy = way
    return (x0 + min(dx, 0) * reach, y0 + min(dy, 0) * reach,
            x1 + max(dx, 0) * reach, y1 + max(dy, 0) * reach)


def _inside(box: tuple[float, float, float, float], pcb: Pcb) -> bool:
    return box[0] >= EDGE and box[1] >= EDGE and box[2] <= pcb.width - EDGE and box[3] <= pcb.height - EDGE


def _on_grid(value: float) -> float:
    return round(value / GRID) * GRID


def _apart(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def _place_late_pull_ups(pcb: Pcb, router: Router) -> Router:
    """The pull-ups :func:`place_pull_ups` found no room for behind their pins, each placed once the board
    is routed, on the free place nearest its input's copper: pad 1, pad 2 and its 3V3 via in a line on
    free grid points (the input's pad clear of other nets, its 3V3 clear of all but 3V3), its input and
    its 3V3 then routed to theirs. The router that knows them all, returned."""
    from tablier.fabrication.silkscreen import courtyard

    late = [ref for ref, (_lib, _value, nets) in sorted(pcb.netlist.items(),
                                                         key=lambda item: ref_key(item[0]))
            if ref.startswith("R") and nets.get("2") == "+3V3" and ref not in pcb.parts]
    for pull in late:
        net = pcb.netlist[pull][2]["1"]
        router = Router(pcb)  # the board as drawn so far, as the router will see it with the pull-up on it
        boxes = [courtyard(part) for part in pcb.parts.values()]
        placed = pcb.place(pull, 0.0, 0.0, 0)
        x0, y0, x1, y1 = courtyard(placed)
        del pcb.parts[pull]
        reach = 8
        near: dict[tuple[int, int], int] = {}  # grid points near the input's top copper, by their steps to it
        for (ix, iy, layer), owner in router.owner.items():
            if owner == net and layer == 0:
                for dx in range(-reach, reach + 1):
                    for dy in range(-reach, reach + 1):
                        steps = abs(dx) + abs(dy)
                        if steps < near.get((ix + dx, iy + dy), reach * 3):
                            near[ix + dx, iy + dy] = steps
        for (ix, iy), _steps in sorted(near.items(), key=lambda item: (item[1], item[0])):
            ax, ay = ix * GRID, iy * GRID
            found = next((way for way in ((1, 0), (0, 1), (-1, 0), (0, -1))
                          if _late_spot_free(pcb, router, net, (ax, ay), way, (x0, y0, x1, y1), boxes)), None)
            if found is not None:
                break
        else:
            raise Unroutable(f"{pcb.name}: no room for the pull-up {pull} of {net}", net)
        ux, uy = found
        cx, cy = round(ax + ux * PULL_UP_PAD, 4), round(ay + uy * PULL_UP_PAD, 4)
        for angle in (0, 90, 180, 270):
            pcb.place(pull, cx, cy, angle)
            if pcb.pad(pull, "1") == (round(ax, 4), round(ay, 4)):
                break
        reach_via = 2 * PULL_UP_PAD + PULL_UP_VIA
        via = (round(ax + ux * reach_via, 4), round(ay + uy * reach_via, 4))
        pcb.track("+3V3", pcb.pad(pull, "2"), via)
        if ("+3V3", *via) not in pcb.vias:  # another pull-up's via may stand there already
            pcb.via("+3V3", *via)
        router = Router(pcb)
        router.route(net)
        router.route("+3V3")
    return router


def _late_spot_free(pcb: Pcb, router: Router, net: str, pad: tuple[float, float], way: tuple[int, int],
                    body: tuple[float, float, float, float],
                    boxes: list[tuple[float, float, float, float]]) -> bool:
    """Whether a pull-up with pad 1 at ``pad``, pad 2 and its via the ``way`` from it, fits: its courtyard
    (with its via) clear of every part's, its pads' and via's grid points free on the router's grid."""
    ax, ay = pad
    ux, uy = way
    cx, cy = ax + ux * PULL_UP_PAD, ay + uy * PULL_UP_PAD
    body = (cx + body[0], cy + body[1], cx + body[2], cy + body[3]) if ux else (
        cx + body[1], cy + body[0], cx + body[3], cy + body[2])
    box = _grown(body, PULL_UP_VIA + 0.4, way)
    if not _inside(box, pcb) or not all(_apart(box, other) for other in boxes):
        return False
    ix, iy = round(ax / GRID), round(ay / GRID)
    side = ((uy, ux), (-uy, -ux))  # the grid points either side of the line

    def clear(which: str, x: int, y: int, layer: int) -> bool:  # the point free, its sides no other net's
        return router.free(which, (x, y, layer)) and all(
            router.owner.get((x + dx, y + dy, layer), which) == which for dx, dy in side)

    return (clear(net, ix, iy, 0) and all(clear("+3V3", ix + ux * k, iy + uy * k, 0) for k in range(2, 5))
            and clear("+3V3", ix + ux * 4, iy + uy * 4, 1)
            and router.via_free("+3V3", (ix + ux * 4, iy + uy * 4)))


def _touches(point: tuple[float, float], points: tuple[tuple[float, float], ...], reach: float = 0.3) -> bool:
    """Whether a track through ``points`` passes within ``reach`` of ``point``."""
    px, py = point
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        dx, dy = bx - ax, by - ay
        k = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy or 1.0)))
        if math.hypot(ax + k * dx - px, ay + k * dy - py) < reach:
            return True
    return False


def _drop_idle_pull_up_vias(pcb: Pcb) -> None:
    """A pull-up's 3V3 via that no run reached on the bottom is joined on one layer only (KiCad's dangling
    via): it is dropped, and its stubs from the pull-ups' pads with it when no run reached that either (the
    router joined the pads themselves)."""
    pads = {pcb.pad(ref, "2") for ref in pcb.parts if ref.startswith("R") and pcb.net_of(ref, "2") == "+3V3"}
    for via in [v for v in pcb.vias if v[0] == "+3V3"]:
        where = (via[1], via[2])
        stubs = [track for track in pcb.tracks if track[0] == "+3V3" and track[1] == "F.Cu"
                 and len(track[2]) == 2 and track[2][1] == where and track[2][0] in pads]
        if not stubs:
            continue
        others = [track for track in pcb.tracks if track[0] == "+3V3" and track not in stubs]
        if any(track[1] == "B.Cu" and _touches(where, track[2]) for track in others):
            continue
        pcb.vias.remove(via)
        if not any(track[1] == "F.Cu" and _touches(where, track[2]) for track in others):
            for stub in stubs:  # one, or two pull-ups' that shared the via: each pad reached by the router
                pcb.tracks.remove(stub)
    _join_loose_ends(pcb, "+3V3")


def _join_loose_ends(pcb: Pcb, net: str) -> None:
    """Each top-copper run of ``net`` whose end stops short of everything (no pad, via or run there): joined
    to the end of a run a grid step's fraction away (the router's grid beside a pull-up's off-grid pad), or
    dropped when none is near and the run is a bare two-point stub."""
    pads = [(pad.x, pad.y) for name, pad in pcb.pads() if name == net]
    vias = [(x, y) for name, x, y in pcb.vias if name == net]
    for n, (name, layer, points, width) in enumerate(list(pcb.tracks)):
        if name != net or layer != "F.Cu":
            continue
        others = [track for i, track in enumerate(pcb.tracks)
                  if i != n and track[0] == net and track[1] == layer and track[2]]
        for end in (points[0], points[-1]):
            held = [*pads, *vias, *(point for track in others for point in track[2])]
            if any(math.dist(end, point) < 1e-6 for point in held) or any(
                    _touches(end, track[2], 1e-6) for track in others):
                continue
            near = [point for track in others for point in (track[2][0], track[2][-1])
                    if math.dist(point, end) < 0.3]
            if near:
                joined = (*points, near[0]) if end == points[-1] else (near[0], *points)
                pcb.tracks[n] = (name, layer, joined, width)
                points = joined
            elif len(points) == 2 and _pad_reached(points[end == points[0]], pads, others):
                # a stub from a pad to nothing (its via was dropped) while a run reaches the pad itself
                pcb.tracks[n] = (name, layer, (), width)
                break
    pcb.tracks = [track for track in pcb.tracks if track[2]]


def _pad_reached(point: tuple[float, float], pads: list[tuple[float, float]],
                 runs: list[tuple[str, str, tuple[tuple[float, float], ...], float]]) -> bool:
    """Whether ``point`` is a pad that another run ends on (within the pad)."""
    return any(math.dist(point, pad) < 1e-6 for pad in pads) and any(
        math.dist(point, end) < 0.3 for run in runs for end in (run[2][0], run[2][-1]))


def _route_six_chip_board(pcb: Pcb, chips: int, first: list[str]) -> None:
    for ref in sorted(pcb.parts, key=ref_key):  # each pull-up's 3V3 through its via, before the router
        if ref.startswith("R") and pcb.net_of(ref, "2") == "+3V3":
            via = pull_up_via(pcb, ref)
            pcb.track("+3V3", pcb.pad(ref, "2"), via)
            if ("+3V3", *via) not in pcb.vias:  # two pull-ups may share one
                pcb.via("+3V3", *via)
    router = Router(pcb)
    for n in range(chips + 1):
        router.reserve_escapes(f"U{n + 1}")
    router.route("GND", anywhere_on_bottom=True)  # each ground pad's via, then whatever cuts it off is mended
    nets = sorted({net for ref in pcb.parts for net in pcb.parts[ref].nets.values()} - {"GND"})
    signals = [n for n in nets if n != "+3V3"]

    def reach(net: str) -> float:
        where = [pcb.pad(r, p) for r, part in pcb.parts.items() for p, n in part.nets.items() if n == net]
        return max(x for x, _y in where) - min(x for x, _y in where) + max(y for _x, y in where) - min(
            y for _x, y in where)

    bus = [n for n in ("CLK_IN", "PL_IN", "DATA", "DATA_NEXT", "CLK", "~PL") if n in signals]
    inputs = sorted((n for n in signals if n not in bus), key=reach)
    order = [*first, *(n for n in [*bus, *inputs, "+3V3"] if n not in first)]
    for net in order:
        router.route(net)
    router = _place_late_pull_ups(pcb, router)
    _drop_idle_pull_up_vias(pcb)
    ground = next(p for p, n in pcb.parts["J1"].nets.items() if n == "GND")
    router.route_to_pour("GND", pcb.pad("J1", ground))  # each ground pad to the pour, once it is cut
    width, height = pcb.width, pcb.height
    pcb.zone("GND", "B.Cu", (0.3, 0.3), (width - 0.3, 0.3), (width - 0.3, height - 0.3), (0.3, height - 0.3))
