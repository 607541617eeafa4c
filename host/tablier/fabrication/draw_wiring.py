"""Wiring drawings: one 74HCS165 of the sensor chain with its sensors, and the LED chain's start.

The labels (which switch is on which input, which LED lights what, the Pico's pins) come from the
layout, so the drawing follows any change of wiring in ``hardware/board.toml``.
"""

from __future__ import annotations

from tablier.fabrication.netlist import HC165_INPUT_PINS, PICO_GPIO_PINS
from tablier.fabrication.sensors import SENSING
from tablier.hardware.layout import Layout
from tablier.svg import Svg

WIDTH = 330.0
ROW = 12.0
RAIL_3V3 = "#c0392b"
RAIL_5V = "#d35400"
RAIL_GND = "#2c3e50"
WIRE = "#1f4e79"
LED_FILL = "#fff27a"


def draw_wiring(layout: Layout, chip: int = 0, led_count: int = 3) -> str:
    """One chip of the chain (its 8 inputs and their sensors) and the first LEDs of the chain."""
    svg = Svg(WIDTH, 272, f"{layout.name}: wiring of chip {chip} of the 74HCS165 chain and of the LED chain")
    svg.text(WIDTH / 2, 7, f"{layout.name} wiring (layout {layout.hash}): 74HCS165 chip {chip} of "
             f"{layout.chips}, and the first {led_count} of {layout.led_count} LEDs", size=5, bold=True)
    _draw_chip(svg, layout, chip)
    _draw_led_segment(svg, layout, led_count, top=210)
    return svg.render()


def _pin_box(svg: Svg, x: float, y: float, w: float, h: float, title: str, subtitle: str) -> None:
    svg.rect(x, y, w, h, fill="#f7f7f7", stroke="#000", stroke_width=0.6)
    svg.text(x + w / 2, y + 5, title, size=4, bold=True)
    svg.text(x + w / 2, y + 10, subtitle, size=3)


def _draw_chip(svg: Svg, layout: Layout, chip: int) -> None:
    pins = layout.pins
    pico_x, chip_x, chip_w = 10.0, 120.0, 44.0
    top = 30.0
    rows = [top + 22 + i * ROW for i in range(8)]
    # The Pico and the three chain signals.
    _pin_box(svg, pico_x, top, 46, 110, "Pico (U1)", "RP2040")
    signals = [
        (pins.sr_load, "SH/~LD (1)", rows[0], "load, active low, 33 ohm"),
        (pins.sr_clk, "CLK (2)", rows[1], f"SPI{pins.spi_id} SCK, 33 ohm"),
        (pins.sr_data, "QH (9)", rows[3], f"SPI{pins.spi_id} RX"),
    ]
    for gpio, chip_pin, y, what in signals:
        svg.text(pico_x + 44, y, f"GP{gpio} (pin {PICO_GPIO_PINS[gpio]})", size=3.2, anchor="end")
        svg.line(pico_x + 46, y, chip_x, y, stroke=WIRE, stroke_width=0.6)
        svg.text(chip_x + 2, y, chip_pin, size=3.2, anchor="start")
        svg.text((pico_x + 46 + chip_x) / 2, y - 2.5, what, size=3, fill=WIRE)
    if chip > 0:
        svg.text((pico_x + 46 + chip_x) / 2, rows[3] + 3, f"(through chips {chip - 1}..0)", size=2.8,
                 fill=WIRE)
    svg.text(pico_x + 44, rows[5], "3V3 (pin 36)", size=3.2, anchor="end")
    svg.text(pico_x + 44, rows[6], "GND (pin 38)", size=3.2, anchor="end")
    # The chip itself.
    _pin_box(svg, chip_x, top, chip_w, 130, f"74HCS165 (U{chip + 2})",
             f"chip {chip}: bits {chip * 8}-{chip * 8 + 7}")
    svg.text(chip_x + 2, rows[2], "CLK INH (15): GND", size=3.2, anchor="start")
    svg.text(chip_x + 2, rows[4], "~QH (7): n.c.", size=3.2, anchor="start")
    svg.text(chip_x + 2, rows[5], "VCC (16): 3V3", size=3.2, anchor="start")
    svg.text(chip_x + 2, rows[6], "GND (8)", size=3.2, anchor="start")
    svg.text(chip_x + 2, rows[7], "100 nF VCC-GND", size=3.2, anchor="start")
    ser_y = top + 124
    ser_from = f"QH of chip {chip + 1}" if chip + 1 < layout.chips else "GND (end of chain)"
    svg.text(chip_x + chip_w - 2, ser_y, "SER (10)", size=3.2, anchor="end")
    svg.line(chip_x + chip_w, ser_y, chip_x + chip_w + 30, ser_y, stroke=WIRE, stroke_width=0.6)
    svg.text(chip_x + chip_w + 32, ser_y, f"from {ser_from}", size=3.2, anchor="start", fill=WIRE)
    # Rails and one sensor per input: the layout's sensor (a Hall switch's output, or a reed and its
    # pull-up), a pulled-up contact, or a spare level.
    sensor_x, label_x = 196.0, 232.0
    options = SENSING[layout.mechanics.sensor]
    each = "100 nF at each Hall switch" if layout.mechanics.sensor == "hall" else \
        "10 k pull-up at each reed, on its carrier"
    svg.line(sensor_x - 6, top - 6, WIDTH - 8, top - 6, stroke=RAIL_3V3, stroke_width=0.8)
    svg.text(WIDTH - 8, top - 9, f"+3V3 (and GND) to every sensor, {each}", size=3.5,
             anchor="end", fill=RAIL_3V3)
    switches = {s.id: s for s in layout.switches}
    spare_levels = dict(enumerate(layout.spare_pattern, start=layout.switch_count))
    for bit, (name, y) in enumerate(zip("HGFEDCBA", rows, strict=True)):
        switch_id = chip * 8 + bit
        svg.text(chip_x + chip_w - 2, y, f"{name} ({HC165_INPUT_PINS[name]})", size=3.2, anchor="end")
        svg.line(chip_x + chip_w, y, sensor_x, y, stroke=WIRE, stroke_width=0.5)
        switch = switches.get(switch_id)
        if switch is None:
            level = "3V3, reads 1" if spare_levels.get(switch_id) == "1" else "GND, reads 0"
            svg.text(sensor_x + 2, y, f"bit {bit}: spare, tied to {level}", size=3.2, anchor="start")
            continue
        how = options["row" if switch.kind == "square" else "ladder"]
        part = "10k + contact" if switch.kind in ("button", "face") else \
            f"{len(how.offsets)} x {how.part.name}" if len(how.offsets) > 1 else how.part.name
        svg.rect(sensor_x, y - 2.5, 34, 5, fill="#eaf6ff", stroke="#555", stroke_width=0.4, rx=1)
        svg.text(sensor_x + 17, y, part, size=2.8)
        svg.text(label_x + 2, y, f"bit {bit} = switch {switch_id}: {switch.place}", size=3.2, anchor="start")
    svg.text(WIDTH / 2, top + 138, "Switch id s is bit (7 - s % 8) of byte s // 8 read from the chain "
             "(MSB first): input H leaves first. A sensor that sees a man reads 0.", size=3.2)
    svg.text(WIDTH / 2, top + 144, f"SPI{pins.spi_id} at {pins.spi_baud / 1e6:g} MHz clocks "
             f"{layout.sr_bytes} bytes and one past the chain per scan after a low pulse on SH/~LD "
             f"latches all inputs at once.", size=3.2)


