"""The board layout's model: every sensor, LED and pin, as frozen values.

A :class:`Layout` is what :mod:`tablier.hardware.layout` reads from ``hardware/board.toml``; the
checks (:mod:`tablier.hardware.validate`, :mod:`tablier.hardware.power`) read it too, below the
reading, so loading a layout can run them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from tablier.errors import TablierError
from tablier.hardware.mechanics import Mechanics

#: Where a switch can sit. Points, the bar and the trays have ladders of slots.
SWITCH_KINDS = ("point", "bar", "tray", "square", "button", "face")
LADDER_KINDS = ("point", "bar", "tray")
#: What an LED can light.
LED_KINDS = ("point", "bar", "tray", "die", "status", "square")
#: How many places of each kind the board has (index runs 1..count).
LOCATION_COUNTS = {
    "point": 24, "bar": 2, "tray": 2, "square": 32, "button": 2, "face": 1, "die": 2, "status": 2,
}
PIPS_PER_DIE = 7
#: Where each pip LED of a die display sits in its 3 x 3 grid, as (column, row) from the top left.
PIP_CELLS = {1: (0, 0), 2: (2, 0), 3: (0, 1), 4: (1, 1), 5: (2, 1), 6: (0, 2), 7: (2, 2)}
#: The pips lit to show each face of a die.
DIE_FACE_PIPS = {
    1: (4,), 2: (1, 7), 3: (1, 4, 7), 4: (1, 2, 6, 7), 5: (1, 2, 4, 6, 7), 6: (1, 2, 3, 5, 6, 7),
}


class LayoutError(TablierError):
    """The layout file is missing, malformed or inconsistent; the message says where."""


@dataclass(frozen=True)
class Switch:
    """One sensor input of the 74HC165 chain: ``id`` is its position in the chain."""

    id: int
    kind: str
    index: int
    slot: int | None = None

    @property
    def chip(self) -> int:
        """The 74HC165 that reads this switch (chip 0 feeds the Pico)."""
        return self.id // 8

    @property
    def input_name(self) -> str:
        """The chip's parallel input pin name: H for the first bit clocked out, down to A."""
        return "HGFEDCBA"[self.id % 8]

    @property
    def place(self) -> str:
        """A short human name such as ``point 7 slot 2``, ``square 14`` or ``button 1``."""
        text = f"{self.kind} {self.index}"
        return text if self.slot is None else f"{text} slot {self.slot}"


@dataclass(frozen=True)
class Led:
    """One WS2812B of the chain: ``index`` is its position in the data order."""

    index: int
    kind: str
    target: int
    pip: int | None = None

    @property
    def place(self) -> str:
        """A short human name such as ``point 7``, ``die 1 pip 4`` or ``status 2``."""
        text = f"{self.kind} {self.target}"
        return text if self.pip is None else f"{text} pip {self.pip}"


@dataclass(frozen=True)
class Pins:
    """The Pico's GPIO numbers and the SPI bus that reads the chain."""

    spi_id: int
    spi_baud: int
    sr_load: int
    sr_clk: int
    sr_data: int
    led: int
    led_enable: int  # the LED rail's load switch: off until the firmware has heard from a host

    def used(self) -> dict[str, int]:
        """Every signal's GPIO by name."""
        return {"sr_load": self.sr_load, "sr_clk": self.sr_clk, "sr_data": self.sr_data, "led": self.led,
                "led_enable": self.led_enable}


@dataclass(frozen=True)
class Geometry:
    """Physical sizes in millimetres, used by the drawings and the build docs."""

    man_diameter_mm: float
    slot_pitch_mm: float
    point_width_mm: float
    bar_width_mm: float
    tray_width_mm: float
    square_mm: float


@dataclass(frozen=True)
class Layout:
    """The whole board as described by one layout file."""

    name: str
    microcontroller: str
    pins: Pins
    chips: int
    inputs_per_chip: int
    switch_active_low: bool
    spare_pattern: str
    ladders: Mapping[str, int]
    geometry: Geometry
    switches: tuple[Switch, ...]
    led_order: str
    led_ma_per_channel: int
    led_budget_ma: int
    usb_declared_ma: int
    leds: tuple[Led, ...]
    mechanics: Mechanics
    hash: str
    source: Path | None = field(default=None, compare=False)

    @property
    def switch_count(self) -> int:
        """Switch ids run 0..switch_count-1 (one past the highest id in the file)."""
        return max((s.id for s in self.switches), default=-1) + 1

    @property
    def led_count(self) -> int:
        """LED indices run 0..led_count-1 (one past the highest index in the file)."""
        return max((led.index for led in self.leds), default=-1) + 1

    @property
    def sr_bytes(self) -> int:
        """Bytes of the chain (one per chip); the firmware reads one more, past its end."""
        return self.chips * self.inputs_per_chip // 8

    @property
    def spare_mask(self) -> int:
        """The bits of the chain's last byte that are spare inputs, not switches."""
        used = self.switch_count - 8 * (self.sr_bytes - 1)
        return 0xFF >> used if 0 <= used <= 8 else 0

    @property
    def spare_bits(self) -> int:
        """What the spare inputs read (physical levels) when the chain is sound."""
        value = 0
        for k, level in enumerate(self.spare_pattern):
            if level == "1":
                value |= 0x80 >> (self.switch_count % 8 + k)
        return value & self.spare_mask

    @cached_property
    def _switch_by_id(self) -> dict[int, Switch]:
        return {switch.id: switch for switch in self.switches}

    @cached_property
    def _switch_by_place(self) -> dict[tuple[str, int, int | None], Switch]:
        return {(switch.kind, switch.index, switch.slot): switch for switch in self.switches}

    @cached_property
    def _led_by_place(self) -> dict[tuple[str, int, int | None], Led]:
        return {(led.kind, led.target, led.pip): led for led in self.leds}

    def switch(self, switch_id: int) -> Switch:
        """The switch at a chain position."""
        found = self._switch_by_id.get(switch_id)
        if found is None:
            raise LayoutError(f"no switch with id {switch_id} in the layout")
        return found

    def switch_at(self, kind: str, index: int, slot: int | None = None) -> Switch:
        """The switch under a place, e.g. ``switch_at("point", 7, 2)`` or ``switch_at("square", 14)``."""
        found = self._switch_by_place.get((kind, index, slot))
        if found is None:
            where = f"{kind} {index}" + ("" if slot is None else f" slot {slot}")
            raise LayoutError(f"no switch at {where} in the layout")
        return found

    def switches_of(self, kind: str, index: int | None = None) -> tuple[Switch, ...]:
        """The switches of one kind (and index), ladder slots in order."""
        found = [s for s in self.switches if s.kind == kind and (index is None or s.index == index)]
        return tuple(sorted(found, key=lambda s: (s.index, s.slot or 0)))

    def led_for(self, kind: str, target: int, pip: int | None = None) -> Led:
        """The LED that lights a place, e.g. ``led_for("point", 7)`` or ``led_for("die", 1, 4)``."""
        found = self._led_by_place.get((kind, target, pip))
        if found is None:
            where = f"{kind} {target}" + ("" if pip is None else f" pip {pip}")
            raise LayoutError(f"no LED for {where} in the layout")
        return found
