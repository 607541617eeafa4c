"""``tablier hint GAME``: the computer's plays of a position, best first, each with its score and why.

``tablier hint backgammon --dice 6-4 --json`` prints
``{"hints": [{"notation": "24/14", "position": "<Position ID>", "score": 0.013, "why": "..."}, ...]}``.
``position`` is written as ``tablier moves`` writes it (the Position ID or position text of the
position after the play, for the next player on roll; for draughts the FEN after the move); ``score``
is the engine's own measure, higher is better for the side to move (equity for Backgammon).
``--level`` picks the strength (1-4; docs/engines.md); without it the plays are ranked at the
teacher's level for the game (``tablier.engines.judge.teacher_level``: level 2 for the games GNU
Backgammon plays, 1 for the others), so that ``tablier hint`` answers as the teacher at the board
does, whose hints and warnings read the same ranking. Bad input: a one-line error on stderr and exit
status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tablier.cli.moves import add_option_arguments


def register(subparsers: Any) -> None:
    """Add the ``hint`` subcommand."""
    parser = subparsers.add_parser("hint", help="the computer's best plays of a position, and why")
    parser.add_argument("game", help="game name (see `tablier games`)")
    parser.add_argument("--position", help="tables games: the position (as for `tablier moves`); "
                        "default: the start")
    parser.add_argument("--dice", help="tables games: the throw to play, e.g. 6-4")
    parser.add_argument("--fen", help="draughts: the position as FEN; default: the start")
    parser.add_argument("--level", help="the computer's level, 1-4 (default: the teacher's level for "
                        "the game, the one its hints and warnings use)")
    parser.add_argument("--count", type=int, default=0, help="show only the best COUNT plays")
    add_option_arguments(parser)
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Rank the plays and print them; exit status 2 with a one-line message on bad input."""
    from tablier.engines import EngineUnavailableError, find_level
    from tablier.engines.judge import teacher_level
    from tablier.errors import InvalidPositionError
    from tablier.games import find_game

    try:
        game = find_game(args.game)
        level = find_level(args.level) if args.level else teacher_level(game.name)
        if args.count < 0:
            raise ValueError("--count is a number of plays, 1 or more")
        title, hints = (_tables_hints(game, args, level) if game.family == "tables"
                        else _draughts_hints(game, args, level))
    except InvalidPositionError as error:
        print(f"tablier hint: invalid position: {error}", file=sys.stderr)
        return 2
    except (ValueError, KeyError, EngineUnavailableError) as error:
        print(f"tablier hint: {error.args[0] if error.args else error}", file=sys.stderr)
        return 2
    if args.count:
        hints = hints[:args.count]
    if args.json:
        print(json.dumps({"hints": hints}))
        return 0
    print(title)
    if not hints:
        print("no move: the game is over")
    width = max((len(hint["notation"]) for hint in hints), default=0)
    for number, hint in enumerate(hints, start=1):
        print(f"{number:>3}. {hint['notation'].ljust(width)}  {hint['score']:+.3f}  {hint['why']}")
    return 0


def _tables_hints(game: Any, args: argparse.Namespace, level: Any) -> tuple[str, list[dict[str, Any]]]:
    from tablier.cli.moves import chosen_options
    from tablier.cli.moves_tables import read_position, write_position
    from tablier.engines import describe, tables_engine
    from tablier.tables.catalog import make_variant
    from tablier.tables.moves import Dice
    from tablier.tables.notation import format_play
    from tablier.tables.position_text import looks_like_position_text

    if args.fen:
        raise ValueError(f"{game.title} positions are given with --position, not --fen")
    variant = make_variant(game.name, chosen_options(game, args))
    if not args.dice:
        raise ValueError("--dice is required for a tables game, e.g. --dice 6-4")
    dice = Dice.parse(args.dice)
    position = read_position(variant, args.position)
    as_text = bool(args.position) and looks_like_position_text(args.position)
    engine = tables_engine(variant)
    hints = [{"notation": format_play(candidate.move),
              "position": write_position(variant, variant.after(position, candidate.move), as_text),
              "score": candidate.score, "why": candidate.why}
             for candidate in engine.rank(position, dice, level)]
    title = f"{game.title}, {dice} to play, {_level_words(args, level)} ({describe(game.name)}): best first"
    wins = variant.wins(position, dice)
    if wins:
        title += f"\nclaim first: {wins[0]} (this throw allows {', '.join(str(rule) for rule in wins)})"
    return title, hints


def _draughts_hints(game: Any, args: argparse.Namespace, level: Any) -> tuple[str, list[dict[str, Any]]]:
    from tablier.cli.moves import chosen_options
    from tablier.draughts.catalog import split_options
    from tablier.draughts.variants import find_variant
    from tablier.engines import describe, draughts_engine

    if args.position or args.dice:
        raise ValueError(f"{game.title} positions are given with --fen (and there are no dice)")
    board_options, _ = split_options(game.name, chosen_options(game, args))
    board_class = find_variant(game.name)
    board = board_class(args.fen, **board_options)
    hints = []
    for candidate in draughts_engine(board_class).rank(board, level):
        board.push(candidate.move)
        hints.append({"notation": str(candidate.move), "position": board.fen(),
                      "score": candidate.score, "why": candidate.why})
        board.pop()
    title = f"{game.title}, {board.fen()}, {_level_words(args, level)} ({describe(game.name)}): best first"
    return title, hints


def _level_words(args: argparse.Namespace, level: Any) -> str:
    """``level 2`` (``level 2, the teacher's`` when not asked: the teacher at the board says the same)."""
    return f"level {level.number}" + ("" if args.level else ", the teacher's")
