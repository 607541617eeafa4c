"""Positions of a tables game: two sides' men on 24 points, the bar and the trays, and the side to move.

Each side's men are kept in that side's *own frame*, a tuple of 26 counts:

* index 1..24: the points, numbered the way the side counts them when it moves (men travel from
  high numbers to low ones; 1..6 is the side's home table, 24 the farthest point);
* index 25 (``BAR``): men on the bar, waiting to enter on the points 24..19;
* index 0 (``OFF``): men borne off.

Where the two frames meet is the variant's business (:meth:`tablier.tables.variant.Variant.opposite`):
in backgammon my point ``p`` is the adversary's ``25 - p``; in Jacquet, where both sides travel the
same way round the board, it is ``p + 12`` or ``p - 12``. The position itself knows nothing about it.

In Plakoto a man is not hit but *pinned*: he stays on his point under the adversary's men and may
not move until they leave. ``Position.pinned`` marks those men, a bit per point of the owner's frame;
every other game leaves it ``(0, 0)``.

A :class:`Position` is an immutable value: hashable, comparable, cheap to copy.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablier.errors import InvalidPositionError

OFF = 0
BAR = 25
POINTS = range(1, 25)
HOME = range(1, 7)
MEN = 15

BLACK = 0
WHITE = 1
SIDE_NAMES = ("black", "white")

SideBoard = tuple[int, ...]
"""One side's 26 counts in its own frame: ``[OFF, point 1, ..., point 24, BAR]``."""


def side_board(points: dict[int, int], bar: int = 0, men: int = MEN) -> SideBoard:
    """A side board from ``{point: men}`` and the men on the bar; the rest of ``men`` are borne off."""
    counts = [0] * 26
    for point, count in points.items():
        if point not in POINTS:
            raise InvalidPositionError(f"point {point} is not one of 1..24")
        counts[point] = count
    counts[BAR] = bar
    counts[OFF] = men - sum(counts)
    if counts[OFF] < 0:
        raise InvalidPositionError(f"more than {men} men on the board")
    return tuple(counts)


@dataclass(frozen=True, slots=True)
class Position:
    """Both sides' men (each in its own frame) and the side to move (``BLACK`` = 0 or ``WHITE`` = 1).

    ``boards[side]`` is a :data:`SideBoard`. The position does not check the men against each other
    (that needs the variant's geometry): :meth:`tablier.tables.variant.Variant.validate` does.
    ``pinned[side]`` has bit ``p`` set when that side's man on its point ``p`` is pinned (Plakoto).
    """

    boards: tuple[SideBoard, SideBoard]
    turn: int = BLACK
    pinned: tuple[int, int] = (0, 0)

    @property
    def mover(self) -> SideBoard:
        """The board of the side to move."""
        return self.boards[self.turn]

    @property
    def waiter(self) -> SideBoard:
        """The board of the side not to move."""
        return self.boards[1 - self.turn]

    def with_turn(self, side: int) -> Position:
        """The same men with ``side`` to move."""
        return Position(self.boards, side, self.pinned)

    def swapped(self) -> Position:
        """The same men with the other side to move."""
        return Position(self.boards, 1 - self.turn, self.pinned)

    def is_pinned(self, side: int, point: int) -> bool:
        """Whether ``side``'s man on its point ``point`` is pinned (Plakoto)."""
        return bool(self.pinned[side] >> point & 1)

    def borne_off(self, side: int) -> int:
        """How many men ``side`` has borne off."""
        return self.boards[side][OFF]

    def pip_count(self, side: int) -> int:
        """The pips ``side`` still has to travel to bear every man off (a man on the bar counts 25)."""
        board = self.boards[side]
        return sum(point * board[point] for point in range(1, 26))

    def __str__(self) -> str:
        def describe(board: SideBoard) -> str:
            parts = [f"{p}:{board[p]}" for p in range(24, 0, -1) if board[p]]
            if board[BAR]:
                parts.insert(0, f"bar:{board[BAR]}")
            if board[OFF]:
                parts.append(f"off:{board[OFF]}")
            return " ".join(parts) or "-"

        return (f"{SIDE_NAMES[self.turn]} to move; black {describe(self.boards[BLACK])}; "
                f"white {describe(self.boards[WHITE])}")
