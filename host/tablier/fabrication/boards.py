"""The boards that will exist, each its own KiCad netlist with its connectors (SKiDL).

The whole circuit (:mod:`tablier.fabrication.netlist`) is cut into the boards a maker orders: a
sensor carrier per ladder (6 Hall switches) and per draughts row (4), chain boards holding the
74HCS165s, the main board with the Pico, and an LED module. Carriers have wire pads (they lie in
4 mm grooves); the chain boards and the main board have JST-PH connectors. A chain board takes
whole carriers only, at most :data:`MAX_CHIPS` chips, so that no carrier is wired to two boards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from tablier.fabrication.netlist import (
    HC165_INPUT_PINS,
    PICO_GPIO_PINS,
    LedDriverRefs,
    Netlist,
    _import_skidl,
    _Schematic,
    checked_netlist,
)
from tablier.fabrication.sensors import SENSING, Sensing, carrier_names
from tablier.hardware.layout import LADDER_KINDS, PIPS_PER_DIE, Layout, Switch

MAX_CHIPS = 6
SQUARES_PER_ROW = 4
PADS = "Connector_PinHeader_2.54mm:PinHeader_1x{n:02d}_P2.54mm_Vertical"  # unpopulated: wire pads
#: The reed carriers' wire pads: surface-mount, 1.27 mm apart (the ribbon's own pitch), nothing under
#: the 1.0 mm board, which with a 2.41 mm reed must fit the 4 mm groove.
SMD_PADS = "Connector_PinHeader_1.27mm:PinHeader_1x{n:02d}_P1.27mm_Vertical_SMD_Pin1Left"
#: A ladder of reed pairs leaves its wire pads a gap shorter than a row of eight: two rows of four.
SMD_PAD_ROWS = "Connector_PinHeader_1.27mm:PinHeader_2x{half:02d}_P1.27mm_Vertical_SMD"
LED_PADS = "tablier:WirePads_1x03_P2.50mm_Bottom"  # the LED module's wires, soldered from below
#: The chain boards' and the main board's connectors enter from the side: a vertical JST-PH and its
#: plug stand too tall for the pockets under the skin (hardware/README.md, *Pockets and plugs*).
JST_SIDE = "Connector_JST:JST_PH_S{n}B-PH-K_1x{n:02d}_P2.00mm_Horizontal"
#: The 5-way bus between the main board and the chain boards, in connector pin order.
BUS = ("+3V3", "GND", "CLK", "~PL", "DATA")


@dataclass(frozen=True)
class Carrier:
    """A strip of Hall switches: a ladder of the tables face or a row of the draughts face."""

    name: str
    switches: tuple[Switch, ...]


@dataclass(frozen=True)
class ChainBoard:
    """A board of consecutive 74HCS165s and the carriers (and contacts) wired to them."""

    number: int
    chips: range
    carriers: tuple[Carrier, ...]
    contacts: tuple[Switch, ...]  # buttons and the face sensor, on JST leads


def carriers(layout: Layout) -> list[Carrier]:
    """Every carrier, in chain order."""
    found: list[Carrier] = []
    for kind in LADDER_KINDS:
        for index in sorted({s.index for s in layout.switches if s.kind == kind}):
            found.append(Carrier(f"{kind} {index}", layout.switches_of(kind, index)))
    squares = layout.switches_of("square")
    for row in range(0, len(squares), 4):
        found.append(Carrier(f"row {row // 4 + 1}", squares[row:row + 4]))
    return sorted(found, key=lambda c: c.switches[0].id)


def chain_boards(layout: Layout) -> list[ChainBoard]:
    """The chips cut into boards of at most MAX_CHIPS, each cut where a carrier ends."""
    strips = carriers(layout)
    ends = {c.switches[-1].id + 1 for c in strips} | {layout.switch_count}
    boards: list[ChainBoard] = []
    first = 0
    while first < layout.chips:
        last = first
        for chip in range(first, min(first + MAX_CHIPS, layout.chips)):
            if 8 * (chip + 1) in ends or chip == layout.chips - 1:
                last = chip
        chips = range(first, last + 1)
        ids = range(8 * first, 8 * (last + 1))
        boards.append(ChainBoard(
            len(boards) + 1, chips, tuple(c for c in strips if c.switches[0].id in ids),
            tuple(s for s in layout.switches if s.id in ids and s.kind in ("button", "face"))))
        first = last + 1
    return boards


@dataclass(frozen=True)
class ChainDesign:
    """Chain boards made from one design: their netlists are alike but for their nets' names, so they
    differ only in what their silkscreen says (which carriers plug in), and a house sets up one."""

    name: str  # ``chain-board-N``, or ``chain-board-N-M`` for boards N to M
    boards: tuple[ChainBoard, ...]


def chain_designs(layout: Layout) -> list[ChainDesign]:
    """The chain boards grouped into designs (:func:`netlist_signature`), in chain order."""
    boards = chain_boards(layout)
    netlists = board_netlists(layout, only=tuple(f"chain-board-{b.number}.net" for b in boards))
    groups: dict[tuple[object, ...], list[ChainBoard]] = {}
    for board in boards:
        signature = netlist_signature(netlists[f"chain-board-{board.number}.net"].text)
        groups.setdefault(signature, []).append(board)
    designs = []
    for group in groups.values():
        first, last = group[0].number, group[-1].number
        name = f"chain-board-{first}" if first == last else f"chain-board-{first}-{last}"
        designs.append(ChainDesign(name, tuple(group)))
    return designs


def netlist_signature(text: str) -> tuple[object, ...]:
    """What a board's netlist makes: each part's footprint, value (a chip's name aside: a chain chip's
    value says its place in the chain) and which of its pins share a net, with the nets' names left
    out but for the rails and the bus. Two boards of one signature are one design."""
    from tablier.fabrication.kicad_pcb import read_netlist

    parts = read_netlist(text)
    members: dict[str, list[tuple[str, str]]] = {}
    for ref, (_footprint, _value, pads) in parts.items():
        for pin, net in pads.items():
            members.setdefault(net, []).append((ref, pin))
    named = {"+3V3", "+5V", "+5V_LED", "GND", *BUS}
    canonical = {net: net if net in named else min(pins) for net, pins in members.items()}
    return tuple(sorted(
        (ref, footprint, "" if value.startswith("chip ") else value,
         tuple(sorted((pin, str(canonical[net])) for pin, net in pads.items())))
        for ref, (footprint, value, pads) in parts.items()))


def board_netlists(layout: Layout, only: tuple[str, ...] = ()) -> dict[str, Netlist]:
    """Every distinct board's netlist by file name (or only those named), each after its ERC."""
    logic = ("+3V3", "GND")
    designs: dict[str, tuple[tuple[str, ...], Callable[[_Schematic], None]]] = {}
    for sensor, carriers_of in SENSING.items():  # the carriers of both sensors: a maker picks one
        for name, kind in zip(carrier_names(sensor), ("ladder", "row"), strict=True):
            places = layout.ladders["point"] if kind == "ladder" else SQUARES_PER_ROW
            designs[f"{name}.net"] = (logic, partial(_carrier, sensors=places, how=carriers_of[kind]))
    designs |= {
        "led-module.net": (("GND",), _led_module),
        "die-board.net": (("GND",), _die_board),
        "main-board.net": (("+3V3", "+5V", "GND"), _main_board),
        "usb-board.net": (("+5V", "GND"), _usb_board),
    }
    for board in chain_boards(layout):
        designs[f"chain-board-{board.number}.net"] = (logic, partial(_chain_board, board=board))
    built = _BUILT.setdefault(layout.hash, {})
    for name, (rails, design) in designs.items():
        if (not only or name in only) and name not in built:
            built[name] = _build(layout, rails, design)
    return {name: built[name] for name in designs if not only or name in only}


