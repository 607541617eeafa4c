"""The teacher's judge: when is a play clearly worse than the best (a warning), and when not."""

from __future__ import annotations

import random

import pytest

from tablier.draughts.variants import find_variant
from tablier.engines import draughts_engine, tables_engine
from tablier.engines.candidates import Candidate
from tablier.engines.judge import BLUNDER_THRESHOLDS, JUDGE_LEVEL, blunder_threshold, is_blunder, judge
from tablier.games import all_games, find_game
from tablier.tables.catalog import make_variant
from tablier.tables.moves import Dice
from tablier.tables.notation import format_play

pytest.importorskip("gnubg")


def test_every_game_has_its_threshold() -> None:
    named = {game.name for game in all_games() if game.name != "tavli"}  # Tavli is Portes, Plakoto, Fevga
    assert named <= set(BLUNDER_THRESHOLDS)
    assert blunder_threshold("backgammon") == 0.2 and blunder_threshold("english") == 90.0


def test_a_play_is_a_blunder_only_past_the_threshold() -> None:
    assert is_blunder(0.16, -0.11, 0.2)  # loses 0.27
    assert not is_blunder(0.16, -0.04, 0.2)  # loses exactly 0.2: not past it
    assert not is_blunder(0.16, 0.16, 0.2)


def test_the_judge_compares_with_the_best_play_the_rules_allow() -> None:
    ranking = [Candidate("a", 10.0), Candidate("b", 4.0), Candidate("c", -3.0)]
    verdict = judge(ranking, "c", 8.0, str)
    assert verdict is not None and verdict.best.move == "a" and verdict.loss == 13.0 and verdict.blunder
    allowed = judge(ranking, "c", 8.0, str, allowed={"b", "c"})  # "a" is not allowed at the table
    assert allowed is not None and allowed.best.move == "b" and not allowed.blunder
    assert judge(ranking, "d", 8.0, str) is None  # a play the engine does not know: no verdict


def test_the_opening_three_one_played_8_4_is_a_blunder_and_the_second_choice_is_not() -> None:
    variant = make_variant("backgammon")
    position = variant.start_position(0)
    ranking = tables_engine(variant).rank(position, Dice(3, 1), JUDGE_LEVEL)

    def verdict(notation: str) -> bool:
        found = judge(ranking, notation, blunder_threshold("backgammon"), format_play)
        assert found is not None and format_play(found.best.move) == "8/5 6/5"
        return found.blunder

    assert verdict("8/4") and verdict("8/7 8/5")
    assert not verdict("24/23 13/10") and not verdict("8/5 6/5")


def test_a_draughts_move_that_gives_a_man_away_is_a_blunder() -> None:
    board_class = find_variant("english")
    board = board_class("B:W23,30,31:B1,2,14")
    ranking = draughts_engine(board_class).rank(board, JUDGE_LEVEL)
    found = judge(ranking, "14-18", blunder_threshold("english"), str)  # 23x14 follows
    assert found is not None and str(found.best.move) == "14-17" and found.blunder
    quiet = judge(ranking, "1-5", blunder_threshold("english"), str)
    assert quiet is not None and not quiet.blunder


def _rates(game: str, games: int, seed: int = 5) -> tuple[float, float]:
    """How often the engine's second choice, and a play picked at random, would be warned of, over
    the positions of random games of ``game``."""
    rng = random.Random(seed)
    threshold = blunder_threshold(game)
    second = picked = count = 0
    family = find_game(game).family
    for _ in range(games):
        if family == "tables":
            variant = make_variant(game)
            engine = tables_engine(variant)
            position = variant.start_position(rng.randint(0, 1))
            for _ply in range(80):
                ranking = engine.rank(position, Dice(rng.randint(1, 6), rng.randint(1, 6)), JUDGE_LEVEL)
                if len(ranking) > 2:
                    count += 1
                    second += is_blunder(ranking[0].score, ranking[1].score, threshold)
                    picked += is_blunder(ranking[0].score, rng.choice(ranking).score, threshold)
                position = variant.after(position, rng.choice(ranking).move if ranking else ())
                if variant.result(position) is not None:
                    break
        else:
            board_class = find_variant(game)
            judge_engine = draughts_engine(board_class)
            board = board_class()
            for _ply in range(60):
                moves = judge_engine.rank(board, JUDGE_LEVEL)
                if not moves or board.outcome() is not None:
                    break
                if len(moves) > 2:
                    count += 1
                    second += is_blunder(moves[0].score, moves[1].score, threshold)
                    picked += is_blunder(moves[0].score, rng.choice(moves).score, threshold)
                board.push(rng.choice(moves[:3]).move)
    return second / count, picked / count


@pytest.mark.full
@pytest.mark.parametrize("game", ["backgammon", "jacquet", "versailles", "spanish", "plakoto", "fevga",
                                  "nardy", "ticktack", "tavla", "english", "losing", "polish"])
def test_the_thresholds_spare_a_close_second_and_catch_a_random_play(game: str) -> None:
    second, picked = _rates(game, 8 if game not in ("english", "losing", "polish") else 4)
    assert second <= 0.15 and picked >= 0.28, (second, picked)
