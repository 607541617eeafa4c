"""The KiCad netlist generated from the layout with SKiDL, and its electrical rules check."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.hardware.layout import load_layout
from tablier.hardware.netlist import Netlist, build_netlist


@pytest.fixture(scope="module")
def netlist() -> Netlist:
    return build_netlist(load_layout())


def nodes_of(netlist: Netlist, net_name: str) -> set[tuple[str, str]]:
    """The (reference, pin) pairs on a net of the KiCad netlist."""
    match = re.search(rf'\(name "{re.escape(net_name)}"\)(.*?)\(net\b|\(name "{re.escape(net_name)}"\)(.*)',
                      netlist.text, re.S)
    assert match, f"no net {net_name}"
    body = match.group(1) or match.group(2)
    return set(re.findall(r'\(ref "([^"]+)"\)\s*\(pin "([^"]+)"\)', body))


def test_the_erc_finds_no_errors_or_warnings(netlist: Netlist) -> None:
    assert netlist.erc_errors == ()
    assert netlist.erc_warnings == ()


def test_every_switch_led_and_chip_is_a_part(netlist: Netlist) -> None:
    layout = load_layout()
    refs = set(re.findall(r'\(comp\s*\(ref "([^"]+)"\)', netlist.text))
    assert {f"SW{s.id + 1}" for s in layout.switches} <= refs
    assert {f"D{led.index + 1}" for led in layout.leds} <= refs
    assert {f"U{chip + 2}" for chip in range(layout.chips)} <= refs
    assert netlist.parts == len(refs)


def test_a_reed_goes_to_its_chips_input_with_a_pull_up(netlist: Netlist) -> None:
    # switch 37 = point 7 slot 2: chip 4 (U6), bit 5 = input C (pin 13), pull-up RN5 resistor 6 (pin 7)
    assert nodes_of(netlist, "SW37_POINT_7_SLOT_2") == {("U6", "13"), ("RN5", "7"), ("SW38", "1")}


def test_the_chain_feeds_the_pico_from_chip_0(netlist: Netlist) -> None:
    assert nodes_of(netlist, "SR_DATA") == {("U1", "21"), ("U2", "9")}  # GP16 <- QH of chip 0
    assert ("U3", "9") in nodes_of(netlist, "SR_SER0")  # chip 1's QH -> chip 0's SER
    assert ("U2", "10") in nodes_of(netlist, "SR_SER0")


def test_the_led_chain_is_driven_through_the_level_shifter(netlist: Netlist) -> None:
    assert nodes_of(netlist, "LED_GPIO") == {("U1", "29"), ("U28", "2")}  # GP22 -> 74AHCT1G125 A
    assert nodes_of(netlist, "LED_DIN1") == {("D1", "2"), ("D2", "4")}


def test_the_command_writes_the_netlist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hardware", "netlist", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "tablier.net").read_text().startswith("(export")
    assert "ERC: 0 errors, 0 warnings" in capsys.readouterr().out
