"""The ``tablier`` command line.

Each subcommand lives in its own module of this package and exposes ``register(subparsers)``, which
adds its parser and sets ``func`` to a function taking the parsed arguments and returning the exit
status. Heavy imports happen inside those functions so that ``tablier --help`` stays instant.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from tablier import __version__

COMMAND_MODULES = (
    "games",
    "rules",
    "moves",
    "replay",
    "hardware",
    "calibrate",
    "firmware",
    "demo",
    "archive",
    "export",
    "diagram",
    "replay_on_board",
    "play",
    "rebuild",
    "solve",
    "watch",
    "hint",
    "selfplay",
    "analyse",
    "club",
    "leds",
)


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with every installed subcommand."""
    parser = argparse.ArgumentParser(
        prog="tablier", description="Tablier: play and study tables games and draughts on the board."
    )
    parser.add_argument("--version", action="version", version=f"tablier {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"tablier.cli.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"tablier.cli.{name}":  # a missing subcommand is simply not offered
                raise
            continue
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for usage errors, as argparse does)."""
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # refused by the command named, in its usage, with the nearest of its options
        command = _command_parser(parser, getattr(args, "command", None))
        command.error(f"unrecognized arguments: {' '.join(unknown)}{_nearest(command, unknown)}")
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        status: int = args.func(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return status


def _command_parser(parser: argparse.ArgumentParser, command: str | None) -> argparse.ArgumentParser:
    """The parser of the sub-command ``command`` (the top-level one if none)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            chosen: argparse.ArgumentParser = action.choices[command]
            return chosen
    return parser


def _nearest(parser: argparse.ArgumentParser, unknown: list[str]) -> str:
    """`` (did you mean --position?)`` for the first unknown option close to one of ``parser``'s."""
    import difflib

    options = [name for action in parser._actions for name in action.option_strings]
    for word in unknown:
        if word.startswith("--"):
            close = difflib.get_close_matches(word.split("=", 1)[0], options, n=1)
            if close:
                return f" (did you mean {close[0]}?)"
    return ""


if __name__ == "__main__":
    sys.exit(main())
