"""Safe file names for exported records: derived from the record, never a path.

A name is built from the archive id, the date, the game and the players, each part reduced to ASCII
letters, digits and single dashes (accents folded, everything else dropped) and cut short, so no
player's name can climb out of the output directory (``../../etc/x``), hide a NUL, or overflow a
file system's name limit. :func:`inside` checks the final path all the same, and :func:`save`
never writes through a symbolic link (one left in the output directory, pointing anywhere).
"""

from __future__ import annotations

import errno
import os
import re
import unicodedata
from pathlib import Path

from .game_record import Record, RecordError

PART = 32
"""The longest any one part of a name may be."""


def slug(text: str, limit: int = PART) -> str:
    """``text`` as ASCII letters, digits and dashes, at most ``limit`` characters (may be empty)."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    words = re.sub(r"[^A-Za-z0-9]+", "-", folded).strip("-")
    return words[:limit].strip("-")


def record_name(record: Record, record_id: int | None, suffix: str) -> str:
    """``00012_2023-08-09_backgammon_BoardLord-vs-Llabba.mat``: id, date, game, players."""
    players = "-vs-".join(slug(name, 24) or "player" for name in record.players[:2]) or "players"
    parts = [f"{record_id:05d}" if record_id is not None else "",
             slug(record.date, 10), slug(record.game, 16), players]
    stem = "_".join(part for part in parts if part) or "record"
    ending = ".".join(part for part in (slug(piece, 12) for piece in suffix.split(".")) if part)
    return f"{stem}.{ending or 'out'}"


def inside(directory: Path, name: str) -> Path:
    """``directory / name``, refusing (``ValueError``) any name that would leave ``directory``."""
    if not name or "/" in name or "\\" in name or "\0" in name or name in (".", ".."):
        raise ValueError(f"unsafe file name {name!r}")
    path = directory / name
    if path.resolve().parent != directory.resolve():
        raise ValueError(f"{name!r} would leave {directory}")
    return path


def unique(directory: Path, name: str, taken: set[str]) -> Path:
    """A path for ``name`` in ``directory`` not yet in ``taken`` (``-2``, ``-3``, ... added)."""
    return inside(directory, _free_name(name, taken))


def _free_name(name: str, taken: set[str]) -> str:
    stem, dot, suffix = name.rpartition(".")
    candidate, count = name, 2
    while candidate in taken:
        candidate = f"{stem}-{count}{dot}{suffix}"
        count += 1
    taken.add(candidate)
    return candidate


def save(directory: Path, name: str, taken: set[str], content: bytes) -> Path:
    """Write ``content`` to a new name for ``name`` in ``directory`` (as :func:`unique` names it),
    replacing a plain file of that name but never following a symbolic link: :class:`RecordError`,
    in one line naming the file, if it cannot be written."""
    candidate = _free_name(name, taken)
    path = directory / candidate
    if path.is_symlink():
        raise RecordError(f"{path}: is a symbolic link; not written (remove it first)")
    try:
        inside(directory, candidate)
    except ValueError as error:
        raise RecordError(f"{path}: not written ({error})") from None
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(path, flags, 0o644)
    except OSError as error:
        if error.errno == errno.ELOOP:  # it became a link since it was looked at
            raise RecordError(f"{path}: is a symbolic link; not written (remove it first)") from None
        raise RecordError(f"{path}: cannot be written ({error.strerror})") from None
    with os.fdopen(descriptor, "wb") as file:
        file.write(content)
    return path
