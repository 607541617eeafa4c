"""The capture analysis: the magnet's field at a Hall switch, off centre and at the neighbours."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.fabrication.capture import Magnet, capture_radius, capture_report, crosstalk, field_mt
from tablier.fabrication.check import find_problems
from tablier.hardware.layout import DEFAULT_LAYOUT_PATH, load_layout, read_layout

README = DEFAULT_LAYOUT_PATH.parent / "README.md"


def on_axis_mt(diameter: float, thickness: float, z: float, br: float = 1.2) -> float:
    """The textbook field on a disc magnet's axis (the README's formula)."""
    r = diameter / 2
    return br / 2 * ((thickness + z) / math.hypot(r, thickness + z) - z / math.hypot(r, z)) * 1000


@pytest.mark.parametrize("z", [1.0, 4.0, 9.0, 14.0])
def test_the_model_agrees_with_the_field_on_the_axis(z: float) -> None:
    assert field_mt(Magnet(6, 2), 0, z) == pytest.approx(on_axis_mt(6, 2, z), rel=1e-3)


def test_far_off_the_axis_the_model_falls_like_a_dipole() -> None:
    magnet = Magnet(6, 2)
    dipole = 1.2 * math.pi * 3 ** 2 * 2 / (4 * math.pi * 200 ** 3) * 1000  # side-on: Br V / (4 pi r^3)
    assert field_mt(magnet, 200, 0) == pytest.approx(dipole, rel=0.02)


def test_a_small_magnet_has_a_dead_ring_inside_the_square() -> None:
    """The old 6 x 2 mm magnet: a flat sensor loses the man 5.7 mm off centre (Bz changes sign)."""
    assert capture_radius(Magnet(6, 2), 3.6) == pytest.approx(5.7, abs=0.1)


def test_the_chosen_magnet_is_seen_9_mm_off_and_leaves_neighbours_open() -> None:
    layout = load_layout()
    magnet = Magnet(*layout.mechanics.magnet, layout.mechanics.magnet_br)
    assert capture_radius(magnet, 4.6) >= 9
    assert crosstalk(magnet, 4.6, layout.geometry.slot_pitch_mm) < 0.5


def test_check_refuses_a_magnet_that_does_not_reach(write_layout: Callable[[str], Path],
                                                    board_text: str) -> None:
    text = board_text.replace("magnet_mm = [16, 2] ", "magnet_mm = [6, 2] ")
    problems = find_problems(read_layout(write_layout(text)))
    assert any(p.startswith("a 6 x 2 mm magnet (Br 0.4 T) 4.6 mm above the Hall switch is seen only")
               for p in problems), problems


def test_check_refuses_a_magnet_that_closes_the_next_slot(write_layout: Callable[[str], Path],
                                                          board_text: str) -> None:
    text = board_text.replace("magnet_br_t = 0.4 ", "magnet_br_t = 1.2 ")
    problems = find_problems(read_layout(write_layout(text)))
    assert any(p.startswith("a man leaves 1.08 mT at the next slot of a ladder (32.0 mm away)")
               for p in problems), problems


def test_the_readme_quotes_the_current_analysis(capsys: pytest.CaptureFixture[str]) -> None:
    report = capture_report(load_layout())
    assert report in README.read_text(encoding="utf-8"), "run `tablier hardware capture` into the README"
    assert main(["hardware", "capture"]) == 0
    assert capsys.readouterr().out == report
