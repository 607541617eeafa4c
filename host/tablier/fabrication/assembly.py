"""What a PCB house needs to assemble a board: its bill of materials and its placement (CPL) file.

Each board's parts come from its netlist and its layout; :data:`CATALOGUE` says what each part is as
bought (maker and manufacturer part number) and who fits it: the PCB house (surface-mount parts: in the
placement file), the maker by hand (the through-hole headers, the Pico soldered flat), or nobody (wire
pads). :func:`assembly_files` writes, per board, ``NAME-bom.csv`` (one row per kind of part, its
references, quantity, maker, part number, who fits it) and ``NAME-cpl.csv`` (one row per part the house
places: its reference, centre in mm from the board's lower left corner, rotation as KiCad gives it, side).
Both are committed beside the board's Gerbers (``hardware/pcb/NAME/``) and a test keeps them up to date.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from tablier.errors import TablierError
from tablier.fabrication.kicad_pcb import Pcb, ref_key
from tablier.fabrication.sensors import CT10_1030, CT10_2540, DRV5032AJ, DRV5032FA

HOUSE, HAND, NOTHING = "PCB house", "by hand", "nothing (wire pads)"


@dataclass(frozen=True)
class Stock:
    """A part as bought: what it is, its maker and its manufacturer part number, and who fits it."""

    description: str
    manufacturer: str
    mpn: str
    fitted: str


#: By footprint, then by value ("" matches any value).
CATALOGUE: dict[str, dict[str, Stock]] = {
    DRV5032FA.footprint: {part.name: Stock(part.description, part.manufacturer, part.mpn, HOUSE)
                          for part in (DRV5032FA, DRV5032AJ)},
    CT10_2540.footprint: {part.name: Stock(part.description, part.manufacturer, part.mpn, HOUSE)
                          for part in (CT10_2540, CT10_1030)},
    "Capacitor_SMD:C_0805_2012Metric": {"100n": Stock("100 nF 50 V X7R 0805", "Yageo", "CC0805KRX7R9BB104",
                                                      HOUSE)},
    "Resistor_SMD:R_0805_2012Metric": {
        value: Stock(f"{value.replace('k6', '.6k')} 1 % 0805", "Yageo", mpn, HOUSE) for value, mpn in (
            ("10k", "RC0805FR-0710KL"), ("33", "RC0805FR-0733RL"), ("330", "RC0805FR-07330RL"),
            ("53k6", "RC0805FR-0753K6L"))},
    "Package_SO:SOIC-16_3.9x9.9mm_P1.27mm": {"": Stock(
        "74HCS165 8-bit shift register, Schmitt-trigger inputs", "Texas Instruments", "SN74HCS165DR", HOUSE)},
    "Package_TO_SOT_SMD:SOT-23-6": {
        "TPS2553": Stock("TPS2553 current-limited load switch", "Texas Instruments", "TPS2553DBVR", HOUSE),
        "74LVC2G17": Stock("74LVC2G17 dual Schmitt buffer", "Texas Instruments", "SN74LVC2G17DBVR", HOUSE)},
    "Package_TO_SOT_SMD:SOT-23-5": {"74AHCT1G125": Stock(
        "74AHCT1G125 buffer, 3.3 V to 5 V", "Texas Instruments", "SN74AHCT1G125DBVR", HOUSE)},
    "Capacitor_Tantalum_SMD:CP_EIA-7343-20_Kemet-V": {"470u": Stock("470 uF 6.3 V polymer tantalum, 2 mm",
                                                                    "KEMET", "T520V477M006ATE055", HOUSE)},
    "LED_SMD:LED_WS2812B_PLCC4_5.0x5.0mm_P3.2mm": {"": Stock("WS2812B RGB LED, 5 x 5 mm", "Worldsemi",
                                                             "WS2812B-B/W", HOUSE)},
    "LED_SMD:LED_WS2812B-2020_PLCC4_2.0x2.0mm": {"": Stock("WS2812B-2020 RGB LED, 2 x 2 mm", "Worldsemi",
                                                           "WS2812B-2020", HOUSE)},
    "tablier:RaspberryPi_Pico_Castellated": {"": Stock("Raspberry Pi Pico without headers, soldered flat",
                                                       "Raspberry Pi", "SC0915", HAND)},
    "tablier:WirePads_1x03_P2.50mm_Bottom": {"": Stock("wire pads underneath", "-", "-", NOTHING)},
}
#: The side-entry JST-PH headers (by their pin count) and the carriers' wire pads.
JST_SIDE = re.compile(r"Connector_JST:JST_PH_S(\d+)B-PH-K_1x\d+_P2\.00mm_Horizontal")
WIRE_PADS = re.compile(
    r"Connector_PinHeader_(1\.27|2\.54)mm:PinHeader_[12]x\d+_P\d\.\d+mm_Vertical(_SMD_Pin1Left|_SMD)?")


class UnknownPart(TablierError):
    """A board has a part the catalogue does not know; the message names it."""


def stock_of(footprint: str, value: str) -> Stock:
    """What a placed part is as bought."""
    matched = JST_SIDE.fullmatch(footprint)
    if matched:
        pins = matched.group(1)
        return Stock(f"JST-PH {pins}-pin side-entry header", "JST", f"S{pins}B-PH-K-S", HAND)
    if WIRE_PADS.fullmatch(footprint):
        return Stock("wire pads for the ribbon (nothing fitted)", "-", "-", NOTHING)
    kinds = CATALOGUE.get(footprint, {})
    stock = kinds.get(value) or kinds.get("")
    if stock is None:
        raise UnknownPart(f"no part in the assembly catalogue for {footprint} {value!r} "
                          "(tablier/fabrication/assembly.py)")
    return stock


def assembly_files(pcb: Pcb) -> dict[str, str]:
    """The board's ``NAME-bom.csv`` and ``NAME-cpl.csv``."""
    rows: dict[tuple[str, str, str, str, str], list[str]] = {}
    for ref, part in pcb.parts.items():
        stock = stock_of(part.lib_id, part.value)
        key = (stock.description, part.lib_id.split(":", 1)[1], stock.manufacturer, stock.mpn, stock.fitted)
        rows.setdefault(key, []).append(ref)
    bom = io.StringIO()
    writer = csv.writer(bom, lineterminator="\n")
    writer.writerow(["Comment", "Designator", "Footprint", "Quantity", "Manufacturer", "MPN", "Fitted by"])
    for (description, footprint, maker, mpn, fitted), refs in sorted(
            rows.items(), key=lambda item: (item[0][4] != HOUSE, ref_key(min(item[1], key=ref_key)))):
        writer.writerow([description, ",".join(sorted(refs, key=ref_key)), footprint, len(refs), maker, mpn,
                         fitted])
    cpl = io.StringIO()
    writer = csv.writer(cpl, lineterminator="\n")
    writer.writerow(["Designator", "Mid X", "Mid Y", "Rotation", "Layer"])
    for ref in sorted(pcb.parts, key=ref_key):
        part = pcb.parts[ref]
        if stock_of(part.lib_id, part.value).fitted == HOUSE:
            writer.writerow([ref, f"{part.x:.3f}", f"{part.y:.3f}", f"{part.angle % 360:g}",
                             "bottom" if part.bottom else "top"])
    return {f"{pcb.name}-bom.csv": bom.getvalue(), f"{pcb.name}-cpl.csv": cpl.getvalue()}
