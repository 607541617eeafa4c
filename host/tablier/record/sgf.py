"""GNU Backgammon's SGF (``GM[6]``): Backgammon records written, and read back.

One game tree per game, as GNU Backgammon writes them: ``MI[length:7][game:0][ws:0][bs:0]``,
``PW``/``PB`` the players, ``RE[W+2]`` the result (``R`` after the points for a resignation), then a
node per action: ``;W[52xuxl]`` (the dice, then two letters per man moved, from and to),
``;B[double]``, ``;W[take]``, ``;W[drop]``. Points are letters in White's frame: ``a`` is White's
1-point, ``x`` his 24-point, ``y`` the bar, ``z`` off. As in GNU Backgammon, White is the first
player of a ``.mat`` file: our side 0; Black is side 1. A game from a set position has GNU
Backgammon's set-up node ``;AE[a:y]AW[..]AB[..]PL[W]`` (one letter per man, men not placed are
borne off).

What GNU Backgammon's SGF has no property for is kept in Tablier's own properties, which other
readers skip: ``TR[name:value]`` a record's tags (in the first game), ``TG[name:value]`` a game's.
A resignation is ``R`` in ``RE``; the resigning side is the loser. Money play by the Jacoby rule is
``RU[Jacoby]``, and a record played without the cube ``RU[NoCube]``, as GNU Backgammon writes them
(the record's ``jacoby`` and ``cube`` options). The reader replays every game
(:func:`~tablier.record.settling.settle`): hits, cube values and the result's kind come from the
rules, so a record written and read back is the same record. Analysis and comments are skipped.
"""

from __future__ import annotations

import re

from tablier import __version__
from tablier.tables.position import BAR, MEN, OFF, Position
from tablier.tables.position_text import format_position, parse_position

from .game_record import (
    DOUBLE,
    DROP,
    JACOBY,
    MODERN_OPTIONS,
    PLAY,
    RESIGN,
    TABLES,
    TAKE,
    Action,
    GameRecord,
    Outcome,
    Record,
    RecordError,
)
from .logged_clock import LoggedClock, logged_clock
from .replay import play_of, tables_variant
from .settling import jacoby, note_short_match, settle

_COLOURS = ("W", "B")
_BAR, _OFF = "y", "z"
Node = dict[str, list[str]]


def _letter(side: int, point: int) -> str:
    if point == BAR:
        return _BAR
    if point == OFF:
        return _OFF
    return chr(ord("a") + (point - 1 if side == 0 else 24 - point))


def _point(side: int, letter: str, where: str) -> int:
    if letter == _BAR:
        return BAR
    if letter == _OFF:
        return OFF
    index = ord(letter) - ord("a")
    if not 0 <= index < 24:
        raise RecordError(f"{where}: SGF point {letter!r} is not a-z")
    return index + 1 if side == 0 else 24 - index


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


# --- writing ----------------------------------------------------------------------------------


def write_sgf(record: Record) -> str:
    """``record`` (Backgammon) as GNU Backgammon SGF; :class:`RecordError` for other games."""
    if "sgf" not in record.facts.formats:
        raise RecordError(f"GNU Backgammon SGF holds Backgammon only, not {record.game}")
    clock = logged_clock(record)
    return "".join(_tree(record, game, first=index == 0, clock=clock)
                   for index, game in enumerate(record.games))


