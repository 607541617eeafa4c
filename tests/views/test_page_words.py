"""What the live page says: its numbers in one frame, who made each move, no "error" for the
computer's move, no side "to move" once the game is over, square numbers readable over the men."""

from __future__ import annotations

import re

from tablier.play.scene import scene_of
from tablier.record.svg_diagram import DraughtsPicture, draw_draughts
from tablier.web.live import page_state

from .conftest import DRAUGHTS, WHITE_TO_PLAY, run_script


def point_labels(svg: str) -> list[int]:
    """The numbers written at the points, in drawing order: the far edge left to right, then the
    near edge left to right."""
    return [int(n) for n in re.findall(r'font-size="3.2"[^>]*>(\d+)</text>', svg)]


def test_the_board_is_numbered_for_the_side_to_move_as_his_moves_are() -> None:
    session = run_script("backgammon", WHITE_TO_PLAY).session
    state = page_state(scene_of(session))
    labels = point_labels(str(state["svg"]))
    assert labels == [*range(12, 0, -1), *range(13, 25)]  # White's numbers: his 24-point at the near right
    assert "player 2 (white) to play; the points in White's numbers" in str(state["svg"])
    black = run_script("backgammon", "setup\ndice 3 1\npress 1\ndice 3 1\npress 1\n").session
    assert point_labels(str(page_state(scene_of(black))["svg"])) == [*range(13, 25), *range(12, 0, -1)]


def test_the_move_list_says_who_moved() -> None:
    white = "move point 1 point 7 / move point 12 point 16\npress 2\n"
    session = run_script("backgammon", WHITE_TO_PLAY + white, teaching=False).session
    scene = scene_of(session)
    assert scene.moves == ("8/5 6/5", "24/18 13/9")
    assert scene.movers == ("player 1 (black)", "player 2 (white)")
    english = scene_of(run_script("english", DRAUGHTS).session)
    assert english.moves == ("11-15",) and english.movers == ("player 1 (black)",)


def test_the_lights_of_the_computers_move_are_not_called_an_error() -> None:
    session = run_script("backgammon", WHITE_TO_PLAY, players=("human", "computer:1")).session
    assert session.messages[-1].startswith("computer:1 (white) plays 24/")  # in White's numbers, as the board
    legend = {name: says for name, _, _, says in page_state(scene_of(session))["legend"]}
    assert "lift-here" in legend and "put-here" in legend
    assert not any("error" in says for says in legend.values())
    assert "the computer's move" in legend["put-here"]


def test_nobody_is_to_move_once_the_game_is_over() -> None:
    session = run_script("backgammon", "setup\ndice 3 1\npress 1\nsay 2 resign\n").session
    lines = session.status_lines()
    assert session.over and not any("to move" in line for line in lines), lines
    assert any(line.startswith("the game is over; pips X 167, O 167") for line in lines), lines
    scene = scene_of(session)
    assert scene.turn == 0 and "to play" not in str(page_state(scene)["svg"])


def test_nobody_is_to_play_while_both_wait_for_the_opening_throw() -> None:
    scene = scene_of(run_script("backgammon", "setup\n").session)
    assert scene.turn == 0 and scene.words[-1] == "press a button (or type `roll`) to throw for the start"


def test_a_square_number_is_drawn_over_the_man_standing_on_it() -> None:
    svg = draw_draughts(DraughtsPicture(8, {1: (0, False), 32: (1, True)}))
    for square in (1, 32):
        number = svg.index(f">{square}</text>")
        man = svg.index('<circle', svg.index(f">{square - 1}</text>") if square > 1 else 0)
        assert man < number, f"the man on square {square} hides its number"
