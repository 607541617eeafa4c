"""The MQTT client: Eclipse Paho (``paho-mqtt`` 2.x) talking to the broker, in its own thread.

This host opens no port: it connects to the broker it is told, logs in (:mod:`.broker`), subscribes
to the other seat's topics and publishes its own, QoS 1 (each message at least once; the
:class:`~tablier.remote.peer.Peer` drops the copies). Its session on the broker is persistent (a
fixed client id per game and seat, ``clean_session`` off), so the broker keeps what comes while
the link is down, and Paho reconnects by itself, waiting up to :data:`MAX_RECONNECT_S`. The seat's
retained ``state`` says when it is online; a last will, kept on the broker, says ``offline`` when the
link drops without a goodbye. What arrives is queued for the game's loop, which reads it
(:meth:`MqttWire.received`) between two looks at the board: nothing of the game runs in Paho's thread.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from .broker import Broker, BrokerUnreachable, Login

#: Paho's reconnection back-off, in whole seconds.
MIN_RECONNECT_S = 1
MAX_RECONNECT_S = 8
#: Seconds of silence after which the broker takes the link for dead (and publishes the will).
KEEPALIVE_S = 10
CONNECT_TIMEOUT_S = 10.0

#: Makes the seat's signed retained state: ``(online, stamp) -> (topic, payload)``.
StateMaker = Callable[[bool, int], tuple[str, bytes]]


class Wire(Protocol):
    """What the seat needs of a transport (:class:`MqttWire`; the tests' in-memory wires)."""

    def publish(self, topic: str, payload: bytes, retain: bool = False) -> None:
        """Publish ``payload`` on ``topic`` (QoS 1)."""
        ...

    def publish_state(self) -> None:
        """Publish the seat's retained state again (what it has received changed)."""
        ...

    def received(self) -> list[tuple[str, bytes]]:
        """What arrived since the last call, in order."""
        ...

    def changes(self) -> list[tuple[str, str]]:
        """The link's changes since the last call: ``(connected|disconnected|reconnected, detail)``."""
        ...

    def close(self, forget: bool = False) -> None:
        """Say we are offline (``forget``: leave nothing) and disconnect."""
        ...


def stamp_now() -> int:
    """A stamp that orders this host's connections (microseconds of the wall clock)."""
    return time.time_ns() // 1000


class MqttWire:
    """One seat's connection to the broker."""

    def __init__(self, broker: Broker, login: Login, client_id: str, subscriptions: list[str],
                 state: StateMaker | None) -> None:
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.broker = broker
        self.subscriptions = subscriptions
        self._state = state
        self._stamp = stamp_now()
        self._inbox: deque[tuple[str, bytes]] = deque()
        self._changes: deque[tuple[str, str]] = deque()
        self._first = threading.Event()
        self._refusal = ""
        self._ever = False
        self.connected = False
        self.connections = 0
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=state is None,
                             protocol=mqtt.MQTTv311)
        if login.user:
            client.username_pw_set(login.user, login.password or None)
        if broker.tls:
            client.tls_set(ca_certs=login.ca_file or None, certfile=login.cert_file or None,
                           keyfile=login.key_file or None)
        client.reconnect_delay_set(MIN_RECONNECT_S, MAX_RECONNECT_S)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        self._client = client
        self._set_will()

    def _set_will(self) -> None:
        if self._state is None:
            return
        topic, payload = self._state(False, self._stamp)
        self._client.will_set(topic, payload, qos=1, retain=True)

    def start(self, timeout: float = CONNECT_TIMEOUT_S) -> None:
        """Connect (Paho's thread keeps the link up from then on); :class:`BrokerError` when the broker
        cannot be reached or refuses the login."""
        try:
            self._client.connect_async(self.broker.host, self.broker.port, keepalive=KEEPALIVE_S)
        except (OSError, ValueError) as error:
            raise BrokerUnreachable(f"cannot reach the broker at {self.broker.url()}: {error}") from None
        self._client.loop_start()
        if not self._first.wait(timeout) or self._refusal:
            self._client.loop_stop()
            why = self._refusal or f"no answer within {timeout:g} s (is it running? is the address right?)"
            raise BrokerUnreachable(f"the broker at {self.broker.url()} did not let this host in: {why}")

    # -- Paho's thread -----------------------------------------------------------------------------

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        if reason.is_failure:
            if not self._ever:
                self._refusal = str(reason)
                self._first.set()
            self._changes.append(("refused", str(reason)))
            return
        for topic in self.subscriptions:
            client.subscribe(topic, qos=1)
        if self._state is not None:
            topic, payload = self._state(True, self._stamp)
            client.publish(topic, payload, qos=1, retain=True)
        self.connected = True
        self.connections += 1
        self._changes.append(("reconnected" if self._ever else "connected", self.broker.url()))
        self._ever = True
        self._first.set()

    def _on_disconnect(self, client: Any, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        self.connected = False
        self._stamp = stamp_now()  # the next connection's hello and will outrank this one's
        self._set_will()
        self._changes.append(("disconnected", str(reason)))

    def _on_message(self, client: Any, userdata: Any, message: Any) -> None:
        self._inbox.append((message.topic, bytes(message.payload)))

    # -- the game's loop ---------------------------------------------------------------------------

    def publish(self, topic: str, payload: bytes, retain: bool = False) -> None:
        """Publish (Paho keeps QoS 1 messages while the link is down and sends them once it is back)."""
        self._client.publish(topic, payload, qos=1, retain=retain)

    def publish_state(self) -> None:
        """Publish the retained state now (online)."""
        if self._state is None:
            return
        topic, payload = self._state(True, self._stamp)
        self.publish(topic, payload, retain=True)

    def received(self) -> list[tuple[str, bytes]]:
        """What arrived since the last call."""
        items = []
        while self._inbox:
            items.append(self._inbox.popleft())
        return items

    def changes(self) -> list[tuple[str, str]]:
        """The link's changes since the last call."""
        items = []
        while self._changes:
            items.append(self._changes.popleft())
        return items

    def close(self, forget: bool = False) -> None:
        """Say we are offline (retained; ``forget``: leave no state at all, the game is over),
        disconnect cleanly, stop Paho's thread."""
        if self.connected and self._state is not None:
            topic, payload = self._state(False, stamp_now())
            info = self._client.publish(topic, b"" if forget else payload, qos=1, retain=True)
            with contextlib.suppress(RuntimeError, ValueError):
                info.wait_for_publish(2.0)
        self._client.disconnect()
        self._client.loop_stop()


def read_retained(broker: Broker, login: Login, client_id: str, topic: str, timeout: float,
                  waiting: Callable[[], None] | None = None,
                  wanted: Callable[[str, bytes], bool] | None = None) -> tuple[str, bytes] | None:
    """The first message kept or published on ``topic`` (a subscription: it may hold wildcards) that
    ``wanted`` takes, and where it was (waiting up to ``timeout`` seconds for one; ``waiting`` is told
    once if none is there at first), None if none comes."""
    wire = MqttWire(broker, login, client_id, [topic], None)
    wire.start()
    try:
        deadline = time.monotonic() + timeout
        told = False
        while time.monotonic() < deadline:
            for got, payload in wire.received():
                if payload and (wanted is None or wanted(got, payload)):
                    return got, payload
            if not told and waiting is not None and time.monotonic() > deadline - timeout + 1.0:
                told = True
                waiting()
            time.sleep(0.02)
        return None
    finally:
        wire.close()
