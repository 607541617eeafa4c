"""What a screen shows of a game on the board: a :class:`Scene`, plain data, and its JSON.

The terminal view, the web page, a board's feed to its club and the club's page all show the same
scene: the men on each place (a lifted man shows as missing, ``lifted``; a man put where the
position has none as ``added``), the lights on their places with their meanings (``docs/leds.md``),
the dice, the cube, the players, the score, the moves and the words of where the game stands. The
scene is written here once, with its JSON both ways: :meth:`Scene.to_json` and
:meth:`Scene.from_json`, which checks every field of a scene that came from elsewhere (a club's
board) as every input is checked. Play builds the scene of a running game (``tablier.play``); the
web and the club only read it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection
from dataclasses import asdict, dataclass, field
from typing import Any

from tablier.board.leds import VOCABULARY
from tablier.board.palettes import PALETTES
from tablier.record.eventlog import COMMIT_MARKS
from tablier.remote.messages import LINE_CHARS, MAX_NAME, MessageError
from tablier.shapes import is_whole, truth_of

#: The link's word when the board answers (``tablier.play.link``'s states): a scene's default.
CONNECTED = "connected"


class SceneError(MessageError):
    """A scene's JSON that is not a scene (the message names the first wrong field): refused as any
    message from the wire is."""


LIFTED = "lifted"
ADDED = "added"


@dataclass(frozen=True)
class PlaceView:
    """One place of the board as shown: ``place`` is the layout's name (``point 7``, ``bar 1``,
    ``tray 2``, ``square 14``); ``side`` 0 Black, 1 White, None unknown."""

    place: str
    men: int = 0
    side: int | None = None
    king: bool = False
    change: str = ""  # LIFTED: fewer men than the position has here; ADDED: more
    light: str = ""  # the LED's meaning, or empty when dark


@dataclass(frozen=True)
class Scene:
    """Everything a screen shows at one moment of a game on the board."""

    family: str
    title: str
    game_number: int = 0
    players: tuple[str, str] = ("player 1", "player 2")
    score: tuple[int, int] = (0, 0)
    match_length: int = 0
    turn: int = 0  # the player (1 or 2) to act; 0 none (setting up, over)
    colours: tuple[str, str] = ("black", "white")  # player 1's and player 2's colours
    dice: tuple[int, ...] = ()
    dice_used: tuple[bool, ...] = ()
    cube: tuple[int, int] | None = None  # (value, owner: the player 1 or 2, 0 in the middle)
    in_hand: int = 0
    places: tuple[PlaceView, ...] = ()
    status_lights: tuple[str, str] = ("", "")  # player 1's and player 2's status light
    own_points: dict[int, int] = field(default_factory=dict)  # board point -> the mover's own number
    size: int = 0  # draughts: the board's size (8 or 10)
    link: str = CONNECTED
    link_wait: bool = False  # the status lights say link-wait (the host has just (re)connected)
    words: tuple[str, ...] = ()  # where the game stands, in words (what the terminal view says)
    messages: tuple[str, ...] = ()
    moves: tuple[str, ...] = ()
    movers: tuple[str, ...] = ()  # who made each move: his name and colour
    marks: tuple[str, ...] = ()  # the teacher's mark of each move: ``?!``, ``?``, ``??`` or ""
    over: bool = False
    you: int = 0  # the player (1 or 2) at this board when the other seat is played elsewhere; 0 none
    palette: str = "classic"  # the lights' palette (:mod:`tablier.board.palettes`)
    clocks: tuple[str, str] = ("", "")  # each player's clock face (``13:48``, ``0:09+12``); "" no clock
    clock_runs: int = 0  # the player (1 or 2) whose clock runs; 0 none
    clock_short: bool = False  # his time is short
    hints: str = ""  # the quality help left to the player to move ("2 hints left of 3"), or ""

    def marked_moves(self) -> tuple[str, ...]:
        """The moves, each followed by its mark when it has one (``8/5 6/5 ?!``)."""
        marks = self.marks + ("",) * (len(self.moves) - len(self.marks))
        return tuple(f"{move} {mark}" if mark else move
                     for move, mark in zip(self.moves, marks, strict=False))

    def to_json(self) -> dict[str, Any]:
        """The scene as plain JSON values."""
        data: dict[str, Any] = json.loads(json.dumps(asdict(self)))  # tuples as lists, keys as strings
        return data

    @classmethod
    def from_json(cls, data: object) -> Scene:
        """The scene of :meth:`to_json`'s JSON, each field checked (types, sizes, ranges, the known
        names of places and lights); :class:`SceneError` naming the first wrong one."""
        return read_scene(data)

    def place(self, name: str) -> PlaceView:
        """The place called ``name`` (an empty one if the scene has none by that name)."""
        for view in self.places:
            if view.place == name:
                return view
        return PlaceView(name)

_LIGHTS = frozenset(m.name for m in VOCABULARY) | {""}
_TEXT = re.compile(f"{LINE_CHARS}*")


def read_scene(data: object) -> Scene:
    """The :class:`Scene` of its JSON (:meth:`Scene.to_json`), each field checked;
    :class:`SceneError` naming the first wrong one."""
    if not isinstance(data, dict):
        raise SceneError("the scene is not an object")
    read = _Fields(data)
    family = read.one("family", ("tables", "draughts"))
    size = read.integer("size", 0, 10)
    places = read.items("places", 40 if family == "tables" else 50, lambda v: _place(v, family, size))
    turn = read.integer("turn", 0, 2)
    dice = tuple(read.items("dice", 4, lambda v: whole_in(v, 1, 6, "a die")))
    used = tuple(read.items("dice_used", 4, lambda v: _bool_of(v, "used or not")))
    if len(used) > len(dice):
        raise SceneError("dice_used has more dice than the dice")
    cube = data.get("cube")
    if cube is not None and not (isinstance(cube, list) and len(cube) == 2 and _integer(cube[0], 1, 4096)
                                 and _integer(cube[1], 0, 2)):
        raise SceneError(f"cube {shown(cube)} is not a cube's value and owner")
    own = data.get("own_points", {})
    if not (isinstance(own, dict) and len(own) <= 24 and all(
            isinstance(k, str) and k.isdigit() and 1 <= int(k) <= 24 and _integer(v, 1, 24)
            for k, v in own.items())):
        raise SceneError("own_points is not a numbering of the 24 points")
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
        marks=tuple(read.items("marks", 2000, _mark_of)) if "marks" in data else (),
        over=_bool_of(data.get("over"), "over"), you=whole_in(data.get("you", 0), 0, 2, "you"),
        palette=_palette_of(data.get("palette", "classic")),
        clocks=read.pair("clocks", 12) if "clocks" in data else ("", ""),
        clock_runs=whole_in(data.get("clock_runs", 0), 0, 2, "clock_runs"),
        clock_short=_bool_of(data.get("clock_short", False), "clock_short"),
        hints=read.text("hints", 80) if "hints" in data else "")


_SCENE_FIELDS = frozenset({"family", "title", "game_number", "players", "score", "match_length", "turn",
                           "colours", "dice", "dice_used", "cube", "in_hand", "places", "status_lights",
                           "own_points", "size", "link", "link_wait", "words", "messages", "moves",
                           "movers", "marks", "over", "you", "palette", "clocks", "clock_runs",
                           "clock_short", "hints"})


def _mark_of(value: object) -> str:
    """A move's mark, checked."""
    if value not in COMMIT_MARKS:
        raise SceneError(f"mark {shown(value)} is not one of ?!, ?, ??")
    return str(value)


