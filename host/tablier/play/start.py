"""Putting a game on the board together: the session for a game name, its log, its link.

:func:`make_session` builds the right session for a catalogue name with its options: the one place
that picks a family's wing (:data:`WINGS`), whose ``start.make_session`` makes it; :func:`open_log`
starts the event log with its header.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from types import ModuleType

from tablier import __version__
from tablier.games import GameInfo, find_game
from tablier.hardware.layout import Layout
from tablier.record.eventlog import Header
from tablier.record.log_writer import EventLogWriter, new_log_path

from .computer import attach_computer
from .dice import Dice
from .link import Link
from .session import PlayOptions, Session

#: Makes a family's session for a game of the catalogue (each wing's ``start.make_session``).
SessionMaker = Callable[[GameInfo, Link, Layout, Dice, EventLogWriter | None, PlayOptions], Session]

#: The wing of each family (``play/<wing>/``): a new family is a wing and a line here.
WINGS: dict[str, str] = {
    "tables": "tables",
    "draughts": "draughts",
}


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


def wing(family: str, part: str) -> ModuleType:
    """Module ``part`` of ``family``'s wing (``start``, ``players``), loaded when its game is played."""
    return import_module(f"{__package__}.{WINGS[family]}.{part}")


def _game_session(game: str, link: Link, layout: Layout, dice: Dice, log: EventLogWriter | None,
                  options: PlayOptions) -> Session:
    info = find_game(game)
    make: SessionMaker = wing(info.family, "start").make_session
    return make(info, link, layout, dice, log, options)


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
                        touch_down=options.touch_down, remote=dict(options.remote),
                        clock=options.clock, overtime=options.overtime,
                        started=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), port=port))
    return writer
