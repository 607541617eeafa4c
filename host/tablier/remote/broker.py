"""Where the broker is and how this host logs in to it.

``--remote mqtt://HOST[:PORT]`` (1883 by default) or ``mqtts://HOST[:PORT]`` (TLS, 8883), the user
given in the address (``mqtt://ann@HOST``) or by ``--broker-user``. Nothing anonymous by default:
a user with a password, or a TLS client certificate, unless ``--broker-anonymous`` says the broker
lets anyone in. The password comes from a file (``--broker-password-file``) or the environment
(:data:`PASSWORD_ENV`), never from the command line, and is never written anywhere.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

PASSWORD_ENV = "TABLIER_BROKER_PASSWORD"
PORTS = {"mqtt": 1883, "mqtts": 8883}


class BrokerError(ValueError):
    """A broker address or a login that cannot be used (the message says what to do)."""


class BrokerUnreachable(BrokerError):
    """The broker cannot be reached, or refuses this host's login."""


@dataclass(frozen=True)
class Broker:
    """A broker's address: ``mqtt://host:port`` or ``mqtts://...`` (TLS)."""

    host: str
    port: int
    tls: bool = False
    user: str = ""

    def url(self) -> str:
        """The address as given back to the user and logged (no password is ever in it)."""
        user = f"{self.user}@" if self.user else ""
        return f"{'mqtts' if self.tls else 'mqtt'}://{user}{self.host}:{self.port}"


@dataclass(frozen=True)
class Login:
    """How this host logs in: a user and password, a TLS client certificate, or (asked) nobody."""

    user: str = ""
    password: str = field(default="", repr=False)
    ca_file: str = ""
    cert_file: str = ""
    key_file: str = ""
    anonymous: bool = False


def parse_broker(text: str) -> Broker:
    """The broker of ``--remote``; :class:`BrokerError` saying what is wrong."""
    raw = text.strip()
    if "://" not in raw:
        raw = f"mqtt://{raw}"
    try:
        parts = urlsplit(raw)
        port = parts.port
    except ValueError as error:
        raise BrokerError(f"--remote {text!r}: {error}") from None
    if parts.scheme not in PORTS:
        raise BrokerError(f"--remote {text!r}: the broker's address starts mqtt:// or mqtts:// (TLS)")
    if parts.password is not None:
        raise BrokerError("never put the broker's password on the command line: give it in a file "
                          f"(--broker-password-file) or in ${PASSWORD_ENV}")
    if not parts.hostname:
        raise BrokerError(f"--remote {text!r}: name the broker's host, e.g. mqtt://broker.example.org")
    if parts.path not in ("", "/") or parts.query:
        raise BrokerError(f"--remote {text!r}: only the broker's address (the club is --club)")
    return Broker(parts.hostname, port or PORTS[parts.scheme], parts.scheme == "mqtts", parts.username or "")


def login(broker: Broker, user: str = "", password_file: Path | None = None, ca_file: str = "",
          cert_file: str = "", key_file: str = "", anonymous: bool = False) -> Login:
    """This host's login to ``broker``; :class:`BrokerError` when it would be anonymous unasked, or a
    file cannot be read."""
    user = user or broker.user
    password = ""
    if password_file is not None:
        try:
            password = password_file.read_text(encoding="utf-8").strip()
        except OSError as error:
            raise BrokerError(f"cannot read the password file {password_file}: "
                              f"{error.strerror or error}") from None
    else:
        password = os.environ.get(PASSWORD_ENV, "")
    if (cert_file or key_file) and not (cert_file and key_file):
        raise BrokerError("a TLS client certificate needs both --broker-cert and --broker-key")
    for name in (ca_file, cert_file, key_file):
        if name and not Path(name).is_file():
            raise BrokerError(f"no such file: {name}")
    if cert_file and not broker.tls:
        raise BrokerError("a client certificate goes with a TLS broker: mqtts://...")
    if not anonymous and not cert_file:
        if not user:
            raise BrokerError("say who logs in to the broker: mqtt://USER@host or --broker-user USER, with "
                              f"the password in a file (--broker-password-file) or ${PASSWORD_ENV} "
                              "(or a TLS client certificate; --broker-anonymous if the broker lets "
                              "anyone in)")
        if not password:
            raise BrokerError(f"no password for {user}: give it in a file (--broker-password-file) or in "
                              f"${PASSWORD_ENV}")
    return Login(user, password, ca_file, cert_file, key_file, anonymous)


@dataclass(frozen=True)
class Club:
    """Where the game is played: the broker, this host's login to it, the club's name (its topics)."""

    broker: Broker
    login: Login
    name: str = "tablier"
