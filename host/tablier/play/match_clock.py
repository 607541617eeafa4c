"""The match clock run by the board (``tablier play --clock usbgf|uk|checker-laws``).

The board is the clock: there is no clock to hit. :class:`MatchClock` watches the session each turn
of its loop and keeps :class:`~tablier.tournament.clock.ClockState` (the arithmetic of the USBGF,
UK and Checker Laws clocks) in step with the game:

- the clock of the player who may act (throw, move, or answer a double: the game session's
  :meth:`Clocked.clock_turn`) runs; a new turn (a move committed, a double answered) stops the one
  clock and starts the other, with a fresh delay;
- while the board shows the play complete (the press that commits it has not come yet), while the
  men are put back (a takeback, a resumption), while the player makes the move of the computer or of
  his adversary at another board, and while the board is away, the turn's clock is paused: the time
  is nobody's;
- between games (the men set up, the game over) both clocks stop.

Every start, stop, pause and resume, and every ruling (time short, Time called, overtime, the time
out) is a ``clock`` record of the event log (:mod:`tablier.tournament.clock_log`), so a resumed host
goes on with the times as they were. A time out is put in the log as the typed line ``clock
expired SIDE``, which a replay of the log says again at the same point: the player loses the match
(a last game won by his adversary with the points he needed), or under the Checker Laws the game.
Board to board, each host rules only on its own player's clock; the adversary's is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from tablier.board.leds import TIME_SHORT, LedPlan
from tablier.errors import TablierError
from tablier.record.eventlog import Command
from tablier.tournament.clock import (
    CHECKER_LAWS,
    CONTROLS,
    EXPIRED,
    MINUTE,
    OVERTIME,
    SHORT,
    TIME_CALLED,
    UK,
    USBGF,
    ClockError,
    ClockEvent,
    ClockState,
    ClockView,
    TimeControl,
    checker_laws,
    clock_text,
    uk,
    usbgf,
)
from tablier.tournament.clock_log import clock_record

from .link import CONNECTED

if TYPE_CHECKING:
    from tablier.record.eventlog import Record
    from tablier.record.log_writer import EventLogWriter

    from .link import Link
    from .options import PlayOptions

#: The word of the typed line that puts a time out in the log (``clock expired 0``).
WORD = "clock"


@dataclass(frozen=True)
class ClockTurn:
    """The turn the clock times: ``side`` (0: player 1, 1: player 2) to throw, move or answer a
    double; ``shown``: the board shows his play complete (the press that commits it not yet come);
    ``only_capture``: the Checker Laws' move with one way of taking (the shorter limit)."""

    side: int
    shown: bool = False
    only_capture: bool = False


class Table(Protocol):
    """What the clock reads and does of the session (:class:`~tablier.play.session.Session`)."""

    committed: list[str]
    finished: bool
    family: str
    score: list[int]
    options: PlayOptions
    link: Link
    log: EventLogWriter | None
    clock: Callable[[], float]
    match_clock: MatchClock | None

    def record(self, record: Record) -> None: ...
    def say(self, text: str, level: str = "info", prompt: bool = False) -> None: ...
    def player_name(self, player: int) -> str: ...
    def command_line(self, line: str) -> None: ...
    def steps_ready(self) -> bool: ...
    def computer_moving(self) -> bool: ...
    def is_computer(self, player: int) -> bool: ...


@runtime_checkable
class Clocked(Protocol):
    """What a game's session tells the match clock (the tables and the draughts sessions)."""

    def clock_turn(self) -> ClockTurn | None:
        """The turn being timed; None between games and at the opening (both clocks stop)."""

    def lost_on_time(self, side: int) -> None:
        """``side``'s time is out: he loses as his clock's rules say."""


