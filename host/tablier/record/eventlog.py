"""The raw event log of a game played on the board: append-only JSON lines, one record a line.

Everything the board said (switch events with their sequence numbers and firmware times, snapshots,
the link's state) and everything the host decided (dice, committed moves, cube actions, claims,
vies, the result, messages) is written in the order it happened. The writer flushes and syncs the
file at every committed move, so a crash or a pulled plug loses nothing committed; the reader
tolerates a torn last line (the one being written when the host died) and rejects anything else
that is malformed with the file's line number. ``docs/log-format.md`` describes the format; it only
grows (new record kinds and new optional fields), so every log ever written stays readable.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, ClassVar, TextIO

from tablier.errors import TablierError
from tablier.paths import data_dir

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
    timing: bool = False


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


@dataclass(frozen=True)
class SwitchEvent(Record):
    """A switch changed: ``seq`` is the board's event number (None when a snapshot revealed it)."""

    kind: ClassVar[str] = "switch"
    switch: int
    closed: bool
    seq: int | None = None
    time_ms: int = 0
    place: str = ""


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


@dataclass(frozen=True)
class Commit(Record):
    """A committed move: ``ply`` counts from 1 within the game; ``position`` is the position after it
    in the game's own text format (tables position text, draughts FEN)."""

    kind: ClassVar[str] = "commit"
    ply: int
    player: int
    notation: str
    position: str
    dice: Sequence[int] = ()
    game_number: int = 1


@dataclass(frozen=True)
class CubeAction(Record):
    """``action`` ``double``, ``take`` or ``drop``; ``value`` the cube's value after it."""

    kind: ClassVar[str] = "cube"
    player: int
    action: str
    value: int


@dataclass(frozen=True)
class Claim(Record):
    """A claim at the table: Ticktack's wins and "Why not?", a huff, a forty-move notice, a resign."""

    kind: ClassVar[str] = "claim"
    player: int
    claim: str
    detail: str = ""
    accepted: bool = True


@dataclass(frozen=True)
class Vie(Record):
    """Ticktack's vie: ``action`` ``vie``, ``see`` or ``fold``; ``stake`` after it."""

    kind: ClassVar[str] = "vie"
    player: int
    action: str
    stake: int


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
    Vie, ResultRecord, Message, Command)}


def decode(data: Mapping[str, Any]) -> Record:
    """The typed record of one parsed line; unknown fields are ignored, unknown kinds kept as
    :class:`Unknown`. Raises ``LogFormatError`` when a required field is missing."""
    kind = data.get("type")
    if not isinstance(kind, str):
        raise LogFormatError("a record without a \"type\"")
    cls = RECORD_TYPES.get(kind)
    if cls is None:
        rest = {k: v for k, v in data.items() if k != "type"}
        return Unknown(type=kind, data=rest, t=float(data.get("t", 0.0)))
    known = {f.name for f in fields(cls)}
    try:
        return cls(**{k: v for k, v in data.items() if k in known})
    except TypeError as error:
        raise LogFormatError(f"a {kind!r} record is incomplete ({error})") from None


class EventLogWriter:
    """Appends records to one log file. ``flush_each`` makes every record durable (else only
    commits, results and headers are synced to disk at once, the rest when they are)."""

    def __init__(self, path: Path, clock: Any = time.time) -> None:
        self.path = path
        self.clock = clock
        path.parent.mkdir(parents=True, exist_ok=True)
        self._file: TextIO = open(path, "a", encoding="utf-8", buffering=1)  # noqa: SIM115 - line-buffered: `tablier watch` follows it

    def write(self, record: Record) -> Record:
        """Append ``record`` (stamping its time if it has none); durable records are synced."""
        if not record.t:
            record = _with_time(record, self.clock())
        self._file.write(json.dumps(record.to_json(), separators=(",", ":"), sort_keys=False) + "\n")
        if isinstance(record, Header | Commit | ResultRecord | CubeAction | Claim | Vie | GameStart):
            self.sync()
        return record

    def sync(self) -> None:
        """Flush the file to the operating system and the disk."""
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        """Sync and close the file."""
        if not self._file.closed:
            self.sync()
            self._file.close()

    def __enter__(self) -> EventLogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _with_time(record: Record, t: float) -> Record:
    values = {f.name: getattr(record, f.name) for f in fields(record)}
    values["t"] = t
    return type(record)(**values)


@dataclass
class EventLog:
    """A log read back: its records in order, and whether its last line was torn by a crash."""

    path: Path
    records: list[Record]
    torn_tail: bool = False

    @property
    def header(self) -> Header:
        """The first record."""
        first = self.records[0]
        assert isinstance(first, Header)
        return first

    def of(self, cls: type[Record]) -> list[Any]:
        """The records of one kind, in order."""
        return [r for r in self.records if isinstance(r, cls)]

    def __iter__(self) -> Iterator[Record]:
        return iter(self.records)


def read_log(path: Path) -> EventLog:
    """Read a log file. A torn last line (no newline, not JSON) is dropped and flagged; any other bad
    line raises :class:`LogFormatError` naming the file and line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise LogFormatError(f"{path}: cannot read the log ({error.strerror})") from None
    except UnicodeDecodeError:
        raise LogFormatError(f"{path}: not a Tablier event log (not UTF-8 text)") from None
    lines = text.split("\n")
    torn = False
    records: list[Record] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        last = number == len(lines)  # the text did not end with a newline: the line being written
        try:
            data = json.loads(line)
            if not isinstance(data, dict):
                raise LogFormatError("a line that is not a JSON object")
            record = decode(data)
        except (json.JSONDecodeError, LogFormatError) as error:
            reason = error.msg if isinstance(error, json.JSONDecodeError) else str(error)
            if not records:
                raise LogFormatError(f"{path}: not a Tablier event log (line {number}: {reason})") from None
            if last:
                torn = True
                break
            raise LogFormatError(f"{path}:{number}: {reason}") from None
        records.append(record)
    header = records[0] if records else None
    if not isinstance(header, Header):
        raise LogFormatError(f"{path}: not a Tablier event log (the first record is not a header)")
    if header.format > FORMAT:
        raise LogFormatError(f"{path}: log format {header.format} is newer than this "
                             f"version reads ({FORMAT}); update Tablier")
    return EventLog(path, records, torn)


def default_log_dir() -> Path:
    """Where logs go unless told: ``$XDG_DATA_HOME/tablier/logs`` (``~/.local/share/...``)."""
    return data_dir() / "logs"


def new_log_path(directory: Path, game: str, when: float | None = None) -> Path:
    """A fresh file name in ``directory`` for a game started now: ``2026-11-29T12-30-05-backgammon.jsonl``
    (a counter is added if that name is taken)."""
    stamp = time.strftime("%Y-%m-%dT%H-%M-%S", time.gmtime(time.time() if when is None else when))
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in game)[:40] or "game"
    path = directory / f"{stamp}-{safe}.jsonl"
    counter = 2
    while path.exists():
        path = directory / f"{stamp}-{safe}-{counter}.jsonl"
        counter += 1
    return path
