"""Draughts on the board: a false move names the rule it breaks (and its Law under the Checker
Laws), and ``false_move=retract|teach|forfeit`` act on the board."""

from __future__ import annotations

from .conftest import run_script

BACKWARD = """
    setup
    move square 14 square 10    # a man moved backward
    press 1
"""


def test_a_missed_capture_names_the_compulsory_capture_and_is_guided_back() -> None:
    result = run_script("english", """
        setup
        move square 1 square 5     # 10x19 was compulsory
        press 1
        expect message 1-5 is a false move (Law 17): a capture is compulsory: 10x19
        expect lit square 5 lift-here
        move square 5 square 1
        lift square 10 / lift square 15 / put square 19
        press 1
        expect last 10x19
    """, position="B:W15,32:B10,1")
    assert result.session.committed == ["10x19"]


def test_a_man_moved_backward_names_law_16() -> None:
    result = run_script("english", BACKWARD + """
        expect message a man moves forward only (Law 16: only a King moves backward)
        expect lit square 10 lift-here
        expect lit square 14 put-here
    """, position="B:W32:B14")
    assert not result.session.committed and not result.session.finished


def test_the_grace_time_names_the_rule_too() -> None:
    result = run_script("english", """
        setup
        move square 14 square 10
        wait 0.5
        expect message 14-10 is a false move (Law 17): a man moves forward only
    """, position="B:W32:B14")
    assert not result.session.committed


def test_false_move_teach_lists_the_legal_moves_and_lights_the_men_that_may_move() -> None:
    result = run_script("english", BACKWARD + """
        expect message the legal moves: 14-17, 14-18
        move square 10 square 14    # put back as the lights show
        expect lit square 14 hint
        move square 14 square 18
        press 1
        expect last 14-18
    """, position="B:W32:B14", options={"false_move": "teach"})
    assert result.session.committed == ["14-18"]


def test_false_move_forfeit_loses_the_game_under_law_17() -> None:
    result = run_script("english", BACKWARD + "expect lit status 2 winner\n", position="B:W32:B14",
                        options={"false_move": "forfeit"}, players=("Ann", "Bob"))
    session = result.session
    assert session.finished and session.score == [0, 1]
    assert session.results == ["game 1: Bob (white) wins (black made a false move, 14-10: the game is "
                               "forfeited (Law 17)); score Ann 0, Bob 1"]


def test_other_variants_name_the_rule_without_a_law() -> None:
    result = run_script("losing", """
        setup
        move square 9 square 5      # backward
        wait 0.5
    """, position="B:W32:B9")
    said = [m for m in result.session.message_log if "false move" in m]
    assert said and "forward only" in said[0] and "Law" not in said[0]


def test_a_plain_missed_capture_is_one_message_under_law_17_never_law_18() -> None:
    # Lifting the man on 1 while 14x23 is due is no taking: Law 18 ("when taking, if either player
    # removes one of his own pieces") does not apply; the move is false (Law 17), said once.
    result = run_script("english", """
        setup
        lift square 1
        wait 0.1
        put square 5
        wait 0.5
        press 1
        expect message 1-5 is still a false move: put the men back as the lights show
    """, position="B:W18,30:B14,1")
    said = [m for m in result.session.message_log if "Law" in m]
    assert said == ["1-5 is a false move (Law 17): a capture is compulsory: 14x23; put the men back as "
                    "the lights show"]
