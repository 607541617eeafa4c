"""Replaying an archived game on the wooden board: each move's from and to places lit in turn.

:func:`board_steps` turns a game of a record into :class:`BoardStep` values: the move in words and
the LED plan that shows it, in the board's own places (the layout's points, bars, trays and squares,
``tablier.board.orientation``): the men to move blink ``must-move``, where they go lights
``destination`` (``bear-off`` on a tray, ``hit`` where a man is hit or taken), the dice show the
throw and the mover's status light is lit. :func:`replay` shows the steps one by one on a link,
waiting for a press of either player's button or for a fixed delay between moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from tablier.board.leds import BEAR_OFF, DESTINATION, HIT, MUST_MOVE, WINNER, YOUR_TURN, LedPlan
from tablier.board.orientation import HOME_RIGHT, Orientation
from tablier.hardware.layout import Layout
from tablier.link.client import Colour, SwitchChange
from tablier.record.game_record import DRAUGHTS, MOVE, PLAY, SIDE_NAMES, GameRecord, Record, RecordError
from tablier.record.replay import Step, replay_game, tables_variant
from tablier.tables.position import BAR, OFF, Position


@dataclass(frozen=True)
class BoardStep:
    """One move to show: its words and the LEDs that show it; for a screen, the position the men
    stand in meanwhile (before the move; after the last one for the result), who moves (None: the
    result), the throw and the cube (value, owner) as they stand."""

    caption: str
    wishes: list[tuple[int, Colour, int]]
    lit: dict[str, str]
    position: Position | str | None = None
    side: int | None = None
    dice: tuple[int, ...] = ()
    cube: tuple[int, int | None] = (1, None)
    text: str = ""  # the move in the game's notation


class BoardLink(Protocol):
    """What the replay needs of a connected board (:class:`tablier.play.link.Link` has it)."""

    def set_leds(self, wishes: list[tuple[int, Colour, int]]) -> None: ...

    def poll(self, timeout: float = 0.0) -> list[SwitchChange]: ...


def board_steps(record: Record, game: GameRecord, layout: Layout, way: str = HOME_RIGHT) -> list[BoardStep]:
    """The plays and moves of ``game`` as LED plans (cube actions and claims are only told)."""
    steps = replay_game(record, game)
    orientation = Orientation(tables_variant(record, game), way) if record.family != DRAUGHTS else None
    shown: list[BoardStep] = []
    cube: tuple[int, int | None] = (1, None)  # as it stands before each action
    for step in steps:
        side = step.action.side
        plan = LedPlan(layout).status(side + 1, YOUR_TURN)
        if step.action.kind == PLAY and orientation is not None:
            _tables_plan(plan, step, orientation)
            for which, die in enumerate(step.action.dice[:2], start=1):
                plan.die(which, die)
        elif step.action.kind == MOVE:
            _draughts_plan(plan, step)
        who = f"{SIDE_NAMES[side]} ({game.players[side] or '?'})"
        dice = "".join(map(str, step.action.dice))
        caption = f"{step.number}. {who} {dice + ': ' if dice else ''}{step.text}"
        shown.append(BoardStep(caption, plan.wishes(), plan.meanings(), step.before, side,
                               tuple(step.action.dice), cube, step.text))
        cube = step.cube
    if game.outcome is not None and game.outcome.winner is not None:
        plan = LedPlan(layout).status(game.outcome.winner + 1, WINNER)
        last = steps[-1] if steps else None
        shown.append(BoardStep(f"Result: {game.outcome}", plan.wishes(), plan.meanings(),
                               last.after if last else None, None, (), cube))
    return shown


def _tables_plan(plan: LedPlan, step: Step, orientation: Orientation) -> None:
    side = step.action.side
    for src, _, _ in step.action.moves:
        start = ("bar", side + 1) if src == BAR else ("point", orientation.board_point(side, src))
        plan.place(start, MUST_MOVE)
    for _, dst, hit in step.action.moves:
        if dst == OFF:
            plan.place(("tray", side + 1), BEAR_OFF)
            continue
        place = ("point", orientation.board_point(side, dst))
        plan.place(place, HIT if hit else DESTINATION)
        if hit:
            plan.place(("bar", 2 - side), HIT)


def _draughts_plan(plan: LedPlan, step: Step) -> None:
    path = step.action.moves[0]
    plan.place(("square", path[0]), MUST_MOVE)
    for square in path[1:-1]:
        plan.place(("square", square), DESTINATION)
    plan.place(("square", path[-1]), DESTINATION)
    before = step.before
    after = step.after
    if isinstance(before, str) and isinstance(after, str):
        for square in _taken(before, after, path[0]):
            plan.place(("square", square), HIT)


def _taken(before: str, after: str, origin: int) -> set[int]:
    """The squares emptied by a draughts move other than its origin: the men taken."""
    def occupied(fen: str) -> set[int]:
        squares: set[int] = set()
        for part in fen.split(":")[1:]:
            for item in part[1:].split(","):
                digits = item.strip().lstrip("Kk")
                if digits.isdigit():
                    squares.add(int(digits))
        return squares

    return occupied(before) - occupied(after) - {origin}


def replay(link: BoardLink, steps: list[BoardStep], buttons: set[int], step_delay: float | None,
           say: Callable[[str], None] = print, clock: Callable[[], float] = time.monotonic) -> int:
    """Show ``steps`` on the board one by one; after each, wait ``step_delay`` seconds, or (None)
    until a switch in ``buttons`` closes. Returns how many steps were shown."""
    if not steps:
        raise RecordError("the game has no move to show")
    for step in steps:
        link.set_leds(step.wishes)
        say(step.caption)
        if step_delay is not None:
            deadline = clock() + step_delay
            while clock() < deadline:
                link.poll(min(0.05, max(0.0, deadline - clock())))
            continue
        while not any(change.closed and change.switch in buttons for change in link.poll(0.1)):
            pass
    return len(steps)
