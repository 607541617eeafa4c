"""The local player's throws and words at a board-to-board game: what he types (or his built-in
hands say), sorted between the shared record and his board's own; the words of the player who does
not hold the turn proposed to the board that does, which puts them in order or refuses them.
Functions of the :class:`~tablier.play.remote_seat.RemoteSeat`, as the takebacks are of a session.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from tablier.errors import IllegalMoveError
from tablier.remote.messages import WORDS

from .dice import ELECTRONIC
from .remote_step import Step, parse_throw
from .session import Session

if TYPE_CHECKING:
    from .remote_link import RemoteLink


@dataclass
class Proposals:
    """The words proposed between the two boards (a takeback, a resignation...), with their own
    state: each is put in order by the host holding the turn, or refused with the reason."""

    theirs: dict[int, tuple[str, str]] = field(default_factory=dict)  # the other side's, waiting for the turn
    mine: dict[int, tuple[str, str]] = field(default_factory=dict)  # ours, sent, not yet put in order
    next_id: int = 1
    done: set[tuple[int, int]] = field(default_factory=set)  # (seat, proposal) put in order

    def new_id(self) -> int:
        """The number of a new proposal of ours."""
        self.next_id += 1
        return self.next_id - 1


class FarSeat(Protocol):
    """What the words ask of the seat of the player at the other board
    (:class:`~tablier.play.remote_seat.RemoteSeat`)."""

    local: int
    remote: int
    steps: list[Step]
    throws: int
    pending_dice: int | None
    refusal: str
    proposals: Proposals
    link: RemoteLink | None
    session: Session | None

    def floor(self, session: Session) -> int | None:
        """The seat that may add the next step now."""
        ...

    def caught_up(self, session: Session) -> bool:
        """Whether this board has taken every step and can take the next."""
        ...

    def own_throw(self) -> bool:
        """Whether the throw awaited now is the local player's to make."""
        ...

    def waiting(self, session: Session) -> str:
        """What the game waits for from the other board, in words."""
        ...

    def send_step(self, step: Step, extra: Mapping[str, Any] | None = None) -> None:
        """Send a step of the record to the other host."""
        ...

    def applying_steps(self) -> AbstractContextManager[None]:
        """While a step of the record is applied (not a decision of the local session's own)."""
        ...


def throw_asked(seat: FarSeat) -> None:
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


def local_line(seat: FarSeat, session: Session, line: str) -> None:
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


def typed_throw(seat: FarSeat, session: Session, arg: str) -> None:
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


def say_word(seat: FarSeat, session: Session, word: str, arg: str,
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
        pid = seat.proposals.new_id()
        seat.proposals.mine[pid] = (word, arg)
        if seat.link is not None:
            seat.link.send("propose", {"id": pid, "word": word, "arg": arg})
        session.say(f"{word}: sent to {session.player_name(seat.remote)}'s board, whose turn it is")


def answer_theirs(seat: FarSeat, session: Session, link: RemoteLink) -> None:
    """The other player's proposals, put in order (or refused) once this host holds the turn."""
    if not seat.proposals.theirs or seat.floor(session) != seat.local or not seat.caught_up(session):
        return
    for pid in sorted(seat.proposals.theirs):
        word, arg = seat.proposals.theirs.pop(pid)
        if (seat.remote, pid) in seat.proposals.done:
            continue
        step = Step(len(seat.steps) + 1, seat.remote, word, arg, pid)
        with seat.applying_steps():
            session.command_line(step.line())
        if len(seat.steps) >= step.at:
            seat.send_step(step)
        else:
            link.send("refused", {"id": pid, "why": seat.refusal[:300]})


def retry_mine(seat: FarSeat, session: Session) -> None:
    """Our own proposals, said again as ours once this host holds the turn."""
    if not seat.proposals.mine or seat.floor(session) != seat.local or not seat.caught_up(session):
        return
    for pid in sorted(seat.proposals.mine):
        word, arg = seat.proposals.mine.pop(pid)
        if (seat.local, pid) not in seat.proposals.done:
            say_word(seat, session, word, arg, pid)
