"""The words typed at the terminal in a draughts game (``done``, ``hint``, ``huff``, ``compel``,
``resign``, ``draw``, ``quit``...) and takebacks: the men led back to where the move began."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.board.draughts_inference import DraughtsReading
from tablier.board.guidance import next_step
from tablier.board.tables_inference import Status
from tablier.draughts.core import COLOR_NAMES, Color, Outcome
from tablier.errors import IllegalMoveError
from tablier.record.eventlog import Claim

from .phase import DraughtsPhase

if TYPE_CHECKING:
    from .table import DraughtsTable


def command(session: DraughtsTable, player: int, word: str, argument: str) -> None:
    """A word typed at the terminal (or said by a seat) by ``player`` (0: the side to move)."""
    mover = session.board.turn
    side: Color = mover if not player else (session.player_of(False) != player)
    if word == "done":
        session.on_button(session.player_of(mover))
    elif word == "hint":
        session.teacher.hint()
    elif word == "teacher":
        session.say(session.teacher.command(player, argument))
    elif word in ("takeback", "undo"):
        takeback(session, player)
    elif word in ("accept", "refuse"):
        answer_takeback(session, player, word)
    elif word == "notice" and session.laws is not None:
        ruling = session.laws.give_notice(side)
        session.record(Claim(player=int(side), claim="forty-move", accepted=ruling.accepted))
        session.say(ruling.message)
    elif word == "huff" and session.laws is not None:
        square = int(argument) if argument.strip().isdigit() else 0
        ruling = session.laws.huff(square)
        session.say(ruling.message)
        if ruling.accepted:
            session.takebacks.close(f"{session._name(mover)} has huffed since")
            session.record(Claim(player=int(mover), claim="huff", detail=str(square)))
            session._begin_move()  # the huffed man is still on the board: the lights say to lift it
            session.reading = session._read(session.observation.squares)
            session._start_grace()
    elif word == "compel" and session.laws is not None:
        ruling = session.laws.compel()
        session.say(ruling.message)
        if ruling.accepted:  # the offender's move is taken back (the log's claim says so)
            session.takebacks.close("the move was taken back by the compelled capture (Law 15)")
            session.record(Claim(player=int(mover), claim="compel", detail=session.committed.pop()))
            session.ply -= 1
            session._begin_move()
            session.reading = session._read(session.observation.squares)
            session._start_grace()
    elif word == "insist" and session.laws is not None:
        if session.own_removed is None:
            raise IllegalMoveError("no man of the taker's own was taken off to put back (Law 18)")
        square = session.own_removed
        session.own_removed = None
        session.insisted.add(square)
        session.record(Claim(player=int(not mover), claim="law-18-insist", detail=str(square)))
        session.say(f"the man taken off {square} must be put back (Law 18)")
        session.reading = session._read(session.observation.squares)
    elif word in ("resign", "concede"):
        session.record(Claim(player=int(side), claim="resign"))
        session._game_over(Outcome(not side, f"{COLOR_NAMES[side]} resigned"))
    elif word == "quit":
        session.say("quit: the game stops here; its log keeps it for `tablier play --resume`")
        session.finished = True
    else:
        raise IllegalMoveError(f"{word!r} means nothing in {session.title} "
                               f"({', '.join(session.command_words())})")


def takeback(session: DraughtsTable, player: int) -> None:
    """``takeback``: the player who made the last move asks to take it back (until his adversary
    begins his own); said by the side to move, the men of his move go back to where it began."""
    if session.phase != DraughtsPhase.PLAYING:
        raise IllegalMoveError(f"no move to take back: {session.takebacks.refusal}")
    moved = session.observation.squares != session.wanted_squares()
    if not (player == session.player_of(session.board.turn) or (not player and moved)):
        side = not session.board.turn
        undo = session.takebacks.ask(int(side))
        session.say(f"{session._name(side)} asks to take back {undo.notation}: {session._name(not side)}, "
                 "say `accept` or `refuse`")
        return
    if session.touched is not None:
        raise IllegalMoveError(f"the piece on {session.touched} was touched and must be played (Law 11)")
    session.restoring = frozenset(session.wanted_squares())
    session._stop_grace()
    session.say("take back: put the men back where the move began", "teach")
    follow_restoring(session)


def answer_takeback(session: DraughtsTable, player: int, word: str) -> None:
    """``accept`` or ``refuse`` of the adversary of the side that asked to take his move back."""
    undo = session.takebacks.undo
    side = int(session.board.turn) if not player else int(session.player_of(True) == player)
    answered = session.takebacks.answer(side)
    assert undo is answered
    if word == "refuse":
        session.takebacks.asked = False
        session.say(f"{session._name(bool(side))} refuses: {undo.notation} stands")
        return
    session.takebacks.close(f"{undo.notation} was taken back")
    session.board, session.laws = undo.state
    session.ply -= 1
    session.committed.pop()
    session.record(Claim(player=undo.side, claim="takeback", detail=undo.notation))
    session.say(f"{session._name(bool(side))} agrees: {session._name(bool(undo.side))} takes back "
                f"{undo.notation}")
    session._begin_move()
    session.restoring = frozenset(session.wanted_squares())
    session.say("put the men back where the move began, as the lights show", "teach")
    follow_restoring(session)


def follow_restoring(session: DraughtsTable) -> bool:
    """While the men go back after a takeback: the next man to lift or put; False once they
    stand where the move began (or no takeback is under way)."""
    if session.restoring is None or session.inference is None:
        return False
    seen = session.observation.squares
    if seen == session.restoring:
        session.restoring = None
        session.guiding = False
        session.guide = None
        session.reading = session._read(seen)
        session.say("the men stand where the move began", "teach")
        return False
    session.guiding = True
    session.reading = DraughtsReading(Status.UNKNOWN)
    session.guide = next_step({s: 1 for s in seen}, {s: 1 for s in session.restoring})
    return True
