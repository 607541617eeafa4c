"""The way of the computer's move on the board, one man at a time (:mod:`tablier.play.computer_lights`)."""

from __future__ import annotations

from collections.abc import Callable

from tablier.play.computer_lights import Lights, MovePath, next_lights


def ladder(slots: int) -> Callable[[dict[int, int]], dict[int, int]]:
    """What switches of ``slots`` slots a place show of its men."""
    def shown(counts: dict[int, int]) -> dict[int, int]:
        return {place: min(men, slots) for place, men in counts.items()}
    return shown


def walk(start: dict[int, int], steps: list[tuple[int | None, int | None]]) -> MovePath:
    states = [start]
    for lift, put in steps:
        after = dict(states[-1])
        if lift is not None:
            after[lift] -= 1
        if put is not None:
            after[put] += 1
        states.append(after)
    return MovePath(states, steps)


def test_each_step_in_turn_a_man_in_hand_and_a_board_off_the_way() -> None:
    path = walk({1: 2, 2: 0, 3: 0}, [(1, 2), (1, 3)])
    shown = ladder(6)
    assert next_lights(path, {1: 2, 2: 0, 3: 0}, shown) == Lights(1, 2)
    assert next_lights(path, {1: 1, 2: 0, 3: 0}, shown) == Lights(None, 2)  # the man in hand
    assert next_lights(path, {1: 1, 2: 1, 3: 0}, shown) == Lights(1, 3)
    assert next_lights(path, {1: 0, 2: 1, 3: 1}, shown).done
    assert next_lights(path, {1: 1, 2: 0, 3: 1}, shown) == Lights(1, 2, off_way=True)  # the second man first


def test_a_man_from_a_tall_stack_onto_another_is_confirmed_by_a_press() -> None:
    # three slots a place: 5 and 4 men both stand beyond the row, so the move 1->2 changes no switch
    path = walk({1: 5, 2: 4, 3: 0}, [(1, 2), (2, 3)])
    shown = ladder(3)
    board = {1: 3, 2: 3, 3: 0}
    assert next_lights(path, board, shown) == Lights(1, 2, press=True)  # not skipped unseen
    assert next_lights(path, board, shown, confirmed=1) == Lights(2, 3)
    assert next_lights(path, {1: 3, 2: 3, 3: 1}, shown, confirmed=1).done
