"""Taking back a committed move: asked for, then accepted or refused by the adversary; the men
guided back; the log's claim, the rebuild and the record show the game as finally played; where a
takeback is not allowed, the answer names the rule."""

from __future__ import annotations

from pathlib import Path

from tablier.play.replay import rebuild
from tablier.record.eventlog import Claim, read_log
from tablier.record.from_log import read_event_log

from .conftest import run_script

OPENING = """
    setup
    dice 3 1
    press 1
    dice 3 1
    press 1
    move point 8 point 5 / move point 6 point 5
    press 1
"""


def test_a_committed_play_taken_back_when_the_adversary_accepts(tmp_path: Path) -> None:
    result = run_script("backgammon", OPENING + """
        say takeback
        expect message asks to take back 8/5 6/5
        say accept
        expect message takes back 8/5 6/5 and plays 3-1 again
        expect lit point 5 lift-here
        press 1                       # not yet: the men are not back
        expect message first put the men back
        move point 5 point 8 / move point 5 point 6
        expect message the men stand where the turn began
        say teacher off               # 13/9 is a weak play: no warning here
        move point 13 point 10 / move point 10 point 9
        press 1
        expect last 13/9
    """, tmp_path)
    assert result.session.committed == ["13/9"]
    assert result.log_path is not None
    log = read_log(result.log_path)
    assert [(c.claim, c.detail) for c in log.of(Claim)] == [("takeback", "8/5 6/5")]
    rebuilt = rebuild(log)
    assert rebuilt.agrees and rebuilt.inferred == ["13/9"]
    record = read_event_log(result.log_path)
    plays = [a.moves for a in record.games[0].actions if a.kind == "play"]
    assert plays == [((13, 10, 0), (10, 9, 0))]


def test_a_refused_takeback_leaves_the_play_standing() -> None:
    result = run_script("backgammon", OPENING + """
        say takeback
        say refuse
        expect message refuses: 8/5 6/5 stands
        say accept
        expect message no takeback has been asked for
    """)
    assert result.session.committed == ["8/5 6/5"]


def test_no_takeback_once_the_next_throw_is_made_nor_by_the_adversary() -> None:
    result = run_script("backgammon", OPENING + """
        say 2 takeback
        expect message only the player who made 8/5 6/5 may ask
        dice 6 5
        press 2
        say 1 takeback
        expect message the next throw is already made
    """)
    assert result.session.committed == ["8/5 6/5"]


def test_ticktack_touch_and_take_has_no_takeback() -> None:
    result = run_script("ticktack", """
        setup
        dice 5 3
        press 1
        say takeback
    """)
    assert "touch and take" in result.session.message_log[-1]


def test_a_draughts_move_taken_back_guides_the_captured_man_back(tmp_path: Path) -> None:
    result = run_script("english", """
        setup
        lift square 10 / lift square 15 / put square 19
        press 1
        expect last 10x19
        say takeback
        say 2 accept
        expect lit square 19 lift-here
        move square 19 square 10
        expect lit square 15 put-here
        put square 15
        expect message the men stand where the move began
        lift square 10 / lift square 15 / put square 19
        press 1
    """, tmp_path, position="B:W15,32:B10,1")
    assert result.session.committed == ["10x19"]
    assert result.log_path is not None
    assert rebuild(read_log(result.log_path)).agrees
    moves = [a.moves for a in read_event_log(result.log_path).games[0].actions if a.kind == "move"]
    assert moves == [((10, 19),)]


def test_strict_play_under_the_laws_refuses_naming_the_laws() -> None:
    result = run_script("english", """
        setup
        move square 10 square 14
        press 1
        say takeback
    """, position="B:W32:B10", options={"touch_move": "true"})
    said = result.session.message_log[-1]
    assert "strict play under the Checker Laws" in said and "Law 13" in said


def test_no_takeback_after_the_adversary_began_or_the_game_ended() -> None:
    result = run_script("english", """
        setup
        move square 10 square 14
        press 1
        lift square 32
        say 1 takeback
        expect message has begun to move
        put square 32
        say resign
        say takeback
        expect message is over
    """, position="B:W32:B10")
    assert result.session.finished
