"""The match clock, as the match's rules say: pure arithmetic on times the caller gives.

Two kinds of timing exist among the rules Tablier's games are played under:

- **Delay and reserve** (backgammon's clocks). Each player has a reserve for the whole match; each
  time his clock starts, a free delay runs first, and only the time beyond it comes off his reserve
  (a *simple delay*: unused delay is lost, never banked). The *U.S. Backgammon Clock Rules and
  Procedures* (USBGF, simple delay clocks, March 2013), rule 2.1: two minutes per match point, less
  one minute per point already scored by either player, and 12 seconds per move (doubles matches,
  rule 2.2: two and a half minutes per point, less one and a quarter per point scored, 18 seconds).
  A player whose reserve runs out loses the match; the USBGF's *Overtime* option instead gives him
  one or two minutes once, and a second expiry loses (reserve plus overtime never above the event's
  maximum). The UK's events (the UKBGF rules as the UK Open plays them) give two minutes per point
  plus 12 seconds per move, whatever the score when the clock is set.
- **Time per move** (the printed Checker Laws, Laws 8 and 9): "Time" is called when a move has taken
  five minutes, one minute when there is only one way of taking, and the game is lost through
  improper delay if the play is not completed within another minute. There is no reserve.

A clock runs only between :meth:`ClockState.start` (a turn, or a decision such as a take, begins)
and :meth:`ClockState.stop` (the board saw the play complete, or the decision made): whatever
happens between a stop and the next start is charged to nobody. Board to board, a player's clock
starts only once his board shows his adversary's move, so the time he spends making that move on his
own board is never his.

Every state is a frozen value of plain numbers (:meth:`ClockState.to_json` and
:meth:`ClockState.from_json` round-trip it exactly); times are seconds, ``now`` any clock that only
goes forward (the host's monotonic clock, or a log's wall-clock times).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from tablier.errors import TablierError

MINUTE = 60.0

USBGF = "usbgf"
UK = "uk"
CHECKER_LAWS = "checker-laws"
CONTROLS = (USBGF, UK, CHECKER_LAWS)

# What happens on a clock (ClockEvent.kind), in the order they may come.
SHORT = "short"
"""The running player's time is short (his reserve, or his move's limit, within ``short_s``)."""
TIME_CALLED = "time-called"
"""Checker Laws: the move has taken its limit; "Time" is called (Law 8, Law 9)."""
OVERTIME = "overtime"
"""USBGF's Overtime option: the reserve ran out the first time; the overtime is now the reserve."""
EXPIRED = "expired"
"""The player's time is out: he loses the match (a reserve) or the game (Checker Laws)."""


class ClockError(TablierError):
    """A clock asked to do what cannot be done (start a second turn, set an impossible control)."""


@dataclass(frozen=True)
class TimeControl:
    """How a match is timed: either a delay and reserve, or a limit per move.

    ``reserve_s`` is each player's reserve when the clock is set; ``delay_s`` the free time each time
    his clock starts; ``overtime_s`` the USBGF's Overtime option (0: none, else 60 or 120) and
    ``max_reserve_s`` the event's maximum that reserve plus overtime may not pass (0: none). A limit
    per move (``move_limit_s`` above 0) replaces the reserve: ``only_capture_limit_s`` for a move with
    one way of taking, ``grace_s`` after "Time" is called before the game is lost. ``short_s``: when
    the page and the status lights say time is short. ``loses``: ``match`` or ``game``.
    """

    name: str
    reserve_s: float = 0.0
    delay_s: float = 0.0
    overtime_s: float = 0.0
    max_reserve_s: float = 0.0
    move_limit_s: float = 0.0
    only_capture_limit_s: float = 0.0
    grace_s: float = 0.0
    short_s: float = MINUTE
    loses: str = "match"

    def __post_init__(self) -> None:
        values = (self.reserve_s, self.delay_s, self.overtime_s, self.max_reserve_s, self.move_limit_s,
                  self.only_capture_limit_s, self.grace_s, self.short_s)
        if any(not math.isfinite(value) or value < 0 for value in values):
            raise ClockError(f"the {self.name} clock's times must be seconds of 0 or more")
        if self.loses not in ("match", "game"):
            raise ClockError(f"a clock's expiry loses the match or the game, not {self.loses!r}")
        if not self.per_move and self.reserve_s <= 0:
            raise ClockError(f"the {self.name} clock has no reserve and no limit per move")

    @property
    def per_move(self) -> bool:
        """Whether a limit per move (the Checker Laws) times the game rather than a reserve."""
        return self.move_limit_s > 0

    def first_reserve(self) -> float:
        """The reserve a player starts with, the event's maximum less the overtime allowed."""
        if self.max_reserve_s and self.reserve_s + self.overtime_s > self.max_reserve_s:
            return max(0.0, self.max_reserve_s - self.overtime_s)
        return self.reserve_s

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TimeControl:
        try:
            return cls(**data)
        except TypeError as error:
            raise ClockError(f"not a time control: {error}") from None

    def describe(self) -> str:
        """The control in words, as the page and the organiser read it."""
        if self.per_move:
            return (f"{self.name}: {clock_text(self.move_limit_s)} a move "
                    f"({clock_text(self.only_capture_limit_s)} with one way of taking), "
                    f"then {clock_text(self.grace_s)} after Time is called")
        overtime = f", {clock_text(self.overtime_s)} overtime" if self.overtime_s else ""
        reserve = clock_text(self.first_reserve())
        return f"{self.name}: {reserve} reserve + {self.delay_s:g} s a move{overtime}"


