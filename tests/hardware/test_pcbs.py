"""The boards' KiCad files: generated from the layout, checked by KiCad's DRC, plotted by KiCad.

The ``.kicad_pcb`` files are compared with what the layout generates (no KiCad run needed, only its
footprint library); KiCad's check and plot run once per session (about a second per board) and
their Gerbers, drill files, reports and pictures must match the committed ones.
"""

from __future__ import annotations

import csv
import itertools
import logging
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.fabrication import pcb_chain
from tablier.fabrication.assembly import assembly_files
from tablier.fabrication.boards import board_netlists, chain_boards
from tablier.fabrication.check import find_problems
from tablier.fabrication.kicad_pcb import KICAD_FOOTPRINTS, FootprintMissing, Pcb, board_text, footprint_file
from tablier.fabrication.pcb_layouts import board_labels, board_pcbs, labelled, pocket_boards
from tablier.fabrication.pcbs import Checked, clearance_problems, kicad_available, write_pcbs
from tablier.hardware.layout import load_layout, read_layout

ROOT = Path(__file__).resolve().parents[2]
PCB = ROOT / "hardware" / "pcb"
DOCS = ROOT / "docs" / "hardware"
BOARDS = ("carrier-ladder", "carrier-row", "carrier-ladder-reed", "carrier-row-reed", "led-module",
          "die-board", "main-board", *(f"chain-board-{n}" for n in range(1, 6)))
STALE = "stale: run `tablier hardware pcb --out hardware/pcb --pictures docs/hardware --png`"

needs_footprints = pytest.mark.skipif(not (KICAD_FOOTPRINTS / "Package_SO.pretty").is_dir(),
                                      reason="KiCad's footprint library is not installed "
                                             "(make system-deps)")
needs_kicad = pytest.mark.skipif(not kicad_available(), reason="KiCad 6's pcbnew is not installed "
                                                               "(make system-deps)")


@pytest.fixture(scope="session")
def boards() -> list[Pcb]:
    """Every board laid out and routed from the layout, once per session (routing takes a while)."""
    return board_pcbs(load_layout())


@pytest.fixture(scope="session")
def kicad_output(tmp_path_factory: pytest.TempPathFactory,
                 boards: list[Pcb]) -> tuple[Path, Path, list[Checked]]:
    """KiCad's check and plot of every board, once per session."""
    out = tmp_path_factory.mktemp("pcb")
    pictures = tmp_path_factory.mktemp("pictures")
    _paths, checked = write_pcbs(load_layout(), out, pictures, boards=boards)
    return out, pictures, checked


@needs_footprints
def test_the_committed_board_files_are_what_the_layout_generates(boards: list[Pcb]) -> None:
    for pcb in boards:
        committed = PCB / pcb.name / f"{pcb.name}.kicad_pcb"
        assert committed.read_text(encoding="utf-8") == board_text(pcb), STALE


@needs_kicad
def test_kicad_finds_no_violation_and_no_unconnected_pad(
        kicad_output: tuple[Path, Path, list[Checked]]) -> None:
    _out, _pictures, checked = kicad_output
    assert checked == [Checked(name, 0, 0) for name in BOARDS]


@needs_kicad
def test_the_committed_gerbers_drill_files_and_pictures_are_kicads(
        kicad_output: tuple[Path, Path, list[Checked]]) -> None:
    out, pictures, _checked = kicad_output
    for name in BOARDS:
        made = sorted(p.name for p in (out / name).iterdir())
        assert made == sorted(p.name for p in (PCB / name).iterdir()), STALE
        for file in made:
            assert (out / name / file).read_bytes() == (PCB / name / file).read_bytes(), f"{file}: {STALE}"
        picture = f"{name}-pcb.svg"
        assert (pictures / picture).read_text() == (DOCS / picture).read_text(), STALE
        assert (DOCS / picture).with_suffix(".png").read_bytes().startswith(b"\x89PNG")
    drill = (PCB / "carrier-ladder" / "carrier-ladder.drl").read_text()
    assert "T1C0.300" in drill and "T2C1.000" in drill  # the vias and the wire pads' holes


