"""The layout's electrical check: what playing, the link and the firmware rely on.

:func:`electrical_problems` checks the part of the file the layout hash covers (everything but
``[mechanics]``): no chain address or LED index used twice, every place on both faces covered exactly
once, the LED chain contiguous from 0, pins that exist on the microcontroller and suit their job, a
74HC165 chain long enough for the switches and no longer with a spare pattern that catches faults, an
LED budget the USB port allows, a geometry where men fit their slots, and a face sensor that must hold
steady for a positive time (the one ``[mechanics]`` value the host reads while playing).
:func:`~tablier.hardware.layout.load_layout` runs it on every load.

The whole check behind ``tablier hardware check`` (the slab, its cut-outs, the boards) is the maker's:
:func:`tablier.fabrication.check.find_problems`, which runs this one first.

It returns one clear sentence per problem; an empty list means the electrical part is sound.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from tablier.hardware.layout_model import (
    LADDER_KINDS,
    LOCATION_COUNTS,
    PIPS_PER_DIE,
    SWITCH_KINDS,
    Layout,
)
from tablier.hardware.power import USB_PORT_MA, dark_ma

#: The Raspberry Pi Pico's GPIOs on its header (23, 24, 25 and 29 are used on the module itself).
PICO_GPIOS = frozenset([*range(0, 23), 26, 27, 28])
#: The pins each RP2040 SPI block can use for its clock and its receive line.
SPI_SCK_PINS = {0: frozenset({2, 6, 18, 22}), 1: frozenset({10, 14, 26})}
SPI_RX_PINS = {0: frozenset({0, 4, 16, 20}), 1: frozenset({8, 12, 28})}
#: A 74HC165 has 8 parallel inputs; above this clock rate long chains over wires get unreliable.
INPUTS_PER_74HC165 = 8
MAX_SPI_BAUD = 10_000_000


def electrical_problems(layout: Layout) -> list[str]:
    """The problems of the pins, the chain, the switches, the LEDs and the geometry: what playing,
    the link and the firmware rely on (the part of the file the layout hash covers, and the one
    ``[mechanics]`` value the host reads while playing, ``face_stable_ms``); empty when that part
    is sound."""
    return [
        *pin_problems(layout),
        *chain_problems(layout),
        *_switch_problems(layout),
        *_led_problems(layout),
        *_geometry_problems(layout),
        *_face_sensor_problems(layout),
    ]


def pin_problems(layout: Layout) -> Iterable[str]:
    """The Pico's pins: each a GPIO on its header, used once, and able to do its job."""
    if layout.microcontroller != "rp2040-pico":
        yield f"microcontroller {layout.microcontroller!r} is unknown (this version knows rp2040-pico)"
        return
    pins = layout.pins
    for signal, gpio in pins.used().items():
        if gpio not in PICO_GPIOS:
            yield f"pins.{signal} = GP{gpio} is not a GPIO on the Pico's header"
    for gpio, count in Counter(pins.used().values()).items():
        if count > 1:
            names = ", ".join(s for s, g in pins.used().items() if g == gpio)
            yield f"GP{gpio} is used for more than one signal ({names})"
    if pins.spi_id not in SPI_SCK_PINS:
        yield f"pins.spi_id = {pins.spi_id}: the RP2040 has SPI 0 and 1 only"
        return
    if pins.sr_clk not in SPI_SCK_PINS[pins.spi_id]:
        allowed = ", ".join(f"GP{g}" for g in sorted(SPI_SCK_PINS[pins.spi_id]))
        yield f"pins.sr_clk = GP{pins.sr_clk} cannot be SPI{pins.spi_id} SCK (use one of {allowed})"
    if pins.sr_data not in SPI_RX_PINS[pins.spi_id]:
        allowed = ", ".join(f"GP{g}" for g in sorted(SPI_RX_PINS[pins.spi_id]))
        yield f"pins.sr_data = GP{pins.sr_data} cannot be SPI{pins.spi_id} RX (use one of {allowed})"
    if not 0 < pins.spi_baud <= MAX_SPI_BAUD:
        yield f"pins.spi_baud = {pins.spi_baud} is outside 1..{MAX_SPI_BAUD} Hz"