#: The netlists built, by layout hash and file name: a board's netlist depends on nothing else, and the
#: checks of every layout load (the boards' clearances, their fit in their pockets) share them.
_BUILT: dict[str, dict[str, Netlist]] = {}


def _build(layout: Layout, rails: tuple[str, ...], design: Callable[[_Schematic], None]) -> Netlist:
    skidl = _import_skidl()
    circuit = skidl.Circuit()
    circuit.no_files = True
    schematic = _Schematic(skidl, circuit, layout)
    for rail, attribute in (("+3V3", "v3"), ("+5V", "v5"), ("GND", "gnd")):
        if rail in rails:  # a rail no part of the board uses would be an ERC warning
            setattr(schematic, attribute, schematic.net(rail, power=True))
    design(schematic)
    return checked_netlist(skidl, circuit)


def _connector(s: _Schematic, ref: str, pins: list[str], footprint: str, supplies: bool = True) -> Any:
    """A connector whose pins carry the named nets; power pins (+3V3, +5V, GND) drive their rails."""
    part = s.part("Conn", ref, footprint.format(n=len(pins)), f"{len(pins)}-way",
                  [(n + 1, name, "PASSIVE") for n, name in enumerate(pins)])
    for name in pins:
        attribute = {"+3V3": "v3", "+5V": "v5", "GND": "gnd"}.get(name)
        if supplies and attribute is not None:
            rail = getattr(s, attribute)
            rail += part[name]
    return part


