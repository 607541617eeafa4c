"""The Mediterranean and Eastern tables games: Portes, Plakoto and Fevga (Greek Tavli), Turkish Tavla
and Russian Long Nardy, rule by rule, on positions written as players write them."""

from __future__ import annotations

import random

import pytest

from harness.legal_plays import plays_of
from tablier.tables.catalog import make_variant
from tablier.tables.moves import Dice
from tablier.tables.position import BLACK, MEN, OFF, WHITE, Position
from tablier.tables.position_text import format_position, frame_of, parse_position
from tablier.tables.variant import Variant

NEW_GAMES = ("portes", "plakoto", "fevga", "tavla", "nardy")


def result_of(game: str, text: str, **options: str) -> str:
    variant = make_variant(game, options)
    position = parse_position(text, frame_of(variant))
    variant.validate(position)
    return str(variant.result(position))


# --- Portes and Tavla ----------------------------------------------------------------------------

def test_portes_plays_backgammon_moves_from_backgammons_start() -> None:
    assert plays_of("portes", "W 24x2 13x5 8x3 6x5 / B 24x2 13x5 8x3 6x5 / B", "3-1") == plays_of(
        "backgammon", "W 24x2 13x5 8x3 6x5 / B 24x2 13x5 8x3 6x5 / B", "3-1")


@pytest.mark.parametrize("game", ["portes", "tavla"])
def test_a_gammon_is_two_and_there_is_no_backgammon(game: str) -> None:
    assert result_of(game, "W offx15 / B 1 offx14") == "white wins a single game (1 point)"
    assert result_of(game, "W offx15 / B 24x15") == "white wins a gammon (2 points)"
    assert result_of(game, "W offx15 / B 24x15", backgammons="yes") == "white wins a backgammon (3 points)"


def test_tavla_forbids_hit_and_run_in_the_home_table() -> None:
    position = "W 21 1x14 / B 7 6x2 / B"  # a white blot on black's 4-point
    portes, tavla = plays_of("portes", position, "3-2"), plays_of("tavla", position, "3-2")
    assert "7/4*/2" in portes and "6/4*/1" in portes
    assert "7/4*/2" not in tavla and "6/4*/1" not in tavla
    assert "7/4* 6/4" in tavla  # hitting and staying is fine
    assert set(plays_of("tavla", position, "3-2", hit_and_run="yes")) == set(portes)


def test_no_cube_and_the_opening_thrown_again_by_default() -> None:
    for game in ("portes", "tavla"):
        variant = make_variant(game)
        assert variant.options["cube"] is False
        assert variant.options["opening"] == "throw-again"


# --- Plakoto -------------------------------------------------------------------------------------

def test_plakoto_starts_on_the_adversarys_ace_point() -> None:
    variant = make_variant("plakoto")
    assert format_position(variant.start_position(BLACK)) == "W 24x15 / B 24x15 / B"


def test_landing_on_a_lone_man_pins_him_instead_of_hitting() -> None:
    after = plays_of("plakoto", "W 20 24x14 / B 8 24x14 / B", "3-1")
    assert after["24/23 8/5*"] == "W 24x14 20p / B 24x13 23 5 / W"
    # a man who pins and runs on frees the pinned man: that play is just 8/4
    assert "8/5*/4" not in after and after["8/4"] == "W 24x14 20 / B 24x14 4 / W"


def test_a_pinned_man_may_not_move_and_his_point_is_closed_to_his_side() -> None:
    pinned = "W 24x14 20p / B 24x13 23 5 / W"  # white's man on his 20 lies under black's man
    plays = plays_of("plakoto", pinned, "4-1")
    assert plays and all(not notation.startswith("20/") and " 20/" not in notation for notation in plays)
    assert all("/20" not in notation for notation in plays)  # 24/20 would stop on the pinned point


def test_the_pinner_may_pile_men_on_top_and_leaving_frees_the_man() -> None:
    pinned = "W 24x14 20p / B 24x13 23 5 / B"
    piled = plays_of("plakoto", "W 24x14 20p / B 24x12 23 7 5 / B", "2-1")
    assert piled["24/23 7/5"] == "W 24x14 20p / B 24x11 23x2 5x2 / W"
    freed = plays_of("plakoto", pinned, "4-3")
    assert freed["24/20 5/2"] == "W 24x14 20 / B 24x12 23 20 2 / W"  # the pinner left: white is free
    assert freed["24/20 23/20"] == "W 24x14 20p / B 24x12 20x2 5 / W"


def test_pinning_the_mother_wins_at_once_unless_the_pinners_own_mother_is_at_home() -> None:
    # black's last man on his 24-point (white's 1-point) is pinned by a white man
    assert result_of("plakoto", "W 1 6x14 / B 24p 6x14 / B") == "white wins a mother (2 points)"
    assert result_of("plakoto", "W 1 6x14 / B 24p 6x14 / B", mother_points="3") == (
        "white wins a mother (3 points)")
    # white still has men on his own starting point: the game goes on
    assert result_of("plakoto", "W 24x2 1 6x12 / B 24p 6x14 / B") == "None"
    # both mothers pinned: a tie
    assert result_of("plakoto", "W 24p 1 6x13 / B 24p 1 6x13 / B") == "a tie: nobody scores"


def test_plakoto_bearing_off_with_a_man_pinned_in_the_home_table() -> None:
    position = "W 24x14 19 / B 6p 5x14 / B"  # black's man on his 6 lies under white's man on white's 19
    allowed = plays_of("plakoto", position, "5-5")
    assert any("off" in notation for notation in allowed)
    strict = plays_of("plakoto", position, "5-5", bear_off_pinned="no")
    assert not any("off" in notation for notation in strict)


