"""Playing the computer on the simulated board: its moves lit one man at a time and made by the
human's hands, checked, guided back when wrong; its cube, its Ticktack claims, its huff; ``--players``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.play.computer import parse_players
from tablier.play.demo import resume_demo, run_demo
from tablier.record.eventlog import Claim, Command, Commit, CubeAction, read_log

from .conftest import run_script

OPENING = """
    setup
    dice 3 1
    press 1                   # the opening throw: black (the human) begins and throws again
    dice 6 2
    press 1
    move point 24 point 18
    move point 13 point 11
    press 1
    expect last 24/18 13/11
"""


def test_the_human_makes_the_computers_move_as_lit_and_a_wrong_placement_is_guided_back(
        tmp_path: Path) -> None:
    result = run_script("backgammon", OPENING + """
        dice 6 4
        press 2                   # the human throws for the computer
        expect message computer:1 (white) plays 24/14*: 14 to the bar (black), 24 to 14 (as lit)
        expect lit point 11 lift-here      # its 14, the human's blot: hit, to his bar first
        expect lit bar 1 put-here
        lift point 11
        expect lit bar 1 put-here
        expect lit point 11 dark
        put bar 1
        expect lit point 1 lift-here       # then its 24 ...
        expect lit point 11 put-here       # ... to its 14
        press 1                   # too soon: told what is left, nothing committed
        expect message does not show computer:1 (white)'s move yet
        lift point 1
        put point 12              # the wrong point
        wait 0.5
        expect message not computer:1 (white)'s move 24/14*: lift the man on point 13 and put it on point 14
        expect lit point 12 lift-here
        expect lit point 11 put-here
        move point 12 point 11
        expect last 24/14*        # committed by itself once the board shows it
        expect lit status 1 press-to-roll
    """, tmp_path, players=("human", "computer:1"))
    assert result.session.committed == ["24/18 13/11", "24/14*"]
    assert result.log_path is not None
    said = [(c.player, c.word, c.argument) for c in read_log(result.log_path).of(Command)]
    assert (2, "computer", "play 24/14*") in said and (2, "done", "") in said


def test_a_takeback_against_the_computer_is_granted_in_teaching_mode_refused_in_strict_mode() -> None:
    teaching = run_script("backgammon", OPENING + """
        say takeback
        expect message agrees
    """, players=("human", "computer:1"))
    assert teaching.session.committed == []
    strict = run_script("backgammon", OPENING + """
        say takeback
        expect message refuses
    """, players=("human", "computer:1"), teaching=False)
    assert strict.session.committed == ["24/18 13/11"]


RACE_WON = "B 3x2 2x2 1x2 / W 12x5 11x5 10x5 / B"  # black (the human) far ahead, no gammon left to play for


@pytest.mark.parametrize(("position", "answer"), [
    (RACE_WON, "drop"),
    ("B 24x2 13x5 8x3 6x5 / W 24x2 13x5 8x3 6x5 / B", "take"),  # the start: an even game
])
def test_the_computer_takes_or_drops_by_its_cube_decision(position: str, answer: str, tmp_path: Path) -> None:
    result = run_script("backgammon", f"""
        setup
        say double
        expect message white {answer}s
    """, tmp_path, players=("human", "computer:1"), position=position, options={"cube": "true"})
    assert result.log_path is not None
    actions = [(a.player, a.action) for a in read_log(result.log_path).of(CubeAction)]
    assert actions == [(0, "double"), (1, answer)]


def test_the_computer_doubles_before_its_throw_when_the_engine_says_so() -> None:
    result = run_script("backgammon", """
        setup
        expect message white doubles
        say drop
        expect message wins game 1
    """, players=("human", "computer:1"), options={"cube": "true"},
        position="W 3x2 2x2 1x2 / B 12x3 11x3 10x3 / W")  # black has six men off: no gammon
    assert result.session.score == [0, 1]


@pytest.mark.parametrize(("match_length", "said"), [
    (0, "white doubles to 2"),  # money: a cash
    (3, "white doubles to 2"),  # a 3-point match at 0-0: a cash too
    (1, "press computer:1 (white)'s button (2) to throw for it"),  # a 1-point match: the cube is dead
])
def test_the_computers_cube_follows_the_match_score(match_length: int, said: str) -> None:
    result = run_script("backgammon", f"""
        setup
        wait 0.5
        expect message {said}
    """, players=("human", "computer:1"), options={"cube": "true"}, match_length=match_length,
        position="W 3x2 2x2 1x2 / B 12x3 11x3 10x3 / W")
    assert any("doubles" in m for m in result.session.message_log) == (match_length != 1)


TICKTACK = "W 24x14 13 / B 24x14 16 / W"  # white's 4-1 hits black's blot: a win


def test_the_computer_claims_its_ticktack_win(tmp_path: Path) -> None:
    result = run_script("ticktack", """
        setup
        dice 4 1
        press 2                   # the human throws for the computer (white)
        expect message white claims Hit
        expect message wins
    """, tmp_path, position=TICKTACK, players=("human", "computer:1"))
    assert result.session.score == [0, 1]
    assert result.log_path is not None
    assert [c.claim for c in read_log(result.log_path).of(Claim)] == ["claim"]


def test_the_computer_says_why_not_when_the_human_misses_a_win() -> None:
    result = run_script("ticktack", """
        setup
        dice 4 1
        press 2
        lift point 12             # the human (white) touches a man instead of claiming his Hit
        expect message black says: Why not?
    """, position=TICKTACK, players=("computer:1", "human"))
    assert result.session.score == [1, 0]


def test_the_computer_sees_a_vie_when_the_throw_to_come_is_not_likely_to_win() -> None:
    result = run_script("ticktack", """
        setup
        say 2 vie                 # the human (white) vies before his throw
        expect message black sees it: the game is worth 2 now
    """, position=TICKTACK, players=("computer:1", "human"))
    assert result.log_path is None and result.session.message_log


def test_the_computer_huffs_a_man_that_should_have_taken_and_the_human_lifts_it_as_lit(
        tmp_path: Path) -> None:
    result = run_script("english", """
        setup
        move square 1 square 5    # the human (black) leaves his capture 10x19 untaken
        press 1
        expect last 1-5
        expect message huffed the piece on 10
        expect message computer:1 (white) plays 15-10: take off 10, 15 to 10 (as lit)
        expect lit square 10 lift-here     # the huffed man first
        lift square 10
        expect lit square 15 lift-here
        expect lit square 10 put-here
        lift square 15
        put square 11             # 15-11: a legal move, but not the computer's
        press 2
        expect message does not show computer:1 (white)'s move yet
        wait 0.5
        expect message not computer:1 (white)'s move 15-10
        expect lit square 11 lift-here
        expect lit square 10 put-here
        move square 11 square 10
        expect last 15-10
    """, tmp_path, position="B:W15:B10,1", options={"captures": "huff"}, players=("human", "computer:1"))
    assert result.session.committed == ["1-5", "15-10"]
    assert result.log_path is not None
    assert [c.claim for c in read_log(result.log_path).of(Claim)] == ["huff"]


def test_players_name_the_computer_and_its_level() -> None:
    assert parse_players("human,computer") == ("human", "computer")
    assert parse_players(" Ann , computer:3 ") == ("Ann", "computer:3")
    for bad, words in (("human", "two names"), ("human,computer:9", "level 9 is not one of 1-4"),
                       ("computer:x,Ann", "level 'x' is not a number"), ("computer:,Ann", "after the colon")):
        with pytest.raises(ValueError, match=words):
            parse_players(bad)


def test_bad_players_get_a_one_line_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "backgammon", "--sim", "--players", "human,computer:7"]) == 2
    err = capsys.readouterr().err
    assert err == "tablier play: player 'computer:7': level 7 is not one of 1-4\n"


def test_without_gnu_backgammon_the_computer_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from tablier.engines import backgammon
    from tablier.engines.candidates import EngineUnavailableError
    from tablier.engines.gnubg_net import MISSING

    def missing() -> None:
        raise EngineUnavailableError(MISSING)

    monkeypatch.setattr(backgammon, "load_gnubg", missing)
    assert main(["play", "backgammon", "--sim", "--players", "human,computer"]) == 2
    assert capsys.readouterr().err == ("tablier play: the computer cannot play Backgammon: the Backgammon "
                                       "engine needs GNU Backgammon: pip install 'tablier[engine]'\n")


def test_the_demos_players_are_the_computer_unless_told(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["demo", "--fast", "--seed", "4", "--players", "greedy,random", "--log-dir", str(tmp_path)]
    assert main(argv) == 0
    (log,) = tmp_path.glob("*.jsonl")
    assert read_log(log).header.players == ["greedy player", "random player"]
    assert not [c for c in read_log(log).of(Command) if c.word == "computer"]  # no computer chose
    assert main(["demo", "--fast", "--players", "greedy,Bob"]) == 2
    assert "computer, computer:LEVEL, greedy or random, not 'Bob'" in capsys.readouterr().err


@pytest.mark.parametrize(("game", "cut_after"), [("backgammon", 9), ("jacquet", 14)])
def test_a_resumed_demo_plays_the_same_moves_as_the_whole_one(game: str, cut_after: int,
                                                             tmp_path: Path) -> None:
    whole = run_demo(game, seed=5, delay=0.0, log_dir=tmp_path / "whole", out=io.StringIO(), live=False)
    assert whole.log_path is not None and whole.session.finished
    lines = whole.log_path.read_text().splitlines(keepends=True)
    commits = [n for n, line in enumerate(lines) if '"type":"commit"' in line]
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:commits[cut_after - 1] + 1]))  # the host killed after that commit
    resumed = resume_demo(cut, delay=0.0, out=io.StringIO(), live=False)
    assert resumed.session.finished
    assert [c.notation for c in read_log(cut).of(Commit)] == whole.session.committed


@pytest.mark.parametrize(("cast", "kept"), [("6 5", True), ("3 1", False)])
def test_the_computer_keeps_a_good_deciding_throw_or_throws_again(cast: str, kept: bool) -> None:
    result = run_script("jacquet", f"""
        setup
        dice {cast}
        press 1                   # the deciding throw: the computer (black) throws the higher
        wait 0.2
    """, players=("computer:1", "human"), options={"first_player": "rethrow"})
    said = result.session.message_log
    assert any("the deciding throw is played" in m for m in said) == kept
    assert any("press computer:1 (black)'s button (1) to throw for it" in m for m in said) != kept


def test_the_computers_capture_is_lit_the_man_taken_first_then_the_taker() -> None:
    result = run_script("english", """
        setup
        move square 10 square 14  # the human (black) offers a man
        press 1
        expect message That move (10-14) loses about the game by force against 1-5 (judged at level 1).
        press 1                   # the teacher warned of it: keep it
        expect message computer:1 (white) plays 18x9: take off 14, 18 to 9 (as lit)
        expect lit square 14 lift-here
        lift square 14
        expect lit square 18 lift-here
        expect lit square 9 put-here
        lift square 18
        expect lit square 9 put-here
        put square 9
        expect last 18x9
    """, position="B:W18:B1,10", players=("human", "computer:1"))
    assert result.session.committed == ["10-14", "18x9"]


def test_the_teacher_warns_the_human_and_never_the_computer() -> None:
    result = run_script("english", "setup\n", position="B:W18:B1,10", players=("human", "computer:1"))
    assert result.session.warns_for(1) and not result.session.warns_for(2)
