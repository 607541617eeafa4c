"""The terminal view: snapshots at 80x24 and 120x40, what the switches see, the plain transcript.

Set ``TABLIER_UPDATE_SNAPSHOTS=1`` to rewrite the snapshots after a deliberate change of the view
(and read the new ones before committing them)."""

from __future__ import annotations

import io
import os

import pytest

from tablier.board.scene import LIFTED as LIFTED_MAN
from tablier.play.scene import scene_of
from tablier.play.session import Session
from tablier.play.view import View, keys_line, render

from .conftest import DRAUGHTS, LIFTED, SNAPSHOTS, run_script


def settled(session: Session) -> Session:
    """The session once the status lights' second of ``link-wait`` after connecting is over."""
    session.link_wait_until = 0.0
    return session


@pytest.fixture(scope="module")
def backgammon() -> Session:
    return settled(run_script("backgammon", LIFTED, options={"cube": "true"}, match_length=5).session)


@pytest.fixture(scope="module")
def english() -> Session:
    return settled(run_script("english", DRAUGHTS).session)


def test_the_link_wait_lights_fit_the_compact_view_too(backgammon: Session) -> None:
    backgammon.link_wait_until = float("inf")
    try:
        text = render(scene_of(backgammon), 80, 24, keys=keys_line(backgammon))
    finally:
        backgammon.link_wait_until = 0.0
    assert "link: connected (just now)" in text and len(text.rstrip("\n").split("\n")) <= 24


def check_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("TABLIER_UPDATE_SNAPSHOTS") or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("game", ["backgammon", "english"])
def test_the_view_matches_its_snapshot_and_fits(game: str, size: tuple[int, int],
                                                request: pytest.FixtureRequest) -> None:
    session: Session = request.getfixturevalue(game)
    width, height = size
    text = render(scene_of(session), width, height, keys=keys_line(session))
    lines = text.rstrip("\n").split("\n")
    assert len(lines) <= height and max(len(line) for line in lines) <= width
    check_snapshot(f"{game}-{width}x{height}", text)


def test_a_lifted_man_and_his_lights_are_drawn_where_the_board_shows_them(backgammon: Session) -> None:
    scene = scene_of(backgammon)
    six = scene.place("point 6")
    assert (six.men, six.change) == (4, LIFTED_MAN)  # five men set up, one in hand
    assert scene.in_hand == 1 and scene.place("point 5").light == "destination"
    assert scene.dice == (3, 1) and scene.dice_used == (True, False)  # 8/5 used the 3
    assert scene.cube == (1, 0) and scene.match_length == 5 and scene.turn == 1
    text = render(scene, 80, 24)
    assert " 5D" in text and "4^" in text and "in hand: 1" in text and "D  destination" in text
    assert "cube: 1, in the middle" in text and "match to 5" in text and "(X) 0  <-" in text


def test_draughts_squares_carry_their_numbers_and_lights(english: Session) -> None:
    scene = scene_of(english)
    assert scene.place("square 22").change == LIFTED_MAN and scene.place("square 15").men == 1
    text = render(scene, 80, 24)
    for square in range(1, 33):
        assert f"{square:>2}" in text
    assert "17.D" in text and "18.D" in text and "22^" in text and "15b" in text


def test_colour_on_a_terminal_and_the_lights_in_their_colours(backgammon: Session) -> None:
    text = render(scene_of(backgammon), 80, 24, colour=True)
    assert "\x1b[" in text and "48;2;0;170;0" in text  # the destination's green behind point 5


def test_a_transcript_names_the_simulated_board_first_and_draws_the_board_at_each_move() -> None:
    out = io.StringIO()
    view = View(out, live=False)
    result = run_script("backgammon", "setup\ndice 3 1\npress 1\ndice 3 1\npress 1\n"
                        "move point 8 point 5 / move point 6 point 5\npress 1\n")
    view.connected("the board: the simulated one (the firmware under MicroPython on /dev/pts/9)")
    view.finish(result.session)
    text = out.getvalue()
    assert text.startswith("the board: the simulated one (the firmware under MicroPython on /dev/pts/")
    assert "played 8/5 6/5" in text and text.count("+------------------+---+") == 2  # one board drawn


def test_play_in_a_pipe_says_which_pseudo_terminal_the_firmware_runs_on() -> None:
    from tablier.play.dice import Dice
    from tablier.play.runner import play
    from tablier.play.script import ScriptActor, parse_script
    from tablier.play.session import PlayOptions

    out = io.StringIO()
    actions = parse_script("setup\n", "t")
    play("backgammon", PlayOptions(), Dice(1), sim=True, view=View(out, live=False),
         make_actor=lambda hands, cable: ScriptActor(actions, hands, cable, "t"), timeout=30)
    first = out.getvalue().splitlines()[0]
    assert first.startswith("the board: the simulated one (the firmware under MicroPython on /dev/")


def test_the_side_to_move_sees_his_own_point_numbers_beside_the_boards() -> None:
    session = run_script("backgammon", "setup\ndice 3 1\npress 1\ndice 3 1\npress 1\n"
                         "move point 8 point 5 / move point 6 point 5\npress 1\ndice 6 4\npress 2\n").session
    scene = scene_of(session)
    assert scene.turn == 2 and scene.own_points[1] == 24 and scene.own_points[13] == 12
    lines = render(scene, 80, 24).splitlines()
    own = [line for line in lines if "P2's" in line]
    assert len(own) == 2 and own[0].split()[:3] == ["12", "11", "10"]  # above the far edge's 13 14 15


def test_a_bad_serve_address_is_told_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from tablier.cli import main

    assert main(["demo", "--serve", "somewhere:http"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "tablier demo: --serve takes [HOST:]PORT, e.g. 8000 or 0.0.0.0:8000 (not 'somewhere:http')"
