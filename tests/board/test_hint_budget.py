"""The hint budget: quality shown for a limited number of men a turn, counting down and stopping."""

from __future__ import annotations

import pytest

from tablier.board.hint_budget import FULL, LEVELS, OFF, Assistance, HintBudget


def test_the_hints_count_down_and_stop_then_come_back_next_turn() -> None:
    budget = HintBudget({1: Assistance(3)})
    budget.new_turn(1)
    assert budget.describe() == "3 hints left of 3"
    assert [budget.lift(place) for place in ("point 8", "point 13", "point 24")] == [True, True, True]
    assert budget.left() == 0 and budget.describe() == "0 hints left of 3"
    assert not budget.lift("point 6")  # past the budget: legality only
    assert budget.lift("point 13")  # a man lifted again from a place already hinted costs nothing
    budget.new_turn(2)
    assert budget.left() is None and budget.describe() == "quality help: every man"
    assert all(budget.lift(n) for n in range(20))
    budget.new_turn(1)
    assert budget.left() == 3 and budget.lift("point 6") and budget.describe() == "2 hints left of 3"


def test_one_hint_a_turn() -> None:
    budget = HintBudget({1: Assistance(1), 2: Assistance(1)})
    budget.new_turn(2)
    assert budget.lift(11) and not budget.lift(9) and budget.lift(11)
    assert budget.describe() == "0 hints left of 1"


def test_off_shows_no_quality_and_no_marks() -> None:
    budget = HintBudget({1: OFF})
    budget.new_turn(1)
    assert not budget.shows() and not budget.lift("point 8") and budget.left() == 0
    assert budget.describe() == "quality help off"
    assert budget.shows(2)  # the other player still sees his own


def test_a_strict_game_shows_none_until_both_players_allow_help() -> None:
    allowed: set[int] = set()
    budget = HintBudget(helps=lambda: allowed == {1, 2})
    budget.new_turn(1)
    assert not budget.lift("point 8") and budget.left() == 0 and not budget.shows(2)
    assert budget.describe() == "no quality help: strict game"
    allowed.update({1, 2})
    assert budget.lift("point 8") and budget.left() is None


def test_a_level_changes_between_turns_and_says_what_it_is() -> None:
    budget = HintBudget()
    assert budget.describe() == "quality help: player 1 full, player 2 full"
    budget.set_level(2, Assistance.parse("2"))
    budget.new_turn(2)
    assert budget.describe() == "2 hints left of 2"
    assert [str(level) for level in LEVELS] == ["off", "1", "2", "3", "4", "5", "6", "full"]
    assert Assistance.parse(" FULL ") == FULL and Assistance.parse("off") == OFF
    for wrong in ("0", "7", "many", ""):
        with pytest.raises(ValueError, match=r"off, 1-6 \(hints a turn\) or full"):
            Assistance.parse(wrong)


def test_a_place_hinted_shows_again_without_spending_and_full_shows_every_place() -> None:
    budget = HintBudget({1: Assistance(1), 2: FULL})
    budget.new_turn(1)
    assert not budget.showing("point 8")  # not lifted yet: no hint spent on it
    assert budget.lift("point 8") and budget.showing("point 8") and not budget.showing("point 13")
    assert budget.left() == 0
    budget.new_turn(2)
    assert budget.showing("point 13")  # full: every man, nothing to spend
