"""The computer's move made by the human, one man at a time: the way from the turn's start to it.

A move is a list of steps (lift a man from a place, put it on another; a hit man to his bar, a man
borne off to the tray; in draughts the captured men lifted one by one, then the man moved) and the
board states between
them. :func:`next_lights` finds where the board stands on that way (a man in hand counts) and names
the next man to lift and where it goes; a board off the way is led to the move's end, one man at a
time, as any false move is led back (:func:`~tablier.board.guidance.next_step`). A step the
switches cannot see (a man from a tall stack onto another: both beyond the ladders' slots) is
confirmed by a press of a button (``press``), so that no step is ever skipped unseen. Places are the
board's place indices (:data:`~tablier.board.observation.TABLES_PLACES`) or the draughts squares;
each family's way (its path, what its switches show) is its wing's (:mod:`.tables.lights`,
:mod:`.draughts.lights`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tablier.board.guidance import next_step

Counts = dict[int, int]
PlaceWords = Callable[[int], str]
"""A place of a move's path in words, as the mover numbers it (its family's ``place_words``)."""


@dataclass(frozen=True)
class MovePath:
    """The states the board goes through (``states[0]``: the turn's start) and the steps between."""

    states: list[Counts]
    steps: list[tuple[int | None, int | None]]  # (lift from, put on); None: no such half


@dataclass(frozen=True)
class Lights:
    """The next man to lift and where to put it; ``off_way``: the board left the move's way;
    ``done``: the board shows the move."""

    lift: int | None
    put: int | None
    off_way: bool = False
    done: bool = False
    press: bool = False  # a step the board cannot see: a press says it is made


def walk(start: Counts, steps: list[tuple[int | None, int | None]]) -> MovePath:
    """The way from the men at ``start`` through ``steps`` (each a lift and a put, either None)."""
    states = [start]
    for lift, put in steps:
        after = dict(states[-1])
        if lift is not None:
            after[lift] = after.get(lift, 0) - 1
        if put is not None:
            after[put] = after.get(put, 0) + 1
        states.append(after)
    return MovePath(states, steps)


def unseen_steps(path: MovePath, shown: Callable[[Counts], Counts]) -> list[bool]:
    """For each step, whether the switches cannot see it (the board shows the same before and after)."""
    looks = [shown(state) for state in path.states]
    return [looks[n] == looks[n + 1] for n in range(len(path.steps))]


def next_lights(path: MovePath, seen: Counts, shown: Callable[[Counts], Counts],
                confirmed: int = 0) -> Lights:
    """Where the board (``seen``, as the switches show it) stands on ``path``, ``confirmed`` unseen
    steps said made by a press, and what comes next."""
    states, steps = path.states, path.steps
    unseen = unseen_steps(path, shown)
    for number in range(len(states) - 1, -1, -1):
        if sum(unseen[:number]) > confirmed:
            continue  # an unseen step before it is not made yet
        if shown(states[number]) == seen:
            if number == len(steps):
                return Lights(None, None, done=True)
            return Lights(*steps[number], press=unseen[number])
        lift, put = steps[number] if number < len(steps) else (None, None)
        if lift is not None and put is not None and not unseen[number]:
            in_hand = dict(states[number])
            in_hand[lift] -= 1
            if shown(in_hand) == seen:
                return Lights(None, put)
    guide = next_step(seen, shown(states[-1]))
    if guide is None:
        return Lights(None, None, done=sum(unseen) <= confirmed, press=sum(unseen) > confirmed)
    return Lights(guide.lift, guide.put, off_way=True)


def step_words(place_words: PlaceWords, lift: int | None, put: int | None) -> str:
    """One step of a move, short: ``24 to 18``, ``14 to the bar``, ``take off 15``."""
    def short(index: int) -> str:
        return place_words(index).removeprefix("point ").removeprefix("square ")
    if lift is not None and put is not None:
        return f"{short(lift)} to {short(put)}"
    if lift is not None:
        return f"take off {short(lift)}"
    if put is not None:
        return f"a man onto {short(put)}"
    return ""


def path_words(place_words: PlaceWords, path: MovePath) -> str:
    """Every step of a move in words, in the order the lights show them."""
    if not path.steps:
        return "no man can move: the turn passes"
    return ", ".join(step_words(place_words, lift, put) for lift, put in path.steps)


def lights_words(place_words: PlaceWords, lights: Lights) -> str:
    """What the lights ask now, in words."""
    if lights.done:
        return "the board shows it"
    lift = place_words(lights.lift) if lights.lift is not None else ""
    put = place_words(lights.put) if lights.put is not None else ""
    if lights.press:
        step = step_words(place_words, lights.lift, lights.put)
        return f"{step} is hidden by the stacks: move him, then press"
    if lift and put:
        words = f"lift the man on {lift} and put it on {put}"
    elif lift:
        words = f"lift the man on {lift}"
    else:
        words = f"put the man in hand on {put}" if not lights.off_way else f"put a man on {put}"
    return f"not its move: {words}" if lights.off_way else words
