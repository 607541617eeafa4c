"""The bill of materials: its agreement with the layout and its total as stated in the README."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.fabrication.bom import DEFAULT_BOM_PATH, BomError, bom_problems, bom_total, read_bom
from tablier.hardware.layout import load_layout

README = DEFAULT_BOM_PATH.parent / "README.md"


def test_the_bom_agrees_with_the_layout() -> None:
    assert bom_problems(read_bom(), load_layout()) == []


def test_the_readme_states_the_bom_total() -> None:
    total = bom_total(read_bom())
    assert total > Decimal(0)
    assert f"{total:.2f} USD" in README.read_text(encoding="utf-8")


def test_a_wrong_quantity_is_reported(tmp_path: Path) -> None:
    text = DEFAULT_BOM_PATH.read_text(encoding="utf-8").replace("5050 PLCC-4,76,", "5050 PLCC-4,75,")
    path = tmp_path / "bom.csv"
    path.write_text(text, encoding="utf-8")
    assert bom_problems(read_bom(path), load_layout()) == [
        "the BOM lists 75 x 'WS2812B'; the layout needs 76"]


def test_a_malformed_row_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bom.csv"
    path.write_text("part,package,quantity,supplier,supplier_part_number,unit_cost_usd\nx,y,two,s,n,1\n")
    with pytest.raises(BomError, match="line 2: quantity must be an integer"):
        read_bom(path)


def test_the_command_prints_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hardware", "bom"]) == 0
    assert f"total for one board: {bom_total(read_bom()):.2f} USD" in capsys.readouterr().out
