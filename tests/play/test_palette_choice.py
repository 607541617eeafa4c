"""The palette the player chooses (``--palette``): the colours the board is sent, the page and the
terminal naming it, and a mistyped name refused in one line."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from tablier.board.leds import DESTINATION
from tablier.board.palettes import PALETTES, find_palette
from tablier.board.scene import PlaceView, Scene
from tablier.cli import main
from tablier.play.link import Link
from tablier.play.view import render
from tablier.web.live import page_state

from .conftest import run_script

LIFT = """
    setup
    dice 4 2
    press 1
    dice 4 2
    press 1
    lift point 13
    expect lit point 9 destination
    put point 13
"""


@pytest.mark.parametrize("palette", [p.name for p in PALETTES])
def test_the_board_is_sent_the_chosen_palettes_colour_for_a_destination(
        palette: str, monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[list[tuple[int, tuple[int, int, int], int]]] = []
    real = Link.set_leds

    def kept(link: Link, wishes: Iterable[tuple[int, tuple[int, int, int], int]]) -> None:
        sent.append(list(wishes))
        real(link, sent[-1])

    monkeypatch.setattr(Link, "set_leds", kept)
    result = run_script("backgammon", LIFT, palette=palette)
    point_9 = result.session.layout.led_for("point", 9).index
    colours = {colour for wishes in sent for index, colour, _ in wishes if index == point_9}
    chosen = find_palette(palette)[DESTINATION.name]
    assert chosen in colours
    assert not colours & ({p[DESTINATION.name] for p in PALETTES} - {chosen})  # no other palette's
    scene = result.session.scene()
    assert scene.palette == palette
    assert page_state(scene)["palette"] == find_palette(palette).title
    assert f"({find_palette(palette).title} palette)" in render(scene, 120, 40)


def test_the_page_draws_the_lights_in_the_scenes_palette() -> None:
    scene = Scene(family="tables", title="Backgammon", palette="tol",
                  places=(PlaceView(place="point 5", light="destination"),))
    assert Scene.from_json(scene.to_json()) == scene  # the club's copy keeps it
    state = page_state(scene)
    red, green, blue = find_palette("tol")["destination"]
    assert state["legend"][0][1] == f"#{red:02x}{green:02x}{blue:02x}"
    assert f"#{red:02x}{green:02x}{blue:02x}" in state["svg"]


@pytest.mark.parametrize("command", [["play", "backgammon", "--sim"], ["demo"]])
def test_a_mistyped_palette_is_refused_in_one_line_naming_the_palettes(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--palette", "okabe"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "no palette 'okabe' (palettes: classic, okabe-ito, tol)" in error
