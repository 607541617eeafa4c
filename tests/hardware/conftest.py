"""Shared helpers for the hardware tests: the real layout file and broken copies of it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.hardware.layout import DEFAULT_LAYOUT_PATH


@pytest.fixture
def board_text() -> str:
    """The text of the committed hardware/board.toml."""
    return DEFAULT_LAYOUT_PATH.read_text(encoding="utf-8")


@pytest.fixture
def write_layout(tmp_path: Path) -> Callable[[str], Path]:
    """Write a layout text to a temporary file and return its path."""

    def write(text: str) -> Path:
        path = tmp_path / "board.toml"
        path.write_text(text, encoding="utf-8")
        return path

    return write
