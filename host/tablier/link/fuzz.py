"""Fuzzing the firmware: ``firmware/hal/sim/fuzz.py`` under MicroPython's unix port, figures back.

The fuzz runs inside MicroPython, over the real firmware loop and the simulated board (see that
script's docstring); this module stages the image, runs it and returns its figures. The tests run a
sample (``tests/firmware/test_fuzz.py``), ``make test-full`` and ``make bench`` the long run.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

from tablier.link.errors import LinkError
from tablier.link.image import FIRMWARE_DIR, SIM_DIR, stage, tool
from tablier.link.sim import HEAP_SIZE

FUZZ_SCRIPT = SIM_DIR / "fuzz.py"


def run_firmware_fuzz(frames: int, seed: int = 1, timeout: float = 1800.0) -> dict[str, object]:
    """Feed ``frames`` fuzzed frames to the firmware under MicroPython; return its figures
    (frames and bytes in and out, what was dropped, errors, heap before, after and at peak)."""
    with tempfile.TemporaryDirectory(prefix="tablier-fuzz-") as folder:
        image = stage(Path(folder))
        env = dict(os.environ, MICROPYPATH=os.pathsep.join(map(str, (image, SIM_DIR, FIRMWARE_DIR))))
        result = subprocess.run(
            [tool("micropython"), "-X", f"heapsize={HEAP_SIZE}", str(FUZZ_SCRIPT), str(frames), str(seed)],
            capture_output=True, text=True, env=env, timeout=timeout, stdin=subprocess.DEVNULL,
            check=False)
    lines = result.stdout.strip().splitlines()
    if result.returncode or not lines:
        raise LinkError(f"the firmware fuzz failed: {(result.stderr or result.stdout).strip()}")
    return {name: value for name, value in json.loads(lines[-1])}
