"""The slab's rules from the workshop: wires and their exits (A), the light windows (B), the stock sheets
(D), the fits as tool radii and the edge parts held (H), and the two faces' cut-outs by depth (I). Each
is shown refusing the fault it guards against, re-injected into the committed layout."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.fabrication.check import find_problems
from tablier.fabrication.cutout import Cutout, plan_gap
from tablier.fabrication.cutouts import cutouts
from tablier.fabrication.fits import FACEPLATE, largest_radius, usb_hold_problems
from tablier.fabrication.kicad_pcb import KICAD_FOOTPRINTS
from tablier.fabrication.mounts import led_depths
from tablier.fabrication.pockets import clearance_under_skin
from tablier.fabrication.stock import with_sheets
from tablier.fabrication.templates import holes_csv, template_files
from tablier.fabrication.wiring import Segment, plan_path, read_plan
from tablier.fabrication.wiring_check import wiring_problems
from tablier.hardware.layout import load_layout, read_layout

pytestmark = pytest.mark.skipif(not (KICAD_FOOTPRINTS / "Connector_JST.pretty").is_dir(),
                                reason="KiCad's footprint library is not installed (make system-deps)")

Writer = Callable[[str], Path]
Refusals = Callable[[str, str], list[str]]  # the conftest's fixture: the check's problems, a fault injected


def problems_of(text: str, write_layout: Writer, stock: bool = False) -> list[str]:
    return find_problems(read_layout(write_layout(text)), stock=stock)


# -- A. the wires under the boards soldered from below --------------------------------------------


def test_every_led_module_and_die_board_has_a_wire_exit_under_each_row_of_its_pads() -> None:
    layout = load_layout()
    items = cutouts(layout)
    exits = [item for item in items if item.kind == "wire exit"]
    wells = [item for item in items if item.kind == "wire well"]
    leds = [item for item in items if item.kind == "led"]
    # two a pocket (in, out), but the status LEDs' deep pockets: one exit each, reached by a wire well
    assert len(exits) == 2 * (len(leds) - 2) + 2 + 2 * 2 and len(wells) == 2
    assert all(item.part_of for item in exits + wells)
    assert {e.depth - layout.mechanics.skin for e in exits if "status" not in e.place} == {5.5}
    # the LED module stands on its pocket's floor, the wires dropping into the exits: 0.3 mm to spare
    assert clearance_under_skin(layout, items)["led-module"] == 0.3


def test_wires_under_the_boards_are_refused_without_their_exits(refusals: Refusals) -> None:
    """Why the exits: the wires between a board and its floor lift it by their thickness."""
    problems = refusals("drop_mm = 1.5 ", "drop_mm = 0 ")
    assert ("led module PCB: D1 (WS2812B LED) stands 5.10 mm over its pocket's floor (0.5 mm of joints under "
            "it + 1.4 mm of 24 AWG hook-up wire under it (its pocket has no wire exit) + 1.6 mm board + "
            "1.6 mm), more than the 4 mm the 6 mm LED pocket leaves under the skin") in problems
    assert any(p.startswith("die board PCB: C1 ") and "1.3 mm of 26 AWG hook-up wire under it" in p
               for p in problems)


def test_exits_too_shallow_for_the_thickest_wire_are_refused(refusals: Refusals) -> None:
    problems = refusals("drop_mm = 1.5 ", "drop_mm = 1.2 ")
    assert any("1.4 mm of 24 AWG hook-up wire under it (its pocket's wire exits are 1.2 mm deep)" in p
               for p in problems), problems


def test_channels_shallower_than_the_exits_they_serve_are_refused(refusals: Refusals) -> None:
    problems = refusals("channel_core_depth_mm = 5.5 ", "channel_core_depth_mm = 4   ")
    assert ("the wire channels are 4 mm into the core, shallower than the 5.5 mm of the wire exits they lead "
            "into (mechanics.wiring.channel_core_depth_mm)") in problems


# -- B. the light windows -------------------------------------------------------------------------


def test_the_leds_lie_a_fraction_of_a_millimetre_under_the_skin() -> None:
    layout = load_layout()
    assert led_depths(layout, cutouts(layout)) == {"led-module": 0.3, "die-board": 0.9}


def test_windows_drilled_with_a_brad_point_bit_after_gluing_are_refused(write_layout: Writer,
                                                                       board_text: str) -> None:
    text = board_text.replace('drilled = "before gluing"', 'drilled = "brad-point bit"')
    assert text != board_text
    problems = problems_of(text, write_layout)
    assert any(p.startswith("the light windows drilled with a brad-point bit through the glued skin") and
               "the led module's 0.3 mm" in p for p in problems), problems


def test_a_flat_bottom_bit_is_allowed_only_with_a_stop_closer_than_the_leds(write_layout: Writer,
                                                                           board_text: str) -> None:
    flat = board_text.replace('drilled = "before gluing"', 'drilled = "flat-bottom bit with a depth stop"')
    assert not any("windows" in p or "depth stop" in p for p in problems_of(flat, write_layout))
    loose = flat.replace("depth_stop_mm = 0.2 ", "depth_stop_mm = 0.5 ")
    assert problems_of(loose, write_layout) == [
        "the led module's LEDs lie 0.3 mm under the skin: a flat-bottom bit whose depth stop lets it pass "
        "the skin by 0.5 mm reaches them; drill the windows before gluing (mechanics.windows)"]


def test_window_rods_shorter_than_the_thickest_skin_are_refused(write_layout: Writer,
                                                                board_text: str) -> None:
    text = board_text.replace("rod_mm = 3 ", "rod_mm = 2 ")
    assert text != board_text
    assert problems_of(text, write_layout) == [
        "the light windows' opal rods are 2 mm long, shorter than a 2.3 mm skin: pressed in flush with its "
        "underside (anything further in meets the LEDs under it), they would leave a hollow in the face; buy "
        "them at least as long as the thickest skin (mechanics.windows.rod_mm)"]


# -- D. the slab on stock sheets ------------------------------------------------------------------


def test_the_design_holds_on_every_sheet_of_the_stocks_range() -> None:
    layout = load_layout()
    m = layout.mechanics
    assert (m.skin, m.core, m.thickness) == (2, 16, 20)
    assert find_problems(layout) == []  # the stock's corners included


def test_the_old_14_mm_core_is_refused_at_the_stocks_extremes(write_layout: Writer, board_text: str) -> None:
    text = board_text.replace("core_mm = 16 ", "core_mm = 14 ").replace(
        "core_range_mm = [15.6, 16.4]", "core_range_mm = [13.6, 14.4]")
    assert text.count("14") > board_text.count("14")
    problems = problems_of(text, write_layout, stock=True)
    assert any(p.startswith("with a 1.7 mm skin and a 13.6 mm core (the stock's range): ") for p in problems)


def test_a_design_outside_its_stock_is_refused(write_layout: Writer, board_text: str) -> None:
    text = board_text.replace("core_range_mm = [15.6, 16.4]", "core_range_mm = [17.6, 18.4]")
    assert problems_of(text, write_layout, stock=True)[-1].startswith(
        "the design's sheets (a 2 mm skin, a 16 mm core) should lie in the stock's ranges")


def test_measured_sheets_are_checked_and_what_still_fits_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hardware", "check", "--skin", "2.2", "--core", "15.7"]) == 0
    out = capsys.readouterr().out
    assert "the sheets: a 2.2 mm skin, a 15.7 mm core (designed for 2 and 16 mm)" in out
    assert "the two faces' cuts: " in out and "over the other skin: 3.7 mm of core at the thinnest" in out
    assert "ok on a 2.2 mm skin and a 15.7 mm core" in out


def test_a_measured_core_too_thin_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hardware", "check", "--core", "14"]) == 1
    err = capsys.readouterr().err
    assert "collide" in err or "meet in the core" in err or "runs into" in err


def test_a_thinner_skin_changes_nothing_the_core_holds() -> None:
    layout = load_layout()
    thin = with_sheets(layout, skin=1.7)

    def into_the_core(items: list[Cutout], skin: float) -> dict[str, float]:
        """How deep each cut reaches into the core; the edge's parts, bored from the edge, as they are."""
        return {c.name: c.depth - (0 if c.face == "edge" else skin) for c in items}

    assert into_the_core(cutouts(thin), 1.7) == pytest.approx(into_the_core(cutouts(layout), 2))


