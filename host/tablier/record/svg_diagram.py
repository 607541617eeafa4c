"""Pictures of positions: SVG diagrams of a tables board or a draughts board, PNG on request.

Tables: the 24 points as triangles numbered from Black's side (13..24 along the far edge, 12..1
along the near edge, Black's home table at the near right, as in the text diagram), each point's men
(five drawn, a taller stack with its count), the bar in the middle, the men borne off in the trays,
the dice (a used one greyed), the cube and whose turn it is. Draughts: the board with its playing
squares numbered, men and kings.
Points or squares to light (a move's from and to) are drawn in a highlight colour; arrows (the
better play of an analysed move) are drawn dashed from place to place. The drawing
itself works from a plain picture (:class:`TablesPicture`, :class:`DraughtsPicture`), so that the
live web page (the lit LEDs in their colours, lifted and misplaced men) is drawn by the same code.
The SVG is plain and self-contained (the HTML replay inlines it); PNG goes through ``rsvg-convert`` (Debian's
``librsvg2-bin``) when it is installed.
"""

from __future__ import annotations

import math
import shutil
import subprocess
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import NamedTuple

from tablier.draughts.core import Board as DraughtsBoard
from tablier.draughts.geometry import Geometry
from tablier.svg import Svg
from tablier.tables.position import BAR, BLACK, OFF, WHITE, Position
from tablier.tables.variant import Variant

from .game_record import RecordError

MEN_COLOURS = ("#2b2118", "#f3ead7")
HIGHLIGHT = "#f5b82e"
ARROW = "#e0102a"
POINT_COLOURS = ("#9c4f2d", "#d9b77e")
FELT = "#2f6b45"
WOOD = "#6b4226"

_W = 10.0  # point width
_LENGTH = 48.0  # point length
_MARGIN = 8.0
_BAR = 12.0
_TRAY = 16.0
_R = 4.4
_SHOWN = 5


@dataclass
class TablesPicture:
    """What a tables diagram shows, whatever it is drawn from (a position, or the live board).

    ``points`` maps each point as numbered on the drawing (13..24 along the far edge, 12..1 along
    the near edge) to its men and their side (0 Black, 1 White, None unknown); ``bar`` and ``off``
    hold Black's and White's men there. ``lights`` colours places (``point 7``, ``bar 1``,
    ``tray 2``: 1 is Black's, 2 White's); ``marks`` flags places ``lifted`` (a man gone from
    there) or ``added`` (a man where the position has none). ``cube`` is (value, owner: 0 in the
    middle, 1 Black's, 2 White's). ``arrows`` are drawn from place to place (named as ``lights``).
    ``labels``: the number written at a point when it is not the point's own (White's numbers, for
    the side to move)."""

    points: dict[int, tuple[int, int | None]] = field(default_factory=dict)
    bar: tuple[int, int] = (0, 0)
    off: tuple[int, int] = (0, 0)
    dice: tuple[int, ...] = ()
    dice_used: tuple[bool, ...] = ()
    lights: dict[str, str] = field(default_factory=dict)
    marks: dict[str, str] = field(default_factory=dict)
    cube: tuple[int, int] | None = None
    caption: str = ""
    arrows: list[tuple[str, str]] = field(default_factory=list)
    labels: dict[int, int] = field(default_factory=dict)


@dataclass
class DraughtsPicture:
    """What a draughts diagram shows: ``pieces`` maps squares to (side: 0 Black, 1 White, None
    unknown; king); ``lights`` colours squares, ``marks`` flags them ``lifted`` or ``added``;
    ``arrows`` are drawn from square to square."""

    size: int = 8
    pieces: dict[int, tuple[int | None, bool]] = field(default_factory=dict)
    lights: dict[int, str] = field(default_factory=dict)
    marks: dict[int, str] = field(default_factory=dict)
    caption: str = ""
    arrows: list[tuple[int, int]] = field(default_factory=list)


def tables_svg(position: Position, variant: Variant, dice: tuple[int, ...] = (),
               lit: Collection[int] = (), caption: str = "",
               cube: tuple[int, int] | None = None, arrows: Collection[tuple[str, str]] = ()) -> str:
    """An SVG diagram of a tables position; ``lit`` holds Black-numbered points to light
    (``BAR`` = 25 for the bar, ``OFF`` = 0 for the trays); ``cube``: (value, owner) and ``arrows``
    (place to place) as in :class:`TablesPicture`."""
    black, white = position.boards
    points: dict[int, tuple[int, int | None]] = {}
    for point in range(1, 25):
        his = white[variant.opposite(point)]
        points[point] = (black[point], BLACK) if black[point] else (his, WHITE)
    lights = {f"point {p}": HIGHLIGHT for p in lit if 1 <= p <= 24}
    if BAR in lit:
        lights.update({"bar 1": HIGHLIGHT, "bar 2": HIGHLIGHT})
    if OFF in lit:
        lights.update({"tray 1": HIGHLIGHT, "tray 2": HIGHLIGHT})
    turn = "Black" if position.turn == BLACK else "White"
    picture = TablesPicture(points, (black[BAR], white[BAR]), (black[OFF], white[OFF]), dice,
                            lights=lights, cube=cube, caption=caption or f"{turn} to move",
                            arrows=list(arrows))
    return draw_tables(picture)


