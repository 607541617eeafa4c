"""The local player's throws and words at a board-to-board game: what he types (or his built-in
hands say), sorted between the shared record and his board's own; the words of the player who does
not hold the turn proposed to the board that does, which puts them in order or refuses them.
Functions of the :class:`~tablier.play.remote_seat.RemoteSeat`, as the takebacks are of a session.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.errors import IllegalMoveError
from tablier.remote.messages import WORDS

from .dice import ELECTRONIC
from .remote_step import Step, parse_throw
from .session import Session

if TYPE_CHECKING:
    from .remote_link import RemoteLink
    from .remote_seat import RemoteSeat


def throw_asked(seat: RemoteSeat) -> None:
    """A press asked for a throw (electronic dice): the local player's throw (or the opening,
    either's) is started: a step with our share; the dice are shown once the other's is in."""
    session, link = seat.session, seat.link
    if session is None or not session.has_dice or link is None:
        return
    name = session.player_name(seat.remote)
    if seat.pending_dice is not None:
        session.say(f"throwing: waiting for {name}'s share of the dice")
        return
    if not seat.caught_up(session):
        session.say(f"first {name}'s last step, as the board shows it", "teach")
        return
    floor = seat.floor(session)
    if floor not in (None, seat.local):
        session.say(f"it is {name}'s throw, at the other board")
        return
    step = Step(len(seat.steps) + 1, 0 if floor is None else seat.local, "throw")
    session.command_line(step.line())
    seat.send_step(step, link.my_share(seat.throws))
    if link.throw(seat.throws) is None:
        session.say(f"throwing: waiting for {name}'s share of the dice")


def local_line(seat: RemoteSeat, session: Session, line: str) -> None:
    """A line the local player typed (or his built-in hands said): the words of the table go into
    the record (or are proposed to the host holding the turn); the rest is this board's own."""
    words = line.split()
    if not words:
        return
    if words[0] in ("1", "2"):
        if int(words[0]) != seat.local:
            session.say(f"{session.player_name(seat.remote)} plays at the other board: what you type "
                        f"speaks for {session.player_name(seat.local)}", "warning")
            return
        words = words[1:]
    if not words:
        return
    word, arg = words[0].lower(), " ".join(words[1:])
    if word == "dice":
        typed_throw(seat, session, arg)
    elif word in WORDS and not (word in ("takeback", "undo") and session.mover() == seat.local):
        say_word(seat, session, word, arg)
    else:
        session.command_line(f"{seat.local} {' '.join(words)}")


def typed_throw(seat: RemoteSeat, session: Session, arg: str) -> None:
    if not session.has_dice or session.dice.source == ELECTRONIC:
        session.say("the dice of this game are thrown by both hosts together: press your button",
                    "warning")
        return
    try:
        values = parse_throw(arg)
    except IllegalMoveError as error:
        session.say(f"dice: {error}", "warning")
        return
    if values is None or not seat.own_throw() or not seat.caught_up(session):
        session.say("dice: it is not your throw now (the dice are typed at the thrower's board)",
                    "warning")
        return
    floor = seat.floor(session)
    step = Step(len(seat.steps) + 1, seat.local if floor else 0, "throw", f"{values[0]} {values[1]}")
    with seat.applying_steps():
        session.command_line(step.line())
    if len(seat.steps) >= step.at:
        seat.send_step(step)


def say_word(seat: RemoteSeat, session: Session, word: str, arg: str,
             ask: int = 0) -> None:
    floor = seat.floor(session)
    if floor is None:
        session.say(f"{word}: wait for the opening throw", "warning")
    elif floor == seat.local and not seat.caught_up(session):
        session.say(f"{word}: not yet: {seat.waiting(session) or 'the board is not ready for it'}",
                    "warning")
    elif floor == seat.local:
        step = Step(len(seat.steps) + 1, seat.local, word, arg, ask)
        with seat.applying_steps():
            session.command_line(step.line())
        if len(seat.steps) >= step.at:
            seat.send_step(step)
    elif not ask:
        pid = seat.next_proposal
        seat.next_proposal += 1
        seat.mine[pid] = (word, arg)
        if seat.link is not None:
            seat.link.send("propose", {"id": pid, "word": word, "arg": arg})
        session.say(f"{word}: sent to {session.player_name(seat.remote)}'s board, whose turn it is")


def answer_theirs(seat: RemoteSeat, session: Session, link: RemoteLink) -> None:
    """The other player's proposals, put in order (or refused) once this host holds the turn."""
    if not seat.theirs or seat.floor(session) != seat.local or not seat.caught_up(session):
        return
    for pid in sorted(seat.theirs):
        word, arg = seat.theirs.pop(pid)
        if (seat.remote, pid) in seat.asked_done:
            continue
        step = Step(len(seat.steps) + 1, seat.remote, word, arg, pid)
        with seat.applying_steps():
            session.command_line(step.line())
        if len(seat.steps) >= step.at:
            seat.send_step(step)
        else:
            link.send("refused", {"id": pid, "why": seat.refusal[:300]})


def retry_mine(seat: RemoteSeat, session: Session) -> None:
    """Our own proposals, said again as ours once this host holds the turn."""
    if not seat.mine or seat.floor(session) != seat.local or not seat.caught_up(session):
        return
    for pid in sorted(seat.mine):
        word, arg = seat.mine.pop(pid)
        if (seat.local, pid) not in seat.asked_done:
            say_word(seat, session, word, arg, pid)
