"""What a tables game tells the match clock (:mod:`tablier.play.match_clock`): whose turn it times,
whether the board shows his play complete, and the match lost on time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.board.tables_inference import Status
from tablier.tables.turn import OPENING, OVER, Outcome

from ..match_clock import ClockTurn
from .phase import TablesPhase

if TYPE_CHECKING:
    from .table import TablesTable

#: How a match lost on time is recorded (``docs/club-evening.md``).
LOST_ON_TIME = "lost on time"


def clock_turn(session: TablesTable) -> ClockTurn | None:
    """The turn being timed: the side to throw, to play or to answer a double (a game resumed
    mid-way, while its men are put back: paused); None between games and at the opening throw."""
    phase = session.phase
    if phase in (TablesPhase.OVER, TablesPhase.OPENING) or session.flow.awaiting in (OPENING, OVER):
        return None
    floor = session.floor()
    if floor is None:
        return None
    reading = session.reading
    complete = reading is not None and reading.status in (Status.FINAL, Status.AMBIGUOUS)
    shown = phase == TablesPhase.ASKING or (phase == TablesPhase.PLAY and complete)
    return ClockTurn(floor - 1, shown)


def lose_on_time(session: TablesTable, side: int) -> None:
    """``side`` loses the match on time: a last game won by his adversary with the points he still
    needed (one point in a game played without a match length)."""
    if session.phase == TablesPhase.OVER or session.flow.outcome is not None:
        return
    winner = 1 - side
    length = session.match.length if session.match is not None and session.match.length else \
        session.options.match_length
    needed = max(1, length - session.score[winner]) if length else 1
    session.flow.outcome = Outcome(winner, LOST_ON_TIME, needed)
    session.say(f"{session.player_name(side + 1)}'s time is out: the match is lost on time")
    session._game_over()
