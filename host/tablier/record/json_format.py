"""Tablier's JSON record format: every game, every detail (``docs/json-format.md``).

:func:`to_json` writes a :class:`~tablier.record.game_record.Record` as a JSON-ready dict and
:func:`from_json` reads one back, checking each field's type with a one-line message naming the
place (``games[0].actions[3].dice``). Legality is :func:`tablier.record.replay.check_record`'s
business. Each play also carries its ``text`` in the game's notation for people; readers ignore it.
An analysed game carries its ``analysis`` (``docs/analysis.md``), read back with the game.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

from tablier.engines.analysis import GameAnalysis
from tablier.shapes import list_of, object_of, text_of, whole_of
from tablier.tables.position import BAR

from .game_record import DRAUGHTS, TABLES, Action, GameRecord, Outcome, Record, RecordError
from .logged_clock import LoggedClock, logged_clock
from .replay import replay_game

T = TypeVar("T")
FORMAT = "tablier-record"
VERSION = 1


def to_json(record: Record) -> dict[str, Any]:
    """``record`` as a dict of JSON values (see ``docs/json-format.md``)."""
    data: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "game": record.game, "family": record.family,
        "options": dict(record.options), "date": record.date, "match_length": record.match_length,
        "tags": dict(record.tags), "source": record.source,
        "games": [_game_json(record, game) for game in record.games],
    }
    if record.log:
        data["log"] = record.log
    clock = logged_clock(record)
    if clock is not None:  # the clock's times (readers ignore them: the log holds them)
        data["clock"] = clock.control.to_json()
        for game in data["games"]:
            _clock_times(game, clock)
    return data


def _clock_times(game: dict[str, Any], clock: LoggedClock) -> None:
    """Each play or move of ``game`` (JSON) with ``clock``: each player's time left after it and the
    time its mover's clock ran on it, in seconds."""
    ply = 0
    for action in game["actions"]:
        if action["kind"] in ("play", "move"):
            ply += 1
            where = (game["number"], ply)
            if where in clock.left:
                action["clock"] = {"left": list(clock.left[where]), "used": clock.used.get(where, 0.0)}


def dumps(record: Record) -> str:
    """``record`` as JSON text (indented, UTF-8 kept readable)."""
    return json.dumps(to_json(record), indent=1, ensure_ascii=False) + "\n"


def _game_json(record: Record, game: GameRecord) -> dict[str, Any]:
    try:
        texts = [step.text for step in replay_game(record, game)]
    except RecordError:
        texts = [""] * len(game.actions)
    actions = []
    for action, text in zip(game.actions, texts, strict=True):
        item: dict[str, Any] = {"side": action.side, "kind": action.kind}
        if action.dice:
            item["dice"] = list(action.dice)
        if action.handed:
            item["handed"] = True
        if action.moves or action.kind in ("play", "move"):
            item["moves"] = [list(move) for move in action.moves]
        if action.value:
            item["value"] = action.value
        if action.note:
            item["note"] = action.note
        if action.kind in ("play", "move") and text:
            item["text"] = text
        actions.append(item)
    outcome = game.outcome
    data: dict[str, Any] = {
        "number": game.number, "players": list(game.players), "score": list(game.score),
        "start": game.start, "tags": dict(game.tags), "actions": actions,
        "outcome": None if outcome is None else
        {"winner": outcome.winner, "how": outcome.how, "points": outcome.points},
    }
    if game.analysis is not None:
        data["analysis"] = game.analysis.as_dict()
    return data


