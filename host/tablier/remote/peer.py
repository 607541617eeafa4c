"""One host's side of the conversation: sequence numbers, acknowledgements, duplicates, resends.

A :class:`Peer` numbers what its host sends (1, 2, ... for the game), keeps it until the other side
says it has it, and takes in what the other side sends: each message checked (:func:`parse`, its
signature, its game, its seat, its topic), then handed on once, in order. A message already taken
in (a resend, a copy published again by someone else) is counted and dropped; one that arrives
early waits for the ones before it. The other side's retained ``state`` says what it has received,
so that after a dropped link, a broker restart or a host killed and resumed, exactly what is
missing is sent again (:meth:`Peer.unacked`), and never anything twice into the game.

The peer is pure: no broker, no clock of its own, no file. The seat logs what it sends and
receives (:mod:`tablier.play.remote_seat`) and rebuilds a peer from the log (:meth:`Peer.restore`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .gamecode import GameKeys
from .messages import Message, MessageError, envelope, named, parse
from .signing import sign, verify

#: What a seat publishes on its own topic (the offer and the state have topics of their own).
SEAT_KINDS = ("join", "action", "reveal", "propose", "refused", "bye")
#: How many early messages may wait for a missing one before the rest are refused.
MAX_HELD = 512


class Refused(ValueError):
    """A message refused: its one-line reason (it never reaches the game)."""


@dataclass(frozen=True)
class Topics:
    """The game's topics on the broker: ``tablier/CLUB/GAME/SEAT`` (each seat's messages),
    ``.../SEAT/state`` (retained: what it has, whether it is online) and ``.../offer/USER`` (retained:
    the opener's offer, on a topic of his broker user, which the broker's ACL lets nobody else write)."""

    base: str

    @classmethod
    def of(cls, club: str, game_id: str) -> Topics:
        """The topics of game ``game_id`` in ``club``."""
        return cls(f"tablier/{club}/{game_id}")

    def seat(self, seat: int) -> str:
        """Where seat ``seat`` publishes its messages."""
        return f"{self.base}/{seat}"

    def state(self, seat: int) -> str:
        """Where seat ``seat`` keeps its retained state."""
        return f"{self.base}/{seat}/state"

    def offer(self, user: str) -> str:
        """Where an opener logged in to the broker as ``user`` keeps the game's offer (retained)."""
        return f"{self.base}/offer/{user if user and not set(user) & set('/+#') else '-'}"

    @property
    def offers(self) -> str:
        """The subscription to every offer of the game (the joiner takes the one signed with its key)."""
        return f"{self.base}/offer/+"

    def is_offer(self, topic: str) -> bool:
        """Whether ``topic`` is an offer's (of any user)."""
        owner = topic.removeprefix(f"{self.base}/offer/")
        return owner != topic and bool(owner) and "/" not in owner


def check_signed(keys: GameKeys, topic: str, payload: bytes) -> Message:
    """A message read from ``topic`` and signed with the game's key; :class:`Refused` otherwise."""
    try:
        message = parse(payload)
    except MessageError as error:
        raise Refused(f"malformed ({error})") from None
    if not verify(keys.key, topic, message.signed):
        raise Refused(f"{named(message.kind)} not signed with this game's key (forged, altered, "
                      "or from another game)")
    if message.game != keys.game_id:
        raise Refused(f"{named(message.kind)} of another game ({message.game})")
    return message