def usbgf(match_length: int, score: tuple[int, int] = (0, 0), *, overtime_s: float = 0.0,
          max_reserve_s: float = 0.0, doubles: bool = False) -> TimeControl:
    """The USBGF's clock (U.S. Backgammon Clock Rules 2.1, 2.2): 2 minutes per match point less
    1 minute per point already scored by either player, 12 s a move (doubles: 2.5 minutes less
    1.25 per point, 18 s); ``overtime_s`` the optional Overtime (60 or 120)."""
    _check_match(match_length, score)
    per_point, less, delay = (150.0, 75.0, 18.0) if doubles else (120.0, 60.0, 12.0)
    reserve = per_point * match_length - less * (score[0] + score[1])
    return TimeControl(USBGF, reserve_s=reserve, delay_s=delay, overtime_s=overtime_s,
                       max_reserve_s=max_reserve_s)


def uk(match_length: int) -> TimeControl:
    """The UK's clock (the UKBGF rules' setting): 2 minutes per match point plus 12 s a move."""
    _check_match(match_length, (0, 0))
    return TimeControl(UK, reserve_s=120.0 * match_length, delay_s=12.0)


def checker_laws() -> TimeControl:
    """The printed Checker Laws' timing (Laws 8 and 9): Time after five minutes (one minute when
    there is only one way of taking), the game lost if the play is not completed a minute later."""
    return TimeControl(CHECKER_LAWS, move_limit_s=5 * MINUTE, only_capture_limit_s=MINUTE, grace_s=MINUTE,
                       short_s=MINUTE, loses="game")


def _check_match(match_length: int, score: tuple[int, int]) -> None:
    if match_length < 1:
        raise ClockError("a clock per match point needs a match length of 1 or more")
    if min(score) < 0 or max(score) >= match_length:
        raise ClockError(f"the score {score[0]}-{score[1]} is not one of a {match_length}-point match")


@dataclass(frozen=True)
class ClockEvent:
    """Something the clock says: ``kind`` (:data:`SHORT`, :data:`TIME_CALLED`, :data:`OVERTIME`,
    :data:`EXPIRED`) for ``side``, ``at`` the moment it happened (not when it was noticed)."""

    kind: str
    side: int
    at: float


@dataclass(frozen=True)
class ClockView:
    """What the page and the status lights show: each side's reserve left (per move: the time left
    before Time or the forfeit), whose clock runs, the delay left, and whether time is short."""

    left: tuple[float, float]
    running: int | None
    delay_left: float
    short: bool
    called: bool
    expired: int | None

    def text(self, side: int) -> str:
        """``side``'s time as a clock face shows it (``13:48``; ``0:09+12`` while in the delay)."""
        shown = clock_text(self.left[side])
        if self.running == side and self.delay_left > 0:
            return f"{shown}+{math.ceil(self.delay_left)}"
        return shown


