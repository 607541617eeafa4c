"""Where each part of a board goes and how its copper runs, and which boards the layout has.

The LED module and the main board are laid out here; the carriers in :mod:`tablier.fabrication.pcb_carriers`
and the chain boards in :mod:`tablier.fabrication.pcb_chain`. :func:`board_pcbs` is every board a maker
may order (the carriers of both sensors); :func:`pocket_boards` and :func:`groove_boards` are the boards
that lie in the slab's pockets and grooves for the layout's own sensor.
"""

from __future__ import annotations

from tablier.errors import TablierError
from tablier.fabrication.boards import BUS, ChainDesign, board_netlists, chain_boards, chain_designs
from tablier.fabrication.kicad_pcb import Pcb, read_netlist
from tablier.fabrication.netlist import Netlist
from tablier.fabrication.pcb_carriers import hall_carrier, reed_carrier
from tablier.fabrication.pcb_chain import last_chain_board, placed_six_chip_board, six_chip_chain_board
from tablier.fabrication.pcb_router import Router
from tablier.fabrication.pcb_usb import usb_board
from tablier.fabrication.sensors import SENSING, carrier_names
from tablier.fabrication.silkscreen import lay_silkscreen
from tablier.hardware.layout import PIP_CELLS, PIPS_PER_DIE, Layout

LED_MODULE_MM = 12.0  # round, in a 13 mm pocket


def led_module(netlist_text: str) -> Pcb:
    """The LED module: a 12 mm round board, the WS2812B in the middle and its 100 nF above it on
    top; the wire pads (in above, out below, 5V on the left, GND in the middle) underneath, where the
    wires come up from the pocket's floor. Bottom: 5V and GND straight through from in to out."""
    c = LED_MODULE_MM / 2
    pcb = Pcb("led-module", LED_MODULE_MM, LED_MODULE_MM, read_netlist(netlist_text), round_outline=True,
              hide_references=True)
    pcb.place("D1", c, c)
    pcb.place("C1", c, c + 3.9)
    pcb.place("J1", c - 2.5, c + 3.6)
    pcb.place("J2", c - 2.5, c - 3.6)
    five, ground = "+5V_LED", "GND"
    pcb.via(five, c - 2.5, c + 2.7)
    pcb.track(five, pcb.pad("D1", "1"), (c - 2.5, c + 2.7), pcb.pad("C1", "1"))
    pcb.track(five, pcb.pad("J1", "1"), pcb.pad("J2", "1"), layer="B.Cu", width=0.5)
    pcb.via(ground, c, c - 1.65)
    pcb.track(ground, pcb.pad("D1", "3"), (c, c - 1.65))
    pcb.via(ground, c + 0.95, c + 2.9)
    pcb.track(ground, pcb.pad("C1", "2"), (c + 0.95, c + 2.9))
    pcb.track(ground, pcb.pad("J1", "2"), pcb.pad("J2", "2"), layer="B.Cu", width=0.5)
    pcb.track(ground, (c + 0.95, c + 2.9), (c, c + 2.9), layer="B.Cu")
    pcb.via("DIN", c + 2.5, c + 2.7)
    pcb.track("DIN", pcb.pad("D1", "4"), (c + 2.5, c + 2.7))
    pcb.track("DIN", (c + 2.5, c + 2.7), pcb.pad("J1", "3"), layer="B.Cu")
    pcb.via("DOUT", c + 2.5, c - 2.8)
    pcb.track("DOUT", pcb.pad("D1", "2"), (c - 1.6, c - 2.8), (c + 2.5, c - 2.8))
    pcb.track("DOUT", (c + 2.5, c - 2.8), pcb.pad("J2", "3"), layer="B.Cu")
    return pcb


DIE_BOARD_MM = 24.0  # square, in its 26 mm pocket
#: The die board's LEDs: the pips' grid pitch it is drawn for (``[mechanics.holes] pip_pitch_mm`` must
#: match it, or a pip's window has no LED under it).
DIE_PIP_PITCH = 6.0
CAP_BELOW = 2.6  # each LED's 100 nF under it


