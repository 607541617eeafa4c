"""The board's schematic as a KiCad netlist, generated from the layout with SKiDL.

Every part is defined here in code (no KiCad libraries needed): the Pico with source resistors on
the chain's clock and load lines, the chain of 74HCS165s (spare inputs on their fixed pattern, the
last chip's SER to ground), the layout's sensor at each place (a DRV5032FA Hall switch with its bypass
capacitor, or one or two reed switches with a pull-up: :mod:`tablier.fabrication.sensors`), pulled-up
buttons and face sensor, the LED rail's current-limited switch, the level shifter and the WS2812B
chain (the dice's pips the 2 x 2 mm WS2812B-2020 of the die boards). Each footprint is a KiCad library
footprint listed in ``hardware/kicad/footprints.csv``.
:func:`build_netlist` runs SKiDL's electrical rules check and returns the netlist text with the
ERC's findings; SKiDL is imported only here, and writes no files of its own.
"""

from __future__ import annotations

import contextlib
import logging
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from tablier.extras import require
from tablier.fabrication.sensors import Sensing, sensing
from tablier.hardware.layout import Layout

NETLIST_NAME = "tablier.net"
#: The LED rail's bulk capacitor: a 470 uF 6.3 V polymer tantalum, 2 mm tall, low enough for the main
#: board's pocket (KEMET T520V477M006ATE055; hardware/README.md, *Power that USB allows*).
BULK_CAPACITOR = "Capacitor_Tantalum_SMD:CP_EIA-7343-20_Kemet-V"

#: The LEDs: the WS2812B of the LED modules, and the WS2812B-2020 (2 x 2 mm) of the die boards, whose
#: pins are 1 DOUT, 2 GND, 3 DIN, 4 VDD (Worldsemi's WS2812B-2020 datasheet).
PIXEL_5050 = "LED_SMD:LED_WS2812B_PLCC4_5.0x5.0mm_P3.2mm"
PIXEL_2020 = "LED_SMD:LED_WS2812B-2020_PLCC4_2.0x2.0mm"
#: The Pico's header pin of each GPIO (the module's pinout).
PICO_GPIO_PINS = {
    0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16, 13: 17,
    14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 26: 31, 27: 32, 28: 34,
}
PICO_GND_PINS = (3, 8, 13, 18, 23, 28, 33, 38)
#: The Pico's USB test points underneath (its datasheet, chapter 2): TP1 the ground close to the pair.
PICO_USB_TEST_POINTS = {"TP1": "GND", "TP2": "USB_DM", "TP3": "USB_DP"}
#: The header for the cable from the panel USB-C socket's breakout, in pin order (the pair on the two
#: pins nearest the Pico, D- outermost): VBUS is the Pico's VBUS, the +5V rail.
USB_HEADER = ("VBUS", "GND", "D+", "D-")
USB_HEADER_FOOTPRINT = "Connector_JST:JST_PH_S4B-PH-K_1x04_P2.00mm_Horizontal"
#: The USB board's receptacle (HRO TYPE-C-31-M-12: USB 2.0, 16 pins) by its pads: the pairs a plug meets
#: in either orientation (A6/B6 D+, A7/B7 D-), CC1/CC2 for the sink's 5.1 k pull-downs, the SBU pair
#: unused, the shell's four pegs (S1) to ground.
USB_C_FOOTPRINT = "Connector_USB:USB_C_Receptacle_HRO_TYPE-C-31-M-12"
USB_C_PADS = {"GND": ("A1", "A12", "B1", "B12", "S1"), "VBUS": ("A4", "A9", "B4", "B9"), "CC1": ("A5",),
              "CC2": ("B5",), "D+": ("A6", "B6"), "D-": ("A7", "B7"), "SBU1": ("A8",), "SBU2": ("B8",)}
#: The 74HC165's pins (TI naming): parallel inputs A..H, serial in SER, output QH.
HC165_INPUT_PINS = {"A": 11, "B": 12, "C": 13, "D": 14, "E": 3, "F": 4, "G": 5, "H": 6}


