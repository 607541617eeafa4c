"""``tablier archive ratings [LIST]``: the club's rating lists, recomputed from the archive alone.

Each finished tables match is rated by FIBS's formula, each finished draughts game on an Elo list
(:mod:`tablier.tournament.ratings`), one list per variant (``backgammon``, ``english``...) and one
per family (``tables``, ``draughts``). ``LIST`` shows one of them; ``--csv FILE`` (``-``: standard
output) writes them as a table a spreadsheet opens.
"""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path
from typing import Any

from tablier.words import counted

SYSTEM_NAMES = {"fibs": "FIBS's formula", "elo": "Elo"}
CSV_FIELDS = ("list", "system", "rank", "player", "rating", "experience", "won", "lost", "drawn")


def show_ratings(archive: Any, wanted: str | None, csv_to: str | None) -> int:
    """Print (or write as CSV) the rating lists of ``archive``, or only the list ``wanted``; 2 if
    there is no such list."""
    from tablier.tournament.ratings import archive_ratings, in_order

    lists = archive_ratings(archive)
    order = in_order(lists)
    if wanted is not None:
        if wanted not in lists:
            known = ", ".join(board.name for board in order) or "none yet"
            print(f"tablier archive: no rating list {wanted!r} in {archive.where} (lists: {known})",
                  file=sys.stderr)
            return 2
        order = [lists[wanted]]
    if csv_to is not None:
        return _write_csv(order, csv_to)
    if not order:
        print(f"no ratings in {archive.where} yet: finished matches (tables) and finished games "
              "(draughts) are rated")
        return 0
    for n, board in enumerate(order):
        print(("\n" if n else "") + _heading(board))
        print("\n".join(_lines(board)))
    return 0


def _heading(board: Any) -> str:
    kind = "the family's list" if board.scope == "family" else "the game's list"
    system = SYSTEM_NAMES.get(board.system, board.system)
    return f"{board.name} ({kind}, {system}, {counted(len(board.players), 'player')})"


def _lines(board: Any) -> list[str]:
    table = board.table()
    width = max(len(line.name) for line in table)
    unit = "point" if board.system == "fibs" else "game"
    lines = []
    for rank, line in enumerate(table, start=1):
        drawn = f", {line.drawn} drawn" if line.drawn else ""
        lines.append(f"{rank:>4}. {line.name:<{width}}  {line.rating:7.1f}  "
                     f"{line.won} won, {line.lost} lost{drawn}; experience {counted(line.experience, unit)}")
    return lines


def _write_csv(order: list[Any], csv_to: str) -> int:
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for board in order:
        for rank, line in enumerate(board.table(), start=1):
            writer.writerow((board.name, board.system, rank, line.name, f"{line.rating:.1f}",
                             line.experience, line.won, line.lost, line.drawn))
    if csv_to == "-":
        sys.stdout.write(text.getvalue())
        return 0
    try:
        Path(csv_to).write_text(text.getvalue(), encoding="utf-8")
    except OSError as error:
        print(f"tablier archive: cannot write {csv_to}: {error.strerror or error}", file=sys.stderr)
        return 1
    rows = sum(len(board.players) for board in order)
    print(f"{csv_to}: {counted(len(order), 'rating list')}, {counted(rows, 'line')}")
    return 0
