"""The live side of a board-to-board game: the broker's wire, the peer, this host's dice, the log.

A :class:`RemoteLink` is what the seat (:mod:`.remote_seat`) talks to the other host through. Its
rule: nothing is sent that is not first in the log. It logs every message it sends before
publishing it (a message made before the game's log begins waits for it; only the opener's offer,
which opens the game before any log can, goes out at once), and every message it takes in before
saying it has it (its retained state), so that a host stopped at any moment and resumed from its log
(:meth:`RemoteLink.restore`) sends again what the other side lacks and takes nothing in twice. It
keeps the other side's commitments and shares of the dice, each share checked against its
commitment as it arrives, and makes the proof of each throw (:class:`~tablier.remote.fairdice.ThrowProof`).
:class:`RemoteDice` are the dice of such a game: a throw asked for by a button press starts the
exchange of shares, and the throw is shown once both are in.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from tablier.record.eventlog import Record, RemoteRecord
from tablier.remote.fairdice import Shares, ThrowProof, commitment, dice_of
from tablier.remote.messages import Message, MessageError, named, parse
from tablier.remote.peer import Peer, Refused
from tablier.remote.transport import Wire

from .dice import ELECTRONIC, Dice


class ThrowingSeat(Protocol):
    """What the link's dice ask of the seat at this board (:class:`~tablier.play.remote_seat.RemoteSeat`)."""

    def own_throw(self) -> bool:
        """Whether the throw awaited now is the local player's to make (or either's: the opening)."""
        ...

    def ask_throw(self) -> None:
        """A press asked for a throw of electronic dice: start it (our share), or say what it waits for."""
        ...

#: Seconds between two resends of what the other side has not acknowledged.
RESEND_EVERY_S = 2.0

Log = Callable[[Record], object]


@dataclass
class Table:
    """What both hosts agreed on before the game: the game, its options, the players, the dice."""

    game: str
    options: dict[str, str]
    match_length: int
    games: int
    dice: str
    position: str
    names: list[str]  # seat 1's and seat 2's


