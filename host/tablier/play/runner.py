"""Running a game on a board: the port or the simulated board, the log, the view, the hands.

:func:`play` is what ``tablier play`` and ``tablier demo`` do: open the link (to a serial port, or
to a :class:`~tablier.link.sim.SimulatedBoard` started for the occasion), write the event log where
told, build the game's session, and run it with the terminal's commands and, on the simulated
board, a script's or the built-in players' hands.
"""

from __future__ import annotations

import os
import select
import sys
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from tablier.hardware.layout import Layout, load_layout
from tablier.link.transport import open_serial
from tablier.record.eventlog import EventLogWriter, LinkState

from .dice import Dice
from .hands import Hands
from .link import Cable, Link
from .session import Actor, PlayOptions, Session
from .start import make_session, open_log
from .view import View


@dataclass
class PlayResult:
    """What a run left: the session (moves, score), where the log is."""

    session: Session
    log_path: Path | None


class TerminalCommands:
    """Lines typed on standard input, read without blocking; ``hands`` takes the lines that are
    physical actions (on the simulated board: ``lift point 8``, ``press 1``...)."""

    def __init__(self, stream: TextIO, hands: Callable[[str], bool] | None = None) -> None:
        self.stream = stream
        self.hands = hands
        self._buffer = ""
        self._closed = False

    def lines(self) -> list[str]:
        if self._closed:
            return []
        try:
            ready, _, _ = select.select([self.stream], [], [], 0)
        except (ValueError, OSError):
            self._closed = True
            return []
        if not ready:
            return []
        data = os.read(self.stream.fileno(), 4096).decode(errors="replace")
        if not data:
            self._closed = True
            return []
        self._buffer += data
        *complete, self._buffer = self._buffer.split("\n")
        return [line for line in complete if not (self.hands and self.hands(line))]


def play(game: str, options: PlayOptions, dice: Dice, *, port: str | None = None, sim: bool = False,
         log_dir: Path | None = None, make_actor: Callable[[Hands, Cable], Actor] | None = None,
         view: View | None = None, commands: bool = False, layout: Layout | None = None,
         timeout: float | None = None, log_writer: EventLogWriter | None = None,
         resumed: Session | None = None) -> PlayResult:
    """Play ``game`` on a board at ``port`` or on the simulated board (``sim``); ``resumed``: go on
    with a session replayed from its log (``log_writer`` appends to that log)."""
    layout = layout or load_layout()
    with ExitStack() as stack:
        hands = None
        if sim:
            from tablier.link.sim import SimulatedBoard

            board = stack.enter_context(SimulatedBoard(layout))
            where = board.port
            hands = Hands(board, layout)
        elif port is not None:
            where = port
        else:
            raise ValueError("play needs a port or the simulated board")
        cable = Cable(lambda: open_serial(where))
        link = Link(cable.open, layout.hash)
        link.connect()
        stack.callback(link.close)
        # the session first: a game or an option it refuses leaves no log behind
        session = resumed if resumed is not None else make_session(game, link, layout, dice, None, options)
        log = log_writer
        if log is None and log_dir is not None:
            log = open_log(log_dir, game, options, dice, link, "sim" if sim else where)
        if log is not None:
            stack.callback(log.close)
            log.write(LinkState(state="connected", detail=f"firmware {link.firmware_version}, "
                                                          f"layout {link.layout_hash}"))
        session.adopt(link, log)
        if view is not None:
            session.on_redraw = view
        actor = make_actor(hands, cable) if make_actor is not None and hands is not None else None
        source = None
        if commands:
            typed = None
            if actor is None and hands is not None:  # the simulated board's men moved by typing
                from .script import ScriptActor

                typed = ScriptActor([], hands, cable, "terminal", interactive=True)
                actor = typed
            source = TerminalCommands(sys.stdin, typed.add_line if typed is not None else None)
        session.run(actor, source, timeout)
        if log is not None:
            log.sync()
        return PlayResult(session, log.path if log is not None else None)