def draw_tables(picture: TablesPicture) -> str:
    """The SVG of a :class:`TablesPicture` (the one drawing code of the replay and the live page)."""
    half = 6 * _W
    width = _MARGIN + half + _BAR + half + _MARGIN + _TRAY
    top = _MARGIN
    height = top + 2 * _LENGTH + 14 + _MARGIN + 10
    svg = Svg(width, height, picture.caption or "tables position")
    svg.rect(0, 0, width, height, fill=WOOD, stroke="none")
    board_bottom = top + 2 * _LENGTH + 14
    svg.rect(_MARGIN, top, 2 * half + _BAR, board_bottom - top, fill=FELT, stroke="#000")
    frame = _TablesFrame(top, board_bottom, (top + board_bottom) / 2, _MARGIN + half, half)
    centres: dict[str, tuple[float, float]] = {}  # where each place is, for the arrows
    _draw_bar(svg, picture, frame, centres)
    for index in range(24):
        _draw_point(svg, picture, frame, index, centres)
    _draw_men_on_bar(svg, picture, frame)
    _draw_trays(svg, picture, frame, centres)
    _draw_dice_and_cube(svg, picture, frame)
    for index, (start, end) in enumerate(picture.arrows):
        if start in centres and end in centres:  # each arrow a little nearer the middle: none hides another
            (x1, y1), (x2, y2) = centres[start], centres[end]
            shift = 3.5 * index
            _arrow(svg, (x1, y1 + (shift if y1 < frame.middle else -shift)),
                   (x2, y2 + (shift if y2 < frame.middle else -shift)))
    svg.text(_MARGIN, height - 6, picture.caption, size=3.8, anchor="start", fill="#fff")
    return svg.render(scale=4)


class _TablesFrame(NamedTuple):
    """Where a tables drawing's board lies: its top and bottom edges, its middle line, the bar's left
    edge and a table's width."""

    top: float
    bottom: float
    middle: float
    bar_x: float
    half: float


def _draw_bar(svg: Svg, picture: TablesPicture, frame: _TablesFrame,
              centres: dict[str, tuple[float, float]]) -> None:
    """The bar, each half lit as the picture says."""
    top, middle, bar_x = frame.top, frame.middle, frame.bar_x
    centres["bar 1"] = (bar_x + _BAR / 2, middle + 8)
    centres["bar 2"] = (bar_x + _BAR / 2, middle - 8)
    svg.rect(bar_x, top, _BAR, frame.bottom - top, fill=WOOD, stroke="#000")
    for player, y in ((2, top), (1, middle)):
        light = picture.lights.get(f"bar {player}")
        if light:
            svg.rect(bar_x, y, _BAR, middle - top, fill=light, stroke="#000")


def _draw_point(svg: Svg, picture: TablesPicture, frame: _TablesFrame, index: int,
                centres: dict[str, tuple[float, float]]) -> None:
    """The ``index``-th point from the far left (13..24 on the far edge, left to right; 12..1 on the
    near edge), its label and its men."""
    far = index < 12
    point = 13 + index if far else 12 - (index - 12)
    column = index if far else index - 12
    x = _MARGIN + column * _W + (_BAR if column >= 6 else 0)
    tip = frame.top + _LENGTH if far else frame.bottom - _LENGTH
    base = frame.top if far else frame.bottom
    name = f"point {point}"
    centres[name] = (x + _W / 2, (base + tip) / 2)
    colour = picture.lights.get(name, POINT_COLOURS[index % 2])
    svg.polyline([(x, base), (x + _W, base), (x + _W / 2, tip)], fill=colour, stroke="#000",
                 stroke_width=0.2)
    label_y = frame.top - 3.5 if far else frame.bottom + 3.5
    svg.text(x + _W / 2, label_y, str(picture.labels.get(point, point)), size=3.2, fill="#fff")
    count, side = picture.points.get(point, (0, None))
    direction = 1 if far else -1
    for slot in range(min(count, _SHOWN)):
        _man(svg, x + _W / 2, base + (_R + 2 * _R * slot) * direction, side,
             added=slot == min(count, _SHOWN) - 1 and picture.marks.get(name) == "added")
    if count > _SHOWN:
        cy = base + (_R + 2 * _R * (_SHOWN - 1)) * direction
        svg.text(x + _W / 2, cy, str(count), size=3.6, fill=MEN_COLOURS[1 - (side or 0)], bold=True)
    if picture.marks.get(name) == "lifted":
        _lifted(svg, x + _W / 2, base + (_R + 2 * _R * min(count, _SHOWN - 1)) * direction)


