"""Dice that neither host can bias: each side's share of every throw committed before it is revealed.

Each host draws a secret of its own when the game begins and derives from it a share for every
throw (``share(n)``, 32 bytes). Before throw ``n`` is needed, each side has sent the other the
commitment to its share (a SHA-256 hash, which hides it and binds it); a throw reveals both shares,
each side checks the other's against its commitment, and the dice are read from the hash of both.
Neither side can steer the dice: its share was fixed before it saw the other's, and any one honest
share makes the result uniform. Withholding a share only stops the game (it is told, and shows).
The commitment to throw ``n + 1`` travels with the share of throw ``n``, so a throw costs one
message each way. A :class:`ThrowProof` (both commitments, both shares, the dice) is logged by both
hosts, identical, so that either can show afterwards that every throw was fair.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

SHARE_BYTES = 32


def new_secret() -> bytes:
    """A fresh secret for one host's shares of one game."""
    return secrets.token_bytes(SHARE_BYTES)


def commitment(game_id: str, seat: int, number: int, share: bytes) -> str:
    """The public commitment (hex SHA-256) to ``share``, seat ``seat``'s share of throw ``number``."""
    data = b"tablier dice commitment\0" + f"{game_id}\0{seat}\0{number}\0".encode("ascii") + share
    return hashlib.sha256(data).hexdigest()


class Shares:
    """One host's shares of every throw of a game (derived from its secret: nothing else to keep)."""

    def __init__(self, secret: bytes, game_id: str, seat: int) -> None:
        self.secret = secret
        self.game_id = game_id
        self.seat = seat

    def share(self, number: int) -> bytes:
        """The share of throw ``number`` (1, 2, ...)."""
        return hmac.new(self.secret, f"share {number}".encode("ascii"), hashlib.sha256).digest()

    def commitment(self, number: int) -> str:
        """The commitment to the share of throw ``number``."""
        return commitment(self.game_id, self.seat, number, self.share(number))


def dice_of(game_id: str, number: int, shares: tuple[bytes, bytes], count: int = 2) -> tuple[int, ...]:
    """The ``count`` dice of throw ``number`` from seat 1's and seat 2's shares: bytes of their hash,
    each below 252 read as one die (``b % 6 + 1``, uniform), the others skipped."""
    dice: list[int] = []
    block = 0
    while len(dice) < count:
        data = (b"tablier dice\0" + f"{game_id}\0{number}\0{block}\0".encode("ascii")
                + shares[0] + shares[1])
        for byte in hashlib.sha256(data).digest():
            if byte < 252 and len(dice) < count:
                dice.append(byte % 6 + 1)
        block += 1
    return tuple(dice)


@dataclass(frozen=True)
class ThrowProof:
    """Throw ``number`` shown fair: both seats' commitments and shares, and the dice they give."""

    number: int
    commitments: tuple[str, str]
    shares: tuple[str, str]
    dice: tuple[int, ...]

    def problem(self, game_id: str) -> str:
        """What is wrong with the proof, in words ('' when every check passes)."""
        for seat in (1, 2):
            share = bytes.fromhex(self.shares[seat - 1])
            if commitment(game_id, seat, self.number, share) != self.commitments[seat - 1]:
                return f"seat {seat}'s share of throw {self.number} does not match its commitment"
        shares = (bytes.fromhex(self.shares[0]), bytes.fromhex(self.shares[1]))
        expected = dice_of(game_id, self.number, shares, len(self.dice))
        if expected != self.dice:
            return f"throw {self.number}: the shares give {expected}, not {self.dice}"
        return ""

    @classmethod
    def from_json(cls, data: Any) -> ThrowProof:
        """A proof as logged (:meth:`to_json`)."""
        return cls(int(data["number"]), (str(data["commitments"][0]), str(data["commitments"][1])),
                   (str(data["shares"][0]), str(data["shares"][1])), tuple(int(die) for die in data["dice"]))

    def to_json(self) -> dict[str, Any]:
        """The proof as logged."""
        return {"number": self.number, "commitments": list(self.commitments), "shares": list(self.shares),
                "dice": list(self.dice)}
