"""Plakoto's standing lights: the mover's pinned men glow `pinned`, and each side's mother (its last
man on its starting point) glows `mother`."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from tablier.board.leds import MOTHER, PINNED
from tablier.board.orientation import Orientation
from tablier.play.tables.display import TablesDisplay
from tablier.tables.catalog import make_variant
from tablier.tables.position_text import parse_position


def places(game: str, text: str) -> list[tuple[tuple[str, int], str]]:
    variant = make_variant(game)
    session: Any = SimpleNamespace(variant=variant, orientation=Orientation(variant, "home-right"),
                                   flow=SimpleNamespace(position=parse_position(text)))
    return [(place, meaning.name) for place, meaning in TablesDisplay(session).plakoto_places()]


def test_the_movers_pinned_man_and_both_mothers_light() -> None:
    # black to move: his man on his 5 lies under white's; each side has one man left at home
    lit = places("plakoto", "W 24 20 6x13 / B 24 5p 6x13 / B")
    assert (("point", 24), MOTHER.name) in lit      # black's mother on his 24
    assert (("point", 1), MOTHER.name) in lit       # white's on his 24, the board's 1
    assert (("point", 5), PINNED.name) in lit


def test_nothing_of_the_sort_in_other_games() -> None:
    assert places("backgammon", "W 24 6x14 / B 24 6x14 / B") == []
