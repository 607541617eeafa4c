"""The bill of materials: its agreement with the layout for both sensors, its totals as the README states
them, and a basis for every price."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.fabrication.bom import (
    DEFAULT_BOM_PATH,
    BomError,
    bom_problems,
    bom_total,
    expected_quantities,
    for_sensor,
    read_bom,
)
from tablier.hardware.layout import load_layout

README = DEFAULT_BOM_PATH.parent / "README.md"


@pytest.mark.parametrize("sensor", ["hall", "reed"])
def test_the_bom_of_each_sensor_agrees_with_the_layout(sensor: str) -> None:
    assert bom_problems(read_bom(), load_layout(), sensor) == []


def test_the_quantities_come_from_the_boards() -> None:
    layout = load_layout()
    hall, reed = expected_quantities(layout, "hall"), expected_quantities(layout, "reed")
    assert (hall["DRV5032AJDBZR"], hall["DRV5032FADBZR"]) == (168, 32)  # the slots', the squares'
    assert "DRV5032FADBZR" not in reed
    assert (reed["CT10-2540-G1"], reed["CT10-1030-G1"]) == (336, 64)  # a pair a slot, a pair a square
    assert (hall["WS2812B-B/W"], hall["WS2812B-2020"]) == (62, 14)  # the modules, the dice's pips
    assert hall["pcb:led-module"] == 62 and hall["pcb:die-board"] == 2 and hall["pcb:chain-board"] == 5
    assert hall["0805W8F1002T5E"] == 168 + 3  # the open-drain DRV5032AJs' pull-ups, the buttons' and face's
    assert reed["0805W8F1002T5E"] == 200 + 3  # a pull-up a reed place
    assert hall["0402WGF1003TCE"] == reed["0402WGF1003TCE"] == 200  # a carrier input's, every chain board


def test_the_readme_states_the_totals_of_both_sensors() -> None:
    readme = README.read_text(encoding="utf-8")
    for sensor in ("hall", "reed"):
        total = bom_total(for_sensor(read_bom(), sensor))
        assert total > Decimal(0)
        assert f"{total:.2f} USD" in readme, sensor


def test_every_price_says_what_it_rests_on() -> None:
    lines = read_bom()
    assert all(line.cost_basis for line in lines)
    estimates = [line for line in lines if line.cost_basis.startswith("estimate")]
    assert any(line.supplier_part_number.startswith("pcb:") for line in estimates)  # the boards' prices
    assert any("assembly" in line.part and line.cost_basis.startswith("computed by tablier hardware release")
               for line in lines)  # the PCB house's fee, from each design's BOM and placement


def test_a_wrong_quantity_is_reported(tmp_path: Path) -> None:
    text = DEFAULT_BOM_PATH.read_text(encoding="utf-8").replace("5050 PLCC-4,62,", "5050 PLCC-4,61,")
    path = tmp_path / "bom.csv"
    path.write_text(text, encoding="utf-8")
    assert bom_problems(read_bom(path), load_layout(), "hall") == [
        "the hall BOM lists 61 x 'WS2812B-B/W'; the layout needs 62"]


def test_a_malformed_row_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bom.csv"
    path.write_text("part,package,quantity,supplier,supplier_part_number,unit_cost_usd,cost_basis,sensor\n"
                    "x,y,two,s,n,1,estimate,\n")
    with pytest.raises(BomError, match="line 2: quantity must be an integer"):
        read_bom(path)


def test_the_command_prints_the_total_of_the_layouts_sensor_or_the_other(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hardware", "bom"]) == 0
    out = capsys.readouterr().out
    total = bom_total(for_sensor(read_bom(), "hall"))
    assert f"total for one board with hall sensors: {total:.2f} USD" in out
    assert "CT10" not in out and "DRV5032FA" in out
    assert main(["hardware", "bom", "--sensor", "reed"]) == 0
    out = capsys.readouterr().out
    assert "CT10-2540-G1" in out and "DRV5032FA" not in out and "* an estimate" in out