@dataclass(frozen=True)
class Netlist:
    """A generated netlist and what the electrical rules check found."""

    text: str
    parts: int
    nets: int
    erc_errors: tuple[str, ...] = field(default=())
    erc_warnings: tuple[str, ...] = field(default=())
    #: Each part's pins' names by number (what the KiCad netlist leaves out), for the schematic's drawing.
    pin_names: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = field(default=())

    def write(self, out_dir: Path) -> Path:
        """Write the netlist into ``out_dir`` (created if needed) and return its path."""
        out_dir.mkdir(parents=True, exist_ok=True)
        path = out_dir / NETLIST_NAME
        path.write_text(self.text, encoding="utf-8")
        return path


class _Collector(logging.Handler):
    """Keeps the ERC's messages so they can be reported and tested."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.errors: list[str] = []
        self.warnings: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        (self.errors if record.levelno >= logging.ERROR else self.warnings).append(record.getMessage())


def build_netlist(layout: Layout) -> Netlist:
    """Build the schematic from the layout, run the ERC and return the KiCad netlist."""
    skidl = _import_skidl()
    circuit = skidl.Circuit()
    circuit.no_files = True
    _Schematic(skidl, circuit, layout).build()
    return checked_netlist(skidl, circuit)


def checked_netlist(skidl: Any, circuit: Any) -> Netlist:
    """Run KiCad's electrical rules check on ``circuit`` (its findings collected, not printed) and
    return its netlist."""
    collector = _Collector()
    skidl.erc_logger.addHandler(collector)
    level = skidl.erc_logger.level
    skidl.erc_logger.setLevel(logging.WARNING)  # no "no errors" line of its own on stderr
    try:
        circuit.ERC()
    finally:
        skidl.erc_logger.removeHandler(collector)
        skidl.erc_logger.setLevel(level)
    logging.disable(logging.WARNING)  # only footprint-library and tag chatter; the ERC is the check
    try:
        text = str(circuit.generate_netlist(tool=skidl.KICAD8, do_backup=False, track_src=False))
    finally:
        logging.disable(logging.NOTSET)
    names = tuple((part.ref, tuple((str(pin.num), str(pin.name)) for pin in part.pins))
                  for part in circuit.parts)
    return Netlist(text=text, parts=len(circuit.parts), nets=len(circuit.get_nets()),
                   erc_errors=tuple(collector.errors), erc_warnings=tuple(collector.warnings),
                   pin_names=names)


def _import_skidl() -> Any:
    """Import SKiDL without its start-up chatter about KiCad libraries this design does not use, and
    without the log files it opens in the working folder on import (in a folder of its own, removed)."""
    logging.disable(logging.WARNING)
    try:
        with tempfile.TemporaryDirectory(prefix="tablier-skidl-") as aside, contextlib.chdir(aside):
            skidl = require("skidl", "maker", "SKiDL (it draws the boards' netlists)")
            from skidl.logger import stop_log_file_output

            stop_log_file_output()
    finally:
        logging.disable(logging.NOTSET)
    return skidl


class LedDriverRefs(NamedTuple):
    """The reference designators of the LED driver's parts (:meth:`_Schematic.led_driver`): the
    whole board's schematic and the main board's own number them differently."""

    switch: str
    limit: str
    supply_cap: str
    buffer: str
    buffer_cap: str
    series: str
    bulk: str
    enable_pull: str


class _Schematic:
    """Adds the board's parts and nets to a SKiDL circuit."""

    def __init__(self, skidl: Any, circuit: Any, layout: Layout) -> None:
        self.skidl = skidl
        self.circuit = circuit
        self.layout = layout
        self.types = skidl.Pin.types

    def part(self, name: str, ref: str, footprint: str, value: str,
             pins: list[tuple[int | str, str, str]]) -> Any:
        """A part defined in code: pins as (number, name, electrical type)."""
        skidl = self.skidl
        return skidl.Part(
            tool=skidl.SKIDL, name=name, ref=ref, tag=ref, value=value, footprint=footprint,
            pins=[skidl.Pin(num=num, name=pin_name, func=getattr(self.types, kind))
                  for num, pin_name, kind in pins],
            circuit=self.circuit,
        )

    def net(self, name: str, power: bool = False) -> Any:
        net = self.skidl.Net(name, circuit=self.circuit)
        if power:
            net.drive = self.skidl.POWER
        return net

    def build(self) -> None:
        layout = self.layout
        self.v5 = self.net("+5V", power=True)
        self.v3 = self.net("+3V3", power=True)
        self.gnd = self.net("GND", power=True)
        pico = self._pico()
        self.usb_header(pico, "J_USB1")
        self.usb_socket("J_USB2", "U_ESD1", ("R_CC1", "R_CC2"), self.usb_lines["D+"], self.usb_lines["D-"])
        gpio = {g: pico[PICO_GPIO_PINS[g]] for g in PICO_GPIO_PINS}
        load, clock = self.net("SR_LOAD"), self.net("SR_CLK")
        for line, gp, ref in ((load, layout.pins.sr_load, "R2"), (clock, layout.pins.sr_clk, "R3")):
            source = self.resistor(ref, "33")
            pico_side = self.net(f"GP{gp}_OUT")
            pico_side += gpio[gp], source[1]
            line += source[2]
        data_in = self.net("SR_DATA")
        data_in += gpio[layout.pins.sr_data]
        led_gpio = self.net("LED_GPIO")
        led_gpio += gpio[layout.pins.led]
        self.led_enable = self.net("LED_EN")
        self.led_enable += gpio[layout.pins.led_enable]
        used = set(layout.pins.used().values())
        for number, pin in gpio.items():
            if number not in used:
                pin += self.circuit.NC
        self._chain(load, clock, data_in)
        self._leds(led_gpio)

    def _pico(self) -> Any:
        pins: list[tuple[int | str, str, str]] = [(num, f"GP{gpio}", "BIDIR")
                                                  for gpio, num in PICO_GPIO_PINS.items()]
        pins += [(num, "GND", "PWRIN") for num in PICO_GND_PINS]
        pins += [(36, "3V3", "PWROUT"), (40, "VBUS", "PWROUT"), (39, "VSYS", "PWRIN"),
                 (30, "RUN", "INPUT"), (35, "ADC_VREF", "PWRIN"), (37, "3V3_EN", "INPUT")]
        pins += [(point, point, "PWRIN" if net == "GND" else "BIDIR")
                 for point, net in PICO_USB_TEST_POINTS.items()]  # pads under them on the main board
        pico = self.part("Raspberry_Pi_Pico", "U1", "tablier:RaspberryPi_Pico_Castellated", "Pico", pins)
        self.v3 += pico["3V3"]
        self.v5 += pico["VBUS"]
        self.gnd += pico[PICO_GND_PINS]
        self.gnd += pico["TP1"]
        # VSYS stays on the Pico's own Schottky diode (not tied to VBUS); ADC3 measures it inside.
        for name in ("VSYS", "RUN", "ADC_VREF", "3V3_EN"):
            pico[name] += self.circuit.NC
        return pico

    def usb_header(self, pico: Any, ref: str) -> Any:
        """The side-entry header for the cable from the panel USB-C socket's breakout: D+ and D- from the
        Pico's test points TP3 and TP2 (pads under them on the main board), VBUS and GND its rails."""
        header = self.part("Conn", ref, USB_HEADER_FOOTPRINT, "USB-C cable",
                           [(n + 1, name, "PASSIVE") for n, name in enumerate(USB_HEADER)])
        self.v5 += header["VBUS"]
        self.gnd += header["GND"]
        self.usb_lines = {}
        for point, pin in (("TP3", "D+"), ("TP2", "D-")):
            line = self.net(PICO_USB_TEST_POINTS[point])
            line += pico[point], header[pin]
            self.usb_lines[pin] = line
        return header

    def usb_socket(self, socket: str, esd: str, pulls: tuple[str, str], dp: Any, dm: Any) -> None:
        """The USB-C receptacle the player plugs into, with its ESD protection beside it: a USBLC6-2SC6
        (ST) across D+, D- and VBUS, the lines flowing through its pins (D+ in at 1, out at 6; D- in at 3,
        out at 4; VBUS at 5), and the 5.1 k pull-downs on CC1 and CC2 that make it a USB sink."""
        pins: list[tuple[int | str, str, str]] = [
            (pad, name, "PWRIN" if name == "GND" else "PASSIVE")
            for name, pads in USB_C_PADS.items() for pad in pads]
        receptacle = self.part("USB_C", socket, USB_C_FOOTPRINT, "USB-C", pins)
        for pad in USB_C_PADS["VBUS"]:
            self.v5 += receptacle[pad]
        for pad in USB_C_PADS["GND"]:
            self.gnd += receptacle[pad]
        for line, name in ((dp, "D+"), (dm, "D-")):
            for pad in USB_C_PADS[name]:
                line += receptacle[pad]
        for name in ("SBU1", "SBU2"):
            receptacle[USB_C_PADS[name][0]] += self.circuit.NC
        for ref, name in zip(pulls, ("CC1", "CC2"), strict=True):
            cc = self.net(name)
            pull = self.resistor(ref, "5k1", "0402")  # 0402: between the receptacle's 0.5 mm pitch lines
            cc += receptacle[USB_C_PADS[name][0]], pull[1]
            self.gnd += pull[2]
        guard = self.part("USBLC6-2SC6", esd, "Package_TO_SOT_SMD:SOT-23-6", "USBLC6-2SC6",
                          [(1, "IO1", "PASSIVE"), (2, "GND", "PWRIN"), (3, "IO2", "PASSIVE"),
                           (4, "IO2_", "PASSIVE"),
                           (5, "VBUS", "PWRIN"), (6, "IO1_", "PASSIVE")])
        dp += guard[1], guard[6]
        dm += guard[3], guard[4]
        self.gnd += guard["GND"]
        self.v5 += guard["VBUS"]

    def _chain(self, load: Any, clock: Any, data_in: Any) -> None:
        """The 74HCS165s, chip 0 feeding the Pico; a Hall switch (or a pulled-up button) per input."""
        switches = {s.id: s for s in self.layout.switches}
        spare_levels = dict(enumerate(self.layout.spare_pattern, start=self.layout.switch_count))
        serial_out = data_in
        for chip in range(self.layout.chips):
            ref = f"U{chip + 2}"
            hc165 = self.part("74HCS165", ref, "Package_SO:SOIC-16_3.9x9.9mm_P1.27mm", "74HCS165", [
                (1, "SH/~LD", "INPUT"), (2, "CLK", "INPUT"), (15, "CLK_INH", "INPUT"),
                (10, "SER", "INPUT"), (9, "QH", "OUTPUT"), (7, "~QH", "OUTPUT"),
                (8, "GND", "PWRIN"), (16, "VCC", "PWRIN"),
                *[(num, name, "INPUT") for name, num in HC165_INPUT_PINS.items()],
            ])
            load += hc165["SH/~LD"]
            clock += hc165["CLK"]
            self.gnd += hc165["CLK_INH"], hc165["GND"]
            self.v3 += hc165["VCC"]
            hc165["~QH"] += self.circuit.NC
            serial_out += hc165["QH"]
            if chip == self.layout.chips - 1:
                self.gnd += hc165["SER"]  # the far end shifts in zeros: the byte past the chain reads 0x00
            else:
                serial_out = self.net(f"SR_SER{chip}")
                serial_out += hc165["SER"]
            self._capacitor(f"C{chip + 1}", "100n", self.v3)
            for bit, name in enumerate("HGFEDCBA"):
                switch_id = chip * 8 + bit
                pin = hc165[HC165_INPUT_PINS[name]]
                switch = switches.get(switch_id)
                if switch is None:  # a spare input, on its level of the fixed pattern
                    level = self.v3 if spare_levels.get(switch_id) == "1" else self.gnd
                    level += pin
                    continue
                line = self.net(f"SW{switch_id}_{_net_label(switch.place)}")
                line += pin
                self._switch(switch_id, switch.kind, line)
                if switch.kind not in ("button", "face"):  # on its chain board
                    pull = self.resistor(f"R_PU{switch_id}", "100k", "0402")
                    line += pull[1]
                    self.v3 += pull[2]

    def _switch(self, switch_id: int, kind: str, line: Any) -> None:
        ref = f"SW{switch_id + 1}"
        if kind in ("button", "face"):  # a contact to ground with a 10k pull-up
            footprint = "Connector_JST:JST_PH_B2B-PH-K_1x02_P2.00mm_Vertical"  # wired to the panel part
            contact = self.part("SW_Push" if kind == "button" else "SW_Tilt", ref, footprint,
                                "roll/done" if kind == "button" else "face up",
                                [(1, "1", "PASSIVE"), (2, "2", "PASSIVE")])
            pullup = self.part("R", f"R_{ref}", "Resistor_SMD:R_0805_2012Metric", "10k",
                               [(1, "1", "PASSIVE"), (2, "2", "PASSIVE")])
            line += contact[1], pullup[2]
            self.gnd += contact[2]
            self.v3 += pullup[1]
            return
        self.sensor(ref, sensing(self.layout, "row" if kind == "square" else "ladder"), line)

    def sensor(self, ref: str, how: Sensing, line: Any, n: int | str = "") -> None:
        """The switches of one place on ``line``: a Hall switch and its 100 nF (it pulls the line low
        while it sees a man), or reed switches in parallel to ground; and the place's 10 k pull-up where its
        sensing has one (reeds, and open-drain Hall switches)."""
        part = how.part
        if part.kind == "hall":
            output = "OPENCOLL" if part.open_drain else "OUTPUT"
            hall = self.part(part.name, ref, part.footprint, part.name,
                             [(1, "VCC", "PWRIN"), (2, "OUT", output), (3, "GND", "PWRIN")])
            line += hall["OUT"]
            self.v3 += hall["VCC"]
            self.gnd += hall["GND"]
            self._capacitor(f"C{n}" if n != "" else f"C_{ref}", "100n", self.v3)
        else:
            for k in range(len(how.offsets)):
                suffix = chr(ord("A") + k) if len(how.offsets) > 1 else ""
                reed = self.part(part.name, f"{ref}{suffix}", part.footprint, part.name,
                                 [(1, "1", "PASSIVE"), (2, "2", "PASSIVE")])
                line += reed[1]
                self.gnd += reed[2]
        if how.pull_up:  # a reed only closes, an open-drain switch only pulls low
            pullup = self.part("R", f"R{n}" if n != "" else f"R_{ref}", "Resistor_SMD:R_0805_2012Metric",
                               "10k", [(1, "1", "PASSIVE"), (2, "2", "PASSIVE")])
            line += pullup[2]
            self.v3 += pullup[1]

    def pixel(self, ref: str, small: bool, value: str) -> Any:
        """A WS2812B: the 5 x 5 mm one of the LED modules, or (``small``) the 2 x 2 mm WS2812B-2020 of
        the die boards, their pins named alike."""
        if small:
            return self.part("WS2812B-2020", ref, PIXEL_2020, value, [
                (1, "DOUT", "OUTPUT"), (2, "VSS", "PWRIN"), (3, "DIN", "INPUT"), (4, "VDD", "PWRIN")])
        return self.part("WS2812B", ref, PIXEL_5050, value, [
            (1, "VDD", "PWRIN"), (2, "DOUT", "OUTPUT"), (3, "VSS", "PWRIN"), (4, "DIN", "INPUT")])

    def _capacitor(self, ref: str, value: str, supply: Any) -> None:
        cap = self.part("C", ref, "Capacitor_SMD:C_0805_2012Metric", value,
                        [(1, "1", "PASSIVE"), (2, "2", "PASSIVE")])
        supply += cap[1]
        self.gnd += cap[2]

    def led_driver(self, led_gpio: Any, enable: Any, refs: LedDriverRefs, ilim: str) -> tuple[Any, Any]:
        """The LEDs' driver, on the main board: the rail's current-limited switch (TPS2553, its limit
        resistor on the net ``ilim``, its input capacitor; its EN on the GPIO net ``enable``, held low by
        a 100 k pull-down until the firmware raises it), the 3.3 V to 5 V buffer driven from
        ``led_gpio`` with its own decoupling, the series resistor and the bulk capacitor. Returns the
        rail (+5V_LED) and the series resistor, whose pin 2 carries the chain's data."""
        rail = self.net("+5V_LED", power=True)
        switch = self.part("TPS2553", refs.switch, "Package_TO_SOT_SMD:SOT-23-6", "TPS2553",
                           [(1, "IN", "PWRIN"), (2, "GND", "PWRIN"), (3, "EN", "INPUT"),
                            (4, "~FAULT", "OPENCOLL"), (5, "ILIM", "PASSIVE"), (6, "OUT", "PWROUT")])
        self.v5 += switch["IN"]
        enable += switch["EN"]
        pull = self.resistor(refs.enable_pull, "100k")  # off from plug-in until the firmware says
        enable += pull[1]
        self.gnd += pull[2]
        self.gnd += switch["GND"]
        rail += switch["OUT"]
        switch["~FAULT"] += self.circuit.NC
        limit = self.resistor(refs.limit, "49k9")
        limit_net = self.net(ilim)
        limit_net += switch["ILIM"], limit[1]
        self.gnd += limit[2]
        self._capacitor(refs.supply_cap, "100n", self.v5)
        buffer = self.part("74AHCT1G125", refs.buffer, "Package_TO_SOT_SMD:SOT-23-5", "74AHCT1G125",
                           [(1, "~OE", "INPUT"), (2, "A", "INPUT"), (3, "GND", "PWRIN"),
                            (4, "Y", "OUTPUT"), (5, "VCC", "PWRIN")])
        led_gpio += buffer["A"]
        self.gnd += buffer["~OE"], buffer["GND"]
        rail += buffer["VCC"]
        self._capacitor(refs.buffer_cap, "100n", rail)  # the level shifter's own decoupling
        shifted = self.net("LED_5V_DATA")
        shifted += buffer["Y"]
        series = self.resistor(refs.series, "330")
        shifted += series[1]
        bulk = self.part("CP", refs.bulk, BULK_CAPACITOR, "470u", [(1, "+", "PASSIVE"), (2, "-", "PASSIVE")])
        rail += bulk["+"]
        self.gnd += bulk["-"]
        return rail, series

    def resistor(self, ref: str, value: str, size: str = "0805") -> Any:
        """A resistor (0805 unless ``size`` says 0402)."""
        footprint = {"0805": "Resistor_SMD:R_0805_2012Metric", "0402": "Resistor_SMD:R_0402_1005Metric"}[size]
        return self.part("R", ref, footprint, value, [(1, "1", "PASSIVE"), (2, "2", "PASSIVE")])

    def _leds(self, led_gpio: Any) -> None:
        """The LED driver and the WS2812B chain, all on +5V_LED."""
        refs = LedDriverRefs(switch="U29", limit="R_ILIM1", supply_cap="C_IN1",
                             buffer=f"U{self.layout.chips + 2}", buffer_cap="C_U28", series="R1",
                             bulk="C_BULK1", enable_pull="R_EN1")
        rail, series = self.led_driver(led_gpio, self.led_enable, refs, ilim="LED_ILIM")
        data = self.net("LED_DIN0")
        data += series[2]
        first_cap = self.layout.chips + 1
        leds = sorted(self.layout.leds, key=lambda led: led.index)
        for led in leds:
            pixel = self.pixel(f"D{led.index + 1}", led.kind == "die", _net_label(led.place))
            rail += pixel["VDD"]
            self.gnd += pixel["VSS"]
            data += pixel["DIN"]
            self._capacitor(f"C{first_cap + led.index}", "100n", rail)
            if led is leds[-1]:
                pixel["DOUT"] += self.circuit.NC  # the last LED's output goes nowhere
            else:
                data = self.net(f"LED_DIN{led.index + 1}")
                data += pixel["DOUT"]


def _net_label(place: str) -> str:
    return place.upper().replace(" ", "_")
