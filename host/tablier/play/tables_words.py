"""The words of the table in a tables game (``docs/play.md``): the cube, claims, vies, resignations,
said at the terminal and answered by the game's flow. A function of the :class:`TablesSession`, as
the takebacks (:mod:`.tables_takeback`) and the view (:mod:`.tables_display`) are."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.record.eventlog import Claim, CubeAction, Vie

from .tables_flow import PLAY, THROW

if TYPE_CHECKING:
    from .tables_session import TablesSession

#: Words said by the side to act by default; the others by his adversary.
ACTOR_WORDS = ("double", "claim", "vie", "resign", "concede", "keep", "take", "drop")
#: Every word of the table some tables game knows (its flow says whether it means something there).
TABLE_WORDS = (*ACTOR_WORDS, "why-not", "accept", "see", "yield")


def table_word(self: TablesSession, player: int, word: str, argument: str) -> None:
    """A word of the table (``double``, ``claim``, ``vie``, ``resign``...) said by ``player`` (0: by
    the side the word belongs to): the flow answers it, the log records it, and the game goes on,
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
    if word in ("double", "take", "drop"):
        value = getattr(getattr(self.flow, "game", None), "cube_value", 1)
        self.record(CubeAction(player=side, action=word, value=value))
    elif word in ("vie", "see", "yield"):
        self.record(Vie(player=side, action=word, stake=getattr(getattr(self.flow, "game", None),
                                                                 "vies", 0)))
    else:
        self.record(Claim(player=side, claim=word, detail=argument))
    if self.flow.outcome is not None:
        self._game_over()
    elif self.phase == PLAY and self.flow.awaiting != PLAY:
        self.phase = THROW
        self.inference = None
    elif self.phase == THROW and self.flow.awaiting == PLAY:
        self._begin_turn()
