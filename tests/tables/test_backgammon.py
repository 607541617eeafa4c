"""Backgammon as the seed (003, "BACKGAMMON. OR TRIC-TRAC.") and the standard rules describe it."""

from __future__ import annotations

import pytest

from tablier.errors import InvalidPositionError
from tablier.tables import BLACK, WHITE, Backgammon, Dice, Position, side_board
from tablier.tables.notation import format_play

BG = Backgammon()


def notations(position: Position, dice: str, variant: Backgammon = BG) -> set[str]:
    return {format_play(play) for play in variant.plays(position, Dice.parse(dice))}


def moves_of(position: Position, dice: str) -> list[set[tuple[int, int]]]:
    return [{(move.src, move.dst) for move in play} for play in BG.plays(position, Dice.parse(dice))]


def test_the_set_up_has_fifteen_men_a_side_facing_each_other() -> None:
    start = BG.start_position()
    black, white = start.boards
    assert {p: black[p] for p in range(1, 25) if black[p]} == {24: 2, 13: 5, 8: 3, 6: 5}
    # "the black men on any point have exactly the same number of white men standing opposite them"
    assert black == white
    assert start.pip_count(BLACK) == start.pip_count(WHITE) == 167


def test_five_deuce_opening_cannot_move_a_back_man_five_nor_two_then_five() -> None:
    """Seed: Black's first throw five-deuce cannot move a man from the adversary's ace point for the
    five (the fifth point is covered), nor two and then five (the seventh point is covered too)."""
    start = BG.start_position()
    plays = moves_of(start, "5-2")
    assert plays, "5-2 can be played"
    assert all((24, 19) not in play and (22, 17) not in play for play in plays)
    assert "24/17" not in notations(start, "5-2")
    assert "24/22 13/8" in notations(start, "5-2")  # the deuce alone may move the back man


def test_a_throw_is_not_lumped_when_both_resting_points_are_covered() -> None:
    """Seed: four-deuce cannot be played as one six with a man whose fourth and second points are
    covered, although the sixth point is open."""
    black = side_board({20: 1, 6: 14})
    white = side_board({9: 2, 7: 2, 1: 11})  # white's 9 and 7 are black's 16 and 18
    position = Position((black, white), BLACK)
    assert all(20 not in {src for src, _ in play} for play in moves_of(position, "4-2"))
    white_open = side_board({9: 2, 1: 13})  # only the four's point covered: 20/18/14 is fine
    assert "20/14" in notations(Position((black, white_open), BLACK), "4-2")


def test_doublets_are_played_four_times() -> None:
    start = BG.start_position()
    assert "24/16(2)" in notations(start, "4-4")
    assert all(len(play) == 4 for play in BG.plays(start, Dice(4, 4)))
    lone = Position((side_board({24: 1, 6: 14}), side_board({1: 15})), BLACK)
    assert "24/8" in notations(lone, "4-4")  # one man four points four times


def test_a_blot_is_hit_and_sent_to_the_bar() -> None:
    """Seed diagram: White throws six-four; Black has a blot on White's four-point that the single
    white man in the outer table reaches with the six; White covers it with a four from the outer table."""
    white = side_board({10: 1, 8: 3, 6: 5, 13: 4, 24: 2})
    black = side_board({21: 1, 24: 2, 13: 5, 8: 3, 6: 4})  # black's 21 is white's 4-point
    position = Position((black, white), WHITE)
    assert "10/4* 8/4" in notations(position, "6-4")
    play = next(p for p in BG.plays(position, Dice(6, 4)) if format_play(p) == "10/4* 8/4")
    after = BG.after(position, play)
    assert after.boards[BLACK][25] == 1 and after.boards[BLACK][21] == 0
    assert after.boards[WHITE][4] == 2


def test_men_on_the_bar_enter_before_any_other_move() -> None:
    black = side_board({13: 5, 6: 5}, bar=2)
    white = side_board({6: 2, 5: 2, 8: 3, 13: 5})  # white's 6 and 5 close black's 19 and 20
    position = Position((black, white), BLACK)
    assert notations(position, "6-5") == {"cannot move"}
    assert notations(position, "4-3") == {"bar/22 bar/21"}
    assert notations(position, "6-3") == {"bar/22"}  # one man enters; the other must wait
    black_one = side_board({13: 5, 6: 5}, bar=1)
    assert notations(Position((black_one, white), BLACK), "6-3") == {"bar/22 13/7", "bar/16"}


