"""The electrical rules ``tablier hardware check`` holds the boards' netlists to (hardware/README.md).

Each is read off the netlists SKiDL draws, so that a change to the schematic that breaks one is refused:

- **Inrush** (:func:`inrush_problems`): USB lets a device present at plug-in no more than the equivalent of
  10 µF (USB 2.0, 7.2.4.1: 10 µF in parallel with 44 Ω at the cable's end; the USB-IF's test integrates
  the current over 100 mA for 100 ms after attach). The LED rail's bulk capacitance is behind the
  TPS2553, whose EN must be a GPIO held low by a pull-down (the firmware raises it once a host has
  spoken, long after enumeration), and what the boards add on VBUS itself stays under
  :data:`ADDED_VBUS_UF`.
- **The LED rail's current limit** (:func:`current_limit_problems`): at the bottom of its tolerance, with
  its 1 % R_ILIM at the top of its own, it must stay above what the LEDs may draw: the firmware's budget
  plus every LED's idle current.
- **ESD at the socket** (:func:`esd_problems`): the USB-C receptacle a player touches has a USBLC6-2SC6
  on its own board across its D+, D- and VBUS; the USB board fits its hole in the slab's edge
  (:func:`usb_fit_problems`), and the cable to the main board lays D+ and D- as a twisted pair
  (:func:`usb_cable_problems`).
- **Pulls on the chain's inputs** (:func:`pull_up_problems`): every chain-register input wired to a
  carrier's header has its pull-up on the chain board.
- **The catalogue** (:func:`catalogue_problems`): every part the house fits has an LCSC part number (or
  is marked ``consign``: the maker sends it) and an alternate, in ``hardware/kicad/parts.csv``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tablier.fabrication.assembly import CONSIGN, HOUSE, LCSC_NUMBER, UnknownPart, stock_of
from tablier.fabrication.kicad_pcb import BOARD_MM, read_netlist
from tablier.fabrication.netlist import PICO_GPIO_PINS
from tablier.fabrication.wiring import Harness
from tablier.hardware.layout import Layout
from tablier.hardware.power import LED_IDLE_MA

Parts = dict[str, tuple[str, str, dict[str, str]]]

#: USB 2.0's limit at plug-in, as a capacitance (7.2.4.1), and what the boards may add on VBUS to the
#: Pico's own input capacitance (behind its diode: Raspberry Pi designed the module to be plugged in
#: alone, so the boards keep theirs a tenth of the limit).
USB_ATTACH_UF = 10.0
ADDED_VBUS_UF = 1.0
VBUS_NETS = ("+5V",)
#: The supply nets: a chain input tied to one is held, not floating; a switch's EN on one is no GPIO's.
RAILS = ("GND", "+3V3", "+5V", "+5V_LED")
#: TI's TPS2552/TPS2553 datasheet (SLVS841E, *Programming the current-limit threshold*): the short-circuit
#: current's bounds against R_ILIM in kΩ, IOS = k / R ** e (mA); its table 1 gives for 52.3 kΩ +- 1 %
#: 448.3 mA at least, 562.4 mA at most, which these reproduce to 0.2 mA.
IOS_MIN = (25230.0, 1.016)
IOS_MAX = (22980.0, 0.940)
RESISTOR_TOLERANCE = 0.01
USB_SIDE_MM = 0.5  # the USB board's play either side in its hole
#: The USB-C receptacle's height over its board: the usual 3.26 mm shell of a top-mount USB 2.0 receptacle
#: (an estimate: HRO's drawing of the TYPE-C-31-M-12 was not at hand; measure yours, build guide step 1).
RECEPTACLE_MM = 3.26
UNITS = {"p": 1e-6, "n": 1e-3, "u": 1.0, "µ": 1.0, "m": 1e3}  # to µF
OHMS = {"": 1e-3, "k": 1.0, "M": 1e3}  # to kΩ


def microfarads(value: str) -> float:
    """A capacitor's value as the netlists write it (``100n``, ``470u``, ``4u7``) in µF."""
    return _scaled(value, r"(\d+)([pnuµm])(\d*)", UNITS, "a capacitance")


