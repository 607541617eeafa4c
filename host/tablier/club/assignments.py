"""A club evening's assignments: the game each board is to play next, published by ``tablier club
evening`` and waited for by the board's host (``tablier play ... --evening``).

The evening publishes one retained, signed message per board on ``tablier/CLUB/hall/BOARD/game``
(:mod:`.messages`): its ``id`` (the same for the same game of the same round, however often it is
published), the evening's name and round, the game and its options, the match length, the players
of side 0 and side 1 and the clock (``usbgf``, ``uk``, ``checker-laws`` or '' for none: the name
``tablier play --clock`` takes); or ``over``, the evening is over and the board's host may stop. A
board that was away (its host stopped, the broker down) is given the latest one when it is back:
the broker keeps it.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tablier.remote.transport import MqttWire, stamp_now

from .messages import GAME, MessageError, check, make, topic

if TYPE_CHECKING:
    from tablier.remote.broker import Club

@dataclass(frozen=True)
class Assignment:
    """The game a board is to play (``over``: none, the evening is over)."""

    id: str
    event: str
    round: int
    over: bool = False
    game: str = ""
    options: Mapping[str, str] = field(default_factory=dict)
    match_length: int = 0
    players: tuple[str, str] = ("", "")
    clock: str = ""

    def to_body(self) -> dict[str, Any]:
        """The message's body."""
        return {"id": self.id, "event": self.event, "round": self.round, "over": self.over, "game": self.game,
                "options": dict(self.options), "match_length": self.match_length,
                "players": list(self.players), "clock": self.clock}

    @classmethod
    def from_body(cls, body: Mapping[str, Any]) -> Assignment:
        """The assignment of a checked body (:func:`.messages.check` took it)."""
        players = body["players"]
        return cls(str(body["id"]), str(body["event"]), int(body["round"]), bool(body["over"]),
                   str(body["game"]), dict(body["options"]), int(body["match_length"]),
                   (str(players[0]), str(players[1])), str(body["clock"]))

    def describe(self) -> str:
        """One line for the board's terminal."""
        if self.over:
            return f"{self.event} is over"
        match = f", a match to {self.match_length}" if self.match_length else ""
        clock = f", {self.clock} clock" if self.clock else ""
        return (f"{self.event}, round {self.round}: {self.game}{match}{clock}, {self.players[0]} (side 0) "
                f"against {self.players[1]} (side 1)")


def assignment_id(event: str, round_number: int, board: str, players: tuple[str, str]) -> str:
    """The id of a game of the evening (the same each time it is published)."""
    text = json.dumps([event, round_number, board, list(players)], ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def publish(wire: MqttWire, key: bytes, club: str, board: str, assignment: Assignment) -> None:
    """Publish ``assignment`` to ``board`` (retained: a board that comes later is given it)."""
    payload = make(key, club, board, GAME, stamp_now(), assignment.to_body())
    wire.publish(topic(club, board, GAME), payload, retain=True)


class AssignmentInbox:
    """A board's host waiting for the evening's games (its own connection to the broker)."""

    def __init__(self, club: Club, key: bytes, board: str) -> None:
        self.club = club
        self.key = key
        self.board = board
        self.wire = MqttWire(club.broker, club.login, f"tablier-club-{club.name}-{board}-evening",
                             [topic(club.name, board, GAME)], None)
        self._latest: tuple[int, Assignment] | None = None

    def start(self) -> AssignmentInbox:
        """Connect (:class:`~tablier.remote.broker.BrokerUnreachable` if it cannot)."""
        self.wire.start()
        return self

    def latest(self) -> Assignment | None:
        """The latest assignment the evening published to this board (None before any); one
        refused (forged, malformed) is ignored."""
        for where, payload in self.wire.received():
            if not payload:
                continue
            try:
                message = check(self.key, self.club.name, where, payload)
            except MessageError:
                continue
            if self._latest is None or message.stamp > self._latest[0]:
                self._latest = (message.stamp, Assignment.from_body(message.body))
        return None if self._latest is None else self._latest[1]

    def wait(self, done: Callable[[Assignment], bool], told: Callable[[str], None],
             poll_s: float = 0.1) -> Assignment:
        """The next assignment that ``done`` says is not played yet (or the evening's end), waited for;
        ``told`` once that the board waits."""
        said = ""
        while True:
            latest = self.latest()
            if latest is not None and (latest.over or not done(latest)):
                return latest
            waiting = f"waiting for the evening's {'next' if latest else 'first'} game"
            if waiting != said:
                told(f"board {self.board}: {waiting}")
                said = waiting
            for change, detail in self.wire.changes():
                if change == "disconnected":
                    told(f"the broker's link dropped ({detail}): reconnecting")
            time.sleep(poll_s)

    def close(self) -> None:
        """Disconnect."""
        self.wire.close()
