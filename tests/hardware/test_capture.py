"""The capture analysis: what a man's magnet drives at the sensors of both kinds, on its place and at the
neighbours."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.fabrication.capture import (
    Magnet,
    capture_cases,
    capture_problems,
    capture_radius,
    capture_report,
    capture_results,
    field_mt,
    gap_of,
    magnets,
    place_drive,
    reed_at,
)
from tablier.fabrication.check import find_problems
from tablier.fabrication.sensors import DRV5032FA, SENSING
from tablier.hardware.layout import DEFAULT_LAYOUT_PATH, Layout, load_layout, read_layout

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


def test_a_reed_straight_under_a_magnet_sees_nothing_and_a_long_one_nothing_anywhere() -> None:
    """The field along a reed is the magnetic potential difference across it: zero by symmetry under the
    magnet's centre, and zero between two points far apart whatever the offset."""
    magnet = Magnet(12, 2, 1.22, bore_mm=5)
    assert reed_at(magnet, 0, 0, 5.2, 10) == pytest.approx(0, abs=1e-9)
    assert reed_at(magnet, 7, 0, 5.2, 10) > 50  # a magnet's radius along it: strongly driven
    assert reed_at(magnet, 7, 0, 5.2, 4000) == pytest.approx(0, abs=0.5)


def test_a_ring_is_a_disc_without_its_bore() -> None:
    ring, disc, bore = Magnet(12, 2, 1.22, bore_mm=5), Magnet(12, 2, 1.22), Magnet(5, 2, 1.22)
    assert field_mt(ring, 3, 4) == pytest.approx(abs(field_mt(disc, 3, 4) - field_mt(bore, 3, 4)), rel=1e-9)


@pytest.mark.parametrize("sensor", ["hall", "reed"])
def test_each_sensor_sees_a_man_wherever_it_stands_and_leaves_its_neighbours_open(sensor: str) -> None:
    results = capture_results(load_layout(), sensor)
    assert [r.case.close for r in results] == [True, True, True, False, False, False]
    for result in results:
        assert result.ok and result.margin >= 1.5, (result.case.what, result.worst, result.threshold)


def test_a_single_reed_cannot_see_a_whole_square_which_is_why_a_square_has_two() -> None:
    layout = load_layout()
    pair = SENSING["reed"]["row"]
    single = replace(pair, offsets=pair.offsets[:1])
    weak, _strong = magnets(layout, "reed")
    gap = gap_of(layout, pair.part)
    square = next(c for c in capture_cases(layout) if c.carrier == "row" and c.close)
    assert min(place_drive(single, weak, gap, a, c) for a, c in square.where) < pair.part.operate
    assert min(place_drive(pair, weak, gap, a, c) for a, c in square.where) > pair.part.operate


def test_check_refuses_a_magnet_that_does_not_reach(write_layout: Callable[[str], Path],
                                                    board_text: str) -> None:
    text = board_text.replace("magnet_mm = [20, 3] ", "magnet_mm = [6, 2]  ")
    assert text != board_text
    problems = find_problems(read_layout(write_layout(text)), wiring=False, stock=False)
    assert any(p.startswith("a man on a dark square (9 mm off its centre, any way): the DRV5032FA sees")
               and p.endswith("less than the 1.5x margin it needs over the 4.8 mT that surely closes it")
               for p in problems), problems


def test_check_refuses_a_magnet_that_closes_the_next_slot(write_layout: Callable[[str], Path],
                                                          board_text: str) -> None:
    text = board_text.replace("br_t = [0.38, 0.40] ", "br_t = [1.22, 1.26] ")
    assert text != board_text
    problems = capture_problems(read_layout(write_layout(text)))
    assert ("the next slot of a ladder, the man 2 mm towards it: a man leaves 3.48 mT at its DRV5032AJ: "
            "0.86x, less than the 1.5x margin it needs under the 3 mT that surely opens it") in problems


def test_check_refuses_a_reed_layout_whose_magnet_is_too_weak(write_layout: Callable[[str], Path],
                                                              board_text: str) -> None:
    text = board_text.replace('kind = "hall"   ', 'kind = "reed"   ').replace(
        "br_t = [1.22, 1.26] ", "br_t = [0.38, 0.40] ")
    problems = capture_problems(read_layout(write_layout(text)))
    assert ("a man on a point's slot (2 mm along, 2 mm across): the CT10-2540-G1 sees 39.6 AT at worst, "
            "0.99x, less than the 1.5x margin it needs over the 40 AT that surely closes it") in problems


