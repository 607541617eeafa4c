"""Every message signed with the game's key: HMAC-SHA256 over its topic and its canonical JSON.

The signature covers the topic it is published on as well as every field (the game id, the
sender's seat, its sequence number), so that a message cannot be moved to another topic, another
game or another seat, and a copy published again is caught as the duplicate it is (:mod:`.peer`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from typing import Any

MAC = "mac"


def canonical(message: Mapping[str, Any]) -> bytes:
    """The message's bytes as signed: sorted keys, no spaces, ASCII only, its signature left out."""
    body = {key: value for key, value in message.items() if key != MAC}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def signature(key: bytes, topic: str, message: Mapping[str, Any]) -> str:
    """The hex HMAC-SHA256 of ``message`` published on ``topic``."""
    return hmac.new(key, topic.encode("utf-8") + b"\n" + canonical(message), hashlib.sha256).hexdigest()


def sign(key: bytes, topic: str, message: Mapping[str, Any]) -> dict[str, Any]:
    """``message`` with its signature."""
    return {**message, MAC: signature(key, topic, message)}


def verify(key: bytes, topic: str, message: Mapping[str, Any]) -> bool:
    """Whether ``message`` carries the signature of ``key`` for ``topic``."""
    given = message.get(MAC)
    return isinstance(given, str) and hmac.compare_digest(given, signature(key, topic, message))
