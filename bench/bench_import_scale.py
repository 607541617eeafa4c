"""Import at scale: peak memory and games per second of ``tablier archive import``, for PDN and ``.mat``.

The big inputs are made at bench time, in a temporary directory, from the shared corpora by
repetition: for PDN one file of 10,000 (and 100,000) games, each corpus game (English and
international) written again with its ``Event`` tag marked ``copy N``; for ``.mat`` as many copies of
the corpus matches (one match a file, as the format holds) as make the same number of games, each
copy with an ``; [Annotator "copy N"]`` tag. Every copy is thus a record of its own (the archive
would otherwise store a repeated record once). Each import runs as its own process, the way a user
runs it, into a fresh archive; its peak resident memory is that process's ``ru_maxrss``.
``games_imported`` counts the games read, replayed and checked (``N games`` in the command's
summary; a game the corpora hold twice is stored once); ``refused`` the games or matches refused.

``BENCH_SCALES`` (default ``10000,100000``) picks the sizes.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tablier.draughts.pdn import GameBuilder, read_games
from tablier.record.text_decoding import decode_record_text

SHARED = os.environ.get("TABLIER_SHARED", str(Path(__file__).resolve().parents[1].parent / "shared"))
CORPORA = Path(SHARED, "corpora")
HOST = Path(__file__).resolve().parents[1] / "host"

#: Run in the child: ``tablier archive import`` of the files listed in argv[1] into argv[2], then
#: the peak memory (KiB) and the time written to argv[3].
_CHILD = """
import json, resource, sys, time
from tablier.cli import main
files = open(sys.argv[1]).read().split("\\n")
start = time.perf_counter()
status = main(["archive", "import", "--archive", sys.argv[2], *files])
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
open(sys.argv[3], "w").write(json.dumps({"status": status, "seconds": seconds, "peak_kib": peak}))
"""


def _pdn_games() -> list[str]:
    """The text of each corpus game (English and international), as written in its file."""
    games: list[str] = []
    for folder in ("english", "international"):
        for path in sorted((CORPORA / "draughts" / folder).glob("*.pdn")):
            text = decode_record_text(path.read_bytes())[0]
            lines = text.splitlines(keepends=True)
            starts = [game.line - 1 for game in read_games(text, GameBuilder)]
            games += ["".join(lines[a:b]) for a, b in zip(starts, [*starts[1:], len(lines)], strict=True)]
    return games


def _mark_pdn(game: str, copy: int) -> str:
    marked, found = re.subn(r'\[Event\s+"', f'[Event "copy {copy}: ', game, count=1)
    return marked if found else f'[Event "copy {copy}"]\n' + game


def write_pdn(directory: Path, games: int) -> Path:
    """A PDN file of ``games`` games repeated from the corpora."""
    corpus = _pdn_games()
    path = directory / f"scale_{games}.pdn"
    with path.open("w", encoding="utf-8") as out:
        for index in range(games):
            copy, number = divmod(index, len(corpus))
            out.write(_mark_pdn(corpus[number], copy).rstrip("\r\n") + "\n\n")
    return path


def write_mat(directory: Path, games: int) -> list[Path]:
    """Copies of the corpus ``.mat`` matches (one a file) holding about ``games`` games in all."""
    matches = []
    for path in sorted((CORPORA / "backgammon" / "mat").glob("*")):
        text = decode_record_text(path.read_bytes())[0]
        matches.append((path.stem, text, len(re.findall(r"^\s*Game \d+", text, re.MULTILINE))))
    folder = directory / f"mat_{games}"
    folder.mkdir()
    written: list[Path] = []
    total = copy = 0
    while total < games:
        for stem, text, count in matches:
            if total >= games:
                break
            path = folder / f"{stem}_copy{copy}.mat"
            path.write_text(f'; [Annotator "copy {copy}"]\n' + text, encoding="utf-8")
            written.append(path)
            total += count
        copy += 1
    return written


def _import(files: list[Path], directory: Path, label: str) -> dict[str, object]:
    listing = directory / f"{label}.files"
    listing.write_text("\n".join(map(str, files)))
    report = directory / f"{label}.json"
    environment = {**os.environ, "PYTHONPATH": f"{HOST}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    run = subprocess.run([sys.executable, "-c", _CHILD, str(listing), str(directory / f"{label}.sqlite3"),
                          str(report)], capture_output=True, text=True, env=environment, check=False)
    figures = json.loads(report.read_text())
    summary = [line for line in run.stdout.splitlines() if "added" in line]
    imported = sum(int(found.group(1)) for line in summary
                 if (found := re.search(r"\((\d+) games\)", line)))
    refused = sum(1 for line in run.stderr.splitlines() if line.startswith("refused:"))
    seconds = float(figures["seconds"])
    return {"games_imported": imported, "refused": refused, "seconds": round(seconds, 1),
            "games_per_s": round(imported / seconds, 1) if seconds else 0.0,
            "peak_memory_mb": round(int(figures["peak_kib"]) / 1024, 1)}


def main() -> dict[str, object]:
    """Figures per format and size."""
    scales = [int(n) for n in os.environ.get("BENCH_SCALES", "10000,100000").split(",")]
    figures: dict[str, object] = {}
    for games in scales:
        with tempfile.TemporaryDirectory(prefix="tablier-bench-") as name:
            directory = Path(name)
            start = time.perf_counter()
            pdn = write_pdn(directory, games)
            figures[f"pdn_{games}"] = {"file_mb": round(pdn.stat().st_size / 2**20, 1),
                                       **_import([pdn], directory, "pdn")}
            mat = write_mat(directory, games)
            figures[f"mat_{games}"] = {"files": len(mat), **_import(mat, directory, "mat")}
            figures[f"scale_{games}_bench_seconds"] = round(time.perf_counter() - start, 1)
    return figures


if __name__ == "__main__":
    print(main())