def die_pip(pip: int) -> tuple[float, float]:
    """Where a pip's LED is on the die board (mm, Y up from its lower left corner)."""
    column, row = PIP_CELLS[pip]
    c = DIE_BOARD_MM / 2
    return c + (column - 1) * DIE_PIP_PITCH, c - (row - 1) * DIE_PIP_PITCH


def die_board(netlist_text: str) -> Pcb:
    """A die's display: the seven pips' WS2812B-2020 on their 3 x 3 grid, each with its 100 nF under it,
    the wire pads underneath (in at the left edge, out at the right), routed by the maze router over a
    ground pour on the bottom."""
    pcb = Pcb("die-board", DIE_BOARD_MM, DIE_BOARD_MM, read_netlist(netlist_text), hide_references=True)
    for pip in range(1, PIPS_PER_DIE + 1):
        x, y = die_pip(pip)
        pcb.place(f"D{pip}", x, y)
        pcb.place(f"C{pip}", x, y - CAP_BELOW)
    pcb.place("J1", 2.0, DIE_BOARD_MM / 2 + 3.5, 270)  # underneath, 5V at the top
    pcb.place("J2", DIE_BOARD_MM - 2.0, DIE_BOARD_MM / 2 - 3.5, 90)  # 5V at the bottom
    router = Router(pcb)
    router.route("GND", anywhere_on_bottom=True)
    for net in ("DIN", *(f"D{n}_OUT" for n in range(1, PIPS_PER_DIE)), "DOUT", "+5V_LED"):
        router.route(net)
    router.route_to_pour("GND", pcb.pad("J1", "2"))
    near, far = 0.3, DIE_BOARD_MM - 0.3
    pcb.zone("GND", "B.Cu", (near, near), (far, near), (far, far), (near, far))
    return pcb


def carriers_of(layout: Layout, sensor: str, netlists: dict[str, Netlist]) -> list[Pcb]:
    """The two carriers of a sensor kind, placed and routed."""
    lay = hall_carrier if sensor == "hall" else reed_carrier
    return [lay(layout, kind, SENSING[sensor][kind], netlists[f"{name}.net"].text)
            for kind, name in zip(("ladder", "row"), carrier_names(sensor), strict=True)]


def board_pcbs(layout: Layout, routed: bool = True) -> list[Pcb]:
    """Every board design laid out here, from its netlist, its silkscreen laid (references, its name, its
    connectors' labels): the carriers of both sensors, the LED module, the die board, the main board,
    the six-chip chain boards' designs (routed by the router; without ``routed``, placed only: boards
    alike but for their silkscreen are one design, :func:`tablier.fabrication.boards.chain_designs`) and
    the last chain board."""
    *six_chip, last = chain_designs(layout)
    chain = f"chain-board-{last.boards[0].number}.net"
    carriers = tuple(f"{name}.net" for sensor in SENSING for name in carrier_names(sensor))
    netlists = board_netlists(layout, only=(*carriers, "led-module.net", "die-board.net", "main-board.net",
                                            "usb-board.net", chain))
    last_board = last_chain_board(layout, last.boards[0], netlists[chain].text)
    last_board.name = last.name
    boards = [*(pcb for sensor in SENSING for pcb in carriers_of(layout, sensor, netlists)),
              led_module(netlists["led-module.net"].text), die_board(netlists["die-board.net"].text),
              main_board(layout, netlists["main-board.net"].text), usb_board(netlists["usb-board.net"].text),
              *(_routed_chain_boards if routed else _placed_chain_designs)(layout, six_chip),
              last_board]
    labels = board_labels(layout)
    for pcb in boards:
        if not pcb.references:  # a board laid out before (the routed chain boards are remembered)
            labelled(pcb, labels)
    return boards


