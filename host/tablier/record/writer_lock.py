"""One writer at a time for a game's log or the archive: an operating-system lock held while writing.

A second ``tablier play --resume LOG`` on a log a first one is still writing would add its own
records to it (its ``quit``, its throws) and leave a log no replay can follow; two imports into
one archive at once would race for the same records. So whoever writes such a file first holds a
lock on a small file beside it (``NAME.lock``, :func:`hold`) and a second writer is refused at once
with one line naming the holder: its process id, what it runs (``tablier play``: never its options or
arguments, which may hold an address or a code) and since when it holds the file
(:class:`InUseError`); it writes nothing. The lock file is its owner's only (mode 0600).

The lock is ``flock`` on the lock file, which the operating system releases when the holder's
process ends, however it ends: a host killed with ``kill -9`` leaves no stale lock (the lock file
may stay behind, holding the dead holder's description; it no longer locks anything and the next
writer takes it over). A holder that ends normally removes the lock file. Within one process the
same file may be held several times (a resumed game's log is held while it is read, then by its
writer): each :func:`hold` is matched by a :meth:`WriterLock.release`.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tablier.errors import TablierError

#: The locks this process holds, by the resolved path of the file they guard.
_HELD: dict[Path, WriterLock] = {}
#: A sub-command's word (``play``, ``serve``, ``backgammon``), as a holder is named.
_WORD = re.compile(r"[a-z][a-z0-9-]{0,30}")


@dataclass(frozen=True)
class Holder:
    """Who holds a file: process id, the command it runs, since when (Unix time)."""

    pid: int
    command: str
    since: float

    def __str__(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.since))
        return f"process {self.pid}, `{self.command}`, since {when}"


class InUseError(TablierError):
    """Another process holds the file: the message names it, and nothing was written."""

    def __init__(self, path: Path | str, what: str, holder: Holder | None) -> None:
        self.path = path
        self.holder = holder
        who = str(holder) if holder is not None else "a process that has not said who it is yet"
        super().__init__(f"{path}: {what} is held by another Tablier ({who}); nothing was written "
                         "(let that one finish, or stop it, then try again)")


class LockUnavailableError(TablierError):
    """The lock file cannot be made (a read-only folder, a missing one): nothing can be written."""


def lock_path(path: Path) -> Path:
    """The lock file guarding ``path``: ``NAME.lock`` beside it."""
    return path.with_name(path.name + ".lock")


def current_command() -> str:
    """What this process runs, as a user names it (``tablier play``, ``tablier club serve``): its
    program and sub-commands, never an option nor an argument (a path, an address, a code, a
    password: whoever can read the lock file or the database's sessions would read them)."""
    argv = list(sys.argv)
    program = Path(argv[0]).name if argv else ""
    words = ["tablier" if program in ("tablier", "__main__.py", "") else program]
    for word in argv[1:3]:
        if not _WORD.fullmatch(word):
            break
        words.append(word)
    return " ".join(words)


def hold(path: Path, what: str) -> WriterLock:
    """Hold ``path`` for writing (``what``: how a refusal names it, e.g. ``the game's log``);
    :class:`InUseError` if another process holds it, :class:`LockUnavailableError` if its lock
    file cannot be made. Held again by the same process, the same lock is returned."""
    key = Path(os.path.abspath(path))
    held = _HELD.get(key)
    if held is not None:
        held.count += 1
        return held
    lock = WriterLock(key, what)
    _HELD[key] = lock
    return lock


class WriterLock:
    """The lock on one file, held by this process (see :func:`hold`)."""

    def __init__(self, path: Path, what: str) -> None:
        self.path = path
        self.what = what
        self.count = 1
        self._fd = self._acquire()

    def _acquire(self) -> int:
        where = lock_path(self.path)
        while True:
            try:
                fd = os.open(where, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError as error:
                _HELD.pop(self.path, None)
                raise LockUnavailableError(f"{self.path}: cannot be written ({_reason(error, where)}); "
                                           "nothing was written") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _read_holder(fd)
                os.close(fd)
                _HELD.pop(self.path, None)
                raise InUseError(self.path, self.what, holder) from None
            if _same_file(fd, where):
                break
            os.close(fd)  # the holder before us removed it as we opened it: take the new one
        os.fchmod(fd, 0o600)  # its owner's only (a lock file left by an older Tablier was world-readable)
        os.ftruncate(fd, 0)
        os.write(fd, json.dumps({"pid": os.getpid(), "command": current_command(),
                                 "since": time.time()}).encode() + b"\n")
        return fd

    def release(self) -> None:
        """Give back one hold; the last one removes the lock file and unlocks it."""
        self.count -= 1
        if self.count > 0 or self._fd < 0:
            return
        _HELD.pop(self.path, None)
        with contextlib.suppress(OSError):
            os.unlink(lock_path(self.path))  # while still locked: nobody takes a file about to go
        os.close(self._fd)
        self._fd = -1

    def __enter__(self) -> WriterLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _same_file(fd: int, where: Path) -> bool:
    try:
        now = os.stat(where)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (mine.st_dev, mine.st_ino) == (now.st_dev, now.st_ino)


def _read_holder(fd: int) -> Holder | None:
    try:
        data = json.loads(os.pread(fd, 4096, 0) or b"null")
        return Holder(int(data["pid"]), str(data["command"]), float(data["since"]))
    except (OSError, ValueError, TypeError, KeyError):
        return None


def _reason(error: OSError, where: Path) -> str:
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"the folder {where.parent} is read-only for this user"
    if error.errno == errno.ENOENT:
        return f"the folder {where.parent} does not exist"
    return error.strerror or str(error)
