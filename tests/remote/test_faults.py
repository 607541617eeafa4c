"""Board to board through faults: the broker restarted (stopped cleanly, or killed), the link cut
under one host, messages forged, altered, malformed or replayed by another user of the broker.
Every game ends with both logs alike and nothing lost or doubled (:func:`twoboards.check_whole`)."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parent))

from tcpcut import TcpCut
from twoboards import RACE, Host, check_whole, play_two, wait_for

from tablier.record.eventlog import Message, read_log
from tablier.remote.transport import MqttWire


def warnings(host: Host) -> list[str]:
    return [m.text for m in read_log(host.log_path).of(Message) if m.level == "warning"]


@pytest.mark.parametrize("kill", [False, True], ids=["stopped", "killed"])
def test_a_broker_restarted_mid_game_loses_and_doubles_nothing(own_mosquitto, tmp_path: Path,
                                                                kill: bool) -> None:
    def restart(ann: Host, bob: Host) -> None:
        wait_for(lambda: ann.steps() >= 6, ann, bob)
        own_mosquitto.restart(kill=kill, down_s=1.0)

    ann, bob = play_two(own_mosquitto, "backgammon", tmp_path, position=RACE, during=restart)
    check_whole(ann, bob)
    for host in (ann, bob):
        said = warnings(host)
        assert any("the link to the broker dropped" in text for text in said)
        assert host.link.wire.connections >= 2


def test_a_link_cut_under_one_host_resumes_with_nothing_lost(mosquitto, tmp_path: Path) -> None:
    relay = TcpCut(mosquitto.port)

    def cut(ann: Host, bob: Host) -> None:
        for at in (4, 10):
            wait_for(lambda at=at: ann.steps() >= at, ann, bob)
            relay.cut(down_s=1.5)

    try:
        ann, bob = play_two(mosquitto, "backgammon", tmp_path, position=RACE, during=cut,
                            ports=(relay.port, None))
    finally:
        relay.close()
    check_whole(ann, bob)
    assert any("host is away" in text for text in warnings(bob))
    assert ann.link.wire.connections >= 3


def test_forged_malformed_and_replayed_messages_are_refused_and_change_nothing(mosquitto,
                                                                              tmp_path: Path) -> None:
    """Eve, another user of the broker without the game's code, reads the game's topics and publishes
    on them: garbage, a message signed with a key of her own, Ann's message altered, Ann's message
    moved to Bob's topic, and Ann's messages published again as they were."""
    club = f"club-{tmp_path.name}"[:60]
    seen: list[tuple[str, bytes]] = []
    eve = MqttWire(mosquitto.broker("eve"), mosquitto.club("eve", club).login, "eve", [f"tablier/{club}/#"],
                   None)
    eve.start()
    done = threading.Event()

    def attack(ann: Host, bob: Host) -> None:
        wait_for(lambda: bob.steps() >= 3, ann, bob)
        seen.extend(eve.received())
        game = ann.link.peer.topics
        anns = [(topic, payload) for topic, payload in seen if topic == game.seat(1) and payload]
        payload = anns[-1][1]
        message = json.loads(payload)
        altered = json.dumps({**message, "body": {**message["body"], "at": 99}}).encode()
        forged_key = json.dumps({**message, "mac": "0" * 64}).encode()
        for where, data in [(game.seat(1), b"\x00garbage"), (game.seat(1), b'{"v": 1}'),
                            (game.seat(1), altered), (game.seat(1), forged_key), (game.seat(2), payload),
                            (game.state(1), payload)]:
            eve.publish(where, data)
        for where, data in anns:  # read and replayed
            eve.publish(where, data)
        done.set()

    try:
        ann, bob = play_two(mosquitto, "backgammon", tmp_path, position=RACE, during=attack)
    finally:
        eve.close()
    assert done.is_set()
    check_whole(ann, bob)
    refused = [text for text in warnings(bob) if text.startswith("a message refused")]
    assert len(refused) >= 3, refused  # the first of a burst told in full, the rest counted
    assert bob.link.seat is not None and bob.link.seat.refusals is not None
    assert bob.link.seat.refusals.total >= 5
    assert any("malformed" in text for text in refused)
    assert any("not signed with this game's key" in text for text in refused)
    assert all("\n" not in text for text in refused)
    assert any("not signed" in text for text in warnings(ann))  # Ann's own, moved to Bob's topic
    assert bob.link.peer.duplicates >= 2  # the replayed copies, dropped
