"""Calibration: the overlay, the faults that stop a game, and the walk on the simulated board."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.hardware.calibration import (
    BoardFaultError,
    Calibration,
    CalibrationError,
    faults,
    load_calibration,
    require_playable,
    save_calibration,
)
from tablier.hardware.layout import load_layout
from tablier.link.client import BoardClient
from tablier.link.sim import SimulatedBoard
from tablier.link.transport import open_serial
from tablier.play.calibrate import CalibrationWalk, SimulatedBuilder, Step

LAYOUT = load_layout()


def overlay() -> Calibration:
    return Calibration(LAYOUT.hash, rewired={20: 21, 21: 20}, dead=frozenset({10, 11}),
                       stuck=frozenset({11}), chattering=frozenset({170}))


def test_the_overlay_translates_swapped_wires_back() -> None:
    calibration = overlay()
    assert calibration.layout_switch(21) == 20
    assert calibration.layout_switch(20) == 21
    assert calibration.layout_switch(5) == 5
    assert calibration.layout_switch(11) is None  # stuck: it says nothing
    assert calibration.layout_switch(170) is None  # chattering


def test_the_overlay_survives_a_round_trip_through_its_file(tmp_path: Path) -> None:
    path = tmp_path / "calibration.json"
    save_calibration(overlay(), path)
    assert load_calibration(path, LAYOUT) == overlay()


def test_an_overlay_for_another_layout_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "calibration.json"
    save_calibration(Calibration("0badf00d"), path)
    with pytest.raises(CalibrationError, match=r"made for layout 0badf00d.*calibrate the board again"):
        load_calibration(path, LAYOUT)


def test_a_malformed_overlay_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "calibration.json"
    path.write_text('{"format": 1, "layout_hash": "x"}')
    with pytest.raises(CalibrationError, match="malformed calibration file"):
        load_calibration(path, LAYOUT)


def test_faults_name_the_place_and_what_is_wrong() -> None:
    described = [str(f) for f in faults(overlay(), LAYOUT)]
    assert described[0] == "point 2 slot 5 (switch 10): dead, no switch answered at this place"
    assert described[1].startswith("point 2 slot 6 (switch 11): stuck")
    assert described[2].startswith("square 3 (switch 170): chattering")
    assert len(described) == 3


def test_a_game_is_refused_until_every_fault_is_ignored() -> None:
    with pytest.raises(BoardFaultError, match="3 unresolved fault"):
        require_playable(overlay(), LAYOUT)
    with pytest.raises(BoardFaultError, match=r"1 unresolved fault.*square 3"):
        require_playable(overlay(), LAYOUT, ignore=["point 2"])  # a whole point covers its slots
    require_playable(overlay(), LAYOUT, ignore=["Point 2 slot 5", "point 2 slot 6", "square 3"])


lit: dict[str, set[str]] = {}


def lit_places(board: SimulatedBoard) -> set[str]:
    """The places whose LED the simulated board shows lit (waiting briefly for the frame)."""
    deadline = time.monotonic() + 1.0
    while True:
        colours = board.led_colours()
        places = {led.place for led in LAYOUT.leds if any(colours[led.index])}
        if places or time.monotonic() > deadline:
            return places
        time.sleep(0.01)


@pytest.fixture(scope="module")
def walked() -> Iterator[tuple[Calibration, list[Step]]]:
    """One walk over the whole simulated board with swapped, dead, stuck and chattering switches."""
    steps: list[Step] = []
    with SimulatedBoard(LAYOUT) as board:
        board.swap_wires(20, 21)
        board.swap_wires(200, 201)
        board.make_dead(10)
        board.make_stuck(11)
        board.make_chattering(170)
        port = open_serial(board.port)
        try:
            client = BoardClient(port, LAYOUT.hash)
            client.connect()

            class Recording(SimulatedBuilder):
                def do(self, step: Step) -> None:
                    steps.append(step)
                    if step.action == "heard" and step.switch is not None:
                        lit[step.switch.place] = lit_places(board)
                    super().do(step)

            builder = Recording(board, LAYOUT, write=lambda text: None)
            yield CalibrationWalk(client, LAYOUT, builder, timeout_s=0.5).run(), steps
        finally:
            port.close()


def test_the_walk_finds_swapped_wires(walked: tuple[Calibration, list[Step]]) -> None:
    calibration, _ = walked
    assert dict(calibration.rewired) == {20: 21, 21: 20, 200: 201, 201: 200}
    assert calibration.shared == {}


def test_the_walk_finds_dead_stuck_and_chattering_switches(walked: tuple[Calibration, list[Step]]) -> None:
    calibration, _ = walked
    assert {(f.switch.id, f.kind) for f in faults(calibration, LAYOUT)} == {
        (10, "dead"), (11, "stuck"), (170, "chattering")}


def test_the_walk_visits_every_place_once_in_order(walked: tuple[Calibration, list[Step]]) -> None:
    _, steps = walked
    placed = [s.switch.id for s in steps if s.action == "place" and s.switch is not None]
    assert sorted(placed) == [s.id for s in LAYOUT.switches if s.kind != "face"]
    assert [s.face for s in steps if s.action == "turn"] == ["tables", "draughts"]
    assert steps[0].action == "prepare"
    numbers = [s.number for s in steps if s.action in ("place", "turn")]
    assert numbers == list(range(1, len(numbers) + 1)) and steps[1].total == numbers[-1]


def test_each_place_is_lit_while_the_walk_waits_for_it(walked: tuple[Calibration, list[Step]]) -> None:
    assert lit["point 7 slot 2"] == {"point 7"}
    assert lit["bar 2 slot 6"] == {"bar 2"}
    assert lit["tray 1 slot 1"] == {"tray 1"}
    assert lit["square 14"] == {"square 14"}
    assert lit["button 2"] == {"status 2"}
    assert lit["face 1"] == set()  # the face sensor has no light: the builder turns the board
    assert {place: places for place, places in lit.items() if len(places) != 1 and place != "face 1"} == {}


def test_calibrate_sim_writes_the_overlay_and_refuses_a_faulty_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "calibration.json"
    status = main(["calibrate", "--sim", "--only", "button", "--fault", "swap:200,201",
                   "--fault", "dead:201", "--out", str(out)])
    captured = capsys.readouterr()
    assert status == 1
    assert "corrected: button 1 (switch 200) answers on chain position 201" in captured.out
    assert "fault: button 2 (switch 201): dead" in captured.out
    assert "NOT ready for a game" in captured.err
    assert main(["calibrate", "--check", str(out), "--ignore", "button 2"]) == 0
    assert "ready for a game" in capsys.readouterr().out


def test_calibrate_rejects_an_unknown_place_to_ignore(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "calibration.json"
    save_calibration(overlay(), path)
    assert main(["calibrate", "--check", str(path), "--ignore", "point 25"]) == 2
    assert "names no place of the board: point 25" in capsys.readouterr().err
