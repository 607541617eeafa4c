"""The catalogue of every game and variant Tablier plays, with their named options.

Each game family (``tablier.tables``, ``tablier.draughts``) publishes a ``GAMES`` tuple of
:class:`GameInfo` in its ``catalog`` module; this module gathers them. The catalogue is data: the CLI
lists it (``tablier games``), prints rules from it (``tablier rules``) and dispatches on its
``family``.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

OptionValue = str | int | bool
Named = TypeVar("Named")

FAMILY_MODULES = ("tablier.tables.catalog", "tablier.draughts.catalog")


@dataclass(frozen=True)
class Option:
    """A convention a rule book leaves open, with that book's default."""

    name: str
    default: str | int | bool
    choices: tuple[str | int | bool, ...] = ()
    help: str = ""

    def parse(self, text: str) -> OptionValue:
        """``text`` (from the command line) as a value of this option; ``ValueError`` if it is not one."""
        value: OptionValue
        if isinstance(self.default, bool):
            lowered = text.strip().lower()
            if lowered not in ("1", "0", "true", "false", "yes", "no", "on", "off"):
                raise ValueError(f"option {self.name} takes yes or no, not {text!r}")
            value = lowered in ("1", "true", "yes", "on")
        elif isinstance(self.default, int):
            try:
                value = int(text)
            except ValueError:
                raise ValueError(f"option {self.name} takes a whole number, not {text!r}") from None
        else:
            value = text.strip()
        if self.choices and value not in self.choices:
            choices = ", ".join(str(choice) for choice in self.choices)
            raise ValueError(f"option {self.name} is one of {choices}, not {text!r}")
        return value


def parse_option_values(game_name: str, options: Sequence[Option],
                        given: Mapping[str, str]) -> dict[str, OptionValue]:
    """The options ``given`` as text (``{"american": "yes"}``) parsed; ``ValueError`` naming the
    game's options when one is unknown or its value is not allowed."""
    known = {option.name: option for option in options}
    values: dict[str, OptionValue] = {}
    for name, text in given.items():
        if name not in known:
            raise ValueError(f"{game_name} has no option {name!r} (options: {', '.join(known) or 'none'})")
        values[name] = known[name].parse(text)
    return values


@dataclass(frozen=True)
class RuleSection:
    """One part of a game's rules as the program applies them (``tablier rules GAME``).

    A line may name an option in braces (``"needs {return_men} return men"``), filled in with the
    value in force; a line starting ``[name=value]`` is shown only when that option has that value.
    """

    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class RulesPreset:
    """A named set of option values players know by one word (``--rules modern``); options given
    one by one (``--option``) still win over it."""

    name: str
    summary: str
    values: tuple[tuple[str, str], ...] = ()


#: The record formats a game's records may be written in (besides the pictures any game has).
RECORD_FORMATS = ("mat", "sgf", "pdn", "json", "txt")
#: The formats that draw a record of any game.
PICTURE_FORMATS = ("html", "svg", "png")
#: Every format ``tablier export`` writes.
EXPORT_FORMATS = (*RECORD_FORMATS, *PICTURE_FORMATS)


@dataclass(frozen=True)
class GameFacts:
    """What the rooms outside a game's rules need to know of it, said once, on the game itself
    (python-chess keeps ``uci_variant`` on its board classes the same way), so that a game made by
    subclassing another keeps them or says otherwise in one place.

    ``unit``: what a game's result counts in (``point``, ``counter``, ``game``). ``formats``: the
    record formats of :data:`RECORD_FORMATS` that can hold its games. ``match_play``: played in
    matches with the doubling cube (the match score, the Crawford rule, GNU Backgammon's Match ID).
    ``gnubg_moves``: its moves are Backgammon's as GNU Backgammon plays them (its engine may play
    and judge them). ``touch_and_take``: a man touched must be played and a play made stands, so a
    play is never taken back. ``rests_between``: a man using both dice rests on the point between
    (the board may be asked to see it touch down there). ``hands_dice_over``: a die one side cannot
    play goes to the other, so one side may play twice running.
    """

    unit: str = "point"
    formats: tuple[str, ...] = ("json", "txt")
    match_play: bool = False
    gnubg_moves: bool = False
    touch_and_take: bool = False
    rests_between: bool = False
    hands_dice_over: bool = False

    @property
    def gnubg_game(self) -> bool:
        """Whether GNU Backgammon plays this very game, its moves and its cube: its positions are
        Position IDs and its matches Match IDs."""
        return self.gnubg_moves and self.match_play

    def units(self, count: int) -> str:
        """``count`` in the game's unit: ``1 point``, ``3 counters``."""
        return f"{count} {self.unit}{'s' * (count != 1)}"


