"""GNU Backgammon's Position ID and Match ID, read and written.

**Position ID** (14 characters): the position as the player on roll sees it. For the player *not* on
roll, then for the player on roll, each of his points 1..24 (his own numbering) and then his bar
gives as many 1 bits as men stand there followed by a 0 bit; the 80 bits, least significant first
in each byte, are written in base64 without padding. Men not on the board are borne off. The ID does
not say which colour is on roll: :func:`decode_position` returns it with ``turn`` as asked (black by
default), and :func:`encode_position` always encodes from the side to move.

**Match ID** (12 characters): 66 bits, least significant first: cube value as log2 (4 bits), cube
owner (2; 3 = centred), player on roll (1), Crawford game (1), game state (3), player to act (1),
double offered (1), resignation (2), the two dice (3 + 3), match length (15; 0 = money game) and the
two players' scores (15 + 15). Players are numbered 0 and 1 as our ``BLACK`` and ``WHITE``.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

from tablier.errors import InvalidPositionError

from .position import BAR, BLACK, MEN, Position, SideBoard

_POSITION_ID = re.compile(r"[A-Za-z0-9+/]{14}")
_MATCH_ID = re.compile(r"[A-Za-z0-9+/]{12}")


def encode_position(position: Position) -> str:
    """The Position ID of ``position`` seen by the side to move."""
    bits: list[int] = []
    for board in (position.waiter, position.mover):
        for index in (*range(1, 25), BAR):
            bits.extend([1] * board[index])
            bits.append(0)
    return _to_base64(bits, 10)


def decode_position(text: str, turn: int = BLACK) -> Position:
    """The position of a Position ID, ``turn`` being the colour of the player on roll;
    :class:`InvalidPositionError` with a one-line reason if the ID is malformed."""
    text = text.strip()
    if not _POSITION_ID.fullmatch(text):
        raise InvalidPositionError(f"Position ID {text!r} is not 14 characters of A-Z a-z 0-9 + /")
    bits = _from_base64(text, 10)
    position = 0
    boards: list[SideBoard] = []
    for who in ("the player not on roll", "the player on roll"):
        counts = [0] * 26
        for index in (*range(1, 25), BAR):
            while position < 80 and bits[position]:
                counts[index] += 1
                position += 1
            if position >= 80:
                raise InvalidPositionError(f"Position ID {text!r} is truncated")
            position += 1
        on_board = sum(counts)
        if on_board > MEN:
            raise InvalidPositionError(f"Position ID {text!r} gives {who} {on_board} men (at most {MEN})")
        counts[0] = MEN - on_board
        boards.append(tuple(counts))
    if any(bits[position:]):
        raise InvalidPositionError(f"Position ID {text!r} has bits set after both boards")
    waiter, mover = boards
    if _to_base64(bits, 10) != text:
        raise InvalidPositionError(f"Position ID {text!r} has stray bits in its last character")
    pair = (mover, waiter) if turn == BLACK else (waiter, mover)
    return Position(pair, turn)


@dataclass(frozen=True)
class MatchState:
    """What a GNU Backgammon Match ID holds."""

    cube_value: int = 1
    cube_owner: int | None = None
    on_roll: int = BLACK
    crawford: bool = False
    game_state: int = 1
    turn: int = BLACK
    double_offered: bool = False
    resignation: int = 0
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    score: tuple[int, int] = (0, 0)

    NO_GAME = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


_FIELDS = (("cube", 4), ("owner", 2), ("on_roll", 1), ("crawford", 1), ("state", 3), ("turn", 1),
           ("doubled", 1), ("resign", 2), ("die0", 3), ("die1", 3), ("length", 15), ("score0", 15),
           ("score1", 15))


def encode_match(state: MatchState) -> str:
    """The Match ID of ``state``."""
    if state.cube_value < 1 or state.cube_value & (state.cube_value - 1):
        raise InvalidPositionError(f"cube value {state.cube_value} is not a power of two")
    values = {
        "cube": state.cube_value.bit_length() - 1,
        "owner": 3 if state.cube_owner is None else state.cube_owner,
        "on_roll": state.on_roll, "crawford": int(state.crawford), "state": state.game_state,
        "turn": state.turn, "doubled": int(state.double_offered), "resign": state.resignation,
        "die0": state.dice[0], "die1": state.dice[1], "length": state.match_length,
        "score0": state.score[0], "score1": state.score[1],
    }
    bits: list[int] = []
    for name, width in _FIELDS:
        value = values[name]
        if not 0 <= value < 1 << width:
            raise InvalidPositionError(f"Match ID field {name} = {value} does not fit {width} bits")
        bits.extend((value >> i) & 1 for i in range(width))
    return _to_base64(bits, 9)


def decode_match(text: str) -> MatchState:
    """The state a Match ID holds; :class:`InvalidPositionError` if it is malformed."""
    text = text.strip()
    if not _MATCH_ID.fullmatch(text):
        raise InvalidPositionError(f"Match ID {text!r} is not 12 characters of A-Z a-z 0-9 + /")
    bits = _from_base64(text, 9)
    if any(bits[67:]):  # bit 66 is set by some gnubg versions; the rest must be clear
        raise InvalidPositionError(f"Match ID {text!r} has stray bits in its last character")
    values: dict[str, int] = {}
    offset = 0
    for name, width in _FIELDS:
        values[name] = sum(bits[offset + i] << i for i in range(width))
        offset += width
    if values["owner"] == 2:
        raise InvalidPositionError(f"Match ID {text!r} has no valid cube owner")
    if values["state"] > MatchState.DROPPED or any(values[d] > 6 for d in ("die0", "die1")):
        raise InvalidPositionError(f"Match ID {text!r} holds an impossible game state or die")
    return MatchState(
        cube_value=1 << values["cube"], cube_owner=None if values["owner"] == 3 else values["owner"],
        on_roll=values["on_roll"], crawford=bool(values["crawford"]), game_state=values["state"],
        turn=values["turn"], double_offered=bool(values["doubled"]), resignation=values["resign"],
        dice=(values["die0"], values["die1"]), match_length=values["length"],
        score=(values["score0"], values["score1"]))


def _to_base64(bits: list[int], size: int) -> str:
    data = bytearray(size)
    for i, bit in enumerate(bits):
        if bit:
            data[i // 8] |= 1 << (i % 8)
    return base64.b64encode(bytes(data)).decode("ascii").rstrip("=")


def _from_base64(text: str, size: int) -> list[int]:
    padded = text + "=" * (-len(text) % 4)
    try:
        data = base64.b64decode(padded, validate=True)
    except binascii.Error as error:
        raise InvalidPositionError(f"ID {text!r} is not base64: {error}") from None
    return [(data[i // 8] >> (i % 8)) & 1 for i in range(size * 8)]
