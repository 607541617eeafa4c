"""The raw event log of a game played on the board: append-only JSON lines, one record a line.

Everything the board said (switch events with their sequence numbers and firmware times, snapshots,
the link's state) and everything the host decided (dice, committed moves, cube actions, claims,
vies, the result, messages) is written in the order it happened, by
:class:`~tablier.record.log_writer.EventLogWriter`. This module holds the record kinds and the
reader: it tolerates a torn last line (the one being written when the host died) and rejects
anything else that is malformed (bad JSON, a missing field, a field of the wrong type or out of
range) with the file's line number. ``docs/log-format.md`` describes the format; it only grows (new
record kinds and new optional fields), so every log ever written stays readable.
"""

from __future__ import annotations

import json
import types
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import MISSING, asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, ClassVar, Union, get_args, get_origin, get_type_hints

from tablier.errors import TablierError
from tablier.shapes import is_number, is_whole

#: The format number in every header; bumped only if a change could not be additive.
FORMAT = 1


class LogFormatError(TablierError):
    """A log file is not a Tablier event log, or a line in it is malformed; the message says where."""


@dataclass(frozen=True)
class Record:
    """Base class of every record: ``t`` is the host's wall-clock time (Unix seconds)."""

    kind: ClassVar[str] = ""
    t: float = field(default=0.0, kw_only=True)

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON object, its kind under ``"type"``."""
        data = asdict(self)
        return {"type": self.kind, **data}

    def problem(self) -> str:
        """What makes this record impossible, in words ('' when nothing does)."""
        return ""


def _side(player: object, sides: tuple[object, ...] = (0, 1), name: str = "player") -> str:
    shown = ", ".join("null" if side is None else str(side) for side in sides)
    return "" if player in sides else f"{name} {player} is not one of {shown}"


def _pair(name: str, values: Sequence[object]) -> str:
    return "" if len(values) == 2 else f"{name} must hold two values, not {len(values)}"


def _throw(dice: Sequence[int], allow_none: bool = False) -> str:
    if not dice and allow_none:
        return ""
    if not 1 <= len(dice) <= 4 or any(not 1 <= die <= 6 for die in dice):
        return f"dice {list(dice)} are not a throw (one to four dice, 1 to 6)"
    return ""


def _first(*problems: str) -> str:
    return next((problem for problem in problems if problem), "")


@dataclass(frozen=True)
class Header(Record):
    """The first record: what is played, by whom, on which board, with which seed."""

    kind: ClassVar[str] = "header"
    game: str
    family: str
    options: Mapping[str, str] = field(default_factory=dict)
    players: Sequence[str] = ("", "")
    layout_hash: str = ""
    firmware_version: str = ""
    seed: int | None = None
    match_length: int = 0
    format: int = FORMAT
    host_version: str = ""
    started: str = ""
    port: str = ""
    position: str = ""
    games: int = 1
    teaching: bool = True
    touch_down: bool = False
    timing: bool = False  # written by older hosts for the Checker Laws' timing: now clock "checker-laws"
    remote: Mapping[str, str] = field(default_factory=dict)  # board to board: broker, club, game, seat
    clock: str = ""  # the match clock: usbgf, uk, checker-laws ("" none)
    overtime: int = 0  # the USBGF's Overtime option, in minutes

    def problem(self) -> str:
        return _first(_pair("players", self.players),
                      "" if self.format >= 1 else f"format {self.format} is not a log format",
                      "" if self.games >= 1 else f"games {self.games} must be 1 or more",
                      "" if self.match_length >= 0 else "the match length cannot be negative")


@dataclass(frozen=True)
class GameStart(Record):
    """A game of the match begins: its number (1, 2, ...) and each side's player and colour."""

    kind: ClassVar[str] = "game_start"
    number: int
    sides: Sequence[str] = ("", "")
    position: str = ""
    score: Sequence[int] = (0, 0)
    orientation: str = ""
    crawford: bool = False

    def problem(self) -> str:
        return _first("" if self.number >= 1 else f"game number {self.number} must be 1 or more",
                      _pair("sides", self.sides), _pair("score", self.score))


@dataclass(frozen=True)
class SwitchEvent(Record):
    """A switch changed: ``seq`` is the board's event number (None when a snapshot revealed it)."""

    kind: ClassVar[str] = "switch"
    switch: int
    closed: bool
    seq: int | None = None
    time_ms: int = 0
    place: str = ""

    def problem(self) -> str:
        return "" if self.switch >= 0 else f"switch {self.switch} is not a switch number"


