"""What ``tablier archive import`` stored of one file, as its line says it."""

from __future__ import annotations

from dataclasses import dataclass, field

from tablier.words import counted


@dataclass
class Imported:
    """What an import stored of one file: the records added and already archived (their ids), its
    games stored, and the games it left out (each said on its own line)."""

    name: str
    new: int = 0
    already: int = 0
    games: int = 0
    left_out: int = 0
    ids: list[int] = field(default_factory=list)

    def line(self) -> str:
        """``FILE: 3 records added (9 games), 1 already archived; ids 4, 5, 6, 2`` (ten ids at most)."""
        repeated = f", {self.already} already archived" if self.already else ""
        shown = f"; ids {', '.join(map(str, self.ids))}" if self.ids and len(self.ids) <= 10 else ""
        added = f"{counted(self.new, 'record')} added ({counted(self.games, 'game')})"
        return f"{self.name}: {added}{repeated}{shown}"
