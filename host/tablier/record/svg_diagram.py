"""Pictures of positions: SVG diagrams of a tables board or a draughts board, PNG on request.

Tables: the 24 points as triangles numbered from Black's side (13..24 along the far edge, 12..1
along the near edge, Black's home table at the near right, as in the text diagram), each point's men
(five drawn, a taller stack with its count), the bar in the middle, the men borne off in the trays,
the dice and whose turn it is. Draughts: the board with its playing squares numbered, men and kings.
Points or squares to light (a move's from and to) are drawn in a highlight colour. The SVG is plain
and self-contained (the HTML replay inlines it); PNG goes through ``rsvg-convert`` (Debian's
``librsvg2-bin``) when it is installed.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Collection

from tablier.draughts.core import Board as DraughtsBoard
from tablier.hardware.svg import Svg
from tablier.tables.position import BAR, BLACK, OFF, WHITE, Position
from tablier.tables.variant import Variant

from .game_record import RecordError

MEN_COLOURS = ("#2b2118", "#f3ead7")
HIGHLIGHT = "#f5b82e"
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


def tables_svg(position: Position, variant: Variant, dice: tuple[int, ...] = (),
               lit: Collection[int] = (), caption: str = "") -> str:
    """An SVG diagram of a tables position; ``lit`` holds Black-numbered points to light
    (``BAR`` = 25 for the bar, ``OFF`` = 0 for the trays)."""
    half = 6 * _W
    width = _MARGIN + half + _BAR + half + _MARGIN + _TRAY
    top = _MARGIN
    height = top + 2 * _LENGTH + 14 + _MARGIN + 10
    svg = Svg(width, height, caption or "tables position")
    svg.rect(0, 0, width, height, fill=WOOD, stroke="none")
    board_bottom = top + 2 * _LENGTH + 14
    svg.rect(_MARGIN, top, 2 * half + _BAR, board_bottom - top, fill=FELT, stroke="#000")
    bar_x = _MARGIN + half
    svg.rect(bar_x, top, _BAR, board_bottom - top, fill=HIGHLIGHT if BAR in lit else WOOD, stroke="#000")
    black, white = position.boards

    def men_on(point: int) -> tuple[int, int]:
        if black[point]:
            return black[point], BLACK
        his = white[variant.opposite(point)]
        return his, WHITE

    for index in range(24):
        far = index < 12  # 13..24 on the far (top) edge, left to right; 12..1 on the near edge
        point = 13 + index if far else 12 - (index - 12)
        column = index if far else index - 12
        x = _MARGIN + column * _W + (_BAR if column >= 6 else 0)
        tip = top + _LENGTH if far else board_bottom - _LENGTH
        base = top if far else board_bottom
        colour = HIGHLIGHT if point in lit else POINT_COLOURS[index % 2]
        svg.polyline([(x, base), (x + _W, base), (x + _W / 2, tip)], fill=colour, stroke="#000",
                     stroke_width=0.2)
        label_y = top - 3.5 if far else board_bottom + 3.5
        svg.text(x + _W / 2, label_y, str(point), size=3.2, fill="#fff")
        count, side = men_on(point)
        for slot in range(min(count, _SHOWN)):
            cy = base + (_R + 2 * _R * slot) * (1 if far else -1)
            _man(svg, x + _W / 2, cy, side)
        if count > _SHOWN:
            cy = base + (_R + 2 * _R * (_SHOWN - 1)) * (1 if far else -1)
            svg.text(x + _W / 2, cy, str(count), size=3.6, fill=MEN_COLOURS[1 - side], bold=True)
    middle = (top + board_bottom) / 2
    for side, direction in ((WHITE, -1), (BLACK, 1)):
        on_bar = position.boards[side][BAR]
        for slot in range(min(on_bar, 3)):
            _man(svg, bar_x + _BAR / 2, middle + direction * (8 + 2 * _R * slot), side)
        if on_bar > 3:
            svg.text(bar_x + _BAR / 2, middle + direction * (8 + 4 * _R), str(on_bar), size=3.6,
                     fill=MEN_COLOURS[1 - side], bold=True)
    tray_x = _MARGIN + 2 * half + _BAR + _MARGIN / 2
    for side, y in ((WHITE, top), (BLACK, middle + 2)):
        tray_height = middle - top - 2
        tray_colour = HIGHLIGHT if OFF in lit else "#4a2e1a"
        svg.rect(tray_x, y, _TRAY - 2, tray_height, fill=tray_colour, stroke="#000")
        borne = position.boards[side][OFF]
        if borne:
            _man(svg, tray_x + (_TRAY - 2) / 2, y + tray_height / 2 - 3, side)
            svg.text(tray_x + (_TRAY - 2) / 2, y + tray_height / 2 + 5, str(borne), size=3.6, fill="#fff")
    for number, die in enumerate(dice[:4]):
        x = _MARGIN + half + _BAR + half / 2 - 7 + number * 9
        svg.rect(x, middle - 3.5, 7, 7, fill="#fffdf5", stroke="#000", rx=1)
        svg.text(x + 3.5, middle, str(die), size=4.5, bold=True)
    turn = "Black" if position.turn == BLACK else "White"
    text = caption or f"{turn} to move"
    svg.text(_MARGIN, height - 6, text, size=3.8, anchor="start", fill="#fff")
    return svg.render(scale=4)


def _man(svg: Svg, cx: float, cy: float, side: int) -> None:
    edge = "#000" if side == WHITE else "#888"
    svg.circle(cx, cy, _R, fill=MEN_COLOURS[side], stroke=edge, stroke_width=0.4)


def draughts_svg(board: DraughtsBoard, lit: Collection[int] = (), caption: str = "") -> str:
    """An SVG diagram of a draughts position (square 1 at the top left); ``lit`` squares lit."""
    geometry = board.geometry
    cell = 12.0
    size = geometry.size * cell
    width = size + 2 * _MARGIN
    height = size + 2 * _MARGIN + 10
    svg = Svg(width, height, caption or "draughts position")
    svg.rect(0, 0, width, height, fill=WOOD, stroke="none")
    for row in range(geometry.size):
        for column in range(geometry.size):
            svg.rect(_MARGIN + column * cell, _MARGIN + row * cell, cell, cell, fill="#efe0c0", stroke="none")
    for square in range(1, geometry.squares + 1):
        x = _MARGIN + geometry.column_of[square] * cell
        y = _MARGIN + geometry.row_of[square] * cell
        svg.rect(x, y, cell, cell, fill=HIGHLIGHT if square in lit else "#6b8e4e", stroke="none")
        svg.text(x + 2, y + 2.2, str(square), size=2.6, anchor="start", fill="#fff")
        piece = board.piece_at(square)
        if piece is None:
            continue
        side = 1 if piece.color else 0
        svg.circle(x + cell / 2, y + cell / 2, cell * 0.38, fill=MEN_COLOURS[side],
                   stroke="#000" if side else "#888", stroke_width=0.5)
        if piece.king:
            svg.circle(x + cell / 2, y + cell / 2, cell * 0.22, stroke=MEN_COLOURS[1 - side],
                       stroke_width=0.8)
            svg.text(x + cell / 2, y + cell / 2, "K", size=3.6, fill=MEN_COLOURS[1 - side], bold=True)
    svg.rect(_MARGIN, _MARGIN, size, size, stroke="#000")
    turn = "White" if board.turn else "Black"
    svg.text(_MARGIN, height - 6, caption or f"{turn} to move", size=3.8, anchor="start", fill="#fff")
    return svg.render(scale=4)


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
