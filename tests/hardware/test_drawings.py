"""The drawings generated from the layout, and the committed copies under docs/hardware/."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.fabrication.drawings import drawings
from tablier.hardware.layout import load_layout

DOCS = Path(__file__).resolve().parents[2] / "docs" / "hardware"


@pytest.fixture(scope="module")
def generated() -> dict[str, str]:
    return drawings(load_layout())


@pytest.mark.parametrize("name", ["board-tables.svg", "board-draughts.svg", "wiring.svg", "section.svg"])
def test_the_committed_drawing_is_what_the_layout_generates(generated: dict[str, str], name: str) -> None:
    committed = (DOCS / name).read_text(encoding="utf-8")
    assert committed == generated[name], (
        f"docs/hardware/{name} is stale: run `tablier hardware draw --out docs/hardware --png`")
    assert (DOCS / name).with_suffix(".png").exists()


def texts(svg: str) -> list[str]:
    return re.findall(r"<text [^>]*>([^<]*)</text>", svg)


def test_the_tables_face_numbers_every_slot_and_led(generated: dict[str, str]) -> None:
    layout = load_layout()
    labels = texts(generated["board-tables.svg"])
    for switch in layout.switches:
        if switch.kind != "square":
            assert str(switch.id) in labels, switch.place
    for led in layout.leds:
        if led.kind != "square":
            assert str(led.index) in labels, led.place
    assert {f"P{p}" for p in range(1, 25)} <= set(labels)
    assert layout.hash in generated["board-tables.svg"]


def test_the_draughts_face_numbers_every_square(generated: dict[str, str]) -> None:
    layout = load_layout()
    labels = texts(generated["board-draughts.svg"])
    for square in range(1, 33):
        assert str(layout.switch_at("square", square).id) in labels
        assert str(layout.led_for("square", square).index) in labels
        assert str(square) in labels


def test_the_wiring_names_each_reed_of_the_chip(generated: dict[str, str]) -> None:
    labels = texts(generated["wiring.svg"])
    assert "bit 0 = switch 0: point 1 slot 1" in labels
    assert "bit 7 = switch 7: point 2 slot 2" in labels
    assert "LED 0 (D1)" in labels


def test_the_command_writes_svgs(tmp_path: Path) -> None:
    assert main(["hardware", "draw", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board-draughts.svg", "board-tables.svg",
                                                         "section.svg", "wiring.svg"]


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert is not installed")
def test_the_command_renders_pngs(tmp_path: Path) -> None:
    assert main(["hardware", "draw", "--out", str(tmp_path), "--png"]) == 0
    assert (tmp_path / "wiring.png").read_bytes().startswith(b"\x89PNG")
