"""The boards in their pockets and grooves: every part under the skin, the plug notches in the walls, and the
face sensor's hole."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.fabrication import boards, netlist, pockets
from tablier.fabrication.check import find_problems, load_checked_layout
from tablier.fabrication.cutout import plan_gap
from tablier.fabrication.cutouts import cutouts
from tablier.fabrication.heights import Height, footprint_heights, height_of
from tablier.fabrication.kicad_pcb import KICAD_FOOTPRINTS
from tablier.fabrication.pockets import board_headers, clearance_under_skin, recesses, stack_of
from tablier.fabrication.templates import holes_csv, template_files
from tablier.hardware.layout import LayoutError, load_layout, read_layout

pytestmark = pytest.mark.skipif(not (KICAD_FOOTPRINTS / "Connector_JST.pretty").is_dir(),
                                reason="KiCad's footprint library is not installed (make system-deps)")

Writer = Callable[[str], Path]
Refusals = Callable[[str, str], list[str]]  # the conftest's fixture: the check's problems, a fault injected
CHAIN_DEPTH = "core_depth_mm = 8             # into the core: 1 mm of clipped pins"
MAIN_DEPTH = "core_depth_mm = 8             # into the core, as the chain boards'"


def problems_of(text: str, write_layout: Writer) -> list[str]:
    """The check of a layout's text, but for its wiring plan and the stock's extremes (their own tests)."""
    return find_problems(read_layout(write_layout(text)), wiring=False, stock=False)


def fresh_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forget the boards laid out so far (a test changed what they are made of)."""
    for module, name in ((pockets, "_HEADERS"), (pockets, "_BOARDS"), (boards, "_BUILT")):
        monkeypatch.setattr(module, name, {})


def test_every_board_with_its_tallest_part_fits_under_the_skin_with_room_to_spare() -> None:
    layout = load_layout()
    items = cutouts(layout)
    room = clearance_under_skin(layout, items)
    # 8 mm under the skin - 1 mm of clipped pins - 1.6 mm board - 4.85 mm side-entry JST-PH; a 4 mm groove
    # - 0.5 mm of wire pad joints - 1.6 mm - a 1.45 mm 0805; the LED pocket's 4 mm - 0.5 mm of wire joints -
    # 1.6 mm - the 1.6 mm WS2812B
    assert room == {**{name: 0.55 for name in ("main-board", *(f"chain-board-{n}" for n in range(1, 6)))},
                    "carrier-ladder": 0.45, "carrier-row": 0.45, "led-module": 0.3, "die-board": 0.45}
    joint = layout.mechanics.pin_joint
    stacks = {r.pcb.name: (r.pcb, stack_of(r.pcb, joint)) for r in recesses(layout, items)}
    tallest = {name: (stack.tallest, pcb.parts[stack.tallest].lib_id)
               for name, (pcb, stack) in stacks.items()}
    assert tallest["main-board"][1].startswith("Connector_JST:JST_PH_S")
    assert tallest["led-module"][0] == "D1"


def test_every_part_of_every_board_has_a_height_and_its_source() -> None:
    layout = load_layout()
    table = footprint_heights()
    for recess in recesses(layout, cutouts(layout)):
        for part in recess.pcb.parts.values():
            height = height_of(part.lib_id, table)
            assert height.mm > 0 and height.source and height.side in ("top", "bottom"), part.lib_id
    main = next(r.pcb for r in recesses(layout, cutouts(layout)) if r.pcb.name == "main-board")
    assert height_of(main.parts["U1"].lib_id).mm == 4.0  # the Pico flat: 1 mm board + its micro-USB socket
    assert height_of(main.parts["C3"].lib_id).mm == 2.0  # the 470 uF polymer tantalum


def test_a_pocket_too_shallow_for_the_headers_is_refused(write_layout: Writer, board_text: str) -> None:
    shallow = board_text.replace(CHAIN_DEPTH, CHAIN_DEPTH.replace("= 8 ", "= 7 "))
    assert shallow != board_text
    problems = problems_of(shallow, write_layout)
    assert ("chain board 1 PCB: J1 (side-entry JST-PH with its plug) stands 7.45 mm over its pocket's floor "
            "(1 mm of clipped pins under it + 1.6 mm board + 4.85 mm), more than the 7 mm the 9 mm pocket "
            "leaves under the skin") in problems
    assert not any(p.startswith("main board PCB") for p in problems)