def test_the_readme_quotes_the_current_analysis_of_both_sensors(capsys: pytest.CaptureFixture[str]) -> None:
    layout = load_layout()
    readme = README.read_text(encoding="utf-8")
    for sensor in ("hall", "reed"):
        report = capture_report(layout, sensor)
        assert report in readme, f"run `tablier hardware capture --sensor {sensor}` into the README"
        assert main(["hardware", "capture", "--sensor", sensor]) == 0
        assert capsys.readouterr().out == report
    assert main(["hardware", "capture"]) == 0
    assert capsys.readouterr().out == capture_report(layout, "hall")  # the layout's own: the default


# -- C. sensors with margin: the faults of the earlier designs, put back, are refused ------------------


def reed_layout(write_layout: Callable[[str], Path], board_text: str, margin: str = "1.5") -> Layout:
    text = board_text.replace('kind = "hall"   ', 'kind = "reed"   ')
    text = text.replace("margin = 1.5 ", f"margin = {margin} ")
    assert text.count('kind = "reed"') == 1 and f"margin = {margin} " in text
    return read_layout(write_layout(text))


def test_the_committed_sensors_meet_the_margin_with_no_blind_strip(write_layout: Callable[[str], Path],
                                                                  board_text: str) -> None:
    assert capture_problems(load_layout()) == []
    assert capture_problems(reed_layout(write_layout, board_text)) == []


def test_a_single_reed_under_a_slot_leaves_a_blind_strip_and_is_refused(
        write_layout: Callable[[str], Path], board_text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first flat design: one reed a slot, 4 mm towards the board's edge."""
    pair = SENSING["reed"]["ladder"]
    monkeypatch.setitem(SENSING["reed"], "ladder", replace(pair, offsets=((-4.0, 0.0),), margins=(8.0, 8.0)))
    problems = capture_problems(reed_layout(write_layout, board_text))
    assert any(p.startswith("a ladder's slot has a blind strip: a man ") for p in problems), problems


def test_the_sensitive_hall_switch_under_the_slots_is_refused_for_the_next_slots_release(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The DRV5032FA's 0.5 mT release under every slot: the next slot's man keeps it closed."""
    monkeypatch.setitem(SENSING["hall"], "ladder", replace(SENSING["hall"]["ladder"], part=DRV5032FA,
                                                           pull_up=False))
    problems = capture_problems(load_layout())
    assert any(p.startswith("the next slot of a ladder, the man 2 mm towards it: a man leaves 1.11 mT at its "
                            "DRV5032FA") for p in problems), problems


def test_a_margin_the_reeds_do_not_meet_is_refused(write_layout: Callable[[str], Path],
                                                   board_text: str) -> None:
    problems = capture_problems(reed_layout(write_layout, board_text, margin="2"))
    assert problems == [
        "a man on a slot of the bar or a tray (2 mm along, 6 mm across): the CT10-2540-G1 sees 67.9 AT at "
        "worst, 1.70x, less than the 2x margin it needs over the 40 AT that surely closes it",
        "a man on a dark square (9 mm off its centre, any way): the CT10-1030-G1 sees 58.7 AT at worst, "
        "1.96x, less than the 2x margin it needs over the 30 AT that surely closes it",
        "the next slot of a ladder, the man 2 mm towards it: a man leaves 4.14 AT at its CT10-2540-G1: "
        "1.81x, less than the 2x margin it needs under the 7.5 AT that surely opens it"]


def test_the_reed_option_passes_the_check_but_for_its_wiring_its_longer_ladders_clear_of_the_plug_notches(
        write_layout: Callable[[str], Path], board_text: str) -> None:
    """The reed ladders reach 11 mm past their end slots (a pair of reeds 2.4 mm off the slot's centre,
    each 17 mm over its pads): the 63 mm middle band leaves 2 mm between their grooves and the chain
    boards' plug notches. The wiring is left out here: those grooves leave their harnesses no channel's
    width to get out by, which the check refuses (test_wiring.py; hardware/README.md, *Sensing*)."""
    assert find_problems(reed_layout(write_layout, board_text), wiring=False) == []
