"""Dead, stuck and chattering switches told from the readings alone (no board: the pure logic)."""

from __future__ import annotations

from tablier.board.observation import Observation
from tablier.board.sensor_health import (
    CHATTER_CHANGES,
    CHATTERING,
    DEAD,
    DEAD_END_SETTLE_S,
    GAP_SETTLE_S,
    STUCK,
    WORKING,
    SensorHealth,
    Suspicion,
)
from tablier.board.tables_inference import Status
from tablier.hardware.layout import load_layout

LAYOUT = load_layout()


def slots(kind: str, index: int, *numbers: int) -> set[int]:
    """The switches of some slots of a place."""
    return {LAYOUT.switch_at(kind, index, n).id for n in numbers}


def square(n: int) -> int:
    return LAYOUT.switch_at("square", n).id


def outside_a_turn(observation: Observation) -> Status | None:
    return None


def five_on_19(observation: Observation) -> Status | None:
    """A judge for whom only five men on point 19 and one on point 6 (nothing else) is legal."""
    legal = (observation.count(("point", 19)) == 5 and observation.count(("point", 6)) == 1
             and sum(observation.counts) == 6)
    return Status.PARTIAL if legal else Status.UNKNOWN


def named(found: list[Suspicion]) -> list[tuple[str, str]]:
    return [(s.place, s.kind) for s in found]


def test_a_slot_reading_empty_under_a_covered_one_is_dead_once_the_gap_stands() -> None:
    health = SensorHealth(LAYOUT)
    closed = slots("point", 13, 1, 3, 4, 5)
    assert health.tick(closed, 10.0, outside_a_turn) == []
    assert health.tick(closed, 10.0 + GAP_SETTLE_S / 2, outside_a_turn) == []
    found = health.tick(closed, 10.0 + GAP_SETTLE_S, outside_a_turn)
    assert named(found) == [("point 13 slot 2", DEAD)]
    assert "re-seat the man" in found[0].message().lower() and "tablier calibrate" in found[0].message()
    assert health.observe(closed, outside_a_turn).count(("point", 13)) == 5  # the man is counted


def test_a_covered_slot_over_two_empty_ones_is_stuck_and_ignored() -> None:
    health = SensorHealth(LAYOUT)
    closed = slots("point", 20, 3)
    health.tick(closed, 0.0, outside_a_turn)
    assert named(health.tick(closed, GAP_SETTLE_S, outside_a_turn)) == [("point 20 slot 3", STUCK)]
    assert health.observe(closed, outside_a_turn).count(("point", 20)) == 0


def test_a_gap_that_closes_quickly_is_a_hand_not_a_fault() -> None:
    health = SensorHealth(LAYOUT)
    health.tick(slots("point", 13, 1, 3), 0.0, outside_a_turn)
    health.tick(slots("point", 13, 1, 2, 3), 0.1, outside_a_turn)
    assert health.tick(slots("point", 13, 1, 3), GAP_SETTLE_S + 0.05, outside_a_turn) == []


def test_a_masked_switch_is_read_from_its_neighbours_then_its_last_value() -> None:
    health = SensorHealth(LAYOUT)
    (fourth,) = slots("point", 13, 4)
    health.mask(fourth, CHATTERING, False)
    assert health.observe(slots("point", 13, 1, 2, 3, 5), outside_a_turn).count(("point", 13)) == 5
    assert health.observe(slots("point", 13, 1, 2, 3), outside_a_turn).count(("point", 13)) == 4  # as last
    assert health.observe(slots("point", 13, 1, 2), outside_a_turn).count(("point", 13)) == 2
    assert health.observe(slots("point", 13, 1, 2, 3), outside_a_turn).count(("point", 13)) == 3


def test_a_masked_switch_takes_the_value_the_rules_accept_when_nothing_else_tells() -> None:
    health = SensorHealth(LAYOUT)
    health.mask(square(15), "masked", False)

    def fifteen_is_final(observation: Observation) -> Status | None:
        return Status.FINAL if 15 in observation.squares else Status.IN_HAND

    assert 15 in health.observe({square(1)}, fifteen_is_final).squares


def test_a_switch_changing_again_and_again_alone_is_chattering() -> None:
    health = SensorHealth(LAYOUT)
    switch = square(17)
    found: list[Suspicion] = []
    for n in range(CHATTER_CHANGES):  # an empty square: each close shows a man the rules cannot have
        closed = {switch} if n % 2 == 0 else set()
        found += health.changed([(switch, n % 2 == 0, 100 * n)], closed)
        health.after_reading([(switch, n % 2 == 0)], health.observer.observe(closed),
                             lambda o: Status.UNKNOWN if o.squares else Status.PARTIAL, 0.1 * n)
    assert named(found) == [("square 17", CHATTERING)]
    assert switch in health.masks


def test_a_switch_under_a_man_flickering_leaves_gaps_and_is_chattering() -> None:
    health = SensorHealth(LAYOUT)
    (third,) = slots("point", 13, 3)
    standing = slots("point", 13, 1, 2, 3, 4, 5)
    found = health.changed([(third, n % 2 == 1, 100 * n) for n in range(CHATTER_CHANGES)],
                           standing - {third})
    assert named(found) == [("point 13 slot 3", CHATTERING)]


