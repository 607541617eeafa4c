"""Firmware fuzz figures: 100,000 fuzzed frames fed to the firmware under MicroPython's unix port.

What went in and came out (frames, bytes, what was dropped and why), errors, and the heap before,
after and at most (after a collection each time). ``tests/firmware/test_fuzz.py`` asserts on the
same run; see ``firmware/hal/sim/fuzz.py`` for what the frames are.
"""

from __future__ import annotations

import json
import time

from tablier.link.fuzz import run_firmware_fuzz

FRAMES = 100_000
SEED = 1


def main() -> dict[str, object]:
    """Run the fuzz and return its figures."""
    start = time.perf_counter()
    figures = run_firmware_fuzz(FRAMES, SEED)
    figures["seed"] = SEED
    figures["seconds"] = round(time.perf_counter() - start, 1)
    return figures


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