def chain_problems(layout: Layout) -> Iterable[str]:
    """The 74HC165 chain: long enough for the switches and no longer, with a spare pattern that catches
    faults."""
    if layout.inputs_per_chip != INPUTS_PER_74HC165:
        yield f"chain.inputs_per_chip = {layout.inputs_per_chip}, but a 74HC165 has 8 inputs"
        return
    if layout.chips < 1:
        yield f"chain.chips = {layout.chips}: the chain needs at least one 74HC165"
        return
    inputs = layout.chips * layout.inputs_per_chip
    spares = inputs - layout.switch_count
    pattern = layout.spare_pattern
    if 0 <= spares < INPUTS_PER_74HC165 and len(pattern) != spares:
        yield (f"chain.spare_pattern = {pattern!r} should give the level of each of the {spares} spare "
               f"inputs")
    elif set(pattern) - {"0", "1"}:
        yield f"chain.spare_pattern = {pattern!r} should be made of 0 (tied to GND) and 1 (tied to 3V3)"
    elif spares and ("0" not in pattern or "1" not in pattern or pattern[1:] == pattern[:-1]):
        yield (f"chain.spare_pattern = {pattern!r} needs both levels and must change when shifted by a "
               f"bit, or a stuck or slipping chain would still read it")
    if layout.switch_count > inputs:
        yield (f"{layout.switch_count} switches do not fit a chain of {layout.chips} chips "
               f"({inputs} inputs); use {-(-layout.switch_count // 8)} chips")
    elif inputs - layout.switch_count >= INPUTS_PER_74HC165:
        yield (f"chain.chips = {layout.chips} leaves a whole chip unused for {layout.switch_count} "
               f"switches; {-(-layout.switch_count // 8)} chips are enough")


def _switch_problems(layout: Layout) -> Iterable[str]:
    ids = Counter(s.id for s in layout.switches)
    for switch_id, count in sorted(ids.items()):
        if count > 1:
            where = ", ".join(s.place for s in layout.switches if s.id == switch_id)
            yield f"switch id {switch_id} (chain address) is used {count} times ({where})"
    negative = sorted(i for i in ids if i < 0)
    if negative:
        yield f"switch ids must be 0 or more: {_listed(negative)}"
    missing = sorted(set(range(layout.switch_count)) - set(ids))
    if missing:
        yield f"switch ids are not contiguous from 0: no switch at chain address {_listed(missing)}"
    places = Counter((s.kind, s.index, s.slot) for s in layout.switches)
    for place in sorted(places, key=_place_key):
        if places[place] > 1:
            addresses = sorted(s.id for s in layout.switches if (s.kind, s.index, s.slot) == place)
            yield f"{_place(*place)} has {places[place]} switches (chain addresses {_listed(addresses)})"
    expected = set(_expected_switch_places(layout))
    for kind, index, slot in sorted(set(places) - expected, key=_place_key):
        yield f"switch at {_place(kind, index, slot)} is not a place on the board"
    uncovered = sorted(expected - set(places), key=_place_key)
    if uncovered:
        yield f"no switch covers {_listed(_place(*p) for p in uncovered)}"


def _expected_switch_places(layout: Layout) -> Iterable[tuple[str, int, int | None]]:
    for kind in SWITCH_KINDS:
        for index in range(1, LOCATION_COUNTS[kind] + 1):
            if kind in LADDER_KINDS:
                for slot in range(1, layout.ladders[kind] + 1):
                    yield kind, index, slot
            else:
                yield kind, index, None


