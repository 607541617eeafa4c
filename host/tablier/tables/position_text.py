"""The position text format of every tables game (see ``docs/positions.md``).

A position is written the way players describe one: each side's men by the point numbers *that side*
counts (24 the farthest point, 1 its ace point), then the side to move::

    W 24x2 13x5 8x3 6x5 / B 24x2 13x5 8x3 6x5 / W      backgammon's start
    parallel: W 24x15 / B 24x15 / W                  Jacquet's start, frame named

``24x2`` is two men on the 24-point (``6`` alone is one man); ``bar``/``barx2`` men on the bar;
``off``/``offx3`` men borne off (optional: the men not written are borne off); ``12p`` a man pinned on
the 12-point under the adversary's men (Plakoto). An optional leading
``contrary:`` or ``parallel:`` names the frame (how one side's points face the other's); when given it
must be the game's.
"""

from __future__ import annotations

import re

from tablier.errors import InvalidPositionError

from .position import BAR, BLACK, MEN, OFF, WHITE, Position
from .variant import Variant

FRAMES = ("contrary", "parallel")
"""``contrary``: my point p is the adversary's 25 - p (backgammon, ticktack); ``parallel``: both sides
run the same way round, my point p is his p + 12 or p - 12 (Jacquet and its variants)."""

_SIDE_LETTERS = {"w": WHITE, "white": WHITE, "b": BLACK, "black": BLACK}
_ITEM = re.compile(r"(?P<where>\d+|bar|off)(?:[x*:](?P<count>\d+))?(?P<pinned>p)?")


def parse_position(text: str, frame: str | None = None) -> Position:
    """The position written as ``text``; :class:`InvalidPositionError` naming the fault otherwise.

    ``frame`` is the game's frame: a frame written in the text must agree with it. Only the text's
    own consistency is checked here (each side's men on 1..24, the bar and the trays, 15 in all);
    whether the two sides' men may stand where they do is the game's business.
    """
    body = text.strip()
    head, colon, rest = body.partition(":")
    if colon and head.strip().lower() in FRAMES:
        written = head.strip().lower()
        if frame is not None and written != frame:
            raise InvalidPositionError(f"the position is written in the {written} frame; "
                                       f"this game uses the {frame} frame")
        body = rest
    fields = [field.strip() for field in body.split("/")]
    if len(fields) not in (2, 3):
        raise InvalidPositionError(f"position {text!r} is not 'W <men> / B <men> [/ W|B]' "
                                   "(see docs/positions.md)")
    boards: dict[int, tuple[int, ...]] = {}
    pinned = [0, 0]
    for field in fields[:2]:
        side, board, pinned_mask = _parse_side(field)
        if side in boards:
            raise InvalidPositionError(f"{_name(side)}'s men are written twice")
        boards[side], pinned[side] = board, pinned_mask
    turn = WHITE
    if len(fields) == 3:
        letter = fields[2].lower().removesuffix(" to move").removesuffix(" to play").strip()
        if letter not in _SIDE_LETTERS:
            raise InvalidPositionError(f"side to move {fields[2]!r} is not W or B")
        turn = _SIDE_LETTERS[letter]
    return Position((boards[BLACK], boards[WHITE]), turn, (pinned[BLACK], pinned[WHITE]))


def _parse_side(field: str) -> tuple[int, tuple[int, ...], int]:
    """``"W 24x2 13x5"`` as (side, own-frame board of 26 counts, pinned points as bits)."""
    words = field.replace(",", " ").split()
    if not words or words[0].lower() not in _SIDE_LETTERS:
        raise InvalidPositionError(f"{field!r} does not start with W or B")
    side = _SIDE_LETTERS[words[0].lower()]
    counts = [0] * 26
    pinned = 0
    off_written = False
    for word in words[1:]:
        match = _ITEM.fullmatch(word.lower())
        if not match:
            raise InvalidPositionError(f"{word!r} is not POINT, POINTxCOUNT, POINTp, bar[xN] or off[xN]")
        where = match.group("where")
        count = int(match.group("count") or 1)
        if where == "bar":
            index = BAR
        elif where == "off":
            index, off_written = OFF, True
        else:
            index = int(where)
            if not 1 <= index <= 24:
                raise InvalidPositionError(f"point {index} is not one of 1..24")
        if match.group("pinned"):
            if index in (OFF, BAR) or count != 1:
                raise InvalidPositionError(f"{word!r}: only a single man on a point can be pinned")
            pinned |= 1 << index
        counts[index] += count
    total = sum(counts)
    if total > MEN or (off_written and total != MEN):
        raise InvalidPositionError(f"{_name(side)} has {total} men; each side has {MEN}")
    counts[OFF] += MEN - total
    for point in range(1, 25):
        if pinned >> point & 1 and counts[point] != 1:
            raise InvalidPositionError(f"{_name(side)}'s pinned man on {point} is not alone there")
    return side, tuple(counts), pinned


def format_position(position: Position, frame: str | None = None) -> str:
    """``position`` in the text format (points high to low; ``frame`` written first when given)."""
    def side_text(side: int) -> str:
        board = position.boards[side]
        words = ["W" if side == WHITE else "B"]
        if board[BAR]:
            words.append(_item("bar", board[BAR]))
        words.extend(_item(str(point), board[point]) + ("p" if position.is_pinned(side, point) else "")
                     for point in range(24, 0, -1) if board[point])
        if board[OFF]:
            words.append(_item("off", board[OFF]))
        return " ".join(words)

    text = f"{side_text(WHITE)} / {side_text(BLACK)} / {'W' if position.turn == WHITE else 'B'}"
    return f"{frame}: {text}" if frame else text


def frame_of(variant: Variant) -> str:
    """The frame of ``variant``, read from its own ``opposite`` hook (one source of truth)."""
    return "contrary" if variant.opposite(24) == 1 else "parallel"


def looks_like_position_text(text: str) -> bool:
    """Whether ``text`` is meant as this format rather than a GNU Backgammon Position ID.

    A Position ID is 14 characters of base 64 (which may include ``/``) and never has a space; the
    text format always separates the side letter from its men by one.
    """
    return any(char.isspace() for char in text.strip())


def _item(where: str, count: int) -> str:
    return where if count == 1 else f"{where}x{count}"


def _name(side: int) -> str:
    return "white" if side == WHITE else "black"
