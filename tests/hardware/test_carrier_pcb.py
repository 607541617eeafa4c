"""The tables sensor carrier's PCB: Gerbers and drill file from the layout, its clearance check."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.hardware.carrier_pcb import (
    MIN_CLEARANCE,
    PICTURE,
    clearance,
    copper,
    gerber_strokes,
    length,
    pcb_files,
    pcb_problems,
)
from tablier.hardware.layout import load_layout, read_layout
from tablier.hardware.validate import find_problems

ROOT = Path(__file__).resolve().parents[2]
PCB = ROOT / "hardware" / "pcb" / "carrier"
DOCS = ROOT / "docs" / "hardware"


@pytest.mark.parametrize("name", ["carrier-top.gbr", "carrier-bottom.gbr", "carrier-outline.gbr",
                                  "carrier.drl", PICTURE])
def test_the_committed_files_are_what_the_layout_generates(name: str) -> None:
    committed = (DOCS if name == PICTURE else PCB) / name
    assert committed.read_text(encoding="utf-8") == pcb_files(load_layout())[name], (
        "stale: run `tablier hardware pcb --out hardware/pcb/carrier --pictures docs/hardware --png`")
    if name == PICTURE:
        assert committed.with_suffix(".png").read_bytes().startswith(b"\x89PNG")


def test_the_carrier_is_a_ladder_long_with_a_sensor_under_each_slot() -> None:
    layout = load_layout()
    assert length(layout) == 172  # 5 x 32 mm between the first and last sensor, 6 mm at each end
    outs = {p.net for p in copper(layout)} - {"+3V3", "GND"}
    assert outs == {f"OUT{n}" for n in range(1, 7)}  # the nets of carrier-ladder.net's wire pads


def test_the_copper_keeps_its_clearance() -> None:
    gap, _, _ = clearance(copper(load_layout()))
    assert gap >= MIN_CLEARANCE
    assert pcb_problems(load_layout()) == []


def test_a_carrier_too_short_for_its_parts_is_refused(write_layout: Callable[[str], Path],
                                                      board_text: str) -> None:
    layout = read_layout(write_layout(board_text.replace("slot_pitch_mm = 32", "slot_pitch_mm = 4")))
    (problem,) = pcb_problems(layout)
    assert problem.startswith("carrier PCB: ") and "mm apart (at least 0.2 mm)" in problem
    assert problem in find_problems(layout)  # `tablier hardware check` refuses it too


def test_the_picture_is_drawn_from_the_gerbers() -> None:
    files = pcb_files(load_layout())
    for layer in ("top", "bottom"):
        pieces = [p for p in copper(load_layout()) if p.on(layer)]
        assert len(gerber_strokes(files[f"carrier-{layer}.gbr"])) == len(pieces)
    vias = [p for p in copper(load_layout()) if p.layer == "both"]
    assert len(re.findall(r"^X[0-9.]+Y[0-9.]+$", files["carrier.drl"], re.M)) == len(vias)


def test_the_command_writes_the_files(tmp_path: Path) -> None:
    assert main(["hardware", "pcb", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(pcb_files(load_layout()))
