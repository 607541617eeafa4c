"""Built-in hands for one seat of a board-to-board game (``tablier play --sim --remote --hands``).

:class:`SeatHands` are :class:`~tablier.play.autoplay.AutoHands` that play only the local player's
turns (set up the men, throw, play, as a built-in player chooses) and make the adversary's moves as
the lights ask; they wait, however long, while the game waits for the other board. ``say`` lets a
demonstration (or a test) say words of the table at chosen moments, through the seat as typed lines
go (:func:`~tablier.play.remote_words.local_line`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from .autoplay import AutoHands
from .hands import Hands
from .remote_seat import RemoteSeat
from .remote_words import local_line
from .session import Session

#: Says a line (a word of the table) at a moment it chooses, '' to hold the hands still, or None.
Sayer = Callable[[Session], str | None]


class SeatHands(AutoHands):
    """The hands of the local seat ``local`` at a board-to-board game."""

    idle_end_s = 3600.0
    """Waiting for the other board is not being stuck: the game's own end (or a timeout) stops them."""

    def __init__(self, hands: Hands, local: int, player: str = "greedy", seed: int | None = None,
                 delay: float = 0.0, say: Sayer | None = None) -> None:
        super().__init__(hands, (player, player), seed=seed, delay=delay)
        self.local = local
        self.say = say

    def _plan(self, session: Session) -> None:
        seat = session.computer
        if not isinstance(seat, RemoteSeat) or not self._told_teacher or seat.moving(session):
            super()._plan(session)
            return
        if session.restoring is not None:  # a takeback: the men go back as lit
            self._follow_lights(session)
            return
        line = self.say(session) if self.say is not None else None
        if line:
            self.queue.append(partial(local_line, seat, session, line))
        elif line is None and self._mine(session, seat):
            super()._plan(session)

    def _mine(self, session: Session, seat: RemoteSeat) -> bool:
        """Whether the next thing to do on this board is the local player's (his men, his throw)."""
        to_play = session.to_play()
        if to_play is not None:
            return to_play == self.local
        if session.throwing():
            return seat.pending_dice is None and seat.own_throw() and not seat.incoming
        return True  # setting up his own board
