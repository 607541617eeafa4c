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

from tablier.games import GameInfo, Option, find_game

OptionValue = str | int | bool
_CONDITION = re.compile(r"\[(?P<name>\w+)=(?P<value>[^\]]+)\]\s*")
_FIELD = re.compile(r"\{(\w+)\}")


def register(subparsers: Any) -> None:
    """Add the ``rules`` subcommand."""
    parser = subparsers.add_parser("rules", help="print a game's rules as the program applies them")
    parser.add_argument("game", help="game name (see `tablier games`)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="show the rules under another convention (repeatable)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(func=run)


def option_values(game: GameInfo, pairs: list[str]) -> dict[str, OptionValue]:
    """Every option of ``game`` with its value: the default, or the one given as ``NAME=VALUE``."""
    values: dict[str, OptionValue] = {option.name: option.default for option in game.options}
    known = {option.name: option for option in game.options}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise ValueError(f"option {pair!r} is not NAME=VALUE")
        if name not in known:
            raise ValueError(f"{game.name} has no option {name!r} (options: {', '.join(known) or 'none'})")
        values[name] = _parse_value(known[name], text.strip())
    return values


def _parse_value(option: Option, text: str) -> OptionValue:
    value: OptionValue
    if isinstance(option.default, bool):
        if text.lower() not in ("yes", "no", "true", "false", "on", "off", "1", "0"):
            raise ValueError(f"option {option.name} takes yes or no, not {text!r}")
        value = text.lower() in ("yes", "true", "on", "1")
    elif isinstance(option.default, int):
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"option {option.name} takes a whole number, not {text!r}") from None
    else:
        value = text
    if option.choices and value not in option.choices:
        raise ValueError(f"option {option.name} is one of {', '.join(map(str, option.choices))}, "
                         f"not {text!r}")
    return value


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
        values = option_values(game, args.option)
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
                          "options": options}, indent=2))
        return 0
    print(game.title)
    print("=" * len(game.title))
    print(game.summary)
    for number, (heading, lines) in enumerate(sections, 1):
        print(f"\n{number}. {heading}")
        for line in lines:
            print(f"   - {line}")
    print("\nOptions in force" if options else "\nThis game has no options.")
    for option in options:
        changed = "" if option["value"] == option["default"] else f" (default {option['default']})"
        print(f"   {option['name']} = {option['value']}{changed}: {option['help']}")
    return 0
