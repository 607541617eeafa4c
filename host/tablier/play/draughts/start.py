"""A draughts game put on the board: its board class and options from the catalogue, the Checker
Laws where they apply, the 8x8 face checked, and its session."""

from __future__ import annotations

from tablier.draughts.catalog import split_options
from tablier.draughts.geometry import BOARD_8
from tablier.draughts.variants import find_variant
from tablier.games import GameInfo
from tablier.hardware.layout import Layout
from tablier.record.log_writer import EventLogWriter

from ..dice import Dice
from ..link import Link
from ..options import PlayOptions
from .session import DraughtsSession


def make_session(info: GameInfo, link: Link, layout: Layout, dice: Dice, log: EventLogWriter | None,
                 options: PlayOptions) -> DraughtsSession:
    """The session of the draughts game ``info``; ``ValueError`` for a board the Tablier's face cannot
    hold or a bad position."""
    board_options, laws = split_options(info.name, options.options)
    board_class = find_variant(info.name)
    if board_class.geometry is not BOARD_8:
        raise ValueError(f"{info.title} needs a {board_class.geometry.size}x{board_class.geometry.size} "
                         "board; the Tablier board's draughts face is 8x8")
    fen = options.position or None
    board_class(fen, **board_options)  # a bad FEN is refused now, with its reason
    laws_in_force = laws if board_class.checker_laws else None
    return DraughtsSession(lambda: board_class(fen, **board_options), laws_in_force, link, layout, dice, log,
                           options)
