"""What a board publishes to its club, signed with the club's key, and the checks made on receipt.

Topics: ``tablier/CLUB/boards/BOARD/KIND``, one per board and kind, each message retained on the
broker (the latest of each kind is what a club page that opens late is given) and sent QoS 1:

``presence`` whether the board's host is online (its last will says ``offline`` when its link drops);
``state``    what the board's screen shows (:class:`~tablier.board.scene.Scene`: the men, the lights,
             the dice, the score, whose turn, the moves), from which the club draws the board itself,
             and, board to board, the game's public id (the two boards of one game share it);
``match``    the match's record as it stands (Tablier JSON, ``docs/json-format.md``, without the raw
             event log), and whether it is over: the live transcript, and the archive's once over.

A message is one JSON object: ``v``, ``club``, ``board``, ``kind``, ``stamp`` (the time it was made,
in microseconds: a message older than the last one taken from its board and kind is dropped, so
neither a copy nor a replayed old message turns the page back), ``body`` and ``mac``, the HMAC-SHA256
of the topic and every field with the club's key (:mod:`tablier.remote.signing`). The club's key is
derived from the club's code (16 characters, as a game's code is) by scrypt with the club's name:
another user of the broker who lacks the code can read the boards but cannot forge nor alter one.
Everything is checked as every input is (types, sizes, ranges, the known names of places and
lights); a message that fails is refused with one line saying why, and nothing of it is shown or
stored. The board's pictures are drawn by the club from the checked scene: no markup from the wire
is ever put on the page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tablier.board.scene import Scene, line_in, shown, whole_in
from tablier.remote.gamecode import derive
from tablier.remote.messages import MAX_NAME, json_object
from tablier.remote.messages import MessageError as MessageError  # a message refused, as board to board
from tablier.remote.signing import sign, verify
from tablier.shapes import is_whole

VERSION = 1
#: The largest message taken (a long match's record as it stands fits many times over).
MAX_BYTES = 512 * 1024
KINDS = ("presence", "state", "match")
#: A board's name in the club: its topic and the address of its page (``/board/NAME/``).
BOARD_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
CLUB_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
#: A board-to-board game's public id (its topic): what tells the club which two boards play together.
GAME_ID = re.compile(r"[0-9a-f]{16}")


def club_key(code: str, club: str) -> bytes:
    """The club's signing key, from its code (:func:`tablier.remote.gamecode.derive` with the club's
    own salt: a club's key is never a game's)."""
    return derive(code, f"club:{club}").key


def topic(club: str, board: str, kind: str) -> str:
    """The topic of ``board``'s messages of ``kind``."""
    return f"tablier/{club}/boards/{board}/{kind}"


def topics(club: str) -> str:
    """The subscription that takes every board's messages."""
    return f"tablier/{club}/boards/+/+"


@dataclass(frozen=True)
class ClubMessage:
    """A message as checked: its board, kind, stamp and body (a scene, a record, a presence)."""

    board: str
    kind: str
    stamp: int
    body: Mapping[str, Any]


def make(key: bytes, club: str, board: str, kind: str, stamp: int, body: Mapping[str, Any]) -> bytes:
    """The signed payload of a message."""
    data = {"v": VERSION, "club": club, "board": board, "kind": kind, "stamp": stamp, "body": dict(body)}
    return json.dumps(sign(key, topic(club, board, kind), data), separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8")


def check(key: bytes, club: str, where: str, payload: bytes) -> ClubMessage:
    """The message published on topic ``where``: :class:`MessageError` unless it is well formed,
    published on its own topic and signed with the club's key."""
    data = json_object(payload, MAX_BYTES)
    if data.get("v") != VERSION:
        raise MessageError(f"protocol version {shown(data.get('v'))} is not ours")
    extra = set(data) - {"v", "club", "board", "kind", "stamp", "body", "mac"}
    if extra:
        raise MessageError(f"unknown field {sorted(extra)[0][:30]!r}")
    board, kind = data.get("board"), data.get("kind")
    if not (isinstance(board, str) and BOARD_NAME.fullmatch(board)):
        raise MessageError(f"board {shown(board)} is not a board's name")
    if kind not in KINDS:
        raise MessageError(f"kind {shown(kind)} is not presence, state or match")
    if data.get("club") != club or where != topic(club, board, kind):
        raise MessageError(f"{kind} of board {board} published on another topic ({where})")
    if not verify(key, where, data):
        raise MessageError(f"{kind} of board {board} not signed with this club's key (forged, altered, "
                           "or from another club)")
    stamp, body = data.get("stamp"), data.get("body")
    if not is_whole(stamp, 0, 2 ** 62):
        raise MessageError(f"{kind} of board {board}: stamp {shown(stamp)} is not a time stamp")
    if not isinstance(body, dict):
        raise MessageError(f"{kind} of board {board} without a body")
    try:
        BODIES[kind](body)
    except MessageError as error:
        raise MessageError(f"{kind} of board {board}: {error}") from None
    return ClubMessage(board, kind, int(stamp), body)  # type: ignore[arg-type]


def _presence(body: Mapping[str, Any]) -> None:
    if set(body) != {"online"} or not isinstance(body["online"], bool):
        raise MessageError("a presence says only online: true or false")


def _state(body: Mapping[str, Any]) -> None:
    if not {"scene"} <= set(body) <= {"scene", "game"}:
        raise MessageError("a state holds its scene (and, board to board, its game's public id)")
    if "game" in body and not (isinstance(body["game"], str) and GAME_ID.fullmatch(body["game"])):
        raise MessageError(f"game {shown(body['game'])} is not a game's public id")
    scene_from_json(body["scene"])


def _match(body: Mapping[str, Any]) -> None:
    if set(body) != {"record", "over"} or not isinstance(body["over"], bool):
        raise MessageError("a match holds its record and whether it is over")
    record = body["record"]
    if not isinstance(record, dict) or "log" in record:
        raise MessageError("a match's record is a Tablier JSON record without its raw log")
    _plain(record, "the record", 0)
    games = record.get("games")
    if not isinstance(games, list) or not games:
        raise MessageError("a match's record holds no game")
    for game in games:
        players = game.get("players") if isinstance(game, dict) else None
        if isinstance(players, list) and not all(isinstance(name, str) and 0 < len(name) <= MAX_NAME
                                                 for name in players):
            raise MessageError(f"a player's name is not 1 to {MAX_NAME} characters")


def _plain(value: object, where: str, depth: int) -> None:
    """A record's JSON as a board writes it: objects, lists, whole numbers, true/false/null and lines
    of text, of bounded depth and size (nothing else reaches the rules, the page or the archive)."""
    if depth > 8:
        raise MessageError(f"{where} is nested too deep")
    if isinstance(value, dict):
        for key, item in value.items():
            line_in(key, 40, f"{where}'s field")
            _plain(item, f"{where}.{key}", depth + 1)
    elif isinstance(value, list):
        for item in value:
            _plain(item, where, depth + 1)
    elif isinstance(value, str):
        line_in(value, 600, where)
    elif is_whole(value):
        whole_in(value, -10 ** 6, 10 ** 6, where)
    elif value is not None and not isinstance(value, bool):
        raise MessageError(f"{where} holds {shown(value)}, not a whole number or a text")


BODIES: dict[str, Callable[[Mapping[str, Any]], None]] = {
    "presence": _presence, "state": _state, "match": _match}


def scene_from_json(data: object) -> Scene:
    """The :class:`Scene` of a state's JSON (:meth:`Scene.from_json`); :class:`MessageError` naming
    the first wrong field."""
    return Scene.from_json(data)
