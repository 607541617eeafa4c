"""The adversary at another board (``tablier play GAME --remote``): a seat whose decisions come over
the wire and whose moves the local player makes on his own board, as lit.

Each host plays the whole game on its own board: its player's seat by his own hands, the other seat
as the computer's is played (:mod:`.computer`): the adversary's move arrives, the lights show it a
man at a time (``lift-here``, ``put-here``), the local player makes it, and the turn commits once
the board shows it. What both hosts share is the game's *record*: an ordered list of steps, each
said by a seat (a throw, a play, a touch under touch-move rules, a word of the table: ``double``,
``take``, ``claim Hit``, ``takeback``, ``accept``, ``resign``...). Both apply the same steps in the
same order, so both games stay the same; what a host sees on its own board alone (a false move, a
man put back, a switch) stays there.

Only the seat that holds the turn adds a step: the side to throw, to play or to answer
(:meth:`RemoteSeat.floor`); so two hosts never add a step at the same place. A word said by the
other player (a takeback asked after one's own play, a resignation out of turn) is proposed to the
host holding the turn, which puts it in order under the same rules as at one table, or refuses it
with the reason. The opening throw is the one step either may start: it is the same throw whoever
presses, its dice drawn from both hosts' shares (:mod:`tablier.remote.fairdice`).

Every step goes into the event log as a typed line, ``SEAT remote AT [ask=N] WORD [ARG]``, so that
a replay (``--resume``, ``tablier rebuild``) applies the same steps at the same points without the
wire, as the computer's ``computer play MOVE`` lines are replayed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from tablier.errors import IllegalMoveError, TablierError
from tablier.record.eventlog import Command, Commit, Header, Record, RemoteRecord
from tablier.record.log_writer import EventLogWriter
from tablier.remote.messages import WORDS, Message
from tablier.remote.refusals import Refusals

from .dice import ELECTRONIC
from .lit_seat import LitSeat
from .remote_link import RemoteDice, RemoteLink
from .remote_step import WORD, Step, parse_step, parse_throw
from .remote_words import Proposals, answer_theirs, local_line, retry_mine, throw_asked

if TYPE_CHECKING:
    from .session import Session


def _decision(record: Record) -> bool:
    return isinstance(record, EventLogWriter.DURABLE) and not isinstance(record, Header)


class SeatLog(EventLogWriter):
    """The live session's log, through which the seat sees the local player's own decisions (his
    committed play, made on his board) as they are written, and puts them in the shared record."""

    def __init__(self, inner: EventLogWriter, seat: RemoteSeat, session: Session) -> None:
        self.inner = inner
        self.seat = seat
        self.session = session
        self.path = inner.path
        self.mended = inner.mended

    def write(self, record: Record) -> Record:
        if _decision(record) and not self.seat.applying:
            self.seat.local_decision(self.session, record)
        return self.inner.write(record)

    def sync(self) -> None:
        self.inner.sync()

    def close(self) -> None:
        self.inner.close()


class RemoteSeat(LitSeat):
    """The seat of the player at the other board (the local player has seat ``local``)."""

    word = WORD

    def __init__(self, local: int) -> None:
        super().__init__()
        self.local = local
        self.remote = 3 - local
        self.steps: list[Step] = []
        self.throws = 0  # the throws in the record
        self.pending_dice: int | None = None  # the throw (its step) whose dice are awaited here
        self.lit: int | None = None  # the step of the adversary's play being made on this board
        self.touch_key: object = None  # the local turn whose touch is in the record
        self.remote_touch: tuple[int, int] | None = None  # (its throw, its point): the adversary's touch
        self.applying = False
        self.refusal = ""
        self.link: RemoteLink | None = None  # None: a replay, or a game not yet linked
        self.session: Session | None = None
        self.incoming: dict[int, Step] = {}
        self.proposals = Proposals()  # the words proposed between the boards
        self.other_away = False
        self.link_down = False
        self.refusals: Refusals | None = None  # what the wire brought that was refused, told unflooded

    def plays(self, player: int) -> bool:
        """Whether player ``player`` is the one at the other board."""
        return player == self.remote

    def log_through(self, session: Session, log: EventLogWriter) -> EventLogWriter:
        """The local player's decisions written by a resumption (his play, made on the board before
        the host stopped, not yet in the log) go into the shared record, to be sent."""
        return SeatLog(log, self, session)

    # -- the record, live or replayed ------------------------------------------------------------

    def command(self, session: Session, player: int, argument: str) -> None:
        """``SEAT remote AT [ask=N] WORD [ARG]``: apply a step of the record (the same live and in a
        replay); a step made on this board (the local player's play or touch) is only recorded."""
        step = parse_step(player, argument)
        if step.word == "dice":
            if step.at != self.pending_dice or not session.has_dice:
                raise IllegalMoveError(f"no throw awaits its dice at step {step.at}")
            values = parse_throw(step.arg)
            if values is None:
                raise IllegalMoveError("the dice of a throw are two numbers")
            self.pending_dice = None
            self._throw_now(session, values)
            return
        if step.at != len(self.steps) + 1:
            raise IllegalMoveError(f"step {step.at} is out of order (the record has {len(self.steps)} steps)")
        if step.word == "throw":
            if not session.has_dice:
                raise IllegalMoveError(f"no dice in {session.family}")
            values = parse_throw(step.arg)
            self._add(step)
            self.throws += 1
            if values is None:
                self.pending_dice = step.at
            else:
                self._throw_now(session, values)
        elif step.word in ("play", "touch") and step.by == self.local:
            self._add(step)  # made on this board and already in its game
            if step.word == "touch":
                self.touch_key = self._plays()
        elif step.word == "play":
            self.choose(session, step.arg)
            self._add(step)
            self.lit = step.at
        elif step.word == "touch":
            self._touch(session, step)
            self._add(step)
        elif self._said(session, step):
            self._add(step)

    def _add(self, step: Step) -> None:
        self.steps.append(step)
        if step.ask:
            self.proposals.done.add((step.by, step.ask))

    def _throw_now(self, session: Session, values: tuple[int, int]) -> None:
        """The throw is shown: the game's own throw, as typed dice are."""
        session.seat_decisions.show_throw(values)

    def _touch(self, session: Session, step: Step) -> None:
        """The adversary touched a man on his board (touch and take, Law 11): so here too."""
        if not step.arg.isdigit():
            raise IllegalMoveError(f"a touch names a point or a square (not {step.arg!r})")
        self.session_hands(session, False)
        try:
            session.seat_decisions.touch_named(int(step.arg))
            if session.has_dice:  # a touch known by its throw (Ticktack)
                self.remote_touch = (self.throws, int(step.arg))
        finally:
            self.session_hands(session, True)

    def session_hands(self, session: Session, blocked: bool) -> None:
        """The adversary's men are moved here by the local player's hands: their lifts bind nobody
        (``blocked``), but for the adversary's own touch, said by his host."""
        (session.hands_for.add if blocked else session.hands_for.discard)(self.remote)

    def _said(self, session: Session, step: Step) -> bool:
        """A word of the table said by ``step.by``: whether the rules let it change the game (else
        :attr:`refusal` says why)."""
        before = (session.decided, session.takebacks.asked, id(session.takebacks.undo))
        told = len(session.message_log)
        try:
            session.on_command(step.by, step.word, step.arg)
        except (TablierError, ValueError) as error:
            self.refusal = str(error)
            session.say(f"{step.word}: {error}", "warning")
            return False
        if (session.decided, session.takebacks.asked, id(session.takebacks.undo)) == before:
            said = session.message_log[told:]
            self.refusal = said[-1] if said else f"{step.word} changes nothing now"
            return False
        if step.word in ("accept", "compel"):  # a play taken back: its lights are no more
            self.choice = None
            self.lit = None
        if step.word == "huff" and step.by == self.remote and step.arg.isdigit():
            self.huffed = int(step.arg)  # still on this board: lit to lift with the adversary's move
        return True

    def on_press(self, session: Session, player: int) -> bool:
        """A press in the adversary's turn: his move commits once the board shows it; before it
        arrives, the players are told it is played at the other board."""
        if self.plays(session.mover() or 0) and not self.moving(session):
            session.say(f"{session.player_name(self.remote)} plays at the other board: the move will be "
                        "lit here once made")
            return True
        handled = super().on_press(session, player)
        if not self.moving(session):
            self.lit = None
        return handled

    def lines(self, session: Session, lines: list[str]) -> list[str]:
        """The view's lines: the adversary's move to make, or what this board waits for."""
        if self.moving(session) or self.link is None:
            return super().lines(session, lines)
        waiting = self.waiting(session)
        return [*lines, waiting] if waiting else lines

    def waiting(self, session: Session) -> str:
        """What the game waits for from the other board, in words ('' when nothing)."""
        name = session.player_name(self.remote)
        if self.other_away:
            return f"{name}'s host is away: waiting for it (nothing is lost)"
        if self.pending_dice is not None:
            return f"throwing: waiting for {name}'s share of the dice"
        if self.floor(session) == self.remote and not self.incoming:
            return f"{name} plays at the other board"
        return ""

    # -- whose turn ----------------------------------------------------------------------------------

    def floor(self, session: Session) -> int | None:
        """The seat that may add the next step now (the side to throw, play or answer); None at an
        opening throw with electronic dice (either may press: it is the same throw) and between games."""
        return session.floor()

    def ask_throw(self) -> None:
        """A press asked for a throw of electronic dice (:func:`~tablier.play.remote_words.throw_asked`)."""
        throw_asked(self)

    def own_throw(self) -> bool:
        """Whether the throw awaited now is the local player's to make (or either's: the opening)."""
        session = self.session
        if session is None or not session.throwing():
            return False
        return self.floor(session) in (None, self.local)

    def _ready(self, session: Session) -> bool:
        """Whether this board can take the next step: set up, no adversary's move or takeback being made."""
        if session.finished or self.lit is not None:
            return False
        return session.steps_ready()

    def caught_up(self, session: Session) -> bool:
        return not self.incoming and self.pending_dice is None and self._ready(session)

    # -- the live game ---------------------------------------------------------------------------

    def act(self, session: Session) -> None:
        """Every turn of the loop (live only): what came over the wire, the local player's touch, the
        adversary's steps as the board can take them, the proposals, his move followed to its commit."""
        if self.link is None:
            if not isinstance(session.dice, RemoteDice):
                return
            self._go_live(session, session.dice.link)
        link = self.link
        assert link is not None
        self._link_changes(session, link)
        messages, refusals = link.take()
        if self.refusals is None:
            self.refusals = Refusals(lambda line: session.say(line, "warning"))
        for refusal in refusals:
            self.refusals.add(refusal)
        self.refusals.due()
        for message in messages:
            self._dispatch(session, link, message)
        self._register_touch(session)
        self._complete_throw(session, link)
        self._apply_incoming(session, link)
        answer_theirs(self, session, link)
        retry_mine(self, session)
        if self.moving(session):
            self.follow(session, self.remote)
        if link.peer.other_online is not False:
            link.resend()

    def _go_live(self, session: Session, link: RemoteLink) -> None:
        self.link = link
        self.session = session
        link.seat = self
        if session.log is not None and not isinstance(session.log, SeatLog):
            session.log = SeatLog(session.log, self, session)
        link.logging_to(lambda record: self._durable(session, record))
        self._take_up(session, link)

    def _durable(self, session: Session, record: Record) -> None:
        session.record(record)
        if session.log is not None:
            session.log.sync()

    def _take_up(self, session: Session, link: RemoteLink) -> None:
        """After a resumption: what the log left half done (steps received but not yet applied,
        proposals unanswered, steps or shares of ours not yet sent) is taken up again."""
        received, sent = link.restored_received, link.restored_sent
        link.restored_received, link.restored_sent = [], []
        received_at = {int(m.body["at"]) for m in received if m.kind == "action"}
        sent_at = {int(m.body["at"]) for m in sent if m.kind == "action"}
        revealed = {int(m.body["n"]) for m in sent if m.kind == "reveal"}
        refused_here = {int(m.body["id"]) for m in sent if m.kind == "refused"}
        refused_there = {int(m.body["id"]) for m in received if m.kind == "refused"}
        for message in received:
            self._dispatch(session, link, message, quiet=True)
        for pid in refused_here:
            self.proposals.theirs.pop(pid, None)
        for message in sent:
            if message.kind == "propose":
                pid = int(message.body["id"])
                self.proposals.next_id = max(self.proposals.next_id, pid + 1)
                if (self.local, pid) not in self.proposals.done and pid not in refused_there:
                    self.proposals.mine[pid] = (str(message.body["word"]), str(message.body["arg"]))
        number = 0
        for step in self.steps:
            number += step.word == "throw"
            if step.at not in received_at and step.at not in sent_at:  # added here, never sent
                extra = link.my_share(number) if step.word == "throw" and not step.arg else None
                self.send_step(step, extra)
            elif (step.at in received_at and step.word == "throw" and step.arg and number not in revealed
                  and link.table.dice == ELECTRONIC):  # the other's throw shown here, our share unsent
                link.send("reveal", {"at": step.at, **link.my_share(number)})

    def _link_changes(self, session: Session, link: RemoteLink) -> None:
        for state, detail in link.wire.changes():
            if state == "disconnected" and not self.link_down:
                self.link_down = True
                session.say(f"the link to the broker dropped ({detail}): reconnecting; nothing is lost",
                            "warning")
            elif state == "reconnected":
                self.link_down = False
                session.say("the link to the broker is back")
                link.resend(force=True)
            elif state == "refused":
                session.say(f"the broker refused this host ({detail}): trying again", "warning")

    def _dispatch(self, session: Session, link: RemoteLink, message: Message,
                  quiet: bool = False) -> None:
        """Sort a message of the other host's: a step for the record, a share, a proposal, a refusal..."""
        name = session.player_name(self.remote)
        body = message.body
        if message.kind == "action":
            step = Step.of(message)
            if step.at <= len(self.steps):
                if not (step.word == "throw" and self.steps[step.at - 1].word == "throw"):
                    known = self.steps[step.at - 1]
                    if (known.word, known.arg, known.by) != (step.word, step.arg, step.by) and not quiet:
                        session.say(f"{name}'s host sent step {step.at} ({step.word} {step.arg}) where the "
                                    f"record has {known.word} {known.arg}: refused", "warning")
                return  # the opening throw both pressed for: its share is in
            self.incoming[step.at] = step
        elif message.kind == "propose":
            self.proposals.theirs[int(body["id"])] = (str(body["word"]), str(body["arg"]))
        elif message.kind == "refused":
            word = self.proposals.mine.pop(int(body["id"]), ("", ""))[0]
            line = f"{name}'s board refused your {word or 'word'}: {body['why']}"
            if not quiet and word:
                session.say(line, "warning")
            elif not quiet and self.refusals is not None:  # a refusal of nothing asked: told unflooded
                self.refusals.add(line)
        elif message.kind == "bye" and not quiet:
            session.say(f"{name}'s host stopped ({body['why']})", "warning")
        elif message.kind == "state" and not quiet:
            self._other_state(session, link, message)

    def _other_state(self, session: Session, link: RemoteLink,
                     message: Message) -> None:
        name = session.player_name(self.remote)
        online = bool(message.body["online"])
        if not online and not self.other_away:
            self.other_away = True
            session.say(f"{name}'s host is away: waiting for it (nothing is lost)", "warning")
        elif online and self.other_away:
            self.other_away = False
            session.say(f"{name}'s host is back")
        if online and link.peer.unacked():
            link.resend(force=True)

    def _register_touch(self, session: Session, committing: bool = False) -> None:
        """The local player touched a man (touch and take, Law 11): a step of the record, before his
        play (``committing``: his play is being committed, the turn has just passed). The
        adversary's touch, applied here, is not taken for his: a Ticktack touch is known by its
        throw, a draughts touch by the man still standing there being his."""
        if self.applying or self.link is None:
            return
        touched = session.seat_decisions.touched_by(self.local, committing)
        if touched is not None and session.has_dice and (self.throws, touched) == self.remote_touch:
            touched = None  # the adversary's touch, applied here (known by its throw)
        if touched is not None and self.touch_key != self._plays():
            self._register_own(session, "touch", str(touched))

    def _plays(self) -> int:
        """The plays in the record: which turn a touch belongs to."""
        return sum(1 for step in self.steps if step.word == "play")

    def local_decision(self, session: Session, record: Record) -> None:
        """A decision the local session is writing (not a step being applied): the local player's
        play, committed on his board, goes into the record (his touch before it), unless a resumption
        writes the commit of a play the record already ends with (logged, then the host stopped)."""
        if isinstance(record, Commit) and session.player_of_side(record.player) == self.local:
            last = self.steps[-1] if self.steps else None
            if self.link is None and last == Step(len(self.steps), self.local, "play", record.notation):
                return
            self._register_touch(session, committing=True)
            self._register_own(session, "play", record.notation)
        elif not isinstance(record, Commit):
            self._register_touch(session)

    def _register_own(self, session: Session, word: str, arg: str) -> None:
        step = Step(len(self.steps) + 1, self.local, word, arg)
        session.record(Command(player=self.local, word=WORD, argument=step.argument()))
        self.command(session, self.local, step.argument())
        self.send_step(step)

    def send_step(self, step: Step, extra: Mapping[str, Any] | None = None) -> None:
        if self.link is not None:
            self.link.send("action", {**step.body(), **(extra or {})})

    # -- the adversary's steps -------------------------------------------------------------------

    def _apply_incoming(self, session: Session, link: RemoteLink) -> None:
        while len(self.steps) + 1 in self.incoming and self._ready(session):
            step = self.incoming.pop(len(self.steps) + 1)
            problem = self._problem(session, link, step)
            if problem:
                line = (f"{session.player_name(self.remote)}'s host sent a step this game refuses "
                        f"({step.word} {step.arg}): {problem}")
                if self.refusals is None:
                    session.say(line, "warning")
                else:
                    self.refusals.add(line)
                return
            self._apply(session, link, step)

    def _problem(self, session: Session, link: RemoteLink, step: Step) -> str:
        """Why the other host may not add ``step`` now ('' when it may)."""
        floor = self.floor(session)
        if step.word == "throw":
            if not session.throwing():
                return "no throw is awaited"
            if step.by != (0 if floor is None else self.remote) or floor == self.local:
                return "it is not that seat's throw"
            if link.table.dice == ELECTRONIC and (step.arg or self.throws + 1 not in link.their_shares):
                return "a throw without its share of the dice"
            if link.table.dice != ELECTRONIC and not step.arg:
                return "a throw of physical dice without the dice"
            return ""
        if floor != self.remote:
            return "it is not that seat's turn"
        if step.by != self.remote and not (step.ask and step.by == self.local):
            return "a step said for another seat than the sender's"
        if step.word in ("play", "touch") and session.mover() != self.remote:
            return "that seat has no move to make now"
        if step.word == "takeback" and session.mover() == self.remote:
            return "a turn's own men go back at the board of the seat that moved them"
        if step.word not in ("play", "touch", *WORDS):
            return "not a step of the game"
        return ""

    def _apply(self, session: Session, link: RemoteLink, step: Step) -> None:
        number = self.throws + 1
        if step.word == "throw" and link.table.dice == ELECTRONIC:
            proof = link.throw(number)
            assert proof is not None
            self._prove(session, link, proof)
            step = Step(step.at, step.by, step.word, f"{proof.dice[0]} {proof.dice[1]}")
        with self.applying_steps():
            session.command_line(step.line())
        if step.word == "throw" and link.table.dice == ELECTRONIC and len(self.steps) >= step.at:
            link.send("reveal", {"at": step.at, **link.my_share(number)})

    def _prove(self, session: Session, link: RemoteLink, proof: Any) -> None:
        problem = proof.problem(link.peer.keys.game_id)
        if problem:
            raise AssertionError(problem)  # each share was checked as it came
        self._durable(session, RemoteRecord(event="throw", data=proof.to_json()))

    def _complete_throw(self, session: Session, link: RemoteLink) -> None:
        """Both shares of the throw this host started are in: the dice are shown."""
        if self.pending_dice is None or not session.has_dice:
            return
        proof = link.throw(self.throws)
        if proof is None:
            return
        self._prove(session, link, proof)
        with self.applying_steps():
            session.command_line(f"{WORD} {self.pending_dice} dice {proof.dice[0]} {proof.dice[1]}")

    @contextmanager
    def applying_steps(self) -> Iterator[None]:
        self.applying = True
        try:
            yield
        finally:
            self.applying = False


def attach_remote(session: Session, remote: Mapping[str, str]) -> None:
    """Give ``session`` the seat of the player at the other board (``remote["seat"]``: the local one)."""
    seat = remote.get("seat", "")
    if seat not in ("1", "2"):
        raise TablierError(f"a board-to-board game names this board's seat, 1 or 2 (not {seat!r})")
    remote_seat = RemoteSeat(int(seat))
    session.computer = remote_seat
    remote_seat.session_hands(session, True)
    session.typed_line = lambda line: local_line(remote_seat, session, line)