# -- H. fits stated as tool radii, and the edge parts held --------------------------------------


@pytest.mark.parametrize(("cx", "cy", "radius"), [(0.5, 1.0, 2.5), (1.0, 1.0, 3.41), (0.5, 2.0, 3.91)])
def test_the_largest_radius_a_board_takes(cx: float, cy: float, radius: float) -> None:
    """The main board's pocket, the chain boards' and a carrier's groove (the issue's figures)."""
    assert largest_radius(cx, cy) == pytest.approx(radius, abs=0.01)


def test_a_bit_too_big_for_the_main_boards_pocket_is_refused(write_layout: Writer, board_text: str) -> None:
    text = board_text.replace("corner_bit_mm = 4 ", "corner_bit_mm = 6 ")
    problems = problems_of(text, write_layout)
    assert problems == [
        "draughts main board Pico and USB: a 6 mm bit leaves its corners rounded 3 mm, into main board PCB "
        "(33 x 98 mm in 34 x 100 mm): its corners need a radius of 2.5 mm at most "
        "(mechanics.tools.corner_bit_mm)"]
    twelve = problems_of(board_text.replace("corner_bit_mm = 4 ", "corner_bit_mm = 12"), write_layout)
    assert any(p.startswith("tables groove point 1: a 12 mm bit") and "3.91 mm at most" in p for p in twelve)
    assert any(p.startswith("tables chain board 1: a 12 mm bit") and "3.41 mm at most" in p for p in twelve)