def design_netlist(layout: Layout, name: str) -> Netlist:
    """The netlist a board design is laid out from (a chain design's: its first board's)."""
    file = next((f"chain-board-{d.boards[0].number}.net" for d in chain_designs(layout) if d.name == name),
                f"{name}.net")
    return board_netlists(layout, only=(file,))[file]


def labelled(pcb: Pcb, labels: dict[str, dict[str, str]]) -> Pcb:
    """The board with its silkscreen laid: its references, its name, its connectors' labels."""
    lay_silkscreen(pcb, pcb.name.upper(), labels.get(pcb.name, {}))
    return pcb


def board_labels(layout: Layout) -> dict[str, dict[str, str]]:
    """What each board design's connectors carry, for their silkscreen labels: a chain board's bus
    connectors as their netlist wires them (:func:`bus_labels`), its carriers' and contacts' names, and a
    design's boards' names together (``POINT 1/9/17``: boards 1, 2 and 3)."""
    labels: dict[str, dict[str, str]] = {
        "main-board": {"J1": "BUS", "J3": "LEDS", "J4": "5V", "J5": "USB"},
        "led-module": {"J1": "IN", "J2": "OUT"}, "die-board": {"J1": "IN", "J2": "OUT"},
        "usb-board": {"J2.1": "D+", "J2.2": "5V", "J2.3": "GND", "J2.4": "D-"},
    }
    for sensor in SENSING:
        for name, places in zip(carrier_names(sensor), (6, 4), strict=True):
            labels[name] = {"J1": f"3V3 GND OUT1-{places}"}
    designs = chain_designs(layout)
    netlists = board_netlists(layout, only=tuple(f"chain-board-{d.boards[0].number}.net" for d in designs))
    for design in designs:
        each: dict[str, list[str]] = {}
        for board in design.boards:
            for n, strip in enumerate(board.carriers):
                each.setdefault(f"J{n + 3}", []).append(strip.name.upper())
            for n, contact in enumerate(board.contacts):
                what = "FACE" if contact.kind == "face" else f"BTN {contact.index}"
                each.setdefault(f"J{len(board.carriers) + n + 3}", []).append(what)
        refs = bus_labels(read_netlist(netlists[f"chain-board-{design.boards[0].number}.net"].text))
        labels[design.name] = refs | {ref: _together(names) for ref, names in each.items()}
    return labels


def bus_labels(parts: dict[str, tuple[str, str, dict[str, str]]]) -> dict[str, str]:
    """A chain board's bus connectors named from its netlist: ``BUS IN`` for the one whose data line
    comes from a 74HCS165's output (QH, pin 9: towards the Pico), ``BUS OUT`` for the one whose data
    line goes into a 74HCS165's serial input (SER, pin 10: from the next board)."""
    labels = {}
    for ref, (_footprint, _value, pads) in parts.items():
        if not ref.startswith("J") or "CLK_IN" not in pads.values():
            continue
        data = pads[str(BUS.index("DATA") + 1)]
        chip_pins = {pin for fp, _v, nets in parts.values() if fp.startswith("Package_SO:SOIC-16")
                     for pin, net in nets.items() if net == data}
        labels[ref] = "BUS IN" if "9" in chip_pins else "BUS OUT" if "10" in chip_pins else "BUS"
    return labels


def _together(names: list[str]) -> str:
    """Several boards' names for one connector as one label: ``POINT 1``, ``POINT 9`` -> ``POINT 1/9``."""
    if len(set(names)) == 1:
        return names[0]
    words = [name.split() for name in names]
    common = 0
    while all(len(w) > common + 1 and w[common] == words[0][common] for w in words):
        common += 1
    return " ".join([*words[0][:common], "/".join(" ".join(w[common:]) for w in words)])


