"""The way of a tables play on the board, for the computer's move made by the human
(:mod:`..computer_lights`): each man hit to his bar, then each man moved; and what the switches
show of the men (the ladders cap tall stacks)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tablier.board.observation import TABLES_PLACES, visible
from tablier.tables.moves import Play
from tablier.tables.position import BAR, OFF

from ..computer_lights import Counts, MovePath, walk

if TYPE_CHECKING:
    from .table import TablesTable


def tables_path(session: TablesTable, play: Play) -> MovePath:
    """The way of ``play`` on the board: first each man hit to his bar, then each man moved with
    one lift and one put (a man going on with the other die straight to his last point)."""
    assert session.orientation is not None and session.inference is not None
    orientation, side = session.orientation, session.flow.turn
    hits: list[tuple[int | None, int | None]] = []
    men: list[list[int]] = []
    for move in play:
        source = TABLES_PLACES.index(orientation.place_of(side, BAR if move.src == BAR else move.src))
        target = TABLES_PLACES.index(orientation.place_of(side, OFF if move.dst == OFF else move.dst))
        if move.hit and not session.variant.pins:  # a pinned man stays under the pinner
            hits.append((target, TABLES_PLACES.index(orientation.place_of(1 - side, BAR))))
        going_on = next((man for man in reversed(men) if man[1] == source), None)
        if going_on is not None:
            going_on[1] = target
        else:
            men.append([source, target])
    steps = hits + [(source, target) for source, target in men if source != target]
    return walk(dict(enumerate(orientation.counts(session.inference.start))), steps)


def tables_shown(ladder: int) -> Callable[[Counts], Counts]:
    """What the switches show of men per place (the ladders cap tall stacks)."""
    def shown(counts: Counts) -> Counts:
        return dict(enumerate(visible(tuple(counts.get(n, 0) for n in range(len(TABLES_PLACES))), ladder)))
    return shown
