"""How this host logs in to an MQTT broker: the options ``play --remote``, ``play --club-broker``,
``club`` and ``demo`` share (``docs/remote-play.md``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def add_broker_login(group: Any) -> None:
    """How this host logs in to the broker (``play --remote``, ``play --club-broker``, ``club``)."""
    add = group.add_argument
    add("--broker-user", metavar="USER", help="your user on the broker (or mqtt://USER@HOST)")
    add("--broker-password-file", type=Path, metavar="FILE",
        help="the file holding your broker password (or $TABLIER_BROKER_PASSWORD)")
    add("--broker-ca", default="", metavar="FILE", help="(mqtts) the CA certificate to trust")
    add("--broker-cert", default="", metavar="FILE", help="(mqtts) your TLS client certificate")
    add("--broker-key", default="", metavar="FILE", help="(mqtts) its private key")
    add("--broker-anonymous", action="store_true", help="log in to the broker as nobody (only if it lets "
        "anyone in)")