def pocket_boards(layout: Layout) -> list[Pcb]:
    """The boards that lie in the slab's pockets, placed (the six-chip chain boards unrouted: their
    parts stand where the routed boards have them): the main board and the chain boards in order."""
    *six_chip, last = chain_boards(layout)
    names = ("main-board.net", *(f"chain-board-{b.number}.net" for b in (*six_chip, last)))
    netlists = board_netlists(layout, only=names)
    return [main_board(layout, netlists["main-board.net"].text),
            *(placed_six_chip_board(b, read_netlist(netlists[f"chain-board-{b.number}.net"].text),
                                     f"chain-board-{b.number}") for b in six_chip),
            last_chain_board(layout, last, netlists[f"chain-board-{last.number}.net"].text)]


def groove_boards(layout: Layout) -> list[Pcb]:
    """The boards that lie in grooves and LED pockets, placed and routed: the layout's sensor's two
    carriers, the LED module and the die board."""
    sensor = layout.mechanics.sensor
    names = tuple(f"{name}.net" for name in carrier_names(sensor))
    netlists = board_netlists(layout, only=(*names, "led-module.net", "die-board.net"))
    return [*carriers_of(layout, sensor, netlists), led_module(netlists["led-module.net"].text),
            die_board(netlists["die-board.net"].text)]


_ROUTED: dict[str, list[Pcb]] = {}  # by layout hash: routing a six-chip board takes seconds


def _routed_chain_boards(layout: Layout, designs: list[ChainDesign]) -> list[Pcb]:
    """Each six-chip design routed (from its first board's netlist, named for the design)."""
    if layout.hash not in _ROUTED:
        nets = [f"chain-board-{d.boards[0].number}.net" for d in designs]
        netlists = board_netlists(layout, only=tuple(nets))
        _ROUTED[layout.hash] = [six_chip_chain_board(d.boards[0], netlists[net].text, d.name)
                                for d, net in zip(designs, nets, strict=True)]
    return _ROUTED[layout.hash]


def _placed_chain_designs(layout: Layout, designs: list[ChainDesign]) -> list[Pcb]:
    """Each six-chip design placed, not routed."""
    nets = [f"chain-board-{d.boards[0].number}.net" for d in designs]
    netlists = board_netlists(layout, only=tuple(nets))
    return [placed_six_chip_board(d.boards[0], read_netlist(netlists[net].text), d.name)
            for d, net in zip(designs, nets, strict=True)]


class LaidOutForOtherPins(TablierError):
    """The layout's Pico pins are not those the main board's copper was drawn for."""


MAIN_BOARD_MM = (33.0, 98.0)  # in its 34 x 100 mm pocket
#: The Pico's GPIOs the main board's copper is drawn for: the chain's data, load and clock, the LEDs.
MAIN_BOARD_GPIOS = (16, 17, 18, 22, 19)