def test_plakoto_refuses_impossible_pins() -> None:
    variant = make_variant("plakoto")
    with pytest.raises(ValueError, match="pinned by nobody"):
        variant.validate(parse_position("W 24x15 / B 5p 24x14 / B"))
    with pytest.raises(ValueError, match="none pinned"):
        variant.validate(parse_position("W 20 24x14 / B 5 24x14 / B"))


# --- Fevga ---------------------------------------------------------------------------------------

def test_fevga_first_man_runs_alone_until_past_the_adversarys_start() -> None:
    assert set(plays_of("fevga", "W 24x15 / B 24x15 / B", "6-5")) == {"24/13"}
    plays = plays_of("fevga", "W 24x15 / B 24x14 13 / B", "3-1")
    assert set(plays) == {"24/23 13/10", "13/9"}  # 24/21 13/12 is not allowed: the runner is behind
    lenient = plays_of("fevga", "W 24x15 / B 24x14 14 / B", "2-1", first_man="starting-table")
    assert "24/23 14/12" not in lenient  # the adversary's start is closed; his table begins at 12


def holds_all(after: str, points: range) -> bool:
    """Whether black's men in the position text ``after`` stand on every one of ``points``."""
    black = after.split("/")[1].split()[1:]
    held = {int(word.split("x")[0]) for word in black if word[0].isdigit()}
    return set(points) <= held


def test_fevga_keeps_a_point_of_the_starting_table_open() -> None:
    position = "W 24x15 / B 24x9 23 22 21 20x2 10 / B"  # 20/19 would fill black's starting table
    plays = plays_of("fevga", position, "1-1")
    assert plays and not any(holds_all(after, range(19, 25)) for after in plays.values())
    # with starting_table=no the table may be filled once no white man has it still to pass
    passed = "W 6x15 / B 24x9 23 22 21 20x2 10 / B"
    assert not any(holds_all(after, range(19, 25)) for after in plays_of("fevga", passed, "1-1").values())
    lenient = plays_of("fevga", passed, "1-1", starting_table="no")
    assert any(holds_all(after, range(19, 25)) for after in lenient.values())


def test_fevga_no_wall_shuts_in_every_adversary_man() -> None:
    # every white man is on his 24 (black's 12); black's 11..6 would stand in front of all fifteen
    position = "W 24x15 / B 11x2 10x2 9x2 8x2 7x2 4 3 2 1 offx1 / B"
    plays = plays_of("fevga", position, "2-1")
    assert plays and not any(holds_all(after, range(6, 12)) for after in plays.values())
    free = plays_of("fevga", position, "2-1", prime="free")
    assert any(holds_all(after, range(6, 12)) for after in free.values())


# --- Long Nardy ----------------------------------------------------------------------------------

def test_nardy_one_man_a_turn_from_the_head() -> None:
    plays = plays_of("nardy", "W 24x15 / B 24x14 13 / B", "5-4")
    assert "24/20 24/19" not in plays and set(plays) == {"24/15", "24/19 13/9", "24/20 13/8", "13/4"}


@pytest.mark.parametrize(("dice", "expected"), [
    ("6-6", {"24/18(2)"}), ("4-4", {"24/16(2)"}),
    ("3-3", {"24/18(2)", "24/15 24/21"}),
])
def test_nardy_first_throw_doublets_take_two_from_the_head(dice: str, expected: set[str]) -> None:
    plays = set(plays_of("nardy", "W 24x15 / B 24x15 / B", dice))
    assert expected <= plays
    assert all(notation.count("24/") <= 2 for notation in plays)


def test_nardy_without_three_three_exception() -> None:
    plays = set(plays_of("nardy", "W 24x15 / B 24x15 / B", "3-3", head_doublets="6-4"))
    assert all(notation.count("24/") == 1 and "24/18(2)" not in notation for notation in plays)


# --- every new game: properties ------------------------------------------------------------------

def random_game(variant: Variant, seed: int, limit: int = 2000) -> tuple[Position, int]:
    rng = random.Random(seed)
    position = variant.start_position(BLACK)
    for turn in range(limit):
        result = variant.result(position)
        if result is not None:
            return position, turn
        dice = Dice(rng.randint(1, 6), rng.randint(1, 6))
        plays = variant.plays(position, dice)
        assert plays, f"{variant.name}: no plays (not even the empty one) at {position}"
        longest = max(len(play) for play in plays)
        assert all(len(play) == longest for play in plays), "every play uses the most dice"
        position = variant.after(position, rng.choice(plays))
        variant.validate(position)
        for side in (BLACK, WHITE):
            assert sum(position.boards[side]) == MEN
    raise AssertionError(f"{variant.name} seed {seed}: no result after {limit} turns")


@pytest.mark.parametrize("game", NEW_GAMES)
@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_with_a_correct_result(game: str, seed: int) -> None:
    variant = make_variant(game)
    position, _turns = random_game(variant, seed)
    result = variant.result(position)
    assert result is not None
    if result.kind == "tie":
        return
    if result.kind != "mother":
        assert position.boards[result.winner][OFF] == MEN
        expected = 1 if position.boards[1 - result.winner][OFF] else 2
        assert result.points in (expected, 3)


@pytest.mark.full
@pytest.mark.parametrize("game", NEW_GAMES)
def test_many_random_games(game: str) -> None:
    for seed in range(200):
        random_game(make_variant(game), 1000 + seed)