class RemoteLink:
    """Seat ``peer.seat``'s link to the other host of a game."""

    def __init__(self, wire: Wire, peer: Peer, shares: Shares, table: Table, broker_url: str, club: str,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.wire = wire
        self.peer = peer
        self.shares = shares
        self.table = table
        self.broker_url = broker_url
        self.club = club
        self.clock = clock
        self.their_commitments: dict[int, str] = {}
        self.their_shares: dict[int, bytes] = {}
        self.early: list[Record] = [RemoteRecord(event="secret", data={"secret": shares.secret.hex()})]
        self.seat: ThrowingSeat | None = None
        self.restored_sent: list[Message] = []  # a resumed game's messages, for the seat to take up
        self.restored_received: list[Message] = []
        self._log: Log | None = None
        self._log_closed = False
        self._held: list[tuple[str, Message]] = []  # made before the log began: published once logged
        self._next_resend = 0.0

    @property
    def local(self) -> int:
        """This host's seat."""
        return self.peer.seat

    @property
    def other_name(self) -> str:
        """The other player's name."""
        return self.table.names[self.peer.other - 1]

    def remote_options(self) -> dict[str, str]:
        """What the log's header keeps of the game's link (no secret: the code and the password are
        asked again to resume)."""
        return {"broker": self.broker_url, "club": self.club, "game": self.peer.keys.game_id,
                "seat": str(self.local), "dice": self.table.dice}

    # -- the log -----------------------------------------------------------------------------------

    def logging_to(self, log: Log) -> None:
        """From now on, log through ``log``: what was made before the game's log began is logged
        first, then the messages that waited for it are published."""
        self._log = log
        for record in self.early:
            log(record)
        self.early = []
        held, self._held = self._held, []
        for topic, message in held:
            self.wire.publish(topic, message.payload())

    def close_log(self) -> None:
        """The game's log is closed: nothing more may be sent (what it holds may be sent again)."""
        self._log_closed = True

    def _record(self, record: Record) -> None:
        if self._log is None:
            self.early.append(record)
        else:
            self._log(record)

    # -- sending -----------------------------------------------------------------------------------

    def send(self, kind: str, body: dict[str, object]) -> Message:
        """Make, log and publish our next message; before the game's log begins, it waits for it
        (but the offer); :class:`RuntimeError` once the log is closed."""
        if self._log_closed:
            raise RuntimeError(f"{named(kind)} made after the game's log was closed: nothing is sent "
                               "that is not first in the log")
        topic, message = self.peer.make(kind, body)
        self._record(RemoteRecord(event="sent", data={"topic": topic, "message": dict(message.signed)}))
        if self._log is None and kind != "offer":
            self._held.append((topic, message))
        else:
            self.wire.publish(topic, message.payload(), retain=kind == "offer")
        return message

    def resend(self, now: float | None = None, force: bool = False) -> int:
        """Publish again what the other side has not acknowledged (every :data:`RESEND_EVERY_S`, or now
        with ``force``); how many."""
        now = self.clock() if now is None else now
        if not force and now < self._next_resend:
            return 0
        self._next_resend = now + RESEND_EVERY_S
        waiting = {message.seq for _, message in self._held}  # not yet in the log
        missing = [(topic, message) for topic, message in self.peer.unacked() if message.seq not in waiting]
        for topic, message in missing:
            self.wire.publish(topic, message.payload(), retain=message.kind == "offer")
        return len(missing)

    # -- receiving ---------------------------------------------------------------------------------

    def take_offer(self, topic: str, payload: bytes) -> Message:
        """The opener's offer, read by the joiner before his link was up: taken in as its first message."""
        (offer,) = self.peer.accept(topic, payload)
        self._record(RemoteRecord(event="received", data={"topic": topic, "message": dict(offer.signed)}))
        self._note_dice(offer)
        return offer

    def take(self) -> tuple[list[Message], list[str]]:
        """The other side's messages arrived since the last call (each logged, then acknowledged), and
        a one-line reason for each refused one."""
        taken: list[Message] = []
        refusals: list[str] = []
        for topic, payload in self.wire.received():
            if not payload:  # a retained message cleared at the game's end
                continue
            try:
                ready = self.peer.accept(topic, payload)
            except Refused as error:
                refusals.append(f"a message refused ({topic}): {error}")
                continue
            for message in ready:
                if message.kind != "state":
                    self._record(RemoteRecord(event="received", data={"topic": topic,
                                                                      "message": dict(message.signed)}))
                try:
                    self._note_dice(message)
                except Refused as error:
                    refusals.append(f"{self.other_name}'s host: {error}")
                    continue
                taken.append(message)
        if any(message.kind != "state" for message in taken):
            self.wire.publish_state()
        return taken, refusals

    def take_acks(self) -> None:
        """Read only what the other side says it has (its state), once this host's game is over: its
        other messages are left for a resumption (they are not acknowledged, so it sends them again)."""
        state = self.peer.topics.state(self.peer.other)
        for topic, payload in self.wire.received():
            if topic == state and payload:
                try:
                    self.peer.accept(topic, payload)
                except Refused:
                    continue

    def _note_dice(self, message: Message) -> None:
        """Keep the commitments and the shares a message carries, each share checked."""
        body = message.body
        if message.kind in ("offer", "join"):
            self.their_commitments.setdefault(1, str(body["commit"]))
            return
        if "share" not in body or "n" not in body:
            return
        number = int(body["n"])
        share = bytes.fromhex(str(body["share"]))
        promised = self.their_commitments.get(number)
        if promised is None or commitment(self.peer.keys.game_id, self.peer.other, number, share) != promised:
            raise Refused(f"its share of throw {number} does not match the commitment it sent before: "
                          "the throw cannot be shown fair, and the game stops here")
        self.their_shares[number] = share
        self.their_commitments.setdefault(number + 1, str(body["commit"]))

    # -- the dice ----------------------------------------------------------------------------------

    def my_share(self, number: int) -> dict[str, object]:
        """Our share of throw ``number`` and our commitment to the next, as a message carries them."""
        return {"n": number, "share": self.shares.share(number).hex(),
                "commit": self.shares.commitment(number + 1)}

    def throw(self, number: int, count: int = 2) -> ThrowProof | None:
        """The proof of throw ``number`` once both shares are in (None before)."""
        theirs = self.their_shares.get(number)
        if theirs is None:
            return None
        mine = self.shares.share(number)
        by_seat = (mine, theirs) if self.local == 1 else (theirs, mine)
        commitments = (self.shares.commitment(number), self.their_commitments[number])
        if self.local == 2:
            commitments = (commitments[1], commitments[0])
        dice = dice_of(self.peer.keys.game_id, number, by_seat, count)
        return ThrowProof(number, commitments, (by_seat[0].hex(), by_seat[1].hex()), dice)

    # -- a resumed host ----------------------------------------------------------------------------

    def restore(self, records: Iterable[Record]) -> None:
        """Take up from a log: our secret, what we sent and what we took in."""
        sent: list[tuple[str, Message]] = []
        received: list[Message] = []
        for record in records:
            if not isinstance(record, RemoteRecord):
                continue
            if record.event == "secret":
                self.shares = Shares(bytes.fromhex(str(record.data["secret"])), self.peer.keys.game_id,
                                     self.peer.seat)
            elif record.event in ("sent", "received"):
                message = _logged_message(record)
                if record.event == "sent":
                    sent.append((str(record.data["topic"]), message))
                else:
                    received.append(message)
        self.early = []
        self.peer.restore(sent, received)
        self.restored_sent = [message for _, message in sent]
        self.restored_received = received
        for message in received:
            try:
                self._note_dice(message)
            except Refused:
                continue


def _logged_message(record: RemoteRecord) -> Message:
    import json

    try:
        return parse(json.dumps(record.data["message"]).encode("utf-8"))
    except (MessageError, KeyError, TypeError) as error:
        raise ValueError(f"a logged message is not one: {error}") from None


class RemoteDice(Dice):
    """The dice of a board-to-board game: electronic ones thrown by both hosts' shares (a press starts
    the throw, :meth:`ThrowingSeat.ask_throw`), physical ones typed by
    their thrower and shown to the other."""

    def __init__(self, link: RemoteLink) -> None:
        super().__init__(None, link.table.dice)
        self.link = link

    def throw(self, count: int = 2) -> tuple[int, ...] | None:
        """A throw forced by the seat (both shares in, or the thrower's typed dice), else None: a press
        asked for it, and the seat takes it from there."""
        if self._forced:
            return super().throw(count)
        if self.link.seat is not None and self.source == ELECTRONIC:
            self.link.seat.ask_throw()
        return None

    def wanted(self, count: int) -> str:
        """Physical dice are typed by their thrower; the seat tells what an electronic throw waits for."""
        if self.source == ELECTRONIC or self.link.seat is None or not self.link.seat.own_throw():
            return ""
        return super().wanted(count)
