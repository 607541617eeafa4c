"""Run scripts in MicroPython's unix port against the firmware, with the simulation backend."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.link.image import FIRMWARE_DIR, SIM_DIR, stage, tool

RunMicroPython = Callable[[str], list[object]]


@pytest.fixture(scope="module")
def image_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A staged image: the generated board_config.py and the shared wire.py."""
    return stage(tmp_path_factory.mktemp("image"))


@pytest.fixture(scope="module")
def run_micropython(image_dir: Path) -> RunMicroPython:
    """Run a script under ``micropython -X heapsize=192K``; return the JSON lines it printed."""

    def run(script: str) -> list[object]:
        path = image_dir / "test_script.py"
        path.write_text(script)
        env = dict(os.environ, MICROPYPATH=os.pathsep.join(map(str, (image_dir, SIM_DIR, FIRMWARE_DIR))))
        result = subprocess.run([tool("micropython"), "-X", "heapsize=192K", str(path)],
                                capture_output=True, text=True, env=env, timeout=120,
                                stdin=subprocess.DEVNULL, check=False)
        assert result.returncode == 0, result.stderr + result.stdout
        return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]

    return run
