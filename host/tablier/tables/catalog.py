"""The tables games Tablier plays: their variant classes and catalogue entries.

One source of truth: each game's name, title, summary and options are class attributes of its
:class:`~tablier.tables.variant.Variant` subclass; :data:`GAMES` is built from them. A new game adds
its class to :data:`VARIANTS`.
"""

from __future__ import annotations

from collections.abc import Mapping

from tablier.games import GameInfo, lookup

from .backgammon import Backgammon
from .fevga import Fevga, LongNardy
from .jacquet import Jacquet, SpanishBackgammon
from .plakoto import Plakoto
from .portes import Portes, Tavla
from .short_nardy import ShortNardy
from .tavli import TavliRotation
from .ticktack import Ticktack
from .variant import Variant
from .versailles import Versailles

VARIANTS: tuple[type[Variant], ...] = (Backgammon, Jacquet, Versailles, SpanishBackgammon, Ticktack,
                                       Portes, Plakoto, Fevga, Tavla, LongNardy, ShortNardy)

#: The matches that play several of the games in turn (Greek Tavli).
MATCHES: tuple[type[TavliRotation], ...] = (TavliRotation,)

GAMES: tuple[GameInfo, ...] = (*(variant.info() for variant in VARIANTS),
                               *(match.info() for match in MATCHES))


def find_variant(name: str) -> type[Variant]:
    """The variant class called ``name`` or one of its aliases; ``KeyError`` if there is none."""
    variant = lookup(name, VARIANTS, lambda variant: (variant.name, *variant.aliases))
    if variant is None:
        rotation = find_rotation(name)
        if rotation is not None:
            games = ", ".join(game.name for game in rotation.ROTATION)
            raise KeyError(f"{rotation.title} is a match of {games} played in turn: name one of them")
        known = ", ".join(variant.name for variant in VARIANTS)
        raise KeyError(f"unknown tables game {name!r}; known: {known}")
    return variant


def find_rotation(name: str) -> type[TavliRotation] | None:
    """The match of several games called ``name`` (Tavli), or None."""
    return lookup(name, MATCHES, lambda match: (match.name, *match.info().aliases))


def game_variant(name: str, options: Mapping[str, str] | None, game_number: int) -> Variant:
    """The variant game ``game_number`` of a match of ``name`` is played by: the game itself, or,
    in a match of games in turn (Tavli), the game whose turn it is."""
    rotation = find_rotation(name)
    if rotation is not None:
        return rotation.variant(game_number)
    return make_variant(name, options)


def make_variant(name: str, options: Mapping[str, str] | None = None) -> Variant:
    """The variant ``name`` with options given as text; ``KeyError``/``ValueError`` on bad input."""
    return find_variant(name).from_strings(options or {})
