"""The board's mechanics, read from the ``[mechanics]`` tables of ``hardware/board.toml``.

The slab is a sandwich (skin, core, skin) seen from the tables face: X along the long edge, Y from
player 1's edge, Z down from the tables face. :class:`Mechanics` holds the numbers of the file;
:mod:`tablier.fabrication.cutouts` turns them and the layout into every hole, groove and pocket.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

FLIP_AXES = ("long", "short")
#: The sensors a layout can choose (``[mechanics.sensor] kind``): each has its carriers and its magnet.
SENSOR_KINDS = ("hall", "reed")
#: How the light windows are drilled (``[mechanics.windows] drilled``): through the loose skin before it
#: is glued on; or after, with a flat-bottom bit and a depth stop; a pointed bit after gluing is refused.
WINDOW_DRILLING = ("before gluing", "flat-bottom bit with a depth stop", "brad-point bit")


@dataclass(frozen=True)
class MagnetSpec:
    """The magnet in every man for one kind of sensor: an axially magnetised disc (or ring, with a bore)."""

    diameter: float
    thickness: float
    bore: float  # 0 for a disc
    br: tuple[float, float]  # remanence in tesla: the least and the most of its grade
    part: str  # what to buy


@dataclass(frozen=True)
class Mechanics:
    """The slab, its sandwich and the sizes of its cut-outs, in millimetres."""

    slab_x: float
    slab_y: float
    skin: float
    core: float
    flip_axis: str
    tables_origin: tuple[float, float]
    draughts_origin: tuple[float, float]
    edge_strip: float
    middle: float
    tray_gap: float
    min_web: float
    face_stable_ms: int
    skin_range: tuple[float, float]  # the sheets as bought (``[mechanics.stock]``)
    core_range: tuple[float, float]
    carrier_width: float
    carrier_depth: float  # into the core
    carrier_end: float
    led_diameter: float
    led_core_depth: float
    exit_drop: float  # a wire exit's floor under its pocket's floor
    exit_margin: float  # a wire exit past its board's wire pads
    windows_drilled: str  # ``[mechanics.windows] drilled``
    depth_stop: float
    window_rod: float  # the opal rods' length, pressed in flush with the skin's underside
    corner_bit: float  # the bit that cuts the corners of the grooves and rectangular pockets (diameter)
    dice_pocket: tuple[float, float]
    dice_core_depth: float
    dice_x: float
    dice_offset: float
    pip_pitch: float
    pip_window: float
    window_diameter: float
    button_diameter: float
    button_body: float
    button_depth: float
    button_x: float
    status_diameter: float
    status_depth: float
    status_x: float
    status_core_z: float
    status_pocket_core_depth: float
    usb_size: tuple[float, float]
    usb_depth: float
    usb_y: float
    usb_screws: tuple[tuple[float, float], ...]  # from the socket's centre: along the edge, across it
    usb_screw_hole: tuple[float, float]  # diameter, depth into the edge
    main_board_centre: tuple[float, float]
    main_board_size: tuple[float, float]
    main_board_core_depth: float
    hatch_margin: float
    hatch_screw_hole_core: tuple[float, float]  # diameter, depth into the core
    hatch_screws: tuple[tuple[float, float], ...]  # from the main board pocket's centre
    chain_board_size: tuple[float, float]
    chain_board_core_depth: float
    chain_board_xs: tuple[float, ...]
    plug_reach: float
    plug_side: float
    pin_joint: float
    face_sensor_diameter: float
    face_sensor_core_depth: float
    channel_core_depth: float
    sensor: str  # "hall" or "reed": which carriers the grooves hold
    coupon: str  # the coupon's measurements, beside the layout file (``[mechanics.sensor] coupon``)
    magnets: Mapping[str, MagnetSpec]  # by sensor kind
    magnet_base: float
    man_height: float
    capture: float
    ladder_slack: float
    capture_margin: float

    @property
    def magnet(self) -> MagnetSpec:
        """The men's magnet for the layout's sensor."""
        return self.magnets[self.sensor]

    @property
    def thickness(self) -> float:
        """The whole slab: two skins and the core."""
        return 2 * self.skin + self.core

    # Every pocket is cut into the bare core; from its face it is a skin deeper.
    @property
    def led_depth(self) -> float:
        """An LED pocket's depth from its face."""
        return self.skin + self.led_core_depth

    @property
    def dice_depth(self) -> float:
        """A die board pocket's depth from the tables face."""
        return self.skin + self.dice_core_depth

    @property
    def chain_board_depth(self) -> float:
        """A chain board pocket's depth from the tables face."""
        return self.skin + self.chain_board_core_depth

    @property
    def main_board_depth(self) -> float:
        """The main board pocket's depth from the draughts face."""
        return self.skin + self.main_board_core_depth

    @property
    def face_sensor_depth(self) -> float:
        """The face sensor's hole's depth from the tables face."""
        return self.skin + self.face_sensor_core_depth

    @property
    def status_pocket_depth(self) -> float:
        """A status LED's pocket's depth from the tables face."""
        return self.skin + self.status_pocket_core_depth

    @property
    def status_z(self) -> float:
        """A status light pipe's axis under the tables face."""
        return self.skin + self.status_core_z

    @property
    def hatch_screw_hole(self) -> tuple[float, float]:
        """A hatch screw's pilot hole: its diameter and depth from the draughts face."""
        diameter, core_depth = self.hatch_screw_hole_core
        return diameter, self.skin + core_depth

    def to_slab(self, face: str, x: float, y: float) -> tuple[float, float]:
        """Slab coordinates of a point given in a face's own coordinates (seen with that face up)."""
        if face == "tables":
            return x, y
        if self.flip_axis == "long":
            return x, self.slab_y - y
        return self.slab_x - x, y

    def from_slab(self, face: str, x: float, y: float) -> tuple[float, float]:
        """A face's own coordinates of a slab point (the flip is its own inverse)."""
        return self.to_slab(face, x, y)