def _tree(record: Record, game: GameRecord, first: bool, clock: LoggedClock | None = None) -> str:
    info = (f"(;FF[4]GM[6]CA[UTF-8]AP[Tablier:{__version__}]"
            f"MI[length:{record.match_length}][game:{game.number - 1}]"
            f"[ws:{game.score[0]}][bs:{game.score[1]}]"
            f"PW[{_escape(game.players[0])}]PB[{_escape(game.players[1])}]")
    if record.date:
        info += f"DT[{record.date}]"
    rules = ["NoCube"] if not tables_variant(record).options.get("cube") else []
    if record.tags.get("Crawford", "On").lower() != "off" and record.match_length:
        rules.append("Crawford")
    if jacoby(record):
        rules.append("Jacoby")
    if rules:
        info += f"RU[{':'.join(rules)}]"  # as GNU Backgammon writes them
    outcome = game.outcome
    if outcome is not None and outcome.winner is not None:
        resigned = any(action.kind == RESIGN for action in game.actions) or outcome.how == "resigned"
        info += f"RE[{_COLOURS[outcome.winner]}+{outcome.points}{'R' if resigned else ''}]"
    if first and record.tags:
        info += "TR" + "".join(f"[{_escape(name)}:{_escape(value)}]" for name, value in record.tags.items())
    if game.tags:
        info += "TG" + "".join(f"[{_escape(name)}:{_escape(value)}]" for name, value in game.tags.items())
    if clock is not None:  # the time limits: the reserve in seconds, the rest in words
        info += f"TM[{clock.control.first_reserve():g}]OT[{_escape(clock.control.describe())}]"
    nodes = [info]
    ply = 0
    if game.start:
        nodes.append(_setup_node(game.start))
    for action in game.actions:
        colour = _COLOURS[action.side]
        if action.kind == PLAY:
            moves = "".join(_letter(action.side, move.src) + _letter(action.side, move.dst)
                            for move in play_of(action))
            ply += 1
            left = clock.left.get((game.number, ply)) if clock is not None else None
            timed = f"{colour}L[{left[action.side]:.1f}]" if left is not None else ""  # his time left
            nodes.append(f";{colour}[{''.join(map(str, action.dice))}{moves}]{timed}")
        elif action.kind in (DOUBLE, TAKE, DROP):
            nodes.append(f";{colour}[{action.kind}]")
    return "\n".join(nodes) + ")\n"


def _setup_node(start: str) -> str:
    position = parse_position(start)
    node = ";AE[a:y]"
    for side in (0, 1):
        letters = "".join(f"[{_letter(side, point)}]" * position.boards[side][point]
                          for point in range(1, BAR + 1))
        if letters:
            node += f"A{_COLOURS[side]}{letters}"
    return node + f"PL[{_COLOURS[position.turn]}]"


# --- reading ----------------------------------------------------------------------------------


def read_sgf(text: str, source: str = "<sgf>") -> Record:
    """The record of a GNU Backgammon SGF file, every game replayed and settled (see the module
    docstring); :class:`RecordError` naming the file, game and move otherwise."""
    record = Record(game="backgammon", family=TABLES, options=dict(MODERN_OPTIONS), source=source)
    trees = _SgfParser(text, source).trees()
    if not trees:
        raise RecordError(f"{source}: no SGF game tree ('(;' ...)")
    for tree in trees:
        _read_tree(record, tree, source)
    settled = settle(record).record
    note_short_match(settled)
    return settled


def _read_tree(record: Record, nodes: list[Node], source: str) -> None:
    root = nodes[0]
    if root.get("GM", [""])[0] != "6":
        raise RecordError(f"{source}: not a GNU Backgammon SGF game (no GM[6])")
    number = len(record.games) + 1
    info = dict(value.split(":", 1) for value in root.get("MI", []) if ":" in value)
    try:
        record.match_length = int(info.get("length", 0) or 0)
        number = int(info.get("game", number - 1) or 0) + 1
        score = (int(info.get("ws", 0) or 0), int(info.get("bs", 0) or 0))
    except ValueError:
        shown = _shown("][".join(root["MI"]))
        raise RecordError(f"{source}: game {number}: the match information MI[{shown}] is not "
                          "numbers") from None
    where = f"{source}: game {number}"
    record.date = root.get("DT", [record.date])[0]
    rules = {rule.strip().lower() for value in root.get("RU", []) for rule in value.split(":")}
    if not record.match_length and "jacoby" in rules:
        record.options[JACOBY] = "yes"  # money play by the Jacoby rule
    if "nocube" in rules:
        record.options["cube"] = "no"
    game = GameRecord(players=(root.get("PW", [""])[0], root.get("PB", [""])[0]), number=number,
                      score=score, tags=_pairs(root.get("TG", [])))
    record.tags.update(_pairs(root.get("TR", [])))
    result = re.fullmatch(r"([WB])\+(\d+)(R?)", root.get("RE", [""])[0])
    resigned = None
    if result:
        winner = _COLOURS.index(result.group(1))
        game.outcome = Outcome(winner, "resigned" if result.group(3) else "recorded", int(result.group(2)))
        if result.group(3):
            resigned = Action(1 - winner, RESIGN, value=int(result.group(2)))
    for index, node in enumerate(nodes[1:], start=1):
        if "AE" in node or "AW" in node or "AB" in node:
            if game.actions:
                raise RecordError(f"{where}, node {index}: a set-up in the middle of the game")
            game.start = _setup(node, where)
        for colour in _COLOURS:
            for value in node.get(colour, []):
                game.actions.append(_action(colour, value, f"{where}, move {len(game.actions) + 1}"))
    if resigned is not None:
        game.actions.append(resigned)
    record.games.append(game)


