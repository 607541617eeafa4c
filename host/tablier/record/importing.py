"""Reading records from files of any format Tablier knows, for ``tablier archive import``.

:func:`read_records` tells the encoding (:func:`~tablier.record.text_decoding.decode_record_text`:
a byte-order mark, else UTF-8, else Latin-1) and the format from the name and the first lines:
Jellyfish ``.mat``, PDN, Tablier's JSON, a raw event log (``.jsonl``), GNU Backgammon SGF. Every
game is replayed with its rules and settled (:func:`~tablier.record.settling.settle`: actions as
replayed, Backgammon results by the record's own rules) before it is returned. A ``.mat`` or SGF
match, a JSON record and a log are one unit: one illegal game refuses the whole file (but a
``.mat`` game with an unknown play ``????`` is left out, named in a warning, and the others read).
In a PDN file each game stands alone: the legal ones are returned, the others reported. What a
file leaves out or gets wrong without making a game illegal comes back as warnings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .from_log import read_event_log
from .game_record import Record, RecordError
from .json_format import loads
from .mat_reader import read_mat
from .pdn_records import import_pdn
from .settling import SKIPPED, settle, warnings_of
from .sgf import read_sgf
from .text_decoding import decode_record_text

FORMATS = ("mat", "pdn", "json", "log", "sgf")
_NAMES = {"mat": "Jellyfish .mat", "pdn": "PDN", "json": "Tablier JSON", "log": "event log",
          "sgf": "GNU Backgammon SGF"}


@dataclass
class Loaded:
    """What a file gave: the legal records, one line per game that could not be imported, and one
    line per thing the file leaves out or gets wrong (the games are imported all the same)."""

    records: list[Record] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def detect_format(path: Path, text: str) -> str:
    """``mat``, ``pdn``, ``json``, ``log`` or ``sgf`` from the file name, else from the first lines."""
    suffix = path.suffix.lower()
    if suffix == ".mat":
        return "mat"
    if suffix == ".pdn":
        return "pdn"
    if suffix == ".jsonl":
        return "log"
    if suffix == ".sgf" or text.lstrip().startswith("(;"):
        return "sgf"
    head = text.lstrip()[:4000]
    if head.startswith("{") and '"type"' in head.splitlines()[0] and '"header"' in head.splitlines()[0]:
        return "log"
    if suffix == ".json" or head.startswith('{"'):
        return "json"
    if "point match" in head.lower() or "\n Game 1" in head or head.startswith("; ["):
        return "mat"
    if head.startswith("[") or head[:1].isdigit() or head.startswith("{"):
        return "pdn"
    raise RecordError(f"{path}: not a record Tablier reads (.mat, .pdn, SGF, Tablier JSON or an event log)")


def read_records(path: str | Path, game: str | None = None) -> Loaded:
    """The records in the file at ``path``; ``game`` names the draughts rules for an untagged PDN.
    :class:`RecordError` when the file cannot be read or (a unit format) holds an illegal game."""
    path = Path(path)
    try:
        text = decode_record_text(path.read_bytes())[0]
    except OSError as error:
        raise RecordError(f"{path}: cannot read ({error.strerror or error})") from None
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None
    kind = detect_format(path, text)
    loaded = Loaded()
    if "\ufffd" in text:
        loaded.warnings.append(f"{path}: holds replacement characters (\ufffd): some names were "
                               "already mangled by the program that wrote it")
    try:
        _read(path, text, kind, game, loaded)
    except RecordError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        # a reader met something its format does not allow and did not say so: say it plainly
        raise RecordError(f"{path}: not a readable {_NAMES[kind]} file") from None
    for record in loaded.records:
        for name, reason in record.tags.items():  # a game left out, the others imported
            if name.startswith(SKIPPED):
                loaded.problems.append(f"{path}: game {name.removeprefix(SKIPPED)}, {reason}")
        for game_record in record.games:
            for warning in warnings_of(game_record):
                loaded.warnings.append(f"{path}: game {game_record.number}: {warning}")
    return loaded


def _read(path: Path, text: str, kind: str, game: str | None, loaded: Loaded) -> None:
    if kind == "mat":
        loaded.records.append(read_mat(text, str(path)))  # settled by the reader
    elif kind == "pdn":
        results = import_pdn(text, str(path), game)
        if not results:
            raise RecordError(f"{path}: holds no PDN game")
        for result in results:
            if result.record is not None:
                loaded.records.append(result.record)
            else:
                loaded.problems.append(result.error)
    else:
        if kind == "json":
            record = loads(text, str(path))
        elif kind == "sgf":
            record = read_sgf(text, str(path))
        else:
            record = read_event_log(path)
        loaded.records.append(settle(record, str(path)).record)
