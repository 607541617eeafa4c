"""``tablier games``: list every game and variant with its options and defaults."""

from __future__ import annotations

import argparse
import json
from typing import Any

from tablier.games import all_games


def register(subparsers: Any) -> None:
    """Add the ``games`` subcommand."""
    parser = subparsers.add_parser("games", help="list every game and variant with its options")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the catalogue."""
    games = all_games()
    if args.json:
        print(json.dumps([
            {
                "name": g.name, "family": g.family, "title": g.title, "aliases": list(g.aliases),
                "options": [{"name": o.name, "default": o.default, "choices": list(o.choices),
                             "help": o.help} for o in g.options],
                "presets": [{"name": p.name, "summary": p.summary, "options": dict(p.values)}
                            for p in g.presets],
            }
            for g in games
        ], indent=2))
        return 0
    for game in games:
        aliases = f" (also {', '.join(game.aliases)})" if game.aliases else ""
        print(f"{game.name:<12} {game.title}{aliases}")
        print(f"{'':<12} {game.summary}")
        for option in game.options:
            choices = f" [{'|'.join(str(c) for c in option.choices)}]" if option.choices else ""
            print(f"{'':<14}--option {option.name}={option.default}{choices}  {option.help}")
        for preset in game.presets:
            print(f"{'':<14}--rules {preset.name}  {preset.summary}")
    return 0