#: The tables of ``[mechanics]``, in the order they are read (the first missing one is named).
SECTIONS = ("carrier", "holes", "dice", "edge", "main_board", "men", "chain_boards", "plugs", "boards",
            "face_sensor", "stock", "wire_exit", "windows", "tools", "wiring", "sensor")


def parse_mechanics(reader: Any, document: Mapping[str, Any]) -> Mechanics:
    """Read the ``[mechanics]`` tables with the layout's typed reader (errors name the key)."""
    top = _Section(reader, reader.table(document, "mechanics"), "mechanics")
    sections = {name: top.section(name) for name in SECTIONS}
    sensor = sections["sensor"].choice("kind", SENSOR_KINDS, ", ".join(SENSOR_KINDS))
    drilled = sections["windows"].choice("drilled", WINDOW_DRILLING, ", ".join(map(repr, WINDOW_DRILLING)))
    xs = sections["chain_boards"].numbers("centres_x_mm")
    return Mechanics(**_slab_fields(top, sections, drilled), **_dice_and_edge_fields(sections),
                     **_board_fields(sections, xs), **_men_fields(sections["men"], sensor,
                                                                  sections["sensor"].string("coupon")))


class _Section:
    """One table of ``[mechanics]`` (``where``: its dotted name) read through the layout's reader."""

    def __init__(self, reader: Any, table: Mapping[str, Any], where: str) -> None:
        self.reader, self.table, self.where = reader, table, where

    def section(self, name: str) -> _Section:
        """The table ``name`` inside this one."""
        return _Section(self.reader, self.reader.table(self.table, name, self.where), f"{self.where}.{name}")

    def num(self, key: str) -> float:
        """A number."""
        return float(self.reader.number(self.table, key, self.where))

    def string(self, key: str) -> str:
        """A string."""
        text: str = self.reader.string(self.table, key, self.where)
        return text

    def choice(self, key: str, allowed: tuple[str, ...], listed: str) -> str:
        """A string among ``allowed`` (named ``listed`` in the error)."""
        value = self.string(key)
        if value not in allowed:
            raise self.reader.error(f"{self.where}.{key} should be one of {listed}, not {value!r}")
        return value

    def numbers(self, key: str) -> tuple[float, ...]:
        """An array of numbers."""
        value = self.reader.array(self.table, key, self.where)
        if not _all_numbers(value):
            raise self.reader.error(f"{self.where}.{key} should be numbers, not {value!r}")
        return tuple(float(x) for x in value)

    def pair(self, key: str) -> tuple[float, float]:
        """Two numbers ``[X, Y]``."""
        value = self.reader.array(self.table, key, self.where)
        if len(value) != 2 or not _all_numbers(value):
            raise self.reader.error(f"{self.where}.{key} should be two numbers [X, Y], not {value!r}")
        return float(value[0]), float(value[1])

    def pairs(self, key: str) -> tuple[tuple[float, float], ...]:
        """An array of pairs ``[X, Y]``."""
        value = self.reader.array(self.table, key, self.where)
        if not all(isinstance(xy, list) and len(xy) == 2 and _all_numbers(xy) for xy in value):
            raise self.reader.error(f"{self.where}.{key} should be pairs [X, Y], not {value!r}")
        return tuple((float(x), float(y)) for x, y in value)


def _all_numbers(value: Any) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)


def _slab_fields(top: _Section, sections: Mapping[str, _Section], drilled: str) -> dict[str, Any]:
    """The slab, its stock, the carriers, the LED holes, the wire exits, the windows and the tools."""
    slab = top.pair("slab_mm")
    flip = top.choice("flip_axis", FLIP_AXES, ", ".join(FLIP_AXES))
    stock, carrier, holes = sections["stock"], sections["carrier"], sections["holes"]
    wire_exit, windows = sections["wire_exit"], sections["windows"]
    return dict(
        slab_x=slab[0], slab_y=slab[1], skin=top.num("skin_mm"), core=top.num("core_mm"),
        flip_axis=flip, tables_origin=top.pair("tables_origin_mm"),
        draughts_origin=top.pair("draughts_origin_mm"), edge_strip=top.num("edge_strip_mm"),
        middle=top.num("middle_mm"), tray_gap=top.num("tray_gap_mm"),
        min_web=top.num("min_web_mm"),
        face_stable_ms=top.reader.integer(top.table, "face_stable_ms", top.where),
        skin_range=stock.pair("skin_range_mm"), core_range=stock.pair("core_range_mm"),
        carrier_width=carrier.num("width_mm"), carrier_depth=carrier.num("core_depth_mm"),
        carrier_end=carrier.num("end_mm"),
        led_diameter=holes.num("led_diameter_mm"), led_core_depth=holes.num("led_core_depth_mm"),
        exit_drop=wire_exit.num("drop_mm"), exit_margin=wire_exit.num("margin_mm"),
        windows_drilled=drilled, depth_stop=windows.num("depth_stop_mm"),
        window_rod=windows.num("rod_mm"), corner_bit=sections["tools"].num("corner_bit_mm"),
    )


