"""A board's feed to its club: what its screen shows and its match's record, published as it plays.

``tablier play ... --club-broker BROKER --club NAME --board NAME`` gives the session a
:class:`ClubFeed`, called after each turn of its loop (as the live page's publisher is): the scene
is looked at every :data:`LOOK_EVERY_S` at most and published when it changed; when a move is
committed, a game ends or the score changes, the match's record is read from the game's event log
(the same record the archive takes) and published too. Every message is retained and QoS 1: Paho
keeps what the board publishes while its link is down and sends it when the link is back; the
broker keeps the latest of each kind for a club page that opens later. The presence is retained
too, and its last will says ``offline`` when the link drops without a goodbye.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from tablier.remote.transport import MqttWire, stamp_now

from .messages import BOARD_NAME, make, topic

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
        self._progress: tuple[Any, ...] = ()
        self._last_match: dict[str, Any] | None = None
        self._stamp = 0
        self._session: Session | None = None
        self._refused = False
        self.wire = MqttWire(club.broker, club.login, f"tablier-club-{club.name}-{board}", [],
                             self._presence)

    def _presence(self, online: bool, stamp: int) -> tuple[str, bytes]:
        kind = "presence"
        return topic(self.club.name, self.board, kind), make(self.key, self.club.name, self.board, kind,
                                                              stamp, {"online": online})

    def start(self) -> ClubFeed:
        """Connect to the broker (:class:`~tablier.remote.broker.BrokerUnreachable` if it cannot)."""
        self.wire.start()
        return self

    def publish(self, kind: str, body: Mapping[str, Any]) -> None:
        """Publish a message of ``kind`` (retained, QoS 1), stamped after every one before it."""
        self._stamp = max(stamp_now(), self._stamp + 1)
        payload = make(self.key, self.club.name, self.board, kind, self._stamp, body)
        self.wire.publish(topic(self.club.name, self.board, kind), payload, retain=True)

    def __call__(self, session: Session) -> None:
        """Look at ``session`` (at most every :data:`LOOK_EVERY_S`) and publish what changed."""
        now = time.monotonic()
        if now - self._looked < LOOK_EVERY_S:
            return
        self._looked = now
        self.show(session)

    def show(self, session: Session) -> None:
        """Publish the scene if it changed, and the match's record when the game moved on."""
        self._session = session
        scene = session.scene()
        data = scene.to_json()
        if data != self._scene:
            self._scene = data
            game = dict(getattr(getattr(session, "options", None), "remote", None) or {}).get("game", "")
            self.publish("state", {"scene": data, **({"game": game} if game else {})})
            self._told_refusal(data)
        progress = (len(scene.moves), scene.game_number, tuple(scene.score), scene.over)
        log = getattr(session, "log", None)
        if progress != self._progress and log is not None:
            self._progress = progress
            self.publish_match(Path(log.path), scene.over)

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

    def publish_match(self, log_path: Path, over: bool) -> None:
        """Publish the match's record as the log at ``log_path`` holds it (nothing if it cannot be read
        yet: the next move publishes it)."""
        from tablier.errors import TablierError
        from tablier.record.from_log import read_event_log
        from tablier.record.json_format import to_json

        try:
            record = to_json(read_event_log(log_path))
        except (TablierError, OSError, ValueError):
            return
        record.pop("log", None)  # the board's switches stay in its own log
        if not record.get("games"):
            return
        body = {"record": record, "over": over}
        if body != self._last_match:
            self._last_match = body
            self.publish("match", body)

    def finish(self, log_path: Path | None, over: bool) -> None:
        """The game has ended here (finished or stopped): publish its last record, say goodbye."""
        if self._session is not None:
            self.show(self._session)  # its last scene: the end, or where it stopped
        if log_path is not None:
            self.publish_match(log_path, over)
        self.wire.close()  # its goodbye goes after them, and is waited for: the broker has them all
