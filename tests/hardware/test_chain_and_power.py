"""The chain's self-check pattern and the power budget, as `tablier hardware check` sees them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.hardware.firmware_config import firmware_config_text
from tablier.hardware.layout import load_layout, read_layout
from tablier.hardware.validate import electrical_problems

Writer = Callable[[str], Path]


def problems_of(text: str, write_layout: Writer) -> list[str]:
    """The electrical part of the check of a layout's text (the faults here are electrical; laying
    out the slab and its boards again for each would only slow the suite)."""
    return electrical_problems(read_layout(write_layout(text)))


def test_the_firmware_is_told_the_spare_pattern_and_the_byte_past_the_chain() -> None:
    layout = load_layout()
    text = firmware_config_text(layout)
    # inputs 203-207 are E..A of chip 25: bits 0x10..0x01; the pattern 1 0 1 1 0
    assert (layout.spare_mask, layout.spare_bits) == (0x1F, 0x16)
    assert "SPARE_MASK = 0x1F\nSPARE_BITS = 0x16\nSR_TAIL = 0x00\nSCAN_PERIOD_MS = 1\n" in text
    assert "SPI_BAUD = 4000000\n" in text


@pytest.mark.parametrize(("pattern", "message"), [
    ("1011", "chain.spare_pattern = '1011' should give the level of each of the 5 spare inputs"),
    ("10x10", "chain.spare_pattern = '10x10' should be made of 0 (tied to GND) and 1 (tied to 3V3)"),
    ("11111", "chain.spare_pattern = '11111' needs both levels and must change when shifted by a bit, "
              "or a stuck or slipping chain would still read it"),
])
def test_a_pattern_that_cannot_catch_a_fault_is_refused(write_layout: Writer, board_text: str, pattern: str,
                                                         message: str) -> None:
    text = board_text.replace('spare_pattern = "10110"', f'spare_pattern = "{pattern}"')
    assert message in problems_of(text, write_layout)


def test_an_led_budget_beyond_the_usb_port_is_refused(write_layout: Writer, board_text: str) -> None:
    text = board_text.replace("budget_ma = 400", "budget_ma = 450")
    assert ("led_chain.budget_ma = 450: with the 71 mA the board draws with its LEDs dark it would "
            "draw 521 mA, more than the 500 mA it declares to USB (usb_declared_ma)") in problems_of(text,
                                                                                      write_layout)
    declared = board_text.replace("usb_declared_ma = 500", "usb_declared_ma = 900")
    assert ("led_chain.usb_declared_ma = 900 should be between 100 and the 500 mA a USB 2.0 port gives"
            in problems_of(declared, write_layout))
