"""Checking the men against a game's start: what is missing, what is too many, which way round.

For the tables, both ways of setting up (home table on the right or on the left) are tried and the
one the men placed are closer to is taken: the game's notation then follows it. For draughts the
men stand on the squares of the start position.

The words say whose men go where, from each player's seat: player 1 sits at his button (button 1)
and plays Black in the tables; his home table is on his right (or left, set up the other way
round), player 2's across the board on his own left (or right) in Backgammon. The places are named
as the board is numbered (the layout's points, the squares).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tablier.tables.position import Position
from tablier.tables.variant import Variant

from .guidance import differences
from .observation import TABLES_PLACES, Counts, Place, could_show, visible
from .orientation import ORIENTATIONS, Orientation

COLOURS = ("Black", "White")


@dataclass(frozen=True)
class SetupCheck:
    """The board against the wanted men: places with men missing and with men too many; ``sides``:
    whose men (0 Black, 1 White) go on each wanted place; ``seats``: how the words introduce each
    side's men (the player, where he sits, where his home table is)."""

    missing: dict[Place, int]
    extra: dict[Place, int]
    orientation: Orientation | None = None
    sides: Mapping[Place, int] = field(default_factory=dict)
    seats: tuple[str, str] = COLOURS

    @property
    def done(self) -> bool:
        """Whether the board shows the wanted men."""
        return not self.missing and not self.extra

    def describe(self) -> str:
        """In words, for the terminal: each side's men to put (where his player sits), then the men
        to take off."""
        if self.done:
            return "the men are set up"
        parts = []
        for side in (0, 1, None):
            places = {place: n for place, n in sorted(self.missing.items()) if self.sides.get(place) == side}
            if places:
                puts = _puts(places)
                parts.append(puts if side is None else f"{self.seats[side]}: {puts}")
        extra = [f"{n} off {kind} {index}" for (kind, index), n in sorted(self.extra.items())]
        if extra:
            parts.append("take " + ", ".join(extra))
        return "; ".join(parts)


def _puts(places: dict[Place, int]) -> str:
    """``put 2 on point 24, 5 on point 13``; single men on squares as runs: ``put a man on each of
    squares 1-12``."""
    squares = [index for (kind, index), n in places.items() if kind == "square" and n == 1]
    words = [f"{n} on {kind} {index}" for (kind, index), n in places.items() if kind != "square" or n != 1]
    if squares:
        runs = _runs(squares)
        words.append("a man on square " + runs if len(squares) == 1 else "a man on each of squares " + runs)
    return "put " + ", ".join(words)


def _runs(numbers: list[int]) -> str:
    """``1-12, 14, 20-21``."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


def tables_seats(orientation: Orientation) -> tuple[str, str]:
    """How the words name each side's men: the player, his seat, his colour, his home table."""
    seats = []
    for side, where in ((0, "at button 1"), (1, "across, at button 2")):
        home = orientation.board_point(side, 1)  # his 1-point, on the board's numbering
        on_ones_right = home <= 6 or home >= 19  # player 1 has points 1 and 24 at his right hand
        hand = "right" if on_ones_right == (side == 0) else "left"  # player 2 faces him
        seats.append(f"player {side + 1} ({where}) plays {COLOURS[side]}, his home table on his {hand}")
    return seats[0], seats[1]


def draughts_seats(black_player: int, squares: int = 32) -> tuple[str, str]:
    """How the words name each side's men in draughts: who has Black this game, and where each
    player sits (Black at the edge of squares 1-4, White at the other)."""
    row = round((2 * squares) ** 0.5) // 2  # the playing squares of a row: half the board's width
    return (f"player {black_player} plays Black, at the edge of squares 1-{row}",
            f"player {3 - black_player} plays White, at the edge of squares {squares - row + 1}-{squares}")


def check_tables(seen: Counts, variant: Variant, position: Position, ladder: int,
                 way: str | None = None) -> SetupCheck:
    """Compare ``seen`` with ``position``, set up the way given or (``way`` None) either way."""
    best: SetupCheck | None = None
    for candidate in ([way] if way else ORIENTATIONS):
        orientation = Orientation(variant, candidate)
        check = _compare(seen, orientation.counts(position), ladder, orientation, position)
        if best is None or _size(check) < _size(best):
            best = check
    assert best is not None
    return best


def _compare(seen: Counts, wanted: Counts, ladder: int, orientation: Orientation,
             position: Position) -> SetupCheck:
    shown = visible(wanted, ladder)
    seen_map = {TABLES_PLACES[n]: s for n, s in enumerate(seen) if s}
    wanted_map = {TABLES_PLACES[n]: s for n, s in enumerate(shown)
                  if s and not could_show(seen[n], wanted[n], ladder)}
    seen_map = {p: s for p, s in seen_map.items()
                if not could_show(s, wanted[TABLES_PLACES.index(p)], ladder)}
    extra, missing = differences(seen_map, wanted_map)
    sides = {orientation.place_of(side, point): side
             for side in (0, 1) for point in range(26) if position.boards[side][point]}
    return SetupCheck(missing, extra, orientation, sides, tables_seats(orientation))


def _size(check: SetupCheck) -> int:
    return sum(check.missing.values()) + sum(check.extra.values())


def check_squares(occupied: frozenset[int], wanted: frozenset[int], black: frozenset[int] = frozenset(),
                  black_player: int = 1) -> SetupCheck:
    """Compare the occupied dark squares with the wanted ones (``black``: those of Black's men,
    the others White's; ``black_player``: who has Black this game)."""
    return SetupCheck({("square", s): 1 for s in sorted(wanted - occupied)},
                      {("square", s): 1 for s in sorted(occupied - wanted)}, None,
                      {("square", s): 0 if s in black else 1 for s in wanted} if black else {},
                      draughts_seats(black_player))
