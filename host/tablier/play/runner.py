"""Running a game on a board: the port or the simulated board, the log, the view, the hands.

:func:`play` is what ``tablier play`` and ``tablier demo`` do: open the link (to a serial port, or
to a :class:`~tablier.link.sim.SimulatedBoard` started for the occasion), write the event log where
told, build the game's session, and run it with the terminal's commands and, on the simulated
board, a script's or the built-in players' hands.

No typed line ends a session. The end of input (Ctrl-D at a terminal) is told and play goes on,
the keyboard still read; a standard input closed for good (a pipe that ended) leaves the board's
buttons on the wooden board, and stops the game as ``quit`` does on the simulated board, whose only
hands are typed. ``quit``, a closed input, Ctrl-C and SIGTERM leave the log ready for ``--resume``
(:attr:`PlayResult.resume_command`). A match played to its end goes into the archive when asked
(``archive``: ``tablier play`` does unless ``--no-archive``).
"""

from __future__ import annotations

import os
import select
import shlex
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from tablier.hardware.layout import Layout, load_layout
from tablier.link.transport import open_serial
from tablier.record.eventlog import LinkState
from tablier.record.game_record import RecordError
from tablier.record.log_writer import EventLogWriter

from .dice import PHYSICAL, Dice
from .hands import Hands
from .link import Cable, Link
from .script import ScriptActor
from .session import Actor, PlayOptions, Session
from .speaking import open_speech
from .start import make_session, open_log
from .view import View

if TYPE_CHECKING:
    from tablier.link.sim_channel import SideChannel
    from tablier.speech import Announcer
    from tablier.web.server import LiveServer


class Terminated(KeyboardInterrupt):
    """SIGTERM (a service stopped, a machine shutting down), taken as Ctrl-C is: play stops cleanly."""