@dataclass(frozen=True)
class ClockState:
    """A match's two clocks at one moment: plain data, restored exactly from :meth:`to_json`.

    ``reserve`` is each side's reserve at the start of the running segment (per move: unused);
    ``running`` the side whose clock runs (None: both stopped); ``started`` when the running segment
    began, ``elapsed`` the time it had already run before (a paused or resumed turn);
    ``only_capture`` whether the running move has one way of taking; ``overtime`` whether each side
    has had its overtime; ``called`` whether Time was called on the running move; ``short_told`` whether
    the running segment was told short; ``expired`` the side whose time ran out (final).
    """

    control: TimeControl
    reserve: tuple[float, float] = (0.0, 0.0)
    running: int | None = None
    started: float | None = None
    elapsed: float = 0.0
    only_capture: bool = False
    overtime: tuple[bool, bool] = (False, False)
    called: bool = False
    short_told: bool = False
    expired: int | None = None
    moves: tuple[int, int] = field(default=(0, 0))

    @classmethod
    def set(cls, control: TimeControl) -> ClockState:
        """Both clocks set for the match, neither running."""
        first = control.first_reserve()
        return cls(control, reserve=(first, first))

    # --- running --------------------------------------------------------------------------------

    def start(self, side: int, now: float, *, only_capture: bool = False) -> ClockState:
        """``side``'s clock starts (his turn, or his decision, begins) with a fresh delay;
        ``only_capture``: the Checker Laws' move with one way of taking (Law 9)."""
        if side not in (0, 1):
            raise ClockError(f"side {side} is not 0 or 1")
        if self.expired is not None:
            raise ClockError("the clock has run out: the match (or game) is over on time")
        if self.running is not None:
            raise ClockError(f"side {self.running}'s clock still runs: stop it first")
        return replace(self, running=side, started=now, elapsed=0.0, only_capture=only_capture, called=False,
                       short_told=False)

    def stop(self, now: float) -> ClockState:
        """The running clock stops (the play complete, the decision made): the time beyond the delay
        comes off the reserve. Stopping a clock that does not run changes nothing. Call :meth:`check`
        with the same ``now`` first: a play completed after the time ran out is ruled expired there."""
        if self.running is None:
            return self
        side = self.running
        reserve = list(self.reserve)
        if not self.control.per_move:
            reserve[side] = max(0.0, reserve[side] - self._charged(now))
        moves = list(self.moves)
        moves[side] += 1
        return replace(self, reserve=(reserve[0], reserve[1]), running=None, started=None, elapsed=0.0,
                       only_capture=False, called=False, short_told=False, moves=(moves[0], moves[1]))

    def pause(self, now: float) -> ClockState:
        """Both clocks stop for a while (between games, a dispute, a board lost) without ending the
        turn: :meth:`resume` goes on with the turn where it was, its delay as far as it had run."""
        if self.running is None or self.started is None:
            return self
        return replace(self, elapsed=self.elapsed + max(0.0, now - self.started), started=None)

    def resume(self, now: float) -> ClockState:
        """A paused turn goes on from ``now``."""
        if self.running is None or self.started is not None:
            return self
        return replace(self, started=now)

    @property
    def paused(self) -> bool:
        return self.running is not None and self.started is None

    def segment(self, now: float) -> float:
        """How long the running turn has run (0 when no clock runs)."""
        if self.running is None:
            return 0.0
        return self.elapsed + (max(0.0, now - self.started) if self.started is not None else 0.0)

    def _charged(self, now: float) -> float:
        return max(0.0, self.segment(now) - self.control.delay_s)

    def _limit(self) -> float:
        return self.control.only_capture_limit_s if self.only_capture else self.control.move_limit_s

    # --- expiry ---------------------------------------------------------------------------------

    def left(self, side: int, now: float) -> float:
        """``side``'s time left: his reserve as it stands (per move, on the running move: the time
        before Time is called, then before the forfeit)."""
        if self.control.per_move:
            if self.running != side:
                return self.control.move_limit_s
            spent = self.segment(now)
            limit = self._limit()
            return max(0.0, (limit + self.control.grace_s if self.called else limit) - spent)
        if self.running != side:
            return self.reserve[side]
        return max(0.0, self.reserve[side] - self._charged(now))

    def due(self) -> float | None:
        """When the running clock's next event falls (on the clock ``now`` is read from), for a caller
        that would sleep until then; None when no clock runs or it is paused."""
        if self.running is None or self.started is None or self.expired is not None:
            return None
        moments = self._moments()
        return min(moments) if moments else None

    def _moments(self) -> list[float]:
        """The moments of the events still to come on the running clock."""
        assert self.started is not None and self.running is not None
        before = self.started - self.elapsed
        control = self.control
        if control.per_move:
            limit = self._limit()
            if self.called:
                return [before + limit + control.grace_s]
            short = [before + limit - control.short_s] if self._warns(limit) else []
            return [*short, before + limit]
        ends = before + control.delay_s + self.reserve[self.running]
        short = [max(before, ends - control.short_s)] if control.short_s and not self.short_told else []
        return [*short, ends]

    def _warns(self, limit: float) -> bool:
        return not self.short_told and 0 < self.control.short_s < limit

    def check(self, now: float) -> tuple[ClockState, list[ClockEvent]]:
        """The clock at ``now``: what happened since the last check (time short, Time called,
        overtime given, the time out) and the state after it. The events are dated when they
        happened, so a check made late (a busy host) still rules on the right moment."""
        events: list[ClockEvent] = []
        state = self
        while state.running is not None and state.started is not None and state.expired is None:
            step = state._next(now)
            if step is None:
                break
            state, event = step
            events.append(event)
        return state, events

    def _next(self, now: float) -> tuple[ClockState, ClockEvent] | None:
        side = self.running
        assert side is not None and self.started is not None
        before = self.started - self.elapsed
        control = self.control
        if control.per_move:
            limit = before + self._limit()
            if self._warns(self._limit()) and now >= limit - control.short_s:
                return replace(self, short_told=True), ClockEvent(SHORT, side, limit - control.short_s)
            if not self.called and now >= limit:
                return replace(self, called=True, short_told=True), ClockEvent(TIME_CALLED, side, limit)
            if self.called and now >= limit + control.grace_s:
                return replace(self, expired=side), ClockEvent(EXPIRED, side, limit + control.grace_s)
            return None
        ends = before + control.delay_s + self.reserve[side]
        warn = max(before, ends - control.short_s)
        if control.short_s and not self.short_told and now >= warn:
            return replace(self, short_told=True), ClockEvent(SHORT, side, warn)
        if now < ends:
            return None
        if control.overtime_s and not self.overtime[side]:
            # The reserve is spent at ``ends``: the overtime becomes the reserve and the turn goes on
            # from that moment without a new delay (as the director resets the clock mid-turn).
            state = replace(self, reserve=_with(self.reserve, side, control.overtime_s),
                            overtime=_with(self.overtime, side, True), started=ends, elapsed=control.delay_s,
                            short_told=False)
            return state, ClockEvent(OVERTIME, side, ends)
        out = replace(self, expired=side, reserve=_with(self.reserve, side, 0.0))
        return out, ClockEvent(EXPIRED, side, ends)

    def view(self, now: float) -> ClockView:
        """What the page and the lights show at ``now`` (call :meth:`check` first to rule on it)."""
        running = self.running
        delay_left = 0.0
        if running is not None and not self.control.per_move:
            delay_left = max(0.0, self.control.delay_s - self.segment(now))
        left = (self.left(0, now), self.left(1, now))
        short = running is not None and (self.called or left[running] <= self.control.short_s)
        return ClockView(left, running, delay_left, short, self.called, self.expired)

    # --- as data --------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The state as plain JSON values (exact: floats keep every bit through JSON)."""
        return {"control": self.control.to_json(), "reserve": list(self.reserve), "running": self.running,
                "started": self.started, "elapsed": self.elapsed, "only_capture": self.only_capture,
                "overtime": list(self.overtime), "called": self.called, "short_told": self.short_told,
                "expired": self.expired, "moves": list(self.moves)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ClockState:
        """The state :meth:`to_json` gave; :class:`ClockError` saying what is wrong otherwise."""
        try:
            state = cls(TimeControl.from_json(dict(data["control"])),
                        reserve=_pair(data["reserve"], float), running=data["running"],
                        started=None if data["started"] is None else float(data["started"]),
                        elapsed=float(data["elapsed"]), only_capture=bool(data["only_capture"]),
                        overtime=_pair(data["overtime"], bool), called=bool(data["called"]),
                        short_told=bool(data["short_told"]), expired=data["expired"],
                        moves=_pair(data.get("moves", (0, 0)), int))
        except (KeyError, TypeError, ValueError) as error:
            raise ClockError(f"not a clock's state ({error})") from None
        if state.running not in (None, 0, 1) or state.expired not in (None, 0, 1):
            raise ClockError("a clock's running or expired side is not 0, 1 or null")
        return state


def _pair(values: Any, kind: type) -> Any:
    first, second = values
    return kind(first), kind(second)


Value = TypeVar("Value")


def _with(pair: tuple[Value, Value], side: int, value: Value) -> tuple[Value, Value]:
    """``pair`` with ``side``'s value replaced."""
    return (value, pair[1]) if side == 0 else (pair[0], value)


def clock_text(seconds: float) -> str:
    """Seconds as a clock face shows them: ``1:02:03``, ``13:48``, ``0:07`` (whole seconds, up)."""
    whole = max(0, math.ceil(seconds - 1e-9))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
