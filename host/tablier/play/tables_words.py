"""The words of the table in a tables game (``docs/play.md``): the cube, claims, vies, resignations,
said at the terminal and answered by the game's turn. A function of the :class:`TablesSession`, as
the takebacks (:mod:`.tables_takeback`) and the view (:mod:`.tables_display`) are."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.record.eventlog import Claim, CubeAction, Vie
from tablier.tables.turn import ACTOR_WORDS, DOUBLE, DROP, PLAY, SEE, TAKE, THROW, VIE, YIELD

if TYPE_CHECKING:
    from .tables_session import TablesSession


def table_word(self: TablesSession, player: int, word: str, argument: str) -> None:
    """A word of the table (``double``, ``claim``, ``vie``, ``resign``...) said by ``player`` (0: by
    the side the word belongs to): the turn answers it, the log records it, and the game goes on,
    ends, or moves to its next throw."""
    if self.takebacks.undo is not None:
        self.takebacks.close(f"`{word}` was said since")
    if player:
        side = player - 1
    elif word in ACTOR_WORDS:
        side = self.flow.turn
    else:
        side = 1 - self.flow.turn
    said = self.flow.command(side, word, argument)
    self.say(said)
    if word in (DOUBLE, TAKE, DROP):
        self.record(CubeAction(player=side, action=word, value=self.flow.cube_value))
    elif word in (VIE, SEE, YIELD):
        self.record(Vie(player=side, action=word, stake=self.flow.vies))
    else:
        self.record(Claim(player=side, claim=word, detail=argument))
    if self.flow.outcome is not None:
        self._game_over()
    elif self.phase == PLAY and self.flow.awaiting != PLAY:
        self.phase = THROW
        self.inference = None
    elif self.phase == THROW and self.flow.awaiting == PLAY:
        self._begin_turn()