def _palette_of(value: object) -> str:
    """A palette's name, checked (a scene from an older host has none: the classic one)."""
    names = [palette.name for palette in PALETTES]
    if value not in names:
        raise SceneError(f"palette {shown(value)} is not one of {', '.join(names)}")
    return str(value)
_PLACE = re.compile(r"(point|bar|tray|square) (\d{1,2})")
_PLACE_RANGES = {"point": 24, "bar": 2, "tray": 2, "square": 50}


class _Fields:
    """Reads a scene's fields, each checked."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def done(self) -> None:
        unknown = set(self.data) - _SCENE_FIELDS
        if unknown:
            raise SceneError(f"the scene has an unknown field {sorted(unknown)[0][:30]!r}")

    def one(self, name: str, values: tuple[str, ...]) -> str:
        value = self.data.get(name)
        if value not in values:
            raise SceneError(f"{name} {shown(value)} is not one of {', '.join(values)}")
        return str(value)

    def integer(self, name: str, low: int, high: int) -> int:
        return whole_in(self.data.get(name), low, high, name)

    def text(self, name: str, most: int) -> str:
        return line_in(self.data.get(name), most, name)

    def pair(self, name: str, most: int) -> tuple[str, str]:
        value = self.data.get(name)
        if not (isinstance(value, list) and len(value) == 2):
            raise SceneError(f"{name} is not a pair")
        return line_in(value[0], most, name), line_in(value[1], most, name)

    def texts(self, name: str, count: int, most: int) -> tuple[str, ...]:
        return tuple(self.items(name, count, lambda v: line_in(v, most, name)))

    def items(self, name: str, count: int, each: Callable[[object], Any]) -> list[Any]:
        value = self.data.get(name)
        if not isinstance(value, list) or len(value) > count:
            raise SceneError(f"{name} is not a list of at most {count}")
        return [each(item) for item in value]


def _place(value: object, family: str, size: int) -> PlaceView:
    if not isinstance(value, dict) or set(value) != {"place", "men", "side", "king", "change", "light"}:
        raise SceneError("a place is not an object of place, men, side, king, change and light")
    name = value["place"]
    found = _PLACE.fullmatch(name) if isinstance(name, str) else None
    squares = (size or 8) ** 2 // 2
    if found is None or (found[1] == "square") != (family == "draughts") or not (
            1 <= int(found[2]) <= min(_PLACE_RANGES[found[1]], squares if found[1] == "square" else 99)):
        raise SceneError(f"place {shown(name)} is not a place of the board")
    side = value["side"]
    if side is not None and not _integer(side, 0, 1):
        raise SceneError(f"{name}: side {shown(side)} is not 0, 1 or null")
    if not (_known(value["change"], ("", LIFTED, ADDED)) and _known(value["light"], _LIGHTS)):
        raise SceneError(f"{name}: an unknown change or light")
    return PlaceView(name, whole_in(value["men"], 0, 30, f"{name}'s men"), side,
                     _bool_of(value["king"], "king"), value["change"], value["light"])


def _known(value: object, names: Collection[str]) -> bool:
    """Whether ``value`` is one of ``names`` (a text: nothing else is looked up)."""
    return isinstance(value, str) and value in names


def _lights_pair(value: object) -> tuple[str, str]:
    if not (isinstance(value, list) and len(value) == 2 and all(_known(v, _LIGHTS) for v in value)):
        raise SceneError("status_lights is not a pair of known lights")
    return str(value[0]), str(value[1])


def _pair_of(value: object, name: str, low: int, high: int) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2):
        raise SceneError(f"{name} is not a pair")
    return whole_in(value[0], low, high, name), whole_in(value[1], low, high, name)


def _integer(value: object, low: int, high: int) -> bool:
    return is_whole(value, low, high)


def whole_in(value: object, low: int, high: int, name: str) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; :class:`SceneError` naming it."""
    if not is_whole(value, low, high):
        raise SceneError(f"{name} {shown(value)} is not a whole number from {low} to {high}")
    assert isinstance(value, int)
    return value


def _bool_of(value: object, name: str) -> bool:
    return truth_of(value, lambda wanted: SceneError(f"{name} {shown(value)} is not {wanted}"))


def line_in(value: object, most: int, name: str) -> str:
    """``value`` if it is one line of at most ``most`` printable characters; :class:`SceneError`."""
    if not (isinstance(value, str) and len(value) <= most and _TEXT.fullmatch(value)):
        raise SceneError(f"{name} {shown(value)} is not a line of text of at most {most} characters")
    return value


def shown(value: object) -> str:
    """``value`` as JSON in a message, cut at 30 characters."""
    text = json.dumps(value)
    return text if len(text) <= 30 else text[:27] + "..."