def _dice_and_edge_fields(sections: Mapping[str, _Section]) -> dict[str, Any]:
    """The dice pockets and pips, the window holes, and the edge's buttons, status LEDs and USB."""
    dice, edge = sections["dice"], sections["edge"]
    return dict(
        dice_pocket=dice.pair("pocket_mm"), dice_core_depth=dice.num("core_depth_mm"),
        dice_x=dice.num("x_mm"), dice_offset=dice.num("offset_mm"),
        pip_pitch=dice.num("pip_pitch_mm"), pip_window=dice.num("pip_window_mm"),
        window_diameter=sections["holes"].num("window_diameter_mm"),
        button_diameter=edge.num("button_diameter_mm"), button_body=edge.num("button_body_mm"),
        button_depth=edge.num("button_depth_mm"), button_x=edge.num("button_x_mm"),
        status_diameter=edge.num("status_diameter_mm"), status_depth=edge.num("status_depth_mm"),
        status_x=edge.num("status_x_mm"), status_core_z=edge.num("status_core_z_mm"),
        status_pocket_core_depth=edge.num("status_pocket_core_depth_mm"),
        usb_size=edge.pair("usb_size_mm"), usb_depth=edge.num("usb_depth_mm"),
        usb_y=edge.num("usb_y_mm"), usb_screws=edge.pairs("usb_screws_mm"),
        usb_screw_hole=edge.pair("usb_screw_hole_mm"),
    )


def _board_fields(sections: Mapping[str, _Section], xs: tuple[float, ...]) -> dict[str, Any]:
    """The main board and its hatch, the chain boards, their plugs and pins, the face sensor and the
    wiring channels."""
    board, chain_boards, plugs = sections["main_board"], sections["chain_boards"], sections["plugs"]
    face_sensor = sections["face_sensor"]
    return dict(
        main_board_centre=board.pair("centre_mm"), main_board_size=board.pair("size_mm"),
        main_board_core_depth=board.num("core_depth_mm"), hatch_margin=board.num("hatch_margin_mm"),
        hatch_screw_hole_core=board.pair("hatch_screw_hole_mm"),
        hatch_screws=board.pairs("hatch_screws_mm"),
        chain_board_size=chain_boards.pair("size_mm"),
        chain_board_core_depth=chain_boards.num("core_depth_mm"), chain_board_xs=xs,
        plug_reach=plugs.num("reach_mm"), plug_side=plugs.num("side_mm"),
        pin_joint=sections["boards"].num("pin_joint_mm"),
        face_sensor_diameter=face_sensor.num("diameter_mm"),
        face_sensor_core_depth=face_sensor.num("core_depth_mm"),
        channel_core_depth=sections["wiring"].num("channel_core_depth_mm"),
    )


def _men_fields(men: _Section, sensor: str, coupon: str) -> dict[str, Any]:
    """The sensor, its coupon and the men: their magnets (for each sensor kind) and their sizes."""
    return dict(
        sensor=sensor, coupon=coupon,
        magnets={kind: _magnet(men.section(kind)) for kind in SENSOR_KINDS},
        magnet_base=men.num("magnet_base_mm"), man_height=men.num("man_height_mm"),
        capture=men.num("capture_mm"), ladder_slack=men.num("ladder_slack_mm"),
        capture_margin=men.num("margin"),
    )


def _magnet(table: _Section) -> MagnetSpec:
    size = table.pair("magnet_mm")
    br = table.pair("br_t")
    return MagnetSpec(size[0], size[1], table.num("bore_mm"), br, table.string("part"))


def electrical_text(data: bytes) -> bytes:
    """The layout file without its ``[mechanics...]`` tables (and the comments just above them).

    This is what the layout hash covers: the mechanics can change without a reflash.
    """
    kept: list[bytes] = []
    skipping = False
    for line in data.split(b"\n"):
        stripped = line.strip()
        if stripped.startswith(b"["):
            name = stripped.strip(b"[]").split(b".")[0].strip()
            skipping = name == b"mechanics"
            if skipping:
                while kept and (not kept[-1].strip() or kept[-1].lstrip().startswith(b"#")):
                    kept.pop()
                continue
        if not skipping:
            kept.append(line)
    text = b"\n".join(kept)
    if data.endswith(b"\n") and not text.endswith(b"\n"):
        text += b"\n"
    return text
