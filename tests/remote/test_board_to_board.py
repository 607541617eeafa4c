"""Whole games board to board: two hosts, two simulated boards, one real broker."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent))

from twoboards import play_two


def test_backgammon(mosquitto, tmp_path: Path) -> None:
    ann, bob = play_two(mosquitto, "backgammon", tmp_path, seed=3)
    assert ann.session.over and bob.session.over
    assert ann.shared() == bob.shared()
