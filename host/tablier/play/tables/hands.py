"""The built-in hands in a tables game (:class:`~tablier.play.autoplay.AutoHands`): set the men up,
press to throw, lift and put the men of the play their player chose (a hit man to the bar, a man
borne off to the tray), press to end the turn, answer the board's question."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from tablier.board.observation import TABLES_PLACES
from tablier.board.orientation import Orientation
from tablier.tables.moves import Play
from tablier.tables.position import BAR, OFF

from ..autoplay import MAX_PRESSES
from .phase import TablesPhase
from .players import ThumbJudge, TurnGame, thumb_play, word_for

if TYPE_CHECKING:
    from ..seat_decisions import PlannedHands
    from .table import TablesTable


def plan(hands: PlannedHands, session: TablesTable) -> None:
    """The next motions of the hands in a tables game."""
    key = (session.game_number, session.ply, session.phase, len(session.committed))
    throwing = session.phase.throwing
    if key == hands.planned_for and session.phase != TablesPhase.ASKING:
        # a throw may leave the game where it was (a tied opening throw): throw again
        if not throwing or hands.presses >= MAX_PRESSES:
            return
        hands.presses += 1
    else:
        hands.presses = 0
    hands.planned_for = key
    if session.phase != TablesPhase.SETUP and _speak(hands, session):
        return
    if session.phase == TablesPhase.SETUP:
        _set_up(hands, session)
    elif session.phase == TablesPhase.OPENING:
        hands.press(1)
    elif session.phase == TablesPhase.THROW:
        hands.press(session.flow.turn + 1)
    elif session.phase == TablesPhase.PLAY and session.inference is not None:
        _play(hands, session)
    elif session.phase == TablesPhase.ASKING:
        wanted = hands.intended
        for n, candidate in enumerate(session.asking):
            if candidate.position.boards == wanted:
                hands.queue.append(partial(session.command_line, f"choose {n + 1}"))
                return


def _speak(hands: PlannedHands, session: TablesTable) -> bool:
    """A word of the table the hands' own players say now (the turn's choices, the rules of thumb:
    a missed win called, a double or vie answered, a win of the throw claimed), said as a typed line
    is (board to board, it goes into the shared record)."""
    flow = session.flow
    for side in TurnGame(flow).speakers():
        word = None if session.is_computer(side + 1) else word_for(flow, side, ThumbJudge())
        if word is not None:
            line = f"{side + 1} {word[0]} {word[1]}".strip()
            hands.queue.append(partial(session.typed_line, line))
            return True
    return False


def _set_up(hands: PlannedHands, session: TablesTable) -> None:
    orientation = session.orientation or Orientation(session.variant, hands.way)
    wanted = orientation.counts(session.flow.position)
    if not hands.hands.closed:
        hands.queue.append(lambda: hands.hands.turn_face(True))
    for n, place in enumerate(TABLES_PLACES):
        have = hands.hands.men(place)
        for _ in range(have - wanted[n]):
            hands.queue.append(partial(hands.hands.lift, place))
    for n, place in enumerate(TABLES_PLACES):
        have = hands.hands.men(place)
        for _ in range(wanted[n] - have):
            hands.queue.append(partial(hands.hands.put, place))
    if not hands.queue:
        hands.planned_for = None


def _play(hands: PlannedHands, session: TablesTable) -> None:
    flow = session.flow
    assert session.inference is not None and session.orientation is not None
    side = flow.turn
    position = flow.position
    plays = session.inference.plays
    if flow.dice is None or plays == [()]:
        play: Play = ()
    else:
        play = thumb_play(hands.players[side], session.variant, flow, plays, hands.rng)
    hands.intended = session.variant.after(position, play).boards if play else position.boards
    orientation = session.orientation
    for move in play:
        source = orientation.place_of(side, BAR if move.src == BAR else move.src)
        target = orientation.place_of(side, OFF if move.dst == OFF else move.dst)
        hands.queue.append(partial(hands.hands.lift, source))
        if move.hit and not session.variant.pins:  # a pinned man stays under the pinner
            blot = target
            their_bar = ("bar", 2 - side)
            hands.queue.append(partial(hands.hands.lift, blot))
            hands.queue.append(partial(hands.hands.put, their_bar))
        hands.queue.append(partial(hands.hands.put, target))
    hands.press(side + 1)
