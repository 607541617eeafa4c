"""The validator and `tablier hardware check` on the real layout and on broken copies of it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from harness.permissions import bound_by_permissions
from tablier.cli import main
from tablier.fabrication.check import find_problems
from tablier.hardware.layout import LayoutError, load_layout, read_layout
from tablier.hardware.validate import electrical_problems


def problems_of(text: str, write_layout: Callable[[str], Path]) -> list[str]:
    """The electrical part of the check of a layout's text (the faults here are electrical; laying
    out the slab and its boards again for each would only slow the suite)."""
    return electrical_problems(read_layout(write_layout(text)))


def test_the_committed_layout_has_no_problems() -> None:
    assert find_problems(load_layout()) == []


def test_check_prints_the_hash_and_writes_nothing_in_the_folder_it_is_run_from(tmp_path: Path) -> None:
    """SKiDL opens log files in the working folder when it is imported; a maker's folder stays as
    it was (and one he may not write in gets no complaint)."""
    tmp_path.chmod(0o555)
    done = subprocess.run([*bound_by_permissions(), sys.executable, "-m", "tablier", "hardware", "check"],
                          cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert load_layout().hash in done.stdout
    assert list(tmp_path.iterdir()) == []
    assert "Permission denied" not in done.stdout + done.stderr


def test_a_duplicate_address_is_reported(write_layout: Callable[[str], Path], board_text: str) -> None:
    text = board_text.replace('{ id = 9, at = "point", index = 2, slot = 4 }',
                              '{ id = 8, at = "point", index = 2, slot = 4 }')
    problems = problems_of(text, write_layout)
    assert "switch id 8 (chain address) is used 2 times (point 2 slot 3, point 2 slot 4)" in problems
    assert "switch ids are not contiguous from 0: no switch at chain address 9" in problems


def test_a_missing_place_is_reported(write_layout: Callable[[str], Path], board_text: str) -> None:
    text = board_text.replace('{ id = 202, at = "face", index = 1 },\n', "")
    problems = problems_of(text, write_layout)
    assert "no switch covers face 1" in problems


def test_a_place_covered_twice_is_reported(write_layout: Callable[[str], Path], board_text: str) -> None:
    text = board_text.replace('{ id = 171, at = "square", index = 4 }',
                              '{ id = 171, at = "square", index = 3 }')
    problems = problems_of(text, write_layout)
    assert "square 3 has 2 switches (chain addresses 170, 171)" in problems
    assert "no switch covers square 4" in problems


def test_a_place_off_the_board_is_reported(write_layout: Callable[[str], Path], board_text: str) -> None:
    text = board_text.replace('{ id = 5, at = "point", index = 1, slot = 6 }',
                              '{ id = 5, at = "point", index = 1, slot = 7 }')
    assert "switch at point 1 slot 7 is not a place on the board" in problems_of(text, write_layout)


def test_a_gap_in_the_led_chain_is_reported(write_layout: Callable[[str], Path], board_text: str) -> None:
    text = board_text.replace('{ led = 40, lights = "die", index = 2, pip = 6 },\n', "")
    problems = problems_of(text, write_layout)
    assert "the LED chain is not contiguous from 0: nothing at LED index 40" in problems
    assert "no LED lights die 2 pip 6" in problems


def test_too_many_switches_for_the_chain_is_reported(write_layout: Callable[[str], Path],
                                                     board_text: str) -> None:
    problems = problems_of(board_text.replace("chips = 26", "chips = 25"), write_layout)
    assert "203 switches do not fit a chain of 25 chips (200 inputs); use 26 chips" in problems


def test_pins_that_do_not_exist_or_clash_are_reported(write_layout: Callable[[str], Path],
                                                      board_text: str) -> None:
    text = board_text.replace("led = 22 ", "led = 24 ").replace("sr_load = 17", "sr_load = 16")
    problems = problems_of(text, write_layout)
    assert "pins.led = GP24 is not a GPIO on the Pico's header" in problems
    assert "GP16 is used for more than one signal (sr_load, sr_data)" in problems


def test_spi_pins_must_belong_to_the_spi_block(write_layout: Callable[[str], Path], board_text: str) -> None:
    problems = problems_of(board_text.replace("sr_clk = 18", "sr_clk = 19"), write_layout)
    assert "pins.sr_clk = GP19 cannot be SPI0 SCK (use one of GP2, GP6, GP18, GP22)" in problems


def test_load_layout_refuses_a_broken_layout(write_layout: Callable[[str], Path], board_text: str) -> None:
    with pytest.raises(LayoutError, match="1 problem"):
        load_layout(write_layout(board_text.replace("chips = 26", "chips = 25")))


def test_loading_for_play_refuses_an_electrical_problem_in_one_line(write_layout: Callable[[str], Path],
                                                                   board_text: str) -> None:
    path = write_layout(board_text.replace("sr_clk = 18", "sr_clk = 20"))
    with pytest.raises(LayoutError) as refused:
        load_layout(path)
    message = str(refused.value)
    assert message == (f"{path}: 1 problem(s) in the layout: pins.sr_clk = GP20 cannot be SPI0 SCK (use one "
                       "of GP2, GP6, GP18, GP22)")
    assert electrical_problems(read_layout(path)) == [message.split("layout: ")[1]]


def test_loading_for_play_refuses_a_face_sensor_that_never_settles(write_layout: Callable[[str], Path],
                                                                   board_text: str) -> None:
    """The one value of [mechanics] the host reads while playing is checked with the electrical part."""
    text = board_text.replace("face_stable_ms = 1000 ", "face_stable_ms = 0 ")
    assert text != board_text
    with pytest.raises(LayoutError, match=r"mechanics\.face_stable_ms = 0 should be positive"):
        load_layout(write_layout(text))


def test_loading_for_play_lays_out_no_board() -> None:
    """A play process checks the electrical part without importing SKiDL or laying out the boards."""
    script = ("import sys; from tablier.hardware.layout import load_layout; load_layout(); "
              "print(sorted(m for m in sys.modules if m.split('.')[0] == 'skidl' "
              "or m.startswith('tablier.fabrication')))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_check_exits_1_listing_each_problem(write_layout: Callable[[str], Path], board_text: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = write_layout(board_text.replace("chips = 26", "chips = 25"))
    assert main(["hardware", "check", "--layout", str(path)]) == 1
    err = capsys.readouterr().err
    assert "203 switches do not fit a chain of 25 chips" in err
    assert "1 problem(s); the layout is not usable" in err


def test_check_on_bad_toml_exits_1_with_one_line(write_layout: Callable[[str], Path],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hardware", "check", "--layout", str(write_layout("format = [\n"))]) == 1
    err = capsys.readouterr().err
    assert "not valid TOML" in err
    assert "Traceback" not in err


def test_hash_refuses_a_broken_layout(write_layout: Callable[[str], Path], board_text: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = write_layout(board_text.replace("chips = 26", "chips = 25"))
    assert main(["hardware", "hash", "--layout", str(path)]) == 1
    assert "problem" in capsys.readouterr().err
