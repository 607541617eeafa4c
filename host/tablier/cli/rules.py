"""``tablier rules GAME``: the rules of a game as the program applies them.

Everything printed comes from the catalogue entry the engine itself is built from (:class:`GameInfo`):
its rule sections (with option values filled in and the lines of other choices left out) and its
option table (each option's value in force, its default and what it means). ``--option NAME=VALUE``
shows the rules under another convention; an unknown option or value is a usage error (status 2).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from tablier.cli.moves import add_option_arguments, chosen_options
from tablier.games import GameInfo, OptionValue, find_game, parse_option_values, rules_in_force

_CONDITION = re.compile(r"\[(?P<name>\w+)=(?P<value>[^\]]+)\]\s*")
_FIELD = re.compile(r"\{(\w+)\}")


def register(subparsers: Any) -> None:
    """Add the ``rules`` subcommand."""
    parser = subparsers.add_parser("rules", help="print a game's rules as the program applies them")
    parser.add_argument("game", help="game name (see `tablier games`)")
    add_option_arguments(parser)
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(func=run)


def option_values(game: GameInfo, args: argparse.Namespace) -> dict[str, OptionValue]:
    """Every option of ``game`` with its value: the default, or the one ``--rules`` and ``--option``
    give."""
    values: dict[str, OptionValue] = {option.name: option.default for option in game.options}
    values.update(parse_option_values(game.name, game.options, chosen_options(game, args)))
    return values


def applied_sections(game: GameInfo, values: dict[str, OptionValue]) -> list[tuple[str, list[str]]]:
    """The game's rule sections under ``values``: conditions resolved, option fields filled in."""
    sections = []
    for section in game.rules:
        lines = []
        for line in section.lines:
            condition = _CONDITION.match(line)
            if condition:
                if str(values[condition.group("name")]) != condition.group("value"):
                    continue
                line = line[condition.end():]
            lines.append(_fill(line, values))
        sections.append((_fill(section.heading, values), lines))
    return sections


def _fill(text: str, values: dict[str, OptionValue]) -> str:
    return _FIELD.sub(lambda match: str(values[match.group(1)]), text)


def run(args: argparse.Namespace) -> int:
    """Print the rules; status 2 on an unknown game or option."""
    try:
        game = find_game(args.game)
        values = option_values(game, args)
    except KeyError as error:
        print(f"tablier rules: {error.args[0]}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"tablier rules: {error}", file=sys.stderr)
        return 2
    sections = applied_sections(game, values)
    options = [{"name": option.name, "value": values[option.name], "default": option.default,
                "choices": list(option.choices), "help": option.help} for option in game.options]
    if args.json:
        print(json.dumps({"game": game.name, "title": game.title, "summary": game.summary,
                          "sections": [{"heading": heading, "lines": lines} for heading, lines in sections],
                          "options": options,
                          "presets": [{"name": p.name, "summary": p.summary, "options": dict(p.values)}
                                      for p in game.presets]}, indent=2))
        return 0
    title = game.title + (f" ({in_force})" if (in_force := rules_in_force(game, values)) else "")
    print(title)
    print("=" * len(title))
    print(game.summary)
    for number, (heading, lines) in enumerate(sections, 1):
        print(f"\n{number}. {heading}")
        for line in lines:
            print(f"   - {line}")
    print("\nOptions in force" if options else "\nThis game has no options.")
    for option in options:
        changed = "" if option["value"] == option["default"] else f" (default {option['default']})"
        print(f"   {option['name']} = {option['value']}{changed}: {option['help']}")
    if game.presets:
        print("\nNamed rules (--rules NAME)")
        for preset in game.presets:
            print(f"   {preset.name}: {preset.summary}")
    return 0