def loads(text: str, source: str = "<json>") -> Record:
    """The record in JSON ``text``; :class:`RecordError` if it is not one."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{source}: not JSON (line {error.lineno}: {error.msg})") from None
    except RecursionError:
        raise RecordError(f"{source}: not a Tablier record (nested too deep to read)") from None
    except ValueError as error:  # a number of thousands of digits
        raise RecordError(f"{source}: not a Tablier record ({error.args[0].split(':')[0]})") from None
    return from_json(data, source)


def from_json(data: Any, source: str = "<json>") -> Record:
    """The record in a parsed JSON value; :class:`RecordError` naming the bad field otherwise."""
    read = _Reader(source)
    top = read.obj(data, "the file")
    if top.get("format") != FORMAT:
        raise RecordError(f"{source}: not a Tablier record (\"format\" is not {FORMAT!r})")
    version = read.number(top.get("version"), "version")
    if version > VERSION:
        raise RecordError(f"{source}: record version {version} is newer than this Tablier reads")
    record = Record(
        game=read.text(top.get("game"), "game"), family=read.text(top.get("family"), "family"),
        options=read.texts(top.get("options", {}), "options"), date=read.text(top.get("date", ""), "date"),
        match_length=read.number(top.get("match_length", 0), "match_length"),
        tags=read.texts(top.get("tags", {}), "tags"), source=read.text(top.get("source", ""), "source"),
        log=read.text(top.get("log", ""), "log"))
    for index, item in enumerate(read.seq(top.get("games"), "games")):
        record.games.append(_read_game(read, item, f"games[{index}]", record.family))
    return record


def _read_game(read: _Reader, data: Any, where: str, family: str) -> GameRecord:
    game_data = read.obj(data, where)
    players = read.items(game_data.get("players"), f"{where}.players", read.text)
    score = read.items(game_data.get("score", [0, 0]), f"{where}.score", read.number)
    if len(players) != 2 or len(score) != 2:
        raise RecordError(f"{read.source}: {where}: players and score name two sides")
    game = GameRecord(players=(players[0], players[1]), score=(score[0], score[1]),
                      start=read.text(game_data.get("start", ""), f"{where}.start"),
                      number=read.number(game_data.get("number", 1), f"{where}.number"),
                      tags=read.texts(game_data.get("tags", {}), f"{where}.tags"))
    for index, item in enumerate(read.seq(game_data.get("actions", []), f"{where}.actions")):
        place = f"{where}.actions[{index}]"
        action = read.obj(item, place)
        dice = tuple(read.items(action.get("dice", []), f"{place}.dice", read.number))
        moves = tuple(tuple(read.items(move, f"{place}.moves", read.number))
                      for move in read.seq(action.get("moves", []), f"{place}.moves"))
        _check_moves(read, moves, family, place)
        side = read.number(action.get("side"), f"{place}.side")
        kind = read.text(action.get("kind"), f"{place}.kind")
        value = read.number(action.get("value", 0), f"{place}.value")
        note = read.text(action.get("note", ""), f"{place}.note")
        handed = read.flag(action.get("handed", False), f"{place}.handed")
        try:
            game.actions.append(Action(side=side, kind=kind, dice=dice, moves=moves, value=value, note=note,
                                       handed=handed))
        except RecordError as error:
            raise RecordError(f"{read.source}: {place}: {error}") from None
    outcome = game_data.get("outcome")
    if outcome is not None:
        result = read.obj(outcome, f"{where}.outcome")
        winner = result.get("winner")
        if winner is not None and winner not in (0, 1):
            raise RecordError(f"{read.source}: {where}.outcome.winner is 0, 1 or null")
        game.outcome = Outcome(winner, read.text(result.get("how", ""), f"{where}.outcome.how"),
                               read.number(result.get("points", 0), f"{where}.outcome.points"))
    if game_data.get("analysis") is not None:
        try:
            game.analysis = GameAnalysis.from_dict(game_data["analysis"])
        except ValueError as error:
            raise RecordError(f"{read.source}: {where}.analysis: {error}") from None
    return game


def _check_moves(read: _Reader, moves: tuple[tuple[int, ...], ...], family: str, place: str) -> None:
    """The shape of a play's moves (their legality is the replay's business)."""
    for index, move in enumerate(moves):
        if family == TABLES and (len(move) != 3 or not all(0 <= point <= BAR for point in move[:2])
                                 or move[2] not in (0, 1)):
            raise RecordError(f"{read.source}: {place}.moves[{index}]: a tables move is [from, to, hit] "
                              f"with points 0 to {BAR} and hit 0 or 1, not {list(move)}")
        if family == DRAUGHTS and (len(move) < 2 or not all(square >= 1 for square in move)):
            raise RecordError(f"{read.source}: {place}.moves[{index}]: a draughts move is a path of "
                              f"two squares or more (from 1), not {list(move)}")


class _Reader:
    """Type checks with messages naming the file and the field."""

    def __init__(self, source: str) -> None:
        self.source = source

    def _fail(self, where: str, wanted: str, value: Any) -> RecordError:
        return RecordError(f"{self.source}: {where} should be {wanted}, not {type(value).__name__}")

    def obj(self, value: Any, where: str) -> dict[str, Any]:
        return object_of(value, lambda wanted: self._fail(where, wanted, value))

    def seq(self, value: Any, where: str) -> list[Any]:
        return list_of(value, lambda wanted: self._fail(where, wanted, value))

    def text(self, value: Any, where: str) -> str:
        return text_of(value, lambda wanted: self._fail(where, wanted, value))

    def number(self, value: Any, where: str) -> int:
        return whole_of(value, lambda wanted: self._fail(where, wanted, value))

    def flag(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self._fail(where, "true or false", value)
        return value

    def items(self, value: Any, where: str, each: Callable[[Any, str], T]) -> list[T]:
        return [each(item, where) for item in self.seq(value, where)]

    def texts(self, value: Any, where: str) -> dict[str, str]:
        items = self.obj(value, where)
        return {self.text(key, where): str(item) for key, item in items.items()}