def _draw_men_on_bar(svg: Svg, picture: TablesPicture, frame: _TablesFrame) -> None:
    """Each side's men on the bar (three drawn, and their number beyond)."""
    centre, middle = frame.bar_x + _BAR / 2, frame.middle
    for side, direction in ((WHITE, -1), (BLACK, 1)):
        on_bar = picture.bar[side]
        for slot in range(min(on_bar, 3)):
            _man(svg, centre, middle + direction * (8 + 2 * _R * slot), side)
        if on_bar > 3:
            svg.text(centre, middle + direction * (8 + 4 * _R), str(on_bar), size=3.6,
                     fill=MEN_COLOURS[1 - side], bold=True)
        if picture.marks.get(f"bar {side + 1}") == "lifted":
            _lifted(svg, centre, middle + direction * (8 + 2 * _R * min(on_bar, 2)))


def _draw_trays(svg: Svg, picture: TablesPicture, frame: _TablesFrame,
                centres: dict[str, tuple[float, float]]) -> None:
    """The bear-off trays, lit as the picture says, with the men borne off."""
    tray_x = _MARGIN + 2 * frame.half + _BAR + _MARGIN / 2
    for side, y in ((WHITE, frame.top), (BLACK, frame.middle + 2)):
        tray_height = frame.middle - frame.top - 2
        tray_colour = picture.lights.get(f"tray {side + 1}", "#4a2e1a")
        centres[f"tray {side + 1}"] = (tray_x + (_TRAY - 2) / 2, y + tray_height / 2)
        svg.rect(tray_x, y, _TRAY - 2, tray_height, fill=tray_colour, stroke="#000")
        borne = picture.off[side]
        if borne:
            _man(svg, tray_x + (_TRAY - 2) / 2, y + tray_height / 2 - 3, side)
            svg.text(tray_x + (_TRAY - 2) / 2, y + tray_height / 2 + 5, str(borne), size=3.6, fill="#fff")


def _draw_dice_and_cube(svg: Svg, picture: TablesPicture, frame: _TablesFrame) -> None:
    """The dice (those used greyed) and the doubling cube on its owner's side."""
    half, middle = frame.half, frame.middle
    for number, die in enumerate(picture.dice[:4]):
        x = _MARGIN + half + _BAR + half / 2 - 7 + number * 9
        used = number < len(picture.dice_used) and picture.dice_used[number]
        svg.rect(x, middle - 3.5, 7, 7, fill="#8a8578" if used else "#fffdf5", stroke="#000", rx=1)
        svg.text(x + 3.5, middle, str(die), size=4.5, bold=True, fill="#555" if used else "#000")
    if picture.cube is not None:
        value, owner = picture.cube
        cy = {0: middle, 1: frame.bottom - 6, 2: frame.top + 6}[owner]
        svg.rect(_MARGIN + half / 2 - 4, cy - 4, 8, 8, fill="#fff", stroke="#000", rx=1)
        svg.text(_MARGIN + half / 2, cy, str(value), size=4, bold=True)  # as the words say: 1, not 64


