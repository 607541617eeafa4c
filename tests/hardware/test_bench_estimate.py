"""The RP2040 scan figure of the firmware bench is labelled an estimate and shows its arithmetic."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location("bench_firmware", ROOT / "bench" / "bench_firmware.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_estimate_is_computed_from_clock_rates_and_says_so() -> None:
    estimate = _bench().rp2040_estimate(27, 1_000_000, 12_000_000, 75_000)
    assert "not measured" in estimate["kind"]
    assert estimate["spi_transfer_ms"] == 0.246  # 216 bits at 1 MHz + 30 us assumed
    assert estimate["interpreter_ms"] == 0.4  # (1 / 75 000) s x 12 000 000 / 400 000
    assert estimate["estimated_scans_per_s"] == round(1 / 0.000646)
    assert any("216 bits / 1000000 Hz" in step for step in estimate["arithmetic"])


def test_the_committed_bench_result_labels_the_rp2040_figure_an_estimate() -> None:
    figures = json.loads((ROOT / "bench" / "results" / "firmware.json").read_text())["figures"]
    estimate = figures["rp2040_estimate"]
    assert "estimate" in estimate["kind"] and "scans_per_s" not in estimate
    assert len(estimate["arithmetic"]) == 3
