"""The files an assembler takes as they are: one zip per design, the BOM's part numbers, the CPL's columns,
rotations and origin, checked as the house would (``tablier hardware house-check``), and each fault the
review found refused when it is put back."""

from __future__ import annotations

import csv
import io
import shutil
import zipfile
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.fabrication.assembly import ROTATIONS, assembly_files, house_rotation, placed_parts, stock_of
from tablier.fabrication.house_check import house_problems
from tablier.fabrication.release import orders, release_files
from tablier.hardware.layout import load_layout

ROOT = Path(__file__).resolve().parents[2]
PCB = ROOT / "hardware" / "pcb"
RELEASE = ROOT / "hardware" / "release"
STALE = "stale: run `tablier hardware release --out hardware/release`"


@pytest.fixture
def release(tmp_path: Path) -> tuple[Path, Path]:
    """Copies of the committed release and boards, to break."""
    shutil.copytree(RELEASE, tmp_path / "release")
    shutil.copytree(PCB, tmp_path / "pcb")
    return tmp_path / "release", tmp_path / "pcb"


def test_the_committed_release_is_what_the_boards_give() -> None:
    for name, data in release_files(load_layout(), PCB).items():
        assert (RELEASE / name).read_bytes() == data, f"{name}: {STALE}"
    assert sorted(p.name for p in RELEASE.iterdir()) == sorted(release_files(load_layout(), PCB))


def test_the_house_takes_the_release_as_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    assert house_problems(RELEASE, PCB) == []
    assert main(["hardware", "house-check"]) == 0
    assert "ok: every design's zip, BOM and CPL" in capsys.readouterr().out


def test_the_default_option_can_be_ordered_from_the_files() -> None:
    """Every design the Hall option needs has its zip, BOM and CPL; the tiny and long boards come in panels;
    every part the house fits has an LCSC part number or is consigned, with an alternate."""
    hall = [order for order in orders(load_layout(), PCB) if order.sensor == "hall"]
    assert {order.design for order in hall} >= {"led-module-panel", "carrier-ladder-panel",
                                                 "carrier-row-panel",
                                                 "main-board", "chain-board-1-3", "die-board"}
    for order in hall:
        assert (RELEASE / f"{order.design}.zip").is_file() and order.order >= 5
        assert order.assemble * max(order.per_panel, 1) >= order.needed
        for part in placed_parts((PCB / order.design / f"{order.design}.kicad_pcb").read_text()):
            stock = stock_of(part.lib_id, part.value)
            if stock.fitted == "house":
                assert (stock.lcsc.startswith("C") or stock.lcsc_class == "consign") and stock.alternate_mpn


def _rewrite_cpl(pcb: Path, design: str, change: dict[str, object]) -> None:
    path = pcb / design / f"{design}-cpl.csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: (change[key](row) if callable(change.get(key)) else row[key])  # type: ignore[operator]
                         for key in row})
    path.write_text(out.getvalue())


def test_raw_kicad_rotations_are_refused(release: tuple[Path, Path]) -> None:
    """The review found KiCad's own angles in the CPL: the house adds 180 or 270 to the ICs, the tantalum
    and the 5050 LED."""
    out, pcb = release
    placed = {p.ref: p for p in placed_parts((pcb / "main-board" / "main-board.kicad_pcb").read_text())}
    _rewrite_cpl(pcb, "main-board", {"Rotation": lambda row: f"{placed[row['Designator']].angle % 360:g}"})
    problems = house_problems(out, pcb)
    assert ("main-board-cpl.csv: U2 (SOT-23-6) is turned 180 degrees; KiCad's 180 with the house's "
            "correction for its package is 0") in problems
    assert any(p.startswith("main-board-cpl.csv: C3 (CP_EIA-7343-20_Kemet-V)") for p in problems)


def test_each_package_gets_its_correction() -> None:
    assert house_rotation("Package_TO_SOT_SMD:SOT-23", 0) == 180
    assert house_rotation("Package_SO:SOIC-16_3.9x9.9mm_P1.27mm", 90) == 0
    assert house_rotation("LED_SMD:LED_WS2812B_PLCC4_5.0x5.0mm_P3.2mm", 0) == 180
    assert house_rotation("Capacitor_Tantalum_SMD:CP_EIA-7343-20_Kemet-V", 0) == 180
    assert house_rotation("Resistor_SMD:R_0805_2012Metric", 270) == 270
    assert all(turn % 90 == 0 for _start, turn in ROTATIONS)


