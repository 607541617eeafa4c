"""Board geometry as data: the playing squares of an 8x8 or 10x10 board and their bit layout.

Squares are numbered the draughts way: 1 is the first playing square of the top row (Black's side,
seen from White) and numbering runs left to right, row by row, to 32 (8x8) or 50 (10x10). Rows with
an even index (0 at the top) start one column in, odd rows start at the left edge; so on 8x8 square 1
is b8, 5 is a7 and 29 is a1, and on 10x10 square 46 is a1.

Inside, a position is a set of bitboards (plain ints). Each square has a *bit index* with one unused
"ghost" bit after every pair of rows: with ``h`` squares per row, a square's diagonal neighbours are
then always ``h`` and ``h + 1`` bits away, and a step off the left or right edge lands on a ghost bit,
which is never occupied nor empty. That makes a whole side's one-step moves four shifts and masks.
"""

from __future__ import annotations

from typing import Final

# The four diagonal directions, as indices into the per-square tables. "Up" is towards square 1
# (the direction White's men move), "down" towards the last square (Black's men).
UP_LEFT: Final = 0
UP_RIGHT: Final = 1
DOWN_LEFT: Final = 2
DOWN_RIGHT: Final = 3
DIRECTIONS: Final = (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)
UP_DIRECTIONS: Final = (UP_LEFT, UP_RIGHT)
DOWN_DIRECTIONS: Final = (DOWN_LEFT, DOWN_RIGHT)


class Geometry:
    """The playing squares of a ``size`` x ``size`` board (``size`` even) and their tables.

    Public attributes (all precomputed at construction, read-only by convention):

    - ``size``, ``per_row`` (playing squares per row), ``squares`` (how many: 32 or 50);
    - ``bit_of[square]`` and ``square_of[bit]`` (0 for ghost bits);
    - ``valid``: the mask of all playing squares;
    - ``row_of[square]``, ``column_of[square]`` (0-based, row 0 at the top, column 0 at the left);
    - ``top_row``/``bottom_row``: masks of the first and last rows (where White's and Black's men crown);
    - ``shift[d]``: signed bit distance of one step in direction ``d``;
    - ``neighbour[d][bit]``: the bit one step away in direction ``d``, or -1 off the board;
    - ``ray[d][bit]``: the bits along direction ``d`` to the edge, nearest first.
    """

    def __init__(self, size: int) -> None:
        if size % 2 or size < 4:
            raise ValueError(f"a draughts board has an even size of at least 4, not {size}")
        self.size = size
        self.per_row = size // 2
        self.squares = size * self.per_row
        h = self.per_row
        self.bit_of: tuple[int, ...] = (-1, *(s + (s // h) // 2 for s in range(self.squares)))
        nbits = max(self.bit_of) + 1
        square_of = [0] * nbits
        for square in range(1, self.squares + 1):
            square_of[self.bit_of[square]] = square
        self.square_of: tuple[int, ...] = tuple(square_of)
        self.valid = sum(1 << self.bit_of[s] for s in range(1, self.squares + 1))
        self.row_of: tuple[int, ...] = (-1, *((s - 1) // h for s in range(1, self.squares + 1)))
        self.column_of: tuple[int, ...] = (-1, *(
            2 * ((s - 1) % h) + (1 - self.row_of[s] % 2) for s in range(1, self.squares + 1)))
        self.top_row = sum(1 << self.bit_of[s] for s in range(1, h + 1))
        self.bottom_row = sum(1 << self.bit_of[s] for s in range(self.squares - h + 1, self.squares + 1))
        self.shift: tuple[int, ...] = (-(h + 1), -h, h, h + 1)
        by_place = {(self.row_of[s], self.column_of[s]): self.bit_of[s] for s in range(1, self.squares + 1)}
        steps = ((-1, -1), (-1, 1), (1, -1), (1, 1))
        neighbour: list[list[int]] = [[-1] * nbits for _ in DIRECTIONS]
        ray: list[list[tuple[int, ...]]] = [[()] * nbits for _ in DIRECTIONS]
        for (row, column), bit in by_place.items():
            for d, (dr, dc) in enumerate(steps):
                along = []
                r, c = row + dr, column + dc
                while (r, c) in by_place:
                    along.append(by_place[(r, c)])
                    r, c = r + dr, c + dc
                ray[d][bit] = tuple(along)
                neighbour[d][bit] = along[0] if along else -1
        self.neighbour: tuple[tuple[int, ...], ...] = tuple(tuple(n) for n in neighbour)
        self.ray: tuple[tuple[tuple[int, ...], ...], ...] = tuple(tuple(r) for r in ray)
        self._jumps: dict[tuple[int, ...], tuple[tuple[tuple[int, int, int, int], ...], ...]] = {}

    def mask(self, squares: list[int] | tuple[int, ...] | set[int] | frozenset[int]) -> int:
        """The bitboard of the given square numbers."""
        bit_of = self.bit_of
        return sum(1 << bit_of[s] for s in set(squares))

    def squares_in(self, mask: int) -> list[int]:
        """The square numbers set in ``mask``, in ascending order."""
        square_of = self.square_of
        found = []
        while mask:
            low = mask & -mask
            found.append(square_of[low.bit_length() - 1])
            mask ^= low
        return found

    def jumps(self, directions: tuple[int, ...]) -> tuple[tuple[tuple[int, int, int, int], ...], ...]:
        """Per bit, the short jumps in ``directions``: ``(over, over mask, land, land mask)`` each.

        Built once per set of directions and kept: capture search walks these instead of the
        neighbour table.
        """
        table = self._jumps.get(directions)
        if table is None:
            rows: list[tuple[tuple[int, int, int, int], ...]] = []
            for bit in range(len(self.square_of)):
                found = []
                for d in directions:
                    over = self.neighbour[d][bit]
                    land = self.neighbour[d][over] if over >= 0 else -1
                    if land >= 0:
                        found.append((over, 1 << over, land, 1 << land))
                rows.append(tuple(found))
            table = self._jumps[directions] = tuple(rows)
        return table

    def square_at(self, row: int, column: int) -> int:
        """The square number at ``row``, ``column`` (0-based from the top left), or 0 if none is there."""
        if not (0 <= row < self.size and 0 <= column < self.size) or (row + column) % 2 == 0:
            return 0
        return row * self.per_row + column // 2 + 1

    def name_of(self, square: int) -> str:
        """The algebraic name of a square (``1`` is ``b8`` on 8x8), for drawings and other engines."""
        return "abcdefghij"[self.column_of[square]] + str(self.size - self.row_of[square])

    def __repr__(self) -> str:
        return f"Geometry({self.size})"


BOARD_8: Final = Geometry(8)
BOARD_10: Final = Geometry(10)
