"""The whole suite's ground rules: no test writes into the user's own data directory, and the shared
material (``$TABLIER_SHARED``, default ``../shared`` beside the repository) is found from here; the
test harness (``tests/harness``: the link's relay, the fault plans, a real Mosquitto broker) is
imported as ``harness``."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parent))


def pytest_configure(config: pytest.Config) -> None:
    """Point the data directory (event logs, archive) at a fresh temporary folder for this run."""
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="tablier-test-data-")
    os.environ.pop("TABLIER_ARCHIVE", None)


def shared_default() -> str:
    """The user's shared material (seeds, corpora) lies beside the repository, as in CI."""
    return str(Path(__file__).resolve().parents[1].parent / "shared")


os.environ.setdefault("TABLIER_SHARED", shared_default())
