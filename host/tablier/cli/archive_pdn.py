"""``tablier archive import`` of a PDN file, as a stream: any number of games in bounded memory.

Each game is read, replayed and stored before the next is read, :data:`BATCH` records at a time,
all in the one transaction of the file that the caller holds (each PDN game stands alone: a refused
game stores nothing of itself and does not hold back the others, but an import stopped half-way
stores nothing of the file). A progress bar goes to stderr when it is a terminal.
The lines printed are those of the other formats (``FILE: N records added (N games)``, ``left out:
FILE: game N, move K (...): reason``), and with ``--warnings`` one ``note:`` line per quirk read in a
forgiving way (casual notation, a FEN's ``?`` side, ...).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from tablier.words import counted

from .archive_imported import Imported
from .progress import Progress

#: Records replayed and stored together (memory stays bounded; the file is one transaction).
BATCH = 200


def is_pdn_file(name: str) -> bool:
    """Whether ``tablier archive import`` reads the file at ``name`` as PDN (by name, else by its
    first lines); ``False`` when it cannot be opened (the general reader reports that)."""
    from tablier.record.game_record import RecordError
    from tablier.record.importing import detect_format
    from tablier.record.text_decoding import decode_record_text

    path = Path(name)
    try:
        with path.open("rb") as handle:
            head = handle.read(8192)
    except OSError:
        return False
    for cut in range(4):  # the head may end inside a character
        try:
            return detect_format(path, decode_record_text(head[:len(head) - cut])[0]) == "pdn"
        except RecordError:
            continue
    return False


def import_pdn_file(archive: Any, name: str, rules: str | None, warnings: bool) -> Imported:
    """Import the PDN file ``name`` into ``archive`` (inside the caller's transaction), each game the
    rules refuse left out and said on a ``left out:`` line as it goes; what was stored.

    :class:`~tablier.record.game_record.RecordError` when the file cannot be read at all, or holds
    no game that can be stored.
    """
    from tablier.record.game_record import RecordError
    from tablier.record.pdn_records import iter_pdn, read_pdn_text

    text = read_pdn_text(name)
    progress = Progress("importing", text.count("\n") or text.count("\r"))
    imported = Imported(name)
    batch: list[Any] = []

    def store() -> None:
        for record_id, fresh in archive.add_all(batch):
            imported.new += fresh
            imported.already += not fresh
            if len(imported.ids) <= 10:
                imported.ids.append(record_id)
        batch.clear()

    for result in iter_pdn(text, name, rules):
        progress.update(result.line, result.game)
        if result.record is None:
            progress.clear()
            print(f"left out: {result.error}", file=sys.stderr)
            imported.left_out += 1
            continue
        if warnings:
            progress.clear()
            for note in result.warnings:
                print(f"note: {note}")
        imported.games += 1
        batch.append(result.record)
        if len(batch) >= BATCH:
            store()
    store()
    progress.clear()
    if not imported.games:
        raise RecordError(f"{name}: holds no PDN game" if not imported.left_out else
                          f"{name}: none of its {counted(imported.left_out, 'game')} can be imported")
    return imported