@dataclass(frozen=True)
class SnapshotRecord(Record):
    """Every closed switch, as the host knew them after a (re)connection or a resync."""

    kind: ClassVar[str] = "snapshot"
    closed: Sequence[int] = ()
    reason: str = ""


@dataclass(frozen=True)
class LinkState(Record):
    """The link changed state: ``connected``, ``disconnected``, ``reconnected``, ``closed``."""

    kind: ClassVar[str] = "link"
    state: str
    detail: str = ""


@dataclass(frozen=True)
class DiceRecord(Record):
    """A throw: ``purpose`` ``opening`` or ``turn``; ``source`` ``electronic`` or ``physical``."""

    kind: ClassVar[str] = "dice"
    player: int
    dice: Sequence[int]
    purpose: str = "turn"
    source: str = "electronic"

    def problem(self) -> str:
        return _first(_side(self.player), _throw(self.dice))


@dataclass(frozen=True)
class Commit(Record):
    """A committed move: ``ply`` counts from 1 within the game; ``position`` is the position after it
    in the game's own text format (tables position text, draughts FEN); ``mark``: the teacher's
    grade of it, ``?!``, ``?`` or ``??`` (empty for a good one or when not graded; not written then)."""

    kind: ClassVar[str] = "commit"
    ply: int
    player: int
    notation: str
    position: str
    dice: Sequence[int] = ()
    game_number: int = 1
    mark: str = ""

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if not self.mark:
            del data["mark"]
        return data

    def problem(self) -> str:
        return _first("" if self.ply >= 1 else f"ply {self.ply} must be 1 or more", _side(self.player),
                      _throw(self.dice, allow_none=True),
                      "" if self.game_number >= 1 else f"game number {self.game_number} must be 1 or more",
                      "" if self.mark in COMMIT_MARKS else f"mark {self.mark!r} is not ?!, ? or ??")


COMMIT_MARKS = ("", "?!", "?", "??")
"""The marks a commit may carry (GNU Backgammon's, :data:`tablier.engines.quality.MARKS`)."""


@dataclass(frozen=True)
class CubeAction(Record):
    """``action`` ``double``, ``take`` or ``drop``; ``value`` the cube's value after it."""

    kind: ClassVar[str] = "cube"
    player: int
    action: str
    value: int

    def problem(self) -> str:
        return _side(self.player)


@dataclass(frozen=True)
class Claim(Record):
    """A claim at the table: Ticktack's wins and "Why not?", a huff, a forty-move notice, a resign."""

    kind: ClassVar[str] = "claim"
    player: int
    claim: str
    detail: str = ""
    accepted: bool = True

    def problem(self) -> str:
        return _side(self.player)


@dataclass(frozen=True)
class Advice(Record):
    """The teacher held a turn back (teaching mode): ``played`` was clearly worse than ``better``
    (by ``loss`` in the engine's unit); the player then changed his men or pressed again to keep it.
    A replay follows the advice logged instead of judging again, so it holds the same turns."""

    kind: ClassVar[str] = "advice"
    player: int
    played: str
    better: str
    loss: float = 0.0
    game_number: int = 1
    ply: int = 1

    def problem(self) -> str:
        return _side(self.player)


@dataclass(frozen=True)
class Vie(Record):
    """Ticktack's vie: ``action`` ``vie``, ``see`` or ``fold``; ``stake`` after it."""

    kind: ClassVar[str] = "vie"
    player: int
    action: str
    stake: int

    def problem(self) -> str:
        return _side(self.player)


@dataclass(frozen=True)
class ResultRecord(Record):
    """A game ended: the winner (None for a draw), how, its points and the score after it."""

    kind: ClassVar[str] = "result"
    winner: int | None
    how: str
    points: int = 0
    score: Sequence[int] = (0, 0)
    game_number: int = 1
    match_over: bool = False

    def problem(self) -> str:
        return _first(_side(self.winner, (None, 0, 1), "winner"), _pair("score", self.score),
                      "" if self.game_number >= 1 else f"game number {self.game_number} must be 1 or more")


@dataclass(frozen=True)
class Message(Record):
    """Something told to the players (``level`` ``info``, ``teach``, ``warning``, ``error``)."""

    kind: ClassVar[str] = "message"
    text: str
    level: str = "info"


@dataclass(frozen=True)
class Command(Record):
    """A word typed at the terminal (``double``, ``claim Hit``, ``why-not``, ``done``, ...) by a
    player (1 or 2; 0: not said), kept so that a rebuild can replay it at the same point."""

    kind: ClassVar[str] = "command"
    player: int
    word: str
    argument: str = ""

    def problem(self) -> str:
        return _side(self.player, (0, 1, 2))


