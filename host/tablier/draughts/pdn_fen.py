"""The value of a PDN ``FEN`` tag, read as forgivingly as the files in the wild need.

PDN's FEN (``specs/pdn/fen.rst``) is ``TURN:COLOUR squares:COLOUR squares``, squares separated by
commas, ``K`` before a king. Besides the standard this reads: ranges (``W31-50``), squares with
leading zeros (``B01,03``), a trailing dot and spaces (``...,26. ``), an unknown turn ``?``, a side
without pieces (``W:W:B1,2``), the colours in either order, and algebraic squares (``a3``) when a
board is given to name them. :func:`canonical_fen` writes the strict form the rules core reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tablier.errors import InvalidPositionError


@dataclass(frozen=True)
class FenSetup:
    """A set-up position: who is to move (``"W"``, ``"B"`` or ``"?"``) and each side's pieces.

    ``white`` and ``black`` map each occupied square to ``True`` for a king, ``False`` for a man.
    """

    turn: str
    white: dict[int, bool]
    black: dict[int, bool]

    def colour_on(self, square: int) -> str | None:
        """``"W"``, ``"B"`` or ``None`` for an empty square."""
        if square in self.white:
            return "W"
        if square in self.black:
            return "B"
        return None


def parse_fen_tag(value: str, squares: int = 50, algebraic: dict[str, int] | None = None) -> FenSetup:
    """Read a FEN tag's value; ``InvalidPositionError`` with the reason if it cannot be read.

    ``squares`` is the highest square number allowed (32 on 8x8, 50 on 10x10); ``algebraic`` maps
    names such as ``"a3"`` to square numbers for files written in algebraic notation.
    """
    text = re.sub(r"\s+", "", value).rstrip(".")
    fields = text.split(":")
    if not fields[0] or fields[0].upper() not in ("W", "B", "?"):
        raise InvalidPositionError(f"FEN {value!r}: the side to move must be W, B or ?")
    pieces: dict[str, dict[int, bool]] = {"W": {}, "B": {}}
    for part in fields[1:]:
        if not part:
            continue
        colour = part[0].upper()
        if colour not in pieces:
            raise InvalidPositionError(f"FEN {value!r}: {part!r} does not start with W or B")
        for item in filter(None, part[1:].split(",")):
            king = item[0] in "Kk"
            for square in _squares(item[1:] if king else item, value, squares, algebraic):
                if square in pieces["W"] or square in pieces["B"]:
                    raise InvalidPositionError(f"FEN {value!r}: square {square} is given twice")
                pieces[colour][square] = king
    return FenSetup(fields[0].upper(), pieces["W"], pieces["B"])


def _squares(item: str, value: str, highest: int, algebraic: dict[str, int] | None) -> list[int]:
    if algebraic is not None and re.fullmatch(r"[a-j][0-9]{1,2}", item):
        if item not in algebraic:
            raise InvalidPositionError(f"FEN {value!r}: {item!r} is not a playing square")
        return [algebraic[item]]
    match = re.fullmatch(r"([0-9]+)(?:-([0-9]+))?", item)
    if not match:
        raise InvalidPositionError(f"FEN {value!r}: cannot read square {item!r}")
    first = int(match.group(1))
    last = int(match.group(2) or first)
    if not 1 <= first <= last <= highest:
        raise InvalidPositionError(f"FEN {value!r}: square {item!r} is not between 1 and {highest}")
    return list(range(first, last + 1))


def canonical_fen(setup: FenSetup, turn: str | None = None) -> str:
    """The strict FEN ``B:W18,24,K10:B12,K22`` (squares ascending); ``turn`` overrides ``?``."""
    side = turn or setup.turn
    if side not in ("W", "B"):
        raise InvalidPositionError("FEN: the side to move is unknown ('?')")

    def listing(pieces: dict[int, bool]) -> str:
        return ",".join(("K" if pieces[square] else "") + str(square) for square in sorted(pieces))

    return f"{side}:W{listing(setup.white)}:B{listing(setup.black)}"
