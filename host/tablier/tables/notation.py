"""The move notation players write: ``24/18 13/11``, ``bar/22*``, ``6/off``, ``13/9(2)``, ``24/18*/13``.

Points are numbered in the mover's own frame (his 24-point is his farthest, his 1-point his ace; the
other player numbers the same points the other way round). A man moving on with several dice is
written as one chain (``24/13``), naming a point on the way only when a man was hit there
(``24/18*/13``); identical moves are counted (``13/9(2)``). The 1890s books number each side's
points the other way (1 where its two back men start): ``numbering="1890s"`` reads and writes that.
Reading is forgiving: any order, chains or single steps, as long as exactly one legal play matches.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise

from tablier.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError

from .moves import Dice, Play
from .position import BAR, OFF, Position
from .rules import Rules

MODERN = "modern"
BOOK_1890S = "1890s"

_TOKEN = re.compile(r"(?P<chain>(?:bar|b|\d{1,2})\*?(?:/(?:off|o|\d{1,2})\*?)+)(?:\((?P<count>\d)\))?")


def format_play(play: Play, numbering: str = MODERN) -> str:
    """``play`` in notation (``"cannot move"`` for the empty play)."""
    if not play:
        return "cannot move"
    chains: list[list[tuple[int, bool]]] = []  # each: [(src, False), (landing, hit), ...]
    for src, dst, hit in sorted(play, key=lambda move: (-move.src, -move.dst)):
        for chain in chains:
            if chain[-1][0] == src and len(chain) > 1:
                chain.append((dst, hit))
                break
        else:
            chains.append([(src, False), (dst, hit)])
    counts: dict[str, int] = {}  # a chain's text without its last star -> how many men
    starred: set[str] = set()  # the chains that hit on their last point (the first man there does)
    for chain in chains:
        shown = [chain[0]] + [stop for stop in chain[1:-1] if stop[1]] + [chain[-1]]
        text = "/".join(_point(point, numbering) + ("*" if hit else "") for point, hit in shown[:-1])
        text += "/" + _point(shown[-1][0], numbering)
        counts[text] = counts.get(text, 0) + 1
        if shown[-1][1]:
            starred.add(text)
    return " ".join(text + ("*" if text in starred else "") + (f"({count})" if count > 1 else "")
                    for text, count in counts.items())


def parse_play(text: str, variant: Rules, position: Position, dice: Dice, numbering: str = MODERN) -> Play:
    """The legal play of ``dice`` that ``text`` describes.

    :class:`InvalidMoveError` if the text is not notation, :class:`IllegalMoveError` if no legal play
    matches, :class:`AmbiguousMoveError` if several do (e.g. a hit left unmarked).
    """
    cleaned = text.strip().lower()
    legal = variant.plays(position, dice)
    if cleaned in ("", "-", "cannot move", "pass", "no move"):
        if legal == [()]:
            return ()
        raise IllegalMoveError(f"{dice} can be played here; passing is not allowed")
    removed: Counter[int] = Counter()
    added: Counter[int] = Counter()
    marked: set[int] = set()
    for token in cleaned.replace(",", " ").split():
        match = _TOKEN.fullmatch(token)
        if not match:
            raise InvalidMoveError(f"{token!r} is not a move such as 24/18, bar/22*, 6/off or 13/9(2)")
        count = int(match.group("count") or 1)
        stops = match.group("chain").split("/")
        points = [_read_point(stop.rstrip("*"), numbering) for stop in stops]
        if any(later >= earlier for earlier, later in pairwise(points)):
            raise InvalidMoveError(f"{token!r} does not move towards home")
        marked.update(point for point, stop in zip(points, stops, strict=True) if stop.endswith("*"))
        removed[points[0]] += count
        added[points[-1]] += count
    matches = []
    for play in legal:
        net_removed = Counter(move.src for move in play)
        net_added = Counter(move.dst for move in play)
        common = net_removed & net_added
        if net_removed - common == removed - added and net_added - common == added - removed:
            matches.append(play)
    if not matches:
        raise IllegalMoveError(f"{text.strip()} is not a legal play of {dice} here")
    if len(matches) > 1:
        exact = [play for play in matches if {move.dst for move in play if move.hit} == marked]
        if len(exact) == 1:
            return exact[0]
        options = " or ".join(format_play(play, numbering) for play in matches)
        raise AmbiguousMoveError(f"{text.strip()} could be {options}")
    return matches[0]


def _point(point: int, numbering: str) -> str:
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(25 - point if numbering == BOOK_1890S else point)


def _read_point(text: str, numbering: str) -> int:
    if text in ("bar", "b"):
        return BAR
    if text in ("off", "o"):
        return OFF
    number = int(text)
    if not 1 <= number <= 24:
        raise InvalidMoveError(f"point {number} is not one of 1..24")
    return 25 - number if numbering == BOOK_1890S else number