@contextmanager
def terminated_as_interrupted() -> Iterator[None]:
    """While the block runs, SIGTERM stops play as Ctrl-C does (:class:`Terminated`): the log is
    left ready for ``--resume``, and a board-to-board game's goodbye is said. (In the main thread
    only: signals reach no other.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum: int, frame: object) -> None:
        raise Terminated()

    before = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


@dataclass
class PlayResult:
    """What a run left: the session (moves, score), where the log is, and, when the match was
    stopped before its end, the command that goes on with it."""

    session: Session
    log_path: Path | None
    resume_command: str = ""


class TerminalCommands:
    """Lines typed on standard input, read without blocking; ``hands`` takes the lines that are
    physical actions (on the simulated board: ``lift point 8``, ``press 1``...).

    ``on_end(for_good)`` is told of the end of input: at a terminal (Ctrl-D) ``for_good`` is False
    and reading goes on (a terminal gives more lines after it); a closed stream is never read again.
    """

    def __init__(self, stream: TextIO, hands: Callable[[str], bool] | None = None,
                 on_end: Callable[[bool], None] | None = None) -> None:
        self.stream = stream
        self.hands = hands
        self.on_end = on_end
        self._buffer = ""
        self._closed = False
        self._ended = False  # the end of input was told and nothing was typed since

    def lines(self) -> list[str]:
        if self._closed:
            return []
        try:
            ready, _, _ = select.select([self.stream], [], [], 0)
            data = os.read(self.stream.fileno(), 4096).decode(errors="replace") if ready else None
            terminal = os.isatty(self.stream.fileno())
        except (ValueError, OSError):
            data, terminal = "", False
        if data is None:
            return []
        if data:
            self._ended = False
            self._buffer += data
            *complete, self._buffer = self._buffer.split("\n")
        else:
            complete = [self._buffer] if not terminal and self._buffer.strip() else []
            self._closed = not terminal  # a closed stream is never read again
            if not self._ended and self.on_end is not None:
                self.on_end(not terminal)
            self._ended = True
        return [line for line in complete if not (self.hands and self.hands(line))]


def play(game: str, options: PlayOptions, dice: Dice, *, port: str | None = None, sim: bool | str = False,
         log_dir: Path | None = None, make_actor: Callable[[Hands, Cable], Actor] | None = None,
         view: View | None = None, commands: bool = False, layout: Layout | None = None,
         timeout: float | None = None, log_writer: EventLogWriter | None = None,
         resumed: Session | None = None, archive: bool = False,
         serve: LiveServer | None = None, watch: Callable[[Session], None] | None = None,
         closing: Callable[[Session], None] | None = None, announcer: Announcer | None = None) -> PlayResult:
    """Play ``game`` on a board at ``port`` or on the simulated board (``sim``: True for the firmware
    under the unix port, ``"rp2:PATH"`` for it on an emulated RP2040 booting that UF2); ``resumed``: go on
    with a session replayed from its log (``log_writer`` appends to that log); ``archive``: a match
    played to its end goes into the archive (:func:`archive_log`); ``serve``: the server of the
    game's web page (``docs/web.md``); ``watch``: also called after each turn of the loop (a club's
    feed, ``docs/club.md``); ``closing``: called once play has stopped, however it stopped, while
    the log is still open (a board-to-board game's goodbye, logged before it is sent); ``announcer``:
    the speech's words go to it (a test's) instead of the voice ``options.speech`` asks for."""
    layout = layout or load_layout()
    with ExitStack() as stack:
        where, hands, clock = _open_board(stack, port, sim, layout)
        cable = Cable(lambda: open_serial(where))
        link = Link(cable.open, layout.hash, clock=clock)
        link.connect()
        stack.callback(link.close)
        # the session first: a game or an option it refuses leaves no log behind
        session = resumed if resumed is not None else make_session(game, link, layout, dice, None, options)
        speech, notice = open_speech(game, session.options, session, announcer)
        if speech is not None:  # said aloud (docs/speech.md), from here on: a resumption's replay is not
            session.speech = speech
            stack.callback(speech.close)
        log = log_writer
        if log is None and log_dir is not None:
            log = open_log(log_dir, game, options, dice, link, "sim" if sim else where)
        if log is not None:
            stack.callback(log.close)
            log.write(LinkState(state="connected", detail=f"firmware {link.firmware_version}, "
                                                          f"layout {link.layout_hash}"))
        session.adopt(link, log)
        if options.clock and session.match_clock is None:  # a resumed session brings its own
            from .match_clock import MatchClock

            session.match_clock = MatchClock.set(session)
        if notice:
            session.say(notice, "warning")
        if view is not None:
            view.connected(f"the board: the simulated one ({simulation_name(sim)} on {where})"
                           if sim else f"the board: on {where}")
            session.on_redraw = view
        if serve is not None:
            from .scene import publishing

            stack.enter_context(publishing(session, serve))
        if watch is not None:
            session.on_redraw = _also(session.on_redraw, watch)
        actor = make_actor(hands, cable) if make_actor is not None and hands is not None else None
        actor, source = _terminal(session, actor, hands, cable) if commands else (actor, None)
        try:
            session.run(actor, source, timeout)
        except KeyboardInterrupt as interrupt:
            stopped_by = "SIGTERM" if isinstance(interrupt, Terminated) else "Ctrl-C"
            session.say(f"stopped ({stopped_by})", "warning")
        if closing is not None:
            closing(session)
        if log is not None:
            log.sync()
            if archive and session.over:
                archive_log(session, log.path)
        if view is not None:
            view.finish(session)
        resume_command = ""
        if not session.over:
            resume_command = resume_command_for(log.path if log is not None else None, sim, port, dice)
        return PlayResult(session, log.path if log is not None else None, resume_command)


def _open_board(stack: ExitStack, port: str | None, sim: bool | str,
                layout: Layout) -> tuple[str, Hands | None, Callable[[], float]]:
    """Where the board is (its port), the simulated board's hands (None for a real board) and the
    host's clock (the emulated chip's own, on an emulated RP2040)."""
    if sim:
        board = stack.enter_context(simulated_board(sim, layout))
        clock: Callable[[], float] = getattr(board, "now", time.monotonic)  # the host keeps the chip's time
        return board.port, Hands(board, layout), clock
    if port is not None:
        return port, None, time.monotonic
    raise ValueError("play needs a port or the simulated board")


def _terminal(session: Session, actor: Actor | None, hands: Hands | None,
              cable: Cable) -> tuple[Actor | None, TerminalCommands]:
    """The lines typed at the terminal, and the actor that moves the simulated board's men by
    typing (when no other actor moves them)."""
    typed = None
    if actor is None and hands is not None:  # the simulated board's men moved by typing
        typed = ScriptActor([], hands, cable, "terminal", interactive=True)
        actor = typed
    source = TerminalCommands(sys.stdin, typed.add_line if typed is not None else None,
                              lambda for_good: _input_ended(session, typed, for_good))
    return actor, source


def _also(first: Callable[[Session], None] | None,
          then: Callable[[Session], None]) -> Callable[[Session], None]:
    """Call ``first`` (if any), then ``then``."""
    def both(session: Session) -> None:
        if first is not None:
            first(session)
        then(session)
    return both


def _input_ended(session: Session, typed: ScriptActor | None, for_good: bool) -> None:
    """The end of standard input: see the module docstring."""
    if not for_good:
        session.say("end of input (Ctrl-D): play goes on and the keyboard still answers; "
                    "`quit` stops the game", "warning")
    elif typed is not None:  # the simulated board's only hands were typed: stop as on `quit`
        session.say("end of input: the game stops as on `quit`", "warning")
        typed.add_line("quit")  # after the actions typed before it
    else:
        session.say("end of input: no more typed commands; play goes on from the board's buttons "
                    "(Ctrl-C stops the game)", "warning")


def simulated_board(sim: bool | str, layout: Layout) -> SideChannel:
    """Start the simulated board ``--sim`` names: the unix port (True), or ``rp2:UF2``."""
    from tablier.link.sim_rp2 import SIM_PREFIX

    if isinstance(sim, str) and sim.startswith(SIM_PREFIX):
        from tablier.link.sim_rp2 import EmulatedBoard

        return EmulatedBoard(Path(sim.removeprefix(SIM_PREFIX)).expanduser(), layout)
    from tablier.link.sim import SimulatedBoard

    return SimulatedBoard(layout)


def simulation_name(sim: bool | str) -> str:
    """What runs the firmware of the simulated board ``--sim`` names, for the players."""
    if isinstance(sim, str):
        return "the firmware on an emulated RP2040"
    return "the firmware under MicroPython"


def resume_command_for(log_path: Path | None, sim: bool | str, port: str | None, dice: Dice) -> str:
    """The command that goes on with a game stopped before its end (empty without a log)."""
    if log_path is None:
        return ""
    where = (f"--sim {shlex.quote(sim)}" if isinstance(sim, str) else "--sim") if sim \
        else f"--port {shlex.quote(port or '')}"
    physical = " --dice physical" if dice.source == PHYSICAL else ""
    return f"tablier play --resume {shlex.quote(str(log_path))} {where}{physical}"


def archive_log(session: Session, log_path: Path) -> None:
    """Put the game of the log at ``log_path`` into the archive (the default file) and say so; a
    game the archive refuses is told, never fatal."""
    from tablier.record.archive import Archive, default_location
    from tablier.record.from_log import read_event_log

    try:
        record = read_event_log(log_path)
        with Archive(default_location()) as archive:
            record_id, new = archive.add_all([record])[0]
    except (RecordError, OSError) as error:
        session.say(f"the game could not go into the archive: {error}", "warning")
        return
    where = "in the archive" if new else "already in the archive"
    session.say(f"the game is {where} as record {record_id} (`tablier archive show {record_id}`)")
