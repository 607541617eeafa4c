"""PDN FEN for draughts positions: ``B:W21,22,K30:B1,2,3`` in and out.

The first field is the side to move (``B`` or ``W``); then one field per colour, a colour letter and
a comma-separated list of squares, ``K`` before a king. Ranges (``W31-50``, ``BK1-3``) are read;
written FENs list every square. Reading is tolerant of spaces, leading zeros, lower case, a final
period, a side without pieces (``W:W:B1``) and trailing ``H``/``F`` counter fields of PDN 3.
"""

from __future__ import annotations

import re
from typing import Protocol

from tablier.draughts.geometry import Geometry
from tablier.errors import InvalidPositionError


class Pieces(Protocol):
    """What a FEN is written from: the side to move and each colour's squares (a
    :class:`~tablier.draughts.core.Board`)."""

    turn: bool

    def pieces(self, color: bool, king: bool | None = None) -> list[int]: ...

_SQUARE = re.compile(r"(K?)(\d+)(?:-(\d+))?\Z", re.IGNORECASE)


def parse_fen(fen: str, geometry: Geometry) -> tuple[bool, list[int], list[int], list[int]]:
    """``(turn, black squares, white squares, king squares)`` of ``fen``; turn ``True`` is White.

    Raises ``InvalidPositionError`` with the reason when the text is not a FEN of this board.
    """
    text = "".join(fen.split()).strip('"').rstrip(".")
    fields = [field for field in text.split(":") if field]
    if not fields or fields[0].upper() not in ("B", "W"):
        raise InvalidPositionError(f"FEN {fen!r} must start with the side to move, B or W")
    turn = fields[0].upper() == "W"
    placed: dict[bool, list[int]] = {False: [], True: []}
    kings: list[int] = []
    seen_colors: set[str] = set()
    owner: dict[int, str] = {}
    for field in fields[1:]:
        color = field[0].upper()
        if color in "HF" and field[1:].isdigit():
            continue  # PDN 3 move counters: not part of the position
        if color not in "BW":
            raise InvalidPositionError(f"FEN field {field!r} must start with B or W")
        if color in seen_colors:
            raise InvalidPositionError(f"FEN {fen!r} lists {color} twice")
        seen_colors.add(color)
        body = field[1:]
        for token in body.split(",") if body else []:
            for square, king in _squares_of(token, geometry.squares):
                if square in owner:
                    raise InvalidPositionError(f"square {square} is listed twice in FEN {fen!r}")
                owner[square] = color
                placed[color == "W"].append(square)
                if king:
                    kings.append(square)
    if len(seen_colors) < 2:
        raise InvalidPositionError(f"FEN {fen!r} needs a W field and a B field")
    return turn, placed[False], placed[True], kings


def _squares_of(token: str, last: int) -> list[tuple[int, bool]]:
    match = _SQUARE.match(token)
    if not match:
        raise InvalidPositionError(f"{token!r} is not a square (like 21 or K30) in a FEN")
    king = bool(match.group(1))
    first = int(match.group(2))
    end = int(match.group(3)) if match.group(3) else first
    if not 1 <= first <= end <= last:
        raise InvalidPositionError(f"{token!r}: squares run from 1 to {last}")
    return [(square, king) for square in range(first, end + 1)]


def board_fen(board: Pieces) -> str:
    """The FEN of ``board``'s position: side to move, White's pieces, Black's pieces."""
    fields = ["W" if board.turn else "B"]
    for color in (True, False):
        kings = set(board.pieces(color, king=True))
        squares = board.pieces(color)
        fields.append(("W" if color else "B") + ",".join(
            f"K{square}" if square in kings else str(square) for square in squares))
    return ":".join(fields)
