"""The broker's address and login: nothing anonymous unless asked, no password on the command line,
and a real Mosquitto refusing a wrong password and an anonymous client in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablier.remote.broker import PASSWORD_ENV, Broker, BrokerError, Login, login, parse_broker
from tablier.remote.transport import MqttWire


def test_a_broker_address_takes_its_scheme_port_and_user() -> None:
    assert parse_broker("broker.example.org") == Broker("broker.example.org", 1883)
    assert parse_broker("mqtts://ann@broker.example.org") == Broker("broker.example.org", 8883, True, "ann")
    assert parse_broker("mqtt://127.0.0.1:18883").url() == "mqtt://127.0.0.1:18883"


@pytest.mark.parametrize(("text", "reason"), [
    ("mqtt://ann:secret@host", "never put the broker's password on the command line"),
    ("http://host", "starts mqtt:// or mqtts://"),
    ("mqtt://host/riverside", "only the broker's address"),
    ("mqtt://:1883", "name the broker's host"),
])
def test_a_bad_broker_address_is_refused_saying_why(text: str, reason: str) -> None:
    with pytest.raises(BrokerError, match=reason):
        parse_broker(text)


def test_the_login_is_never_anonymous_unless_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PASSWORD_ENV, raising=False)
    broker = parse_broker("mqtt://host")
    with pytest.raises(BrokerError, match="say who logs in"):
        login(broker)
    with pytest.raises(BrokerError, match="no password for ann"):
        login(broker, "ann")
    assert login(broker, anonymous=True).anonymous
    secret = tmp_path / "password"
    secret.write_text("s3cret\n")
    assert login(broker, "ann", secret).password == "s3cret"
    monkeypatch.setenv(PASSWORD_ENV, "from-env")
    assert login(parse_broker("mqtt://bob@host")) == Login("bob", "from-env")
    assert "from-env" not in repr(login(parse_broker("mqtt://bob@host")))
    with pytest.raises(BrokerError, match="goes with a TLS broker"):
        login(broker, cert_file=str(secret), key_file=str(secret))


@pytest.mark.parametrize(("user", "password"), [("ann", "wrong"), ("", "")])
def test_the_broker_refuses_a_wrong_password_and_nobody(mosquitto, user: str, password: str) -> None:
    wire = MqttWire(mosquitto.broker(user), Login(user, password, anonymous=not user), "tablier-test-refused",
                    ["tablier/#"], None)
    with pytest.raises(BrokerError, match="did not let this host in: Not authorized") as caught:
        wire.start(timeout=5)
    assert "\n" not in str(caught.value)
