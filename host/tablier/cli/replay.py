"""``tablier replay GAME FILE.pdn``: check every game of a PDN file with the rules of GAME.

One line per game (moves replayed, or the first illegal move and why); ``--json`` prints
``{"games": N, "moves": M, "illegal": [{"game": i, "ply": k, "move": "...", "reason": "..."}]}``
with games and plies counted from 1. Exit status: 0 when every game is legal, 1 when some are not,
2 when the file cannot be read, holds no PDN game (a text of another kind, another record format
such as ``.mat``, said so) or the game is unknown. The file is read in its encoding (a
byte-order mark, UTF-8, else Latin-1) and replayed one game at a time, so that its size does not
matter; a progress bar goes to stderr when it is a terminal.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tablier.words import counted


def register(subparsers: Any) -> None:
    """Add the ``replay`` subcommand."""
    parser = subparsers.add_parser("replay", help="check every game of a PDN record")
    parser.add_argument("game", help="draughts game whose rules to apply (english, losing, polish, "
                        "polish10, devil; see `tablier games`)")
    parser.add_argument("file", help="the PDN file")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--warnings", action="store_true",
                        help="also list the quirks that were read in a forgiving way")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Replay the file; see the module docstring for the output and exit status."""
    from tablier.draughts import find_variant
    from tablier.draughts.pdn import GameBuilder, read_games
    from tablier.draughts.pdn_replay import replay_game
    from tablier.record.game_record import RecordError
    from tablier.record.pdn_records import read_pdn_text

    from .progress import Progress

    try:
        variant = find_variant(args.game)
    except ValueError as error:
        print(f"tablier replay: {error}", file=sys.stderr)
        return 2
    try:
        text = read_pdn_text(args.file)
    except RecordError as error:
        print(f"tablier replay: {error}", file=sys.stderr)
        return 2
    other = _other_record(args.file, text)
    if other:
        print(f"tablier replay: {args.file} is {other}, not PDN: `tablier replay` checks PDN files; "
              "`tablier archive import` reads and checks the others", file=sys.stderr)
        return 2
    progress = Progress("replaying", text.count("\n") or text.count("\r"))
    illegal: list[dict[str, object]] = []
    games = total = 0
    for number, game in enumerate(read_games(text, GameBuilder), start=1):  # one game at a time
        games = number
        progress.update(game.line, number)
        replay = replay_game(game, variant)
        total += replay.moves
        if replay.failure is not None:
            illegal.append({"game": number, "ply": replay.failure.ply, "move": replay.failure.move,
                            "reason": replay.failure.reason})
        if not args.json:
            progress.clear()
            print(_game_line(number, game.headers, replay.moves, replay.failure))
            if args.warnings:
                for warning in [*map(str, game.warnings), *replay.warnings]:
                    print(f"    note: {warning}")
    progress.clear()
    if not games:
        print(f"tablier replay: {args.file} holds no PDN game", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"games": games, "moves": total, "illegal": illegal}))
    else:
        print(f"{counted(games, 'game')}, {counted(total, 'move')} replayed; "
              f"{games - len(illegal)} legal, {len(illegal)} not")
    return 1 if illegal else 0


def _other_record(name: str, text: str) -> str:
    """What record ``text`` is when it is one Tablier reads but not PDN (``a .mat match``), or ""."""
    from pathlib import Path

    from tablier.record.game_record import RecordError
    from tablier.record.importing import detect_format

    try:
        kind = detect_format(Path(name), text)
    except RecordError:  # no record Tablier knows: read as PDN, which says whether it holds a game
        return ""
    return {"mat": "a .mat match", "sgf": "an SGF record", "json": "a Tablier JSON record",
            "log": "an event log"}.get(kind, "")


def _game_line(number: int, headers: dict[str, str], moves: int, failure: Any) -> str:
    names = " - ".join(headers[tag] for tag in ("Black", "White") if headers.get(tag))
    title = ", ".join(part for part in (names, headers.get("Event", "")) if part)
    label = f"game {number}" + (f" ({title})" if title else "")
    if failure is None:
        return f"{label}: {counted(moves, 'move')}, all legal"
    shown = f" ({failure.move})" if failure.move and not failure.reason.startswith(failure.move) else ""
    return f"{label}: {counted(moves, 'move')} replayed, then at ply {failure.ply}{shown}: {failure.reason}"
