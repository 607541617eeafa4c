"""``tablier archive``: the archive of games (list, show, delete, import).

``list`` filters by ``--game``, ``--player`` (any part of a name) and ``--since``/``--until``
(YYYY-MM-DD); ``show ID`` prints the move list, Position IDs (Backgammon) and a diagram of each
game's end; ``import FILE...`` reads ``.mat``, PDN, Tablier JSON and event logs after replaying every
game: a game that is not legal is reported (file, game, move, reason) and nothing of it is stored;
the other files are read all the same. What a file leaves out or gets wrong without making a game
illegal (a last game without its result, a score line the games do not give) is imported with a
``warning:`` line, and ``show`` says it again.
The archive file is ``--archive PATH``, else ``$TABLIER_ARCHIVE``, else
``$XDG_DATA_HOME/tablier/archive.sqlite3``. Exit status: 0, 1 when some game was refused, 2 for bad
input (no such record, unreadable file).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tablier.words import counted


def add_archive_option(parser: argparse.ArgumentParser) -> None:
    """``--archive PATH`` (shared with ``tablier export`` and ``replay-on-board``)."""
    parser.add_argument("--archive", metavar="PATH",
                        help="the archive file (default: $TABLIER_ARCHIVE, "
                             "else $XDG_DATA_HOME/tablier/archive.sqlite3)")


def add_filters(parser: argparse.ArgumentParser) -> None:
    """The record filters shared by ``archive list`` and ``export``."""
    parser.add_argument("--game", help="only this game (backgammon, english, ...)")
    parser.add_argument("--player", help="only records with a player whose name contains this")
    parser.add_argument("--since", metavar="DATE", type=calendar_date,
                        help="only records played on or after DATE (YYYY-MM-DD)")
    parser.add_argument("--until", metavar="DATE", type=calendar_date,
                        help="only records played on or before DATE (YYYY-MM-DD)")


def calendar_date(text: str) -> str:
    """``text`` if it is a real date written YYYY-MM-DD; argparse refuses it in one line otherwise."""
    import datetime
    import re

    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        try:
            return datetime.date.fromisoformat(text).isoformat()
        except ValueError:
            pass
    raise argparse.ArgumentTypeError(f"{text!r} is not a date written YYYY-MM-DD (such as 2024-05-11)")


def register(subparsers: Any) -> None:
    """Add the ``archive`` subcommand and its own subcommands."""
    parser = subparsers.add_parser("archive", help="the archive of games: list, show, delete, import")
    common = argparse.ArgumentParser(add_help=False)
    add_archive_option(common)
    commands = parser.add_subparsers(dest="archive_command", metavar="ACTION")
    listing = commands.add_parser("list", parents=[common], help="list the archived records")
    add_filters(listing)
    show = commands.add_parser("show", parents=[common], help="a record's moves and diagrams")
    show.add_argument("id", type=int)
    delete = commands.add_parser("delete", parents=[common], help="remove a record")
    delete.add_argument("id", type=int)
    imports = commands.add_parser("import", parents=[common], help="import .mat, .pdn, JSON or event logs")
    imports.add_argument("files", nargs="+", metavar="FILE")
    imports.add_argument("--rules", metavar="GAME",
                         help="draughts rules for PDN games without a GameType (english, polish10, ...)")
    imports.add_argument("--warnings", action="store_true",
                         help="also list what was read in a forgiving way (casual PDN notation, ...)")
    parser.set_defaults(func=run)


def open_archive(args: argparse.Namespace) -> Any:
    """The archive named on the command line or by default."""
    from tablier.record.archive import Archive, default_path

    return Archive(getattr(args, "archive", None) or default_path())


def run(args: argparse.Namespace) -> int:
    """Dispatch to the action."""
    from tablier.record.game_record import RecordError

    action = getattr(args, "archive_command", None)
    if action is None:
        print("tablier archive: say list, show ID, delete ID or import FILE", file=sys.stderr)
        return 2
    try:
        with open_archive(args) as archive:
            if action == "list":
                return _list(archive, args)
            if action == "show":
                return _show(archive, args.id)
            if action == "delete":
                if not archive.delete(args.id):
                    print(f"tablier archive: no record {args.id}", file=sys.stderr)
                    return 2
                print(f"deleted record {args.id}")
                return 0
            return _import(archive, args)
    except RecordError as error:
        print(f"tablier archive: {error}", file=sys.stderr)
        return 2


def filters_of(args: argparse.Namespace) -> Any:
    """The :class:`~tablier.record.archive.Filters` named by the options."""
    from tablier.record.archive import Filters

    return Filters(game=args.game or "", player=args.player or "", since=args.since or "",
                   until=args.until or "")


def _list(archive: Any, args: argparse.Namespace) -> int:
    count = 0
    for entry in archive.entries(filters_of(args)):
        length = f"{entry.match_length}-pt" if entry.match_length else "single"
        games = f"{entry.games:>3} game{'s' if entry.games != 1 else ' '}"
        print(f"{entry.id:>5}  {entry.date or '----------':10}  {entry.game:11}  {length:7}  "
              f"{games}  {entry.score or '-':>6}  {entry.players}")
        count += 1
    print(f"{count} record{'s' * (count != 1)}")
    return 0


def _show(archive: Any, record_id: int) -> int:
    from tablier.record.text_export import write_text

    try:
        record = archive.get(record_id)
    except KeyError as error:
        print(f"tablier archive: {error.args[0]}", file=sys.stderr)
        return 2
    print(f"Record {record_id}: ", end="")
    print(write_text(record), end="")
    return 0


def _import(archive: Any, args: argparse.Namespace) -> int:
    from tablier.record.game_record import RecordError
    from tablier.record.importing import read_records

    from .archive_pdn import import_pdn_file, is_pdn_file

    status = 0
    for name in args.files:
        try:
            if is_pdn_file(name):  # streamed, game by game
                status = max(status, import_pdn_file(archive, name, args.rules, args.warnings))
                continue
            loaded = read_records(name, args.rules)
            added = archive.add_all(loaded.records)
        except RecordError as error:
            print(f"refused: {error}", file=sys.stderr)
            status = max(status, 1)
            continue
        new = sum(1 for _, fresh in added if fresh)
        ids = ", ".join(str(record_id) for record_id, _ in added)
        games = sum(len(record.games) for record in loaded.records)
        already = f", {len(added) - new} already archived" if len(added) - new else ""
        print(f"{name}: {counted(new, 'record')} added ({counted(games, 'game')}){already}"
              + (f"; ids {ids}" if ids and len(added) <= 10 else ""))
        for problem in loaded.problems:
            print(f"refused: {problem}", file=sys.stderr)
            status = max(status, 1)
        for warning in loaded.warnings:
            print(f"warning: {warning}", file=sys.stderr)
    return status