@dataclass(frozen=True)
class RemoteRecord(Record):
    """Board-to-board play (``docs/remote-play.md``): a message ``sent`` to or ``received`` from the
    other board's host, as signed; the proof of a fair ``throw`` (the same in both logs); this host's
    dice ``secret``."""

    kind: ClassVar[str] = "remote"
    event: str
    data: Mapping[str, Any] = field(default_factory=dict)


CLOCK_EVENTS = ("set", "start", "stop", "pause", "resume", "short", "time-called", "overtime", "expired")


@dataclass(frozen=True)
class ClockRecord(Record):
    """The match clock (``docs/club-evening.md``): ``event`` one of :data:`CLOCK_EVENTS` for side
    ``player`` (null when it concerns both); ``left`` each side's time left after it, in seconds;
    ``state`` the clock after it as plain data (``tablier.tournament.clock.ClockState.to_json``,
    paused at the record's moment), from which a resumed host goes on."""

    kind: ClassVar[str] = "clock"
    event: str
    player: int | None = None
    left: Sequence[float] = (0.0, 0.0)
    state: Mapping[str, Any] = field(default_factory=dict)

    def problem(self) -> str:
        return _first("" if self.event in CLOCK_EVENTS else f"clock event {self.event!r} is not one of "
                                                             f"{', '.join(CLOCK_EVENTS)}",
                      _side(self.player, (None, 0, 1)), _pair("left", self.left),
                      "" if all(value >= 0 for value in self.left) else "a time left cannot be negative")


@dataclass(frozen=True)
class Unknown(Record):
    """A record of a kind this version does not know (written by a newer one); kept as read."""

    kind: ClassVar[str] = "unknown"
    type: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}


RECORD_TYPES: dict[str, type[Record]] = {cls.kind: cls for cls in (
    Header, GameStart, SwitchEvent, SnapshotRecord, LinkState, DiceRecord, Commit, CubeAction, Claim,
    Advice, Vie, ResultRecord, Message, Command, RemoteRecord, ClockRecord)}


def _field_types(cls: type[Record]) -> dict[str, Any]:
    """Each field's type (the ``kind`` class variable left out)."""
    names = {f.name for f in fields(cls)}
    return {name: hint for name, hint in get_type_hints(cls).items() if name in names}


#: Each kind's fields and their types, which every line read must match.
FIELD_TYPES = {kind: _field_types(cls) for kind, cls in RECORD_TYPES.items()}


def decode(data: Mapping[str, Any]) -> Record:
    """The typed record of one parsed line; unknown fields are ignored, unknown kinds kept as
    :class:`Unknown`. Raises ``LogFormatError`` when a required field is missing, a field has the
    wrong type or a value is impossible (a side 3, a die 7)."""
    kind = data.get("type")
    if not isinstance(kind, str):
        raise LogFormatError("a record without a \"type\"")
    t = data.get("t", 0.0)
    if not _fits(t, float):
        raise LogFormatError(f"a {kind!r} record's time {t!r} is not a number of seconds")
    cls = RECORD_TYPES.get(kind)
    if cls is None:
        rest = {k: v for k, v in data.items() if k != "type"}
        return Unknown(type=kind, data=rest, t=float(t))
    hints = FIELD_TYPES[kind]
    for name, value in data.items():
        if name in hints and not _fits(value, hints[name]):
            raise LogFormatError(f"a {kind!r} record's {name!r} is {json.dumps(value)[:40]}, "
                                 f"not {_describe(hints[name])}")
    missing = [f.name for f in fields(cls) if f.name not in data and f.default is MISSING
               and f.default_factory is MISSING]
    if missing:
        raise LogFormatError(f"a {kind!r} record is incomplete (no {', '.join(map(repr, missing))})")
    record = cls(**{k: v for k, v in data.items() if k in hints})
    problem = record.problem()
    if problem:
        raise LogFormatError(f"a {kind!r} record is impossible: {problem}")
    return record


def _fits(value: object, hint: Any) -> bool:
    """Whether a JSON value is of the field type ``hint`` (JSON arrays for sequences, objects for
    mappings, finite numbers, no ``true`` for a number)."""
    origin = get_origin(hint)
    if hint is Any:
        return True
    if origin in (Union, types.UnionType):
        return any(_fits(value, option) for option in get_args(hint))
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return is_whole(value)
    if hint is float:
        return is_number(value)
    if hint is str:
        return isinstance(value, str)
    if origin is Sequence:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    if origin is Mapping:
        key, item = get_args(hint)
        return isinstance(value, dict) and all(_fits(k, key) and _fits(v, item) for k, v in value.items())
    return False


