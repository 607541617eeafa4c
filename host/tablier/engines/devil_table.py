"""The solved table of Devil among the Tailors, shipped with the package so a hint needs no solve.

Solving the game from the start (:class:`tablier.draughts.devil_solver.DevilSolver`) visits every
position reachable from it and takes about ten seconds in pure Python. The answer never changes, so
it is computed once and kept in ``engines/data/devil-table.xz``: one byte for each placement of the
four tailors, the devil and the side to move (``2 * 32 * C(32, 4)`` = 2,301,440 bytes, 84 kB once
compressed with LZMA), ``0`` for a position reachable from neither start (the devil first, Law 7,
or the tailors first), ``1 + n`` when White wins in ``n`` plies with best play, ``129 + n`` when
Black does.

The file is made by ``python -m tablier.engines.devil_table`` (it solves both starts and writes the
table); ``tests/engines/test_devil_engine.py`` checks it against the solver (a sample in the default
run, every position in ``make test-full``). A position the table does not hold (set up by FEN, not
reachable from a start) is solved when asked.
"""

from __future__ import annotations

import lzma
from functools import cache
from importlib import resources
from math import comb
from pathlib import Path

from tablier.draughts.core import BLACK, WHITE
from tablier.draughts.devil_solver import START, DevilPosition, DevilSolver, Solution

TABLE_NAME = "devil-table.xz"
SQUARES = 32
PLACEMENTS = comb(SQUARES, 4) * SQUARES * 2
BLACK_WINS = 128


def table_index(position: DevilPosition) -> int:
    """The position's place in the table: the tailors' combination (its rank among the sorted
    4-subsets of squares 1-32), the devil's square, the side to move."""
    rank = sum(comb(square - 1, count + 1) for count, square in enumerate(sorted(position.tailors)))
    return (rank * SQUARES + position.devil - 1) * 2 + int(position.turn == WHITE)


def build_table() -> bytes:
    """Solve both starts and return the table (uncompressed): every position reachable from them."""
    table = bytearray(PLACEMENTS)
    starts = (START, DevilPosition(START.tailors, START.devil, WHITE))
    seen: set[DevilPosition] = set(starts)
    frontier = list(starts)
    solver = DevilSolver()
    while frontier:
        position = frontier.pop()
        solution = solver.solve(position)
        table[table_index(position)] = encode(solution)
        if position.winner() is None:
            for move in position.moves():
                child = position.play(move)
                if child not in seen:
                    seen.add(child)
                    frontier.append(child)
    return bytes(table)


def encode(solution: Solution) -> int:
    """A solution as one byte of the table."""
    return 1 + solution.plies + (BLACK_WINS if solution.winner == BLACK else 0)


def decode(byte: int) -> Solution | None:
    """A byte of the table as a solution (``None``: not in the table)."""
    if not byte:
        return None
    if byte > BLACK_WINS:
        return Solution(BLACK, byte - BLACK_WINS - 1)
    return Solution(WHITE, byte - 1)


def table_path() -> Path:
    """Where the package keeps the table."""
    return Path(str(resources.files("tablier.engines") / "data" / TABLE_NAME))


@cache
def shipped_table() -> bytes:
    """The table shipped with the package (empty if the file is missing: then everything is solved)."""
    try:
        return lzma.decompress(table_path().read_bytes())
    except (OSError, lzma.LZMAError):
        return b""


def lookup(position: DevilPosition) -> Solution | None:
    """The shipped solution of ``position``, or ``None`` if the table does not hold it."""
    table = shipped_table()
    return decode(table[table_index(position)]) if table else None


def main() -> None:
    """Write the table into the package (``python -m tablier.engines.devil_table``)."""
    table = build_table()
    path = table_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(lzma.compress(table, preset=9 | lzma.PRESET_EXTREME))
    held = sum(1 for byte in table if byte)
    print(f"wrote {path}: {held:,} positions, {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
