"""The board layout: every sensor, LED and pin, read from ``hardware/board.toml``.

A :class:`Layout` is a frozen value (its model: :mod:`tablier.hardware.layout_model`, named here
too). :func:`read_layout` only checks the file's shape (types and
required keys); :func:`load_layout` also runs the validator's electrical check and refuses a layout
with problems, so code that drives a board only ever sees a consistent one. (The maker's whole check,
the slab and the boards too, is :func:`tablier.fabrication.check.load_checked_layout`.)
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablier.hardware.layout_model import (
    DIE_FACE_PIPS,
    LADDER_KINDS,
    LED_KINDS,
    LOCATION_COUNTS,
    PIP_CELLS,
    PIPS_PER_DIE,
    SWITCH_KINDS,
    Geometry,
    Layout,
    LayoutError,
    Led,
    Pins,
    Switch,
)
from tablier.hardware.mechanics import electrical_text, parse_mechanics
from tablier.hardware.validate import electrical_problems
from tablier.resources import project_path
from tablier.shapes import list_of, number_of, object_of, text_of, truth_of, whole_of

DEFAULT_LAYOUT_PATH = project_path("hardware/board.toml")

# The layout's model is the public face of this module too: ``from tablier.hardware.layout import Layout``.
__all__ = ["DEFAULT_LAYOUT_PATH", "DIE_FACE_PIPS", "LADDER_KINDS", "LED_KINDS", "LOCATION_COUNTS",
           "PIPS_PER_DIE", "PIP_CELLS", "SWITCH_KINDS", "Geometry", "Layout", "LayoutError", "Led", "Pins",
           "Switch", "layout_hash", "load_layout", "parse_layout", "read_layout", "refuse_problems"]


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
