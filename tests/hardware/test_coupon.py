"""The coupon: its template, the walk that measures it with the firmware on the simulated board, and its
record standing for the datasheets' thresholds in the check."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.fabrication.capture import capture_results
from tablier.fabrication.check import find_problems
from tablier.fabrication.coupon import Record, Scale, Transition, coupon_svg, measured, read_record, scales
from tablier.fabrication.coupon_walk import CouponFault, CouponWalk, SimulatedMaker
from tablier.fabrication.templates import template_files
from tablier.hardware.layout import load_layout, read_layout
from tablier.link.client import BoardClient
from tablier.link.sim import SimulatedBoard
from tablier.link.transport import open_serial

LAYOUT = load_layout()
Writer = Callable[[str], Path]


def test_the_coupons_template_is_true_size_with_its_scales() -> None:
    svg = coupon_svg(LAYOUT)
    assert 'width="360mm" height="120mm" viewBox="0 0 360 120"' in svg
    assert "100 mm: check the print scale" in svg
    for scale in scales():
        assert f">{scale.name}<" in svg
    assert template_files(LAYOUT)["coupon.svg"] == svg


def walk(sensor: str, operate: float = 0.7, release: float = 1.6,
         field: float = 1.0) -> tuple[list[Transition], SimulatedMaker]:
    places = {"ladder": LAYOUT.switch_at("point", 1, 3).id, "row": LAYOUT.switch_at("square", 1).id}
    with SimulatedBoard(LAYOUT) as board:
        port = open_serial(board.port)
        try:
            client = BoardClient(port, LAYOUT.hash)
            client.connect()
            maker = SimulatedMaker(board, LAYOUT, places, sensor, operate, release, field, client=client)
            transitions = CouponWalk(client, LAYOUT, maker, sensor, settle_s=0.08, timeout_s=2.0).run()
            client.bye()
        finally:
            port.close()
    return transitions, maker


@pytest.mark.parametrize("sensor", ["hall", "reed"])
def test_the_walk_finds_where_each_sensor_closes_and_opens_to_the_millimetre(sensor: str) -> None:
    """The simulated maker's switches have thresholds inside their datasheets' bounds: what the coupon
    measures brackets them, on the safe side."""
    transitions, maker = walk(sensor)
    assert len(transitions) == 2 * len(scales())
    found = measured(LAYOUT, sensor, transitions)
    # a reed's drive falls gently where it opens: the coupon measures the next slot's release, the estimate
    # that matters most; a Hall switch's field falls steeply past a wide magnet's edge, where the datasheet's
    # guaranteed thresholds stand
    assert ("release" in found.get("ladder", {})) == (sensor == "reed")
    for carrier in ("ladder", "row"):
        operate, release = maker.true_thresholds(carrier)
        # the drive at the tick it closed, strongest magnet: at least the true operate (mid-grade magnet)
        mine = found.get(carrier, {})
        assert mine.get("operate", operate) >= operate * 0.99
        assert mine.get("operate", operate) < operate * 1.6  # within a millimetre's worth
        # a square's Hall switch sees the field turn over past the disc's edge and may stay closed to the
        # end of its scales: then no release is measured, and the datasheet's stands
        assert mine.get("release", 0.0) <= release * 1.01
    # a part in the middle of its datasheet's bounds: the coupon's margins (a millimetre's resolution, the
    # worst magnet of the grade) meet the layout's margin too
    assert all(r.ok for r in capture_results(LAYOUT, sensor, found))


def test_a_magnet_weaker_than_the_layout_says_is_found_out(write_layout: Writer, board_text: str) -> None:
    """Men whose magnets are half as strong as their grade: the slots close nearer their centre than any
    magnet of the grade would let them, and the check says so."""
    transitions, _maker = walk("reed", field=0.5)
    record = Record("reed", LAYOUT.mechanics.skin, LAYOUT.mechanics.magnets["reed"].part, 1,
                    tuple(transitions), measured(LAYOUT, "reed", transitions))
    path = write_layout(board_text.replace('kind = "hall"   ', 'kind = "reed"   '))
    (path.parent / "coupon.json").write_text(record.to_json())
    problems = find_problems(read_layout(path), wiring=False, stock=False)
    assert any("coupon.json: the coupon's slot did not close" in p
               and "the field is weaker than the layout says" in p for p in problems), problems


def test_a_sensor_that_never_sees_the_man_stops_the_walk() -> None:
    with pytest.raises(CouponFault, match="nothing answered for the coupon's slot within 2 s"):
        walk("hall", operate=50.0)


def test_the_record_survives_its_file_and_stands_in_the_check(write_layout: Writer, board_text: str) -> None:
    scale = Scale("ladder", (1.0, 0.0), 34.0)
    # closed as it was put down 10 mm out, not 11 (where the field falls too steeply to tell: the datasheet's
    # operate point stands); open as it slid out past 13 mm, in the field's return past the disc's rim
    transitions = (Transition(scale, "operate", 10, 11), Transition(scale, "release", 13, 14))
    thresholds = measured(LAYOUT, "hall", list(transitions))
    assert list(thresholds) == ["ladder"] and list(thresholds["ladder"]) == ["release"]
    record = Record("hall", LAYOUT.mechanics.skin, LAYOUT.mechanics.magnet.part, 1, transitions, thresholds)
    path = write_layout(board_text)
    (path.parent / "coupon.json").write_text(record.to_json())
    assert read_record(path.parent / "coupon.json").thresholds == thresholds
    assert find_problems(read_layout(path), stock=False) == []
    # a coupon whose slot closes only 1 mm out: no switch of the datasheet's would, the check says so
    weak = (Transition(scale, "operate", 1, 2), Transition(scale, "release", 1, 2))
    skin, magnet = LAYOUT.mechanics.skin, LAYOUT.mechanics.magnet.part
    (path.parent / "coupon.json").write_text(
        Record("hall", skin, magnet, 1, weak, measured(LAYOUT, "hall", list(weak))).to_json())
    assert any(p.endswith("coupon.json: the coupon's slot did not close 2 mm out, where the weakest "
                          "magnet of the grade gives 42.8 mT, over the 9.5 that surely closes its switch: "
                          "the field is weaker than the layout says (the magnet, the skin, the baize?)")
               for p in find_problems(read_layout(path), stock=False))


def test_a_reed_that_the_coupon_finds_less_sensitive_takes_the_margin_away(write_layout: Writer,
                                                                         board_text: str) -> None:
    """A reed pair within its datasheet that closes 10 mm across its slot but not 11: the measured operate
    point, not the datasheet's, then leaves a man at a tray's slot 6 mm across under the 1.5x margin."""
    across = Scale("ladder", (0.0, 1.0), 14.0)
    transitions = [Transition(across, "operate", 10, 11), Transition(across, "release", 10, 11)]
    path = write_layout(board_text.replace('kind = "hall"   ', 'kind = "reed"   '))
    reed = read_layout(path)
    thresholds = measured(reed, "reed", transitions)
    assert round(thresholds["ladder"]["operate"], 1) == 53.2  # AT, over the datasheet's 40
    assert find_problems(reed, wiring=False, stock=False) == []
    (path.parent / "coupon.json").write_text(
        Record("reed", reed.mechanics.skin, reed.mechanics.magnet.part, 1, tuple(transitions), thresholds)
        .to_json())
    assert find_problems(read_layout(path), wiring=False, stock=False) == [
        "a man on a slot of the bar or a tray (2 mm along, 6 mm across): the CT10-2540-G1 sees 67.9 AT at "
        "worst, 1.28x, less than the 1.5x margin it needs over the 53.2 AT that the coupon measured"]


def test_a_record_made_under_another_skin_is_refused(write_layout: Writer, board_text: str) -> None:
    path = write_layout(board_text)
    record = Record("hall", 3.0, LAYOUT.mechanics.magnet.part, 1, (), {})
    (path.parent / "coupon.json").write_text(record.to_json())
    assert any("was measured under a 3 mm skin, the layout's is 2 mm" in p
               for p in find_problems(read_layout(path), stock=False))
    (path.parent / "coupon.json").write_text('{"format": 1}')
    assert any("malformed coupon record" in p for p in find_problems(read_layout(path), stock=False))


def test_the_coupon_command_measures_the_simulated_board_and_writes_its_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "coupon.json"
    assert main(["hardware", "coupon", "--sim", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Coupon's margin |" in text and f"wrote {out}" in text
    data = json.loads(out.read_text())
    assert data["sensor"] == "hall" and len(data["transitions"]) == 2 * len(scales())
    assert main(["hardware", "capture", "--coupon", str(out)]) == 0
    assert "Measured on the coupon" in capsys.readouterr().out