@needs_footprints
def test_a_carrier_has_a_sensor_under_each_slot_or_square() -> None:
    boards = {pcb.name: pcb for pcb in board_pcbs(load_layout(), routed=False)}
    ladder, row = boards["carrier-ladder"], boards["carrier-row"]
    assert (ladder.width, row.width) == (172, 312)  # 5 x 32 mm and 3 x 100 mm, 6 mm at each end
    xs = sorted(ladder.parts[f"U{k}"].x for k in range(1, 7))
    assert [b - a for a, b in itertools.pairwise(xs)] == [32] * 5
    # the reeds: a slot's pair 2.4 mm either side of its centre along the ladder and 2.25 mm either side of
    # its line (12 mm of board past the end slots: a reed and its pads reach 11 mm); a square's pair 6 mm
    # either side
    reeds, pairs = boards["carrier-ladder-reed"], boards["carrier-row-reed"]
    assert (reeds.thickness, pairs.thickness) == (1.0, 1.0)  # a 2.41 mm reed on it fits the 4 mm groove
    assert reeds.width == 184
    slots = [12 + 32 * k for k in range(6)]
    assert [(round(reeds.parts[f"SW{k + 1}A"].x, 3), round(reeds.parts[f"SW{k + 1}B"].x, 3))
            for k in range(6)] == [(x + 2.4, x - 2.4) for x in slots]
    assert {(reeds.parts[f"SW{k + 1}A"].y, reeds.parts[f"SW{k + 1}B"].y) for k in range(6)} == {(3.25, 7.75)}
    squares = [18.5 + 100 * k for k in range(4)]
    assert [(pairs.parts[f"SW{k + 1}A"].x, pairs.parts[f"SW{k + 1}B"].x) for k in range(4)] == [
        (x + 6, x - 6) for x in squares]


@needs_footprints
def test_every_footprint_of_every_board_is_in_kicads_library_or_the_projects() -> None:
    listed = [row["footprint"] for row in csv.DictReader(
        (ROOT / "hardware" / "kicad" / "footprints.csv").read_text(encoding="utf-8").splitlines())]
    used = {fp for board in board_netlists(load_layout()).values()
            for fp in re.findall(r'\(footprint "([^"]+)"\)', board.text)}
    assert used <= set(listed)
    for footprint in listed:
        assert footprint_file(footprint).is_file()
    assert footprint_file("tablier:RaspberryPi_Pico_Castellated").parent.name == "tablier.pretty"
    with pytest.raises(FootprintMissing, match="Module:RaspberryPi_Pico_Common_THT is not in"):
        footprint_file("Module:RaspberryPi_Pico_Common_THT")  # KiCad 6 has none: the project's is used


@needs_footprints
def test_copper_too_close_is_refused_by_hardware_check(write_layout: Callable[[str], Path],
                                                       board_text: str) -> None:
    layout = read_layout(write_layout(board_text.replace("slot_pitch_mm = 32", "slot_pitch_mm = 5")))
    problems = clearance_problems(layout)
    assert problems and problems[0].startswith("carrier-ladder PCB: ") and "at least 0.2 mm" in problems[0]
    assert problems[0] in find_problems(layout)
    assert clearance_problems(load_layout()) == []


@needs_footprints
def test_a_main_board_laid_out_for_other_pins_is_refused(write_layout: Callable[[str], Path],
                                                         board_text: str) -> None:
    layout = read_layout(write_layout(board_text.replace("led = 22 ", "led = 21 ")))
    (problem,) = clearance_problems(layout)
    assert problem.startswith("main board PCB: its copper is laid out for GP16 (data)")
    assert "not GP16, GP17, GP18 and GP21" in problem and problem in find_problems(layout)


