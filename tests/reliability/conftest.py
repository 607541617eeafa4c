"""The reliability tests use the relay harness, ``tests/harness`` (imported as ``harness``)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1]))
