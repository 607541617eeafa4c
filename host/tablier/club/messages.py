"""What a board publishes to its club, signed with the club's key, and the checks made on receipt.

Topics: ``tablier/CLUB/boards/BOARD/KIND``, one per board and kind, each message retained on the
broker (the latest of each kind is what a club page that opens late is given) and sent QoS 1:

``presence`` whether the board's host is online (its last will says ``offline`` when its link drops);
``state``    what the board's screen shows (:class:`~tablier.play.scene.Scene`: the men, the lights,
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
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from tablier.board.leds import VOCABULARY
from tablier.play.scene import ADDED, LIFTED, PlaceView, Scene
from tablier.remote.gamecode import derive
from tablier.remote.messages import LINE_CHARS, MAX_NAME, json_object
from tablier.remote.messages import MessageError as MessageError  # a message refused, as board to board
from tablier.remote.signing import sign, verify

VERSION = 1
#: The largest message taken (a long match's record as it stands fits many times over).
MAX_BYTES = 512 * 1024
KINDS = ("presence", "state", "match")
#: A board's name in the club: its topic and the address of its page (``/board/NAME/``).
BOARD_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
CLUB_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
#: A board-to-board game's public id (its topic): what tells the club which two boards play together.
GAME_ID = re.compile(r"[0-9a-f]{16}")
_LIGHTS = frozenset(m.name for m in VOCABULARY) | {""}
_TEXT = re.compile(f"{LINE_CHARS}*")


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
        raise MessageError(f"protocol version {_shown(data.get('v'))} is not ours")
    extra = set(data) - {"v", "club", "board", "kind", "stamp", "body", "mac"}
    if extra:
        raise MessageError(f"unknown field {sorted(extra)[0][:30]!r}")
    board, kind = data.get("board"), data.get("kind")
    if not (isinstance(board, str) and BOARD_NAME.fullmatch(board)):
        raise MessageError(f"board {_shown(board)} is not a board's name")
    if kind not in KINDS:
        raise MessageError(f"kind {_shown(kind)} is not presence, state or match")
    if data.get("club") != club or where != topic(club, board, kind):
        raise MessageError(f"{kind} of board {board} published on another topic ({where})")
    if not verify(key, where, data):
        raise MessageError(f"{kind} of board {board} not signed with this club's key (forged, altered, "
                           "or from another club)")
    stamp, body = data.get("stamp"), data.get("body")
    if not _integer(stamp, 0, 2 ** 62):
        raise MessageError(f"{kind} of board {board}: stamp {_shown(stamp)} is not a time stamp")
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
        raise MessageError(f"game {_shown(body['game'])} is not a game's public id")
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
            _text_of(key, 40, f"{where}'s field")
            _plain(item, f"{where}.{key}", depth + 1)
    elif isinstance(value, list):
        for item in value:
            _plain(item, where, depth + 1)
    elif isinstance(value, str):
        _text_of(value, 600, where)
    elif isinstance(value, int) and not isinstance(value, bool):
        _int_of(value, -10 ** 6, 10 ** 6, where)
    elif value is not None and not isinstance(value, bool):
        raise MessageError(f"{where} holds {_shown(value)}, not a whole number or a text")


BODIES: dict[str, Callable[[Mapping[str, Any]], None]] = {
    "presence": _presence, "state": _state, "match": _match}


# --- the scene --------------------------------------------------------------------------------------

def scene_from_json(data: object) -> Scene:
    """The :class:`Scene` of a state's JSON (:meth:`Scene.to_json`), each field checked;
    :class:`MessageError` naming the first wrong one."""
    if not isinstance(data, dict):
        raise MessageError("the scene is not an object")
    read = _Fields(data)
    family = read.one("family", ("tables", "draughts"))
    size = read.integer("size", 0, 10)
    places = read.items("places", 40 if family == "tables" else 50, lambda v: _place(v, family, size))
    turn = read.integer("turn", 0, 2)
    dice = tuple(read.items("dice", 4, lambda v: _int_of(v, 1, 6, "a die")))
    used = tuple(read.items("dice_used", 4, lambda v: _bool_of(v, "used or not")))
    if len(used) > len(dice):
        raise MessageError("dice_used has more dice than the dice")
    cube = data.get("cube")
    if cube is not None and not (isinstance(cube, list) and len(cube) == 2 and _integer(cube[0], 1, 4096)
                                 and _integer(cube[1], 0, 2)):
        raise MessageError(f"cube {_shown(cube)} is not a cube's value and owner")
    own = data.get("own_points", {})
    if not (isinstance(own, dict) and len(own) <= 24 and all(
            isinstance(k, str) and k.isdigit() and 1 <= int(k) <= 24 and _integer(v, 1, 24)
            for k, v in own.items())):
        raise MessageError("own_points is not a numbering of the 24 points")
    moves = read.texts("moves", 2000, 80)
    movers = read.texts("movers", 2000, 80)
    read.done()
    return Scene(
        family=family, title=read.text("title", 80), game_number=read.integer("game_number", 0, 999),
        players=read.pair("players", MAX_NAME), score=_pair_of(data.get("score"), "score", 0, 999),
        match_length=read.integer("match_length", 0, 99), turn=turn, colours=read.pair("colours", 12),
        dice=dice, dice_used=used, cube=(int(cube[0]), int(cube[1])) if cube else None,
        in_hand=read.integer("in_hand", 0, 30), places=tuple(places),
        status_lights=_lights_pair(data.get("status_lights")),
        own_points={int(k): int(v) for k, v in own.items()}, size=size, link=read.text("link", 40),
        link_wait=_bool_of(data.get("link_wait"), "link_wait"), words=read.texts("words", 12, 600),
        messages=read.texts("messages", 30, 600), moves=moves, movers=movers,
        over=_bool_of(data.get("over"), "over"), you=_int_of(data.get("you", 0), 0, 2, "you"))


_SCENE_FIELDS = frozenset({"family", "title", "game_number", "players", "score", "match_length", "turn",
                           "colours", "dice", "dice_used", "cube", "in_hand", "places", "status_lights",
                           "own_points", "size", "link", "link_wait", "words", "messages", "moves",
                           "movers", "over", "you"})
_PLACE = re.compile(r"(point|bar|tray|square) (\d{1,2})")
_PLACE_RANGES = {"point": 24, "bar": 2, "tray": 2, "square": 50}


class _Fields:
    """Reads a scene's fields, each checked."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def done(self) -> None:
        unknown = set(self.data) - _SCENE_FIELDS
        if unknown:
            raise MessageError(f"the scene has an unknown field {sorted(unknown)[0][:30]!r}")

    def one(self, name: str, values: tuple[str, ...]) -> str:
        value = self.data.get(name)
        if value not in values:
            raise MessageError(f"{name} {_shown(value)} is not one of {', '.join(values)}")
        return str(value)

    def integer(self, name: str, low: int, high: int) -> int:
        return _int_of(self.data.get(name), low, high, name)

    def text(self, name: str, most: int) -> str:
        return _text_of(self.data.get(name), most, name)

    def pair(self, name: str, most: int) -> tuple[str, str]:
        value = self.data.get(name)
        if not (isinstance(value, list) and len(value) == 2):
            raise MessageError(f"{name} is not a pair")
        return _text_of(value[0], most, name), _text_of(value[1], most, name)

    def texts(self, name: str, count: int, most: int) -> tuple[str, ...]:
        return tuple(self.items(name, count, lambda v: _text_of(v, most, name)))

    def items(self, name: str, count: int, each: Callable[[object], Any]) -> list[Any]:
        value = self.data.get(name)
        if not isinstance(value, list) or len(value) > count:
            raise MessageError(f"{name} is not a list of at most {count}")
        return [each(item) for item in value]


