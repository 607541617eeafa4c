"""Writing a game's event log (:mod:`tablier.record.eventlog` says what it holds and reads it).

:class:`EventLogWriter` appends records, one JSON line each, syncing at every throw and every
committed move so that a crash or a pulled plug loses nothing committed and no throw shown; before
appending to a log it cuts a torn last line (:func:`mend_tail`). One process writes a log at a time
(:mod:`tablier.record.writer_lock`: a second writer is refused, naming the first); a log that can
no longer be written (a full disk) raises :class:`LogWriteError` once, and the game stops there,
ready to be resumed. Logs go where they are told, else to :func:`default_log_dir`.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import fields
from pathlib import Path
from typing import Any, TextIO

from tablier.errors import TablierError
from tablier.paths import data_dir

from .eventlog import (
    Advice,
    Claim,
    ClockRecord,
    Commit,
    CubeAction,
    DiceRecord,
    GameStart,
    Header,
    LogFormatError,
    Record,
    ResultRecord,
    Vie,
    parse_line,
)
from .writer_lock import hold


class LogWriteError(TablierError):
    """The log could not be written (the disk is full, the file went away): the game cannot go on
    safely. Everything written before stands; ``path`` is the log, to resume from."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"cannot write the game's log {path} ({reason}): the game stops here, "
                         "nothing committed before is lost")


class EventLogWriter:
    """Appends records to one log file. ``flush_each`` makes every record durable (else only
    throws, commits, results and headers are synced to disk at once, the rest with them).

    Appending to an existing log first mends its end (:func:`mend_tail`); :attr:`mended` says
    what was done, in words ('' when the log ended with a whole line)."""

    #: The records synced at once: nothing committed, and no throw shown, is ever lost.
    DURABLE = (Header, DiceRecord, Commit, ResultRecord, CubeAction, Claim, Advice, Vie, GameStart,
               ClockRecord)

    def __init__(self, path: Path, clock: Any = time.time) -> None:
        self.path = path
        self.clock = clock
        self.failed: LogWriteError | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise LogFormatError(f"{path}: cannot write the log ({error.strerror or error})") from None
        self._lock = hold(path, "the game's log")  # before anything is written: one writer a log
        try:
            self.mended = mend_tail(path) if path.exists() else ""
            # line-buffered: `tablier watch` follows the log as it grows
            self._file: TextIO = open(path, "a", encoding="utf-8", buffering=1)  # noqa: SIM115
        except OSError as error:
            self._lock.release()
            raise LogFormatError(f"{path}: cannot write the log ({error.strerror or error})") from None

    def write(self, record: Record) -> Record:
        """Append ``record`` (stamping its time if it has none); durable records are synced.
        :class:`LogWriteError` when the file cannot take it (then and at every later write)."""
        if self.failed is not None:
            raise self.failed
        if not record.t:
            record = _with_time(record, self.clock())
        try:
            self._file.write(json.dumps(record.to_json(), separators=(",", ":"), sort_keys=False) + "\n")
            if isinstance(record, self.DURABLE):
                self.sync()
        except OSError as error:
            self.failed = LogWriteError(self.path, error.strerror or str(error))
            raise self.failed from None
        return record

    def sync(self) -> None:
        """Flush the file to the operating system and the disk (nothing more once it failed)."""
        if self.failed is None:
            self._file.flush()
            os.fsync(self._file.fileno())

    def close(self) -> None:
        """Sync and close the file, and let another process write it. A log that failed is closed
        without a word more: what could not be written stays out (a torn line is cut on resuming)."""
        if not self._file.closed:
            try:
                self.sync()
                self._file.close()
            except OSError as error:
                if self.failed is None:
                    self.failed = LogWriteError(self.path, error.strerror or str(error))
                    raise self.failed from None
            finally:
                if not self._file.closed:  # the flush failed: let go of the buffer and the file
                    with contextlib.suppress(OSError):
                        self._file.close()
                self._lock.release()

    def __enter__(self) -> EventLogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _with_time(record: Record, t: float) -> Record:
    values = {f.name: getattr(record, f.name) for f in fields(record)}
    values["t"] = t
    return type(record)(**values)


def mend_tail(path: Path) -> str:
    """Make ``path`` end with a whole line before anything is appended to it: a torn last line (the
    one being written when the host died) is cut off, and a whole last record that only lacks its
    newline gets one. Returns what was done, in words ('' when the log already ended well)."""
    with open(path, "r+b") as file:
        data = file.read()
        if not data or data.endswith(b"\n"):
            return ""
        start = data.rfind(b"\n") + 1
        fragment = data[start:]
        try:
            parse_line(fragment)
        except LogFormatError:
            file.truncate(start)
            said = f"a torn last line ({len(fragment)} bytes, never committed) was cut"
        else:
            file.write(b"\n")
            said = "the last record's missing end of line was added"
        file.flush()
        os.fsync(file.fileno())
    return said


def default_log_dir() -> Path:
    """Where logs go unless told: ``$XDG_DATA_HOME/tablier/logs`` (``~/.local/share/...``)."""
    return data_dir() / "logs"


def new_log_path(directory: Path, game: str, when: float | None = None) -> Path:
    """A fresh file in ``directory`` for a game started now, ``2026-11-29T12-30-05-backgammon.jsonl``
    (a counter added if that name is taken), made empty at once: the name is taken as it is chosen,
    so two hosts starting in the same second never share it."""
    stamp = time.strftime("%Y-%m-%dT%H-%M-%S", time.gmtime(time.time() if when is None else when))
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in game)[:40] or "game"
    counter = 1
    while True:
        path = directory / (f"{stamp}-{safe}.jsonl" if counter == 1 else f"{stamp}-{safe}-{counter}.jsonl")
        try:
            directory.mkdir(parents=True, exist_ok=True)
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
        except FileExistsError:
            counter += 1
            continue
        except OSError as error:
            raise LogFormatError(f"{path}: cannot write the log ({error.strerror or error})") from None
        return path
