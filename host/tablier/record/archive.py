"""The archive of games: every record in one database, an SQLite file or a club's PostgreSQL.

Tables: ``records`` (game, options, date, match length, tags, source, the raw event log, a digest
that keeps the same record from being stored twice), ``games`` (each game's players, set-up, score
before it and result), ``actions`` (every play, move, cube action, claim and vie, with its notation),
``players`` (the names, for searching) and ``analyses`` (each analysed game's judgement, as JSON,
``docs/analysis.md``). What is stored together goes in whole or not at all: one transaction per
:meth:`Archive.add_all`, or per :meth:`Archive.transaction` around many (an import stores each file
so: killed, interrupted or out of disk space, it leaves nothing of that file). One process writes
an archive at a time: the first write takes the archive's lock until it is closed (a lock file
beside an SQLite file, :mod:`tablier.record.writer_lock`; the database's own advisory lock on
PostgreSQL), and a second writer is refused naming the first. Whatever the database or the disk
refuses comes back as one :class:`ArchiveError` saying what is wrong (a full disk, a read-only
folder, a file that is no archive, a server that cannot be reached). The schema and every query of
the archive are in this module, the same for both engines; :mod:`tablier.record.archive_db` holds
what differs between them (``docs/club.md``).
The schema's version is :data:`SCHEMA_VERSION`; an older archive is brought up to date when it is
opened. Default: ``$TABLIER_ARCHIVE`` (a file, or ``postgresql://USER@HOST/DATABASE``), else
``$XDG_DATA_HOME/tablier/archive.sqlite3`` (``~/.local/share/tablier/archive.sqlite3``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

from tablier.engines.analysis import GameAnalysis
from tablier.paths import data_dir

from .archive_db import ID_COLUMN, Database, is_postgres, now_stamp, open_database, shown
from .archive_db import ArchiveError as ArchiveError  # raised by every method: imported from here
from .game_record import Action, GameRecord, Outcome, Record, RecordError
from .replay import Step
from .settling import settle

SCHEMA = """
CREATE TABLE IF NOT EXISTS records (
    id {id},
    game TEXT NOT NULL,
    family TEXT NOT NULL,
    options TEXT NOT NULL,
    date TEXT NOT NULL,
    match_length INTEGER NOT NULL,
    tags TEXT NOT NULL,
    source TEXT NOT NULL,
    log TEXT NOT NULL,
    digest TEXT NOT NULL UNIQUE,
    added TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    record_id INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    black TEXT NOT NULL,
    white TEXT NOT NULL,
    start TEXT NOT NULL,
    score_black INTEGER NOT NULL,
    score_white INTEGER NOT NULL,
    tags TEXT NOT NULL,
    winner INTEGER,
    how TEXT,
    points INTEGER,
    PRIMARY KEY (record_id, number)
);
CREATE TABLE IF NOT EXISTS actions (
    record_id INTEGER NOT NULL,
    game_number INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    side INTEGER NOT NULL,
    kind TEXT NOT NULL,
    dice TEXT NOT NULL,
    moves TEXT NOT NULL,
    value INTEGER NOT NULL,
    note TEXT NOT NULL,
    notation TEXT NOT NULL,
    handed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (record_id, game_number, seq),
    FOREIGN KEY (record_id, game_number) REFERENCES games(record_id, number) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS players (
    record_id INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    PRIMARY KEY (record_id, name)
);
CREATE INDEX IF NOT EXISTS players_by_name ON players(name);
CREATE TABLE IF NOT EXISTS analyses (
    record_id INTEGER NOT NULL,
    game_number INTEGER NOT NULL,
    level INTEGER NOT NULL,
    analysis TEXT NOT NULL,
    analysed TEXT NOT NULL,
    PRIMARY KEY (record_id, game_number),
    FOREIGN KEY (record_id, game_number) REFERENCES games(record_id, number) ON DELETE CASCADE
);
"""

SCHEMA_VERSION = 2
"""The archive's schema version (SQLite's ``user_version``, PostgreSQL's ``tablier_schema`` table):
0 for archives made before analyses were kept (the ``analyses`` table is added when one is opened),
1 with the ``analyses`` table, 2 with the actions' ``handed`` column (numbers handed over in Jacquet
de Versailles, added when an older archive is opened)."""


def default_path() -> Path:
    """The default archive file: ``$TABLIER_ARCHIVE``, else ``$XDG_DATA_HOME/tablier/archive.sqlite3``."""
    named = os.environ.get("TABLIER_ARCHIVE")
    if named:
        return Path(named)
    return data_dir() / "archive.sqlite3"


def default_location() -> str | Path:
    """The default archive: ``$TABLIER_ARCHIVE`` as given (a database's ``postgresql://`` address
    or a file), else :func:`default_path`."""
    named = os.environ.get("TABLIER_ARCHIVE", "")
    return named if _ADDRESS.match(named) else default_path()


_ADDRESS = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://")


def location_problem(where: str | Path) -> str:
    """Why ``where`` cannot be an archive (an address of a kind other than PostgreSQL's, which would
    otherwise be taken as a file's path), or ""; the address itself is not repeated (it may hold a
    password)."""
    found = _ADDRESS.match(where) if isinstance(where, str) else None
    if found is None or is_postgres(where):
        return ""
    return (f"a {found['scheme']}:// address is not an archive Tablier can open: give a file's path "
            "(an SQLite file, made if new) or a PostgreSQL database's postgresql://USER@HOST/DATABASE")


@dataclass(frozen=True)
class Entry:
    """A line of ``archive list``: a record's id and summary."""

    id: int
    game: str
    date: str
    players: str
    games: int
    match_length: int
    score: str
    source: str


