"""A tables game put on the board: its variant (or Tavli's rotation of three) from the catalogue and
its options, and its session."""

from __future__ import annotations

from tablier.games import GameInfo
from tablier.hardware.layout import Layout
from tablier.record.log_writer import EventLogWriter
from tablier.tables.catalog import find_rotation, make_variant

from ..dice import Dice
from ..link import Link
from ..options import PlayOptions
from .session import TablesSession


def make_session(info: GameInfo, link: Link, layout: Layout, dice: Dice, log: EventLogWriter | None,
                 options: PlayOptions) -> TablesSession:
    """The session of the tables game ``info``; ``KeyError``/``ValueError`` for a bad option."""
    rotation = find_rotation(info.name)
    if rotation is not None:  # Tavli: Portes, Plakoto and Fevga in turn, to its points
        match = rotation(options.options)
        options.match_length = options.match_length or match.points
        return TablesSession(match.variant(1), link, layout, dice, log, options, rotation=match)
    variant = make_variant(info.name, options.options)
    return TablesSession(variant, link, layout, dice, log, options)
