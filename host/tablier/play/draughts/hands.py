"""The built-in hands in a draughts game (:class:`~tablier.play.autoplay.AutoHands`): set the men
up, then lift and put the men of a move (a capture first, the longest), the captured men lifted
one by one, and press to end the turn."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from .phase import DraughtsPhase

if TYPE_CHECKING:
    from ..seat_decisions import PlannedHands
    from .table import DraughtsTable


def plan(hands: PlannedHands, session: DraughtsTable) -> None:
    """The next motions of the hands in a draughts game."""
    key = (session.game_number, len(session.committed), session.phase)
    if key == hands.planned_for:
        return
    hands.planned_for = key
    if session.phase == DraughtsPhase.SETUP:
        wanted = session.wanted_squares()
        if not hands.hands.closed:
            hands.queue.append(lambda: hands.hands.turn_face(False))
        for square in sorted(hands.hands.squares - wanted):
            hands.queue.append(partial(hands.hands.lift, ("square", square)))
        for square in sorted(wanted - hands.hands.squares):
            hands.queue.append(partial(hands.hands.put, ("square", square)))
        if not hands.queue:
            hands.planned_for = None
    elif session.phase == DraughtsPhase.PLAYING:
        moves = session.legal_moves()
        move = hands.rng.choice(moves)
        captures = [m for m in moves if m.captures]
        if captures:
            move = max(captures, key=lambda m: len(m.captures))
        hands.queue.append(partial(hands.hands.lift, ("square", move.from_square)))
        for square in move.captures:
            hands.queue.append(partial(hands.hands.lift, ("square", square)))
        hands.queue.append(partial(hands.hands.put, ("square", move.to_square)))
        hands.press(session.player_of(session.board.turn))