@dataclass(frozen=True)
class GameInfo:
    """One game or variant: its command-line name, family and options (and, optionally, the rules
    it applies, section by section), and its :class:`GameFacts`."""

    name: str
    family: str
    title: str
    summary: str
    aliases: tuple[str, ...] = ()
    options: tuple[Option, ...] = field(default_factory=tuple)
    rules: tuple[RuleSection, ...] = ()
    presets: tuple[RulesPreset, ...] = ()
    facts: GameFacts = GameFacts()


def game_options(game: GameInfo, rules: str | None, given: Mapping[str, str],
                 match_length: int = 0) -> dict[str, str]:
    """The options to play ``game`` with, as text: the preset named ``rules`` (if any), then those
    ``given`` one by one over it. A match (``match_length`` > 0) turns the cube on when the game has
    one and neither the preset nor ``given`` says otherwise. ``ValueError`` on an unknown preset."""
    values: dict[str, str] = {}
    if rules:
        preset = lookup(rules, game.presets, lambda preset: (preset.name,))
        if preset is None:
            known = ", ".join(preset.name for preset in game.presets) or "none"
            raise ValueError(f"{game.name} has no rules called {rules!r} (rules: {known})")
        values.update(preset.values)
    values.update(given)
    if match_length and "cube" not in values and any(o.name == "cube" for o in game.options):
        values["cube"] = "yes"
    return values


def rules_in_force(game: GameInfo, values: Mapping[str, OptionValue]) -> str:
    """The rules ``values`` amount to, in a few words for the game's header: the named rules they
    equal (``"modern rules"``), else the nearest named rules and what differs (``"1890s rules, with
    cube"``), else what differs from the defaults (``"with cube, opening: play-opening"``)."""
    typed = {option.name: option.default for option in game.options}
    typed.update(values)

    def differences(base: Mapping[str, OptionValue]) -> list[str]:
        return [_in_words(option.name, typed[option.name]) for option in game.options
                if typed[option.name] != base[option.name]]

    nearest: tuple[int, str, list[str]] | None = None
    for preset in game.presets:
        wanted = {option.name: option.default for option in game.options}
        wanted.update(parse_option_values(game.name, game.options, dict(preset.values)))
        changed = differences(wanted)
        if nearest is None or len(changed) < nearest[0]:
            nearest = (len(changed), preset.name, changed)
    if nearest is not None:
        return ", ".join([f"{nearest[1]} rules", *nearest[2]])
    return ", ".join(differences({option.name: option.default for option in game.options}))


def _in_words(name: str, value: OptionValue) -> str:
    """An option's value as a header says it: ``with cube``, ``no backgammons``, ``points: 5``."""
    words = name.replace("_", " ")
    if isinstance(value, bool):
        return f"with {words}" if value else f"no {words}"
    return f"{words}: {value}"


def all_games() -> list[GameInfo]:
    """Every game of every family that is installed, in catalogue order."""
    games: list[GameInfo] = []
    for module_name in FAMILY_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if not error.name or not module_name.startswith(error.name):
                raise
            continue
        games.extend(module.GAMES)
    return games


#: Names of games Tablier does not play that a player may try, with what to say about each.
OTHER_GAMES = dict.fromkeys(("trictrac", "tric-trac", "trick-track"), (
    "Trictrac is the French game of its own (holes, jans, the score by points), which Tablier does not "
    "play; the 1890s book's 'Backgammon, or Tric-trac' is backgammon; "))


def find_game(name: str) -> GameInfo:
    """The game called ``name`` (or one of its aliases); ``KeyError`` naming the closest names and
    every known one if none."""
    games = all_games()
    game = lookup(name, games, lambda game: (game.name, *game.aliases))
    if game is None:
        known = ", ".join(game.name for game in games)
        every_name = {alias: game.name for game in games for alias in (game.name, *game.aliases)}
        close = difflib.get_close_matches(name.strip().lower(), every_name, n=1, cutoff=0.6)
        suggestions = list(dict.fromkeys(every_name[alias] for alias in close))
        hint = f"did you mean {suggestions[0]}? " if suggestions else ""
        other = OTHER_GAMES.get(name.strip().lower().replace(" ", "-"), "")
        raise KeyError(f"unknown game {name!r}; {other or hint}known games: {known}")
    return game


def lookup(name: str, candidates: Iterable[Named],
           names: Callable[[Named], Iterable[str]]) -> Named | None:
    """The first candidate that ``name`` (case and surrounding blanks ignored) names, or None."""
    wanted = name.strip().lower()
    return next((candidate for candidate in candidates if wanted in names(candidate)), None)
