"""The boards in their pockets: their headers and plugs under the skin, and the plug notches in the walls."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.hardware import boards, pockets
from tablier.hardware.cutouts import cutouts
from tablier.hardware.kicad_pcb import KICAD_FOOTPRINTS
from tablier.hardware.layout import load_layout, read_layout
from tablier.hardware.pockets import SIDE_ENTRY_MM, board_headers, clearance_under_skin
from tablier.hardware.templates import holes_csv, template_files
from tablier.hardware.validate import find_problems

pytestmark = pytest.mark.skipif(not (KICAD_FOOTPRINTS / "Connector_JST.pretty").is_dir(),
                                reason="KiCad's footprint library is not installed (make system-deps)")

Writer = Callable[[str], Path]
CHAIN_DEPTH = "depth_mm = 10                 # from the tables face"


def test_every_board_with_its_headers_and_plugs_fits_under_the_skin_with_room_to_spare() -> None:
    layout = load_layout()
    room = clearance_under_skin(layout, cutouts(layout))
    assert room == {name: 0.55 for name in ("main-board", *(f"chain-board-{n}" for n in range(1, 6)))}
    assert SIDE_ENTRY_MM == 4.85  # 7 mm under the skin - 1.6 mm board - 4.85 mm = 0.55 mm


def test_a_pocket_too_shallow_for_the_headers_is_refused(write_layout: Writer, board_text: str) -> None:
    shallow = board_text.replace(CHAIN_DEPTH, "depth_mm = 9                  # from the tables face")
    assert shallow != board_text
    problems = find_problems(read_layout(write_layout(shallow)))
    assert ("chain board 1 PCB: J1 (side-entry JST-PH) with its plug stands 6.45 mm over its pocket's floor "
            "(1.6 mm board + 4.85 mm), more than the 6 mm the 9 mm pocket leaves under the skin") in problems
    assert not any(p.startswith("main board PCB") for p in problems)


def test_top_entry_headers_on_the_main_board_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Why the main board has side-entry headers: a vertical JST-PH and its plug stand 9.1 mm."""
    monkeypatch.setattr(boards, "JST_SIDE", "Connector_JST:JST_PH_B{n}B-PH-K_1x{n:02d}_P2.00mm_Vertical")
    monkeypatch.setattr(pockets, "_HEADERS", {})
    monkeypatch.setattr(boards, "_BUILT", {})
    layout = read_layout()
    problems = pockets.pocket_problems(layout, cutouts(layout, notches=False))
    assert ("main board PCB: J1 (top-entry JST-PH) with its plug stands 9.10 mm over its pocket's floor "
            "(1.6 mm board + 7.5 mm), more than the 7 mm the 10 mm pocket leaves under the skin") in problems


def test_each_side_entry_header_faces_a_board_edge_and_its_notch_is_in_front_of_its_mouth() -> None:
    layout = load_layout()
    items = cutouts(layout)
    notches = {c.place: c for c in items if c.kind == "plug notch"}
    for pcb, headers in board_headers(layout):
        for header in headers:
            assert header.side_entry, (pcb.name, header.ref)
            x, y = header.mouth
            to_edge = {(-1, 0): x, (1, 0): pcb.width - x, (0, -1): y, (0, 1): pcb.height - y}[header.facing]
            place = f"{pcb.name.replace('-', ' ')} {header.ref}"
            if to_edge + 1 < layout.mechanics.plug_reach:  # its plug reaches past the pocket's wall
                assert place in notches, place
    # the last chain board's row connectors face up into the board: their plugs stay inside the pocket
    assert "chain board 5 J3" not in notches and "chain board 5 J5" in notches
    assert notches["main board J1"].box == (539.0, 258.55, 542.75, 271.45)  # 3.75 mm into the wall


def test_the_notches_are_in_the_templates_and_the_csv() -> None:
    layout = load_layout()
    rows = [line for line in holes_csv(layout).splitlines() if ",plug notch," in line]
    assert len(rows) == 49
    assert "tables,plug notch,chain board 1 J10,29.65,220.38,,18.9,3.25,10,7" in rows
    assert template_files(layout)["template-tables.svg"].count('stroke="#c0002a"') > len(rows)


def test_the_section_shows_a_header_its_plug_and_its_notch_under_the_skin() -> None:
    from tablier.hardware.drawings import drawings

    svg = drawings(load_layout())["section.svg"]
    assert "chain board 1's pocket through J10's mouth and its plug notch" in svg
    assert "7 mm under the skin = 1.6 mm board + 4.85 mm side-entry JST-PH" in svg
    assert "0.55 mm to spare" in svg


def test_a_notch_into_a_neighbouring_pocket_is_refused(write_layout: Writer, board_text: str) -> None:
    close = board_text.replace("centres_x_mm = [40, 117, 194", "centres_x_mm = [40, 110, 194")
    assert close != board_text
    problems = find_problems(read_layout(write_layout(close)))
    assert ("tables plug notch chain board 1 J7 and tables plug notch chain board 2 J3 (at X 75.6, Y 267.2) "
            "leave 0.0 mm of wood between them (at least 2 mm)") in problems


def test_a_notch_into_the_usb_socket_is_refused(write_layout: Writer, board_text: str) -> None:
    moved = board_text.replace("usb_y_mm = 250", "usb_y_mm = 262")
    assert find_problems(read_layout(write_layout(moved))) == [
        "edge usb USB-C socket and draughts plug notch main board J1 collide (at X 551.0, Y 262.0): 0.0 mm "
        "apart sideways and they overlap in depth (at least 2 mm of wood either way)"]


def test_without_the_footprint_library_the_check_still_runs_without_the_notches(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tablier.hardware import kicad_pcb

    monkeypatch.setattr(kicad_pcb, "KICAD_FOOTPRINTS", Path("/nonexistent"))
    monkeypatch.setattr(pockets, "_HEADERS", {})
    layout = read_layout()
    assert layout.hash  # the layout loads
    from tablier.hardware.validate import mechanics_problems

    assert list(mechanics_problems(layout)) == []
