"""Closing a table (seed 004, section 8): positions that tell the three conventions apart.

In White's frame Black travels 12, 11, ..., 1, then 24, 23, ..., 13 (his own 24 down to 1). White's
points 6..11 are Black's 18..23; White's starting table 19..24 is Black's 7..12.
"""

from __future__ import annotations

import pytest

from tablier.tables.faults import explain_illegal
from tablier.tables.jacquet import STARTING_TABLE_RULE, Jacquet, barrier_rule
from tablier.tables.moves import Dice, Move
from tablier.tables.position import Position
from tablier.tables.position_text import parse_position


def pos(text: str) -> Position:
    position = parse_position(text, "parallel")
    Jacquet().validate(position)
    return position


def can_play(variant: Jacquet, position: Position, dice: Dice, move: Move) -> bool:
    return any(move in play for play in variant.plays(position, dice))


# White holds 6..10; a three from 14 to 11 completes six in a row in front of Black's stack.
WALL_NO_RETURN_MEN = pos("W 14 10x2 9x2 8x2 7x2 6x2 4x4 / B 24x15 / W")
WALL_TWO_RETURN_MEN = pos("W 14 10x2 9x2 8x2 7x2 6x2 4x2 2 1 / B 24x15 / W")
WALL_ONE_RETURN_MAN = pos("W 14 10x2 9x2 8x2 7x2 6x2 4x3 1 / B 24x15 / W")
# Black has gone past White's 6..11: nobody stands behind the wall.
WALL_NOBODY_BEHIND = pos("W 14 10x2 9x2 8x2 7x2 6x2 4x4 / B 1x15 / W")
# White's starting table 19..24 with 24/19 filling it, return men on 1 and 2, Black still to pass.
STARTING_TABLE_FULL = pos("W 24x3 23x2 22x2 21x2 20x2 3x2 2 1 / B 24x15 / W")

THREE_ONE = Dice(3, 1)
FIVE_ONE = Dice(5, 1)
CLOSE = Move(14, 11)
FILL_START = Move(24, 19)


@pytest.mark.parametrize(("closing", "return_men", "position", "dice", "move", "allowed"), [
    # the consolidated convention (default): no wall before return men on the home 1- and 2-points
    ("return-men", 2, WALL_NO_RETURN_MEN, THREE_ONE, CLOSE, False),
    ("return-men", 2, WALL_ONE_RETURN_MAN, THREE_ONE, CLOSE, False),
    ("return-men", 2, WALL_TWO_RETURN_MEN, THREE_ONE, CLOSE, True),
    ("return-men", 2, WALL_NOBODY_BEHIND, THREE_ONE, CLOSE, True),
    ("return-men", 2, STARTING_TABLE_FULL, FIVE_ONE, FILL_START, True),
    ("return-men", 1, WALL_ONE_RETURN_MAN, THREE_ONE, CLOSE, True),
    # unrestricted: any wall
    ("unrestricted", 2, WALL_NO_RETURN_MEN, THREE_ONE, CLOSE, True),
    ("unrestricted", 2, STARTING_TABLE_FULL, FIVE_ONE, FILL_START, True),
    # variable: the starting table always keeps a free point; elsewhere one or two return men
    ("variable", 2, STARTING_TABLE_FULL, FIVE_ONE, FILL_START, False),
    ("variable", 2, WALL_TWO_RETURN_MEN, THREE_ONE, CLOSE, True),
    ("variable", 2, WALL_ONE_RETURN_MAN, THREE_ONE, CLOSE, False),
    ("variable", 1, WALL_ONE_RETURN_MAN, THREE_ONE, CLOSE, True),
    ("variable", 1, WALL_NO_RETURN_MEN, THREE_ONE, CLOSE, False),
])
def test_conventions(closing: str, return_men: int, position: Position, dice: Dice, move: Move,
                     allowed: bool) -> None:
    variant = Jacquet(closing=closing, return_men=return_men)
    assert can_play(variant, position, dice, move) is allowed


def test_default_is_the_consolidated_convention() -> None:
    assert Jacquet().options["closing"] == "return-men" and Jacquet().options["return_men"] == 2


def test_illegal_wall_names_the_rule() -> None:
    fault = explain_illegal(Jacquet(), WALL_NO_RETURN_MEN, THREE_ONE, (CLOSE, Move(4, 3)))
    assert fault == barrier_rule(2)
    assert "two return men" in fault
    variable = Jacquet(closing="variable")
    fault = explain_illegal(variable, STARTING_TABLE_FULL, FIVE_ONE, (FILL_START, Move(2, 1)))
    assert fault == STARTING_TABLE_RULE


def test_a_wall_that_stands_does_not_freeze_the_player() -> None:
    # a wall made earlier (the return men since borne off... here simply given) may be kept
    standing = pos("W 11 10x2 9x2 8x2 7x2 6x2 4x4 / B 24x15 / W")
    plays = Jacquet().plays(standing, THREE_ONE)
    assert plays != [()]
    assert any(Move(4, 1) in play for play in plays)


def test_wall_straddling_two_tables_counts() -> None:
    # White's 4..9 (Black's 16..21) fill no table of either side, yet stop Black's stack: forbidden
    straddle = pos("W 11 8x2 7x2 6x2 5x2 4x2 1x4 / B 24x15 / W")
    assert not can_play(Jacquet(), straddle, Dice(2, 1), Move(11, 9))
    assert can_play(Jacquet(closing="unrestricted"), straddle, Dice(2, 1), Move(11, 9))


def test_six_in_a_row_for_the_mover_but_not_for_the_adversary_is_no_wall() -> None:
    # White's 10..15 are Black's 22, 23, 24 and 1, 2, 3: not in a row on Black's route
    position = pos("W 17 15x2 14x2 13x2 11x2 10x2 3x4 / B 20x14 4 / W")
    assert can_play(Jacquet(), position, Dice(5, 1), Move(17, 12))