class Peer:
    """Seat ``seat``'s side of game ``keys.game_id`` in ``club``."""

    def __init__(self, keys: GameKeys, club: str, seat: int, user: str = "") -> None:
        self.keys = keys
        self.topics = Topics.of(club, keys.game_id)
        self.user = user  # this host's broker user: the topic of its offer
        self.seat = seat
        self.other = 3 - seat
        self.outbox: dict[int, tuple[str, Message]] = {}
        self.next_seq = 1
        self.received = 0  # every message of the other side up to this one has been taken in
        self.taken: dict[int, object] = {}  # the signature of each message taken in, by its number
        self.held: dict[int, Message] = {}
        self.acked = 0  # what the other side says it has received of ours
        self.other_online: bool | None = None
        self._other_stamp: tuple[int, int] = (-1, 0)
        self.duplicates = 0

    # -- sending -----------------------------------------------------------------------------------

    def make(self, kind: str, body: dict[str, object]) -> tuple[str, Message]:
        """The next message of ours (numbered, signed), and its topic; kept until acknowledged."""
        topic = self.topics.offer(self.user) if kind == "offer" else self.topics.seat(self.seat)
        message = self._signed(topic, envelope(self.keys.game_id, self.seat, self.next_seq, kind, body))
        self.outbox[self.next_seq] = (topic, message)
        self.next_seq += 1
        return topic, message

    def state(self, online: bool, stamp: int) -> tuple[str, Message]:
        """Our retained state: what we have received and sent, whether we are online; ``stamp`` orders
        the connections (the broker's copy of a dead connection's will is not taken for a newer one)."""
        topic = self.topics.state(self.seat)
        body = {"acked": self.received, "sent": self.next_seq - 1, "online": online, "stamp": stamp}
        return topic, self._signed(topic, envelope(self.keys.game_id, self.seat, 0, "state", body))

    def _signed(self, topic: str, fields: dict[str, object]) -> Message:
        signed = sign(self.keys.key, topic, fields)
        return Message(self.keys.game_id, self.seat, int(str(fields["seq"])), str(fields["kind"]),
                       dict(fields["body"]) if isinstance(fields["body"], dict) else {}, signed)

    def unacked(self) -> list[tuple[str, Message]]:
        """What we sent that the other side has not said it received, in order."""
        return [self.outbox[seq] for seq in sorted(self.outbox) if seq > self.acked]

    # -- receiving ---------------------------------------------------------------------------------

    def accept(self, topic: str, payload: bytes) -> list[Message]:
        """The other side's messages that ``payload`` makes ready, in order (none for a duplicate or an
        early one); :class:`Refused` with the reason for anything that is not one of its messages."""
        message = check_signed(self.keys, topic, payload)
        if message.sender != self.other:
            raise Refused(f"{named(message.kind)} that says it comes from seat {message.sender}, "
                          f"which is this host's")
        kinds = {self.topics.seat(self.other): SEAT_KINDS, self.topics.state(self.other): ("state",)}.get(
            topic, ("offer",) if self.topics.is_offer(topic) else None)
        if kinds is None:
            raise Refused(f"{named(message.kind)} on a topic of no seat ({topic})")
        if message.kind not in kinds:
            raise Refused(f"{named(message.kind)} on {topic}")
        if message.kind == "state":
            return self._state(message)
        if message.seq <= self.received or message.seq in self.held:
            known = self.held[message.seq].signed if message.seq in self.held else None
            if self.taken.get(message.seq, (known or {}).get("mac")) not in (None, message.signed.get("mac")):
                raise Refused(f"another message under the number {message.seq} than the one taken in "
                              f"({named(message.kind)}): the other host numbered two messages alike")
            self.duplicates += 1
            return []
        if len(self.held) >= MAX_HELD:
            raise Refused(f"message {message.seq} came while {MAX_HELD} others wait for one before them")
        self.held[message.seq] = message
        ready: list[Message] = []
        while self.received + 1 in self.held:
            self.received += 1
            ready.append(self.held.pop(self.received))
            self.taken[self.received] = ready[-1].signed.get("mac")
        return ready

    def _state(self, message: Message) -> list[Message]:
        body = message.body
        self.acked = max(self.acked, int(body["acked"]))
        order = (int(body["stamp"]), 0 if body["online"] else 1)  # a connection's will after its hello
        if order < self._other_stamp:
            return []
        self._other_stamp = order
        self.other_online = bool(body["online"])
        return [message]

    def missing_from_other(self, other_sent: int) -> bool:
        """Whether the other side has sent messages we have not taken in (its state says so)."""
        return other_sent > self.received

    # -- a resumed host ----------------------------------------------------------------------------

    def restore(self, sent: Iterable[tuple[str, Message]], received: Iterable[Message]) -> None:
        """Take up where the log left off: ``sent`` (our messages, with their topics), ``received``
        (the other side's, as taken in)."""
        for topic, message in sent:
            self.outbox[message.seq] = (topic, message)
            self.next_seq = max(self.next_seq, message.seq + 1)
        for message in received:
            if message.seq == self.received + 1:
                self.received = message.seq
                self.taken[message.seq] = message.signed.get("mac")