def _describe(hint: Any) -> str:
    """A field type in words: ``a whole number``, ``a list of whole numbers``."""
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        return " or ".join(_describe(option) for option in get_args(hint))
    if origin is Sequence:
        return f"a list of {_PLURALS.get(get_args(hint)[0], 'values')}"
    if origin is Mapping:
        return "an object"
    return _NAMES.get(hint, "a value")


_NAMES = {int: "a whole number", float: "a number", str: "a text", bool: "true or false", type(None): "null"}
_PLURALS = {int: "whole numbers", str: "texts"}


@dataclass
class EventLog:
    """A log read back: its records in order (``lines``: each one's line number in the file), and
    whether its last line was torn by a crash."""

    path: Path
    records: list[Record]
    torn_tail: bool = False
    lines: list[int] = field(default_factory=list)

    @property
    def header(self) -> Header:
        """The first record."""
        first = self.records[0]
        assert isinstance(first, Header)
        return first

    def of(self, cls: type[Record]) -> list[Any]:
        """The records of one kind, in order."""
        return [r for r in self.records if isinstance(r, cls)]

    def where(self, index: int) -> str:
        """``PATH:LINE`` of record ``index``."""
        return f"{self.path}:{self.lines[index]}" if 0 <= index < len(self.lines) else str(self.path)

    def __iter__(self) -> Iterator[Record]:
        return iter(self.records)


def read_log(path: Path) -> EventLog:
    """Read a log file. A torn last line (no newline, not a whole record) is dropped and flagged;
    any other bad line raises :class:`LogFormatError` naming the file and line."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise LogFormatError(f"{path}: cannot read the log ({error.strerror or error})") from None
    lines = data.split(b"\n")
    torn = False
    records: list[Record] = []
    numbers: list[int] = []
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        last = number == len(lines)  # the file did not end with a newline: the line being written
        try:
            record = parse_line(raw)
        except LogFormatError as error:
            if last and records:
                torn = True
                break
            if not records:
                raise LogFormatError(f"{path}: not a Tablier event log (line {number}: {error})") from None
            raise LogFormatError(f"{path}:{number}: {error}") from None
        if not records and not isinstance(record, Header):
            raise LogFormatError(f"{path}: not a Tablier event log (the first record is not a header)")
        if records and isinstance(record, Header):
            raise LogFormatError(f"{path}:{number}: a second header")
        records.append(record)
        numbers.append(number)
    if not records:
        raise LogFormatError(f"{path}: not a Tablier event log (it is empty)")
    header = records[0]
    assert isinstance(header, Header)
    if header.format > FORMAT:
        raise LogFormatError(f"{path}: log format {header.format} is newer than this "
                             f"version reads ({FORMAT}); update Tablier")
    return EventLog(path, records, torn, numbers)


class LogTail:
    """Follows a log as it is written: each :meth:`new` gives the records appended since the one
    before (only whole lines: the line being written waits for its end), never reading again what
    it read (a club's feed publishes a game's records this way, ``docs/club.md``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0
        self.count = 0  # the records read so far

    def new(self) -> list[Record]:
        """The records written since the last call; :class:`LogFormatError` for a malformed line."""
        try:
            if self.path.stat().st_size <= self.offset:
                return []
            with open(self.path, "rb") as file:
                file.seek(self.offset)
                data = file.read()
        except OSError as error:
            raise LogFormatError(f"{self.path}: cannot read the log ({error.strerror or error})") from None
        end = data.rfind(b"\n") + 1
        records = []
        for raw in data[:end].split(b"\n"):
            if raw.strip():
                try:
                    records.append(parse_line(raw))
                except LogFormatError as error:
                    number = self.count + len(records) + 1
                    raise LogFormatError(f"{self.path}: record {number}: {error}") from None
        self.offset += end
        self.count += len(records)
        return records


def parse_line(raw: bytes) -> Record:
    """The record of one line; :class:`LogFormatError` saying what is wrong with it."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LogFormatError("not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise LogFormatError(error.msg) from None
    except RecursionError:
        raise LogFormatError("JSON nested too deep") from None
    if not isinstance(data, dict):
        raise LogFormatError("a line that is not a JSON object")
    return decode(data)
