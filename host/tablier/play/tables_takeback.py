"""Takebacks in a tables game on the board: the men of the turn put back, or a committed play taken
back when the adversary agrees (``docs/play.md``). Functions of the :class:`TablesSession`, as the
view is (:mod:`.tables_display`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.board.guidance import next_step
from tablier.board.observation import visible
from tablier.board.tables_inference import Reading, Status
from tablier.errors import IllegalMoveError
from tablier.record.eventlog import Claim
from tablier.tables.turn import PLAY

if TYPE_CHECKING:
    from .tables_session import TablesSession


def take_back(self: TablesSession, player: int) -> None:
    """``takeback``: said by the side playing his throw, the men of the turn go back to where it
    began; said after a committed play (before the next throw), its player asks to take it back."""
    from .tables_session import ASKING
    moved = self.inference is not None and tuple(self.observation.counts) != visible(
        self.inference.candidates[0].counts, self.ladder)
    if self.phase in (PLAY, ASKING) and (player - 1 == self.flow.turn or (not player and moved)):
        if self.variant.facts.touch_and_take and self.flow.must_move():
            raise IllegalMoveError("touch and take: the man touched must be played")
        self.phase = PLAY
        guide_back(self, "take back: put the men back where the turn began")
        return
    side = player - 1 if player else 1 - self.flow.turn
    undo = self.takebacks.ask(side)
    self.say(f"{self._name(side)} asks to take back {undo.notation}: {self._name(1 - side)}, "
             "say `accept` or `refuse`")

def answer_takeback(self: TablesSession, player: int, word: str) -> None:
    """``accept`` or ``refuse`` of the adversary of the side that asked to take a play back."""
    assert self.takebacks.undo is not None
    side = player - 1 if player else 1 - self.takebacks.undo.side
    undo = self.takebacks.answer(side)
    if word == "refuse":
        self.takebacks.asked = False
        self.say(f"{self._name(side)} refuses: {undo.notation} stands")
        return
    self.takebacks.close(f"{undo.notation} was taken back")
    self.flow = undo.state
    self.ply -= 1
    self.committed.pop()
    self.record(Claim(player=undo.side, claim="takeback", detail=undo.notation))
    self.say(f"{self._name(side)} agrees: {self._name(undo.side)} takes back {undo.notation} "
             f"and plays {self.flow.dice} again")
    self._begin_turn()
    guide_back(self, "put the men back where the turn began, as the lights show")

def guide_back(self: TablesSession, text: str) -> None:
    """Light the way back to the start of the turn (lift-here, put-here) until the men stand there."""
    assert self.inference is not None
    self.restoring = visible(self.inference.candidates[0].counts, self.ladder)
    self.stop_grace()
    self.say(text, "teach")
    follow_restoring(self)

def follow_restoring(self: TablesSession) -> bool:
    """While the men go back after a takeback: the next man to lift or put; False once they
    stand where the turn began (or no takeback is under way)."""
    if self.restoring is None or self.inference is None:
        return False
    seen = tuple(self.observation.counts)
    if seen == self.restoring:
        self.restoring = None
        self.guiding = False
        self.guide = None
        self.reading = self.inference.read(seen)
        self.say("the men stand where the turn began", "teach")
        return False
    self.guiding = True
    self.reading = Reading(Status.UNKNOWN)
    self.guide = next_step(dict(enumerate(seen)), dict(enumerate(self.restoring)))
    return True
