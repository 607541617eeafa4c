"""The board declares its real maximum current to USB, or keeps its LEDs within what it declared."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablier.hardware.layout import load_layout
from tablier.hardware.power import STOCK_USB_MA, dark_ma, stock_usb_budget_ma

RunMicroPython = Callable[..., list[Any]]

SCRIPT = """
import json
import machine
machine.USB["missing"] = {missing}
from hal.sim import Board
from app import Firmware
firmware = Firmware(Board([]))
print(json.dumps({{"declared": machine.USB["max_power_ma"], "usb_ma": firmware.board.usb_ma,
                  "budget_tenths": firmware.leds._budget_tenths, "active": machine.USB["active"]}}))
"""


def test_the_board_declares_the_current_its_leds_may_draw(run_micropython: RunMicroPython) -> None:
    layout = load_layout()
    (result,) = run_micropython(SCRIPT.format(missing=False))
    assert result["declared"] == result["usb_ma"] == layout.usb_declared_ma == 500  # bMaxPower 250
    assert result["active"]  # enumerated again with the new descriptor
    assert result["budget_tenths"] == 10 * layout.led_budget_ma
    assert layout.led_budget_ma + dark_ma(layout) <= layout.usb_declared_ma


def test_without_the_declaration_the_leds_keep_within_stock_micropythons_250_ma(
        run_micropython: RunMicroPython) -> None:
    layout = load_layout()
    (result,) = run_micropython(SCRIPT.format(missing=True))
    assert result["declared"] == 250 and result["usb_ma"] == STOCK_USB_MA
    assert result["budget_tenths"] == 10 * stock_usb_budget_ma(layout) == 1690
    assert stock_usb_budget_ma(layout) + dark_ma(layout) <= STOCK_USB_MA