def time_control(name: str, family: str, match_length: int, overtime_min: int = 0,
                 score: tuple[int, int] = (0, 0)) -> TimeControl:
    """The clock ``--clock NAME`` sets for a game of ``family`` (``tables``, ``draughts``);
    :class:`TablierError` in one line when it does not fit the game."""
    if name not in CONTROLS:
        raise TablierError(f"--clock takes {', '.join(CONTROLS)} (not {name!r})")
    if overtime_min not in (0, 1, 2):
        raise TablierError("--overtime is 1 or 2 minutes (the USBGF's Overtime option)")
    if overtime_min and name != USBGF:
        raise TablierError("--overtime is the USBGF's option: it goes with --clock usbgf")
    if name == CHECKER_LAWS:
        if family != "draughts":
            raise TablierError("the Checker Laws' clock times draughts; a tables match takes --clock "
                               "usbgf or uk")
        return checker_laws()
    if family != "tables":
        raise TablierError(f"the {name} clock gives time per match point, for a tables match; draughts "
                           "take --clock checker-laws")
    if match_length < 1:
        raise TablierError(f"the {name} clock gives time per match point: give the match's length "
                           "(--match N)")
    try:
        return usbgf(match_length, score, overtime_s=overtime_min * MINUTE) if name == USBGF \
            else uk(match_length)
    except ClockError as error:
        raise TablierError(str(error)) from None


