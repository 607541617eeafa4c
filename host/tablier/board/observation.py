"""From closed switches to what the board shows: men per place, buttons pressed, the face up.

Reed switches cannot tell a black man from a white one, nor see a man on the second layer of a tall
stack: an :class:`Observation` is only how many slots of each ladder are covered, which dark squares
hold a man, and the buttons. The rules and the last position give it meaning.

Places of the tables face are numbered in one fixed order, :data:`TABLES_PLACES`: the 24 points as
the layout numbers them, then the bars of players 1 and 2, then their trays.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tablier.hardware.layout import Layout

Place = tuple[str, int]
"""A place of the board: ``("point", 7)``, ``("bar", 1)``, ``("tray", 2)``, ``("square", 14)``."""

TABLES_PLACES: tuple[Place, ...] = (
    *(("point", p) for p in range(1, 25)), ("bar", 1), ("bar", 2), ("tray", 1), ("tray", 2))
PLACE_INDEX: dict[Place, int] = {place: n for n, place in enumerate(TABLES_PLACES)}
Counts = tuple[int, ...]
"""Men per place of :data:`TABLES_PLACES` (28 numbers)."""


def place_name(place: Place) -> str:
    """``point 7``, ``player 1's bar``, ``player 2's tray``, ``square 14``."""
    kind, index = place
    if kind in ("bar", "tray"):
        return f"player {index}'s {kind}"
    return f"{kind} {index}"


@dataclass(frozen=True)
class Observation:
    """What the switches show at one moment."""

    counts: Counts
    squares: frozenset[int]
    buttons: frozenset[int]
    tables_face_up: bool

    def count(self, place: Place) -> int:
        """Covered slots of a ladder place."""
        return self.counts[PLACE_INDEX[place]]

    def men_differ(self, other: Observation) -> bool:
        """Whether the men (or the face up) differ from ``other``'s (the buttons aside)."""
        return (self.counts, self.squares, self.tables_face_up) != (other.counts, other.squares,
                                                                    other.tables_face_up)


class Observer:
    """Turns sets of closed switch ids into :class:`Observation` values for one layout."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.ladder = layout.ladders["point"]
        self._ladder_of: dict[int, int] = {}
        self._square_of: dict[int, int] = {}
        self._button_of: dict[int, int] = {}
        self._face: set[int] = set()
        for switch in layout.switches:
            place = (switch.kind, switch.index)
            if place in PLACE_INDEX:
                self._ladder_of[switch.id] = PLACE_INDEX[place]
            elif switch.kind == "square":
                self._square_of[switch.id] = switch.index
            elif switch.kind == "button":
                self._button_of[switch.id] = switch.index
            elif switch.kind == "face":
                self._face.add(switch.id)

    def observe(self, closed: Iterable[int]) -> Observation:
        """The observation of a set of closed switches."""
        counts = [0] * len(TABLES_PLACES)
        squares: set[int] = set()
        buttons: set[int] = set()
        face = False
        for switch in closed:
            if switch in self._ladder_of:
                counts[self._ladder_of[switch]] += 1
            elif switch in self._square_of:
                squares.add(self._square_of[switch])
            elif switch in self._button_of:
                buttons.add(self._button_of[switch])
            elif switch in self._face:
                face = True
        return Observation(tuple(counts), frozenset(squares), frozenset(buttons), face)

    def button_of(self, switch: int) -> int | None:
        """The player whose button ``switch`` is, if it is a button."""
        return self._button_of.get(switch)

    def place_of(self, switch: int) -> Place | None:
        """The ladder place or square of ``switch`` (None for buttons and the face switch)."""
        if switch in self._ladder_of:
            return TABLES_PLACES[self._ladder_of[switch]]
        if switch in self._square_of:
            return ("square", self._square_of[switch])
        return None

    def switches_for(self, counts: Counts | None = None, squares: Iterable[int] = (),
                     buttons: Iterable[int] = (), tables_face_up: bool = True) -> set[int]:
        """The closed switches of a board showing ``counts`` men per place (rows from the edge,
        at most a ladder's length), men on ``squares``, ``buttons`` held: the inverse of
        :meth:`observe`, for simulations."""
        closed: set[int] = set()
        for n, count in enumerate(counts or ()):
            kind, index = TABLES_PLACES[n]
            for switch in self.layout.switches_of(kind, index)[:count]:
                closed.add(switch.id)
        closed.update(self.layout.switch_at("square", s).id for s in squares)
        closed.update(self.layout.switch_at("button", b).id for b in buttons)
        if tables_face_up:
            closed.update(self._face)
        return closed


def visible(counts: Counts, ladder: int) -> Counts:
    """What the switches show of ``counts`` men when each place is set as a row from the edge:
    at most ``ladder`` slots (the rest stand on the second layer, unseen)."""
    return tuple(min(count, ladder) for count in counts)


def could_show(seen: int, men: int, ladder: int) -> bool:
    """Whether ``men`` men on a place may show ``seen`` covered slots: exactly, when they fit in one
    row; for a tall stack, any row of at least half of them (the rest on the second layer)."""
    if men <= ladder:
        return seen == men
    return -(-men // 2) <= seen <= ladder