def kilohms(value: str) -> float:
    """A resistor's value as the netlists write it (``49k9``, ``100k``, ``330``) in kΩ."""
    return _scaled(value, r"(\d+)([kM]?)(\d*)", OHMS, "a resistance")


def _scaled(value: str, pattern: str, units: dict[str, float], what: str) -> float:
    """A value written as digits, a unit letter in place of the decimal point, digits, in ``units``."""
    match = re.fullmatch(pattern, value)
    if match is None:
        raise ValueError(f"not {what}: {value!r}")
    whole, unit, fraction = match.groups()
    return float(f"{whole}.{fraction or 0}") * units[unit]


def ios_ma(r_kohm: float, bound: tuple[float, float]) -> float:
    """The TPS2553's current limit for an R_ILIM (kΩ), at one of its datasheet's bounds."""
    k, e = bound
    return float(k / r_kohm ** e)


def rail_worst_ma(layout: Layout) -> float:
    """The most the LED rail carries: the firmware's LED budget and every LED's idle current."""
    return layout.led_budget_ma + LED_IDLE_MA * layout.led_count


def _capacitance_on(parts: Parts, nets: Iterable[str]) -> float:
    """The capacitors of a board with a pin on one of ``nets`` (µF)."""
    wanted = set(nets)
    return sum(microfarads(value) for ref, (footprint, value, pads) in parts.items()
               if ref.startswith("C") and "Capacitor" in footprint and wanted & set(pads.values()))


def _switch(parts: Parts) -> tuple[str, dict[str, str]] | None:
    """The LED rail's load switch (its reference and pins), if the board has one."""
    return next(((ref, pads) for ref, (_fp, value, pads) in parts.items() if value == "TPS2553"), None)


def current_limit_problems(layout: Layout, main: Parts) -> list[str]:
    """The LED rail's current limit at its tolerance minimum against what the LEDs may draw."""
    found = _switch(main)
    if found is None:
        return ["main board: no TPS2553 on the LED rail (its current limit is not checked)"]
    _ref, pads = found
    limit = next(((ref, value) for ref, (_fp, value, nets) in main.items()
                  if ref.startswith("R") and pads["5"] in nets.values()), None)
    if limit is None:
        return ["main board: the TPS2553's ILIM has no resistor"]
    ref, value = limit
    lowest = ios_ma(kilohms(value) * (1 + RESISTOR_TOLERANCE), IOS_MIN)
    worst = rail_worst_ma(layout)
    if lowest <= worst:
        most = (IOS_MIN[0] / worst) ** (1 / IOS_MIN[1]) / (1 + RESISTOR_TOLERANCE)
        return [f"main board: the LED rail's current limit is {lowest:.0f} mA at its tolerance minimum "
                f"({ref} {value} + 1 %, the TPS2553's least), under the {worst:.0f} mA the LEDs may draw "
                f"({layout.led_budget_ma} mA of budget + {layout.led_count} x {LED_IDLE_MA:g} mA idle): "
                f"make R_ILIM at most {most:.1f} kΩ"]
    return []


