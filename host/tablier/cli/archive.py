"""``tablier archive``: the archive of games (list, show, delete, import, ratings).

``list`` filters by ``--game``, ``--player`` (any part of a name) and ``--since``/``--until``
(YYYY-MM-DD); ``show ID`` prints the move list, Position IDs (Backgammon) and a diagram of each
game's end; ``import FILE...`` reads ``.mat``, PDN, Tablier JSON and event logs after replaying every
game: a game that is not legal is reported (file, game, move, reason) and nothing of it is stored;
the other files are read all the same; ``ratings [LIST]`` the rating lists recomputed from what is
stored (:mod:`.archive_ratings`). What a file leaves out or gets wrong without making a game
illegal (a last game without its result, a score line the games do not give) is imported with a
``warning:`` line, and ``show`` says it again. A game left out of a file that is stored (a PDN game
the rules refuse, a ``.mat`` game with an unknown play) is named on a ``left out:`` line; a file
refused whole on a ``refused:`` line; the last line sums up when there was more than one file or
anything was left out. Each file is stored whole or not at all: an import
stopped by Ctrl-C, a kill or a full disk leaves nothing of the file it was storing (and says so
when it can), and running it again finishes it. One process writes the archive at a time: an
import or a delete while another is writing is refused in one line naming it.
The archive is ``--archive PATH`` (a file) or ``--archive postgresql://USER@HOST/DATABASE`` (a
club's server, ``docs/club.md``), else ``$TABLIER_ARCHIVE``, else
``$XDG_DATA_HOME/tablier/archive.sqlite3``. Exit status: 0 (every file imported, games left out
named), 1 when a file was refused or the archive could not be written, 2 for bad input (no such
record, unreadable file).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tablier.words import counted

from .archive_imported import Imported


def add_archive_option(parser: argparse.ArgumentParser) -> None:
    """``--archive PATH|URL`` (shared with ``tablier export``, ``analyse``, ``replay-on-board``...)."""
    parser.add_argument("--archive", metavar="PATH|URL", type=archive_location,
                        help="the archive: a file, or a club's PostgreSQL database "
                             "(postgresql://USER@HOST/DATABASE; the password in ~/.pgpass or $PGPASSWORD) "
                             "(default: $TABLIER_ARCHIVE, else $XDG_DATA_HOME/tablier/archive.sqlite3)")


def archive_location(text: str) -> str:
    """``text`` if it can name an archive (a file's path, a ``postgresql://`` address); argparse
    refuses an address of another kind in one line."""
    from tablier.record.archive import location_problem

    problem = location_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


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
    ratings = commands.add_parser("ratings", parents=[common], help="the rating lists (FIBS's formula for "
                                  "tables matches, Elo for draughts games)")
    ratings.add_argument("list", nargs="?", metavar="LIST", help="only this list: a game (backgammon, "
                         "english, ...) or a family (tables, draughts)")
    ratings.add_argument("--csv", metavar="FILE",
                         help="write the lists as CSV to FILE (- for standard output)")
    parser.set_defaults(func=run)


def open_archive(args: argparse.Namespace) -> Any:
    """The archive named on the command line or by default."""
    from tablier.record.archive import Archive, default_location
    from tablier.record.archive_db import from_command_line

    given = getattr(args, "archive", None)
    return Archive(from_command_line(given) if given else default_location())


def run(args: argparse.Namespace) -> int:
    """Dispatch to the action."""
    from tablier.record.archive import ArchiveError
    from tablier.record.game_record import RecordError

    action = getattr(args, "archive_command", None)
    if action is None:
        print("tablier archive: say list, show ID, delete ID, import FILE or ratings", file=sys.stderr)
        return 2
    try:
        with open_archive(args) as archive:
            if action == "list":
                return _list(archive, args)
            if action == "show":
                return _show(archive, args.id)
            if action == "ratings":
                from .archive_ratings import show_ratings

                return show_ratings(archive, args.list, args.csv)
            if action == "delete":
                if not archive.delete(args.id):
                    print(f"tablier archive: no record {args.id} in {archive.where}", file=sys.stderr)
                    return 2
                print(f"deleted record {args.id}")
                return 0
            archive.hold()  # another import or delete at work: refused before any file is read
            return _import(archive, args)
    except ArchiveError as error:
        print(f"tablier archive: {error}", file=sys.stderr)
        return 1
    except RecordError as error:
        print(f"tablier archive: {error}", file=sys.stderr)
        return 2


def filters_of(args: argparse.Namespace) -> Any:
    """The :class:`~tablier.record.archive.Filters` named by the options."""
    from tablier.record.archive import Filters

    return Filters(game=args.game or "", player=args.player or "", since=args.since or "",
                   until=args.until or "")


def _list(archive: Any, args: argparse.Namespace) -> int:
    import shutil

    from rich import box
    from rich.console import Console
    from rich.table import Table

    filters = filters_of(args)
    entries = list(archive.entries(filters))
    if not entries:
        chosen = any((args.game, args.player, args.since, args.until))
        print(f"no record matches in {archive.where}" if chosen else
              f"no records yet in {archive.where} (`tablier archive import FILE` adds some; "
              "every game played to its end goes there)")
        return 0
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for title, right in (("id", True), ("date", False), ("game", False), ("match", False),
                         ("games", True), ("result", True), ("players", False), ("source", False)):
        table.add_column(title, justify="right" if right else "left", no_wrap=True)
    for entry in entries:
        table.add_row(str(entry.id), entry.date or "-", entry.game,
                      f"{entry.match_length}-point" if entry.match_length else "single",
                      str(entry.games), entry.score or "-", entry.players or "-", entry.source or "-")
    terminal = sys.stdout.isatty()
    width = shutil.get_terminal_size().columns if terminal else 1000  # a pipe: whole lines, no wrap
    console = Console(width=width, highlight=False, force_terminal=terminal)
    with console.capture() as drawn:
        console.print(table)
    print("\n".join(line.rstrip() for line in drawn.get().splitlines()))
    print(f"{len(entries)} record{'s' * (len(entries) != 1)}")
    return 0


def _show(archive: Any, record_id: int) -> int:
    from tablier.record.text_export import write_text

    try:
        record = archive.get(record_id)
    except KeyError as error:
        print(f"tablier archive: {error.args[0]}", file=sys.stderr)
        return 2
    title, _, rest = write_text(record).partition("\n")
    print(f"Record {record_id}: {title}")
    if record.source:  # where it came from: a file imported, a club's board
        print(f"Source: {record.source}")
    print(rest, end="")
    return 0


def _import(archive: Any, args: argparse.Namespace) -> int:
    from tablier.record.archive import ArchiveError
    from tablier.record.game_record import RecordError

    done: list[Imported] = []
    refused = 0
    for index, name in enumerate(args.files):
        try:
            with archive.transaction():  # the whole file or nothing of it
                imported, left_out, warnings = _import_file(archive, name, args)
        except KeyboardInterrupt:
            print(f"interrupted: nothing of {name} was stored" + _before(args.files[:index]), file=sys.stderr)
            return 130
        except ArchiveError as error:  # the archive itself failed: the next files would fail too
            print(f"refused: {name}: nothing of it was stored: {error}" + _before(args.files[:index]),
                  file=sys.stderr)
            return 1
        except RecordError as error:
            print(f"refused: {error}", file=sys.stderr)
            refused += 1
            continue
        print(imported.line())
        for game in left_out:
            print(f"left out: {game}", file=sys.stderr)
        for warning in warnings:
            print(f"warning: {warning}", file=sys.stderr)
        done.append(imported)
    if len(args.files) > 1 or refused or any(imported.left_out for imported in done):
        print(summary(done, refused))
    return 1 if refused else 0


def summary(done: list[Imported], refused: int) -> str:
    """The import's last line: ``2 of 3 files imported, 1 refused: 4 records added (20 games), 1
    already archived, 2 games left out``."""
    files = f"{len(done)} of {counted(len(done) + refused, 'file')} imported, {refused} refused" if refused \
        else f"{counted(len(done), 'file')} imported"
    new, games = sum(i.new for i in done), sum(i.games for i in done)
    already, left_out = sum(i.already for i in done), sum(i.left_out for i in done)
    line = f"{files}: {counted(new, 'record')} added ({counted(games, 'game')})"
    if already:
        line += f", {already} already archived"
    if left_out:
        line += f", {counted(left_out, 'game')} left out"
    return line


def _import_file(archive: Any, name: str, args: argparse.Namespace) -> tuple[Imported, list[str], list[str]]:
    """Store the records of one file (in the caller's transaction): what was stored, the games left
    out and the warnings still to print; :class:`RecordError` if none of it can be stored."""
    from tablier.record.importing import read_records

    from .archive_pdn import import_pdn_file, is_pdn_file

    if is_pdn_file(name):  # streamed, game by game, the games left out said as it goes
        return import_pdn_file(archive, name, args.rules, args.warnings), [], []
    loaded = read_records(name, args.rules)
    added = archive.add_all(loaded.records)
    new = sum(1 for _, fresh in added if fresh)
    imported = Imported(name, new, len(added) - new, sum(len(record.games) for record in loaded.records),
                        len(loaded.problems), [record_id for record_id, _ in added])
    return imported, loaded.problems, loaded.warnings


def _before(names: list[str]) -> str:
    """What was stored before a stop, as the end of its line."""
    if not names:
        return ""
    return f" (the file{'s' * (len(names) > 1)} before it, {', '.join(names)}, stayed stored)"