def test_the_templates_state_each_cuts_radius() -> None:
    layout = load_layout()
    rows = {(r["kind"], r["place"]): r for r in csv.DictReader(io.StringIO(holes_csv(layout)))}
    assert rows[("main board", "Pico and USB")]["max_corner_radius_mm"] == "2.5"
    assert rows[("chain board", "1")]["max_corner_radius_mm"] == "3.41"
    assert rows[("led", "point 1")]["max_corner_radius_mm"] == ""  # round: a flat-bottom bit
    files = template_files(layout)
    assert "10 deep, r 3.41" in files["template-tables.svg"]
    assert "10 deep, r 2.5" in files["template-draughts.svg"]
    tools = list(csv.DictReader(io.StringIO(files["tools.csv"])))
    corner = next(t for t in tools if t["tool"] == "router bit, straight (the corners)")
    assert corner["size_mm"] == "4" and "the tightest cut takes r 2.5 mm at most" in corner["note"]


def test_a_button_bore_without_room_for_its_glue_is_refused(write_layout: Writer, board_text: str) -> None:
    text = board_text.replace("button_diameter_mm = 12.4 ", "button_diameter_mm = 12   ")
    assert ("the buttons' 12 mm bores leave 0 mm round their 12 mm bodies: the epoxy that holds a button in "
            "its blind hole wants 0.2-0.8 mm (mechanics.edge.button_diameter_mm)"
            ) in problems_of(text, write_layout)


def test_a_usb_board_with_nothing_to_hold_it_is_refused(write_layout: Writer, board_text: str) -> None:
    text = board_text.replace("usb_screws_mm = [[-10, 0], [10, 0]]", "usb_screws_mm = []")
    assert "the USB board has nothing to hold it in its blind hole: its faceplate's screws " \
           "(mechanics.edge.usb_screws_mm)" in problems_of(text, write_layout)


