"""Judging moves: the loss against the engine's best, the marks, the luck of a throw (pure)."""

from __future__ import annotations

import pytest

from tablier.engines import LEVELS, tables_engine
from tablier.engines.analysis import (
    BACKGAMMON_THRESHOLDS,
    DRAUGHTS_THRESHOLDS,
    GameAnalysis,
    MoveAnalysis,
    TablesJudge,
    describe_move,
    summarise,
    thresholds_for,
)
from tablier.tables.catalog import make_variant
from tablier.tables.moves import ALL_ROLLS, Dice
from tablier.tables.notation import format_play


def test_the_marks_follow_each_games_thresholds() -> None:
    assert thresholds_for("backgammon") is BACKGAMMON_THRESHOLDS
    assert thresholds_for("english") is DRAUGHTS_THRESHOLDS
    marks = [BACKGAMMON_THRESHOLDS.mark(loss) for loss in (0.0, 0.039, 0.04, 0.08, 0.16, 1.2)]
    assert marks == ["", "", "inaccuracy", "mistake", "blunder", "blunder"]
    assert thresholds_for("jacquet").unit == thresholds_for("ticktack").unit == "evaluation points"
    blunders = [thresholds_for(game).blunder for game in ("ticktack", "plakoto", "fevga")]
    assert blunders == sorted(blunders, reverse=True)  # each on its own evaluation's scale


def test_jacquet_plays_are_judged_against_the_engines_best_and_luck_averages_to_nothing() -> None:
    variant = make_variant("jacquet")
    judge = TablesJudge(tables_engine(variant), LEVELS[0])
    position = variant.start_position()
    for dice in (Dice(6, 5), Dice(3, 3)):
        position = variant.after(position, variant.plays(position, dice)[0]).with_turn(position.turn)
    dice = Dice(5, 2)
    plays = variant.plays(position, dice)
    judged = [judge.judge(7, position, dice, play) for play in plays]
    assert all(move.loss >= 0 and move.choices == len(plays) for move in judged)
    best = tables_engine(variant).rank(position, dice, LEVELS[0])[0].move
    assert judge.judge(7, position, dice, best).loss == 0
    worst = max(judged, key=lambda move: move.loss)
    assert worst.loss > 0 and worst.best == format_play(best)
    weighted = sum((1 if roll.is_doublet else 2) * judge.luck(position, roll) for roll in ALL_ROLLS)
    assert weighted == pytest.approx(0, abs=1e-6)


def test_an_analysis_reads_back_from_its_json_form_and_says_what_is_wrong() -> None:
    moves = (MoveAnalysis(1, 0, "24/23 24/21", "8/5 6/5", 0.179, "blunder", 16, 0.083),
             MoveAnalysis(2, 1, "8/4 6/4", "8/4 6/4", 0.0, "", 18, -0.04),
             MoveAnalysis(3, 0, "6/off", "6/off", 0.0, "", 1, 0.5))
    analysis = GameAnalysis("backgammon", "gnubg", 2, BACKGAMMON_THRESHOLDS, moves)
    assert GameAnalysis.from_dict(analysis.as_dict()) == analysis
    black, white = analysis.players()
    assert (black.moves, black.blunders, black.mean_loss) == (1, 1, 0.179)  # the forced move is left out
    assert black.luck == pytest.approx(0.583) and white.luck == pytest.approx(-0.04)
    assert summarise(list(moves), 1).moves == 1
    assert describe_move(moves[0], "equity") == "luck +0.083; loss 0.179 ?? blunder, better 8/5 6/5"
    broken = analysis.as_dict()
    broken["moves"][0]["loss"] = "a lot"
    with pytest.raises(ValueError, match="loss should be a number"):
        GameAnalysis.from_dict(broken)
