"""The boards' KiCad files: generated from the layout, checked by KiCad's DRC, plotted by KiCad.

The ``.kicad_pcb`` files are compared with what the layout generates (no KiCad run needed, only its
footprint library); KiCad's check and plot run once per session (about a second per board) and
their Gerbers, drill files, reports and pictures must match the committed ones.
"""

from __future__ import annotations

import csv
import dataclasses
import itertools
import logging
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.fabrication import pcb_chain
from tablier.fabrication.assembly import assembly_files, hand_parts
from tablier.fabrication.boards import board_netlists, chain_designs
from tablier.fabrication.check import find_problems
from tablier.fabrication.kicad_pcb import (
    KICAD_FOOTPRINTS,
    FootprintMissing,
    Pcb,
    board_text,
    footprint_file,
    without_fills,
)
from tablier.fabrication.pcb_layouts import board_labels, board_pcbs, labelled, pocket_boards
from tablier.fabrication.pcbs import Checked, clearance_problems, kicad_available, write_pcbs
from tablier.hardware.layout import load_layout, read_layout

ROOT = Path(__file__).resolve().parents[2]
PCB = ROOT / "hardware" / "pcb"
DOCS = ROOT / "docs" / "hardware"
BOARDS = ("carrier-ladder", "carrier-row", "carrier-ladder-reed", "carrier-row-reed", "led-module",
          "die-board", "main-board", "usb-board", "chain-board-1-3", "chain-board-4", "chain-board-5")
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
        committed = PCB / pcb.name / f"{pcb.name}.kicad_pcb"  # its pours as KiCad filled them
        assert without_fills(committed.read_text(encoding="utf-8")) == board_text(pcb), STALE


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
    assert "not GP16, GP17, GP18, GP21 and GP19" in problem and problem in find_problems(layout)


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
    assert [c.name for c in chains] == ["chain-board-1-3", "chain-board-4", "chain-board-5"]
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
    board = next(d.boards[0] for d in chain_designs(layout) if d.name == name)
    net = f"chain-board-{board.number}.net"
    netlist = board_netlists(layout, only=(net,))[net].text
    with caplog.at_level(logging.WARNING, logger=pcb_chain.__name__):
        routed = pcb_chain.six_chip_chain_board(board, netlist, name)
        text = board_text(labelled(routed, board_labels(layout)))
    return text, [record.getMessage() for record in caplog.records]


@needs_footprints
@pytest.mark.full  # each routes a chain board by the search (fourteen attempts): a minute or more
@pytest.mark.parametrize(("remembered", "why"), [
    ((), "the net order remembered for its routing no longer routes it (IN187 finds no way)"),
    (None, "no net order is remembered for its routing"),
    (("IN147", "IN999"), "the net order remembered for its routing names nets it does not have (IN999)")],
    ids=["no-longer-routes", "missing", "names-other-nets"])
