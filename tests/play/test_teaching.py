"""The teacher at the table: a weak play warned of before it stands (the better play lit, the player
free to change it or keep his), strict mode silent, the draughts hint lit on the board."""

from __future__ import annotations

import time
from concurrent.futures import Future
from pathlib import Path
from types import SimpleNamespace
from unittest.mock import ANY

import pytest

from tablier.engines.candidates import EngineUnavailableError
from tablier.engines.gnubg_net import MISSING
from tablier.play import teaching
from tablier.play.replay import rebuild
from tablier.play.session import PlayOptions
from tablier.play.tables import teacher as tables_teacher
from tablier.record.eventlog import Advice, read_log

from .conftest import run_script

pytest.importorskip("gnubg")

OPENING_3_1 = """
    setup
    dice 3 1
    press 1                   # the opening throw: black begins and throws again
    dice 3 1
    press 1
"""
THREE_ONE_PLAYED_8_4 = OPENING_3_1 + """
    move point 8 point 4      # 8/4: 8/5 6/5 makes a point and is far better
    press 1
"""
WARNED_8_4 = "That play (8/4) loses about 0.3 of a point a game against 8/5 6/5 (judged at level 2)."

#: English draughts: Black's 14-18 walks into 23x14; 14-17 is safe.
GIVEAWAY = "B:W23,30,31:B1,2,14"
GIVEAWAY_PLAYED = """
    setup
    move square 14 square 18
    press 1
"""
WARNED_14_18 = "That move (14-18) loses about a man against 14-17 (judged at level 1)."


def test_a_backgammon_blunder_is_warned_of_and_the_better_play_made(tmp_path: Path) -> None:
    result = run_script("backgammon", THREE_ONE_PLAYED_8_4 + f"""
        expect message {WARNED_8_4}
        expect moves 0            # not committed
        expect lit point 4 lift-here
        expect lit point 6 lift-here
        expect lit point 5 put-here
        expect lit status 1 press-when-done
        move point 4 point 5      # the men as the lights show: 8/5 6/5
        expect lit point 4 dark
        move point 6 point 5
        expect lit point 5 dark
        press 1
        expect last 8/5 6/5
    """, tmp_path)
    assert result.session.committed == ["8/5 6/5"]
    warning = result.session.message_log[-5:-1]
    assert warning == [WARNED_8_4, "Why: you win 46% of games after yours, 55% after 8/5 6/5.",
                       "Why: yours leaves a man he can hit (14 of his 36 throws hit), 8/5 6/5 leaves no man "
                       "he can hit.",
                       "Play 8/5 6/5 as the lights show, or press your button again to keep yours (8/4)."]
    assert result.log_path is not None
    assert rebuild(read_log(result.log_path)).agrees  # the log replays the same way