def _arrow(svg: Svg, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A dashed arrow from ``start`` to ``end`` with a filled head."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = 3.2
    bx, by = x2 - ux * head, y2 - uy * head
    svg.line(x1, y1, bx, by, stroke=ARROW, stroke_width=1.0, dashed=True)
    side_x, side_y = -uy * head / 2, ux * head / 2
    svg.polyline([(x2, y2), (bx + side_x, by + side_y), (bx - side_x, by - side_y)],
                 stroke=ARROW, stroke_width=0.3, fill=ARROW)


def _man(svg: Svg, cx: float, cy: float, side: int | None, added: bool = False) -> None:
    if side is None:
        svg.circle(cx, cy, _R, fill="#999", stroke="#000", stroke_width=0.4)
        return
    edge = "#000" if side == WHITE else "#888"
    svg.circle(cx, cy, _R, fill=MEN_COLOURS[side], stroke="#f5b82e" if added else edge,
               stroke_width=1.0 if added else 0.4)


def _lifted(svg: Svg, cx: float, cy: float) -> None:
    """The slot a lifted man left: a dashed ring."""
    svg.circle(cx, cy, _R, fill="none", stroke="#ffe066", stroke_width=0.6)


def draughts_svg(board: DraughtsBoard, lit: Collection[int] = (), caption: str = "",
                 arrows: Collection[tuple[int, int]] = ()) -> str:
    """An SVG diagram of a draughts position (square 1 at the top left); ``lit`` squares lit,
    ``arrows`` drawn from square to square."""
    pieces: dict[int, tuple[int | None, bool]] = {}
    for square in range(1, board.geometry.squares + 1):
        piece = board.piece_at(square)
        if piece is not None:
            pieces[square] = (1 if piece.color else 0, piece.king)
    turn = "White" if board.turn else "Black"
    return draw_draughts(DraughtsPicture(board.geometry.size, pieces, {s: HIGHLIGHT for s in lit},
                                         caption=caption or f"{turn} to move", arrows=list(arrows)))


def draw_draughts(picture: DraughtsPicture) -> str:
    """The SVG of a :class:`DraughtsPicture`."""
    geometry = Geometry(picture.size)
    cell = 12.0
    size = geometry.size * cell
    width = size + 2 * _MARGIN
    height = size + 2 * _MARGIN + 10
    svg = Svg(width, height, picture.caption or "draughts position")
    svg.rect(0, 0, width, height, fill=WOOD, stroke="none")
    for row in range(geometry.size):
        for column in range(geometry.size):
            svg.rect(_MARGIN + column * cell, _MARGIN + row * cell, cell, cell, fill="#efe0c0", stroke="none")
    for square in range(1, geometry.squares + 1):
        x = _MARGIN + geometry.column_of[square] * cell
        y = _MARGIN + geometry.row_of[square] * cell
        svg.rect(x, y, cell, cell, fill=picture.lights.get(square, "#6b8e4e"), stroke="none")
        if picture.marks.get(square) == "lifted":
            svg.circle(x + cell / 2, y + cell / 2, cell * 0.38, stroke="#ffe066", stroke_width=0.6)
        if square in picture.pieces:
            _draughts_man(svg, x + cell / 2, y + cell / 2, cell, picture.pieces[square],
                          picture.marks.get(square) == "added")
        # the square's number last, on a dark tab: readable over a man too
        svg.rect(x + 0.4, y + 0.5, 1.6 * len(str(square)) + 1.0, 3.0, fill="#1f2b18", stroke="none", rx=0.6)
        svg.text(x + 0.9, y + 2.0, str(square), size=2.6, anchor="start", fill="#fff")
    svg.rect(_MARGIN, _MARGIN, size, size, stroke="#000")
    def centre(square: int) -> tuple[float, float]:
        return (_MARGIN + (geometry.column_of[square] + 0.5) * cell,
                _MARGIN + (geometry.row_of[square] + 0.5) * cell)

    for start, end in picture.arrows:
        if 1 <= start <= geometry.squares and 1 <= end <= geometry.squares:
            _arrow(svg, centre(start), centre(end))
    svg.text(_MARGIN, height - 6, picture.caption, size=3.8, anchor="start", fill="#fff")
    return svg.render(scale=4)


def _draughts_man(svg: Svg, cx: float, cy: float, cell: float, piece: tuple[int | None, bool],
                  added: bool) -> None:
    """A man (or a king, crowned ``K``) centred on (cx, cy); ``added``: ringed, a man where the
    position has none."""
    side, king = piece
    fill = "#999" if side is None else MEN_COLOURS[side]
    svg.circle(cx, cy, cell * 0.38, fill=fill, stroke="#f5b82e" if added else "#000" if side else "#888",
               stroke_width=1.0 if added else 0.5)
    if king:
        ink = MEN_COLOURS[1 - (side or 0)]
        svg.circle(cx, cy, cell * 0.22, stroke=ink, stroke_width=0.8)
        svg.text(cx, cy, "K", size=3.6, fill=ink, bold=True)


def png_available() -> bool:
    """Whether ``rsvg-convert`` is installed."""
    return shutil.which("rsvg-convert") is not None


def svg_to_png(svg: str) -> bytes:
    """The SVG drawn as PNG by ``rsvg-convert``; :class:`RecordError` with the fix if it is missing."""
    if not png_available():
        raise RecordError("PNG needs rsvg-convert, which is not installed "
                          "(Debian: apt-get install librsvg2-bin); SVG works without it")
    done = subprocess.run(["rsvg-convert", "--format", "png"], input=svg.encode(), capture_output=True,
                          timeout=60, check=False)
    if done.returncode:
        raise RecordError(f"rsvg-convert failed: {done.stderr.decode(errors='replace').strip()}")
    return done.stdout