def test_a_man_lifted_and_put_back_again_and_again_is_a_hand_not_chattering() -> None:
    health = SensorHealth(LAYOUT)
    (top,) = slots("point", 8, 3)
    for n in range(3 * CHATTER_CHANGES):  # readings the rules accept: a man in hand, put back
        closed = slots("point", 8, 1, 2) | (set() if n % 2 == 0 else {top})
        assert health.changed([(top, n % 2 == 1, 10 * n)], closed) == []
        health.after_reading([(top, n % 2 == 1)], health.observer.observe(closed),
                             lambda o: Status.IN_HAND, 0.01 * n)
    assert health.masks == {}


def test_a_hand_moving_men_over_one_switch_is_not_chattering() -> None:
    health = SensorHealth(LAYOUT)
    (bar,) = slots("bar", 2, 1)
    (point,) = slots("point", 11, 1)
    for n in range(CHATTER_CHANGES):  # hit, enter, hit, enter... other men moving in between
        changes = [(bar, n % 2 == 0, 100 * n), (point, n % 2 == 1, 100 * n + 50)]
        assert health.changed(changes, {bar} if n % 2 == 0 else {point}) == []


def test_the_firmware_list_counts_unless_the_host_saw_a_hand_at_work() -> None:
    health = SensorHealth(LAYOUT)
    assert named(health.firmware_chattering([square(9)], set(), 5000)) == [("square 9", CHATTERING)]
    busy = square(10)
    health.changed([(busy, n % 2 == 0, 4000 + 10 * n) for n in range(8)] + [(square(11), True, 4100)],
                   {square(11)})
    assert health.firmware_chattering([busy], set(), 5000) == []


def test_a_masked_dead_switch_that_closes_again_is_working() -> None:
    health = SensorHealth(LAYOUT)
    health.mask(square(24), DEAD, True)
    found = health.changed([(square(24), True, 10)], {square(24)})
    assert named(found) == [("square 24", WORKING)] and "reads again" in found[0].message()
    assert health.masks == {}


def test_a_man_vanishing_with_nothing_else_moving_is_a_dead_switch() -> None:
    health = SensorHealth(LAYOUT)
    board = slots("point", 19, 1, 2, 3, 4, 5) | slots("point", 6, 1)
    health.after_reading([], health.observe(board, five_on_19), five_on_19, 0.0)
    (top,) = slots("point", 19, 5)
    after = board - {top}
    health.after_reading([(top, False)], health.observe(after, five_on_19), five_on_19, 1.0)
    assert health.tick(after, 1.0 + DEAD_END_SETTLE_S / 2, five_on_19) == []
    found = health.tick(after, 1.0 + DEAD_END_SETTLE_S, five_on_19)
    assert named(found) == [("point 19 slot 5", DEAD)] and "vanished" in found[0].why
    assert health.observe(after, five_on_19).count(("point", 19)) == 5


def test_a_man_appearing_where_no_hand_held_one_is_a_stuck_switch() -> None:
    health = SensorHealth(LAYOUT)
    board = slots("point", 19, 1, 2, 3, 4, 5) | slots("point", 6, 1)
    health.after_reading([], health.observe(board, five_on_19), five_on_19, 0.0)
    (bar,) = slots("bar", 1, 1)
    health.after_reading([(bar, True)], health.observe(board | {bar}, five_on_19), five_on_19, 1.0)
    found = health.tick(board | {bar}, 1.0 + DEAD_END_SETTLE_S, five_on_19)
    assert named(found) == [("bar 1 slot 1", STUCK)]
    assert health.observe(board | {bar}, five_on_19).count(("bar", 1)) == 0


def test_a_man_put_down_from_the_hand_is_no_stuck_switch() -> None:
    health = SensorHealth(LAYOUT)
    board = slots("point", 19, 1, 2, 3, 4, 5) | slots("point", 6, 1)
    health.after_reading([], health.observe(board, five_on_19), five_on_19, 0.0)
    (six,) = slots("point", 6, 1)
    (seven,) = slots("point", 7, 1)
    lifted = board - {six}

    def lifted_is_legal(observation: Observation) -> Status | None:
        return Status.IN_HAND if observation.count(("point", 6)) == 0 and observation.count(
            ("point", 7)) == 0 else five_on_19(observation)

    health.after_reading([(six, False)], health.observe(lifted, lifted_is_legal), lifted_is_legal, 0.5)
    health.after_reading([(seven, True)], health.observe(lifted | {seven}, lifted_is_legal),
                         lifted_is_legal, 1.0)  # put on a wrong point: the player's mistake
    assert health.tick(lifted | {seven}, 1.0 + DEAD_END_SETTLE_S, lifted_is_legal) == []


def test_a_turn_the_board_cannot_read_names_the_switch_that_would_explain_it() -> None:
    health = SensorHealth(LAYOUT)
    face = {s.id for s in LAYOUT.switches_of("face")}

    def two_on_5(observation: Observation) -> Status | None:
        return Status.FINAL if observation.count(("point", 5)) == 2 else Status.IN_HAND

    explained = health.explain_unfinished(slots("point", 5, 1) | face, two_on_5)
    assert [(switch.place, man) for switch, man in explained] == [("point 5 slot 2", True)]


def test_the_firmwares_chain_fault_counter_growing_means_a_broken_chain() -> None:
    health = SensorHealth(LAYOUT)
    assert health.chain_broken(0) is None  # the first STATUS: nothing to compare with
    assert health.chain_broken(0) is False
    assert health.chain_broken(412) is True
    assert health.chain_broken(412) is False  # mended: it stopped counting