def test_a_chain_board_whose_remembered_net_order_is_stale_is_routed_by_the_search_with_a_note(
        remembered: tuple[str, ...] | None, why: str, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    name = "chain-board-4"  # its search takes fourteen attempts with its 48 pull-ups
    order = pcb_chain.ROUTING_ORDERS[name]
    text, notes = _routed_anew(name, remembered, monkeypatch, caplog)
    assert text == without_fills((PCB / name / f"{name}.kicad_pcb").read_text(encoding="utf-8"))
    assert notes == [f"{name}: {why}; the search found one at attempt 14; to route it at once, put it in "
                     f"ROUTING_ORDERS (tablier/fabrication/pcb_chain.py): {name!r}: {order!r}"]


@needs_footprints
@pytest.mark.full
@pytest.mark.parametrize("name", ["chain-board-1-3", "chain-board-4"])
def test_each_remembered_net_order_is_the_one_the_search_finds(
        name: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    order = pcb_chain.ROUTING_ORDERS[name]
    text, notes = _routed_anew(name, None, monkeypatch, caplog)
    assert text == without_fills((PCB / name / f"{name}.kicad_pcb").read_text(encoding="utf-8"))
    (note,) = notes
    assert note.endswith(f": {name!r}: {order!r}")


@needs_footprints
def test_the_pockets_check_places_the_headers_where_the_routed_boards_have_them(boards: list[Pcb]) -> None:
    routed = {pcb.name: pcb for pcb in boards}
    design_of = {f"chain-board-{b.number}": d.name for d in chain_designs(load_layout()) for b in d.boards}
    for placed in pocket_boards(load_layout()):
        where = {ref: (p.x, p.y, p.angle) for ref, p in placed.parts.items()}
        design = routed[design_of.get(placed.name, placed.name)]
        laid_out = {ref: (p.x, p.y, p.angle) for ref, p in design.parts.items()}
        assert where == {ref: at for ref, at in laid_out.items() if ref in where}, placed.name
        # only the pull-ups placed once the board is routed are missing from the placed board
        assert all(ref.startswith("R") for ref in set(laid_out) - set(where)), placed.name


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
        for name, text in assembly_files(pcb.name, board_text(pcb)).items():
            assert (PCB / pcb.name / name).read_text(encoding="utf-8") == text, f"{name}: {STALE}"
    main = next(pcb for pcb in boards if pcb.name == "main-board")
    files = assembly_files("main-board", board_text(main))
    bom = list(csv.DictReader(files["main-board-bom.csv"].splitlines()))
    lcsc = {row["MPN"]: row["LCSC Part #"] for row in bom}
    assert lcsc["TPS2553DBVR"] == "C55266" and lcsc["T520V477M006ATE055"] == ""  # consigned
    assert "SC0915" not in lcsc and ("U1", "SC0915") in {(refs, stock.mpn) for refs, stock in
                                                          hand_parts(board_text(main))}  # the Pico: by hand
    cpl = files["main-board-cpl.csv"]
    placed = {row["Designator"] for row in csv.DictReader(cpl.splitlines())}
    assert placed == {ref for row in bom for ref in row["Designator"].split(",")}  # the house places its BOM


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


@needs_footprints
def test_each_connector_label_is_printed_by_its_own_connector(boards: list[Pcb]) -> None:
    """Chain boards 1-3 printed BUS IN beside J2, the bus out: every label now lies nearer its own
    connector than any other, and the check refuses a label printed by the other connector."""
    from tablier.fabrication.silkscreen import label_problems

    assert all(label_problems(pcb) == [] for pcb in boards)
    chain = next(pcb for pcb in boards if pcb.name == "chain-board-1-3")
    assert {chain.texts[i][0]: ref for i, ref in chain.label_refs.items()}["BUS IN"] == "J1"
    at = {text[0]: index for index, text in enumerate(chain.texts)}
    old = dataclasses.replace(chain, texts=list(chain.texts))  # BUS IN printed where BUS OUT is, by J2
    old.texts[at["BUS IN"]] = ("BUS IN", *chain.texts[at["BUS OUT"]][1:])
    assert any(problem.startswith("chain-board-1-3 PCB: the label 'BUS IN' of J1 is printed nearer J2")
               for problem in label_problems(old))


@needs_footprints
def test_the_bus_labels_come_from_the_netlist() -> None:
    """BUS IN is the connector whose data line comes from a chip's output (towards the Pico), BUS OUT the
    one whose data line feeds a chip's serial input: swap their wiring and the labels follow."""
    from tablier.fabrication.kicad_pcb import read_netlist
    from tablier.fabrication.pcb_layouts import bus_labels

    layout = load_layout()
    parts = read_netlist(board_netlists(layout, only=("chain-board-1.net",))["chain-board-1.net"].text)
    assert bus_labels(parts) == {"J1": "BUS IN", "J2": "BUS OUT"}
    swapped = {ref: (fp, value,
                     dict(parts["J2" if ref == "J1" else "J1"][2]) if ref in ("J1", "J2") else pads)
               for ref, (fp, value, pads) in parts.items()}
    assert bus_labels(swapped) == {"J1": "BUS OUT", "J2": "BUS IN"}


@needs_footprints
def test_boards_alike_but_for_their_silkscreen_are_one_design() -> None:
    """Chain boards 1-3 carry eight points' carriers each, wired alike: one design (one set-up fee), its
    connectors labelled for all three boards."""
    from tablier.fabrication.boards import netlist_signature

    layout = load_layout()
    assert [(d.name, [b.number for b in d.boards]) for d in chain_designs(layout)] == [
        ("chain-board-1-3", [1, 2, 3]), ("chain-board-4", [4]), ("chain-board-5", [5])]
    nets = board_netlists(layout, only=tuple(f"chain-board-{n}.net" for n in range(1, 6)))
    signatures = [netlist_signature(nets[f"chain-board-{n}.net"].text) for n in range(1, 6)]
    assert signatures[0] == signatures[1] == signatures[2] != signatures[3] != signatures[4]
    assert board_labels(layout)["chain-board-1-3"]["J3"] == "POINT 1/9/17"
    assert not (PCB / "chain-board-2").exists() and (PCB / "chain-board-1-3").is_dir()
