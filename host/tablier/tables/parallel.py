"""The tables games of parallel movement: both sides run the same way round the board.

Jacquet and its variants, Fevga and Long Nardy share the geometry (each side's fifteen men start on
its 24-point, diagonally opposite the adversary's: my point ``p`` is his ``p ± 12``), no hitting (one
man holds a point) and a question their rules on walls all ask: how many adversary men stand behind
six points in a row? :class:`ParallelVariant` answers it once.
"""

from __future__ import annotations

from .moves import Move
from .position import MEN, SideBoard, side_board
from .variant import Variant

START_POINT = 24


STARTING_TABLE = (1 << 25) - (1 << 19)
"""The points 19..24 (a side's starting table) as bits of a held set."""


def held_points(board: list[int] | SideBoard) -> int:
    """The points 1..24 of ``board`` that hold a man, as bits (bit ``p`` for the point ``p``)."""
    held = 0
    for point in range(1, 25):
        if board[point]:
            held |= 1 << point
    return held


class Walls:
    """The adversary's men as the rules on walls see them during one turn of a parallel race (they
    never move in the mover's turn): who stands behind six points in a row of a held set."""

    def __init__(self, variant: ParallelVariant, theirs: list[int]) -> None:
        men = [0] * 26  # men[h]: the adversary's men on his point h
        for point in range(1, 25):
            men[variant.opposite(point)] = theirs[point]
        self.behind = [0] * 25
        """``behind[h]``: the adversary's men on his points above ``h``."""
        above = 0
        for his in range(24, -1, -1):
            self.behind[his] = above
            above += men[his]
        self.on_board = self.behind[0]
        highest_his = max(variant.opposite(point) for point in range(19, 25))
        self.to_pass_starting_table = self.behind[highest_his] > 0
        """Whether an adversary man still has the mover's starting table to pass."""
        self._blocked: dict[int, int] = {}

    def blocked(self, held: int) -> int:
        """How many adversary men stand behind six points in a row of ``held`` (my points as bits).

        Walls are looked for along the adversary's own route (his points 24 down to 1), the only
        order in which six held points stop him: the lowest six in a row on it stops every man above.
        """
        known = self._blocked.get(held)
        if known is not None:
            return known
        his = (held & 0x1FFE) << 12 | (held >> 12) & 0x1FFE  # my p is his p + 12 or p - 12
        rows = his & his >> 1 & his >> 2 & his >> 3 & his >> 4 & his >> 5  # bit h: h..h+5 all held
        shut = self.behind[(rows & -rows).bit_length() + 4] if rows else 0
        self._blocked[held] = shut
        return shut

    def rows_within(self, reach: int, least: int = 1) -> list[int]:
        """Every six points in a row (as bits of my points) within ``reach`` (my points as bits) with
        at least ``least`` adversary men behind them."""
        his = (reach & 0x1FFE) << 12 | (reach >> 12) & 0x1FFE
        starts = his & his >> 1 & his >> 2 & his >> 3 & his >> 4 & his >> 5
        rows = []
        while starts:
            lowest = starts & -starts
            starts ^= lowest
            if self.behind[lowest.bit_length() + 4] >= least:
                row = lowest * 0x3F
                rows.append((row >> 12) & 0x1FFE | (row & 0x1FFE) << 12)
        return rows


class ParallelVariant(Variant):
    """A race of parallel movement: all men on the 24-point, no hitting, walls counted."""

    start = side_board({START_POINT: MEN})
    hitting = False

    def opposite(self, point: int) -> int:
        """Parallel movement: my 24-point (the start) is the adversary's 12-point."""
        return point + 12 if point <= 12 else point - 12

    def walls(self, theirs: list[int]) -> Walls:
        """The adversary's men ``theirs`` as the rules on walls see them."""
        return Walls(self, theirs)

    def blocked_men(self, mine: list[int], theirs: list[int]) -> int:
        """How many adversary men stand behind six points in a row that ``mine`` holds."""
        return self.walls(theirs).blocked(held_points(mine))

    def step_allowed(self, mine: list[int], theirs: list[int], move: Move) -> bool:
        """A step is allowed unless it breaks one of the game's rules on single steps."""
        return self.step_fault(mine, theirs, move) is None

    def step_fault(self, mine: list[int], theirs: list[int], move: Move) -> str | None:
        """The rule ``move`` would break now (``None`` if none), beyond landing and bearing off: the
        game's rule on leaving the start (:meth:`start_fault`), then its walls (:meth:`wall_fault`)."""
        if move.src == START_POINT:
            fault = self.start_fault(mine)
            if fault is not None:
                return fault
        after = list(mine)
        after[move.src] -= 1
        after[move.dst] += 1
        return self.wall_fault(held_points(mine), held_points(after), self.walls(theirs))

    def start_fault(self, mine: list[int]) -> str | None:
        """The rule a step from the starting point would break now (none by default)."""
        return None

    def wall_fault(self, before: int, after: int, walls: Walls) -> str | None:
        """The wall rule a step would break that changes the points the mover holds (as bits) from
        ``before`` to ``after`` (none by default)."""
        return None


def closed_points(theirs: list[int]) -> list[bool]:
    """The points 0..24 a man of a game without hitting may not stop on: any adversary man there."""
    return [False] + [theirs[point] > 0 for point in range(1, 25)]
