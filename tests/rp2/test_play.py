"""A whole short game on the emulated chip: ``tablier play --sim rp2:UF2``, the same program as with a
board (Backgammon's last throw: one man each on the 1-point, Black to throw and bear off)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablier.cli import main

SCRIPT = """\
setup
press 1
lift point 1
put tray 1
press 1
"""


def test_a_short_game_is_played_to_its_end(uf2: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "last_throw.txt"
    script.write_text(SCRIPT)
    status = main(["play", "backgammon", "--sim", f"rp2:{uf2}", "--script", str(script),
                   "--position", "B 1x1 / W 1x1 / B", "--seed", "3", "--no-archive",
                   "--log-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert status == 0
    assert "the firmware on an emulated RP2040" in out
    assert "player 1 (black) wins game 1" in out
