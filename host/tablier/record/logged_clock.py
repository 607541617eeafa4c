"""The match clock's times in a record built from an event log, for the exports.

A record made from a log keeps the log's text (:attr:`Record.log`), and with it the ``clock``
records the board's clock wrote (``docs/club-evening.md``). :func:`logged_clock` reads them back
as each player's time left after each move and the time each move took, which the exports write
where their format has a place: GNU Backgammon SGF's ``BL``/``WL`` (time left) and ``TM``/``OT``
(the time limits), PDN's ``[TimeControl]`` tag and ``[%emt]`` comments, and the JSON record's
``clock`` fields. GNU Backgammon's .mat has no place for them.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablier.tournament.clock import TimeControl
from tablier.tournament.clock_log import clock_times

from .eventlog import ClockRecord, Commit, LogFormatError, Record, parse_line
from .game_record import Record as GameRecords

#: A move's place in a record: its game's number and its ply in the game (1, 2, ...).
Ply = tuple[int, int]


@dataclass(frozen=True)
class LoggedClock:
    """The clock of a record's log: its ``control``; ``left``, each player's (player 1's, player 2's)
    time left after each move; ``used``, the time the mover's clock ran on each move."""

    control: TimeControl
    left: dict[Ply, tuple[float, float]]
    used: dict[Ply, float]


def logged_clock(record: GameRecords) -> LoggedClock | None:
    """The clock of ``record``'s log; None when the record has no log or the log no clock."""
    if '"clock"' not in record.log:
        return None
    records: list[Record] = []
    for line in record.log.splitlines():
        if '"clock"' in line or '"commit"' in line:
            try:
                records.append(parse_line(line.encode()))
            except LogFormatError:
                continue  # a torn last line: the times before it stand
    clocks = [r for r in records if isinstance(r, ClockRecord)]
    if not clocks:
        return None
    control = TimeControl.from_json(dict(clocks[0].state["control"]))
    return LoggedClock(control, clock_times(records), _used(records))


def _used(records: list[Record]) -> dict[Ply, float]:
    """The time each committed move's clock had run when the move was committed: the running turn
    of the last clock record before the commit (each holds the clock paused at its moment)."""
    used: dict[Ply, float] = {}
    running = 0.0
    for record in records:
        if isinstance(record, ClockRecord):
            state = record.state
            running = float(state.get("elapsed", 0.0)) if state.get("running") is not None else running
        elif isinstance(record, Commit):
            used[(record.game_number, record.ply)] = running
            running = 0.0
    return used


def hms(seconds: float) -> str:
    """Seconds as PGN's clock comments write them: ``0:04:12``."""
    whole = max(0, round(seconds))
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"
