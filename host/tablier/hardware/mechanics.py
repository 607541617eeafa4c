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


def parse_mechanics(reader: Any, document: Mapping[str, Any]) -> Mechanics:
    """Read the ``[mechanics]`` tables with the layout's typed reader (errors name the key)."""
    top = reader.table(document, "mechanics")

    def table(name: str) -> Mapping[str, Any]:
        found: Mapping[str, Any] = reader.table(top, name, "mechanics")
        return found

    carrier, holes, dice, edge, board = (table(n) for n in ("carrier", "holes", "dice", "edge", "main_board"))
    men, chain_boards, plugs, boards = (table(n) for n in ("men", "chain_boards", "plugs", "boards"))
    face_sensor, stock = table("face_sensor"), table("stock")
    wire_exit, windows = table("wire_exit"), table("windows")
    tools, wiring, sensing = table("tools"), table("wiring"), table("sensor")
    sensor = reader.string(sensing, "kind", "mechanics.sensor")
    if sensor not in SENSOR_KINDS:
        raise reader.error(f"mechanics.sensor.kind should be one of {', '.join(SENSOR_KINDS)}, "
                           f"not {sensor!r}")
    drilled = reader.string(windows, "drilled", "mechanics.windows")
    if drilled not in WINDOW_DRILLING:
        ways = ", ".join(map(repr, WINDOW_DRILLING))
        raise reader.error(f"mechanics.windows.drilled should be one of {ways}, not {drilled!r}")
    xs = reader.array(chain_boards, "centres_x_mm", "mechanics.chain_boards")
    if not all(isinstance(x, int | float) and not isinstance(x, bool) for x in xs):
        raise reader.error(f"mechanics.chain_boards.centres_x_mm should be numbers, not {xs!r}")

    def pair(table: Mapping[str, Any], key: str, where: str) -> tuple[float, float]:
        value = reader.array(table, key, where)
        if len(value) != 2 or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value):
            raise reader.error(f"{where}.{key} should be two numbers [X, Y], not {value!r}")
        return float(value[0]), float(value[1])

    def num(table: Mapping[str, Any], key: str, where: str) -> float:
        return float(reader.number(table, key, where))

    def numbers(value: Any) -> bool:
        return all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)

    def pairs(table: Mapping[str, Any], key: str, where: str) -> tuple[tuple[float, float], ...]:
        value = reader.array(table, key, where)
        if not all(isinstance(xy, list) and len(xy) == 2 and numbers(xy) for xy in value):
            raise reader.error(f"{where}.{key} should be pairs [X, Y], not {value!r}")
        return tuple((float(x), float(y)) for x, y in value)

    m = "mechanics"
    slab = pair(top, "slab_mm", m)
    flip = reader.string(top, "flip_axis", m)
    if flip not in FLIP_AXES:
        raise reader.error(f"mechanics.flip_axis should be one of {', '.join(FLIP_AXES)}, not {flip!r}")
    return Mechanics(
        slab_x=slab[0], slab_y=slab[1], skin=num(top, "skin_mm", m), core=num(top, "core_mm", m),
        flip_axis=flip, tables_origin=pair(top, "tables_origin_mm", m),
        draughts_origin=pair(top, "draughts_origin_mm", m), edge_strip=num(top, "edge_strip_mm", m),
        middle=num(top, "middle_mm", m), tray_gap=num(top, "tray_gap_mm", m),
        min_web=num(top, "min_web_mm", m), face_stable_ms=reader.integer(top, "face_stable_ms", m),
        skin_range=pair(stock, "skin_range_mm", "mechanics.stock"),
        core_range=pair(stock, "core_range_mm", "mechanics.stock"),
        carrier_width=num(carrier, "width_mm", "mechanics.carrier"),
        carrier_depth=num(carrier, "core_depth_mm", "mechanics.carrier"),
        carrier_end=num(carrier, "end_mm", "mechanics.carrier"),
        led_diameter=num(holes, "led_diameter_mm", "mechanics.holes"),
        led_core_depth=num(holes, "led_core_depth_mm", "mechanics.holes"),
        exit_drop=num(wire_exit, "drop_mm", "mechanics.wire_exit"),
        exit_margin=num(wire_exit, "margin_mm", "mechanics.wire_exit"),
        windows_drilled=drilled, depth_stop=num(windows, "depth_stop_mm", "mechanics.windows"),
        window_rod=num(windows, "rod_mm", "mechanics.windows"),
        corner_bit=num(tools, "corner_bit_mm", "mechanics.tools"),
        dice_pocket=pair(dice, "pocket_mm", "mechanics.dice"),
        dice_core_depth=num(dice, "core_depth_mm", "mechanics.dice"),
        dice_x=num(dice, "x_mm", "mechanics.dice"),
        dice_offset=num(dice, "offset_mm", "mechanics.dice"),
        pip_pitch=num(dice, "pip_pitch_mm", "mechanics.dice"),
        pip_window=num(dice, "pip_window_mm", "mechanics.dice"),
        window_diameter=num(holes, "window_diameter_mm", "mechanics.holes"),
        button_diameter=num(edge, "button_diameter_mm", "mechanics.edge"),
        button_body=num(edge, "button_body_mm", "mechanics.edge"),
        button_depth=num(edge, "button_depth_mm", "mechanics.edge"),
        button_x=num(edge, "button_x_mm", "mechanics.edge"),
        status_diameter=num(edge, "status_diameter_mm", "mechanics.edge"),
        status_depth=num(edge, "status_depth_mm", "mechanics.edge"),
        status_x=num(edge, "status_x_mm", "mechanics.edge"),
        status_core_z=num(edge, "status_core_z_mm", "mechanics.edge"),
        status_pocket_core_depth=num(edge, "status_pocket_core_depth_mm", "mechanics.edge"),
        usb_size=pair(edge, "usb_size_mm", "mechanics.edge"),
        usb_depth=num(edge, "usb_depth_mm", "mechanics.edge"),
        usb_y=num(edge, "usb_y_mm", "mechanics.edge"),
        usb_screws=pairs(edge, "usb_screws_mm", "mechanics.edge"),
        usb_screw_hole=pair(edge, "usb_screw_hole_mm", "mechanics.edge"),
        main_board_centre=pair(board, "centre_mm", "mechanics.main_board"),
        main_board_size=pair(board, "size_mm", "mechanics.main_board"),
        main_board_core_depth=num(board, "core_depth_mm", "mechanics.main_board"),
        hatch_margin=num(board, "hatch_margin_mm", "mechanics.main_board"),
        hatch_screw_hole_core=pair(board, "hatch_screw_hole_mm", "mechanics.main_board"),
        hatch_screws=pairs(board, "hatch_screws_mm", "mechanics.main_board"),
        chain_board_size=pair(chain_boards, "size_mm", "mechanics.chain_boards"),
        chain_board_core_depth=num(chain_boards, "core_depth_mm", "mechanics.chain_boards"),
        chain_board_xs=tuple(float(x) for x in xs),
        plug_reach=num(plugs, "reach_mm", "mechanics.plugs"),
        plug_side=num(plugs, "side_mm", "mechanics.plugs"),
        pin_joint=num(boards, "pin_joint_mm", "mechanics.boards"),
        face_sensor_diameter=num(face_sensor, "diameter_mm", "mechanics.face_sensor"),
        face_sensor_core_depth=num(face_sensor, "core_depth_mm", "mechanics.face_sensor"),
        channel_core_depth=num(wiring, "channel_core_depth_mm", "mechanics.wiring"),
        sensor=sensor, coupon=reader.string(sensing, "coupon", "mechanics.sensor"),
        magnets={kind: _magnet(reader, reader.table(men, kind, "mechanics.men"), f"mechanics.men.{kind}",
                               pair) for kind in SENSOR_KINDS},
        magnet_base=num(men, "magnet_base_mm", "mechanics.men"),
        man_height=num(men, "man_height_mm", "mechanics.men"),
        capture=num(men, "capture_mm", "mechanics.men"),
        ladder_slack=num(men, "ladder_slack_mm", "mechanics.men"),
        capture_margin=num(men, "margin", "mechanics.men"),
    )


def _magnet(reader: Any, table: Mapping[str, Any], where: str, pair: Any) -> MagnetSpec:
    size = pair(table, "magnet_mm", where)
    br = pair(table, "br_t", where)
    return MagnetSpec(size[0], size[1], float(reader.number(table, "bore_mm", where)), br,
                      reader.string(table, "part", where))


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