def _carrier(s: _Schematic, sensors: int, how: Sensing) -> None:
    """A carrier strip: a place's switches per sensor (:mod:`tablier.fabrication.sensors`) and its wire
    pads: 3V3, GND, then one output per place."""
    footprint = PADS if how.part.kind == "hall" else SMD_PADS
    if how.part.kind == "reed" and len(how.offsets) > 1 and sensors > 4:
        footprint = SMD_PAD_ROWS.format(half=(sensors + 2) // 2)
    pads = _connector(s, "J1", ["+3V3", "GND", *[f"OUT{n}" for n in range(1, sensors + 1)]], footprint)
    for n in range(1, sensors + 1):
        out = s.net(f"OUT{n}")
        out += pads[f"OUT{n}"]
        s.sensor(f"U{n}" if how.part.kind == "hall" else f"SW{n}", how, out, n)


def _chain_board(s: _Schematic, board: ChainBoard) -> None:
    layout = s.layout
    bus_in = _connector(s, "J1", list(BUS), JST_SIDE)
    buffer = s.part("74LVC2G17", "U1", "Package_TO_SOT_SMD:SOT-23-6", "74LVC2G17",
                    [(1, "1A", "INPUT"), (2, "GND", "PWRIN"), (3, "2A", "INPUT"), (4, "2Y", "OUTPUT"),
                     (5, "VCC", "PWRIN"), (6, "1Y", "OUTPUT")])
    s.v3 += buffer["VCC"]
    s.gnd += buffer["GND"]
    s._capacitor("C1", "100n", s.v3)
    clk_in, load_in = s.net("CLK_IN"), s.net("PL_IN")
    clk_in += bus_in["CLK"], buffer["1A"]
    load_in += bus_in["~PL"], buffer["2A"]
    clock, load = s.net("CLK"), s.net("~PL")
    clock += buffer["1Y"]
    load += buffer["2Y"]
    last = board.chips[-1] == layout.chips - 1
    if not last:  # the raw lines and the data from the next board
        bus_out = _connector(s, "J2", list(BUS), JST_SIDE)
        clk_in += bus_out["CLK"]
        load_in += bus_out["~PL"]
    lines: dict[int, Any] = {}
    serial_out = s.net("DATA")
    serial_out += bus_in["DATA"]
    spare_levels = dict(enumerate(layout.spare_pattern, start=layout.switch_count))
    for n, chip in enumerate(board.chips):
        hc165 = s.part("74HCS165", f"U{n + 2}", "Package_SO:SOIC-16_3.9x9.9mm_P1.27mm", f"chip {chip}", [
            (1, "SH/~LD", "INPUT"), (2, "CLK", "INPUT"), (15, "CLK_INH", "INPUT"), (10, "SER", "INPUT"),
            (9, "QH", "OUTPUT"), (7, "~QH", "OUTPUT"), (8, "GND", "PWRIN"), (16, "VCC", "PWRIN"),
            *[(num, name, "INPUT") for name, num in HC165_INPUT_PINS.items()]])
        load += hc165["SH/~LD"]
        clock += hc165["CLK"]
        s.gnd += hc165["CLK_INH"], hc165["GND"]
        s.v3 += hc165["VCC"]
        hc165["~QH"] += s.circuit.NC
        serial_out += hc165["QH"]
        if chip != board.chips[-1]:
            serial_out = s.net(f"SER{chip}")
            serial_out += hc165["SER"]
        elif last:
            s.gnd += hc165["SER"]  # the byte past the chain reads 0x00
        else:
            from_next = s.net("DATA_NEXT")
            from_next += hc165["SER"], bus_out["DATA"]
        s._capacitor(f"C{n + 2}", "100n", s.v3)
        for bit, name in enumerate("HGFEDCBA"):
            switch_id = 8 * chip + bit
            if switch_id >= layout.switch_count:
                level = s.v3 if spare_levels.get(switch_id) == "1" else s.gnd
                level += hc165[HC165_INPUT_PINS[name]]
                continue
            line = s.net(f"IN{switch_id}")
            line += hc165[HC165_INPUT_PINS[name]]
            lines[switch_id] = line
    for n, strip in enumerate(board.carriers):
        # the last output on pin 1: a side-entry header turned to face its edge reads 3V3, GND, OUT1...
        # from the left, the order of the chip's pins it is wired to (hardware/README.md, *Chain boards*)
        outputs = [f"OUT{k}" for k in range(len(strip.switches), 0, -1)]
        plug = _connector(s, f"J{n + 3}", [*outputs, "GND", "+3V3"], JST_SIDE)
        for k, switch in enumerate(strip.switches):
            lines[switch.id] += plug[f"OUT{k + 1}"]
            pull_up(s, pull_up_ref(n + 3, k + 1), lines[switch.id])
    for n, contact in enumerate(board.contacts):
        lead = _connector(s, f"J{len(board.carriers) + n + 3}", ["IN", "GND"], JST_SIDE)
        pullup = s.resistor(f"R{n + 1}", "10k")
        lines[contact.id] += lead["IN"], pullup[2]
        s.v3 += pullup[1]


#: A carrier's input pulled up on its chain board, so that an unplugged carrier reads open (no man) on
#: every input, steadily, instead of floating: 100 k, weak beside a Hall switch's push-pull output and a
#: reed carrier's own 10 k.
PULL_UP = "100k"


def pull_up_ref(header: int, output: int) -> str:
    """The pull-up of a carrier header's output: ``R31`` for J3's OUT1 (the header's number, then the
    output's), so that a maker finds a line's resistor by its header."""
    return f"R{header * 10 + output}"


def pull_up(s: _Schematic, ref: str, line: Any) -> None:
    """A 0402 100 k from ``line`` to 3V3 (its pin 1 on the line)."""
    resistor = s.resistor(ref, PULL_UP, "0402")
    line += resistor[1]
    s.v3 += resistor[2]


def _main_board(s: _Schematic) -> None:
    pins = s.layout.pins
    pico = s._pico()  # the whole circuit's Pico, wired the same way
    s.usb_header(pico, "J5")
    used = {pins.sr_load, pins.sr_clk, pins.sr_data, pins.led, pins.led_enable}
    bus = _connector(s, "J1", list(BUS), JST_SIDE)
    for gp, signal, ref in ((pins.sr_load, "~PL", "R2"), (pins.sr_clk, "CLK", "R3")):
        source = s.resistor(ref, "33")
        near, far = s.net(f"GP{gp}_OUT"), s.net(signal)
        near += pico[PICO_GPIO_PINS[gp]], source[1]
        far += source[2], bus[signal]
    data = s.net("DATA")
    data += pico[PICO_GPIO_PINS[pins.sr_data]], bus["DATA"]
    led_gpio = s.net("LED_GPIO")
    led_gpio += pico[PICO_GPIO_PINS[pins.led]]
    enable = s.net("LED_EN")
    enable += pico[PICO_GPIO_PINS[pins.led_enable]]
    refs = LedDriverRefs(switch="U2", limit="R4", supply_cap="C1", buffer="U3", buffer_cap="C2", series="R1",
                         bulk="C3", enable_pull="R5")
    rail, series = s.led_driver(led_gpio, enable, refs, ilim="ILIM")
    leds = _connector(s, "J3", ["+5V_LED", "GND", "DIN"], JST_SIDE)
    rail += leds["+5V_LED"]
    din = s.net("DIN")
    din += series[2], leds["DIN"]
    injection = _connector(s, "J4", ["+5V_LED", "GND"], JST_SIDE)
    rail += injection["+5V_LED"]
    for gpio, num in PICO_GPIO_PINS.items():
        if gpio not in used:
            pico[num] += s.circuit.NC


#: The cable from the USB board to the main board's USB header (J5), in its wire pads' order (two either
#: side of the ESD chip: D+ and VBUS at the back, ground and D- in front).
USB_CABLE = ("USB_DP", "+5V", "GND", "USB_DM")
USB_PADS = "tablier:WirePads_2x02_P7.40x2.00mm"


def _usb_board(s: _Schematic) -> None:
    """The USB board in the slab's edge: the USB-C receptacle a player touches, its ESD protection and CC
    pull-downs beside it (:meth:`_Schematic.usb_socket`), and wire pads for the cable to the main board."""
    dp, dm = s.net("USB_DP"), s.net("USB_DM")
    s.usb_socket("J1", "U1", ("R1", "R2"), dp, dm)
    pads = _connector(s, "J2", list(USB_CABLE), USB_PADS)
    dp += pads["USB_DP"]
    dm += pads["USB_DM"]


def _led_module(s: _Schematic) -> None:
    _pixels(s, 1, small=False)


def _die_board(s: _Schematic) -> None:
    """A die's display: its seven pips' WS2812B-2020 chained in pip order, each with its 100 nF."""
    _pixels(s, PIPS_PER_DIE, small=True)


def _pixels(s: _Schematic, count: int, small: bool) -> None:
    """``count`` LEDs chained from the wire pads in (J1: 5V, GND, DIN) to the pads out (J2: 5V, GND,
    DOUT), each with its 100 nF."""
    rail = s.net("+5V_LED", power=True)
    pads_in = _connector(s, "J1", ["+5V_LED", "GND", "DIN"], LED_PADS)
    pads_out = _connector(s, "J2", ["+5V_LED", "GND", "DOUT"], LED_PADS)
    rail += pads_in["+5V_LED"], pads_out["+5V_LED"]
    data = s.net("DIN")
    data += pads_in["DIN"]
    for n in range(1, count + 1):
        pixel = s.pixel(f"D{n}", small, "WS2812B-2020" if small else "WS2812B")
        rail += pixel["VDD"]
        s.gnd += pixel["VSS"]
        data += pixel["DIN"]
        data = s.net("DOUT" if n == count else f"D{n}_OUT")
        data += pixel["DOUT"]
        s._capacitor(f"C{n}", "100n", rail)
    data += pads_out["DOUT"]


def board_counts(layout: Layout, sensor: str) -> dict[str, int]:
    """How many of each board a board with this sensor needs, by board name."""
    strips = [len(c.switches) for c in carriers(layout)]
    ladder, row = carrier_names(sensor)
    counts = {ladder: sum(1 for n in strips if n == layout.ladders["point"]), row: strips.count(4),
              "led-module": sum(1 for led in layout.leds if led.kind != "die"),
              "die-board": sum(1 for led in layout.leds if led.kind == "die" and led.pip == 1),
              "main-board": 1, "usb-board": 1}
    counts |= {f"chain-board-{b.number}": 1 for b in chain_boards(layout)}
    return counts