@dataclass(frozen=True)
class Filters:
    """Which records to select: by game, by a player's name (any part, any case), by date."""

    game: str = ""
    player: str = ""
    since: str = ""
    until: str = ""


@dataclass(frozen=True)
class StoredResult:
    """One stored game's players and result with its record's game and match length: what the
    rating lists read (:mod:`tablier.tournament.ratings`). ``players`` and ``score`` (before the game)
    are side 0's and side 1's; ``how`` is None for a game without a result."""

    record_id: int
    game: str
    family: str
    match_length: int
    number: int
    players: tuple[str, str]
    score: tuple[int, int]
    winner: int | None
    how: str | None
    points: int | None


class Archive:
    """An open archive (created with its tables if it does not exist): an SQLite file's path, or a
    PostgreSQL database's ``postgresql://`` address."""

    def __init__(self, where: Path | str) -> None:
        problem = location_problem(where)
        if problem:
            raise ArchiveError(f"{shown(where)}: {problem}")
        self.db: Database = open_database(where)
        self.where = shown(where)
        self.path = Path(where) if self.db.engine == "sqlite" else None
        self._depth = 0
        try:
            version = self.db.version()
            if version > SCHEMA_VERSION:
                self.db.close()
                raise ArchiveError(f"{self.where}: archive version {version} was made by a newer Tablier "
                                   f"(this one reads up to version {SCHEMA_VERSION})")
            self.db.script(SCHEMA.format(id=ID_COLUMN[self.db.engine]))
            if version < 2:
                self.db.add_column("actions", "handed", "INTEGER NOT NULL DEFAULT 0")
            if version < SCHEMA_VERSION:
                self.db.set_version(SCHEMA_VERSION)
        except self.db.errors() as error:
            raise ArchiveError(self.db.problem(error)) from None

    def close(self) -> None:
        """Close the archive (and let another process write it)."""
        self.db.close()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- writing ----------------------------------------------------------------------------------

    def hold(self) -> None:
        """Take the archive for writing until it is closed (done by every write):
        :class:`ArchiveError` naming the holder if another process writes it, or naming the
        read-only folder where no lock file can be made."""
        try:
            self.db.hold()
        except self.db.errors() as error:
            raise ArchiveError(self.db.problem(error)) from None

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Everything stored inside is stored together when the block ends, or nothing of it when
        it fails (an error, Ctrl-C, the process killed); nested blocks join the outermost.
        :class:`ArchiveError` when SQLite or the disk refuses."""
        self.hold()
        if self._depth:
            yield
            return
        self._depth = 1
        try:
            with self.db.transaction():
                yield
        except self.db.errors() as error:
            raise ArchiveError(self.db.problem(error)) from None
        finally:
            self._depth = 0

    def add_all(self, records: Iterable[Record]) -> list[tuple[int, bool]]:
        """Store the records in one transaction (or in the :meth:`transaction` around it): each
        one's id and whether it is new (a record already stored keeps its id). Every game is
        replayed and settled first (:func:`~tablier.record.settling.settle`: the actions are stored
        as replayed, with their hits and cube values; a record already settled, as every import
        returns it, is replayed without searching the legal plays again); :class:`RecordError`
        (naming the record's source) stores nothing."""
        checked = [(done.record, done.steps) for done in
                   (settle(record, trusted=record.settled) for record in records)]
        results = []
        with self.transaction():
            for record, steps in checked:
                results.append(self._insert(record, steps))
        return results

    def add(self, record: Record) -> int:
        """Store one record (see :meth:`add_all`); its id."""
        return self.add_all([record])[0][0]

    def _insert(self, record: Record, steps: list[list[Step]]) -> tuple[int, bool]:
        digest = _digest(record)
        found = self.db.execute("SELECT id FROM records WHERE digest = ?", (digest,)).fetchone()
        if found:
            return int(found[0]), False
        record_id = int(self.db.execute(
            "INSERT INTO records (game, family, options, date, match_length, tags, source, log, digest,"
            " added) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (record.game, record.family, json.dumps(record.options), record.date, record.match_length,
             json.dumps(record.tags, ensure_ascii=False), record.source, record.log, digest,
             now_stamp())).fetchone()[0])
        for game, game_steps in zip(record.games, steps, strict=True):
            outcome = game.outcome
            self.db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record_id, game.number, game.players[0], game.players[1], game.start, game.score[0],
                 game.score[1], json.dumps(game.tags, ensure_ascii=False),
                 outcome.winner if outcome else None, outcome.how if outcome else None,
                 outcome.points if outcome else None))
            for seq, (action, step) in enumerate(zip(game.actions, game_steps, strict=True), start=1):
                self.db.execute(
                    "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (record_id, game.number, seq, action.side, action.kind,
                     " ".join(map(str, action.dice)), json.dumps([list(move) for move in action.moves]),
                     action.value, action.note, step.text, int(action.handed)))
            if game.analysis is not None:
                self._put_analysis(record_id, game.number, game.analysis)
        for name in record.players:
            self.db.execute("INSERT INTO players VALUES (?, ?) ON CONFLICT DO NOTHING", (record_id, name))
        return record_id, True

    def store_analyses(self, analyses: Iterable[tuple[int, int, GameAnalysis]]) -> None:
        """Keep each ``(record id, game number, analysis)`` as the judgement of that game (replacing
        an earlier one), all in one transaction; ``KeyError`` (and nothing stored) if the archive
        has no such game."""
        with self.transaction():
            for record_id, game_number, analysis in analyses:
                found = self.db.execute("SELECT 1 FROM games WHERE record_id = ? AND number = ?",
                                        (record_id, game_number)).fetchone()
                if found is None:
                    raise KeyError(f"no game {game_number} of record {record_id} in {self.where}")
                self._put_analysis(record_id, game_number, analysis)

    def _put_analysis(self, record_id: int, game_number: int, analysis: GameAnalysis) -> None:
        self.db.execute("INSERT INTO analyses VALUES (?, ?, ?, ?, ?) ON CONFLICT (record_id, game_number)"
                        " DO UPDATE SET level = excluded.level, analysis = excluded.analysis,"
                        " analysed = excluded.analysed",
                        (record_id, game_number, analysis.level,
                         json.dumps(analysis.as_dict(), ensure_ascii=False), now_stamp()))

    def delete(self, record_id: int) -> bool:
        """Remove a record and everything of it; whether it was there."""
        with self.transaction():
            self.db.execute("DELETE FROM analyses WHERE record_id = ?", (record_id,))
            self.db.execute("DELETE FROM actions WHERE record_id = ?", (record_id,))
            self.db.execute("DELETE FROM games WHERE record_id = ?", (record_id,))
            self.db.execute("DELETE FROM players WHERE record_id = ?", (record_id,))
            cursor = self.db.execute("DELETE FROM records WHERE id = ?", (record_id,))
        return cursor.rowcount > 0

    # --- reading ----------------------------------------------------------------------------------

    def ids(self, filters: Filters | None = None) -> list[int]:
        """The ids of the records that pass ``filters``, oldest first."""
        filters = filters or Filters()
        clauses: list[str] = []
        values: list[str] = []
        if filters.game:
            clauses.append("game = ?")
            values.append(filters.game)
        if filters.player:
            clauses.append("id IN (SELECT record_id FROM players WHERE lower(name) LIKE ?)")
            values.append(f"%{filters.player.lower()}%")
        if filters.since:
            clauses.append("date >= ?")
            values.append(filters.since)
        if filters.until:
            clauses.append("date <> '' AND date <= ?")
            values.append(filters.until)
        where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
        return [row[0] for row in self.db.execute(f"SELECT id FROM records{where} ORDER BY id", values)]

    def entries(self, filters: Filters | None = None) -> Iterator[Entry]:
        """A summary of each selected record."""
        for record_id in self.ids(filters):
            record = self.get(record_id)
            yield Entry(record_id, record.game, record.date, " - ".join(record.players), len(record.games),
                        record.match_length, _summary(record), record.source)

    def get(self, record_id: int) -> Record:
        """The record stored as ``record_id``; ``KeyError`` if there is none."""
        row = self.db.execute("SELECT game, family, options, date, match_length, tags, source, log"
                              " FROM records WHERE id = ?", (record_id,)).fetchone()
        if row is None:
            raise KeyError(f"no record {record_id} in {self.where}")
        record = Record(game=row[0], family=row[1], options=json.loads(row[2]), date=row[3],
                        match_length=row[4], tags=json.loads(row[5]), source=row[6], log=row[7])
        games = self.db.execute("SELECT number, black, white, start, score_black, score_white, tags, winner,"
                                " how, points FROM games WHERE record_id = ? ORDER BY number", (record_id,))
        for number, black, white, start, score0, score1, tags, winner, how, points in games.fetchall():
            game = GameRecord(players=(black, white), start=start, score=(score0, score1),
                              number=number, tags=json.loads(tags),
                              outcome=None if how is None else Outcome(winner, how, points),
                              analysis=self._analysis(record_id, number))
            actions = self.db.execute(
                "SELECT side, kind, dice, moves, value, note, handed FROM actions"
                " WHERE record_id = ? AND game_number = ? ORDER BY seq", (record_id, number))
            for side, kind, dice, moves, value, note, handed in actions.fetchall():
                game.actions.append(Action(side, kind, tuple(int(die) for die in dice.split()),
                                           tuple(tuple(move) for move in json.loads(moves)), value, note,
                                           bool(handed)))
            record.games.append(game)
        return record

    def results(self) -> list[StoredResult]:
        """Every stored game's players and result, record by record in the order they were stored
        (their ids) and game by game: what the rating lists are computed from, the same on either
        engine."""
        rows = self.db.execute(
            "SELECT records.id, records.game, records.family, records.match_length, games.number,"
            " games.black, games.white, games.score_black, games.score_white, games.winner, games.how,"
            " games.points FROM records JOIN games ON games.record_id = records.id"
            " ORDER BY records.id, games.number").fetchall()
        return [StoredResult(int(row[0]), row[1], row[2], int(row[3]), int(row[4]), (row[5], row[6]),
                             (int(row[7]), int(row[8])), row[9], row[10], row[11]) for row in rows]

    def _analysis(self, record_id: int, game_number: int) -> GameAnalysis | None:
        row = self.db.execute("SELECT analysis FROM analyses WHERE record_id = ? AND game_number = ?",
                              (record_id, game_number)).fetchone()
        if row is None:
            return None
        try:
            return GameAnalysis.from_dict(json.loads(row[0]))
        except ValueError as error:
            raise RecordError(f"{self.where}: the analysis of record {record_id}, game {game_number}, "
                              f"cannot be read ({error})") from None


def _summary(record: Record) -> str:
    """The final score of a match, else the result of a single game (``black``, ``white``, ``draw``)."""
    if record.match_length or len(record.games) > 1:
        score = record.final_score()
        return f"{score[0]}-{score[1]}" if score else ""
    outcome = record.games[0].outcome if record.games else None
    if outcome is None:
        return ""
    return "draw" if outcome.winner is None else ("black", "white")[outcome.winner]


def _digest(record: Record) -> str:
    """What identifies a record's content (its source file's name aside)."""
    data = asdict(record)
    data.pop("source", None)
    data.pop("settled", None)
    for game in data["games"]:
        game.pop("analysis", None)  # a judgement of the game, not its content
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()