def test_a_cpl_whose_origin_is_not_the_gerbers_is_refused(release: tuple[Path, Path]) -> None:
    """The review found the CPL measured from the board's corner while the Gerbers were plotted from KiCad's
    sheet: every part then lies off the board as the house draws it."""
    out, pcb = release
    _rewrite_cpl(pcb, "die-board", {"Mid X": lambda row: f"{float(row['Mid X']) + 100:.3f}",
                                    "Mid Y": lambda row: f"{float(row['Mid Y']) - 100:.3f}"})
    problems = house_problems(out, pcb)
    assert any("is outside the board's outline in the Gerbers" in p and "the CPL's origin is not the Gerbers'"
               in p for p in problems)


def test_a_bom_without_part_numbers_or_in_other_columns_is_refused(release: tuple[Path, Path]) -> None:
    out, pcb = release
    bom = pcb / "main-board" / "main-board-bom.csv"
    bom.write_text(bom.read_text().replace(",C55266,", ",,"))
    problems = house_problems(out, pcb)
    assert any("TPS2553DBVR has no LCSC part number and the fabrication note does not say it is consigned"
               in p
               for p in problems)
    cpl = pcb / "led-module-panel" / "led-module-panel-cpl.csv"
    cpl.write_text(cpl.read_text().replace("Designator,Mid X,Mid Y,Layer,Rotation", "Ref,PosX,PosY,Side,Rot"))
    assert any(p.startswith("led-module-panel-cpl.csv: its columns should be Designator, Mid X") for p in
               house_problems(out, pcb))


def test_designs_that_differ_only_in_silk_are_refused(release: tuple[Path, Path]) -> None:
    """Three chain-board designs that differed only in their silkscreen paid three set-up fees: two zips
    with the same copper are refused."""
    out, pcb = release
    shutil.copytree(pcb / "chain-board-1-3", pcb / "chain-board-2")
    for path in (pcb / "chain-board-2").iterdir():
        path.rename(path.with_name(path.name.replace("chain-board-1-3", "chain-board-2")))
    with zipfile.ZipFile(out / "chain-board-1-3.zip") as old, \
            zipfile.ZipFile(out / "chain-board-2.zip", "w") as new:
        for name in old.namelist():
            new.writestr(name.replace("chain-board-1-3", "chain-board-2"), old.read(name))
    orders_csv = out / "orders.csv"
    orders_csv.write_text(orders_csv.read_text() + "chain-board-2,hall,1,1,5,2,,,,0\n")
    assert ("chain-board-2 and chain-board-1-3 have the same copper: boards that differ only in their "
            "silkscreen are one design (one set-up fee)") in house_problems(out, pcb)


def test_a_zip_missing_its_note_or_a_layer_is_refused(release: tuple[Path, Path]) -> None:
    out, pcb = release
    with zipfile.ZipFile(out / "die-board.zip") as old:
        kept = {name: old.read(name) for name in old.namelist()
                if not name.endswith(("-fab.txt", "F_Paste.gbr"))}
    with zipfile.ZipFile(out / "die-board.zip", "w") as new:
        for name, data in kept.items():
            new.writestr(name, data)
    problems = house_problems(out, pcb)
    assert "die-board.zip: die-board-F_Paste.gbr is missing" in problems
    assert "die-board.zip: die-board-fab.txt is missing" in problems


def test_a_panel_names_each_copy_apart_and_its_fab_note_says_how_it_is_cut() -> None:
    text = (PCB / "led-module-panel" / "led-module-panel.kicad_pcb").read_text()
    cpl = assembly_files("led-module-panel", text)["led-module-panel-cpl.csv"]
    refs = [row["Designator"] for row in csv.DictReader(io.StringIO(cpl))]
    assert len(refs) == len(set(refs)) == 64 and "D1_32" in refs  # two parts on each of 32 modules
    with zipfile.ZipFile(RELEASE / "carrier-row-panel.zip") as opened:
        note = opened.read("carrier-row-panel-fab.txt").decode()
        assert "V-cuts along the strips' edges" in note
        assert "carrier-row-panel-Cmts_User.gbr" in opened.namelist()
    assert "order 5 panels" in note and "have 2 assembled" in note