def test_bearing_off_exact_then_higher_man_must_move_then_highest_comes_off() -> None:
    white = side_board({24: 1})  # on black's 1-point: a blot black may hit
    exact = Position((side_board({5: 2, 3: 1}), white), BLACK)
    assert "5/off 3/2" in notations(exact, "5-1")
    # a five with the 5-point empty must move the man on the 6-point; the 3 may not come off with it
    higher = Position((side_board({6: 1, 3: 1}), white), BLACK)
    assert notations(higher, "5-2") == {"6/off", "6/1* 3/1"}
    # no man above: the highest man comes off with a higher die
    highest = Position((side_board({4: 1, 2: 1}), white), BLACK)
    assert notations(highest, "6-5") == {"4/off 2/off"}
    # no bearing off while a man is outside the home table
    not_home = Position((side_board({7: 1, 3: 1}), white), BLACK)
    assert notations(not_home, "4-3") == {"7/off"}  # 7/3 3/off reaches the same position


def test_both_dice_must_be_played_if_possible_else_the_higher() -> None:
    # black's 20..24 are closed: the man on 18 can only move with the six, and must
    white = side_board({5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 10: 5})
    black = side_board({18: 1, 1: 14})
    position = Position((black, white), BLACK)
    assert all(len(play) == 2 for play in BG.plays(position, Dice(6, 1)))
    assert notations(position, "6-1") == {"18/11"}  # not 18/12 alone
    # either die alone, never both (13 is closed): the higher one must be played
    lone = side_board({24: 1})
    position = Position((lone, side_board({12: 2, 2: 13})), BLACK)
    assert notations(position, "6-5") == {"24/18"}
    # the higher one cannot be played (18 closed): the lower one
    position = Position((lone, side_board({12: 2, 7: 2, 2: 11})), BLACK)
    assert notations(position, "6-5") == {"24/19"}


def test_as_much_of_a_doublet_as_possible() -> None:
    white = side_board({8: 2, 1: 13})  # black's 17 is closed
    black = side_board({23: 1, 6: 14})
    position = Position((black, white), BLACK)
    plays = BG.plays(position, Dice(3, 3))
    assert max(len(play) for play in plays) == min(len(play) for play in plays)


def on_board(points: dict[int, int], bar: int = 0) -> tuple[int, ...]:
    board = side_board(points, bar)
    assert board[0] == 0, "all fifteen men on the board"
    return board


@pytest.mark.parametrize(("loser", "kind", "points"), [
    (side_board({1: 2}), "hit", 1),
    (on_board({6: 15}), "gammon", 2),
    (on_board({20: 1, 6: 14}), "backgammon", 3),
    (on_board({14: 1, 6: 14}), "backgammon", 3),  # the seed: the side of the board farther from him
    (on_board({6: 14}, bar=1), "backgammon", 3),
])
def test_hit_gammon_backgammon(loser: tuple[int, ...], kind: str, points: int) -> None:
    result = BG.result(Position((side_board({}), loser), WHITE))
    assert result is not None and result.winner == BLACK
    assert (result.kind, result.points) == (kind, points)


def test_backgammon_zone_option_and_american_every_game_a_hit() -> None:
    loser = on_board({14: 1, 6: 14})
    position = Position((side_board({}), loser), WHITE)
    modern = Backgammon(backgammon_zone="home-board").result(position)
    assert modern is not None and modern.kind == "gammon"
    american = Backgammon(american=True).result(position)
    assert american is not None and (american.kind, american.points) == ("hit", 1)


def test_impossible_positions_are_refused() -> None:
    black = side_board({24: 2, 13: 5, 8: 3, 6: 5})
    with pytest.raises(InvalidPositionError):
        BG.validate(Position((black, side_board({1: 2, 13: 5, 8: 3, 6: 5})), BLACK))  # both on one point
    with pytest.raises(InvalidPositionError):
        BG.validate(Position((black, (0, *[1] * 24, 0)), BLACK))