def _led_problems(layout: Layout) -> Iterable[str]:
    indices = Counter(led.index for led in layout.leds)
    for index, count in sorted(indices.items()):
        if count > 1:
            lit = ", ".join(led.place for led in layout.leds if led.index == index)
            yield f"LED index {index} is used {count} times ({lit})"
    negative = sorted(i for i in indices if i < 0)
    if negative:
        yield f"LED indices must be 0 or more: {_listed(negative)}"
    gaps = sorted(set(range(layout.led_count)) - set(indices))
    if gaps:
        yield f"the LED chain is not contiguous from 0: nothing at LED index {_listed(gaps)}"
    targets = Counter((led.kind, led.target, led.pip) for led in layout.leds)
    for kind, target, pip in sorted(targets, key=_place_key):
        if targets[kind, target, pip] > 1:
            yield f"{_place(kind, target, pip, 'pip')} is lit by {targets[kind, target, pip]} LEDs"
    expected = set(_expected_led_targets())
    for kind, target, pip in sorted(set(targets) - expected, key=_place_key):
        yield f"LED for {_place(kind, target, pip, 'pip')} lights nothing on the board"
    unlit = sorted(expected - set(targets), key=_place_key)
    if unlit:
        yield f"no LED lights {_listed(_place(k, t, p, 'pip') for k, t, p in unlit)}"
    if sorted(layout.led_order) != ["B", "G", "R"]:
        yield f"led_chain.order = {layout.led_order!r} should be an ordering of R, G and B"
    base = dark_ma(layout)
    declared = layout.usb_declared_ma
    if not 100 <= declared <= USB_PORT_MA:
        yield (f"led_chain.usb_declared_ma = {declared} should be between 100 and the {USB_PORT_MA} mA a "
               "USB 2.0 port gives")
    elif layout.led_budget_ma <= 0:
        yield f"led_chain.budget_ma = {layout.led_budget_ma} should be positive"
    elif layout.led_budget_ma + base > declared:
        yield (f"led_chain.budget_ma = {layout.led_budget_ma}: with the {base:.0f} mA the board draws with "
               f"its LEDs dark it would draw {layout.led_budget_ma + base:.0f} mA, more than the "
               f"{declared} mA it declares to USB (usb_declared_ma)")
    if layout.led_ma_per_channel <= 0:
        yield f"led_chain.ma_per_channel = {layout.led_ma_per_channel} should be positive"


def _expected_led_targets() -> Iterable[tuple[str, int, int | None]]:
    for kind in ("point", "bar", "tray", "status", "square"):
        for target in range(1, LOCATION_COUNTS[kind] + 1):
            yield kind, target, None
    for die in range(1, LOCATION_COUNTS["die"] + 1):
        for pip in range(1, PIPS_PER_DIE + 1):
            yield "die", die, pip


def _geometry_problems(layout: Layout) -> Iterable[str]:
    for kind, size in layout.ladders.items():
        if size < 1:
            yield f"ladders.{kind} = {size}: a ladder needs at least one slot"
    geometry = layout.geometry
    for name, value in vars(geometry).items():
        if value <= 0:
            yield f"geometry.{name} = {value} should be positive"
    if geometry.slot_pitch_mm < geometry.man_diameter_mm:
        yield (f"geometry.slot_pitch_mm = {geometry.slot_pitch_mm:g} is less than a man's diameter "
               f"({geometry.man_diameter_mm:g} mm): neighbouring men would overlap")


def _face_sensor_problems(layout: Layout) -> Iterable[str]:
    stable_ms = layout.mechanics.face_stable_ms
    if stable_ms <= 0:
        yield (f"mechanics.face_stable_ms = {stable_ms} should be positive: the host acts on a turn-over "
               f"once the face sensor has read the new face this long")


def _place(kind: str, index: int, extra: int | None, word: str = "slot") -> str:
    return f"{kind} {index}" + ("" if extra is None else f" {word} {extra}")


def _place_key(place: tuple[str, int, int | None]) -> tuple[str, int, int]:
    """Sort places by kind, index and slot (or pip), a place without a slot first."""
    kind, index, extra = place
    return kind, index, -1 if extra is None else extra


def _listed(items: Iterable[object], limit: int = 12) -> str:
    shown = [str(item) for item in items]
    if len(shown) > limit:
        return ", ".join(shown[:limit]) + f" and {len(shown) - limit} more"
    return ", ".join(shown)