def _shown(value: str) -> str:
    """A value of the file on one short line, for a message."""
    text = " ".join(value.split())
    return text if len(text) <= 40 else text[:37] + "..."


def _pairs(values: list[str]) -> dict[str, str]:
    return dict(value.split(":", 1) for value in values if ":" in value)


def _setup(node: Node, where: str) -> str:
    counts = [[0] * 26, [0] * 26]
    for side, colour in enumerate(_COLOURS):
        for letter in node.get("A" + colour, []):
            if len(letter) != 1 or letter == _OFF:
                raise RecordError(f"{where}: set-up point {letter!r} is not a-y")
            counts[side][_point(side, letter, where)] += 1
    for side in (0, 1):
        if sum(counts[side]) > MEN:
            raise RecordError(f"{where}: the set-up has more than {MEN} men of {_COLOURS[side]}")
        counts[side][OFF] = MEN - sum(counts[side])
    turn = _COLOURS.index(node["PL"][0]) if node.get("PL", [""])[0] in _COLOURS else 0
    position = Position((tuple(counts[0]), tuple(counts[1])), turn)
    return format_position(position)


def _action(colour: str, value: str, where: str) -> Action:
    side = _COLOURS.index(colour)
    if value in (DOUBLE, TAKE, DROP):
        return Action(side, value)
    found = re.fullmatch(r"([1-6])([1-6])([a-z]*)", value)
    if not found or len(found.group(3)) % 2:
        raise RecordError(f"{where}: cannot read the SGF move {colour}[{_shown(value)}]")
    letters = found.group(3)
    moves = tuple((_point(side, letters[i], where), _point(side, letters[i + 1], where), 0)
                  for i in range(0, len(letters), 2))
    return Action(side, PLAY, (int(found.group(1)), int(found.group(2))), moves)


class _SgfParser:
    """SGF's syntax: ``(`` nodes ``;PROP[value][value]`` and sub-trees ``)``; the main line of each
    top-level tree (the first variation where a tree branches)."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.at = 0

    def trees(self) -> list[list[Node]]:
        found = []
        while self._skip_to("("):
            found.append(self._tree())
        return found

    def _skip_to(self, char: str) -> bool:
        while self.at < len(self.text) and self.text[self.at].isspace():
            self.at += 1
        if self.at < len(self.text) and self.text[self.at] == char:
            return True
        if self.at < len(self.text):
            raise self._fault(f"{self.text[self.at]!r} where {char!r} should be")
        return False

    def _fault(self, what: str) -> RecordError:
        line = self.text.count("\n", 0, self.at) + 1
        return RecordError(f"{self.source}: line {line}: not SGF: {what}")

    def _tree(self) -> list[Node]:
        self.at += 1  # "("
        nodes: list[Node] = []
        branched = False
        while True:
            while self.at < len(self.text) and self.text[self.at].isspace():
                self.at += 1
            if self.at >= len(self.text):
                raise self._fault("the file ends inside a game tree (a ')' is missing)")
            char = self.text[self.at]
            if char == ";" and not branched:
                self.at += 1
                nodes.append(self._node())
            elif char == "(":
                variation = self._tree()
                if not branched:
                    nodes += variation
                branched = True
            elif char == ")":
                self.at += 1
                if not nodes:
                    raise self._fault("an empty game tree '()'")
                return nodes
            else:
                raise self._fault(f"{char!r} where a node ';', a tree '(' or its end ')' should be")

    def _node(self) -> Node:
        node: Node = {}
        while True:
            found = _PROPERTY_NAME.match(self.text, self.at)
            if not found:
                self.at = _SPACE.match(self.text, self.at).end()  # type: ignore[union-attr]
                return node
            name = found.group(1)
            self.at = found.end()
            values = node.setdefault(name, [])
            while value := _VALUE.match(self.text, self.at):
                values.append(_UNESCAPE.sub(r"\1", value.group(1)))
                self.at = value.end()
            if self.text.startswith("[", self.at):
                raise self._fault("the file ends inside a [value] (a ']' is missing)")
            if not values:
                raise self._fault(f"property {name} has no [value]")


_SPACE = re.compile(r"\s*")
_PROPERTY_NAME = re.compile(r"\s*([A-Za-z]+)\s*")
_VALUE = re.compile(r"\[((?:\\.|[^\]\\])*)\]\s*", re.DOTALL)
_UNESCAPE = re.compile(r"\\(.)", re.DOTALL)
