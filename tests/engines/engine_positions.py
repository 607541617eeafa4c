"""Random positions of every game, reached by random play from the start (for the engines' tests)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from tablier.draughts.core import Board
from tablier.tables.game import throw
from tablier.tables.moves import Dice
from tablier.tables.position import BLACK, Position
from tablier.tables.variant import Variant


def tables_positions(variant: Variant, count: int, seed: int) -> Iterator[tuple[Position, Dice]]:
    """``count`` positions of ``variant`` with a throw to play, from random games (not yet over)."""
    rng = random.Random(seed)
    position = variant.start_position(BLACK)
    made = 0
    while made < count:
        dice = throw(rng)
        if rng.random() < 0.3:
            yield position, dice
            made += 1
        position = variant.after(position, rng.choice(variant.plays(position, dice)))
        if variant.result(position) is not None:
            position = variant.start_position(BLACK)


def draughts_positions(board_class: type[Board], count: int, seed: int) -> Iterator[Board]:
    """``count`` positions of a draughts variant with a move to make, from random games."""
    rng = random.Random(seed)
    board = board_class()
    made = 0
    while made < count:
        moves = board.legal_moves()
        if not moves or len(board.move_stack) > 150:
            board = board_class()
            continue
        if rng.random() < 0.3:
            yield board.copy(stack=False)
            made += 1
        board.push(rng.choice(moves))
