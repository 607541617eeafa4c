"""``tablier diagram``: an SVG (or PNG) picture of a position.

``tablier diagram GAME [POSITION] [--dice 52] [--lit 13,8] [--out FILE]``: a tables position in the
position text format (``docs/positions.md``) or a draughts FEN; the game's start if none is given.
``tablier diagram --record ID [--game-number N] [--move K]``: a position of an archived game (after
K actions; default the end). The picture goes to ``--out`` (``.svg`` or ``.png``; PNG needs
``rsvg-convert``; any other suffix is refused), else SVG to standard output. Exit status 2 for bad
input.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .archive import add_archive_option


def register(subparsers: Any) -> None:
    """Add the ``diagram`` subcommand."""
    parser = subparsers.add_parser("diagram", help="draw a position as SVG or PNG")
    parser.add_argument("game", nargs="?", help="the game (backgammon, jacquet, english, ...)")
    parser.add_argument("position", nargs="?",
                        help="tables position text or draughts FEN (default: the start)")
    parser.add_argument("--dice", default="", help="dice to show, e.g. 52")
    parser.add_argument("--lit", default="", help="points or squares to light, e.g. 13,8")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    parser.add_argument("--record", type=int, metavar="ID", help="draw a position of an archived record")
    parser.add_argument("--game-number", type=int, default=1, help="which game of the record (default 1)")
    parser.add_argument("--move", type=int, help="after this many actions (default: the end)")
    add_archive_option(parser)
    parser.add_argument("--out", metavar="FILE", help=".svg or .png file (default: SVG to standard output)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Draw; see the module docstring."""
    from tablier.errors import TablierError
    from tablier.record.svg_diagram import svg_to_png

    suffix = Path(args.out).suffix.lower() if args.out else ".svg"
    if suffix not in (".svg", ".png"):
        asked = suffix or "a name without a suffix"
        print(f"tablier diagram: {args.out}: a diagram is written as .svg or .png, not {asked}",
              file=sys.stderr)
        return 2
    try:
        svg = _from_record(args) if args.record is not None else _from_position(args)
        if suffix == ".png":
            Path(args.out).write_bytes(svg_to_png(svg))
        elif args.out:
            Path(args.out).write_text(svg, encoding="utf-8")
        else:
            sys.stdout.write(svg)
    except (TablierError, KeyError, ValueError) as error:
        print(f"tablier diagram: {error.args[0] if error.args else error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"tablier diagram: cannot write {args.out}: {error.strerror}", file=sys.stderr)
        return 2
    return 0


def _from_record(args: argparse.Namespace) -> str:
    from tablier.record.exporting import final_svg

    from .archive import open_archive

    with open_archive(args) as archive:
        record = archive.get(args.record)
    return str(final_svg(record, args.game_number, args.move))


def _from_position(args: argparse.Namespace) -> str:
    from tablier.cli.moves import parse_options
    from tablier.draughts.catalog import make_board
    from tablier.games import find_game
    from tablier.record.svg_diagram import draughts_svg, tables_svg
    from tablier.tables.catalog import make_variant
    from tablier.tables.position_text import frame_of, parse_position

    if not args.game:
        raise ValueError("name a game (tablier diagram backgammon) or a record (--record ID)")
    game = find_game(args.game)
    options = parse_options(args.option)
    lit = {int(part) for part in args.lit.replace(" ", "").split(",") if part}
    if game.family == "draughts":
        return draughts_svg(make_board(game.name, args.position, options), lit)
    variant = make_variant(game.name, options)
    position = parse_position(args.position, frame_of(variant)) if args.position else variant.start_position()
    variant.validate(position)
    dice = tuple(int(die) for die in args.dice if die.isdigit())
    return tables_svg(position, variant, dice, lit)
