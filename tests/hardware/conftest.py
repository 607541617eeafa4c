"""Shared helpers for the hardware tests: the real layout file and broken copies of it."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.fabrication.wiring import WIRING_FILE
from tablier.hardware.layout import DEFAULT_LAYOUT_PATH


@pytest.fixture
def board_text() -> str:
    """The text of the committed hardware/board.toml."""
    return DEFAULT_LAYOUT_PATH.read_text(encoding="utf-8")


@pytest.fixture
def write_layout(tmp_path: Path) -> Callable[[str], Path]:
    """Write a layout text to a temporary file, beside a copy of the committed wiring plan (which the
    check reads beside the layout), and return its path."""

    def write(text: str) -> Path:
        path = tmp_path / "board.toml"
        path.write_text(text, encoding="utf-8")
        shutil.copyfile(DEFAULT_LAYOUT_PATH.parent / WIRING_FILE, tmp_path / WIRING_FILE)
        return path

    return write


Refusals = Callable[[str, str], list[str]]


@pytest.fixture
def refusals(board_text: str, write_layout: Callable[[str], Path]) -> Refusals:
    """What `tablier hardware check` says of the committed layout with one piece of its text replaced (the
    fault re-injected): its problems but for the wiring plan's and the stock's extremes (their own tests)."""
    from tablier.fabrication.check import find_problems
    from tablier.hardware.layout import read_layout

    def check(old: str, new: str) -> list[str]:
        assert old in board_text, old
        return find_problems(read_layout(write_layout(board_text.replace(old, new))), wiring=False,
                             stock=False)

    return check
