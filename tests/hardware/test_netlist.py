"""The KiCad netlist generated from the layout with SKiDL, and its electrical rules check."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.fabrication.netlist import Netlist, build_netlist
from tablier.hardware.layout import load_layout

FOOTPRINTS = Path(__file__).resolve().parents[2] / "hardware" / "kicad" / "footprints.csv"


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


def test_a_hall_switch_drives_its_chips_input(netlist: Netlist) -> None:
    # switch 37 = point 7 slot 2: chip 4 (U6), bit 5 = input C (pin 13), the DRV5032AJ's open-drain OUT
    # (pin 2), its 10 k pull-up on the carrier and the input's pull-up on the chain board, so that an
    # unplugged carrier reads open, not floating
    assert nodes_of(netlist, "SW37_POINT_7_SLOT_2") == {("U6", "13"), ("SW38", "2"), ("R_SW38", "2"),
                                                        ("R_PU37", "1")}
    assert {("SW38", "1"), ("C_SW38", "1"), ("R_SW38", "1")} <= nodes_of(netlist, "+3V3")


def test_a_button_has_its_pull_up(netlist: Netlist) -> None:
    assert nodes_of(netlist, "SW200_BUTTON_1") == {("U27", "6"), ("SW201", "1"), ("R_SW201", "2")}


def test_the_spare_inputs_carry_the_fixed_pattern_and_ser_is_grounded(netlist: Netlist) -> None:
    # chip 25 (U27): ids 203-207 on inputs E, D, C, B, A (pins 3, 14, 13, 12, 11) read 1 0 1 1 0
    high, low = nodes_of(netlist, "+3V3"), nodes_of(netlist, "GND")
    assert {("U27", "3"), ("U27", "13"), ("U27", "12")} <= high
    assert {("U27", "14"), ("U27", "11"), ("U27", "10")} <= low  # and SER (pin 10)


def test_vsys_is_not_tied_to_vbus_and_the_leds_have_their_own_rail(netlist: Netlist) -> None:
    assert ("U1", "39") not in nodes_of(netlist, "+5V")
    assert ("U29", "6") in nodes_of(netlist, "+5V_LED") and ("D1", "1") in nodes_of(netlist, "+5V_LED")
    assert {("U28", "5"), ("C_U28", "1")} <= nodes_of(netlist, "+5V_LED")  # the shifter's decoupling


def test_the_pico_drives_clock_and_load_through_source_resistors(netlist: Netlist) -> None:
    assert nodes_of(netlist, "GP18_OUT") == {("U1", "24"), ("R3", "1")}
    assert ("R3", "2") in nodes_of(netlist, "SR_CLK")


def test_every_footprint_is_one_of_kicads_listed(netlist: Netlist) -> None:
    listed = {row["footprint"] for row in csv.DictReader(FOOTPRINTS.read_text(encoding="utf-8").splitlines())}
    used = set(re.findall(r'\(footprint "([^"]+)"\)', netlist.text))
    assert used and used <= listed, used - listed


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
