"""The whole suite's ground rules: no test writes into the user's own data directory."""

from __future__ import annotations

import os
import tempfile

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Point the data directory (event logs, archive) at a fresh temporary folder for this run."""
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="tablier-test-data-")
    os.environ.pop("TABLIER_ARCHIVE", None)
