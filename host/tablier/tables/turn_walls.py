"""The walls one turn of a race may complete, and the rule on walls for the steps that complete them.

A race's rule on walls (:mod:`tablier.tables.racegen`) depends only on the points the mover holds
before and after a step, and forbids only a step that completes a wall. For one turn, the walls the
rule names are kept only if the turn's men can fill them (:func:`fillable`), and the rule is asked
only of a step that completes one of them, its verdict remembered (:func:`wall_judge`).
"""

from __future__ import annotations

from collections.abc import Callable

WallRule = Callable[[int, int], bool]
"""``wall_forbids(before, after)``: does a step that changes the mover's held points (bits 1..24)
from ``before`` to ``after`` make a forbidden wall?"""
StepJudge = Callable[[int, int, int], bool | None]
"""``forbids(before, after, dst)``: the rule on walls for a step onto the point ``dst`` that makes
it held, asked only if the step completes one of the turn's walls (:func:`wall_judge`): ``None``
if it completes none."""


def fillable(missing_points: int, board: list[int], closed: list[bool], die: int, count: int) -> bool:
    """Whether ``count`` steps of ``die`` may hold every point of a wall at once, the points of it
    not held being ``missing_points`` (bits): each needs a man of his own, who comes from a point
    ``k`` steps above it (``k`` steps, every point between open), the steps of all of them at most
    ``count``."""
    missing = []  # from the lowest
    while missing_points:
        lowest = missing_points & -missing_points
        missing.append(lowest.bit_length() - 1)
        missing_points ^= lowest
        if len(missing) > count:
            return False
    left = board  # the men not yet given a point (restored as the search backs up)

    def assign(at: int, steps: int) -> bool:
        if at == len(missing):
            return True
        point = missing[at]
        for k in range(1, count - steps + 1):
            src = point + k * die
            if src > 24 or closed[src - die]:
                return False
            if left[src]:
                left[src] -= 1
                fits = assign(at + 1, steps + k)
                left[src] += 1
                if fits:
                    return True
        return False

    return assign(0, 0)


def wall_judge(wall_forbids: WallRule, walls: list[int], reads: int) -> StepJudge:
    """``wall_forbids`` for a step onto ``dst``, asked only if the step completes one of ``walls``
    (the rule forbids nothing else), each verdict remembered for the held points among ``reads``
    before and after the step (the only ones the rule reads)."""
    through: list[list[int]] = [[] for _ in range(25)]  # through[dst]: the walls with the point dst
    for wall in walls:
        points = wall
        while points:
            dst = points.bit_length() - 1
            points ^= 1 << dst
            through[dst].append(wall)
    verdicts: dict[int, bool] = {}

    def forbids(before: int, after: int, dst: int) -> bool | None:
        for wall in through[dst]:
            if after & wall == wall:
                break
        else:
            return None
        pair = (before & reads) << 25 | after & reads
        verdict = verdicts.get(pair)
        if verdict is None:
            verdict = verdicts[pair] = wall_forbids(before, after)
        return verdict

    return forbids


def forbids_nothing(before: int, after: int, dst: int) -> bool | None:
    """The rule on walls of a turn none of whose walls can be made."""
    return False
