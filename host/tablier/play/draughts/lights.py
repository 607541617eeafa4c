"""The way of a draughts move on the board, for the computer's move made by the human
(:mod:`..computer_lights`): the huffed man, the captured men, then the man moved; and what the
squares show (a man or none)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.draughts.core import Move

from ..computer_lights import Counts, MovePath, walk

if TYPE_CHECKING:
    from .table import DraughtsTable


def draughts_path(session: DraughtsTable, move: Move, huffed: int | None) -> MovePath:
    """The way of ``move``: the huffed man lifted (if it still stands), the captured men lifted,
    the man moved."""
    start = set(session.board.pieces(False) + session.board.pieces(True))
    steps: list[tuple[int | None, int | None]] = []
    if huffed is not None and huffed not in start:
        start.add(huffed)
        steps.append((huffed, None))
    steps += [(square, None) for square in move.captures]  # the board reads the men taken off first
    steps.append((move.from_square, move.to_square))
    return walk({square: 1 for square in start}, steps)


def squares_shown(counts: Counts) -> Counts:
    """What the squares show: a man or none."""
    return {square: 1 for square, men in counts.items() if men > 0}
