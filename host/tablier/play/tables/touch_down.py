"""Touching down (the option ``touch_down``, for the games where a man rests between the dice, as
Jacquet's): a man that uses both dice must be seen to rest on the point between them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.board.observation import TABLES_PLACES
from tablier.tables.moves import Play
from tablier.tables.position import BAR, OFF

if TYPE_CHECKING:
    from .table import TablesTable


def untouched_landing(session: TablesTable, play: Play) -> int | None:
    """The point of the mover's frame where a man of ``play`` using both dice should have rested and
    was not seen to; None if every such man touched down (or the option is off)."""
    orientation = session.orientation
    if (not session.options.touch_down or not session.variant.facts.rests_between or orientation is None
            or session.flow.turn + 1 in session.options.reading):  # reading mode waives it
        return None
    dice = session.flow.dice
    side = session.flow.turn
    for first in play:
        going_on = any(move.src == first.dst for move in play if move is not first)
        if not going_on or first.dst in (OFF, BAR):
            continue
        if dice is not None and not dice.is_doublet:  # it rested after the one die or the other
            stops = {first.src - dice.first, first.src - dice.second}
        else:
            stops = {first.dst}
        places = {TABLES_PLACES.index(("point", orientation.board_point(side, p)))
                  for p in stops if 1 <= p <= 24}
        if not places & session.landed_places:
            return first.dst
    return None
