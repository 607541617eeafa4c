"""The tables games of parallel movement: both sides run the same way round the board.

Jacquet and its variants, Fevga and Long Nardy share the geometry (each side's fifteen men start on
its 24-point, diagonally opposite the adversary's: my point ``p`` is his ``p ± 12``), no hitting (one
man holds a point) and a question their rules on walls all ask: how many adversary men stand behind
six points in a row? :class:`ParallelVariant` answers it once.
"""

from __future__ import annotations

from .position import MEN, side_board
from .variant import Variant

START_POINT = 24


class ParallelVariant(Variant):
    """A race of parallel movement: all men on the 24-point, no hitting, walls counted."""

    start = side_board({START_POINT: MEN})
    hitting = False

    def opposite(self, point: int) -> int:
        """Parallel movement: my 24-point (the start) is the adversary's 12-point."""
        return point + 12 if point <= 12 else point - 12

    def blocked_men(self, mine: list[int], theirs: list[int]) -> int:
        """How many adversary men stand behind six points in a row that ``mine`` holds.

        Walls are looked for along the adversary's own route (his points 24 down to 1), the only
        order in which six held points stop him.
        """
        held = [False] * 25
        men = [0] * 25
        for point in range(1, 25):
            his = self.opposite(point)
            held[his] = mine[point] > 0
            men[his] = theirs[point]
        run = 0
        for his in range(1, 25):
            run = run + 1 if held[his] else 0
            if run >= 6:
                return sum(men[his + 1:25])
        return 0
