"""Hands on the simulated board: men lifted and put as a player would, turned into switch changes.

:class:`Hands` keeps the men on every place as the player sees them (a row from the board's edge,
up to the ladder's length, then a second layer on top of it, which no switch sees) and on the
dark squares, and applies physical actions to a :class:`~tablier.link.sim.SimulatedBoard`:
lifting a man (from the top layer if there is one, else the row's last man), putting one
(the row's next slot, else on top), pressing a button.
"""

from __future__ import annotations

import time
from typing import Protocol

from tablier.board.observation import PLACE_INDEX, Counts
from tablier.hardware.layout import Layout


class SwitchBoard(Protocol):
    """What the hands need of a board: :class:`~tablier.link.sim.SimulatedBoard` has it."""

    def set_switch(self, switch: int, closed: bool) -> None: ...


class HandsError(ValueError):
    """A physical action that cannot be done (no man to lift there)."""


class Hands:
    """The men as they stand, and the actions that move them."""

    def __init__(self, board: SwitchBoard, layout: Layout) -> None:
        self.board = board
        self.layout = layout
        self.row: dict[tuple[str, int], int] = {}
        self.top: dict[tuple[str, int], int] = {}
        self.squares: set[int] = set()
        self.closed: set[int] = set()
        self.pause = 0.03  # longer than the firmware's debounce window

    def _set(self, switch: int, closed: bool) -> None:
        self.board.set_switch(switch, closed)
        (self.closed.add if closed else self.closed.discard)(switch)

    @property
    def expected_closed(self) -> set[int]:
        """The switches the men and fingers close now."""
        return self.closed

    def clear(self) -> None:
        """Take every man off the board."""
        for place in [p for p in {*self.row, *self.top} if self.men(p)]:
            while self.men(place):
                self.lift(place)
        for square in sorted(self.squares):
            self.lift(("square", square))

    def set_up_tables(self, counts: Counts) -> None:
        """Place men per place as rows, the rest on top (after clearing the board)."""
        self.clear()
        for place, n in PLACE_INDEX.items():
            for _ in range(counts[n]):
                self.put(place)

    def set_up_squares(self, squares: set[int]) -> None:
        """Put a man on each of ``squares`` (after clearing the board)."""
        self.clear()
        for square in sorted(squares):
            self.put(("square", square))

    def men(self, place: tuple[str, int]) -> int:
        """Men on a place, both layers."""
        if place[0] == "square":
            return int(place[1] in self.squares)
        return self.row.get(place, 0) + self.top.get(place, 0)

    def lift(self, place: tuple[str, int], from_row: bool = False) -> None:
        """Lift a man: from the top layer if any (unseen) unless ``from_row``, else the row's end
        (with ``from_row`` under a top layer, a man of that layer then slides down into the gap:
        the slot's switch opens and closes again)."""
        kind, index = place
        if kind == "square":
            if index not in self.squares:
                raise HandsError(f"no man on square {index} to lift")
            self.squares.discard(index)
            self._set(self.layout.switch_at("square", index).id, False)
            return
        if self.top.get(place, 0) and not from_row:
            self.top[place] -= 1
            return
        row = self.row.get(place, 0)
        if not row:
            raise HandsError(f"no man on {kind} {index} to lift")
        self._set(self.layout.switch_at(kind, index, row).id, False)
        self.row[place] = row - 1
        if from_row and self.top.get(place, 0):  # a man of the top layer slides down into the gap
            self.top[place] -= 1
            self._wait_seen()
            self._set(self.layout.switch_at(kind, index, row).id, True)
            self.row[place] = row

    def _wait_seen(self) -> None:
        """Let the switch's change be debounced and reported before the next one (a hand's pause)."""
        time.sleep(self.pause)

    def put(self, place: tuple[str, int]) -> None:
        """Put a man: the row's next slot, or on top once the row is full."""
        kind, index = place
        if kind == "square":
            if index in self.squares:
                raise HandsError(f"square {index} already holds a man")
            self.squares.add(index)
            self._set(self.layout.switch_at("square", index).id, True)
            return
        row = self.row.get(place, 0)
        if row >= self.layout.ladders[kind]:
            self.top[place] = self.top.get(place, 0) + 1
            return
        self._set(self.layout.switch_at(kind, index, row + 1).id, True)
        self.row[place] = row + 1

    def press(self, player: int, down: bool) -> None:
        """Press (``down``) or release player ``player``'s button."""
        self._set(self.layout.switch_at("button", player).id, down)

    def turn_face(self, tables_up: bool) -> None:
        """Turn the board to its tables or its draughts face."""
        for switch in self.layout.switches_of("face"):
            self._set(switch.id, tables_up)
