"""Where a draughts game on the board stands: the men being set up, the game in play, the game
over. A leaf: the session sets the phase, its teacher, scene, seats and hands read it, and none of
them imports another for it."""

from __future__ import annotations

from enum import StrEnum


class DraughtsPhase(StrEnum):
    """The phase of a draughts game on the board."""

    SETUP = "setup"
    PLAYING = "play"
    OVER = "over"

    @property
    def idle(self) -> bool:
        """Whether nobody plays: the men are being set up, or the game is over."""
        return self in (DraughtsPhase.SETUP, DraughtsPhase.OVER)
