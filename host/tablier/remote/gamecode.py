"""The game code two players share, and what is derived from it: the game's topic and its key.

A code is 16 characters of Crockford's base 32 (80 random bits), shown in four groups
(``K7QX-9MWP-3RTA-ZE4N``) to be read aloud or typed; the usual misreadings are forgiven (``O`` for
zero, ``I`` and ``L`` for one, lower case, dashes and spaces anywhere). scrypt stretches it, with the
club's name as salt, into the game's public id (its MQTT topic) and its secret key (every message's
signature, :mod:`.signing`): another broker user sees the id and the signed messages, and would
have to guess 80 bits through scrypt to forge one. The code itself is never sent nor logged.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

#: Crockford's base 32: digits and letters without I, L, O and U.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 16
_MISREAD = str.maketrans({"O": "0", "I": "1", "L": "1"})
#: scrypt's cost: about 50 ms and 16 MB once per game on a small machine.
_SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1, "maxmem": 64 * 1024 * 1024}


class GameCodeError(ValueError):
    """A game code that cannot be one (its message says what is wrong)."""


@dataclass(frozen=True)
class GameKeys:
    """What a code gives in a club: the game's public ``game_id`` and its secret signing ``key``."""

    game_id: str
    key: bytes


def new_code() -> str:
    """A fresh random game code, grouped for reading: ``K7QX-9MWP-3RTA-ZE4N``."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return "-".join(raw[n:n + 4] for n in range(0, LENGTH, 4))


def normalize(code: str, what: str = "game code") -> str:
    """The 16 characters of ``code`` (misreadings forgiven); :class:`GameCodeError` if it is not a
    code (``what``: how the refusal names it, a ``game code`` or a ``club code``)."""
    raw = "".join(code.split()).replace("-", "").upper().translate(_MISREAD)
    wrong = sorted({c for c in raw if c not in ALPHABET})
    if wrong:
        raise GameCodeError(f"a {what} has only letters and digits (not {''.join(wrong)[:8]!r})")
    if len(raw) != LENGTH:
        raise GameCodeError(f"a {what} has {LENGTH} letters and digits, like K7QX-9MWP-3RTA-ZE4N "
                            f"(this one has {len(raw)})")
    return raw


def derive(code: str, club: str) -> GameKeys:
    """The game id and key of ``code`` in ``club`` (the same on both hosts)."""
    salt = b"tablier remote play 1\0" + club.encode("utf-8")
    stretched = hashlib.scrypt(normalize(code).encode("ascii"), salt=salt, dklen=40, **_SCRYPT)
    return GameKeys(game_id=stretched[:8].hex(), key=stretched[8:])
