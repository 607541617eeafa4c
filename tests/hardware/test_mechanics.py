"""The slab's mechanics: cut-outs from board.toml, their clash checks, templates, CSV and section."""

from __future__ import annotations

import csv
import io
import math
import re
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.fabrication.check import find_problems
from tablier.fabrication.cutouts import cutouts, sensor_positions
from tablier.fabrication.templates import PAPERS, holes_csv, template_files, tiles
from tablier.hardware.layout import load_layout, read_layout

TEMPLATES = Path(__file__).resolve().parents[2] / "hardware" / "templates"


Writer = Callable[[str], Path]


def problems_of(text: str, write_layout: Writer) -> list[str]:
    """The check of a layout's text, but for its wiring plan and the stock's extremes (their own tests)."""
    return find_problems(read_layout(write_layout(text)), wiring=False, stock=False)


def test_moving_holes_keeps_the_hash_but_rewiring_changes_it(write_layout: Writer, board_text: str) -> None:
    committed = load_layout().hash
    thicker = board_text.replace("skin_mm = 2 ", "skin_mm = 2.2 ")
    assert thicker != board_text
    assert read_layout(write_layout(thicker)).hash == committed
    rewired = board_text.replace("sr_load = 17", "sr_load = 19")
    assert read_layout(write_layout(rewired)).hash != committed


def test_every_place_has_a_cutout_and_the_committed_slab_is_clear() -> None:
    layout = load_layout()
    items = cutouts(layout)
    names = {item.name for item in items}
    assert {f"tables groove point {p}" for p in range(1, 25)} <= names
    assert {f"draughts led square {s}" for s in range(1, 33)} <= names
    assert {"edge button player 1", "edge button player 2", "edge status player 1"} <= names
    assert find_problems(layout) == []


def test_the_face_must_be_stable_a_second_before_the_host_acts() -> None:
    assert load_layout().mechanics.face_stable_ms == 1000


def test_centred_boards_put_sensors_of_the_two_faces_1_1_mm_apart() -> None:
    """Why the sensors sit in shallow grooves: centred, two pairs are 1.1 mm apart, six under 6 mm."""
    layout = load_layout()
    sensors = list(sensor_positions(layout))
    tables = [s for s in sensors if s[0] == "tables"]
    draughts = [s for s in sensors if s[0] == "draughts"]
    gaps = sorted(math.hypot(a[2] - b[2], a[3] - b[3]) for a in tables for b in draughts)
    assert gaps[:2] == pytest.approx([1.12, 1.12], abs=0.01)
    assert sum(gap < 6 for gap in gaps) == 6


def test_grooves_overlapping_in_depth_are_refused(write_layout: Writer, board_text: str) -> None:
    groove = "core_depth_mm = 4             # groove depth"
    text = board_text.replace(groove, "core_depth_mm = 8  # groove depth")
    problems = problems_of(text, write_layout)
    assert any("tables groove bar 1 and draughts groove row 2 (squares 5-8) collide" in p
               and "overlap in depth" not in p and "leave 0.0 mm in depth" in p for p in problems), problems
    deeper = board_text.replace(groove, "core_depth_mm = 9  # groove depth")
    assert any("overlap in depth" in p for p in problems_of(deeper, write_layout))


def test_holes_of_one_face_too_close_are_refused(write_layout: Writer, board_text: str) -> None:
    text = board_text.replace("offset_mm = 15 ", "offset_mm = 13.5 ")
    assert text != board_text
    problems = problems_of(text, write_layout)
    assert ("tables die board die 1 and tables die board die 2 (at X 259.0, Y 236.5) leave 1.0 mm of "
            "wood between them (at least 2 mm)") in problems


def test_an_edge_button_into_a_face_led_is_refused(write_layout: Writer, board_text: str) -> None:
    text = board_text.replace("button_x_mm = 52 ", "button_x_mm = 62 ")
    problems = problems_of(text, write_layout)
    clash = "tables led point 11 and edge button player 1 collide"
    assert any(p.startswith(clash) for p in problems), problems


def test_a_draughts_board_off_the_slab_is_refused(write_layout: Writer, board_text: str) -> None:
    text = board_text.replace("draughts_origin_mm = [80, 50]", "draughts_origin_mm = [200, 50]")
    problems = problems_of(text, write_layout)
    assert "the draughts board (400 mm square from 200, 50) does not fit the 560 x 500 mm slab" in problems
    assert any("runs off the slab" in p for p in problems)


def test_a_cut_through_to_the_other_skin_is_refused(write_layout: Writer, board_text: str) -> None:
    deep = re.sub(r"core_depth_mm = 8 +# into the core, as the chain boards'", "core_depth_mm = 16",
                  board_text)
    assert deep != board_text
    problems = problems_of(deep, write_layout)
    assert ("draughts main board Pico and USB is 16 mm into the core: it would leave less than 2 mm over the "
            "other face's skin (the core is 16 mm)") in problems


