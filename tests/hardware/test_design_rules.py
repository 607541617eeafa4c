"""The electrical rules `tablier hardware check` holds the boards' netlists to (issue 35, items E and G):
each fault the review found is put back into the netlists the check reads, and the check refuses it with
the words a maker reads."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from tablier.cli import main
from tablier.fabrication import assembly, design_rules, wiring
from tablier.fabrication.design_rules import ios_ma, rail_worst_ma
from tablier.fabrication.kicad_pcb import KICAD_FOOTPRINTS, read_netlist
from tablier.hardware.layout import load_layout

pytestmark = pytest.mark.skipif(not (KICAD_FOOTPRINTS / "Connector_JST.pretty").is_dir(),
                                reason="KiCad's footprint library is not installed (make system-deps)")

Parts = dict[str, tuple[str, str, dict[str, str]]]


def _refused(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
             change: Callable[[Parts], Parts] | None = None) -> str:
    """What `tablier hardware check` says of the layout once ``change`` has altered every board's netlist
    as the check reads it; it must refuse the layout."""
    monkeypatch.setattr(design_rules, "_CHECKED", {})
    if change is not None:
        monkeypatch.setattr(design_rules, "read_netlist", lambda text: change(read_netlist(text)))
    assert main(["hardware", "check"]) == 1
    return capsys.readouterr().err


def test_the_boards_as_drawn_pass_every_electrical_rule() -> None:
    assert design_rules.design_problems(load_layout()) == []


def test_a_usb_socket_without_its_esd_chip_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """The review found the USBLC6-2SC6 in the BOM but on no board: the touchable socket unclamped."""
    said = _refused(monkeypatch, capsys, lambda parts: {ref: part for ref, part in parts.items()
                                                        if part[1] != "USBLC6-2SC6"})
    assert ("usb-board: the USB-C socket J1 a player touches has no USBLC6-2SC6 beside it across its D+, D- "
            "and VBUS (ESD from a hand reaches the Pico unclamped)") in said


def _enable_on_vbus(parts: Parts) -> Parts:
    """The old LED rail: the TPS2553's EN tied to VBUS, no pull-down."""
    changed = {}
    for ref, (footprint, value, pads) in parts.items():
        if value == "TPS2553":
            pads = {**pads, "3": "+5V"}
        elif set(pads.values()) == {"LED_EN", "GND"}:
            continue
        changed[ref] = (footprint, value, pads)
    return changed


def test_an_led_rail_switched_on_at_plug_in_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """The review found about 478 uF charged at plug-in against USB's 10 uF: the switch's EN was on VBUS."""
    said = _refused(monkeypatch, capsys, _enable_on_vbus)
    assert ("main board: the LED rail's 478 µF would be charged at plug-in (U2 TPS2553: its EN is on +5V; "
            "USB allows the equivalent of 10 µF): drive EN from a GPIO (pins.led_enable) with a pull-down, "
            "raised by the firmware once a host has spoken") in said


def test_an_enable_without_its_pull_down_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    said = _refused(monkeypatch, capsys, lambda parts: {
        ref: part for ref, part in parts.items() if set(part[2].values()) != {"LED_EN", "GND"}})
    assert "its EN has no pull-down to hold it off from plug-in" in said


def test_the_old_current_limit_is_refused(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """The review found 437 mA at the limit's tolerance minimum (53.6 k) against a 446 mA worst case."""
    def old_limit(parts: Parts) -> Parts:
        return {ref: (fp, "53k6" if value == "49k9" else value, pads)
                for ref, (fp, value, pads) in parts.items()}

    said = _refused(monkeypatch, capsys, old_limit)
    assert ("main board: the LED rail's current limit is 437 mA at its tolerance minimum (R4 53k6 + 1 %, the "
            "TPS2553's least), under the 446 mA the LEDs may draw") in said
    assert "make R_ILIM at most 52.6 kΩ" in said


def test_the_current_limit_stays_above_the_worst_case_at_its_tolerance_minimum() -> None:
    layout = load_layout()
    assert round(rail_worst_ma(layout)) == 446
    assert ios_ma(52.3 * 1.01, design_rules.IOS_MIN) == pytest.approx(448.3, abs=0.3)  # TI's table 1
    lowest = ios_ma(49.9 * 1.01, design_rules.IOS_MIN)
    assert lowest == pytest.approx(470, abs=1) and lowest > rail_worst_ma(layout)


def test_chain_inputs_without_pull_ups_are_refused(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The review found an unplugged carrier's inputs floating: calibration called them chattering."""
    said = _refused(monkeypatch, capsys, lambda parts: {
        ref: part for ref, part in parts.items() if part[1] != "100k" or "+3V3" not in part[2].values()})
    assert ("chain-board-1: IN0 (U2 pin 6, from J3 pin 6) has no pull-up: unplugged, its carrier's input "
            "would float (calibration: chattering)") in said
    assert said.count("has no pull-up") == 200  # every carrier input, chain board 4's 48 among them


def test_a_usb_cable_not_twisted_is_refused(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(wiring, "USB_LAY", "")
    said = _refused(monkeypatch, capsys)
    assert "the USB cable's harness does not lay D+ and D- as a twisted pair (wiring.USB_LAY)" in said


def test_a_part_the_house_fits_without_an_lcsc_number_or_an_alternate_is_refused(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The review found no LCSC part numbers: every part the house fits has one (or is consigned) and an
    alternate."""
    stocks = assembly.catalogue()
    key = ("Package_TO_SOT_SMD:SOT-23-6", "TPS2553")
    broken = {**stocks,
              key: dataclasses.replace(stocks[key], lcsc="", lcsc_class="extended", alternate_mpn="")}
    monkeypatch.setattr(assembly, "catalogue", lambda: broken)
    said = _refused(monkeypatch, capsys)
    assert ("main-board: U2 (TPS2553DBVR) has neither an LCSC part number nor 'consign' in "
            "hardware/kicad/parts.csv") in said
    assert "main-board: U2 (TPS2553DBVR) has no alternate in hardware/kicad/parts.csv" in said