def test_a_usb_faceplate_that_does_not_hold_the_board_is_refused(write_layout: Writer,
                                                                 board_text: str) -> None:
    """The USB board has no flange: the faceplate over its hole holds it, its receptacle flush with it."""
    layout = read_layout(write_layout(board_text))
    assert usb_hold_problems(layout) == []
    assert usb_hold_problems(layout, replace(FACEPLATE, window=(11.5, 3.6))) == [
        "the USB faceplate's window (11.5 mm) lets the 11 mm USB board out: nothing holds it when a plug is "
        "pulled"]
    assert usb_hold_problems(layout, replace(FACEPLATE, thickness=2.0)) == [
        "the USB receptacle's mouth stands 1 mm in front of its board, behind a 2 mm faceplate: a plug does "
        "not go home (pcb_usb.RECEPTACLE_PROUD, the plate's thickness)"]
    deeper = board_text.replace("usb_depth_mm = 18", "usb_depth_mm = 20")
    assert ("the USB board (17.5 mm) leaves 2.5 mm behind it in its 20 mm hole: a plug's push moves its "
            "mouth back from the plate's face (at most 0.5 mm; mechanics.edge.usb_depth_mm)"
            ) in problems_of(deeper, write_layout)
    into_the_hole = board_text.replace("usb_screws_mm = [[-10, 0], [10, 0]]",
                                       "usb_screws_mm = [[-4, 0], [10, 0]]")
    assert ("the USB faceplate's screw at -4, 0 mm from the socket's centre is in the hole (30 x 12 mm; "
            "mechanics.edge.usb_screws_mm)") in problems_of(into_the_hole, write_layout)


# -- I. the two faces' cut-outs compared by depth --------------------------------------------------


def test_a_channel_over_a_cut_of_the_other_face_is_refused_even_its_own_ends() -> None:
    """The issue's case: a draughts channel of the harness of chain board 5 over the face sensor's hole,
    12 mm deep from the tables face: its own end, but of the other face."""
    layout = load_layout()
    items = cutouts(layout)
    hole = next(c for c in items if c.kind == "face sensor")
    plan = read_plan(plan_path(layout))
    harness = next(s.harness for s in plan if s.harness.startswith("button 2"))
    over = Segment(harness, "draughts", hole.x - 10, hole.y, hole.x + 10, hole.y)
    problems = wiring_problems(layout, items, [*plan, over], fill=False)
    assert any(p.startswith(f"the channel of the {harness} (X {hole.x:.1f}, Y {hole.y:.1f}) runs into tables "
                            "face sensor tilt switch") for p in problems), problems
    same_face = Segment(harness, "tables", hole.x, hole.y - 10, hole.x, hole.y)
    assert not any("face sensor" in p for p in wiring_problems(layout, items, [*plan, same_face], fill=False))


def test_channels_of_the_two_faces_meeting_in_the_core_are_refused(write_layout: Writer,
                                                                   board_text: str) -> None:
    layout = read_layout(write_layout(board_text.replace("channel_core_depth_mm = 5.5 ",
                                                         "channel_core_depth_mm = 7.5 ")))
    problems = wiring_problems(layout, cutouts(layout), fill=False)
    assert any("channel" in p and "meet in the core" in p for p in problems), problems


def test_no_channel_passes_over_or_under_a_cut_of_the_other_face_on_the_committed_plan() -> None:
    layout = load_layout()
    items = cutouts(layout)
    plan = read_plan(plan_path(layout))
    assert wiring_problems(layout, items, plan) == []
    hole = next(c for c in items if c.kind == "face sensor")
    from tablier.fabrication.wiring import merged_cutouts

    draughts = [c for c in merged_cutouts(layout, plan) if c.face == "draughts"]
    assert min(plan_gap(c, hole) for c in draughts) >= layout.mechanics.min_web
