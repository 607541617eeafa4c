"""Issue 31, item 4: another user of the broker, who lacks the game's code, cannot make a game
unjoinable. The opener's offer is kept on a topic of his own user (the broker's ACL, as
``docs/remote-play.md`` gives it, lets nobody else write there), the joiner takes only an offer signed
with the game's key, and the opener puts his offer back if it is cleared or overwritten where no ACL
guards it."""

from __future__ import annotations

import json
import queue
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.mosquitto import USERS, MosquittoBroker, mosquitto_binary
from tablier.play.remote_play import join_game, open_game
from tablier.play.session import PlayOptions

DOCS = Path(__file__).resolve().parents[2] / "docs" / "remote-play.md"


def documented_acl() -> str:
    """The acl_file that docs/remote-play.md gives a club's broker."""
    text = DOCS.read_text(encoding="utf-8")
    found = re.search(r"cat > /etc/mosquitto/acl <<EOF\n(.*?)\nEOF\n", text, re.S)
    assert found, "docs/remote-play.md gives no acl_file"
    return found[1] + "\n"


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[MosquittoBroker]:
    """A broker with the documented ACL."""
    if mosquitto_binary() is None:
        pytest.fail("Debian's mosquitto is not installed: run `make system-deps` (apt-get install mosquitto)")
    directory = tmp_path / "mosquitto"
    directory.mkdir()
    broker = MosquittoBroker(directory, acl=documented_acl())
    broker.configure()
    broker.start()
    yield broker
    broker.stop()


class Eve:
    """Another user of the broker: she reads every topic of the club and publishes where she likes."""

    def __init__(self, broker: MosquittoBroker, club: str) -> None:
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.seen: dict[str, bytes] = {}
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"eve-{club}")
        self.client.username_pw_set("eve", USERS["eve"])
        self.client.on_message = lambda client, data, message: self.seen.__setitem__(message.topic,
                                                                                      bytes(message.payload))
        self.client.connect("127.0.0.1", broker.port)
        self.client.subscribe(f"tablier/{club}/#", qos=1)
        self.client.loop_start()

    def offers(self, timeout: float = 20) -> list[str]:
        deadline = time.monotonic() + timeout
        while not any("/offer" in topic for topic in self.seen):
            assert time.monotonic() < deadline, "Eve never saw the offer"
            time.sleep(0.02)
        return [topic for topic in self.seen if "/offer" in topic]

    def publish(self, topic: str, payload: bytes) -> None:
        self.client.publish(topic, payload, qos=1, retain=True).wait_for_publish(5)

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def spoil(eve: Eve, how: str) -> dict[str, bytes]:
    """Eve clears, overwrites or forges every offer she sees, and offers a game of her own there;
    the offers as they were."""
    from tablier.remote.signing import sign

    found = {topic: eve.seen[topic] for topic in eve.offers()}
    for topic in found:
        if how == "clears":
            eve.publish(topic, b"")
        elif how == "overwrites":
            eve.publish(topic, b'{"v": 1, "kind": "offer"}')
        else:
            forged = sign(b"not the game's key", topic, {**json.loads(found[topic]), "body": {}})
            eve.publish(topic, json.dumps(forged).encode())
        base = topic.rsplit("/offer", 1)[0]
        eve.publish(f"{base}/offer/eve", b'{"v": 1}')
    return found


def join_despite(broker: MosquittoBroker, club: str, how: str) -> tuple[float, dict[str, bytes]]:
    """Ann opens a game, Eve spoils its offer, Bob joins: how long Bob's join took, and the offer as
    Ann made it."""
    codes: queue.Queue[str] = queue.Queue()
    opened: list[object] = []
    options = PlayOptions(players=("Ann", "Bob"))
    opener = threading.Thread(target=lambda: opened.append(open_game(
        broker.club("ann", club), options, "backgammon", "electronic", told=codes.put, timeout=60)),
        daemon=True)
    eve = Eve(broker, club)
    opener.start()
    try:
        code = codes.get(timeout=30)
        offers = spoil(eve, how)
        time.sleep(0.3)  # what she did is on the broker before Bob looks
        started = time.monotonic()
        bob = join_game(broker.club("bob", club), code, "Bob", told=lambda _: None, timeout=30)
        bob.logging_to(lambda _record: None)  # his log begins (kept nowhere): his join goes out
        took = time.monotonic() - started
        opener.join(30)
        assert opened, "Ann's host never saw Bob join"
        ann = opened[0][0]  # type: ignore[index]
        assert ann.table.names == bob.table.names == ["Ann", "Bob"]
        assert bob.table.game == "backgammon"
        for link in (ann, bob):
            link.wire.close(forget=True)
    finally:
        eve.close()
    return took, offers


@pytest.mark.parametrize("how", ["clears", "overwrites", "forges"])
def test_where_no_acl_guards_the_offer_eve_cannot_make_a_game_unjoinable(mosquitto: MosquittoBroker,
                                                                        how: str) -> None:
    took, _ = join_despite(mosquitto, f"spoilt-{how}", how)
    assert took < 10, f"Bob's join took {took:.1f} s"


@pytest.mark.parametrize("how", ["clears", "overwrites"])
def test_with_the_documented_acl_eve_cannot_touch_the_offer(guarded: MosquittoBroker, how: str) -> None:
    club = f"guarded-{how}"
    took, offers = join_despite(guarded, club, how)
    assert took < 5, f"Bob's join took {took:.1f} s"
    [(ann_offer, payload)] = offers.items()
    assert ann_offer.endswith("/offer/ann")
    eve = Eve(guarded, club)  # what the broker keeps there: Ann's offer, untouched
    try:
        time.sleep(0.5)
        assert eve.seen[ann_offer] == payload
    finally:
        eve.close()
