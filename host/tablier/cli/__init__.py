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
    args = parser.parse_args(argv)
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


if __name__ == "__main__":
    sys.exit(main())