def inrush_problems(layout: Layout, main: Parts, rail_boards: dict[str, tuple[Parts, int]]) -> list[str]:
    """What is charged at plug-in: the boards' own capacitance on VBUS, and the LED rail's only if its
    switch is on from plug-in. ``rail_boards``: the boards on the LED rail with how many are fitted."""
    problems = []
    on_vbus = _capacitance_on(main, VBUS_NETS)
    if on_vbus > ADDED_VBUS_UF:
        problems.append(f"main board: {on_vbus:g} µF on VBUS, charged at plug-in: the boards may add at most "
                        f"{ADDED_VBUS_UF:g} µF to the Pico's own (USB allows the equivalent of "
                        f"{USB_ATTACH_UF:g} µF)")
    found = _switch(main)
    if found is None:
        return problems
    switch, pads = found
    enable = pads["3"]
    rail = sum(_capacitance_on(parts, ("+5V_LED",)) * many for parts, many in rail_boards.values())
    pico = main.get("U1", ("", "", {}))[2]
    gpio = enable not in RAILS and any(pico.get(str(pin)) == enable for pin in PICO_GPIO_PINS.values())
    pulled_down = any(ref.startswith("R") and set(nets.values()) == {enable, "GND"}
                      for ref, (_fp, _v, nets) in main.items())
    if not (gpio and pulled_down):
        why = f"its EN is on {enable}" if not gpio else "its EN has no pull-down to hold it off from plug-in"
        problems.append(f"main board: the LED rail's {rail:.0f} µF would be charged at plug-in ({switch} "
                        f"TPS2553: {why}; USB allows the equivalent of {USB_ATTACH_UF:g} µF): drive EN from "
                        f"a GPIO (pins.led_enable) with a pull-down, raised by the firmware once a host "
                        f"has spoken")
    return problems


def esd_problems(boards: dict[str, Parts]) -> list[str]:
    """Every USB-C receptacle a player can touch has, on its own board, a USBLC6-2SC6 whose I/O pins carry
    the receptacle's D+ and D- (pins 1 and 6, 3 and 4) and whose VBUS and GND pins are the receptacle's."""
    problems = []
    for board, parts in boards.items():
        for ref, (footprint, _value, pads) in sorted(parts.items()):
            if not footprint.startswith("Connector_USB:USB_C_Receptacle"):
                continue
            lines = {name: pads[pad]
                     for name, pad in (("D+", "A6"), ("D-", "A7"), ("VBUS", "A4"), ("GND", "A1"))}
            guards = [pins for _r, (_fp, value, pins) in parts.items() if value == "USBLC6-2SC6"]
            if not any((pins["1"], pins["6"], pins["3"], pins["4"], pins["5"], pins["2"]) ==
                       (lines["D+"], lines["D+"], lines["D-"], lines["D-"], lines["VBUS"], lines["GND"])
                       for pins in guards):
                problems.append(f"{board}: the USB-C socket {ref} a player touches has no USBLC6-2SC6 "
                                "beside it across its D+, D- and VBUS (ESD from a hand reaches the Pico "
                                "unclamped)")
    return problems


def usb_fit_problems(layout: Layout, size: tuple[float, float], receptacle_mm: float) -> list[str]:
    """The USB board in the USB socket's hole in the slab's edge: across it with 0.5 mm each side, no
    longer than the hole is deep, and the board with its receptacle no taller than the hole."""
    m = layout.mechanics
    width, height = m.usb_size
    across, along = size
    stack = BOARD_MM + receptacle_mm
    problems = []
    if across > width - 2 * USB_SIDE_MM:
        problems.append(f"the USB board ({across:g} mm across) does not fit the {width:g} mm USB socket hole "
                        f"with {USB_SIDE_MM:g} mm each side (mechanics.edge.usb_size_mm)")
    if along > m.usb_depth:
        problems.append(f"the USB board ({along:g} mm long) is longer than the USB socket hole is deep "
                        f"({m.usb_depth:g} mm, mechanics.edge.usb_depth_mm)")
    if stack > height:
        problems.append(f"the USB board with its receptacle stands {stack:g} mm, more than the USB socket "
                        f"hole's {height:g} mm (mechanics.edge.usb_size_mm)")
    return problems


def usb_cable_problems(harnesses: Iterable[Harness]) -> list[str]:
    """The USB cable's D+ and D- laid as a twisted pair (the harness list says how each cable is laid)."""
    usb = [harness for harness in harnesses if harness.name == "USB cable"]
    if not usb or "twisted" not in usb[0].lay:
        return ["the USB cable's harness does not lay D+ and D- as a twisted pair (wiring.USB_LAY)"]
    return []


