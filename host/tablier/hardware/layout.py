"""The board layout: every sensor, LED and pin, read from ``hardware/board.toml``.

A :class:`Layout` is a frozen value. :func:`read_layout` only checks the file's shape (types and
required keys); :func:`load_layout` also runs the validator's electrical check and refuses a layout
with problems, so code that drives a board only ever sees a consistent one. (The maker's whole check,
the slab and the boards too, is :func:`tablier.fabrication.check.load_checked_layout`.)
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from tablier.errors import TablierError
from tablier.hardware.mechanics import Mechanics, electrical_text, parse_mechanics
from tablier.resources import project_path
from tablier.shapes import list_of, number_of, object_of, text_of, truth_of, whole_of

DEFAULT_LAYOUT_PATH = project_path("hardware/board.toml")

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


def layout_hash(data: bytes) -> str:
    """First 32 bits of the SHA-256 of the file's electrical part, LF line endings, as 8 hex digits.

    The electrical part is the file without its ``[mechanics]`` tables
    (:func:`tablier.hardware.mechanics.electrical_text`): the firmware is built for the chain and
    the LEDs, not for where the holes are.
    """
    normalised = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return hashlib.sha256(electrical_text(normalised)).hexdigest()[:8]


def read_layout(path: Path | None = None) -> Layout:
    """Parse a layout file, checking only its shape; :mod:`tablier.hardware.validate` checks the rest."""
    source = DEFAULT_LAYOUT_PATH if path is None else path
    try:
        data = source.read_bytes()
    except OSError as error:
        raise LayoutError(f"{source}: cannot read the layout file ({error.strerror})") from None
    return parse_layout(data, source)


def load_layout(path: Path | None = None) -> Layout:
    """Read and validate a layout file (default: the repository's ``hardware/board.toml``).

    Only the electrical part is checked (:func:`~tablier.hardware.validate.electrical_problems`: the
    pins, the chain, the switches, the LEDs and the geometry, what the hash covers), all that playing,
    the link and the firmware rely on.
    """
    from tablier.hardware.validate import electrical_problems

    layout = read_layout(path)
    refuse_problems(layout, electrical_problems(layout))
    return layout


def refuse_problems(layout: Layout, problems: list[str]) -> None:
    """Raise a :class:`LayoutError` listing ``problems`` (nothing if there are none)."""
    if problems:
        listed = "; ".join(problems)
        raise LayoutError(f"{layout.source}: {len(problems)} problem(s) in the layout: {listed}")


def parse_layout(data: bytes, source: Path | None = None) -> Layout:
    """Build a :class:`Layout` from the bytes of a layout file."""
    name = str(source) if source is not None else "layout"
    try:
        document = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise LayoutError(f"{name}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise LayoutError(f"{name}: not valid TOML ({error})") from None
    reader = _Reader(name)
    fmt = reader.integer(document, "format")
    if fmt != 1:
        raise LayoutError(f"{name}: format {fmt} is not supported (this version reads format 1)")
    pins = reader.table(document, "pins")
    chain = reader.table(document, "chain")
    led_chain = reader.table(document, "led_chain")
    ladders = reader.table(document, "ladders")
    geometry = reader.table(document, "geometry")
    return Layout(
        name=reader.string(document, "name"),
        microcontroller=reader.string(document, "microcontroller"),
        pins=Pins(**{key: reader.integer(pins, key, "pins") for key in
                     ("spi_id", "spi_baud", "sr_load", "sr_clk", "sr_data", "led", "led_enable")}),
        chips=reader.integer(chain, "chips", "chain"),
        inputs_per_chip=reader.integer(chain, "inputs_per_chip", "chain"),
        switch_active_low=reader.boolean(chain, "switch_active_low", "chain"),
        spare_pattern=reader.string(chain, "spare_pattern", "chain"),
        ladders={kind: reader.integer(ladders, kind, "ladders") for kind in LADDER_KINDS},
        geometry=Geometry(**{key: reader.number(geometry, key, "geometry") for key in
                             ("man_diameter_mm", "slot_pitch_mm", "point_width_mm", "bar_width_mm",
                              "tray_width_mm", "square_mm")}),
        switches=tuple(_switch(reader, entry, n) for n, entry in
                       enumerate(reader.array(chain, "switches", "chain"))),
        led_order=reader.string(led_chain, "order", "led_chain"),
        led_ma_per_channel=reader.integer(led_chain, "ma_per_channel", "led_chain"),
        led_budget_ma=reader.integer(led_chain, "budget_ma", "led_chain"),
        usb_declared_ma=reader.integer(led_chain, "usb_declared_ma", "led_chain"),
        leds=tuple(_led(reader, entry, n) for n, entry in
                   enumerate(reader.array(led_chain, "leds", "led_chain"))),
        mechanics=parse_mechanics(reader, document),
        hash=layout_hash(data),
        source=source,
    )


def _switch(reader: _Reader, entry: Any, n: int) -> Switch:
    where = f"chain.switches[{n}]"
    entry = reader.entry(entry, where)
    kind = reader.string(entry, "at", where)
    if kind not in SWITCH_KINDS:
        raise LayoutError(f"{reader.name}: {where}: unknown place kind {kind!r} "
                          f"(expected one of {', '.join(SWITCH_KINDS)})")
    slot = reader.integer(entry, "slot", where) if "slot" in entry else None
    return Switch(id=reader.integer(entry, "id", where), kind=kind,
                  index=reader.integer(entry, "index", where), slot=slot)


def _led(reader: _Reader, entry: Any, n: int) -> Led:
    where = f"led_chain.leds[{n}]"
    entry = reader.entry(entry, where)
    kind = reader.string(entry, "lights", where)
    if kind not in LED_KINDS:
        raise LayoutError(f"{reader.name}: {where}: unknown LED target {kind!r} "
                          f"(expected one of {', '.join(LED_KINDS)})")
    pip = reader.integer(entry, "pip", where) if "pip" in entry else None
    return Led(index=reader.integer(entry, "led", where), kind=kind,
               target=reader.integer(entry, "index", where), pip=pip)


@dataclass(frozen=True)
class _Reader:
    """Typed access to the parsed TOML with messages that name the file and the key."""

    name: str

    def error(self, message: str) -> LayoutError:
        """A layout error naming the file."""
        return LayoutError(f"{self.name}: {message}")

    def _get(self, table: Mapping[str, Any], key: str, where: str) -> Any:
        if key not in table:
            place = f"{where}.{key}" if where else key
            raise LayoutError(f"{self.name}: missing key {place}")
        return table[key]

    def _wrong(self, key: str, where: str, expected: str, value: Any) -> LayoutError:
        place = f"{where}.{key}" if where else key
        return LayoutError(f"{self.name}: {place} should be {expected}, not {value!r}")

    def table(self, table: Mapping[str, Any], key: str, where: str = "") -> Mapping[str, Any]:
        value = self._get(table, key, where)
        return object_of(value, lambda _: self._wrong(key, where, "a table", value))

    def entry(self, value: Any, where: str) -> Mapping[str, Any]:
        return object_of(value, lambda _: LayoutError(f"{self.name}: {where} should be an inline table, not "
                                                     f"{value!r}"))

    def array(self, table: Mapping[str, Any], key: str, where: str = "") -> list[Any]:
        value = self._get(table, key, where)
        return list_of(value, lambda _: self._wrong(key, where, "an array", value))

    def integer(self, table: Mapping[str, Any], key: str, where: str = "") -> int:
        value = self._get(table, key, where)
        return whole_of(value, lambda _: self._wrong(key, where, "an integer", value))

    def number(self, table: Mapping[str, Any], key: str, where: str = "") -> float:
        value = self._get(table, key, where)
        return number_of(value, lambda wanted: self._wrong(key, where, wanted, value), finite=False)

    def string(self, table: Mapping[str, Any], key: str, where: str = "") -> str:
        value = self._get(table, key, where)
        return text_of(value, lambda _: self._wrong(key, where, "a string", value))

    def boolean(self, table: Mapping[str, Any], key: str, where: str = "") -> bool:
        value = self._get(table, key, where)
        return truth_of(value, lambda wanted: self._wrong(key, where, wanted, value))
