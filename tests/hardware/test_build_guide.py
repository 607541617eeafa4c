"""The build guide against what it describes: its costs are the BOM's, its tools list is the layout's,
and its troubleshooting covers every fault calibration names and every chain counter STATUS reports."""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal
from pathlib import Path

import pytest

from tablier.fabrication.bom import bom_total, for_sensor, read_bom
from tablier.link.wire import STATUS_EXTRA_COUNTERS

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "hardware" / "build-guide.md"
TOOLS = ROOT / "hardware" / "templates" / "tools.csv"  # kept up to date by the templates' tests


def section(title: str) -> str:
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index(title)
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


@pytest.mark.parametrize(("sensor", "column"), [("hall", 1), ("reed", 2)])
def test_the_guides_costs_add_up_to_the_boms_totals(sensor: str, column: int) -> None:
    """The total is the BOM's, and the guide's breakdown of it adds up to it."""
    total = bom_total(for_sensor(read_bom(), sensor))
    costs = section("**What it costs.**")
    assert f"**{total:.2f} USD**" in costs
    rows = [line.split("|")[1:-1] for line in costs.splitlines()
            if re.match(r"\| [A-Z].* \| [\d.]+ \|", line)]
    assert len(rows) >= 6
    assert sum(Decimal(row[column].strip()) for row in rows) == total


def test_the_guide_lists_every_tool_the_layout_needs() -> None:
    tools = section("## Tools")
    rows = list(csv.DictReader(io.StringIO(TOOLS.read_text(encoding="utf-8"))))
    assert rows
    for row in rows:
        if row["size_mm"]:
            assert re.search(rf"\b{re.escape(row['size_mm'])} mm\b", tools), row


def test_the_troubleshooting_covers_every_fault_calibration_names_and_every_chain_counter() -> None:
    table = section("## Troubleshooting")
    for fault in ("dead", "stuck", "chattering", "shared", "rewired"):
        assert f"**{fault}**" in table, fault
    for counter in STATUS_EXTRA_COUNTERS:
        if counter != "tx_deferred":  # the host not reading: not the board's fault
            assert f"`{counter}`" in table, counter
    for counter in ("led_scale", "scans_per_second", "watchdog"):
        assert counter in table, counter


def test_the_guide_says_what_is_measured_and_what_remains_a_judgement() -> None:
    """The figures the check cannot prove: those the maker measures, named with the command that takes
    them, and the judgements, the stock's ranges as the layout states them."""
    from tablier.hardware.layout import load_layout

    judged = section("## What is measured, what is checked, and what remains a judgement")
    for command in ("tablier hardware check --skin MM --core MM", "tablier hardware coupon"):
        assert command in judged, command
    m = load_layout().mechanics
    (skin_low, skin_high), (core_low, core_high) = m.skin_range, m.core_range
    assert f"{skin_low:g}-{skin_high:g} mm of skin and {core_low:g}-{core_high:g} mm of core" in judged
    for judgement in ("The spread of the parts", "Temperature", "The wires' outer diameters", "The costs"):
        assert f"**{judgement}" in judged, judgement
