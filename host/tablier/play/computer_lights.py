"""The computer's move made by the human, one man at a time: the way from the turn's start to it.

A move is a list of steps (lift a man from a place, put it on another; a hit man to his bar, a man
borne off to the tray; in draughts the captured men lifted one by one, then the man moved) and the
board states between
them. :func:`next_lights` finds where the board stands on that way (a man in hand counts) and names
the next man to lift and where it goes; a board off the way is led to the move's end, one man at a
time, as any false move is led back (:func:`~tablier.board.guidance.next_step`). A step the
switches cannot see (a man from a tall stack onto another: both beyond the ladders' slots) is
confirmed by a press of a button (``press``), so that no step is ever skipped unseen. Places are the
board's place indices (:data:`~tablier.board.observation.TABLES_PLACES`) or the draughts squares.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tablier.board.guidance import next_step
from tablier.board.observation import TABLES_PLACES, visible
from tablier.draughts.core import Move
from tablier.tables.moves import Play
from tablier.tables.position import BAR, OFF

if TYPE_CHECKING:
    from .draughts_session import DraughtsSession
    from .session import Session
    from .tables_session import TablesSession

Counts = dict[int, int]


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


def _walk(start: Counts, steps: list[tuple[int | None, int | None]]) -> MovePath:
    states = [start]
    for lift, put in steps:
        after = dict(states[-1])
        if lift is not None:
            after[lift] = after.get(lift, 0) - 1
        if put is not None:
            after[put] = after.get(put, 0) + 1
        states.append(after)
    return MovePath(states, steps)


def tables_path(session: TablesSession, play: Play) -> MovePath:
    """The way of ``play`` on the board: first each man hit to his bar, then each man moved with
    one lift and one put (a man going on with the other die straight to his last point)."""
    assert session.orientation is not None and session.inference is not None
    orientation, side = session.orientation, session.flow.turn
    hits: list[tuple[int | None, int | None]] = []
    men: list[list[int]] = []
    for move in play:
        source = TABLES_PLACES.index(orientation.place_of(side, BAR if move.src == BAR else move.src))
        target = TABLES_PLACES.index(orientation.place_of(side, OFF if move.dst == OFF else move.dst))
        if move.hit and not session.variant.pins:  # a pinned man stays under the pinner
            hits.append((target, TABLES_PLACES.index(orientation.place_of(1 - side, BAR))))
        going_on = next((man for man in reversed(men) if man[1] == source), None)
        if going_on is not None:
            going_on[1] = target
        else:
            men.append([source, target])
    steps = hits + [(source, target) for source, target in men if source != target]
    return _walk(dict(enumerate(orientation.counts(session.inference.start))), steps)


def draughts_path(session: DraughtsSession, move: Move, huffed: int | None) -> MovePath:
    """The way of ``move``: the huffed man lifted (if it still stands), the captured men lifted,
    the man moved."""
    start = set(session.board.pieces(False) + session.board.pieces(True))
    steps: list[tuple[int | None, int | None]] = []
    if huffed is not None and huffed not in start:
        start.add(huffed)
        steps.append((huffed, None))
    steps += [(square, None) for square in move.captures]  # the board reads the men taken off first
    steps.append((move.from_square, move.to_square))
    return _walk({square: 1 for square in start}, steps)


def tables_shown(ladder: int) -> Callable[[Counts], Counts]:
    """What the switches show of men per place (the ladders cap tall stacks)."""
    def shown(counts: Counts) -> Counts:
        return dict(enumerate(visible(tuple(counts.get(n, 0) for n in range(len(TABLES_PLACES))), ladder)))
    return shown


def squares_shown(counts: Counts) -> Counts:
    """What the squares show: a man or none."""
    return {square: 1 for square, men in counts.items() if men > 0}


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


def step_words(session: Session, lift: int | None, put: int | None) -> str:
    """One step of a move, short: ``24 to 18``, ``14 to the bar``, ``take off 15``."""
    def short(index: int) -> str:
        return session.place_words(index).removeprefix("point ").removeprefix("square ")
    if lift is not None and put is not None:
        return f"{short(lift)} to {short(put)}"
    if lift is not None:
        return f"take off {short(lift)}"
    if put is not None:
        return f"a man onto {short(put)}"
    return ""


def path_words(session: Session, path: MovePath) -> str:
    """Every step of a move in words, in the order the lights show them."""
    if not path.steps:
        return "no man can move: the turn passes"
    return ", ".join(step_words(session, lift, put) for lift, put in path.steps)


def lights_words(session: Session, lights: Lights) -> str:
    """What the lights ask now, in words."""
    if lights.done:
        return "the board shows it"
    lift = session.place_words(lights.lift) if lights.lift is not None else ""
    put = session.place_words(lights.put) if lights.put is not None else ""
    if lights.press:
        return f"{step_words(session, lights.lift, lights.put)} is hidden by the stacks: move him, then press"
    if lift and put:
        words = f"lift the man on {lift} and put it on {put}"
    elif lift:
        words = f"lift the man on {lift}"
    else:
        words = f"put the man in hand on {put}" if not lights.off_way else f"put a man on {put}"
    return f"not its move: {words}" if lights.off_way else words
