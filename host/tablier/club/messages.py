"""What a board publishes to its club, signed with the club's key, and the checks made on receipt.

Topics: ``tablier/CLUB/boards/BOARD/KIND``, one per board and kind, each message retained on the
broker (the latest of each kind is what a club page that opens late is given) and sent QoS 1:

``presence`` whether the board's host is online (its last will says ``offline`` when its link drops);
``state``    what the board's screen shows (:class:`~tablier.board.scene.Scene`: the men, the lights,
             the dice, the score, whose turn, the moves), from which the club draws the board itself,
             and, board to board, the game's public id (the two boards of one game share it);
``match``    the match's records as the board's event log gets them (``docs/log-format.md``: the
             header, each game's start, commits, cube actions, claims, vies, results and the match
             clock's records; not the switches), numbered from 0 in the match ``id``: each message
             carries the records from number ``from`` on and whether the match is then over. The
             club builds the match from them as they come (a number it has is a repeat, dropped; a
             number past the next it lacks is a gap); the board's last message, when it stops,
             holds every record from 0. The club keeps them as the match's log, so that its
             archive and exports carry the clock's times (:mod:`tablier.record.logged_clock`).

The club's hall answers on ``tablier/CLUB/hall/BOARD/have`` (retained, signed the same way):
``have``     how many records of match ``id`` it holds, when it lacks some (a gap, a board back
             online, a match it saw only the end of) or has stored it: the board sends the records
             from there on again.

and, on a club evening (``tablier club evening``), on ``tablier/CLUB/hall/BOARD/game`` (retained):
``game``     the game the board is to play next (:mod:`.assignments`): the evening, its round, the
             game and its options, the match length, the players of side 0 and side 1 and the clock;
             or that the evening is over.

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

from tablier.board.scene import Scene, line_in, shown
from tablier.remote.gamecode import derive
from tablier.remote.messages import MAX_NAME, json_object
from tablier.remote.messages import MessageError as MessageError  # a message refused, as board to board
from tablier.remote.signing import sign, verify
from tablier.shapes import is_number, is_whole

VERSION = 1
#: The largest message taken (a long match's record as it stands fits many times over).
MAX_BYTES = 512 * 1024
KINDS = ("presence", "state", "match")
#: The hall's answer to a board (on a topic of the hall's, see :func:`topic`).
HAVE = "have"
#: The evening's assignment of a game to a board (on a topic of the hall's).
GAME = "game"
#: What the hall publishes to a board.
HALL_KINDS = (HAVE, GAME)
#: The event log's records a board publishes of its match: what the match's record is built from.
MATCH_RECORDS = ("header", "game_start", "commit", "cube", "claim", "vie", "result", "clock")
#: The most records one message carries (a long match's whole record fits many times over).
MAX_BATCH = 4000
#: The most records a match may hold.
MAX_RECORDS = 100_000
#: A board's name in the club: its topic and the address of its page (``/board/NAME/``).
BOARD_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
CLUB_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
#: A board-to-board game's public id (its topic): what tells the club which two boards play together;
#: a match's id has the same form.
GAME_ID = re.compile(r"[0-9a-f]{16}")


def club_key(code: str, club: str) -> bytes:
    """The club's signing key, from its code (:func:`tablier.remote.gamecode.derive` with the club's
    own salt: a club's key is never a game's)."""
    return derive(code, f"club:{club}").key


def topic(club: str, board: str, kind: str) -> str:
    """The topic of ``board``'s messages of ``kind`` (the hall's ``have`` to the board: on the hall's
    own branch, which no board's subscription takes)."""
    return f"tablier/{club}/{'hall' if kind in HALL_KINDS else 'boards'}/{board}/{kind}"


def topics(club: str) -> str:
    """The subscription that takes every board's messages."""
    return f"tablier/{club}/boards/+/+"


@dataclass(frozen=True)
class ClubMessage:
    """A message as checked: its board, kind, stamp and body (a scene, a record, a presence), and a
    state's scene as read."""

    board: str
    kind: str
    stamp: int
    body: Mapping[str, Any]
    scene: Scene | None = None


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
    if kind not in (*KINDS, *HALL_KINDS):
        raise MessageError(f"kind {shown(kind)} is not presence, state, match, have or game")
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
        scene = BODIES[kind](body)
    except MessageError as error:
        raise MessageError(f"{kind} of board {board}: {error}") from None
    return ClubMessage(board, kind, int(stamp), body, scene)  # type: ignore[arg-type]


def _presence(body: Mapping[str, Any]) -> None:
    if set(body) != {"online"} or not isinstance(body["online"], bool):
        raise MessageError("a presence says only online: true or false")


def _state(body: Mapping[str, Any]) -> Scene:
    if not {"scene"} <= set(body) <= {"scene", "game"}:
        raise MessageError("a state holds its scene (and, board to board, its game's public id)")
    if "game" in body and not (isinstance(body["game"], str) and GAME_ID.fullmatch(body["game"])):
        raise MessageError(f"game {shown(body['game'])} is not a game's public id")
    return scene_from_json(body["scene"])


