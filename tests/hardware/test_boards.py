"""The boards that will exist: carriers, chain boards, main board and LED module, each its netlist."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.fabrication.boards import board_netlists, carriers, chain_boards
from tablier.fabrication.netlist import Netlist
from tablier.hardware.layout import load_layout

FOOTPRINTS = Path(__file__).resolve().parents[2] / "hardware" / "kicad" / "footprints.csv"


@pytest.fixture(scope="module")
def boards() -> dict[str, Netlist]:
    return board_netlists(load_layout())


def test_every_sensor_is_on_exactly_one_carrier_and_every_carrier_on_one_chain_board() -> None:
    layout = load_layout()
    strips = carriers(layout)
    assert len(strips) == 36  # 24 points, 2 bars, 2 trays, 8 draughts rows
    on_strips = [s.id for c in strips for s in c.switches]
    assert sorted(on_strips) == [s.id for s in layout.switches if s.kind not in ("button", "face")]
    wired = [c.name for b in chain_boards(layout) for c in b.carriers]
    assert sorted(wired) == sorted(c.name for c in strips)


def test_the_chips_are_cut_where_carriers_end() -> None:
    layout = load_layout()
    cut = chain_boards(layout)
    assert list(cut[0].chips) == list(range(6))
    assert [c for b in cut for c in b.chips] == list(range(layout.chips))
    for board in cut:
        ids = range(8 * board.chips[0], 8 * (board.chips[-1] + 1))
        assert all(s.id in ids for c in board.carriers for s in c.switches)
    assert [s.place for s in cut[-1].contacts] == ["button 1", "button 2", "face 1"]


def test_every_board_passes_the_erc(boards: dict[str, Netlist]) -> None:
    assert {name: (b.erc_errors, b.erc_warnings) for name, b in boards.items()} == {
        name: ((), ()) for name in boards}


def test_a_chain_board_has_a_connector_per_carrier(boards: dict[str, Netlist]) -> None:
    text = boards["chain-board-1.net"].text
    refs = set(re.findall(r'\(comp\s*\(ref "(J\d+)"\)', text))
    assert refs == {f"J{n}" for n in range(1, 11)}  # bus in, bus out, 8 point carriers
    assert "74LVC2G17" in text and text.count('(value "chip ') == 6


def test_the_last_chain_board_ends_the_chain_and_wires_the_spares(boards: dict[str, Netlist]) -> None:
    text = boards["chain-board-5.net"].text
    assert '(ref "J2")' not in text and "DATA_NEXT" not in text  # no bus onwards: SER is grounded
    assert '(value "chip 25")' in text


def test_the_face_sensor_is_one_line_read_on_the_last_chain_board(boards: dict[str, Netlist]) -> None:
    """The tilt switch's lead plugs into the last chain board beside its pull-up; the main board does
    not relay it (it carried the line twice, on a switch footprint and a lead, and used neither)."""
    main_board = boards["main-board.net"].text
    assert "FACE" not in main_board and '(ref "SW1")' not in main_board and '(ref "J2")' not in main_board
    last = boards["chain-board-5.net"].text
    face = re.search(r'\(name "IN202"\)(.*?)\(net\s', last, re.S)
    assert face is not None
    assert sorted(re.findall(r'\(ref "([A-Z]+\d+)"\)', face.group(1))) == ["J7", "R3", "U3"]


def test_the_main_board_and_chain_boards_use_side_entry_headers_only(boards: dict[str, Netlist]) -> None:
    for name in ("main-board.net", *(f"chain-board-{n}.net" for n in range(1, 6))):
        headers = re.findall(r'\(footprint "(Connector_JST:[^"]+)"\)', boards[name].text)
        assert headers and all(h.endswith("_Horizontal") for h in headers), name


def test_every_board_footprint_is_one_of_kicads_listed(boards: dict[str, Netlist]) -> None:
    listed = {row["footprint"] for row in csv.DictReader(FOOTPRINTS.read_text(encoding="utf-8").splitlines())}
    used = {f for b in boards.values() for f in re.findall(r'\(footprint "([^"]+)"\)', b.text)}
    assert used <= listed, used - listed


@pytest.mark.full
def test_the_command_writes_every_board(tmp_path: Path) -> None:
    assert main(["hardware", "netlist", "--boards", "--out", str(tmp_path)]) == 0
    assert len(list((tmp_path / "boards").glob("*.net"))) == 9
