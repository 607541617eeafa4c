"""A one-line progress bar on stderr for long file commands, shown only when stderr is a terminal.

It looks like ``tablier export``'s: ``importing [#########.....................] game 1234 (31%)``.
The share done is what the caller measures (games of a known count, or lines of a file read as a
stream); the bar is redrawn when the share moves by a percent or every hundred games.
"""

from __future__ import annotations

import sys

_WIDTH = 30


class Progress:
    """A bar for ``label`` (``importing``, ``replaying``) up to ``total`` units (lines, games)."""

    def __init__(self, label: str, total: int, unit: str = "game") -> None:
        self.label = label
        self.unit = unit
        self.total = max(total, 1)
        self.shown = sys.stderr.isatty() and total > 1
        self._drawn = ""
        self._percent = -1

    def update(self, done: int, game: int) -> None:
        """``done`` units of ``total`` are behind us, and game number ``game`` is being read (or
        whatever ``unit`` names: ``move`` for ``tablier analyse``)."""
        if not self.shown:
            return
        share = min(done, self.total) / self.total
        percent = int(share * 100)
        if percent == self._percent and game % 100:
            return
        filled = int(_WIDTH * share)
        bar = f"[{'#' * filled}{'.' * (_WIDTH - filled)}]"
        self._drawn = f"\r{self.label} {bar} {self.unit} {game} ({percent}%)"
        self._percent = percent
        print(self._drawn, end="", file=sys.stderr, flush=True)

    def clear(self) -> None:
        """Wipe the bar (before other output on stderr, and at the end)."""
        if self.shown and self._drawn:
            print("\r" + " " * 70 + "\r", end="", file=sys.stderr, flush=True)
            self._drawn = ""
            self._percent = -1
