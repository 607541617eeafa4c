"""``tablier firmware build``: the flashable image, compiled for the RP2040."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablier.cli import main
from tablier.hardware.layout import load_layout


def test_build_writes_a_complete_image(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["firmware", "build", "--out", str(tmp_path)]) == 0
    names = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert {"main.py", "board_config.py", "app.mpy", "scanner.mpy", "leds.mpy", "link.mpy",
            "wire.mpy", "clock.mpy", "hal/__init__.mpy", "hal/rp2.mpy"} <= names
    assert not any(name.startswith("hal/sim") for name in names)  # the simulation stays behind
    assert f'LAYOUT_HASH = "{load_layout().hash}"' in (tmp_path / "board_config.py").read_text()
    assert (tmp_path / "wire.mpy").read_bytes()[:2] == b"M\x06"  # .mpy version 6
    assert "bytes in" in capsys.readouterr().out