def main_board(layout: Layout, netlist_text: str) -> Pcb:
    """The main board: the Pico at the top, soldered flat by its castellated edge (its USB at the board's
    end), the LED rail's switch, the level shifter and their capacitors (the rail's 470 uF a 2 mm polymer
    tantalum) below it, side-entry connectors with their mouths at the edges: the chain bus on the right
    edge (its lines from the Pico's right column through the 33 ohm source resistors, down channels to
    its pins), the LED chain and the LED power injection at the bottom edge; the USB header (the cable
    from the panel USB-C socket's breakout) on the right edge below the bus, fed from pads under the
    Pico's test points TP1-TP3 (reflowed to them), the pair down the middle under the Pico and dipping
    under the LED rail to its pins. Bottom: a ground pour, the 3V3 line to the bus and the 5 V line from
    VBUS; the LED data dips under it to its connector."""
    pins = layout.pins
    if (pins.sr_data, pins.sr_load, pins.sr_clk, pins.led, pins.led_enable) != MAIN_BOARD_GPIOS:
        raise LaidOutForOtherPins(f"main board PCB: its copper is laid out for GP16 (data), GP17 (/PL), "
                                  f"GP18 (clock), GP22 (LEDs) and GP19 (the LED rail's enable), not "
                                  f"GP{pins.sr_data}, GP{pins.sr_load}, GP{pins.sr_clk}, GP{pins.led} and "
                                  f"GP{pins.led_enable}: lay it out again (tablier.fabrication.pcb_layouts)")
    width, height = MAIN_BOARD_MM
    pcb = Pcb("main-board", width, height, read_netlist(netlist_text), hide_references=True)
    pcb.zone("GND", "B.Cu", (0.3, 0.3), (width - 0.3, 0.3), (width - 0.3, height - 0.3), (0.3, height - 0.3))
    pcb.place("U1", 16.5, 71)  # the Pico: pins 1-20 down the left, 21-40 up the right
    edge_pins = 7.0  # a side-entry header's pins from the edge its mouth faces (its mouth 0.75 mm inside)
    pcb.place("J1", width - edge_pins, 30, 90)  # the chain bus, pins upward from 3V3, mouth right
    pcb.place("J3", 13.5, edge_pins)  # the LED chain, pins rightward from 5V, mouth down
    pcb.place("J4", 22.5, edge_pins)  # LED power injection
    pcb.place("R2", 29.4, 42.8, 270)  # /PL's and the clock's source resistors, in their channels
    pcb.place("R3", 31.4, 42.8, 270)
    pcb.place("U2", 27, 24, 180)  # TPS2553: IN, GND, EN on the right
    pcb.place("C1", 30.2, 21.6, 270)
    pcb.place("R4", 22.9, 24, 180)
    pcb.place("U3", 13, 27)  # 74AHCT1G125
    pcb.place("C2", 15.6, 30.2)
    pcb.place("R1", 15, 23.9)
    pcb.place("C3", 9.5, 17.5)  # the 470 uF polymer tantalum, + on the left
    pcb.place("J5", width - edge_pins, 11.4, 90)  # the USB cable: VBUS, GND, D+, D- upward, mouth right
    pcb.place("R5", 30.0, 58.0, 90)  # the enable's pull-down, on its run beside the Pico

    def pin(number: int) -> tuple[float, float]:
        return pcb.pad("U1", str(number))

    # the chain: each line from its Pico pin right to a channel, down it and left into its bus pin; the
    # lowest pin's line in the innermost channel turns into the topmost bus pin, so that none crosses
    for number, channel, resistor, bus_pin in ((21, 28.0, None, "5"), (22, 29.4, "R2", "4"),
                                                (24, 31.4, "R3", "3")):
        x, y = pin(number)
        bx, by = pcb.pad("J1", bus_pin)
        net = pcb.net_of("J1", bus_pin)
        if resistor is None:
            pcb.track(net, (x, y), (channel, y), (channel, by), (bx, by))
            continue
        pcb.track(pcb.net_of("U1", str(number)), (x, y), (channel, y), pcb.pad(resistor, "1"))
        pcb.track(net, pcb.pad(resistor, "2"), (channel, by), (bx, by))
    # 3V3 underneath, through the ground pour along the Pico's right column, into the bus's pin 1
    x, y = pin(36)
    bx, by = pcb.pad("J1", "1")
    pcb.track("+3V3", (x, y), (22.6, y), (22.6, by), (bx, by), layer="B.Cu", width=0.4)
    _usb_pair(pcb)
    x, y = pin(29)
    pcb.track("LED_GPIO", (x, y), (21.5, y), (21.5, 33), (10.5, 33), (10.5, 27), pcb.pad("U3", "2"))
    # 5 V underneath, through the ground pour
    x, y = pin(40)
    pcb.track("+5V", (x, y), (31.6, y), (31.6, 25.6), layer="B.Cu", width=0.5)
    pcb.via("+5V", 31.6, 25.6)
    pcb.track("+5V", (31.6, 25.6), (30.2, 25.6), pcb.pad("C1", "1"), width=0.4)
    pcb.track("+5V", (30.2, 23.05), pcb.pad("U2", "1"), width=0.3)
    # the LED rail's enable: from GP19 right over its 100 k pull-down (its ground through a via to the
    # pour), down the right edge past the source resistors and the bus's mouth, left to the switch's EN
    x, y = pin(25)
    en = pcb.pad("U2", "3")
    pcb.track("LED_EN", (x, y), (32.55, y), (32.55, 27.0), (en[0], 27.0), en)
    pcb.track("GND", pcb.pad("R5", "2"), (30.0, 60.0))
    pcb.via("GND", 30.0, 60.0)
    vbus = pcb.pad("J5", "1")  # the USB cable's VBUS, up the right edge to the via
    pcb.track("+5V", vbus, (32.0, vbus[1]), (32.0, 25.6), (31.6, 25.6), width=0.5)
    # the LED rail: from the switch's OUT to the connectors, the bulk capacitor and the level shifter
    rail = "+5V_LED"
    pcb.track("ILIM", pcb.pad("U2", "5"), pcb.pad("R4", "1"))
    j3, j4 = pcb.pad("J3", "1"), pcb.pad("J4", "1")
    pcb.track(rail, pcb.pad("U2", "6"), (25.5, 21.6), width=0.5)
    pcb.track(rail, (21.0, 21.6), (21.0, 11), (j3[0], 11), j3, width=0.5)
    pcb.track(rail, (21.0, 11), (j4[0], 11), j4, width=0.5)
    c3 = pcb.pad("C3", "1")
    pcb.track(rail, (25.5, 21.6), (c3[0], 21.6), c3, width=0.5)
    pcb.track(rail, (18.3, 21.6), (18.3, 27.95), pcb.pad("U3", "5"), pcb.pad("C2", "1"), width=0.4)
    pcb.track("LED_5V_DATA", pcb.pad("U3", "4"), pcb.pad("R1", "1"))
    pcb.via("DIN", 17.0, 23.9)
    pcb.track("DIN", pcb.pad("R1", "2"), (17.0, 23.9))
    din = pcb.pad("J3", "3")
    pcb.track("DIN", (17.0, 23.9), (din[0], 20), din, layer="B.Cu")
    # each ground pad of a surface-mount part, through a via to the pour
    ground_vias: tuple[tuple[str, str, tuple[float, float]], ...] = (
        ("U2", "2", (29.2, 24)), ("C1", "2", (30.2, 19.5)), ("R4", "2", (21.95, 25.6)),
        ("U3", "1", (11.86, 29.3)), ("U3", "3", (11.86, 24.6)), ("C2", "2", (16.55, 31.4)),
        ("C3", "2", (14.8, 17.5)))
    for ref, pad_number, via in ground_vias:
        pcb.via("GND", *via)
        pcb.track("GND", pcb.pad(ref, pad_number), via)
    return pcb


def _usb_pair(pcb: Pcb) -> None:
    """USB D+ and D- from the pads under the Pico's test points TP3 and TP2 (TP1, their ground, through a
    via to the pour) down the middle under the Pico, beside the LED data, then under the LED rail on the
    bottom and into the USB header's pins 3 and 4."""
    pcb.track("GND", pcb.pad("U1", "TP1"), (16.5, 93.65))
    pcb.via("GND", 16.5, 93.65)
    # each from its pad down beside TP1, under it to its lane, down the lane to its via (the outer, D-,
    # turning first), then on the bottom to its header pin
    for point, side, turn, lane, header_pin in (("TP3", 15.15, 89.6, 19.5, "3"),
                                                ("TP2", 17.85, 90.6, 20.5, "4")):
        net = pcb.net_of("U1", point)
        x, y = pcb.pad("U1", point)
        pcb.track(net, (x, y), (side, y), (side, turn), (lane, turn), (lane, 35.5))
        pcb.via(net, lane, 35.5)
        hx, hy = pcb.pad("J5", header_pin)
        pcb.track(net, (lane, 35.5), (lane, hy), (hx, hy), layer="B.Cu")
