"""Checking the men against a game's start: what is missing, what is too many, which way round.

For the tables, both ways of setting up (home table on the right or on the left) are tried and the
one the men placed are closer to is taken: the game's notation then follows it. For draughts the
men stand on the squares of the start position.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablier.tables.position import Position
from tablier.tables.variant import Variant

from .guidance import differences
from .observation import TABLES_PLACES, Counts, Place, could_show, visible
from .orientation import ORIENTATIONS, Orientation


@dataclass(frozen=True)
class SetupCheck:
    """The board against the wanted men: places with men missing and with men too many."""

    missing: dict[Place, int]
    extra: dict[Place, int]
    orientation: Orientation | None = None

    @property
    def done(self) -> bool:
        """Whether the board shows the wanted men."""
        return not self.missing and not self.extra

    def describe(self) -> str:
        """In words, for the terminal."""
        if self.done:
            return "the men are set up"
        parts = [f"put {n} on {kind} {index}" for (kind, index), n in sorted(self.missing.items())]
        parts += [f"take {n} off {kind} {index}" for (kind, index), n in sorted(self.extra.items())]
        return "; ".join(parts)


def check_tables(seen: Counts, variant: Variant, position: Position, ladder: int,
                 way: str | None = None) -> SetupCheck:
    """Compare ``seen`` with ``position``, set up the way given or (``way`` None) either way."""
    best: SetupCheck | None = None
    for candidate in ([way] if way else ORIENTATIONS):
        orientation = Orientation(variant, candidate)
        check = _compare(seen, orientation.counts(position), ladder, orientation)
        if best is None or _size(check) < _size(best):
            best = check
    assert best is not None
    return best


def _compare(seen: Counts, wanted: Counts, ladder: int, orientation: Orientation) -> SetupCheck:
    shown = visible(wanted, ladder)
    seen_map = {TABLES_PLACES[n]: s for n, s in enumerate(seen) if s}
    wanted_map = {TABLES_PLACES[n]: s for n, s in enumerate(shown)
                  if s and not could_show(seen[n], wanted[n], ladder)}
    seen_map = {p: s for p, s in seen_map.items()
                if not could_show(s, wanted[TABLES_PLACES.index(p)], ladder)}
    extra, missing = differences(seen_map, wanted_map)
    return SetupCheck(missing, extra, orientation)


def _size(check: SetupCheck) -> int:
    return sum(check.missing.values()) + sum(check.extra.values())


def check_squares(occupied: frozenset[int], wanted: frozenset[int]) -> SetupCheck:
    """Compare the occupied dark squares with the wanted ones."""
    return SetupCheck({("square", s): 1 for s in sorted(wanted - occupied)},
                      {("square", s): 1 for s in sorted(occupied - wanted)})
