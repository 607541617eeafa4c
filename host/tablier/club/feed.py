"""A board's feed to its club: what its screen shows and its match's records, published as it plays.

``tablier play ... --club-broker BROKER --club NAME --board NAME`` gives the session a
:class:`ClubFeed`, called after each turn of its loop (as the live page's publisher is): the scene
is looked at every :data:`LOOK_EVERY_S` at most and published when it changed; the game's event log
is followed as it is written (:class:`~tablier.record.eventlog.LogTail`: what was read is never read
again) and each new record of the match is published, numbered (:mod:`.messages`). Nothing is
replayed here: the club builds the match from the records as they come. Every message is retained
and QoS 1: Paho keeps what the board publishes while its link is down and sends it when the link is
back; the broker keeps the latest of each kind for a club page that opens later. The club's hall
says how many records it holds when it lacks some (``have``, retained for this board): the feed
sends the rest again. A host started again (``--resume``) publishes its match from record 0 once;
the club drops what it has. When the game stops, the whole match goes out once more in one message,
which the broker keeps for a club page that was not there. The presence is retained too, and its
last will says ``offline`` when the link drops without a goodbye.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from tablier.errors import TablierError
from tablier.record.eventlog import Header, LogTail
from tablier.remote.transport import MqttWire, stamp_now

from .messages import BOARD_NAME, HAVE, MATCH_RECORDS, MAX_BATCH, MessageError, check, make, topic

if TYPE_CHECKING:
    from tablier.board.scene import Scene
    from tablier.remote.broker import Club


class Session(Protocol):
    """What the feed asks of the game it publishes (a play session): its scene now, and a way to tell
    its player something (its options, and its event log where it keeps one, are looked up)."""

    def scene(self) -> Scene: ...

    def say(self, text: str, level: str = ...) -> None: ...

#: How often the scene is looked at (the club's page is a screen across the room, not a board).
LOOK_EVERY_S = 0.1
#: How soon the records the hall lacks from one number on are sent again, at the earliest.
RESEND_S = 2.0


class ClubFeed:
    """Publishes one board's scene and match to its club (:mod:`.messages`)."""

    def __init__(self, club: Club, key: bytes, board: str) -> None:
        if not BOARD_NAME.fullmatch(board):
            raise ValueError(f"--board {board!r}: a board's name is up to 32 lower-case letters, digits "
                             "and dashes (it is the address of its page)")
        self.club = club
        self.key = key
        self.board = board
        self._looked = 0.0
        self._scene: dict[str, Any] | None = None
        self._stamp = 0
        self._session: Session | None = None
        self._refused = False
        self._tail: LogTail | None = None
        self.match = ""  # the id of the match followed ('' before its header is read)
        self.records: list[dict[str, Any]] = []  # its records published so far, as JSON
        self._over = False
        self._resent: tuple[int, float] = (-1, 0.0)
        self.wire = MqttWire(club.broker, club.login, f"tablier-club-{club.name}-{board}",
                             [topic(club.name, board, HAVE)], self._presence)

    def _presence(self, online: bool, stamp: int) -> tuple[str, bytes]:
        kind = "presence"
        return topic(self.club.name, self.board, kind), make(self.key, self.club.name, self.board, kind,
                                                              stamp, {"online": online})

    def start(self) -> ClubFeed:
        """Connect to the broker (:class:`~tablier.remote.broker.BrokerUnreachable` if it cannot)."""
        self.wire.start()
        return self

    def publish(self, kind: str, body: Mapping[str, Any], retain: bool = True) -> None:
        """Publish a message of ``kind`` (QoS 1, retained unless told), stamped after every one before it."""
        self._stamp = max(stamp_now(), self._stamp + 1)
        payload = make(self.key, self.club.name, self.board, kind, self._stamp, body)
        self.wire.publish(topic(self.club.name, self.board, kind), payload, retain=retain)

    def __call__(self, session: Session) -> None:
        """Look at ``session`` (at most every :data:`LOOK_EVERY_S`) and publish what changed."""
        now = time.monotonic()
        if now - self._looked < LOOK_EVERY_S:
            return
        self._looked = now
        self.show(session)

    def show(self, session: Session) -> None:
        """Publish the scene if it changed, the match's records written since, and what the club lacks."""
        self._session = session
        scene = session.scene()
        data = scene.to_json()
        if data != self._scene:
            self._scene = data
            game = dict(getattr(getattr(session, "options", None), "remote", None) or {}).get("game", "")
            self.publish("state", {"scene": data, **({"game": game} if game else {})})
            self._told_refusal(data)
        log = getattr(session, "log", None)
        if log is not None:
            self.follow(Path(log.path), scene.over)
        self._answer()

    def _told_refusal(self, scene: dict[str, Any]) -> None:
        """Tell this board's player, once, if the club would refuse what it shows (it would not be
        on the club's page)."""
        from .messages import MessageError, scene_from_json

        try:
            scene_from_json(scene)
        except MessageError as error:
            if not self._refused and self._session is not None:
                self._refused = True
                self._session.say(f"the club's page cannot show this board: {error}", "warning")

    def follow(self, log_path: Path, over: bool) -> None:
        """Publish the records of the match written to the log at ``log_path`` since the last call
        (from record 0 for a log not followed yet), and whether the match is over."""
        if self._tail is None or self._tail.path != log_path:
            self._tail, self.match, self.records, self._over = LogTail(log_path), "", [], False
        try:
            written = self._tail.new()
        except TablierError:
            return  # a log this host cannot read back: its records stay out (its own log says why)
        before = len(self.records)
        for record in written:
            if isinstance(record, Header):
                self.match = match_id(record)
            if self.match and record.kind in MATCH_RECORDS:
                self.records.append(record.to_json())
        if self.match and (len(self.records) > before or over != self._over):
            self._over = over
            self._send(before)

    def _send(self, first: int, retain: bool = True) -> None:
        """Publish the match's records from number ``first`` on (in as many messages as they need)."""
        for start in range(first, max(len(self.records), first + 1), MAX_BATCH):
            batch = self.records[start:start + MAX_BATCH]
            last = start + MAX_BATCH >= len(self.records)
            self.publish("match", {"id": self.match, "from": start, "records": batch,
                                   "over": self._over and last}, retain=retain)

    def _answer(self) -> None:
        """Send again what the club's hall says it lacks (at most once in :data:`RESEND_S` from one
        number: its answers may cross what is on the way)."""
        for where, payload in self.wire.received():
            try:
                message = check(self.key, self.club.name, where, payload)
            except MessageError:
                continue  # not the hall's (forged, or another club's): nothing is sent for it
            have = message.body["have"]
            if message.kind != HAVE or message.body["id"] != self.match or have >= len(self.records):
                continue
            now = time.monotonic()
            if self._resent[0] == have and now - self._resent[1] < RESEND_S:
                continue
            self._resent = (have, now)
            self._send(have, retain=False)

    def finish(self, log_path: Path | None, over: bool) -> None:
        """The game has ended here (finished or stopped): publish its last scene and records, then the
        whole match in one message (the one the broker keeps), and say goodbye."""
        if self._session is not None:
            self.show(self._session)  # its last scene: the end, or where it stopped
        if log_path is not None:
            self.follow(log_path, over)
            if self.records:
                self._send(0)
        self.wire.close()  # its goodbye goes after them, and is waited for: the broker has them all


def match_id(header: Header) -> str:
    """A match's id: the digest of its log's header (the same when its host resumes it)."""
    text = json.dumps(header.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]
