"""What the board draws from USB, and what it declares (hardware/README.md, *Power that USB allows*).

The board declares ``usb_declared_ma`` (``[led_chain]`` of ``board.toml``, 500 mA) to USB at start:
the firmware raises the built-in serial port's bMaxPower through MicroPython's runtime USB device.
The LEDs may then draw ``budget_ma`` on top of what the board draws with them dark. Where the
declaration cannot be made (a MicroPython without the runtime USB device declares its stock
250 mA), the firmware keeps the LEDs to :func:`stock_usb_budget_ma` instead.
"""

from __future__ import annotations

import math

from tablier.hardware.layout_model import Layout

#: What a USB 2.0 port gives a configured device at most.
USB_PORT_MA = 500
#: What stock MicroPython's configuration descriptor declares (``USBD_MAX_POWER_MA``).
STOCK_USB_MA = 250
#: What the board draws with every LED dark: the Pico running MicroPython, and each WS2812B idle.
PICO_MA = 25
LED_IDLE_MA = 0.6
#: Left unspent under a declaration, for the Hall switches, the chips and the estimate's error.
MARGIN_MA = 10


def dark_ma(layout: Layout) -> float:
    """The board's draw with every LED dark."""
    return PICO_MA + LED_IDLE_MA * layout.led_count


def stock_usb_budget_ma(layout: Layout) -> int:
    """The LED budget that keeps the board within stock MicroPython's 250 mA declaration."""
    return max(0, math.floor(STOCK_USB_MA - dark_ma(layout) - MARGIN_MA))
