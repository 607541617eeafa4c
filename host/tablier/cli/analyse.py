"""``tablier analyse RECORD``: every move of a game judged by the engine, the luck of the dice, each
player's error rate; in Backgammon with the cube, every double, take and drop and every missed
double, as GNU Backgammon marks them (``docs/analysis.md``).

RECORD is a record file (an event log, ``.mat``, SGF, PDN or Tablier JSON, as for ``tablier archive
import``) or the id of an archived record (as ``tablier archive list`` shows it; a file of that name
comes first). Every game is analysed, or the one ``--game-number N`` names (in a file of several
records, such as a PDN file of many games, the N-th game of the file). ``--level`` is the engine's
level (1-4, default 2). ``--store`` keeps the analysis in the archive with the record (a file's
records are imported first, as ``tablier archive import`` would); ``archive show``, ``export`` and
the HTML replay then show it. ``--json`` prints the documented object instead of the table.

A progress bar goes to stderr when it is a terminal; Ctrl-C stops with a one-line message and
stores nothing. Exit status: 0, 2 for bad input (a record that cannot be read, no such game, a bad
level, the engine not installed), 130 when interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tablier.words import counted

from .archive import add_archive_option


def register(subparsers: Any) -> None:
    """Add the ``analyse`` subcommand."""
    parser = subparsers.add_parser("analyse", help="each move's loss against the best, the luck of the "
                                   "dice, each player's error rate")
    parser.add_argument("record", metavar="RECORD",
                        help="a record file (event log, .mat, SGF, PDN, JSON) or an archived record's id")
    parser.add_argument("--level", help="the engine's level, 1-4 (default 2)")
    parser.add_argument("--game-number", type=int, metavar="N", help="only game N of the record")
    parser.add_argument("--store", action="store_true",
                        help="keep the analysis in the archive with the record (a file is imported first)")
    parser.add_argument("--rules", metavar="GAME",
                        help="draughts rules for PDN games without a GameType (english, polish10, ...)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    add_archive_option(parser)
    parser.set_defaults(func=run)


class _Refused(Exception):
    """Bad input: the message is printed as it is, exit status 2."""


def run(args: argparse.Namespace) -> int:
    """Analyse and print; see the module docstring."""
    from tablier.engines import EngineUnavailableError, find_level
    from tablier.record.game_record import RecordError

    counts = [0, 0]  # moves judged, moves to judge
    try:
        level = find_level(args.level)
        sources = _read(args)
        chosen = _chosen(sources, args.game_number)
        analysed = _analyse(chosen, level, counts)
        stored = _store(args, sources, analysed) if args.store else {}
    except _Refused as error:
        print(f"tablier analyse: {error}", file=sys.stderr)
        return 2
    except (RecordError, ValueError, EngineUnavailableError) as error:
        print(f"tablier analyse: {error.args[0] if error.args else error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"tablier analyse: interrupted after {counts[0]} of {counted(counts[1], 'move')}; "
              "nothing was stored", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(_as_json(analysed, level.number, stored, args.store), ensure_ascii=False))
    else:
        _print_table(analysed)
        for record_id in sorted(set(stored.values())):
            print(f"stored with record {record_id} in the archive")
    return 0


# --- finding the record -------------------------------------------------------------------------


def _read(args: argparse.Namespace) -> list[tuple[int | None, Any]]:
    """The records RECORD names, each with its archive id (``None`` for a file's)."""
    from tablier.record.importing import read_records

    from .archive import open_archive

    name = args.record
    if Path(name).exists() or not name.isdigit():
        if not Path(name).exists():
            raise _Refused(f"{name}: no such file (and not an archived record's id)")
        loaded = read_records(name, args.rules)
        for problem in loaded.problems:
            print(f"tablier analyse: skipped {problem}", file=sys.stderr)
        if not loaded.records:
            raise _Refused(f"{name}: holds no game that can be analysed")
        return [(None, record) for record in loaded.records]
    with open_archive(args) as archive:
        try:
            return [(int(name), archive.get(int(name)))]
        except KeyError as error:
            raise _Refused(str(error.args[0])) from None


def _chosen(sources: list[tuple[int | None, Any]], number: int | None) -> list[tuple[int, Any, Any]]:
    """(source index, record, game) of the games to analyse."""
    games = [(index, record, game) for index, (_, record) in enumerate(sources) for game in record.games]
    if number is None:
        if not games:
            raise _Refused("the record holds no game")
        return games
    if len(sources) == 1:
        picked = [entry for entry in games if entry[2].number == number]
    else:
        picked = games[number - 1:number] if number >= 1 else []
    if not picked:
        numbers = ", ".join(str(game.number) for _, _, game in games) if len(sources) == 1 else \
            f"1-{len(games)}"
        raise _Refused(f"no game {number} in the record (its games: {numbers})")
    return picked


# --- analysing ----------------------------------------------------------------------------------


def _analyse(chosen: list[tuple[int, Any, Any]], level: Any,
             counts: list[int]) -> list[tuple[int, Any, Any, Any]]:
    """Each chosen game with its analysis, a progress bar on stderr meanwhile; ``counts`` keeps the
    moves judged and the moves to judge (for the message of an interruption)."""
    from tablier.engines.analysis import ENGINE_NAMES
    from tablier.record import analysing

    from .progress import Progress

    totals = [len(analysing.judged_steps(record, game)) for _, record, game in chosen]
    counts[1] = sum(totals)
    results = []
    for (index, record, game), total in zip(chosen, totals, strict=True):
        progress = Progress(f"analysing game {game.number}", total, unit="move")
        done = 0

        def counted(move: Any, progress: Progress = progress) -> None:
            nonlocal done
            done += 1
            counts[0] += 1
            progress.update(done, move.number)

        try:
            analysis = analysing.analyse_game(record, game, level, counted)
        finally:
            progress.clear()
        if analysis.level != level.number:
            engine = ENGINE_NAMES.get(analysis.engine, analysis.engine)
            print(f"tablier analyse: game {game.number}: {engine} analyses at level {analysis.level} "
                  "at most (deeper takes a minute or more a move)", file=sys.stderr)
        results.append((index, record, game, analysis))
    return results


def _store(args: argparse.Namespace, sources: list[tuple[int | None, Any]],
           analysed: list[tuple[int, Any, Any, Any]]) -> dict[int, int]:
    """Keep every analysis in the archive (a file's records imported first, a new one with its
    analyses in the same transaction); the archive id of each source analysed."""
    from .archive import open_archive

    for _, _, game, analysis in analysed:
        game.analysis = analysis
    ids: dict[int, int] = {}
    with open_archive(args) as archive:
        new = [record for record_id, record in sources if record_id is None]
        added = iter(archive.add_all(new)) if new else iter(())
        for index, (record_id, _) in enumerate(sources):
            ids[index] = record_id if record_id is not None else next(added)[0]
        archive.store_analyses((ids[index], game.number, analysis) for index, _, game, analysis in analysed)
    return {index: ids[index] for index, *_ in analysed}


# --- output ---------------------------------------------------------------------------------------


def _as_json(analysed: list[tuple[int, Any, Any, Any]], level: int, stored: dict[int, int],
             store: bool) -> dict[str, Any]:
    """``{"level", "stored", "games": [{"record", "source", "id", "number", "players", "analysis"}]}``."""
    return {"level": level, "stored": store, "games": [
        {"record": record.title(), "source": record.source, "id": stored.get(index),
         "number": game.number, "players": list(game.players), "analysis": analysis.as_dict()}
        for index, record, game, analysis in analysed]}


def _print_table(analysed: list[tuple[int, Any, Any, Any]]) -> None:
    from tablier.engines.analysis import MARK_GLYPHS, amount, describe_analysis, describe_player
    from tablier.record.game_record import SIDE_NAMES

    shown_title = None
    for _, record, game, analysis in analysed:
        if record.title() != shown_title:
            print(record.title())
            shown_title = record.title()
        unit = analysis.thresholds.unit
        tables = record.family == "tables"
        dice = {step_number: action.dice for step_number, action in enumerate(game.actions, start=1)}
        print(f"\nGame {game.number}: black {game.players[0] or '?'}, white {game.players[1] or '?'}")
        print(f"Judged by {describe_analysis(analysis)}")
        width = max((len(move.played) for move in analysis.moves), default=6)
        head = f"{'no.':>4}  {'side':5}  " + ("throw  " if tables else "") + f"{'played':{width}}  " \
            f"{'loss':>8}  {'mark':13}" + ("  luck" if tables else "") + "  better"
        print(head)
        rows = sorted([(move.number, 1, move) for move in analysis.moves]
                      + [(decision.number, 0, decision) for decision in analysis.cube])  # cube first
        for _, is_move, move in rows:
            loss = "forced" if move.choices <= 1 else amount(move.loss, unit)
            mark = f"{MARK_GLYPHS[move.mark]} {move.mark}" if move.mark else ""
            throw = "".join(map(str, dice.get(move.number, ()))) if is_move and tables else "cube"
            luck = amount(move.luck, unit, signed=True) if move.luck is not None else ""
            line = f"{move.number:>4}  {SIDE_NAMES[move.side]:5}  " + (f"{throw:5}  " if tables else "")
            line += f"{move.played:{width}}  {loss:>8}  {mark:13}" + (f"  {luck:>6}" if tables else "")
            line += f"  {move.best}" if move.loss > 0 else ""
            print(line.rstrip())
        for summary in analysis.players():
            print(f"  {SIDE_NAMES[summary.side]} ({game.players[summary.side] or '?'}): "
                  f"{describe_player(summary, unit)}")