def _draw_led_segment(svg: Svg, layout: Layout, count: int, top: float) -> None:
    pins = layout.pins
    svg.text(WIDTH / 2, top - 24,
             "LED chain: WS2812B on +5V_LED (VBUS through the TPS2553); data shifted to 5 V",
             size=4.2, bold=True)
    v5_y, gnd_y, data_y = top - 14, top + 40, top + 12
    svg.line(10, v5_y, WIDTH - 8, v5_y, stroke=RAIL_5V, stroke_width=0.8)
    svg.text(12, v5_y - 3, "+5V_LED (from VBUS, pin 40, current-limited); 470 uF bulk at the first LED",
             size=3.2, anchor="start",
             fill=RAIL_5V)
    svg.line(10, gnd_y, WIDTH - 8, gnd_y, stroke=RAIL_GND, stroke_width=0.8)
    svg.text(12, gnd_y + 4, "GND", size=3.2, anchor="start", fill=RAIL_GND)
    _pin_box(svg, 10, top, 30, 22, "Pico", f"GP{pins.led} (pin {PICO_GPIO_PINS[pins.led]})")
    _pin_box(svg, 52, top, 34, 22, "74AHCT1G125", "3.3 V in, 5 V out")
    svg.line(69, v5_y, 69, top, stroke=RAIL_5V, stroke_width=0.5)
    svg.line(69, top + 22, 69, gnd_y, stroke=RAIL_GND, stroke_width=0.5)
    svg.line(40, data_y, 52, data_y, stroke=WIRE, stroke_width=0.6)
    svg.line(86, data_y, 94, data_y, stroke=WIRE, stroke_width=0.6)
    svg.rect(94, data_y - 2, 10, 4, fill="#fff", stroke="#000", stroke_width=0.5)
    svg.text(99, data_y - 5, "330", size=3)
    x = 104.0
    leds = sorted(layout.leds, key=lambda led: led.index)[:count]
    for led in leds:
        svg.line(x, data_y, x + 14, data_y, stroke=WIRE, stroke_width=0.6)
        box = x + 14
        svg.rect(box, top, 36, 22, fill=LED_FILL, stroke="#000", stroke_width=0.6)
        svg.text(box + 18, top + 6, f"LED {led.index} (D{led.index + 1})", size=3.4, bold=True)
        svg.text(box + 18, top + 12, led.place, size=3.2)
        svg.text(box + 2, top + 18, "DIN", size=2.8, anchor="start")
        svg.text(box + 34, top + 18, "DOUT", size=2.8, anchor="end")
        svg.line(box + 18, v5_y, box + 18, top, stroke=RAIL_5V, stroke_width=0.5)
        svg.line(box + 18, top + 22, box + 18, gnd_y, stroke=RAIL_GND, stroke_width=0.5)
        svg.text(box + 20, top + 30, "100 nF", size=2.8, anchor="start")
        x = box + 36
    svg.line(x, data_y, x + 12, data_y, stroke=WIRE, stroke_width=0.6)
    if layout.led_count > count:
        svg.text(x + 14, data_y, f"to LED {count} ... {layout.led_count - 1}", size=3.2, anchor="start")
    svg.text(WIDTH / 2, gnd_y + 12, f"{layout.led_count} LEDs x 3 channels x {layout.led_ma_per_channel} mA "
             f"= {layout.led_count * 3 * layout.led_ma_per_channel} mA at full white; the firmware caps the "
             f"chain at {layout.led_budget_ma} mA", size=3.4)