def test_check_refuses_a_colliding_layout(write_layout: Writer, board_text: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = write_layout(board_text.replace("button_x_mm = 52 ", "button_x_mm = 62 "))
    assert main(["hardware", "check", "--layout", str(path)]) == 1
    assert "edge button player 1 collide" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["template-tables.svg", "template-draughts.svg", "holes.csv", "harness.csv",
                                  "tools.csv", "coupon.svg"])
def test_the_committed_templates_are_what_the_layout_generates(name: str) -> None:
    committed = (TEMPLATES / name).read_text(encoding="utf-8")
    assert committed == template_files(load_layout())[name], (
        f"hardware/templates/{name} is stale: run `tablier hardware templates --out hardware/templates`")


@pytest.mark.parametrize("face", ["tables", "draughts"])
@pytest.mark.parametrize("paper", ["A4", "A3"])
def test_the_committed_pdfs_have_one_true_size_page_per_tile(face: str, paper: str) -> None:
    pdf = (TEMPLATES / f"template-{face}-{paper}.pdf").read_bytes()
    pages = tiles(load_layout(), face, paper)
    assert len(re.findall(rb"/Type ?/Page\b", pdf)) == len(pages)
    long_side, short_side = (max(PAPERS[paper]) / 25.4 * 72, min(PAPERS[paper]) / 25.4 * 72)
    box = re.search(rb"MediaBox ?\[ ?0 0 ([0-9.]+) ([0-9.]+) ?\]", pdf)
    assert box is not None
    assert (float(box.group(1)), float(box.group(2))) == pytest.approx((long_side, short_side), abs=0.5)


def test_the_tiles_cover_the_slab_at_true_size() -> None:
    layout = load_layout()
    pages = tiles(layout, "tables", "A4")
    assert len(pages) == 9  # 560 x 500 mm on landscape A4 with 10 mm margins and overlaps
    assert all('width="297mm" height="210mm"' in page for page in pages)
    full = template_files(layout)["template-tables.svg"]
    assert 'width="560mm" height="500mm" viewBox="0 0 560 500"' in full
    assert "100 mm: check the print scale" in full


def test_the_csv_lists_every_cutout_in_its_face_coordinates() -> None:
    layout = load_layout()
    rows = list(csv.DictReader(io.StringIO(holes_csv(layout))))
    assert [r["place"] for r in rows[:len(cutouts(layout))]] == [c.place for c in cutouts(layout)]
    wiring = Counter(r["kind"] for r in rows[len(cutouts(layout)):])
    assert set(wiring) == {"channel", "passage"} and wiring["channel"] > 100, wiring
    channel = next(r for r in rows if r["kind"] == "channel" and r["face"] == "draughts")
    assert (channel["size_x_mm"] == "5" or channel["size_y_mm"] == "5") and channel["core_depth_mm"] == "5.5"
    passage = next(r for r in rows if r["kind"] == "passage")
    assert (passage["diameter_mm"], passage["core_depth_mm"]) == ("5", "16")  # through the core
    square_1 = next(r for r in rows if r["face"] == "draughts" and r["place"] == "square 1")
    # square 1 is Black's, top row, second column: centre (80 + 75, 50 + 375); LED 19 right, 19 down
    assert (square_1["x_mm"], square_1["y_mm"], square_1["diameter_mm"]) == ("174.00", "406.00", "13")
    assert (square_1["depth_mm"], square_1["core_depth_mm"]) == ("6", "4")


def test_the_section_drawing_shows_both_faces_grooves() -> None:
    from tablier.fabrication.drawings import drawings

    svg = drawings(load_layout())["section.svg"]
    assert "Section across the slab at X = 254 mm (the bar)" in svg
    assert svg.count('fill="#2f7d3b"') >= 3  # the bar's carrier and two draughts rows' carriers


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert is not installed")
def test_the_command_writes_templates(tmp_path: Path) -> None:
    assert main(["hardware", "templates", "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["coupon-A3.pdf", "coupon.svg", "harness.csv", "holes.csv", "template-draughts-A3.pdf",
                     "template-draughts-A4.pdf", "template-draughts.svg", "template-tables-A3.pdf",
                     "template-tables-A4.pdf", "template-tables.svg", "tools.csv"]


def test_hardware_check_refuses_a_pip_without_its_led(write_layout: Writer, board_text: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """The pips' windows follow [mechanics.dice]; the die board is drawn for 6 mm: at 7 mm, 12 of each
    die's windows have no LED under them (the middle pip's still has)."""
    wider = board_text.replace("pip_pitch_mm = 6 ", "pip_pitch_mm = 7 ")
    assert wider != board_text
    assert main(["hardware", "check", "--layout", str(write_layout(wider))]) == 1
    err = capsys.readouterr().err
    assert ("die 1 pip 1: no LED under its window (X 252.0, Y 242.0): the die board's is 1.4 mm away (the "
            "board is drawn for pips 6 mm apart, the windows are 7 mm apart)") in err
    assert err.count("no LED under its window") == 12