def replays_as_it_was_played(path: Path, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Whether the log at ``path`` rebuilds its moves with no engine to judge them: the replay holds
    back the turns the live game held back by the advice logged, not by asking the engine again."""
    log = read_log(path)
    assert [(a.played, a.ply) for a in log.of(Advice)], "no advice logged"

    def no_judge(*args: object) -> object:
        raise AssertionError("a replay asked the engine")

    monkeypatch.setattr(tables_teacher, "tables_engine", no_judge)
    monkeypatch.setattr(tables_teacher, "judge", no_judge)
    return rebuild(log).agrees


def test_a_backgammon_blunder_confirmed_by_a_second_press_stands(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    result = run_script("backgammon", THREE_ONE_PLAYED_8_4 + f"""
        expect message {WARNED_8_4}
        press 1                   # keep it
        expect last 8/4
        expect lit point 5 dark   # the better play's lights are out
    """, tmp_path)
    assert result.session.committed == ["8/4"]
    assert sum(WARNED_8_4 in m for m in result.session.message_log) == 1
    assert result.log_path is not None
    assert read_log(result.log_path).of(Advice) == [Advice(player=0, played="8/4", better="8/5 6/5", loss=ANY,
                                                           game_number=1, ply=1, t=ANY)]
    assert replays_as_it_was_played(result.log_path, monkeypatch)


def test_the_adversary_throwing_is_held_by_the_warning_too() -> None:
    result = run_script("backgammon", THREE_ONE_PLAYED_8_4 + f"""
        expect message {WARNED_8_4}
        dice 6 4
        press 2                   # white presses to throw: black's play is warned of already
        expect last 8/4
        expect message player 2 (white) throws 6-4
    """)
    assert result.session.committed == ["8/4"]


def test_a_good_play_is_committed_at_once() -> None:
    result = run_script("backgammon", OPENING_3_1 + """
        move point 13 point 10 / move point 24 point 23    # the engine's second choice: no warning
        press 1
        expect last 24/23 13/10
    """)
    assert not any("loses about" in m for m in result.session.message_log)


def test_strict_mode_never_warns() -> None:
    result = run_script("backgammon", THREE_ONE_PLAYED_8_4 + """
        expect last 8/4
    """, teaching=False)
    assert not any("loses about" in m for m in result.session.message_log)
    english = run_script("english", GIVEAWAY_PLAYED + "expect last 14-18", position=GIVEAWAY, teaching=False)
    assert not any("loses about" in m for m in english.session.message_log)


def test_teacher_off_stops_the_warnings_and_on_brings_them_back() -> None:
    result = run_script("backgammon", """
        setup
        say teacher off
        expect message the teacher gives no warnings now
        dice 3 1
        press 1
        dice 3 1
        press 1
        move point 8 point 4
        press 1
        expect last 8/4
        say teacher on
        say teacher maybe
        expect message teacher on, teacher off or teacher allow
    """)
    assert not any("loses about" in m for m in result.session.message_log)
    assert "the teacher warns of a play clearly worse" in result.session.message_log[-2]


def test_no_warnings_without_the_engine_and_one_notice(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(variant: object) -> object:
        raise EngineUnavailableError(MISSING)

    monkeypatch.setattr(tables_teacher, "tables_engine", missing)
    result = run_script("backgammon", THREE_ONE_PLAYED_8_4 + "expect last 8/4")
    notices = [m for m in result.session.message_log if m.startswith("no warnings of weak plays")]
    assert notices == ["no warnings of weak plays in this game: the Backgammon engine needs GNU Backgammon: "
                       "pip install 'tablier[engine]'"]


def test_an_english_draughts_blunder_is_warned_of_and_the_better_move_made(tmp_path: Path) -> None:
    result = run_script("english", GIVEAWAY_PLAYED + f"""
        expect message {WARNED_14_18}
        expect moves 0
        expect lit square 18 lift-here
        expect lit square 17 put-here
        move square 18 square 17
        expect lit square 17 dark
        press 1
        expect last 14-17
    """, tmp_path, position=GIVEAWAY)
    assert result.session.committed == ["14-17"]
    assert result.session.message_log[-4:-1] == [
        WARNED_14_18, "Why: after it your adversary can take a man (23x14).",
        "Move 14-17 as the lights show, or press your button again to keep yours (14-18)."]
    assert result.log_path is not None
    assert rebuild(read_log(result.log_path)).agrees


def test_an_english_draughts_blunder_confirmed_stands(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    result = run_script("english", GIVEAWAY_PLAYED + f"""
        expect message {WARNED_14_18}
        press 1
        expect last 14-18
    """, tmp_path, position=GIVEAWAY)
    assert result.session.committed == ["14-18"]
    assert result.log_path is not None
    assert replays_as_it_was_played(result.log_path, monkeypatch)


def test_the_draughts_hint_lights_the_best_move_and_says_why() -> None:
    result = run_script("english", """
        setup
        say hint
        expect message hint (judged at level 1): 14-17:
        expect lit square 14 lift-here
        expect lit square 17 put-here
        move square 14 square 17
        expect lit square 17 dark
        press 1
        expect last 14-17
    """, position="B:W23,30,31:B14")  # 14-18 would give the man away
    assert not any("loses about" in m for m in result.session.message_log)


def test_the_draughts_hint_lights_the_men_a_capture_takes() -> None:
    run_script("english", """
        setup
        say hint
        expect message hint (judged at level 1): 14x23
        expect lit square 14 lift-here
        expect lit square 18 lift-here
        expect lit square 23 put-here
    """, position="B:W18,30:B1,14")


@pytest.mark.parametrize(("game", "position", "said"), [
    ("losing", "", "hint (judged at level 1): "),
    ("polish", "", "hint (judged at level 1): "),
    ("devil", "B:W21,22,23,24:B13", "hint (judged by the exact solver): 13-"),
])
def test_every_draughts_game_answers_a_hint_on_the_board(game: str, position: str, said: str) -> None:
    result = run_script(game, """
        setup
        say hint
        wait 3                    # the Devil's solver may be thinking (it says so)
        expect message hint
    """, position=position)
    hints = [m for m in result.session.message_log if m.startswith("hint")]
    assert hints and hints[0].startswith(said)
    assert any(meaning == "put-here" for meaning in result.session.led_plan().meanings().values())


def test_a_slow_hint_says_thinking_and_lights_when_it_comes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(teaching, "HINT_WAIT_S", 0.01)
    teacher = teaching.Teacher(SimpleNamespace(options=PlayOptions()), "english")  # type: ignore[arg-type]
    said: list[str] = []
    shown: list[str] = []
    turn = object()
    def slowly(answer: str, seconds: float) -> str:
        time.sleep(seconds)
        return answer

    future: Future[str] = teaching.WORKER.submit(lambda: slowly("11-15", 0.2))
    teacher.think(turn, future, shown.append, said.append)
    assert said == ["thinking... (the engine's answer will light on the board)"] and not shown
    future.result(timeout=5)
    teacher.tick(turn, said.append)
    assert shown == ["11-15"]
    late: Future[str] = teaching.WORKER.submit(lambda: slowly("9-13", 0.1))
    teacher.think(turn, late, shown.append, said.append)
    late.result(timeout=5)
    teacher.tick(object(), said.append)  # the move was made meanwhile
    assert said[-1] == "the hint came after the move was made: ask again (`hint`)"


def test_the_devil_is_warned_when_he_throws_a_won_game_away() -> None:
    result = run_script("devil", """
        setup
        move square 2 square 6
        press 1
        expect message That move (2-6) throws away a won game (judged by the exact solver).
        expect lit square 6 lift-here
        expect lit square 7 put-here
        press 1                   # keep it
        expect last 2-6
    """, position="B:W13,14,15,17:B2")  # 2-7 wins with best play
    why = result.session.message_log[-3]
    assert why == ("Why: with best play on both sides yours loses (in 14 moves, both sides counted), "
                   "2-7 wins (in 9).")


STRICT_NO_HINT = ("no hint: this is a strict game; hints and warnings need both players' leave "
                  "(`1 teacher allow` and `2 teacher allow`)")


def test_a_strict_game_gives_no_hint_until_both_players_allow_it() -> None:
    result = run_script("backgammon", OPENING_3_1 + """
        say hint
        expect message no hint: this is a strict game
        say teacher
        expect message not yet allowed by player 1 and player 2
        say 1 teacher allow
        expect message player 1 allows hints and warnings; they are given once player 2 allows them too
        say hint
        say 2 teacher allow
        expect message both players allow them
        say hint
        expect message hint (judged at level 2): 8/5 6/5
        expect lit point 8 hint
        move point 8 point 4
        press 1
        expect message That play (8/4) loses about 0.3
        press 1
        expect last 8/4
    """, teaching=False)
    said = result.session.message_log
    assert said.count(STRICT_NO_HINT) == 2  # asked before both allowed it: one line saying why not
    first_hint = next(n for n, m in enumerate(said) if m.startswith("hint ("))
    assert first_hint > next(n for n, m in enumerate(said) if m.startswith("both players allow them"))
    assert result.session.committed == ["8/4"]


def test_a_strict_game_against_the_computer_needs_only_the_players_leave() -> None:
    result = run_script("english", """
        setup
        say hint
        expect message no hint: this is a strict game
        say 1 teacher allow
        expect message both players allow them
        say hint
        expect message hint (judged at level 1): 14-17
    """, position="B:W23,30,31:B14", players=("human", "computer:1"), teaching=False)
    assert sum(m.startswith("hint") for m in result.session.message_log) == 1


def test_leave_is_given_by_a_player_and_only_in_a_strict_game() -> None:
    result = run_script("english", """
        setup
        say teacher allow
        expect message a teaching game gives hints and warnings already
    """, position="B:W23,30,31:B14")
    strict = run_script("english", """
        setup
        say teacher allow
        expect message say which player allows them
    """, position="B:W23,30,31:B14", teaching=False)
    assert result.session.options.teaching and not strict.session.teacher.helps()