def _place(value: object, family: str, size: int) -> PlaceView:
    if not isinstance(value, dict) or set(value) != {"place", "men", "side", "king", "change", "light"}:
        raise MessageError("a place is not an object of place, men, side, king, change and light")
    name = value["place"]
    found = _PLACE.fullmatch(name) if isinstance(name, str) else None
    squares = (size or 8) ** 2 // 2
    if found is None or (found[1] == "square") != (family == "draughts") or not (
            1 <= int(found[2]) <= min(_PLACE_RANGES[found[1]], squares if found[1] == "square" else 99)):
        raise MessageError(f"place {_shown(name)} is not a place of the board")
    side = value["side"]
    if side is not None and not _integer(side, 0, 1):
        raise MessageError(f"{name}: side {_shown(side)} is not 0, 1 or null")
    if not (_known(value["change"], ("", LIFTED, ADDED)) and _known(value["light"], _LIGHTS)):
        raise MessageError(f"{name}: an unknown change or light")
    return PlaceView(name, _int_of(value["men"], 0, 30, f"{name}'s men"), side,
                     _bool_of(value["king"], "king"), value["change"], value["light"])


def _known(value: object, names: Collection[str]) -> bool:
    """Whether ``value`` is one of ``names`` (a text: nothing else is looked up)."""
    return isinstance(value, str) and value in names


def _lights_pair(value: object) -> tuple[str, str]:
    if not (isinstance(value, list) and len(value) == 2 and all(_known(v, _LIGHTS) for v in value)):
        raise MessageError("status_lights is not a pair of known lights")
    return str(value[0]), str(value[1])


def _pair_of(value: object, name: str, low: int, high: int) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2):
        raise MessageError(f"{name} is not a pair")
    return _int_of(value[0], low, high, name), _int_of(value[1], low, high, name)


def _integer(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _int_of(value: object, low: int, high: int, name: str) -> int:
    if not isinstance(value, int) or not _integer(value, low, high):
        raise MessageError(f"{name} {_shown(value)} is not a whole number from {low} to {high}")
    return value


def _bool_of(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise MessageError(f"{name} {_shown(value)} is not true or false")
    return value


def _text_of(value: object, most: int, name: str) -> str:
    if not (isinstance(value, str) and len(value) <= most and _TEXT.fullmatch(value)):
        raise MessageError(f"{name} {_shown(value)} is not a line of text of at most {most} characters")
    return value


def _shown(value: object) -> str:
    text = json.dumps(value)
    return text if len(text) <= 30 else text[:27] + "..."
