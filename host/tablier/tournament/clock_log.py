"""The match clock in the event log: the ``clock`` records a session writes, and the clock a resumed
session goes on with.

A session writes a :class:`~tablier.record.eventlog.ClockRecord` when the clocks are set, at each
start and stop (and pause, resume), and for each event the clock rules on (time short, Time called,
overtime, expiry). Each record holds the whole clock, paused at its moment, so the log alone gives
the clock back: :func:`restore` takes the last one and charges the turn that was running up to the
last record of any kind (the last moment the host was known to be watching the board), so a host
killed mid-turn comes back with the times as they were, and the time it was down is charged to no
one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tablier.record.eventlog import ClockRecord, Commit, Record

from .clock import ClockEvent, ClockState


def clock_record(event: str, state: ClockState, now: float, *, player: int | None = None,
                 t: float = 0.0) -> ClockRecord:
    """The record of ``event`` on the clock ``state`` at ``now`` (the clock's own time; ``t`` the
    wall-clock time the log keeps)."""
    paused = state.pause(now)
    return ClockRecord(event=event, player=player if player is not None else state.running,
                       left=[state.left(0, now), state.left(1, now)], state=paused.to_json(), t=t)


def event_records(events: Iterable[ClockEvent], state: ClockState, t: float = 0.0) -> list[ClockRecord]:
    """The records of what :meth:`ClockState.check` ruled, each dated on the clock when it happened
    (``state``: the clock after the check)."""
    return [clock_record(event.kind, state, event.at, player=event.side, t=t) for event in events]


def restore(records: Sequence[Record]) -> ClockState | None:
    """The clock the log's records leave (None: the log has no clock), paused: the caller resumes it
    (:meth:`ClockState.resume`) once the board is seen again. A turn that was running is charged up to
    the log's last record; :class:`~.clock.ClockError` if the last clock record's state cannot
    be read."""
    last_index = None
    for index, record in enumerate(records):
        if isinstance(record, ClockRecord):
            last_index = index
    if last_index is None:
        return None
    last = records[last_index]
    assert isinstance(last, ClockRecord)
    state = ClockState.from_json(dict(last.state))
    if state.running is None or state.expired is not None or last.event == "pause":
        return state  # no clock ran after it (a paused turn stays paused)
    seen = max(record.t for record in records[last_index:])
    if seen > last.t:
        state = state.resume(last.t).pause(seen)
    return state



def clock_times(records: Sequence[Record]) -> dict[tuple[int, int], tuple[float, float]]:
    """Each side's time left after each committed move, by ``(game number, ply)``: what an export
    writes where its format has a place for it (SGF's ``BL``/``WL``, a PDN ``%clk`` comment). A move
    is given the times of the last clock record before its commit (the ``stop`` the completed play
    wrote; the reserves run on from game to game of a match); a log without a clock gives none."""
    times: dict[tuple[int, int], tuple[float, float]] = {}
    left: tuple[float, float] | None = None
    for record in records:
        if isinstance(record, ClockRecord):
            left = (float(record.left[0]), float(record.left[1]))
        elif isinstance(record, Commit) and left is not None:
            times[(record.game_number, record.ply)] = left
    return times
