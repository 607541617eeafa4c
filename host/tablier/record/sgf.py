"""GNU Backgammon's SGF (``GM[6]``): Backgammon records written, and read back for checking.

One game tree per game, as GNU Backgammon writes them: ``MI[length:7][game:0][ws:0][bs:0]``,
``PW``/``PB`` the players, ``RE[W+2]`` the result (``R`` after the points for a resignation), then a
node per action: ``;W[52xuxl]`` (the dice, then two letters per man moved, from and to),
``;B[double]``, ``;W[take]``, ``;W[drop]``. Points are letters in White's frame: ``a`` is White's
1-point, ``x`` his 24-point, ``y`` the bar, ``z`` off. As in GNU Backgammon, White is the first
player of a ``.mat`` file: our side 0; Black is side 1.
"""

from __future__ import annotations

import re

from tablier import __version__

from .game_record import (
    DOUBLE,
    DROP,
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
from .replay import play_of

_COLOURS = ("W", "B")
_BAR, _OFF = "y", "z"


def _letter(side: int, point: int) -> str:
    if point == 25:
        return _BAR
    if point == 0:
        return _OFF
    return chr(ord("a") + (point - 1 if side == 0 else 24 - point))


def _point(side: int, letter: str) -> int:
    if letter == _BAR:
        return 25
    if letter == _OFF:
        return 0
    index = ord(letter) - ord("a")
    if not 0 <= index < 24:
        raise RecordError(f"SGF point {letter!r} is not a-z")
    return index + 1 if side == 0 else 24 - index


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def write_sgf(record: Record) -> str:
    """``record`` (Backgammon) as GNU Backgammon SGF; :class:`RecordError` for other games."""
    if record.game != "backgammon":
        raise RecordError(f"GNU Backgammon SGF holds Backgammon only, not {record.game}")
    return "".join(_tree(record, game) for game in record.games)


def _tree(record: Record, game: GameRecord) -> str:
    info = (f"(;FF[4]GM[6]CA[UTF-8]AP[Tablier:{__version__}]"
            f"MI[length:{record.match_length}][game:{game.number - 1}]"
            f"[ws:{game.score[0]}][bs:{game.score[1]}]"
            f"PW[{_escape(game.players[0])}]PB[{_escape(game.players[1])}]")
    if record.date:
        info += f"DT[{record.date}]"
    if record.tags.get("Crawford", "On").lower() != "off" and record.match_length:
        info += "RU[Crawford]"
    outcome = game.outcome
    if outcome is not None and outcome.winner is not None:
        resigned = any(action.kind == RESIGN for action in game.actions) or outcome.how == "resigned"
        info += f"RE[{_COLOURS[outcome.winner]}+{outcome.points}{'R' if resigned else ''}]"
    nodes = [info]
    for action in game.actions:
        colour = _COLOURS[action.side]
        if action.kind == PLAY:
            moves = "".join(_letter(action.side, move.src) + _letter(action.side, move.dst)
                            for move in play_of(action))
            nodes.append(f";{colour}[{''.join(map(str, action.dice))}{moves}]")
        elif action.kind in (DOUBLE, TAKE, DROP):
            nodes.append(f";{colour}[{action.kind}]")
    return "\n".join(nodes) + ")\n"


_NODE = re.compile(r";\s*([WB])\[([^\]]*)\]")
_PROPERTY = re.compile(r"([A-Z]{1,2})((?:\[(?:\\.|[^\]\\])*\]\s*)+)")


def read_sgf(text: str, source: str = "<sgf>") -> Record:
    """The moves, cube actions, players, scores and results of a GNU Backgammon SGF file (analysis
    and comments are skipped). Plays are taken as written; replay the record to check them."""
    record = Record(game="backgammon", family=TABLES, options=dict(MODERN_OPTIONS), source=source)
    trees = [tree for tree in re.split(r"\)\s*\(", text.strip().strip("()")) if tree.strip()]
    for tree in trees:
        nodes = tree.split(";")[1:]
        if not nodes or "GM[6]" not in nodes[0]:
            raise RecordError(f"{source}: not a GNU Backgammon SGF game (no GM[6])")
        properties = {name: re.findall(r"\[((?:\\.|[^\]\\])*)\]", values) for name, values in
                      _PROPERTY.findall(nodes[0])}
        info = dict(value.split(":", 1) for value in properties.get("MI", []) if ":" in value)
        record.match_length = int(info.get("length", 0) or 0)
        record.date = properties.get("DT", [""])[0]
        game = GameRecord(players=(properties.get("PW", [""])[0], properties.get("PB", [""])[0]),
                          number=int(info.get("game", len(record.games)) or 0) + 1,
                          score=(int(info.get("ws", 0) or 0), int(info.get("bs", 0) or 0)))
        result = re.fullmatch(r"([WB])\+(\d+)(R?)", properties.get("RE", [""])[0])
        if result:
            game.outcome = Outcome(_COLOURS.index(result.group(1)),
                                   "resigned" if result.group(3) else "recorded", int(result.group(2)))
        for node in nodes[1:]:
            found = _NODE.match(";" + node.strip())
            if found:
                game.actions.append(_action(found.group(1), found.group(2), source))
        record.games.append(game)
    return record


def _action(colour: str, value: str, source: str) -> Action:
    side = _COLOURS.index(colour)
    if value in (DOUBLE, TAKE, DROP):
        return Action(side, value)
    found = re.fullmatch(r"([1-6])([1-6])([a-z]*)", value)
    if not found or len(found.group(3)) % 2:
        raise RecordError(f"{source}: cannot read the SGF move {colour}[{value}]")
    letters = found.group(3)
    moves = tuple((_point(side, letters[i]), _point(side, letters[i + 1]), 0)
                  for i in range(0, len(letters), 2))
    return Action(side, PLAY, (int(found.group(1)), int(found.group(2))), moves)
