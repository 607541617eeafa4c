"""The teacher's mark after each play (``?!``, ``?``, ``??``, as GNU Backgammon marks them): on the
terminal's move list, on the page, in the log's commit; none in a strict game or with quality help off."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablier.cli import main
from tablier.play.view import render
from tablier.record.eventlog import Commit, read_log
from tablier.web.live import page_state

from .conftest import run_script
from .test_teaching import GIVEAWAY, GIVEAWAY_PLAYED, THREE_ONE_PLAYED_8_4, WARNED_8_4, WARNED_14_18

pytest.importorskip("gnubg")

FULL = ("full", "full")  # quality help for every man: the marks given

KEPT_8_4 = THREE_ONE_PLAYED_8_4 + f"""
    expect message {WARNED_8_4}
    press 1                   # keep it
    expect last 8/4
"""


def test_a_weak_play_kept_carries_its_mark_on_the_terminal_the_page_and_in_the_log(tmp_path: Path) -> None:
    result = run_script("backgammon", KEPT_8_4, tmp_path, quality=FULL)
    session = result.session
    assert session.marks == ["??"]  # about 0.3 of a point a game: very bad (from 0.16)
    scene = session.scene()
    assert scene.marked_moves() == ("8/4 ??",)
    assert "moves: 8/4 ??" in render(scene, 120, 40)
    assert page_state(scene)["scene"]["marks"] == ["??"]
    assert any(line.endswith("played 8/4 ??") for line in session.message_log)
    assert result.log_path is not None
    assert [commit.mark for commit in read_log(result.log_path).of(Commit)] == ["??"]


def test_an_english_draughts_move_that_gives_a_man_away_is_marked() -> None:
    result = run_script("english", GIVEAWAY_PLAYED + f"""
        expect message {WARNED_14_18}
        press 1                   # keep it
        expect last 14-18
    """, position=GIVEAWAY, quality=FULL)
    assert result.session.marks == ["??"]
    assert "moves: 14-18 ??" in render(result.session.scene(), 120, 40)


@pytest.mark.parametrize("options", [{"teaching": False, "quality": FULL}, {"quality": ("off", "full")}])
def test_a_strict_game_or_quality_help_off_shows_no_mark(options: dict[str, object], tmp_path: Path) -> None:
    script = THREE_ONE_PLAYED_8_4 + "expect last 8/4" if options.get("teaching") is False else KEPT_8_4
    result = run_script("backgammon", script, tmp_path, **options)
    assert result.session.marks == [""]
    assert "??" not in render(result.session.scene(), 120, 40)
    assert result.log_path is not None
    assert '"mark"' not in result.log_path.read_text()  # an unmarked commit is written as before


def test_a_mistyped_quality_level_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "backgammon", "--sim", "--quality", "7"]) == 2
    error = capsys.readouterr().err
    assert error == "tablier play: --quality: quality help is off, 1-6 (hints a turn) or full, not '7'\n"


def test_the_log_takes_the_marks_the_teacher_gives() -> None:
    from tablier.engines.quality import MARKS
    from tablier.record.eventlog import COMMIT_MARKS

    assert set(COMMIT_MARKS) == set(MARKS.values())
