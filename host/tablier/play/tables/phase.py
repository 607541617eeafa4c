"""Where a tables game on the board stands: the men being set up, the opening throw, a throw, a
play, the board asking which play, the game over. A leaf: the session sets the phase, its display,
teacher, scene, seats and hands read it, and none of them imports another for it."""

from __future__ import annotations

from enum import StrEnum

from tablier.tables.turn import Awaiting


class TablesPhase(StrEnum):
    """The phase of a tables game on the board (the turn's own words where the board waits for the
    turn: the opening throw, a throw, a play, the end)."""

    SETUP = "setup"
    OPENING = Awaiting.OPENING.value
    THROW = Awaiting.THROW.value
    PLAY = Awaiting.PLAY.value
    ASKING = "ask"
    OVER = Awaiting.OVER.value

    @property
    def idle(self) -> bool:
        """Whether nobody plays: the men are being set up, or the game is over."""
        return self in (TablesPhase.SETUP, TablesPhase.OVER)

    @property
    def throwing(self) -> bool:
        """Whether a throw is awaited: the opening throw or a turn's."""
        return self in (TablesPhase.OPENING, TablesPhase.THROW)

    @property
    def moving(self) -> bool:
        """Whether the mover plays his throw (the board may be asking which play)."""
        return self in (TablesPhase.PLAY, TablesPhase.ASKING)