#: The 74HCS165's parallel inputs (A-H) by pin.
SHIFT_INPUTS = ("11", "12", "13", "14", "3", "4", "5", "6")


def pull_up_problems(boards: dict[str, Parts]) -> list[str]:
    """Every chain-register input wired to a carrier's header has a pull-up to 3V3 on its chain board: an
    unplugged carrier then reads open on every input, steadily (calibration: never closes), instead of
    floating (calibration: chattering)."""
    problems = []
    for board, parts in boards.items():
        pulled = {net for ref, (_fp, _v, pads) in parts.items() if ref.startswith("R")
                  and "+3V3" in pads.values() for net in pads.values()}
        headers = {net: (ref, pin) for ref, (_fp, _v, pads) in parts.items() if ref.startswith("J")
                   for pin, net in pads.items()}
        for ref, (footprint, _value, pads) in sorted(parts.items()):
            if not footprint.startswith("Package_SO:SOIC-16"):
                continue
            for pin in SHIFT_INPUTS:
                net = pads.get(pin, "")
                if net in headers and net not in pulled and net not in RAILS:  # a spare input tied to a rail
                    header, at = headers[net]
                    problems.append(f"{board}: {net} ({ref} pin {pin}, from {header} pin {at}) has no "
                                    "pull-up: unplugged, its carrier's input would float (calibration: "
                                    "chattering)")
    return problems


def catalogue_problems(boards: dict[str, Parts]) -> list[str]:
    """Every part of every board in the catalogue; every part the house fits with an LCSC part number
    (or ``consign``) and an alternate."""
    problems = []
    for board, parts in boards.items():
        for ref, (footprint, value, _pads) in sorted(parts.items()):
            try:
                stock = stock_of(footprint, value)
            except UnknownPart as error:
                problems.append(f"{board}: {ref}: {error}")
                continue
            if stock.fitted != HOUSE:
                continue
            if not (LCSC_NUMBER.fullmatch(stock.lcsc) or stock.lcsc_class == CONSIGN):
                problems.append(f"{board}: {ref} ({stock.mpn}) has neither an LCSC part number nor "
                                f"'consign' in hardware/kicad/parts.csv")
            if not stock.alternate_mpn:
                problems.append(f"{board}: {ref} ({stock.mpn}) has no alternate in hardware/kicad/parts.csv")
    return problems


def _cable_problems(layout: Layout) -> list[str]:
    """The USB cable's lay, once the boards its harness runs between can be laid out (when they cannot,
    the clearance check says why)."""
    from tablier.errors import TablierError
    from tablier.fabrication.cutouts import cutouts
    from tablier.fabrication.wiring import harnesses

    try:
        return usb_cable_problems(harnesses(layout, cutouts(layout)))
    except TablierError:
        return []


_CHECKED: dict[str, list[str]] = {}  # by layout hash and sensor: the netlists depend on nothing else


def design_problems(layout: Layout) -> list[str]:
    """Every board's netlist against the rules above (remembered per layout hash and sensor)."""
    from tablier.fabrication.boards import board_counts, board_netlists

    key = f"{layout.hash}/{layout.mechanics.sensor}"
    if key not in _CHECKED:
        parts = {name.removesuffix(".net"): read_netlist(netlist.text)
                 for name, netlist in board_netlists(layout).items()}
        counts = board_counts(layout, layout.mechanics.sensor)
        on_rail = {name: (parts[name], counts[name]) for name in ("main-board", "led-module", "die-board")}
        from tablier.fabrication.pcb_usb import USB_BOARD_MM

        _CHECKED[key] = [*current_limit_problems(layout, parts["main-board"]),
                         *inrush_problems(layout, parts["main-board"], on_rail), *esd_problems(parts),
                         *usb_fit_problems(layout, USB_BOARD_MM, RECEPTACLE_MM),
                         *_cable_problems(layout), *pull_up_problems(parts),
                         *catalogue_problems(parts)]
    return list(_CHECKED[key])
