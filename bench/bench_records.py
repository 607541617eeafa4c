"""Records: import and export throughput in games per second on the real corpora.

``.mat`` import reads and replays every corpus match (each play matched with the legal plays);
``.mat`` export writes them again; PDN import reads and replays every English and international
game; PDN export writes them again; JSON export and import, the text export (with a Position ID per
turn), and storing everything in a fresh SQLite archive. Matches with an unknown play (``????``) are
counted apart.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Any

from tablier.record.archive import Archive
from tablier.record.game_record import Record, RecordError
from tablier.record.json_format import dumps, loads
from tablier.record.mat_reader import read_mat
from tablier.record.mat_writer import write_mat
from tablier.record.pdn_records import import_pdn, write_pdn
from tablier.record.text_export import write_text

SHARED = os.environ.get("TABLIER_SHARED", str(Path(__file__).resolve().parents[1].parent / "shared"))
CORPORA = Path(SHARED, "corpora")


def _rate(games: int, seconds: float) -> float:
    return round(games / seconds, 1) if seconds else 0.0


def _timed(action: Any, records: list[Record]) -> float:
    start = time.perf_counter()
    for record in records:
        action(record)
    return time.perf_counter() - start


def main() -> dict[str, object]:
    """Figures in games per second."""
    mat_texts = [path.read_text(encoding="utf-8", errors="replace")
                 for path in sorted((CORPORA / "backgammon" / "mat").glob("*"))]
    start = time.perf_counter()
    matches: list[Record] = []
    refused = 0
    for text in mat_texts:
        try:
            matches.append(read_mat(text))
        except RecordError:
            refused += 1
    mat_import = time.perf_counter() - start
    mat_games = sum(len(record.games) for record in matches)

    pdn_texts = [path.read_text(encoding="utf-8", errors="replace")
                 for path in [*sorted((CORPORA / "draughts" / "english").glob("*.pdn")),
                                     *sorted((CORPORA / "draughts" / "international").glob("*.pdn"))]]
    start = time.perf_counter()
    draughts = [result.record for text in pdn_texts for result in import_pdn(text) if result.record]
    pdn_import = time.perf_counter() - start

    everything = matches + draughts
    games = mat_games + len(draughts)
    with tempfile.TemporaryDirectory() as directory:
        archive = Archive(Path(directory) / "bench.sqlite3")
        start = time.perf_counter()
        archive.add_all(everything)
        archive_seconds = time.perf_counter() - start
        archive.close()
    json_texts = [dumps(record) for record in everything]
    start = time.perf_counter()
    for text in json_texts:
        loads(text)
    json_import = time.perf_counter() - start
    return {
        "mat_matches": len(matches), "mat_games": mat_games, "mat_refused_unknown_plays": refused,
        "pdn_games": len(draughts),
        "mat_import_games_per_s": _rate(mat_games, mat_import),
        "mat_export_games_per_s": _rate(mat_games, _timed(write_mat, matches)),
        "pdn_import_games_per_s": _rate(len(draughts), pdn_import),
        "pdn_export_games_per_s": _rate(len(draughts), _timed(write_pdn, draughts)),
        "json_export_games_per_s": _rate(games, _timed(dumps, everything)),
        "json_import_games_per_s": _rate(games, json_import),
        "text_export_games_per_s": _rate(games, _timed(write_text, everything)),
        "archive_insert_games_per_s": _rate(games, archive_seconds),
    }


if __name__ == "__main__":
    print(main())