def test_without_kicad_the_pcb_command_says_what_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from tablier import cli
    from tablier.fabrication import pcbs

    monkeypatch.setattr(pcbs, "KICAD_PYTHON", str(tmp_path / "no-python"))
    assert cli.main(["hardware", "pcb", "--out", str(tmp_path / "pcb")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tablier hardware: KiCad 6's pcbnew is not importable") and "apt-get install" in err
    assert "Traceback" not in err and not (tmp_path / "pcb").exists()


@needs_footprints
def test_a_last_chain_board_drawn_for_another_pattern_is_refused(write_layout: Callable[[str], Path],
                                                                 board_text: str) -> None:
    pattern = board_text.replace('spare_pattern = "10110"', 'spare_pattern = "10101"')
    layout = read_layout(write_layout(pattern))
    (problem,) = clearance_problems(layout)
    assert problem.startswith("chain board 5 PCB: its copper is laid out for 2 chips, two rows of 4 squares")
    assert "the pattern 10101: lay it out again" in problem and problem in find_problems(layout)


@needs_footprints
def test_every_chain_board_fits_its_pocket_with_each_header_facing_an_edge(boards: list[Pcb]) -> None:
    layout = load_layout()
    chains = [pcb for pcb in boards if pcb.name.startswith("chain-board-")]
    pocket = layout.mechanics.chain_board_size
    assert [c.name for c in chains] == [f"chain-board-{n}" for n in range(1, 6)]
    for chain in chains:
        assert (chain.width, chain.height) == (pocket[0] - 2, pocket[1] - 2)
        for ref, part in chain.parts.items():
            if not ref.startswith("J"):
                continue
            assert "Horizontal" in part.lib_id  # side-entry
            if chain is not chains[-1]:  # its pins 7 mm from the edge its mouth faces
                edges = (part.x, part.y, chain.width - part.x, chain.height - part.y)
                assert 7.0 in {round(d, 3) for d in edges}, ref




def _routed_anew(name: str, remembered: tuple[str, ...] | None, monkeypatch: pytest.MonkeyPatch,
                 caplog: pytest.LogCaptureFixture) -> tuple[str, list[str]]:
    """The six-chip board ``name`` routed with ``remembered`` as its net order (None: none), and the notes."""
    orders = {n: order for n, order in pcb_chain.ROUTING_ORDERS.items() if n != name}
    if remembered is not None:
        orders[name] = remembered
    monkeypatch.setattr(pcb_chain, "ROUTING_ORDERS", orders)
    layout = load_layout()
    board = next(b for b in chain_boards(layout) if f"chain-board-{b.number}" == name)
    netlist = board_netlists(layout, only=(f"{name}.net",))[f"{name}.net"].text
    with caplog.at_level(logging.WARNING, logger=pcb_chain.__name__):
        routed = pcb_chain.six_chip_chain_board(board, netlist, name)
        text = board_text(labelled(routed, board_labels(layout)))
    return text, [record.getMessage() for record in caplog.records]


@needs_footprints
@pytest.mark.parametrize(("remembered", "why"), [
    ((), "the net order remembered for its routing no longer routes it (IN147 finds no way)"),
    pytest.param(None, "no net order is remembered for its routing", marks=pytest.mark.full),
    pytest.param(("IN147", "IN999"), "the net order remembered for its routing names nets it does not have "
                 "(IN999)", marks=pytest.mark.full)], ids=["no-longer-routes", "missing", "names-other-nets"])
def test_a_chain_board_whose_remembered_net_order_is_stale_is_routed_by_the_search_with_a_note(
        remembered: tuple[str, ...] | None, why: str, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    name = "chain-board-4"  # its search takes two attempts, the other boards' thirteen
    order = pcb_chain.ROUTING_ORDERS[name]
    text, notes = _routed_anew(name, remembered, monkeypatch, caplog)
    assert text == (PCB / name / f"{name}.kicad_pcb").read_text(encoding="utf-8")
    assert notes == [f"{name}: {why}; the search found one at attempt 2; to route it at once, put it in "
                     f"ROUTING_ORDERS (tablier/fabrication/pcb_chain.py): {name!r}: {order!r}"]


@needs_footprints
@pytest.mark.full
@pytest.mark.parametrize("name", [f"chain-board-{n}" for n in range(1, 5)])
def test_each_remembered_net_order_is_the_one_the_search_finds(
        name: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    order = pcb_chain.ROUTING_ORDERS[name]
    text, notes = _routed_anew(name, None, monkeypatch, caplog)
    assert text == (PCB / name / f"{name}.kicad_pcb").read_text(encoding="utf-8")
    (note,) = notes
    assert note.endswith(f": {name!r}: {order!r}")


@needs_footprints
def test_the_pockets_check_places_the_headers_where_the_routed_boards_have_them(boards: list[Pcb]) -> None:
    routed = {pcb.name: pcb for pcb in boards}
    for placed in pocket_boards(load_layout()):
        where = {ref: (p.x, p.y, p.angle) for ref, p in placed.parts.items()}
        laid_out = {ref: (p.x, p.y, p.angle) for ref, p in routed[placed.name].parts.items()}
        assert where == laid_out, placed.name


def _joined(pcb: Pcb, net: str, start: tuple[float, float], end: tuple[float, float]) -> bool:
    """Whether ``net``'s tracks (and its vias, from layer to layer) run unbroken from ``start`` to ``end``."""
    links: dict[tuple[float, float], set[tuple[float, float]]] = {}
    for name, _layer, points, _width in pcb.tracks:
        if name == net:
            ends = [(round(x, 3), round(y, 3)) for x, y in points]
            for a, b in itertools.pairwise(ends):
                links.setdefault(a, set()).add(b)
                links.setdefault(b, set()).add(a)
    seen, todo = set(), [(round(start[0], 3), round(start[1], 3))]
    while todo:
        point = todo.pop()
        if point not in seen:
            seen.add(point)
            todo.extend(links.get(point, ()))
    return (round(end[0], 3), round(end[1], 3)) in seen


@needs_footprints
def test_the_main_board_carries_usb_from_the_picos_test_points_to_its_header() -> None:
    """Pads under the flat Pico's TP1-TP3 (its USB pair and their ground) bring USB out to a side-entry
    header whose mouth faces the right edge, towards the USB-C socket, for the cable from its breakout."""
    from tablier.fabrication.pockets import board_headers

    layout = load_layout()
    main = next(pcb for pcb in pocket_boards(layout) if pcb.name == "main-board")
    pico, header = main.parts["U1"].nets, main.parts["J5"].nets
    assert (pico["TP3"], pico["TP2"], pico["TP1"]) == ("USB_DP", "USB_DM", "GND")
    assert (header["3"], header["4"], header["2"], header["1"]) == ("USB_DP", "USB_DM", "GND", pico["40"])
    for point, pin in (("TP3", "3"), ("TP2", "4")):
        assert main.pad_info("U1", point).layers[0] == "F.Cu"  # a pad on the top, under the test point
        assert _joined(main, pico[point], main.pad("U1", point), main.pad("J5", pin)), point
    facing = next(h.facing for pcb, headers in board_headers(layout) if pcb.name == "main-board"
                  for h in headers if h.ref == "J5")
    assert facing == (1, 0)


@needs_footprints
def test_each_boards_assembly_files_are_committed_and_up_to_date(boards: list[Pcb]) -> None:
    """A PCB house assembles from the board's BOM (with manufacturer part numbers) and its placement file;
    both are generated from the board and must match the committed ones."""
    for pcb in boards:
        for name, text in assembly_files(pcb).items():
            assert (PCB / pcb.name / name).read_text(encoding="utf-8") == text, f"{name}: {STALE}"
    main = next(pcb for pcb in boards if pcb.name == "main-board")
    bom = list(csv.DictReader(assembly_files(main)["main-board-bom.csv"].splitlines()))
    fitted = {row["MPN"]: row["Fitted by"] for row in bom}
    assert fitted["SC0915"] == "by hand" and fitted["T520V477M006ATE055"] == "PCB house"
    assert all(row["MPN"] not in ("", "-") for row in bom if row["Fitted by"] != "nothing (wire pads)")
    cpl = assembly_files(main)["main-board-cpl.csv"]
    placed = {row["Designator"] for row in csv.DictReader(cpl.splitlines())}
    assert placed == {row_ref for row in bom if row["Fitted by"] == "PCB house"
                      for row_ref in row["Designator"].split(",")}  # the house places what it fits


@needs_footprints
def test_every_board_prints_its_references_its_name_and_its_connectors_labels(boards: list[Pcb]) -> None:
    for pcb in boards:
        text = (PCB / pcb.name / f"{pcb.name}.kicad_pcb").read_text(encoding="utf-8")
        assert not any("(fp_text reference" in line and "hide" in line for line in text.splitlines())
        assert set(pcb.references) == set(pcb.parts), pcb.name  # every part's reference is placed
        names = [t[0] for t in pcb.texts]
        assert any(name.endswith(pcb.name.upper()) for name in names), pcb.name
    chain = next(pcb for pcb in boards if pcb.name == "chain-board-5")
    assert {"BUS IN", "ROW 7", "ROW 8", "BTN 1", "BTN 2", "FACE"} <= {t[0] for t in chain.texts}
