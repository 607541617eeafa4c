"""A tables position drawn as text, seen from black's side of the board (black ``X``, white ``O``).

Points carry black's numbers: 13..24 along the far edge, 12..1 along the near edge, black's home
table (1..6) at the near right. Up to five men are drawn on a point; a taller stack shows its count
on the fifth row. The bar is in the middle, the trays of borne-off men on the right::

     13 14 15 16 17 18       19 20 21 22 23 24
    +-------------------+---+-------------------+  off
    |  X           O    |   |  O              X |  O 0
    ...
"""

from __future__ import annotations

from .position import BAR, BLACK, OFF, WHITE, Position
from .variant import Variant

ROWS = 5
MARKS = ("X", "O")


def draw(position: Position, variant: Variant, dice: str = "") -> str:
    """The board as text lines, with the side to move and (if given) the dice underneath."""
    black, white = position.boards

    def men(point: int) -> tuple[int, int]:
        """(count, side) of the men on black's ``point``."""
        if black[point]:
            return black[point], BLACK
        his = white[variant.opposite(point)]
        return (his, WHITE) if his else (0, BLACK)

    def cell(point: int, row: int) -> str:
        count, side = men(point)
        if count <= row:
            return "   "
        if row == ROWS - 1 and count > ROWS:
            return f"{count:>3}"
        return f"  {MARKS[side]}"

    def half(points: list[int], rows: list[int], bar_side: int) -> list[str]:
        lines = []
        for row in rows:
            left = "".join(cell(point, row) for point in points[:6])
            right = "".join(cell(point, row) for point in points[6:])
            on_bar = position.boards[bar_side][BAR]
            bar = f"{MARKS[bar_side]}{on_bar}" if on_bar and row == 0 else "  "
            lines.append(f"|{left} | {bar}|{right} |")
        return lines

    far = list(range(13, 25))
    near = list(range(12, 0, -1))
    edge = "+" + "-" * 19 + "+---+" + "-" * 19 + "+"
    lines = [
        " " + "".join(f"{p:>3}" for p in far[:6]) + "      " + "".join(f"{p:>3}" for p in far[6:]),
        edge + "  off",
        *half(far, list(range(ROWS)), WHITE),
        "|" + " " * 19 + "|BAR|" + " " * 19 + "|",
        *half(near, list(range(ROWS - 1, -1, -1)), BLACK),
        edge,
        " " + "".join(f"{p:>3}" for p in near[:6]) + "      " + "".join(f"{p:>3}" for p in near[6:]),
    ]
    lines[2] += f"  O {white[OFF]}"
    lines[2 + 2 * ROWS] += f"  X {black[OFF]}"
    mover = f"{'black (X)' if position.turn == BLACK else 'white (O)'} to move"
    lines.append(f"{mover}{', dice ' + dice if dice else ''}; pips X {position.pip_count(BLACK)}, "
                 f"O {position.pip_count(WHITE)}")
    return "\n".join(lines)