def _match(body: Mapping[str, Any]) -> None:
    if set(body) != {"id", "from", "records", "over"} or not isinstance(body["over"], bool):
        raise MessageError("a match holds its id, the number of its first record, its records and whether "
                           "it is over")
    _match_number(body)
    records = body["records"]
    if not isinstance(records, list) or len(records) > MAX_BATCH:
        raise MessageError(f"a match's records are a list of at most {MAX_BATCH}")
    if body["from"] + len(records) > MAX_RECORDS:
        raise MessageError(f"a match holds at most {MAX_RECORDS} records")
    for record in records:
        if not isinstance(record, dict) or record.get("type") not in MATCH_RECORDS:
            raise MessageError(f"a match's record is one of {', '.join(MATCH_RECORDS)}, not "
                               f"{shown(record.get('type') if isinstance(record, dict) else record)}")
        _plain(record, f"a {record['type']} record", 1)
        for names in (record.get("players"), record.get("sides")):
            if isinstance(names, list) and not all(isinstance(name, str) and len(name) <= MAX_NAME
                                                   for name in names):
                raise MessageError(f"a player's name is not 1 to {MAX_NAME} characters")


def _have(body: Mapping[str, Any]) -> None:
    if set(body) != {"id", "have"}:
        raise MessageError("the hall's answer holds a match's id and how many of its records it holds")
    _match_number(body)


def _match_number(body: Mapping[str, Any]) -> None:
    """A match's id and a number of its records (``from`` or ``have``) as a message gives them."""
    if not (isinstance(body["id"], str) and GAME_ID.fullmatch(body["id"])):
        raise MessageError(f"match {shown(body['id'])} is not a match's id")
    number = body.get("from", body.get("have"))
    if not is_whole(number, 0, MAX_RECORDS):
        raise MessageError(f"{shown(number)} is not a number of records")


def _plain(value: object, where: str, depth: int) -> None:
    """A record's JSON as a board's log holds it: objects, lists, numbers, true/false/null and lines
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
    elif is_number(value):
        if abs(value) > 2 ** 53:  # type: ignore[arg-type]
            raise MessageError(f"{where} holds {shown(value)}, a number out of range")
    elif value is not None and not isinstance(value, bool):
        raise MessageError(f"{where} holds {shown(value)}, not a number or a text")


def _game(body: Mapping[str, Any]) -> None:
    problem = assignment_problem(body)
    if problem:
        raise MessageError(problem)


#: An assignment's fields (:mod:`.assignments`), and the clocks it may name.
ASSIGNMENT_FIELDS = {"id", "event", "round", "over", "game", "options", "match_length", "players", "clock"}
CLOCK_NAMES = ("", "usbgf", "uk", "checker-laws")


def assignment_problem(body: Mapping[str, Any]) -> str:
    """What is wrong with an assignment's body ('' when nothing)."""
    if set(body) != ASSIGNMENT_FIELDS:
        return f"an assignment holds {', '.join(sorted(ASSIGNMENT_FIELDS))}"
    if not (isinstance(body["id"], str) and GAME_ID.fullmatch(body["id"])):
        return "an assignment's id is 16 hexadecimal digits"
    if not (isinstance(body["event"], str) and 0 < len(body["event"]) <= 200 and body["event"].isprintable()):
        return "an evening's name is a line of 1 to 200 characters"
    if not isinstance(body["over"], bool):
        return "an assignment says whether the evening is over"
    for name in ("round", "match_length"):
        value = body[name]
        if not is_whole(value, 0, 1000):
            return f"an assignment's {name.replace('_', ' ')} is a whole number from 0 to 1000"
    if not (isinstance(body["game"], str) and len(body["game"]) <= 40):
        return "an assignment's game is a game's name"
    options = body["options"]
    if not (isinstance(options, dict) and len(options) <= 20
            and all(isinstance(k, str) and isinstance(v, str) and len(k) <= 40 and len(v) <= 40
                    for k, v in options.items())):
        return "an assignment's options are up to 20 names and values"
    players = body["players"]
    if not (isinstance(players, list) and len(players) == 2
            and all(isinstance(name, str) and len(name) <= MAX_NAME and name.isprintable()
                    for name in players)):
        return f"an assignment names two players of up to {MAX_NAME} characters"
    if body["clock"] not in CLOCK_NAMES:
        return "an assignment's clock is usbgf, uk, checker-laws or none"
    if not body["over"] and not (body["game"] and all(players)):
        return "an assignment names its game and both players"
    return ""


#: Each kind's check of a body (a state's gives its scene, read).
BODIES: dict[str, Callable[[Mapping[str, Any]], Scene | None]] = {
    "presence": _presence, "state": _state, "match": _match, HAVE: _have, GAME: _game}


def scene_from_json(data: object) -> Scene:
    """The :class:`Scene` of a state's JSON (:meth:`Scene.from_json`); :class:`MessageError` naming
    the first wrong field."""
    return Scene.from_json(data)
