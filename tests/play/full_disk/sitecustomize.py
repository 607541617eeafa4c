"""A disk that fills up under the event log, for a whole ``tablier`` run in a subprocess.

Put this folder first on ``PYTHONPATH``: Python imports ``sitecustomize`` at start-up, and from then
on every ``.jsonl`` file opened for appending takes ``TABLIER_TEST_DISK_BYTES`` bytes and then
fails as a full disk does (``OSError`` ENOSPC at the write, and again at the flush of whatever
could not be written). Nothing else is touched: the archive, the firmware's files, the terminal.
"""

from __future__ import annotations

import builtins
import errno
import os
from typing import Any

_open = builtins.open
ROOM = int(os.environ.get("TABLIER_TEST_DISK_BYTES", "0"))


class FullDisk:
    """A text file that holds :data:`ROOM` bytes, then refuses more as a full disk does."""

    def __init__(self, file: Any) -> None:
        self._file = file
        self._written = 0
        self._full = False

    def write(self, text: str) -> int:
        self._written += len(text.encode())
        if self._written > ROOM:
            self._full = True
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return int(self._file.write(text))

    def flush(self) -> None:
        if self._full:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self._file.flush()

    def close(self) -> None:
        self._file.close()
        if self._full:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


def _filling_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
    opened = _open(file, mode, *args, **kwargs)
    if ROOM and str(file).endswith(".jsonl") and "a" in mode:
        return FullDisk(opened)
    return opened


builtins.open = _filling_open
