"""``tablier moves GAME``: every distinct legal play or move of a position, as a table or JSON.

The command is shared by every game; it finds the game in the catalogue and hands the arguments to
its family's ``tablier.cli.moves_<family>.run(game, args)``. Bad input gets a one-line error on
stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

from tablier.games import GameInfo, find_game, game_options


def register(subparsers: Any) -> None:
    """Add the ``moves`` subcommand."""
    parser = subparsers.add_parser("moves", help="list the legal plays of a position")
    parser.add_argument("game", help="game name (see `tablier games`)")
    parser.add_argument("--position", help="tables games: the position (Position ID for backgammon, "
                        "or the position text format of docs/positions.md); default: the start")
    parser.add_argument("--dice", help="tables games: the throw, e.g. 6-6 or 31")
    parser.add_argument("--fen", help="draughts: the position as FEN; default: the start")
    add_option_arguments(parser)
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(func=run)


def add_option_arguments(parser: argparse.ArgumentParser) -> None:
    """``--rules NAME`` (a named set of rules, e.g. ``modern``) and ``--option NAME=VALUE``."""
    parser.add_argument("--rules", metavar="NAME",
                        help="a named set of rules (Backgammon: 1890s, the default, or modern; "
                        "see `tablier games`)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="set a rules option (repeatable; see `tablier rules GAME`); wins over --rules")


def chosen_options(game: GameInfo, args: argparse.Namespace, match_length: int = 0) -> dict[str, str]:
    """The options ``args`` ask for (``--rules``, then each ``--option``), as text; ``ValueError``
    on a malformed pair or an unknown rules name."""
    return game_options(game, getattr(args, "rules", None), parse_options(args.option), match_length)


def parse_options(pairs: list[str]) -> dict[str, str]:
    """``["a=1", "b=x"]`` as ``{"a": "1", "b": "x"}``; ``ValueError`` on a pair without ``=``."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"option {pair!r} is not NAME=VALUE")
        options[name.strip()] = value.strip()
    return options


def run(args: argparse.Namespace) -> int:
    """Dispatch to the game family's implementation."""
    try:
        game = find_game(args.game)
    except KeyError as error:
        print(f"tablier moves: {error.args[0]}", file=sys.stderr)
        return 2
    family = importlib.import_module(f"tablier.cli.moves_{game.family}")
    status: int = family.run(game, args)
    return status
