"""The tables games Tablier plays: their variant classes and catalogue entries.

One source of truth: each game's name, title, summary and options are class attributes of its
:class:`~tablier.tables.variant.Variant` subclass; :data:`GAMES` is built from them. A new game adds
its class to :data:`VARIANTS`.
"""

from __future__ import annotations

from collections.abc import Mapping

from tablier.games import GameInfo

from .backgammon import Backgammon
from .jacquet import Jacquet, SpanishBackgammon
from .ticktack import Ticktack
from .variant import Variant
from .versailles import Versailles

VARIANTS: tuple[type[Variant], ...] = (Backgammon, Jacquet, Versailles, SpanishBackgammon, Ticktack)

GAMES: tuple[GameInfo, ...] = tuple(variant.info() for variant in VARIANTS)


def find_variant(name: str) -> type[Variant]:
    """The variant class called ``name`` or one of its aliases; ``KeyError`` if there is none."""
    wanted = name.strip().lower()
    for variant in VARIANTS:
        if wanted == variant.name or wanted in variant.aliases:
            return variant
    known = ", ".join(variant.name for variant in VARIANTS)
    raise KeyError(f"unknown tables game {name!r}; known: {known}")


def make_variant(name: str, options: Mapping[str, str] | None = None) -> Variant:
    """The variant ``name`` with options given as text; ``KeyError``/``ValueError`` on bad input."""
    return find_variant(name).from_strings(options or {})
