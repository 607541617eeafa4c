"""``tablier hint`` and ``tablier selfplay`` as a user runs them: the JSON documented, errors in a line."""

from __future__ import annotations

import json

import pytest

from tablier.cli import main
from tablier.draughts.core import Board
from tablier.tables import Backgammon, Dice
from tablier.tables.catalog import make_variant
from tablier.tables.gnubg_id import encode_position
from tablier.tables.notation import format_play
from tablier.tables.position_text import format_position


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_backgammon_hint_json_ranks_every_play_with_its_equity(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "hint", "backgammon", "--dice", "3-1", "--json")
    assert status == 0 and err == ""
    hints = json.loads(out)["hints"]
    variant = Backgammon()
    start = variant.start_position()
    plays = {format_play(play): play for play in variant.plays(start, Dice(3, 1))}
    assert {hint["notation"] for hint in hints} == set(plays)
    assert all(set(hint) == {"notation", "position", "score", "why"} for hint in hints)
    assert hints[0]["notation"] == "8/5 6/5"
    assert hints[0]["position"] == encode_position(variant.after(start, plays["8/5 6/5"]))
    scores = [hint["score"] for hint in hints]
    assert scores == sorted(scores, reverse=True)
    assert "win" in hints[0]["why"]


def test_a_tables_hint_in_position_text_answers_in_position_text(capsys: pytest.CaptureFixture[str]) -> None:
    text = "W 24x15 / B 24x15 / B"
    status, out, _ = run(capsys, "hint", "fevga", "--position", text, "--dice", "6-5", "--json")
    assert status == 0
    hints = json.loads(out)["hints"]
    variant = make_variant("fevga")
    afters = {format_position(variant.after(variant.start_position(), play))
              for play in variant.plays(variant.start_position(), Dice(6, 5))}
    assert {hint["position"] for hint in hints} == afters


def test_a_draughts_hint_gives_the_fen_after_each_move(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", "english", "--fen", "B:W22,30:B15,5", "--json")
    assert status == 0
    hints = json.loads(out)["hints"]
    board = Board("B:W22,30:B15,5")
    assert {hint["notation"] for hint in hints} == {str(move) for move in board.legal_moves()}
    assert hints[-1]["notation"] == "15-18"
    board.push_notation(hints[0]["notation"])
    assert hints[0]["position"] == board.fen()


def test_the_text_hint_lists_the_plays_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", "jacquet", "--dice", "6-5", "--level", "1")
    assert status == 0
    assert out.splitlines()[0].startswith("Jacquet, 6-5 to play, level 1")
    assert out.splitlines()[1].lstrip().startswith("1. ")


@pytest.mark.parametrize("argv, words", [
    (("hint", "backgammon"), "--dice is required"),
    (("hint", "backgammon", "--dice", "7-1"), "not two numbers"),
    (("hint", "backgammon", "--dice", "6-1", "--level", "9"), "level 9"),
    (("hint", "chess", "--dice", "6-1"), "chess"),
    (("hint", "english", "--fen", "X:nonsense"), "invalid position"),
    (("hint", "english", "--dice", "6-1"), "--fen"),
    (("hint", "jacquet", "--dice", "6-1", "--position", "W 24x16 / B 24x15 / W"), "invalid position"),
    (("selfplay", "english", "--players", "computer,deep-blue"), "unknown player"),
    (("selfplay", "english", "--players", "computer"), "two players"),
    (("selfplay", "english", "--games", "0"), "--games"),
])
def test_bad_input_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                            words: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err


def test_selfplay_json_counts_games_wins_draws_and_points(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "selfplay", "backgammon", "--players", "computer:1,random", "--games", "4",
                         "--seed", "3", "--json")
    assert status == 0
    score = json.loads(out)
    assert set(score) == {"games", "wins", "draws", "points"}
    assert score["games"] == 4 and sum(score["wins"]) + score["draws"] == 4
    assert score["points"][0] >= score["wins"][0] and score["wins"][0] >= 3


def test_selfplay_draughts_counts_half_points_for_draws(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "selfplay", "losing", "--players", "random,random", "--games", "3", "--json")
    assert status == 0
    score = json.loads(out)
    assert sum(score["points"]) == 3 and sum(score["wins"]) + score["draws"] == 3


def test_selfplay_with_the_same_seed_plays_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("selfplay", "ticktack", "--players", "greedy,random", "--games", "6", "--seed", "11", "--json")
    assert run(capsys, *argv)[1] == run(capsys, *argv)[1]


def test_a_ticktack_hint_says_to_claim_the_win_the_throw_allows(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", "ticktack", "--position", "W 24x13 23 11 / B 24x12 19 18 17 / B",
                         "--dice", "5-3", "--level", "1")
    assert status == 0 and "claim first: Hit (1)" in out.splitlines()[1]
