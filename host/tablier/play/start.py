"""Putting a game on the board together: the session for a game name, its log, its link.

:func:`make_session` builds the right session (tables or draughts) for a catalogue name with its
options; :func:`open_log` starts the event log with its header.
"""

from __future__ import annotations

import time
from pathlib import Path

from tablier import __version__
from tablier.games import find_game
from tablier.hardware.layout import Layout
from tablier.record.eventlog import Header
from tablier.record.log_writer import EventLogWriter, new_log_path

from .computer import attach_computer
from .dice import Dice
from .link import Link
from .session import PlayOptions, Session


def make_session(game: str, link: Link, layout: Layout, dice: Dice, log: EventLogWriter | None,
                 options: PlayOptions) -> Session:
    """The session that plays ``game`` (a catalogue name or alias), the players named ``computer``
    played by the engine (:mod:`.computer`); ``KeyError``/``ValueError`` for an unknown game or a
    bad option."""
    session = _game_session(game, link, layout, dice, log, options)
    if options.remote:  # board to board: the adversary's seat is played on his own board
        from .remote_seat import attach_remote

        attach_remote(session, options.remote)
    else:
        attach_computer(session, options.players)
    return session


def _game_session(game: str, link: Link, layout: Layout, dice: Dice, log: EventLogWriter | None,
                  options: PlayOptions) -> Session:
    info = find_game(game)
    if info.family == "tables":
        from tablier.tables.catalog import find_rotation, make_variant

        from .tables.session import TablesSession

        rotation = find_rotation(info.name)
        if rotation is not None:  # Tavli: Portes, Plakoto and Fevga in turn, to its points
            match = rotation(options.options)
            options.match_length = options.match_length or match.points
            return TablesSession(match.variant(1), link, layout, dice, log, options, rotation=match)
        variant = make_variant(info.name, options.options)
        return TablesSession(variant, link, layout, dice, log, options)
    from tablier.draughts.catalog import split_options
    from tablier.draughts.geometry import BOARD_8
    from tablier.draughts.variants import find_variant

    from .draughts.session import DraughtsSession

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


def open_log(directory: Path, game: str, options: PlayOptions, dice: Dice, link: Link,
             port: str) -> EventLogWriter:
    """A new event log in ``directory`` for ``game``, its header written."""
    info = find_game(game)
    writer = EventLogWriter(new_log_path(directory, info.name))
    writer.write(Header(game=info.name, family=info.family, options=dict(options.options),
                        players=options.players, layout_hash=link.layout_hash,
                        firmware_version=link.firmware_version, seed=dice.seed,
                        match_length=options.match_length, host_version=__version__,
                        position=options.position, games=options.games, teaching=options.teaching,
                        touch_down=options.touch_down, timing=options.timing, remote=dict(options.remote),
                        started=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), port=port))
    return writer