def test_a_pocket_too_shallow_is_still_played_on_but_refused_by_the_hardware_commands(
        write_layout: Writer, board_text: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Where the holes are is no concern of the firmware: play loads the layout, the build does not."""
    shallow = board_text.replace(CHAIN_DEPTH, CHAIN_DEPTH.replace("= 8 ", "= 7 "))
    path = write_layout(shallow)
    played = load_layout(path)  # what tablier play, the link and the firmware's build load
    assert played.hash == load_layout().hash  # the same firmware: no reflash
    too_tall = "chain board 1 PCB: J1 (side-entry JST-PH with its plug) stands 7.45 mm over its pocket"
    with pytest.raises(LayoutError, match=r"problem\(s\) in the layout: chain board 1 PCB: J1 ") as refused:
        load_checked_layout(path)
    assert too_tall in str(refused.value) and "\n" not in str(refused.value)
    assert main(["hardware", "check", "--layout", str(path)]) == 1
    assert too_tall in capsys.readouterr().err
    assert main(["hardware", "templates", "--layout", str(path), "--out", str(path.parent / "t")]) == 1
    err = capsys.readouterr().err
    assert too_tall in err and "run `tablier hardware check` for the full list" in err
    assert not (path.parent / "t").exists()


def test_a_main_board_pocket_too_shallow_for_the_flat_pico_is_refused(write_layout: Writer,
                                                                       board_text: str) -> None:
    main = board_text.replace(MAIN_DEPTH, MAIN_DEPTH.replace("= 8 ", "= 6 "))
    assert main != board_text
    problems = [p for p in problems_of(main, write_layout) if p.startswith("main board PCB")]
    assert ("main board PCB: U1 (Raspberry Pi Pico soldered flat by its castellated edge) stands 6.60 mm "
            "over its pocket's floor (1 mm of clipped pins under it + 1.6 mm board + 4 mm), more than the "
            "6 mm the 8 mm pocket leaves under the skin") in problems
    assert not any(" C3 " in p for p in problems)  # the 2 mm capacitor: 4.6 mm


def test_a_groove_or_an_led_pocket_too_shallow_for_its_board_is_refused(write_layout: Writer,
                                                                         board_text: str) -> None:
    shallow = board_text.replace("core_depth_mm = 4             # groove depth into the core",
                                 "core_depth_mm = 2.7           # groove depth into the core")
    shallow = shallow.replace("led_core_depth_mm = 4", "led_core_depth_mm = 3.5")
    assert shallow.count("2.7") > board_text.count("2.7") and "led_core_depth_mm = 3.5" in shallow
    problems = problems_of(shallow, write_layout)
    assert ("carrier ladder PCB: C1 (0805 ceramic capacitor) stands 3.55 mm over its groove's floor (0.5 mm "
            "of joints under it + 1.6 mm board + 1.45 mm), more than the 2.7 mm the 2.7 mm groove leaves "
            "under the skin") in problems
    assert ("carrier row PCB: U1 (DRV5032FA Hall switch (SOT-23)) stands 3.22 mm over its groove's floor "
            "(0.5 mm of joints under it + 1.6 mm board + 1.12 mm), more than the 2.7 mm the 2.7 mm groove "
            "leaves under the skin") in problems
    assert ("led module PCB: D1 (WS2812B LED) stands 3.70 mm over its pocket's floor (0.5 mm of joints under "
            "it + 1.6 mm board + 1.6 mm), more than the 3.5 mm the 5.5 mm LED pocket leaves under the skin"
            ) in problems


def test_the_old_470_uf_can_on_the_main_board_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Why the LED rail's 470 uF is a polymer tantalum: the 8 x 11.5 mm can stood 13.1 mm."""
    radial = "Capacitor_THT:CP_Radial_D8.0mm_P3.50mm"
    can = Height(radial, "470 uF electrolytic can (EEU-FR1A471)", "top", 11.5,
                 "Panasonic's FR series: an 8 x 11.5 mm can")
    table = {**footprint_heights(), radial: can}
    monkeypatch.setattr(netlist, "BULK_CAPACITOR", radial)
    monkeypatch.setattr(pockets, "footprint_heights", lambda: table)
    fresh_boards(monkeypatch)
    layout = read_layout()
    problems = pockets.pocket_problems(layout, cutouts(layout, notches=False))
    assert problems == [
        "main board PCB: C3 (470 uF electrolytic can (EEU-FR1A471)) stands 14.10 mm over its pocket's floor "
        "(1 mm of clipped pins under it + 1.6 mm board + 11.5 mm), more than the 8 mm the 10 mm pocket "
        "leaves under the skin"]


def test_header_pins_clipped_too_long_are_refused(refusals: Refusals) -> None:
    """The boards stand on the clipped pins of their through-hole headers: a maker who leaves them long
    loses the room under the skin."""
    problems = refusals("pin_joint_mm = 1.0 ", "pin_joint_mm = 1.6 ")
    assert ("chain board 1 PCB: J1 (side-entry JST-PH with its plug) stands 8.05 mm over its pocket's floor "
            "(1.6 mm of clipped pins under it + 1.6 mm board + 4.85 mm), more than the 8 mm the 10 mm "
            "pocket leaves under the skin") in problems
    assert not any(p.startswith("carrier") for p in problems)  # the carriers' wire pads have no pins


def test_a_part_without_a_height_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    table = footprint_heights()
    del table["Capacitor_Tantalum_SMD:CP_EIA-7343-20_Kemet-V"]
    monkeypatch.setattr(pockets, "footprint_heights", lambda: table)
    layout = read_layout()
    assert pockets.pocket_problems(layout, cutouts(layout, notches=False)) == [
        "main board PCB: footprint Capacitor_Tantalum_SMD:CP_EIA-7343-20_Kemet-V has no height in "
        "hardware/kicad/footprints.csv (add it, with its source)"]


def test_top_entry_headers_on_the_main_board_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Why the main board has side-entry headers: a vertical JST-PH and its plug stand 9.1 mm."""
    vertical = "Connector_JST:JST_PH_B{n}B-PH-K_1x{n:02d}_P2.00mm_Vertical"
    two_pin = height_of(vertical.format(n=2))  # the buttons' leads' header of the whole-circuit netlist
    table = footprint_heights()
    for n in (3, 5):
        footprint = vertical.format(n=n)
        table[footprint] = Height(footprint, two_pin.part, "top", two_pin.mm, two_pin.source, None)
    monkeypatch.setattr(boards, "JST_SIDE", vertical)
    monkeypatch.setattr(pockets, "footprint_heights", lambda: table)
    fresh_boards(monkeypatch)
    layout = read_layout()
    problems = pockets.pocket_problems(layout, cutouts(layout, notches=False))
    assert ("main board PCB: J1 (top-entry JST-PH with its plug) stands 10.10 mm over its pocket's floor "
            "(1 mm of clipped pins under it + 1.6 mm board + 7.5 mm), more than the 8 mm the 10 mm pocket "
            "leaves under the skin") in problems


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
    assert len(rows) == 50  # 46 on the chain boards' pockets, 4 on the main board's
    assert "draughts,plug notch,main board J5,540.88,215.40,,3.75,10.9,10,8," in rows  # the USB cable's
    assert "tables,plug notch,chain board 1 J10,319.65,220.38,,18.9,3.25,10,8," in rows
    assert template_files(layout)["template-tables.svg"].count('stroke="#c0002a"') > len(rows)


def test_the_section_shows_a_header_its_plug_and_its_notch_under_the_skin() -> None:
    from tablier.fabrication.drawings import drawings

    svg = drawings(load_layout())["section.svg"]
    assert "chain board 1's pocket through J10's mouth and its plug notch" in svg
    assert "8 mm under the skin = 1 mm of clipped pins + 1.6 mm board + 4.85 mm side-entry JST-PH" in svg
    assert "0.55 mm to spare" in svg


def test_a_notch_into_a_neighbouring_pocket_is_refused(write_layout: Writer, board_text: str) -> None:
    close = board_text.replace("centres_x_mm = [330, 43.5, 201.75, 122.6,",
                               "centres_x_mm = [330, 43.5, 201.75, 115,")
    assert close != board_text
    problems = problems_of(close, write_layout)
    assert ("tables plug notch chain board 2 J7 and tables plug notch chain board 4 J3 (at X 79.1, Y 267.2) "
            "leave 0.0 mm of wood between them (at least 2 mm)") in problems


def test_a_notch_into_the_usb_socket_is_refused(write_layout: Writer, board_text: str) -> None:
    moved = board_text.replace("usb_y_mm = 299", "usb_y_mm = 262")
    problems = find_problems(read_layout(write_layout(moved)), stock=False)
    assert problems[0] == (
        "edge usb USB-C socket and draughts plug notch main board J1 collide (at X 551.0, Y 262.0): 0.0 mm "
        "apart sideways and they overlap in depth (at least 2 mm of wood either way)")
    # and the wiring planned for the socket where it was no longer fits
    assert problems[1:] and all("route the wiring again" in problem for problem in problems[1:])


def test_without_the_footprint_library_the_check_still_runs_without_the_notches(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tablier.fabrication import kicad_pcb

    monkeypatch.setattr(kicad_pcb, "KICAD_FOOTPRINTS", Path("/nonexistent"))
    fresh_boards(monkeypatch)
    layout = read_layout()
    assert layout.hash  # the layout loads
    from tablier.fabrication.check import mechanics_problems

    assert list(mechanics_problems(layout)) == []


def test_the_face_sensor_stands_in_a_hole_opening_into_its_leads_notch() -> None:
    layout = load_layout()
    items = cutouts(layout)
    hole = next(c for c in items if c.kind == "face sensor")
    notch = next(c for c in items if c.kind == "plug notch" and c.place == "chain board 5 J7")
    assert (hole.face, hole.place, hole.size, hole.depth) == (
        "tables", "tilt switch (chain board 5 J7)", (8, 8), 14)
    assert hole.part_of == notch.part_of == "tables chain board 5"  # one cut with its pocket
    assert plan_gap(hole, notch) == pytest.approx(-2.0)  # a 2 mm deep opening for the lead's wires
    neighbour = next(c for c in items if c.place == "chain board 5 J6")
    assert plan_gap(hole, neighbour) >= layout.mechanics.min_web  # slid clear of the next notch
    assert "tables,face sensor,tilt switch (chain board 5 J7),458.75,236.85,8,,,14,12," in holes_csv(layout)
    assert ">8x14<" in template_files(layout)["template-tables.svg"]


def test_a_face_sensor_hole_too_deep_or_into_the_other_face_is_refused(write_layout: Writer,
                                                                      board_text: str) -> None:
    deep = board_text.replace("core_depth_mm = 12            # into the core: the can",
                              "core_depth_mm = 15            # into the core: the can")
    assert deep != board_text
    assert problems_of(deep, write_layout) == [
        "tables face sensor tilt switch (chain board 5 J7) is 15 mm into the core: it would leave less than "
        "2 mm over the other face's skin (the core is 16 mm)"]


def test_a_face_sensor_hole_of_no_size_is_refused(write_layout: Writer, board_text: str) -> None:
    none = board_text.replace("diameter_mm = 8               # the can",
                              "diameter_mm = 0               # the can")
    assert none != board_text
    assert "mechanics.face_sensor.diameter_mm = 0: these sizes should be positive" in problems_of(
        none, write_layout)


def test_the_service_hatch_opens_the_whole_main_board_pocket() -> None:
    layout = load_layout()
    items = cutouts(layout)
    pocket = next(c for c in items if c.kind == "main board")
    hatch = next(c for c in items if c.kind == "hatch")
    screws = [c for c in items if c.kind == "hatch screw"]
    assert (hatch.face, hatch.depth, hatch.part_of) == ("draughts", layout.mechanics.skin, pocket.name)
    assert hatch.size == (pocket.size[0] + 12, pocket.size[1] + 12)  # a 6 mm rim all round
    assert len(screws) == 4 and all(s.part_of == hatch.name for s in screws)
    assert "draughts,hatch,over the main board,522.00,250.00,,46,112,2,0," in holes_csv(layout)
    assert "hatch: cut from the skin" in template_files(layout)["template-draughts.svg"]


def test_a_hatch_screw_off_its_rim_or_into_the_usb_socket_is_refused(write_layout: Writer,
                                                                    board_text: str) -> None:
    screws = "hatch_screws_mm = [[-20, -53], [20, -53], [-20, 53], [20, 0]]"
    assert screws in board_text
    moved = board_text.replace(screws,
                               "hatch_screws_mm = [[-20, -53], [20, -53], [-20, 53], [20, 53], [0, 0]]")
    assert problems_of(moved, write_layout) == [
        "draughts main board Pico and USB and draughts hatch screw 5 (at X 522.0, Y 250.0) leave 0.0 mm of "
        "wood between them (at least 2 mm)",
        "draughts hatch screw 4 and edge usb USB-C socket collide (at X 542.0, Y 303.0): 0.0 mm apart "
        "sideways and they overlap in depth (at least 2 mm of wood either way)",
        "draughts hatch screw 5 (X 522.0, Y 250.0) misses the hatch's rim: 0.0 mm from the pocket "
        "(mechanics.main_board.hatch_screws_mm)"]
