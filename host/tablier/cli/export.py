"""``tablier export``: write archived records (or records read from files) to a directory.

``tablier export [FILTERS] --format mat|sgf|pdn|json|txt|html|svg|png --out DIR``: one file per
record (one picture per game for svg and png), named from the record (``00012_2023-08-09_backgammon_
BoardLord-vs-Llabba.mat``; nothing from a player's name can leave DIR). Records whose game the format
cannot hold are skipped with a note (``.mat`` and SGF are Backgammon's, PDN is draughts'). A
progress bar goes to stderr when it is a terminal. ``--input FILE`` exports records read from files
instead of the archive. A Backgammon game started from a set position is skipped for ``.mat``
(the format cannot hold one; SGF, JSON and text can), saying so. Exit status: 0, 1 if a record
could not be written or a file or game of ``--input`` could not be read (the other files are
exported all the same) or nothing of ``--input`` was written, 2 for bad input.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .archive import add_archive_option, add_filters


def register(subparsers: Any) -> None:
    """Add the ``export`` subcommand."""
    from tablier.games import EXPORT_FORMATS

    parser = subparsers.add_parser("export",
                                   help="export games to GNU Backgammon, PDN, JSON, text, HTML, SVG")
    add_archive_option(parser)
    add_filters(parser)
    parser.add_argument("--id", type=int, action="append", default=[], help="only this record (repeatable)")
    parser.add_argument("--input", action="append", default=[], metavar="FILE",
                        help="export the records of FILE (.mat, .pdn, JSON, event log), not the archive")
    parser.add_argument("--format", required=True, choices=EXPORT_FORMATS)
    parser.add_argument("--out", required=True, metavar="DIR", help="the directory to write to (created)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Export; see the module docstring."""
    from tablier.record.game_record import RecordError

    problems: list[str] = []
    try:
        selected = _selected(args, problems)
    except RecordError as error:
        print(f"tablier export: {error}", file=sys.stderr)
        return 2
    if not selected and not args.input:  # nothing in the archive to export: say so, make no folder
        _say_nothing_matches(args)
        return 0
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(f"tablier export: cannot create {out}: {error.strerror}", file=sys.stderr)
        return 2
    tally = _Tally()
    progress = _Progress(len(selected))
    taken: set[str] = set()
    for record_id, record in selected:
        progress.step()
        _export_one(args.format, out, record_id, record, taken, tally, progress)
    progress.clear()
    skipped, written = tally.skipped, tally.written
    note = (f"; {skipped} record{'s' * (skipped != 1)} skipped (not a record {args.format} holds)"
            if skipped else "")
    print(f"{written} file{'s' * (written != 1)} written to {out}{note}")
    if tally.failed or problems or (args.input and not written):
        return 1
    return 0


def _say_nothing_matches(args: argparse.Namespace) -> None:
    """Say that the archive holds no record to export (none at all, or none the filters match)."""
    from tablier.record.archive import default_location
    from tablier.record.archive_db import shown

    chosen = any((args.game, args.player, args.since, args.until))
    where = shown(args.archive or default_location())
    print(f"nothing to export: no record matches in {where}" if chosen else
          f"nothing to export: no records yet in {where}")


@dataclass
class _Tally:
    """The files written, and the records skipped (the format cannot hold them) or failed."""

    written: int = 0
    skipped: int = 0
    failed: int = 0


def _export_one(form: str, out: Path, record_id: int | None, record: Any, taken: set[str],
                tally: _Tally, progress: _Progress) -> None:
    """Write ``record``'s files of the format ``form`` into ``out`` (``taken``: the names used so
    far), or say why not on stderr; counted in ``tally``."""
    from tablier.record.exporting import export_record, formats_for
    from tablier.record.filenames import record_name, save
    from tablier.record.game_record import RecordError
    from tablier.record.mat_writer import why_not_mat

    if form not in formats_for(record):
        tally.skipped += 1
        return
    refusal = why_not_mat(record) if form == "mat" else ""
    if refusal:
        progress.clear()
        print(f"tablier export: skipped {_name(record_id, record)}: {refusal}", file=sys.stderr)
        tally.skipped += 1
        return
    try:
        files = export_record(record, form)
    except RecordError as error:
        progress.clear()
        print(f"tablier export: {_name(record_id, record)}: {error}", file=sys.stderr)
        tally.failed += 1
        return
    for suffix, content in files:
        try:
            save(out, record_name(record, record_id, suffix), taken, content)
        except RecordError as error:  # a symbolic link in the way, a file that cannot be written
            progress.clear()
            print(f"tablier export: {error}", file=sys.stderr)
            tally.failed += 1
            continue
        tally.written += 1


def _name(record_id: int | None, record: Any) -> str:
    return f"record {record_id}" if record_id is not None else str(record.source or "a record")


def _selected(args: argparse.Namespace, problems: list[str]) -> list[tuple[int | None, Any]]:
    from tablier.record.game_record import RecordError
    from tablier.record.importing import read_records

    from .archive import filters_of, open_archive

    if args.input:
        found: list[tuple[int | None, Any]] = []
        for name in args.input:
            try:
                loaded = read_records(name)
            except RecordError as error:  # refused whole: say so and go on with the other files
                print(f"tablier export: skipped {error}", file=sys.stderr)
                problems.append(str(error))
                continue
            for problem in loaded.problems:
                print(f"tablier export: skipped {problem}", file=sys.stderr)
            for warning in loaded.warnings:
                print(f"tablier export: warning: {warning}", file=sys.stderr)
            problems += loaded.problems
            found += [(None, record) for record in loaded.records]
        return found
    with open_archive(args) as archive:
        ids = args.id or archive.ids(filters_of(args))
        selected: list[tuple[int | None, Any]] = []
        for record_id in ids:
            try:
                selected.append((record_id, archive.get(record_id)))
            except KeyError as error:
                raise RecordError(str(error.args[0])) from None
        return selected


class _Progress:
    """A one-line progress bar on stderr, shown only when stderr is a terminal."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.shown = sys.stderr.isatty() and total > 1

    def step(self) -> None:
        self.done += 1
        if self.shown:
            width = 30
            filled = width * self.done // self.total
            print(f"\rexporting [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}",
                  end="", file=sys.stderr, flush=True)

    def clear(self) -> None:
        if self.shown:
            print("\r" + " " * 60 + "\r", end="", file=sys.stderr, flush=True)
