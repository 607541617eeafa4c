"""The firmware's board_config.py, generated from the layout."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.hardware.firmware_config import write_firmware_config
from tablier.hardware.layout import load_layout

MICROPYTHON = Path(sys.executable).parent / "micropython"
NAMES = ("LAYOUT_HASH", "SWITCH_COUNT", "SR_BYTES", "SPI_ID", "SPI_BAUD", "PIN_SR_LOAD", "PIN_SR_CLK",
         "PIN_SR_DATA", "SWITCH_ACTIVE_LOW", "LED_COUNT", "PIN_LED", "LED_ORDER", "LED_MA_PER_CHANNEL",
         "LED_BUDGET_MA")


def test_the_config_holds_the_layouts_constants(tmp_path: Path) -> None:
    layout = load_layout()
    path = write_firmware_config(layout, tmp_path / "fw")
    constants: dict[str, object] = {}
    exec(path.read_text(), constants)
    assert constants["LAYOUT_HASH"] == layout.hash
    assert constants["SWITCH_COUNT"] == layout.switch_count == 203
    assert constants["SR_BYTES"] == 26
    assert constants["LED_COUNT"] == layout.led_count == 76
    assert (constants["PIN_SR_LOAD"], constants["PIN_SR_CLK"], constants["PIN_SR_DATA"]) == (17, 18, 16)
    assert constants["SWITCH_ACTIVE_LOW"] is True
    assert set(NAMES) <= set(constants)
    assert "do not edit" in path.read_text()


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="the MicroPython unix port is not installed")
def test_the_config_imports_under_micropython(tmp_path: Path) -> None:
    write_firmware_config(load_layout(), tmp_path)
    script = "import board_config as c; print(c.LAYOUT_HASH, c.SWITCH_COUNT, c.SR_BYTES, c.LED_COUNT)"
    result = subprocess.run([str(MICROPYTHON), "-c", script], cwd=tmp_path, capture_output=True,
                            text=True, timeout=60, env={"MICROPYPATH": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [load_layout().hash, "203", "26", "76"]


def test_the_command_writes_into_the_given_directory(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hardware", "firmware-config", "--out", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out" / "board_config.py").exists()
    assert load_layout().hash in capsys.readouterr().out
