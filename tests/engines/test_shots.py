"""Shots in plain numbers: the adversary's hitting throws out of 36, counted by the rules."""

from __future__ import annotations

import pytest

from tablier.engines.explain import tables_why
from tablier.engines.shots import Shots, shots, shots_words, threats_words, winning_throws
from tablier.engines.tables_terms import terms
from tablier.tables.catalog import make_variant
from tablier.tables.position_text import parse_position

DIRECT_AND_INDIRECT = {1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5, 10: 3, 11: 2, 12: 3}
"""The shot table every backgammon book prints: the throws of 36 that hit a lone man ``n`` pips
away from one adversary man, nothing in between."""


@pytest.mark.parametrize("distance", sorted(DIRECT_AND_INDIRECT))
def test_a_lone_man_is_hit_by_the_throws_of_the_books_shot_table(distance: int) -> None:
    variant = make_variant("backgammon")
    # Black's lone man on his 18 point (White's 7); White's one runner `distance` pips behind it.
    position = parse_position(f"B 18 1x14 / W {7 + distance} 1x14 / W")
    assert shots(variant, position, 0) == Shots(DIRECT_AND_INDIRECT[distance], (18,))


def test_points_held_on_the_way_cut_the_indirect_shots() -> None:
    variant = make_variant("backgammon")
    open_way = parse_position("B 18 1x14 / W 15 1x14 / W")  # 8 away: 6-2, 5-3, 4-4, 2-2
    assert shots(variant, open_way, 0).throws == 6
    # Black holds White's 11 and 9 (his 14 and 16): 4-4 and 2-2 must stop on 11; 6-2 hits only
    # by the 2 first (the 6 first stops on 9); 5-3 goes by 10 or 12, both open.
    blocked = parse_position("B 18 16x2 14x2 1x10 / W 15 1x14 / W")
    assert shots(variant, blocked, 0).throws == 4


def test_the_words_say_the_men_and_the_throws() -> None:
    backgammon, plakoto = make_variant("backgammon"), make_variant("plakoto")
    assert shots_words(backgammon, Shots(0, ())) == "leaves no man he can hit"
    assert shots_words(backgammon, Shots(11, (18,))) == "leaves a man he can hit (11 of his 36 throws hit)"
    assert shots_words(backgammon, Shots(20, (5, 9))) == "leaves 2 men he can hit (20 of his 36 throws hit)"
    assert shots_words(plakoto, Shots(11, (18,))) == "leaves a man he can pin (11 of his 36 throws pin)"


def test_the_hints_why_counts_the_shots_it_speaks_of() -> None:
    variant = make_variant("plakoto")
    after = parse_position("B 24x14 18 / W 24x14 13 / W")
    found = shots(variant, after, 0)
    assert found.men == (18,) and 0 < found.throws < 36
    why = tables_why(variant, {"blots": 1.0}, after, 0)
    assert why == f"This play leaves a man he can pin ({found.throws} of his 36 throws pin)."
    assert "2.5" not in tables_why(variant, terms(variant, after, 0), after, 0)


def test_ticktack_threats_are_his_winning_throws() -> None:
    variant = make_variant("ticktack")
    position = parse_position("W 24x14 13 / B 24x14 16 / W")  # white's 4-1 hits black's man: a win
    wins = winning_throws(variant, position)
    assert wins > 0
    assert threats_words(variant, position) == f"gives him a win with {wins} of his 36 throws"
