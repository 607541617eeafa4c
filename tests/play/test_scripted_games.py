"""Whole turns and games played by scripts of physical actions through the firmware and the link."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablier.play.script import ScriptError
from tablier.record.eventlog import Claim, Commit, LinkState, SwitchEvent, read_log

from .conftest import run_script

OPENING = """
setup
dice 3 1
press 1            # the opening throw: black 3, white 1; black throws again
dice 3 1
press 1
"""


def test_backgammon_out_of_order_play_is_committed_and_logged(tmp_path: Path) -> None:
    result = run_script("backgammon", OPENING + """
        expect status partial
        lift point 6
        expect lit point 5 destination
        expect lit point 3 destination
        put point 5
        move point 8 point 5
        expect status final
        expect lit status 1 press-when-done
        press 1
        expect last 8/5 6/5
    """, tmp_path)
    assert result.session.committed == ["8/5 6/5"]
    assert result.log_path is not None
    log = read_log(result.log_path)
    commits = log.of(Commit)
    assert [c.notation for c in commits] == ["8/5 6/5"] and commits[0].dice == [3, 1]
    switches = log.of(SwitchEvent)
    assert any(s.place == "point 6 slot 5" and not s.closed for s in switches)
    seqs = [s.seq for s in switches if s.seq is not None]
    assert seqs == sorted(set(seqs))  # every board event once, in order


def test_a_slid_move_and_a_hit_with_the_blot_sent_to_the_bar_first() -> None:
    run_script("backgammon", """
        setup
        dice 6 4
        press 1            # black 6, white 4: black begins and throws again
        dice 6 1
        press 1
        move point 24 point 18    # a changed mind: tried 24/18/17, then put back
        move point 18 point 17
        move point 17 point 24
        move point 13 point 7
        move point 8 point 7
        press 1
        expect last 13/7 8/7
        dice 6 4
        press 2
        move point 1 point 11     # white 24/14 slid through 18 (the 6 then the 4) in one gesture
        press 2
        expect last 24/14
        dice 2 1
        press 1
        lift point 11             # black hits the blot on 11 (his 11 = white's 14): blot to the bar first
        put bar 2
        move point 13 point 11
        expect status partial
        move point 24 point 23
        press 1
        expect last 24/23 13/11*
        dice 5 2
        press 2
        lift bar 2                # white enters from the bar: his 20 (the board's 5) is open
        expect lit point 5 destination
        put point 5
        move point 12 point 14
        press 2
        expect last bar/20 13/11
    """)


def test_an_illegal_move_is_never_committed_and_the_lights_lead_back() -> None:
    result = run_script("backgammon", OPENING + """
        move point 13 point 8     # a five: no die of 3-1 moves it
        wait 0.6
        expect lit point 8 lift-here
        expect lit point 13 put-here
        expect message not a legal play
        press 1
        expect moves 0
        move point 8 point 13     # as the lights say
        expect status partial
        move point 8 point 5
        move point 6 point 5
        press 1
        expect last 8/5 6/5
    """)
    assert result.session.committed == ["8/5 6/5"]


def test_two_plays_that_look_alike_are_resolved_by_asking() -> None:
    # seven men on black's 2-point and seven in his tray: the switches see six of each
    result = run_script("backgammon", """
        setup
        dice 5 2
        press 1
        lift point 4
        put point 2               # onto the top layer of the 2-point: unseen
        lift point 2              # from the top layer: unseen
        put tray 1                # into the full tray: unseen
        press 1
        expect message which play?
        expect lit point 2 ask
        lift point 2 row          # the answer: a man lifted and put back on the 2-point ...
        wait 0.2                  # (held a moment, as a hand does: the board sees him lifted)
        put point 2
        expect last 4/off 2/off   # ... the play that leaves fewer men there
    """, position="B 2x7 4 / W 24x2 13x5 12x3 19x5 / B")
    assert result.session.committed == ["4/off 2/off"]


def test_a_link_cut_and_restored_mid_turn_loses_nothing(tmp_path: Path) -> None:
    result = run_script("backgammon", OPENING + """
        lift point 8
        cut
        put point 5               # while the cable is out
        wait 0.4
        restore
        wait 0.3
        move point 6 point 5
        press 1
        expect last 8/5 6/5
    """, tmp_path)
    log = read_log(result.log_path) if result.log_path else None
    assert log is not None
    states = [r.state for r in log.of(LinkState)]
    assert "disconnected" in states and "reconnected" in states
    assert result.session.committed == ["8/5 6/5"]


def test_jacquet_postillon_must_move_and_is_lit() -> None:
    run_script("jacquet", """
        setup
        dice 6 5
        press 1                   # the deciding throw: black 6, white 5: black plays them
        move point 24 point 13    # the postillon leaves the starting point
        press 1
        expect last 24/13
        dice 3 1
        press 2
        move point 12 point 8     # white's own postillon (his 24 is the board's 12)
        press 2
        dice 2 1
        press 1
        expect lit point 13 must-move
        move point 13 point 10
        press 1
        expect last 13/10
    """)


TICKTACK = "W 24x14 13 / B 24x14 16 / W"


def test_ticktack_a_win_claimed() -> None:
    result = run_script("ticktack", """
        setup
        dice 4 1
        press 2
        say claim Hit
        expect message wins
    """, position=TICKTACK)
    assert result.session.score == [0, 1]


def test_ticktack_a_man_touched_must_be_taken() -> None:
    result = run_script("ticktack", """
        setup
        dice 6 5
        press 2
        lift point 12             # white touches his man on his 13 ...
        put point 12              # ... and puts him back
        expect message must be played
        move point 1 point 7      # 24/18 24/19: two other men, while the one touched can move
        move point 1 point 6
        wait 0.6
        expect message 24/19 24/18 is not a legal play
        move point 7 point 1
        move point 6 point 1
        move point 12 point 18    # 13/7 24/19
        move point 1 point 6
        press 2
    """, position=TICKTACK)
    assert result.session.committed == ["24/19 13/7"]


def test_ticktack_why_not_after_a_missed_win(tmp_path: Path) -> None:
    result = run_script("ticktack", """
        setup
        dice 4 1
        press 2
        lift point 12             # white touches a man (his 13) instead of claiming his Hit
        say 1 why-not             # (said before the touch narrowed his turn, or after)
        expect message Why not
        wait 0.1                  # the game over, the touch's narrowing falls due: nothing breaks
    """, tmp_path, position=TICKTACK)
    assert result.session.score == [1, 0]
    assert result.log_path is not None
    assert [c.claim for c in read_log(result.log_path).of(Claim)] == ["why-not"]


def test_draughts_multi_capture_in_any_order_and_crowning() -> None:
    result = run_script("english", """
        setup
        lift square 15
        lift square 26            # the second man taken first
        lift square 18
        put square 31
        press 1
        expect last 15x22x31
    """, position="B:W18,26,30:B15,1")
    assert result.session.committed == ["15x22x31"]


def test_draughts_a_huff_under_the_laws_option(tmp_path: Path) -> None:
    result = run_script("english", """
        setup
        move square 1 square 5    # black leaves his capture 10x19 untaken
        press 1
        expect last 1-5
        lift square 10            # white huffs the man that should have taken ...
        move square 15 square 11  # ... and then moves
        press 2
        expect message huffed
        expect last 15-11
    """, tmp_path, position="B:W15:B10,1", options={"captures": "huff"})
    assert result.log_path is not None
    assert [c.claim for c in read_log(result.log_path).of(Claim)] == ["huff"]


def test_a_bad_script_line_names_its_line() -> None:
    with pytest.raises(ScriptError, match="test-script:3"):
        run_script("backgammon", "setup\n\nlift point 30\n")


def test_two_plays_that_look_alike_are_told_apart_by_the_order_of_events() -> None:
    result = run_script("backgammon", """
        setup
        dice 5 2
        press 1
        move point 4 tray 1       # 4/off: into the full tray, unseen
        lift point 2 row          # 2/off from the 2-point's row: its switch opens (a man of the
        put tray 1                # top layer then slides down), so the man visibly left the 2-point
        press 1
        expect last 4/off 2/off
    """, position="B 2x7 4 / W 24x2 13x5 12x3 19x5 / B")
    assert not any("which play" in m for m in result.session.message_log)


def test_bearing_off_a_doublet_into_the_tray() -> None:
    result = run_script("backgammon", """
        setup
        dice 6 6
        press 1
        lift point 6
        expect lit tray 1 bear-off
        put tray 1
        move point 6 tray 1 / move point 6 tray 1
        move point 5 tray 1       # no man left on the 6-point: the 5-point's man goes off
        press 1
        expect last 6/off(3) 5/off
    """, position="B 6x3 5x3 4x3 3x2 2x2 1x2 / W 13x7 12x3 8x5 / B")
    assert result.session.committed == ["6/off(3) 5/off"]


def test_set_up_the_other_way_round_and_the_notation_follows(tmp_path: Path) -> None:
    result = run_script("backgammon", """
        setup home-left           # black's home table on his left: every point mirrored
        expect message home-left
        dice 3 1
        press 1
        dice 3 1
        press 1
        move point 5 point 8      # black's 8-point is the board's 5, his 5-point the board's 8
        move point 7 point 8      # and his 6-point the board's 7
        press 1
        expect last 8/5 6/5
    """, tmp_path)
    assert result.log_path is not None
    assert read_log(result.log_path).of(Commit)[0].notation == "8/5 6/5"
    assert result.session.orientation.way == "home-left"  # type: ignore[attr-defined]


def test_a_played_die_is_dimmed() -> None:
    run_script("backgammon", OPENING + """
        expect lit die 1 pip 1 die
        move point 8 point 5      # the 3 is played
        expect lit die 1 pip 1 die-used
        expect lit die 2 pip 4 die
    """)


def test_draughts_crowning_seen_as_one_man_known_as_a_king() -> None:
    result = run_script("english", """
        setup
        move square 26 square 30  # the man reaches the last row: crowned (a second man on top, unseen)
        press 1
        expect last 26-30
        expect message crowned
        move square 9 square 5    # white moves
        press 2
        move square 30 square 26  # the black king moves backwards
        press 1
        expect last 30-26
    """, position="B:W9:B26")
    assert result.session.board.fen() == "W:W5:BK26"  # type: ignore[attr-defined]
