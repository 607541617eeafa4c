"""The chain checks itself: spare inputs on a fixed pattern and a byte read past the chain's end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

RunMicroPython = Callable[[str], list[Any]]

SCRIPT = """
import json, micropython, time
import machine
from hal.sim import Board
from app import Firmware

firmware = Firmware(Board([]))
scanner = firmware.scanner
chain = machine.CHAIN
chain.set(chain.closed, 7, True)  # a man on the board: faults must be told apart from men
chain.set(chain.closed, 201, True)

def counts():
    return {"faults": scanner.chain_faults, "stuck_high": scanner.stuck_high,
            "stuck_low": scanner.stuck_low, "bit_slips": scanner.bit_slips,
            "short_chain": scanner.short_chain}

def run(fault, chip=-1):
    chain.heal()
    if fault == "cut":
        chain.cut = True
    elif fault == "high":
        chain.high = True
    elif fault == "slip":
        chain.slip = True
    elif fault == "short":
        chain.short = chip
    before = counts()
    micropython.heap_lock()
    try:
        for _ in range(10):
            scanner.scan(time.ticks_ms())
    finally:
        micropython.heap_unlock()
    after = counts()
    return {key: after[key] - before[key] for key in after}

results = {"sound": run(None), "cut": run("cut"), "high": run("high"), "slip": run("slip"),
           "short first": run("short", 0), "short middle": run("short", 13),
           "short last": run("short", 25), "healed": run(None)}
print(json.dumps({"read_bytes": len(scanner.raw), "results": results}))
"""


@pytest.fixture(scope="module")
def faults(run_micropython: RunMicroPython) -> dict[str, Any]:
    (result,) = run_micropython(SCRIPT)
    assert isinstance(result, dict)
    return result


def test_the_firmware_reads_one_byte_past_the_chain(faults: dict[str, Any]) -> None:
    assert faults["read_bytes"] == 27  # 26 chips and one more


def test_a_sound_chain_with_men_on_it_reports_no_fault(faults: dict[str, Any]) -> None:
    assert faults["results"]["sound"]["faults"] == 0
    assert faults["results"]["healed"]["faults"] == 0


@pytest.mark.parametrize(("fault", "kind"), [
    ("cut", "stuck_low"), ("high", "stuck_high"), ("slip", "bit_slips"),
    ("short first", "short_chain"), ("short middle", "short_chain"), ("short last", "short_chain"),
])
def test_each_fault_is_counted_on_every_scan_as_its_kind(faults: dict[str, Any], fault: str,
                                                          kind: str) -> None:
    counted = faults["results"][fault]
    assert counted["faults"] == 10
    assert counted[kind] == 10
    assert sum(counted.values()) == 20  # the total and its one kind, no other kind