class MatchClock:
    """The session's two clocks, run from what the board shows (see the module docstring)."""

    def __init__(self, session: Table, state: ClockState) -> None:
        if not isinstance(session, Clocked):
            raise TablierError("this game cannot be played with a clock")
        self.session = session
        self.game: Clocked = session
        self.state = state
        self.turn: tuple[int, int] | None = None  # the running turn: its side and the moves before it
        self.ruled_out: int | None = None  # the side whose time out was put in the log
        if state.running is not None:  # a resumed turn goes on from the log's last moment
            self.turn = (state.running, len(session.committed))
        self._due: float | None = None

    @classmethod
    def set(cls, session: Table) -> MatchClock:
        """Both clocks set for ``session``'s match (``session.options.clock``), written to the log."""
        options = session.options
        control = time_control(options.clock, session.family, options.match_length, options.overtime,
                               (session.score[0], session.score[1]))
        clock = cls(session, ClockState.set(control))
        clock._write("set", session.clock())
        return clock

    # -- the loop ----------------------------------------------------------------------------------

    def tick(self, now: float) -> None:
        """Bring the clocks in step with the game at ``now``, and rule on the running one."""
        if self.state.expired is not None:
            return
        session = self.session
        timed = None if session.finished else self.game.clock_turn()
        side = None if timed is None else timed.side
        turn = None if side is None else (side, len(session.committed))
        if turn != self.turn:
            if self.turn is not None:
                ended = self.turn[0]
                self._rule(now)
                if self.state.expired is not None or self.turn is None:  # ruled out (a game lost)
                    return
                self.state = self.state.stop(now)
                self._write("stop", now, ended)
            self.turn = turn
            if side is not None:
                assert timed is not None
                self.state = self.state.start(side, now, only_capture=timed.only_capture)
                self._write("start", now)
                self._due = self.state.due()
        if self.turn is None:
            return
        held = (timed is None or timed.shown or not session.steps_ready() or session.computer_moving()
                or session.link.state != CONNECTED)
        if held and not self.state.paused:
            self._rule(now)
            if self.state.expired is None and self.turn is not None:
                self.state = self.state.pause(now)
                self._write("pause", now)
        elif not held and self.state.paused:
            self.state = self.state.resume(now)
            self._write("resume", now)
            self._due = self.state.due()
        elif not held and self._due is not None and now >= self._due:
            self._rule(now)

    def _rule(self, now: float) -> None:
        """What the running clock says at ``now`` (each event dated when it happened), logged and told;
        only the sides this host plays are ruled on (the computer's, or the far board's, are not)."""
        side = self.state.running
        if side is None or self.state.started is None or self.session.is_computer(side + 1):
            self._due = None
            return
        self.state, events = self.state.check(now)
        self._due = self.state.due()
        for event in events:
            self._write(event.kind, event.at, event.side)
            self._tell(event)

    def _tell(self, event: ClockEvent) -> None:
        session = self.session
        name = session.player_name(event.side + 1)
        control = self.state.control
        if event.kind == SHORT:
            session.say(f"{name}: time is short ({clock_text(self.state.left(event.side, event.at))} left)",
                        "warning")
        elif event.kind == TIME_CALLED:
            session.say(f"Time! {name} must move within {clock_text(control.grace_s)} (the Checker Laws, "
                        "Law 8)", "warning")
        elif event.kind == OVERTIME:
            session.say(f"{name}'s reserve has run out: {clock_text(control.overtime_s)} of overtime, "
                        "once (the USBGF's Overtime option)", "warning")
        elif event.kind == EXPIRED:
            self._expired(event.side)

    def _expired(self, side: int) -> None:
        """``side``'s time is out: the loss goes into the log as the line ``clock expired SIDE``, which
        the session applies (and a replay applies again at the same point). Board to board the far
        board's host is not told: the players are, in words."""
        session = self.session
        if session.options.remote:
            session.say(f"{session.player_name(side + 1)}'s time is out: by the rules of the "
                        f"{self.state.control.name} clock the {self.state.control.loses} is lost on "
                        "time; board to board, settle it with the tournament director", "warning")
            return
        self.ruled_out = side
        session.command_line(f"{WORD} expired {side}")
        if self.state.control.loses == "game" and not session.finished:  # the next game is timed afresh
            self.state = ClockState.set(self.state.control)
            self.turn = None
            self.ruled_out = None
            self._write("set", self.session.clock())

    def _write(self, event: str, now: float, player: int | None = None) -> None:
        session = self.session
        session.record(clock_record(event, self.state, now, player=player))
        if session.log is not None:
            session.log.sync()  # a host killed now comes back with the clocks as they are

    # -- what is shown -----------------------------------------------------------------------------

    def view(self) -> ClockView:
        """Each side's time, whose runs and whether it is short, now."""
        return self.state.view(self.session.clock())

    def faces(self) -> tuple[tuple[str, str], int, bool]:
        """What the views show: each player's clock face (``13:48``; ``0:09+12`` in the delay;
        ``out`` once his time is out), the player (1, 2) whose clock runs (0: none, or paused), and
        whether his time is short."""
        view = self.view()
        texts = tuple("out" if view.expired == side else view.text(side) for side in (0, 1))
        running = 0 if view.running is None or self.state.paused else view.running + 1
        return (texts[0], texts[1]), running, bool(running) and view.short

    def describe(self) -> str:
        """Both clocks in words (``player 1 13:48, player 2 14:00 (usbgf: ...)``)."""
        (first, second), _, _ = self.faces()
        names = self.session.options.players
        return f"{names[0]} {first}, {names[1]} {second} ({self.state.control.describe()})"

    def light(self, plan: LedPlan) -> None:
        """The running player's status light says his time is short (his clock runs, not paused)."""
        state = self.state
        running = state.running
        if running is None or state.paused:
            return
        if state.called or state.left(running, self.session.clock()) <= state.control.short_s:
            plan.status(running + 1, TIME_SHORT)


def expired_line(session: Table, player: int, argument: str) -> None:
    """``clock expired SIDE`` (the log's line for a time out): logged, then the side loses as the
    clock's rules say. Typed at the terminal it is refused, and not logged: only a clock that ran out
    (or a replay of its log) says it."""
    words = argument.split()
    clock = session.match_clock
    side = int(words[1]) if len(words) == 2 and words[0] == "expired" and words[1] in ("0", "1") else None
    if side is None or not session.options.clock or (clock is not None and clock.ruled_out != side):
        session.say("clock: the match clock itself says when a player's time is out; nothing to type",
                    "warning")
        return
    session.record(Command(player=player, word=WORD, argument=argument))
    if not isinstance(session, Clocked):
        raise TablierError("this game cannot be played with a clock")
    session.lost_on_time(side)


__all__ = ["CHECKER_LAWS", "CONTROLS", "UK", "USBGF", "WORD", "MatchClock", "expired_line", "time_control"]
