"""Judging moves: the loss against the engine's best, the marks, the luck of a throw (pure)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from gnubg_cube_oracle import gnubg_action, gnubg_cube_actions

from tablier.cli import main
from tablier.engines import LEVELS, tables_engine
from tablier.engines.analysis import (
    CubeJudge,
    GameAnalysis,
    MoveAnalysis,
    TablesJudge,
    describe_move,
    describe_player,
    summarise,
    thresholds_for,
)
from tablier.engines.cube import CubeState
from tablier.engines.profiles import BACKGAMMON_THRESHOLDS, DRAUGHTS_THRESHOLDS
from tablier.record.analysing import analyse_game, judge_cube, standing
from tablier.record.game_record import DOUBLE, DROP, PLAY, TABLES, TAKE, Action, GameRecord, Record
from tablier.record.importing import read_records
from tablier.record.json_format import dumps
from tablier.record.replay import replay_game
from tablier.record.text_export import write_text
from tablier.tables.catalog import make_variant
from tablier.tables.gnubg_id import MatchState, encode_match, encode_position
from tablier.tables.moves import ALL_ROLLS, Dice
from tablier.tables.notation import format_play
from tablier.tables.position import Position


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


# --- Backgammon's cube ----------------------------------------------------------------------------

RACE = "W 4x3 3x3 2x3 offx6 / B 3x3 2x3 1x3 offx6 / B"
"""Nine men each, Black on roll 9 pips ahead with the throw: double, and White should pass."""
MODERN = {"cube": "yes", "backgammon_zone": "home-board"}


def _cube_record(*actions: Action, length: int = 0, score: tuple[int, int] = (0, 0)) -> Record:
    game = GameRecord(players=("Ann", "Bob"), actions=list(actions), start=RACE, score=score)
    return Record(game="backgammon", family=TABLES, options=dict(MODERN), match_length=length,
                  games=[game], source="cube.json")


def _with(record: Record, analysis: GameAnalysis) -> Record:
    record.games[0].analysis = analysis
    return record


BEAR_OFF_65 = Action(0, PLAY, (6, 5), ((3, 0, 0), (3, 0, 0)))


def test_a_wrong_take_and_a_missed_double_are_marked_with_their_equity_loss() -> None:
    pytest.importorskip("gnubg")
    took = _cube_record(Action(0, DOUBLE), Action(1, TAKE), BEAR_OFF_65)
    analysis = analyse_game(took, took.games[0], LEVELS[1])
    double, take = analysis.cube
    assert (double.played, double.best, double.loss, double.mark) == ("double", "double", 0.0, "")
    assert (take.number, take.side, take.played, take.best) == (2, 1, "take", "drop")
    assert take.loss >= BACKGAMMON_THRESHOLDS.mistake and take.mark in ("mistake", "blunder")
    assert analysis.of_action(2) == take
    black, white = analysis.players()
    assert (black.cube_decisions, black.cube_errors, white.cube_decisions, white.cube_errors) == (1, 0, 1, 1)
    assert "cube: 1 decision, 1 error" in describe_player(white, "equity")
    assert GameAnalysis.from_dict(analysis.as_dict()) == analysis
    assert "2. white (Bob) takes   [loss 0.108 ? mistake, better drop]" in write_text(_with(took, analysis))

    played_on = _cube_record(BEAR_OFF_65)
    missed, = analyse_game(played_on, played_on.games[0], LEVELS[1]).cube
    assert (missed.number, missed.played, missed.best) == (1, "no double", "double") and missed.mark


def test_at_a_match_score_the_same_take_is_right() -> None:
    """White leading 3 away to 5 away in a 7-point match: his take is right where money passes (a
    doubled game costs the leader less than it gains the trailer)."""
    pytest.importorskip("gnubg")
    took = _cube_record(Action(0, DOUBLE), Action(1, TAKE), BEAR_OFF_65, length=7, score=(2, 4))
    _, take = analyse_game(took, took.games[0], LEVELS[1]).cube
    assert (take.played, take.best, take.loss, take.mark) == ("take", "take", 0.0, "")


def test_the_analyse_table_shows_the_cube_rows_and_each_players_cube(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("gnubg")
    path = tmp_path / "cube.json"
    path.write_text(dumps(_cube_record(Action(0, DOUBLE), Action(1, TAKE), BEAR_OFF_65)), encoding="utf-8")
    assert main(["analyse", str(path), "--level", "1"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if " cube " in line]
    assert rows[0][:4] == ["1", "black", "cube", "double"]
    assert rows[1][:4] == ["2", "white", "cube", "take"] and rows[1][-1] == "drop"
    assert "white (Bob):" in out and "cube: 1 decision, 1 error" in out
    assert main(["analyse", str(path), "--level", "1", "--json"]) == 0
    cube = json.loads(capsys.readouterr().out)["games"][0]["analysis"]["cube"]
    assert [(c["played"], c["best"]) for c in cube] == [("double", "double"), ("take", "drop")]


REAL_MATCHES = ["BoardLord_-_Llabba_7pt_Backgammon_Studio_2023_08_09_18_11_07.txt",
                "charlot1-charlot2_7p_2025-11-08-2305.mat",
                "JuliaH_-_Llabba_13pt_Backgammon_Studio_2023_01_18_18_32_47.txt",
                "Selbs_-_Llabba_13pt_Backgammon_Studio_2023_03_24_18_10_57.txt"]


def _judged_cube(name: str, games: int) -> list[tuple[MoveAnalysis, float, str]]:
    """The cube decisions the analysis judges in the first ``games`` games of the real match
    ``name`` (at 2-ply, as gnubg's hint), each with the margin between its two choices (normalized
    equity) and the Position and Match ID gnubg is asked about (the doubler's, for a take or drop)."""
    record = read_records(Path(os.environ["TABLIER_SHARED"], "corpora/backgammon/mat", name)).records[0]
    found = []
    for game in record.games[:games]:
        steps = replay_game(record, game)
        match = standing(record, game)
        judge = CubeJudge(LEVELS[2], match)
        for entry in judge_cube(steps, judge):
            doubler = entry.number - (entry.played in (TAKE, DROP))  # a take or drop: the double before it
            step = steps[doubler - 1]
            cube = steps[doubler - 2].cube if doubler > 1 else (1, None)
            assert isinstance(step.before, Position)
            position = step.before.with_turn(step.action.side)
            equities = judge.decide(position, CubeState(*cube)).equities
            no_double, take, drop = (equities[name] for name in ("no double", "double, take", "double, pass"))
            margin = abs(take - drop) if entry.played in (TAKE, DROP) else abs(no_double - min(take, drop))
            found.append((entry, margin, encode_position(position) + ":" + encode_match(MatchState(
                cube_value=cube[0], cube_owner=cube[1], on_roll=position.turn, turn=position.turn,
                crawford=match.crawford_game, match_length=record.match_length, score=game.score))))
    return found


def _agreement(games: int) -> tuple[int, int, int, int]:
    """Over the first ``games`` games of each real match: the cube decisions compared with GNU
    Backgammon's ``hint`` at the same Position and Match ID, and how many agree; the clear ones (the
    two choices an inaccuracy's worth apart or more, 0.04) and how many of them agree."""
    compared = agreed = clear = clear_agreed = 0
    for name in REAL_MATCHES:
        judged = _judged_cube(name, games)
        theirs = gnubg_cube_actions([gnubg_id for *_, gnubg_id in judged])
        for entry, margin, gnubg_id in judged:
            if gnubg_id not in theirs:  # gnubg gives no cube action where the cube is dead
                continue
            action, take = gnubg_action(theirs[gnubg_id])
            agrees = ((entry.best == TAKE) == take if entry.played in (TAKE, DROP)
                      else entry.best == action or action == "optional")
            compared, agreed = compared + 1, agreed + agrees
            if margin >= BACKGAMMON_THRESHOLDS.inaccuracy:
                clear, clear_agreed = clear + 1, clear_agreed + agrees
    return compared, agreed, clear, clear_agreed


def test_the_cube_decisions_of_real_matches_agree_with_gnubgs_own_analysis() -> None:
    """The cube decisions the analysis judges in real matches (doubles, takes, drops, missed
    doubles) against GNU Backgammon's own: the clear ones agree (whole matches: 88 of 92, all of
    them 96 of 116); closer ones may differ, gnubg looking two throws ahead cubefully where the
    model values the cube at the position itself (``docs/engines.md``)."""
    pytest.importorskip("gnubg")
    compared, agreed, clear, clear_agreed = _agreement(3)
    assert clear >= 10 and clear_agreed >= 0.9 * clear, (clear_agreed, clear)
    assert agreed >= 0.75 * compared, (agreed, compared)


@pytest.mark.full
def test_the_cube_decisions_of_whole_real_matches_agree_with_gnubgs_own_analysis() -> None:
    pytest.importorskip("gnubg")
    compared, agreed, clear, clear_agreed = _agreement(99)
    assert clear >= 80 and clear_agreed >= 0.9 * clear, (clear_agreed, clear)
    assert agreed >= 0.75 * compared, (agreed, compared)
