"""The words of the table and the match: the cube, the next roll ending a turn, take-back, hints,
physical dice, colours alternating in draughts, the terminal view."""

from __future__ import annotations

import io
from pathlib import Path

from tablier.play.autoplay import AutoHands
from tablier.play.dice import PHYSICAL, Dice
from tablier.play.runner import play
from tablier.play.session import PlayOptions
from tablier.play.view import CLEAR, View
from tablier.record.eventlog import CubeAction, GameStart, ResultRecord, read_log

from .conftest import run_script

OPENING = """
setup
dice 3 1
press 1
dice 3 1
press 1
"""


def test_a_match_to_one_point_ends_when_a_double_is_dropped(tmp_path: Path) -> None:
    result = run_script("backgammon", OPENING + """
        move point 8 point 5 / move point 6 point 5
        press 1
        say double                # white, to throw, doubles
        say take                  # black takes: the cube is at 2
        dice 6 5
        press 2
        move point 1 point 12     # white 24/13
        press 2
        say double                # black redoubles ...
        say drop                  # ... and white drops: black wins 2
        expect message wins
    """, tmp_path, match_length=1, options={"cube": "true"})
    assert result.session.finished and result.session.score == [2, 0]
    assert result.log_path is not None
    log = read_log(result.log_path)
    assert [(c.action, c.value) for c in log.of(CubeAction)] == [("double", 1), ("take", 2),
                                                                  ("double", 2), ("drop", 2)]
    assert log.of(ResultRecord)[-1].match_over


def test_the_next_roll_ends_the_turn_and_takeback_leads_back(tmp_path: Path) -> None:
    result = run_script("backgammon", OPENING + """
        move point 8 point 5
        say takeback
        expect lit point 5 lift-here
        expect lit point 8 put-here
        move point 5 point 8
        say teacher off           # 13/9 is a weak play: no warning here
        move point 13 point 10 / move point 10 point 9
        dice 6 4
        press 2                   # white throws: black's 13/9 is committed first
        expect last 13/9
        say hint
        expect message hint
    """, tmp_path)
    assert result.session.committed == ["13/9"]


def test_physical_dice_are_typed_in() -> None:
    actions = """
        setup
        press 1
        expect message type the throw
        say dice 3 1
        expect message opening throw 3 and 1
    """
    from tablier.play.script import ScriptActor, parse_script

    steps = parse_script(actions, "t")
    result = play("backgammon", PlayOptions(), Dice(source=PHYSICAL), sim=True,
                  make_actor=lambda hands, cable: ScriptActor(steps, hands, cable, "t"), timeout=30)
    assert any("black begins" in m for m in result.session.message_log)


def test_draughts_colours_alternate_from_game_to_game(tmp_path: Path) -> None:
    result = play("losing", PlayOptions(games=2, players=("ann", "bob")), Dice(1), sim=True,
                  log_dir=tmp_path, make_actor=lambda hands, cable: AutoHands(hands, seed=4), timeout=120)
    assert result.session.finished and result.log_path is not None
    starts = read_log(result.log_path).of(GameStart)
    assert [tuple(s.sides) for s in starts] == [("ann", "bob"), ("bob", "ann")]


def test_the_terminal_view_redraws_in_place_on_a_terminal() -> None:
    out = io.StringIO()
    result = run_script("backgammon", OPENING, grace=0.3)
    View(out, live=True, interval=0)(result.session)
    text = out.getvalue()
    assert text.startswith(CLEAR) and "link: connected" in text and "BAR" in text and "keys:" in text
    assert "lights: status 1 your-turn" in text


def test_jacquet_touch_down_option_refuses_a_slid_man_until_it_rests() -> None:
    result = run_script("jacquet", """
        setup
        dice 6 5
        press 1                   # black plays the deciding 6-5
        move point 24 point 13    # slid past the intermediate point
        press 1
        expect moves 0
        expect message must rest on the intermediate point
        move point 13 point 18    # back to the 18-point (one die), touching down ...
        move point 18 point 13    # ... then on
        press 1
        expect last 24/13
    """, touch_down=True)
    assert result.session.committed == ["24/13"]


def test_law_18_a_man_of_ones_own_removed_while_taking_stays_off(tmp_path: Path) -> None:
    result = run_script("english", """
        setup
        lift square 10
        lift square 15            # the man taken
        lift square 1             # and, by mistake, one of his own
        expect message Law 18
        put square 19
        press 1
        expect last 10x19
    """, tmp_path, position="B:W15:B10,1")
    session = result.session
    assert session.board.fen() == "W:W:B19"  # type: ignore[attr-defined]


