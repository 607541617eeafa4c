"""Generate the firmware's ``board_config.py`` from the layout.

The firmware never restates the layout: it imports this module of plain constants, written by
``tablier hardware firmware-config``. It runs under MicroPython, so it holds only ints, strings and
booleans.
"""

from __future__ import annotations

from pathlib import Path

from tablier.hardware.layout import Layout
from tablier.hardware.power import stock_usb_budget_ma

CONFIG_NAME = "board_config.py"
#: The scan runs once a millisecond, paced by a hardware timer (hardware/README.md, *Timing*).
SCAN_PERIOD_MS = 1
#: The kinds of switch that are mechanical contacts (which bounce): the buttons and the face's
#: tilt switch. The rest are the men's Hall switches.
CONTACT_KINDS = ("button", "face")


def firmware_config_text(layout: Layout) -> str:
    """The text of ``board_config.py`` for a layout."""
    pins = layout.pins
    return f'''\
"""Board constants for the Tablier firmware.

Generated from hardware/board.toml by `tablier hardware firmware-config`: do not edit.

Switch id s is bit (7 - s % 8) of byte s // 8 of the SR_BYTES bytes read from the 74HC165 chain
(most significant bit first; chip 0 is the one whose QH feeds the Pico). Inputs past SWITCH_COUNT
are spare, wired so that the last byte's SPARE_MASK bits read SPARE_BITS; one more byte is read past
the chain and reads SR_TAIL (the last chip's SER is tied low). A closed sensor reads 0 when
SWITCH_ACTIVE_LOW. CONTACT_SWITCHES are mechanical contacts (the buttons, the face's tilt switch),
debounced longer than the Hall sensors. SCAN_PERIOD_MS paces the scan from a timer. The board
declares USB_DECLARED_MA to USB at start; where it cannot, the LEDs keep to LED_BUDGET_STOCK_USB_MA
(within stock 250 mA). PIN_LED_ENABLE switches the LEDs' supply on: it stays low (off, and a
pull-down holds it so while the Pico starts) until a host has spoken, so that plugging in charges
only the small capacitance USB allows, never the LED rail's 470 uF.
"""

LAYOUT_HASH = "{layout.hash}"
SWITCH_COUNT = {layout.switch_count}
SR_BYTES = {layout.sr_bytes}
SPI_ID = {pins.spi_id}
SPI_BAUD = {pins.spi_baud}
PIN_SR_LOAD = {pins.sr_load}
PIN_SR_CLK = {pins.sr_clk}
PIN_SR_DATA = {pins.sr_data}
SWITCH_ACTIVE_LOW = {layout.switch_active_low}
SPARE_MASK = 0x{layout.spare_mask:02X}
SPARE_BITS = 0x{layout.spare_bits:02X}
SR_TAIL = 0x00
SCAN_PERIOD_MS = {SCAN_PERIOD_MS}
CONTACT_SWITCHES = {tuple(s.id for s in layout.switches if s.kind in CONTACT_KINDS)}
LED_COUNT = {layout.led_count}
PIN_LED = {pins.led}
PIN_LED_ENABLE = {pins.led_enable}
LED_ORDER = "{layout.led_order}"
LED_MA_PER_CHANNEL = {layout.led_ma_per_channel}
LED_BUDGET_MA = {layout.led_budget_ma}
USB_DECLARED_MA = {layout.usb_declared_ma}
LED_BUDGET_STOCK_USB_MA = {stock_usb_budget_ma(layout)}
'''


def write_firmware_config(layout: Layout, out_dir: Path) -> Path:
    """Write ``out_dir/board_config.py`` (creating ``out_dir``) and return its path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / CONFIG_NAME
    path.write_text(firmware_config_text(layout), encoding="utf-8", newline="\n")
    return path
