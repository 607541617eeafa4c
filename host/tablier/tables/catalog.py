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
from .ticktack import Ticktack
from .variant import Variant
from .versailles import Versailles

VARIANTS: tuple[type[Variant], ...] = (Backgammon, Jacquet, Versailles, SpanishBackgammon, Ticktack,
                                       Portes, Plakoto, Fevga, Tavla, LongNardy)

GAMES: tuple[GameInfo, ...] = tuple(variant.info() for variant in VARIANTS)


def find_variant(name: str) -> type[Variant]:
    """The variant class called ``name`` or one of its aliases; ``KeyError`` if there is none."""
    variant = lookup(name, VARIANTS, lambda variant: (variant.name, *variant.aliases))
    if variant is None:
        known = ", ".join(variant.name for variant in VARIANTS)
        raise KeyError(f"unknown tables game {name!r}; known: {known}")
    return variant


def make_variant(name: str, options: Mapping[str, str] | None = None) -> Variant:
    """The variant ``name`` with options given as text; ``KeyError``/``ValueError`` on bad input."""
    return find_variant(name).from_strings(options or {})
