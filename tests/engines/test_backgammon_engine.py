"""The Backgammon engine is GNU Backgammon's judgement, mapped onto our complete plays."""

from __future__ import annotations

import random
import sys

import gnubg
import pytest
from engine_positions import tables_positions

from tablier.engines import EngineUnavailableError, tables_engine
from tablier.engines.backgammon import BackgammonEngine
from tablier.engines.gnubg_net import MISSING, gnubg_board
from tablier.tables import Backgammon, Dice
from tablier.tables.catalog import make_variant
from tablier.tables.position import side_board


def agreement(count: int, ply: int, seed: int) -> tuple[int, int]:
    """On ``count`` random positions: how often our best play's equity is gnubg's best, and the count."""
    variant = make_variant("backgammon", {"backgammon_zone": "home-board"})  # gnubg's scoring
    engine = BackgammonEngine(variant)
    agreed = 0
    for position, dice in tables_positions(variant, count, seed):
        ours = engine.rank_at_ply(position, dice, ply)
        theirs = gnubg.findbestmoves(gnubg_board(position), gnubg.cubeinfo(), gnubg.evalcontext(0, ply),
                                     (dice.first, dice.second))
        if not theirs:
            agreed += ours[0].move == ()
            continue
        agreed += abs(ours[0].score - theirs[0]["score"]) < 1e-3
    return agreed, count


def test_the_engine_s_best_play_is_gnubg_s_best_play_on_a_sample() -> None:
    agreed, count = agreement(150, ply=0, seed=2026)
    assert agreed == count


def test_at_one_ply_too() -> None:
    agreed, count = agreement(20, ply=1, seed=7)
    assert agreed == count


def test_a_bear_off_play_is_a_complete_legal_play_not_gnubg_s_truncated_one() -> None:
    variant = Backgammon()
    mine = side_board({6: 1, 5: 1, 4: 3})
    theirs = side_board({24: 2, 23: 3, 13: 5, 8: 5})
    from tablier.tables.position import Position

    position = Position((mine, theirs), 0)
    best = tables_engine(variant).best(position, Dice(6, 5))
    assert best in variant.plays(position, Dice(6, 5))
    assert len(best) == 2  # gnubg's own answer for this play is cut to (6,)


def test_the_numbers_behind_a_play_are_winning_chances_and_gammons() -> None:
    variant = Backgammon()
    ranked = tables_engine(variant).rank(variant.start_position(), Dice(3, 1))
    assert ranked[0].move in variant.plays(variant.start_position(), Dice(3, 1))
    assert str(ranked[0].move[0].dst) == "5"  # 8/5 6/5, making the 5-point
    terms = ranked[0].terms
    assert 0.5 < terms["win"] < 0.6 and 0 < terms["win_gammon"] < terms["win"]
    assert "You win 5" in ranked[0].why and "gammon" in ranked[0].why


def test_without_gnubg_the_message_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gnubg", None)
    with pytest.raises(EngineUnavailableError) as raised:
        tables_engine(Backgammon())
    assert str(raised.value) == MISSING
    assert "pip install 'tablier[engine]'" in MISSING


@pytest.mark.full
def test_the_engine_agrees_with_gnubg_on_a_thousand_positions() -> None:
    agreed, count = agreement(1000, ply=0, seed=random.Random(1).randint(0, 10**6))
    assert agreed == count
