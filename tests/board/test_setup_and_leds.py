"""The setup check (either way round), the guidance step, the observation and the LED plan."""

from __future__ import annotations

import re
from pathlib import Path

from tablier.board.guidance import next_step
from tablier.board.leds import DESTINATION, DIE, LIFT_HERE, VOCABULARY, LedPlan
from tablier.board.observation import Observer, could_show, visible
from tablier.board.orientation import HOME_LEFT, HOME_RIGHT, Orientation, mirror
from tablier.board.setup import check_squares, check_tables
from tablier.hardware.layout import load_layout
from tablier.tables import Backgammon
from tablier.tables.jacquet import Jacquet

LAYOUT = load_layout()
DOCS = Path(__file__).resolve().parents[2] / "docs" / "leds.md"


def test_observer_counts_covered_slots_and_inverts() -> None:
    observer = Observer(LAYOUT)
    bg = Backgammon()
    counts = visible(Orientation(bg).counts(bg.start_position()), 6)
    closed = observer.switches_for(counts, squares=(), buttons=(1,))
    seen = observer.observe(closed)
    assert seen.counts == counts and seen.buttons == {1} and seen.tables_face_up
    assert seen.count(("point", 24)) == 2 and seen.count(("point", 19)) == 5


def test_a_tall_stack_shows_at_least_half_its_men() -> None:
    assert could_show(6, 9, 6) and could_show(5, 9, 6) and not could_show(4, 9, 6)
    assert could_show(3, 3, 6) and not could_show(2, 3, 6)


def test_both_ways_round_are_recognised_from_the_men_placed() -> None:
    for variant in (Backgammon(), Jacquet()):
        start = variant.start_position()
        for way in (HOME_RIGHT, HOME_LEFT):
            counts = visible(Orientation(variant, way).counts(start), 6)
            check = check_tables(counts, variant, start, 6)
            assert check.done and check.orientation is not None
            if variant.name == "backgammon":  # Jacquet's start is symmetrical: either reading is right
                assert check.orientation.way == way


def test_setup_shows_missing_and_extra_men() -> None:
    bg = Backgammon()
    counts = list(visible(Orientation(bg).counts(bg.start_position()), 6))
    counts[12] -= 1  # point 13 short of a man
    counts[9] += 1   # one too many on point 10 (empty at the start)
    check = check_tables(tuple(counts), bg, bg.start_position(), 6, HOME_RIGHT)
    assert check.missing == {("point", 13): 1} and check.extra == {("point", 10): 1}
    assert "put 1 on point 13" in check.describe()
    draughts = check_squares(frozenset(range(1, 12)), frozenset(range(1, 13)))
    assert draughts.missing == {("square", 12): 1} and not draughts.extra


def test_mirror_is_its_own_inverse_and_keeps_the_side_of_the_board() -> None:
    assert all(mirror(mirror(p)) == p and (p <= 12) == (mirror(p) <= 12) for p in range(1, 25))


def test_guidance_one_man_at_a_time() -> None:
    step = next_step({"a": 2, "b": 0}, {"a": 1, "b": 1})
    assert step is not None and (step.lift, step.put, step.extra, step.missing) == ("a", "b", 1, 1)
    assert next_step({"a": 1}, {"a": 1}) is None


def test_led_plan_lights_places_and_dice() -> None:
    plan = LedPlan(LAYOUT).place(("point", 7), DESTINATION).die(1, 3)
    meanings = plan.meanings()
    assert meanings["point 7"] == "destination"
    assert sum(1 for name, m in meanings.items() if name.startswith("die 1") and m == DIE.name) == 3
    assert all(mode in (0, 1, 2) for _, _, mode in plan.wishes())
    assert LedPlan(LAYOUT).place(("square", 9), LIFT_HERE).meanings() == {"square 9": "lift-here"}


def test_every_word_of_the_vocabulary_is_documented() -> None:
    text = DOCS.read_text()
    for meaning in VOCABULARY:
        assert re.search(rf"`{re.escape(meaning.name)}`", text), meaning.name
