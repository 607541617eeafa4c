"""Where each side's points lie on the wooden board.

The layout numbers the points from player 1's side: 1-6 is player 1's home table when he sets up
with his home table on his right. Players may also set up the other way round (home on the left,
which the 1890s book allows for Backgammon); then every point sits at its mirror image across the bar. Side 0
of the rules (Black) always sits at player 1's edge, with player 1's button, bar and tray.

A :class:`Orientation` turns a :class:`~tablier.tables.position.Position` into men per place
(:data:`~tablier.board.observation.TABLES_PLACES`) and back: the game's frame (contrary or
parallel movement) and which way round the board was set up.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablier.tables.position import BAR, OFF, Position
from tablier.tables.variant import Variant

from .observation import PLACE_INDEX, Counts

HOME_RIGHT = "home-right"
HOME_LEFT = "home-left"
ORIENTATIONS = (HOME_RIGHT, HOME_LEFT)


def mirror(point: int) -> int:
    """The point opposite ``point`` across the bar, on the same side of the board."""
    return 13 - point if point <= 12 else 37 - point


@dataclass(frozen=True)
class Orientation:
    """How one game's sides sit on the board."""

    variant: Variant
    way: str = HOME_RIGHT

    def board_point(self, side: int, point: int) -> int:
        """The layout's number of ``side``'s own ``point`` (1..24)."""
        layout_point = point if side == 0 else self.variant.opposite(point)
        return layout_point if self.way == HOME_RIGHT else mirror(layout_point)

    def own_point(self, side: int, board_point: int) -> int:
        """The inverse of :meth:`board_point`."""
        layout_point = board_point if self.way == HOME_RIGHT else mirror(board_point)
        return layout_point if side == 0 else self.variant.opposite(layout_point)

    def counts(self, position: Position) -> Counts:
        """Men per place of ``position`` (true counts; :func:`visible` caps them to the ladders)."""
        counts = [0] * len(PLACE_INDEX)
        for side in (0, 1):
            board = position.boards[side]
            for point in range(1, 25):
                if board[point]:
                    counts[PLACE_INDEX["point", self.board_point(side, point)]] += board[point]
            counts[PLACE_INDEX["bar", side + 1]] = board[BAR]
            counts[PLACE_INDEX["tray", side + 1]] = board[OFF]
        return tuple(counts)

    def place_of(self, side: int, point: int) -> tuple[str, int]:
        """The place of ``side``'s own ``point`` (0 = his tray, 25 = his bar)."""
        if point == OFF:
            return ("tray", side + 1)
        if point == BAR:
            return ("bar", side + 1)
        return ("point", self.board_point(side, point))
