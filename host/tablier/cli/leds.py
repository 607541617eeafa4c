"""``tablier leds``: what the board's lights say, in the palette chosen, and their pictures."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def add_palette_option(parser: argparse.ArgumentParser) -> None:
    """``--palette NAME``: the lights' colours (``tablier leds``, ``play``, ``demo``)."""
    parser.add_argument("--palette", default="classic",
                        help="the lights' colours: classic (the default), okabe-ito or tol "
                             "(both colour-blind safe; see `tablier leds`)")


def palette_problem(args: argparse.Namespace) -> str:
    """What is wrong with ``--palette`` ('' when nothing); the name is taken in its own spelling."""
    from tablier.board.palettes import find_palette

    try:
        args.palette = find_palette(args.palette).name
    except ValueError as error:
        return str(error)
    return ""


def register(subparsers: Any) -> None:
    """Add the ``leds`` subcommand."""
    parser = subparsers.add_parser(
        "leds", help="the board's lights: each meaning's colour, blink code and letter, in a palette")
    add_palette_option(parser)
    parser.add_argument("--draw", metavar="DIR", type=Path,
                        help="write the palettes, the blink codes and the board lit in each palette as SVG")
    parser.add_argument("--png", action="store_true", help="with --draw: PNG renderings too (rsvg-convert)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the vocabulary in the palette asked, or draw the pictures."""
    from rich.console import Console
    from rich.text import Text

    from tablier.board.colour_vision import DEFICIENCIES
    from tablier.board.led_pictures import hex_colour, pictures, write_pictures
    from tablier.board.leds import VOCABULARY
    from tablier.board.palettes import COLOUR_BLIND_SAFE, find_palette
    from tablier.errors import TablierError

    try:
        palette = find_palette(args.palette)
    except ValueError as error:
        print(f"tablier leds: {error}", file=sys.stderr)
        return 2
    if args.draw is not None:
        print("drawing the palettes, the blink codes and the board in each palette...", flush=True)
        try:
            written = write_pictures(pictures(), args.draw, png=args.png)
        except (TablierError, OSError) as error:
            print(f"tablier leds: {error}", file=sys.stderr)
            return 1
        for path in written:
            print(f"wrote {path}")
        return 0
    console = Console(highlight=False)
    safe = " (colour-blind safe: " + ", ".join(DEFICIENCIES) + ")" if palette in COLOUR_BLIND_SAFE else ""
    console.print(f"{palette.title} palette: {palette.source}{safe}")
    for meaning in VOCABULARY:
        line = Text("  ")
        line.append(f" {meaning.letter} ", style=f"black on {hex_colour(palette[meaning.name])}")
        line.append(f" {meaning.glyph:<2} {meaning.pattern.name:<13} {meaning.name:<16} {meaning.says}")
        console.print(line)
    return 0