def test_law_18_the_opponent_may_insist_on_replacing() -> None:
    result = run_script("english", """
        setup
        lift square 10
        lift square 15
        lift square 1
        say 2 insist
        put square 19
        press 1
        expect moves 0
        put square 1
        press 1
        expect last 10x19
    """, position="B:W15:B10,1")
    assert result.session.board.fen() == "W:W:B1,19"  # type: ignore[attr-defined]


def test_men_moved_between_turns_are_shown_and_block_the_throw() -> None:
    result = run_script("backgammon", OPENING + """
        move point 8 point 5 / move point 6 point 5
        press 1
        move point 13 point 10    # black fiddles after his turn
        expect lit point 10 lift-here
        expect lit point 13 put-here
        press 2
        expect message first put the men back
        move point 10 point 13
        dice 6 5
        press 2
        expect message throws 6-5
    """)
    assert result.session.committed == ["8/5 6/5"]


def test_the_rule_broken_is_named_and_strict_mode_keeps_quiet() -> None:
    script = """
        setup
        dice 6 5
        press 1                   # black plays the deciding 6-5
        move point 24 point 13
        press 1
        dice 3 1
        press 2
        move point 12 point 8
        press 2
        dice 2 1
        press 1
        move point 24 point 22    # a second man leaves the start while the postillon travels
        wait 0.5
        expect message postillon
    """
    teaching = run_script("jacquet", script)
    strict = run_script("jacquet", script, teaching=False)
    assert len(strict.session.message_log) < len(teaching.session.message_log)
    assert not any("press a button to throw" in m for m in strict.session.message_log)


def test_a_huff_said_at_the_terminal_then_the_lights_ask_for_the_man() -> None:
    result = run_script("english", """
        setup
        move square 1 square 5    # black leaves his capture 10x19 untaken
        press 1
        say huff 10
        expect message huffed
        wait 0.5
        expect lit square 10 lift-here
        lift square 10
        move square 15 square 11
        press 2
        expect last 15-11
    """, position="B:W15:B10,1", options={"captures": "huff"})
    assert result.session.committed == ["1-5", "15-11"]


def test_forty_move_notice_and_compel(tmp_path: Path) -> None:
    result = run_script("english", """
        setup
        move square 1 square 5    # black leaves his capture 10x19 untaken
        press 1
        say compel                # white compels: black's move is taken back, he must capture
        expect message must capture
        wait 0.5
        expect lit square 5 lift-here
        move square 5 square 1
        lift square 10 / lift square 15 / put square 19
        press 1
        expect last 10x19
    """, tmp_path, position="B:W15,32:B10,1", options={"captures": "huff"})
    assert result.session.committed == ["10x19"]  # 1-5 was taken back
    notice = run_script("english", """
        setup
        say 2 notice
        expect message must win within 40 moves
    """)
    assert notice.session.message_log


def test_law_11_a_touched_man_must_be_played() -> None:
    result = run_script("english", """
        setup
        lift square 11            # touched ...
        put square 11             # ... and put back
        expect message must be played
        expect lit square 11 must-move
        move square 9 square 13   # another man: not allowed
        wait 0.5
        expect lit square 13 lift-here
        move square 13 square 9
        move square 11 square 15
        press 1
        expect last 11-15
    """, options={"touch_move": "true"})
    assert result.session.committed == ["11-15"]


def test_teaching_view_says_where_a_lifted_man_may_go() -> None:
    out = io.StringIO()
    result = run_script("backgammon", OPENING + "lift point 8\n")
    View(out, live=True, interval=0)(result.session)
    assert "the man lifted from 8 may go to" in out.getvalue()


def test_a_match_to_two_the_crawford_game_has_no_cube(tmp_path: Path) -> None:
    result = run_script("backgammon", OPENING + """
        move point 8 point 5 / move point 6 point 5
        press 1
        say double                # white doubles ...
        say drop                  # ... black drops: white leads 1-0, one short of the match
        expect message wins game 1
        setup                     # the men set up again for game 2: the Crawford game
        dice 3 1
        press 1                   # black wins the opening throw and is to throw
        say 1 double
        expect message the cube is not in play
    """, tmp_path, match_length=2, options={"cube": "true"})
    assert result.log_path is not None
    starts = read_log(result.log_path).of(GameStart)
    assert [s.crawford for s in starts] == [False, True]
    assert result.session.score == [0, 1]
