"""The remote protocol's rule: nothing is sent that is not first in the log, a goodbye included; on
resumption, whatever the log holds and the other side lacks is sent.

A host's :class:`~tablier.play.remote_link.RemoteLink` over a wire that remembers, for everything
published, what the log held at that moment (no broker needed).
"""

from __future__ import annotations

import json

import pytest

from tablier.play.remote_link import RemoteLink, Table
from tablier.play.remote_play import finish, say_goodbye
from tablier.record.eventlog import Record, RemoteRecord
from tablier.remote.fairdice import Shares, new_secret
from tablier.remote.gamecode import derive, new_code
from tablier.remote.peer import Peer

CODE = new_code()


class Wire:
    """Publishes into a list, noting which messages (by sequence number) the log held then."""

    def __init__(self, log: list[Record]) -> None:
        self.log = log
        self.published: list[tuple[str, int, set[int]]] = []  # kind, seq, logged seqs at that moment

    def logged(self) -> set[int]:
        return {int(r.data["message"]["seq"]) for r in self.log
                if isinstance(r, RemoteRecord) and r.event == "sent"}

    def publish(self, topic: str, payload: bytes, retain: bool = False) -> None:
        if payload:
            message = json.loads(payload)
            self.published.append((message["kind"], message["seq"], self.logged()))

    def publish_state(self) -> None:
        """Nothing to say."""

    def received(self) -> list[tuple[str, bytes]]:
        return []

    def changes(self) -> list[tuple[str, str]]:
        return []

    def close(self, forget: bool = False) -> None:
        """Nothing to close."""


def _link(seat: int, log: list[Record]) -> RemoteLink:
    keys = derive(CODE, "club")
    table = Table("backgammon", {}, 0, 1, "electronic", "", ["Ann", "Bob"])
    link = RemoteLink(Wire(log), Peer(keys, "club", seat), Shares(new_secret(), keys.game_id, seat), table,
                      "mqtt://127.0.0.1:1883", "club")
    link.peer.other_online = False  # nobody to wait for at the goodbye
    return link


def test_every_message_is_in_the_log_before_it_is_published_the_goodbye_too() -> None:
    log: list[Record] = []
    link = _link(2, log)
    wire = link.wire
    assert isinstance(wire, Wire)
    link.send("join", {"name": "Bob", "commit": link.shares.commitment(1), "version": "1"})
    assert wire.published == []  # the join waits for the game's log
    link.logging_to(log.append)
    link.send("action", {"at": 1, "by": 2, "word": "play", "arg": "13/7"})
    say_goodbye(link, over=False)
    finish(link, over=False)
    assert [kind for kind, _, _ in wire.published] == ["join", "action", "bye"]
    assert all(seq in logged for _, seq, logged in wire.published)
    with pytest.raises(RuntimeError, match="log"):
        link.send("action", {"at": 2, "by": 2, "word": "play", "arg": "8/2"})


def test_a_host_resumed_after_its_goodbye_numbers_on_and_sends_what_the_other_lacks() -> None:
    log: list[Record] = []
    link = _link(1, log)
    link.logging_to(log.append)
    for at in (1, 2):
        link.send("action", {"at": at, "by": 1, "word": "play", "arg": "13/7"})
    say_goodbye(link, over=False)
    finish(link, over=False)
    resumed = _link(1, [])
    resumed.restore(log)
    assert resumed.peer.next_seq == 4  # after the goodbye, whose number is never taken again
    wire = resumed.wire
    assert isinstance(wire, Wire)
    assert resumed.resend(force=True) == 3 and [seq for _, seq, _ in wire.published] == [1, 2, 3]
