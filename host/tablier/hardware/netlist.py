"""The board's schematic as a KiCad netlist, generated from the layout with SKiDL.

Every part is defined here in code (no KiCad libraries needed): the Pico, the chain of 74HC165s
with their pull-up networks, one reed switch per sensor, the level shifter and the WS2812B chain.
:func:`build_netlist` runs SKiDL's electrical rules check and returns the netlist text with the
ERC's findings; SKiDL is imported only here, and writes no files of its own.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablier.hardware.layout import Layout

NETLIST_NAME = "tablier.net"

#: The Pico's header pin of each GPIO (the module's pinout).
PICO_GPIO_PINS = {
    0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16, 13: 17,
    14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 26: 31, 27: 32, 28: 34,
}
PICO_GND_PINS = (3, 8, 13, 18, 23, 28, 33, 38)
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
    collector = _Collector()
    skidl.erc_logger.addHandler(collector)
    try:
        circuit.ERC()
    finally:
        skidl.erc_logger.removeHandler(collector)
    logging.disable(logging.WARNING)  # only footprint-library and tag chatter; the ERC is the check
    try:
        text = str(circuit.generate_netlist(tool=skidl.KICAD8, do_backup=False, track_src=False))
    finally:
        logging.disable(logging.NOTSET)
    return Netlist(text=text, parts=len(circuit.parts), nets=len(circuit.get_nets()),
                   erc_errors=tuple(collector.errors), erc_warnings=tuple(collector.warnings))


def _import_skidl() -> Any:
    """Import SKiDL without its start-up chatter about KiCad libraries this design does not use."""
    logging.disable(logging.WARNING)
    try:
        import skidl
    finally:
        logging.disable(logging.NOTSET)
    from skidl.logger import stop_log_file_output

    stop_log_file_output()
    return skidl


class _Schematic:
    """Adds the board's parts and nets to a SKiDL circuit."""

    def __init__(self, skidl: Any, circuit: Any, layout: Layout) -> None:
        self.skidl = skidl
        self.circuit = circuit
        self.layout = layout
        self.types = skidl.Pin.types

    def part(self, name: str, ref: str, footprint: str, value: str,
             pins: list[tuple[int, str, str]]) -> Any:
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
        gpio = {g: pico[PICO_GPIO_PINS[g]] for g in PICO_GPIO_PINS}
        load, clock = self.net("SR_LOAD"), self.net("SR_CLK")
        load += gpio[layout.pins.sr_load]
        clock += gpio[layout.pins.sr_clk]
        data_in = self.net("SR_DATA")
        data_in += gpio[layout.pins.sr_data]
        led_gpio = self.net("LED_GPIO")
        led_gpio += gpio[layout.pins.led]
        used = set(layout.pins.used().values())
        for number, pin in gpio.items():
            if number not in used:
                pin += self.circuit.NC
        self._chain(load, clock, data_in)
        self._leds(led_gpio)

    def _pico(self) -> Any:
        pins = [(num, f"GP{gpio}", "BIDIR") for gpio, num in PICO_GPIO_PINS.items()]
        pins += [(num, "GND", "PWRIN") for num in PICO_GND_PINS]
        pins += [(36, "3V3", "PWROUT"), (40, "VBUS", "PWROUT"), (39, "VSYS", "PWRIN"),
                 (30, "RUN", "INPUT"), (35, "ADC_VREF", "PWRIN"), (37, "3V3_EN", "INPUT")]
        pico = self.part("Raspberry_Pi_Pico", "U1", "Module:RaspberryPi_Pico_Common_THT", "Pico", pins)
        self.v3 += pico["3V3"]
        self.v5 += pico["VBUS"], pico["VSYS"]
        self.gnd += pico[PICO_GND_PINS]
        for name in ("RUN", "ADC_VREF", "3V3_EN"):
            pico[name] += self.circuit.NC
        return pico

    def _chain(self, load: Any, clock: Any, data_in: Any) -> None:
        """The 74HC165s, chip 0 feeding the Pico, each input pulled up and closed to ground by a reed."""
        switches = {s.id: s for s in self.layout.switches}
        serial_out = data_in
        for chip in range(self.layout.chips):
            ref = f"U{chip + 2}"
            hc165 = self.part("74HC165", ref, "Package_SO:SOIC-16_3.9x9.9mm_P1.27mm", "74HC165", [
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
                self.v3 += hc165["SER"]  # the far end shifts in ones: bits past the chain read "open"
            else:
                serial_out = self.net(f"SR_SER{chip}")
                serial_out += hc165["SER"]
            self._capacitor(f"C{chip + 1}", "100n", self.v3)
            pullups = self.part("R_Network08", f"RN{chip + 1}", "Resistor_THT:R_Array_SIP9", "10k", [
                (1, "COMMON", "PASSIVE"), *[(n, f"R{n - 1}", "PASSIVE") for n in range(2, 10)],
            ])
            self.v3 += pullups[1]
            for bit, name in enumerate("HGFEDCBA"):
                switch_id = chip * 8 + bit
                switch = switches.get(switch_id)
                label = f"SW{switch_id}" if switch is None else f"SW{switch_id}_{_net_label(switch.place)}"
                line = self.net(label)
                line += hc165[HC165_INPUT_PINS[name]], pullups[bit + 2]
                if switch is not None:
                    self._switch(switch_id, switch.kind, line)

    def _switch(self, switch_id: int, kind: str, line: Any) -> None:
        if kind == "button":
            name, footprint, value = "SW_Push", "Button_Switch_THT:SW_PUSH_6mm", "roll/done"
        elif kind == "face":
            name, footprint, value = "SW_Tilt", "Sensor:Tilt_Switch_SW-520D", "face up"
        else:
            name, footprint, value = "SW_Reed", "Sensor:Reed_Switch_2x14mm", "reed"
        reed = self.part(name, f"SW{switch_id + 1}", footprint, value,
                         [(1, "1", "PASSIVE"), (2, "2", "PASSIVE")])
        line += reed[1]
        self.gnd += reed[2]

    def _capacitor(self, ref: str, value: str, supply: Any) -> None:
        cap = self.part("C", ref, "Capacitor_SMD:C_0805_2012Metric", value,
                        [(1, "1", "PASSIVE"), (2, "2", "PASSIVE")])
        supply += cap[1]
        self.gnd += cap[2]

    def _leds(self, led_gpio: Any) -> None:
        """The 3.3 V to 5 V buffer, the series resistor and the WS2812B chain on +5V (USB VBUS)."""
        buffer = self.part("74AHCT1G125", f"U{self.layout.chips + 2}", "Package_TO_SOT_SMD:SOT-23-5",
                           "74AHCT1G125", [(1, "~OE", "INPUT"), (2, "A", "INPUT"), (3, "GND", "PWRIN"),
                                           (4, "Y", "OUTPUT"), (5, "VCC", "PWRIN")])
        led_gpio += buffer["A"]
        self.gnd += buffer["~OE"], buffer["GND"]
        self.v5 += buffer["VCC"]
        shifted = self.net("LED_5V_DATA")
        shifted += buffer["Y"]
        series = self.part("R", "R1", "Resistor_SMD:R_0805_2012Metric", "330",
                           [(1, "1", "PASSIVE"), (2, "2", "PASSIVE")])
        shifted += series[1]
        data = self.net("LED_DIN0")
        data += series[2]
        bulk = self.part("CP", "C_BULK1", "Capacitor_THT:CP_Radial_D8.0mm_P3.50mm", "470u",
                         [(1, "+", "PASSIVE"), (2, "-", "PASSIVE")])
        self.v5 += bulk["+"]
        self.gnd += bulk["-"]
        first_cap = self.layout.chips + 1
        leds = sorted(self.layout.leds, key=lambda led: led.index)
        for led in leds:
            pixel = self.part("WS2812B", f"D{led.index + 1}", "LED_SMD:LED_WS2812B_PLCC4_5.0x5.0mm_P3.2mm",
                              _net_label(led.place), [(1, "VDD", "PWRIN"), (2, "DOUT", "OUTPUT"),
                                                      (3, "VSS", "PWRIN"), (4, "DIN", "INPUT")])
            self.v5 += pixel["VDD"]
            self.gnd += pixel["VSS"]
            data += pixel["DIN"]
            self._capacitor(f"C{first_cap + led.index}", "100n", self.v5)
            if led is leds[-1]:
                pixel["DOUT"] += self.circuit.NC  # the last LED's output goes nowhere
            else:
                data = self.net(f"LED_DIN{led.index + 1}")
                data += pixel["DOUT"]


def _net_label(place: str) -> str:
    return place.upper().replace(" ", "_")
