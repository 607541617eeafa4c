"""The calibration walk: light each place, have the builder put a man there, see which switch answers.

:class:`CalibrationWalk` drives a connected :class:`~tablier.link.client.BoardClient`. It talks to
the builder through a :class:`Builder`, which only receives instructions (:class:`Step`): a person
reads them on the console; a simulated builder carries them out on the simulated board. The walk:

1. the builder empties the board and turns it draughts face up; the board is watched for a moment:
   switches that stay closed are *stuck*, switches that change by themselves are *chattering*;
2. the builder turns the board tables face up (the face sensor answers), then puts a man on each
   slot of each point, the bar and the trays, and presses each button, in turn; each place's light
   is on while the walk waits; the first switch that closes is that place's, then the man is lifted;
3. the builder turns the board over and puts a man on each dark square in turn.

A place where nothing answers within the timeout is *dead*. The result is a
:class:`~tablier.hardware.calibration.Calibration`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from tablier.hardware.calibration import Calibration
from tablier.hardware.layout import Layout, Switch
from tablier.link.client import BoardClient

#: The colour that marks the place to fill (dim green: well inside the LED budget).
PROMPT_COLOUR = (0, 60, 0)
TABLES_KINDS = ("point", "bar", "tray", "button")


@dataclass(frozen=True)
class Step:
    """One instruction to the builder.

    ``action`` is ``prepare`` (empty the board, draughts face up), ``turn`` (turn the board so the
    face named by ``face`` is up), ``place`` (put a man on ``switch``'s place, or press the button),
    ``heard`` (what answered: for the builder's information) or ``lift`` (take the man away again,
    or release the button).
    """

    action: str
    text: str
    switch: Switch | None = None
    face: str | None = None
    number: int = 0
    total: int = 0


class Builder(Protocol):
    """Whoever carries out the steps on the board."""

    def do(self, step: Step) -> None:
        """Show (or carry out) one step."""


class CalibrationWalk:
    """One calibration run over a connected board."""

    def __init__(self, client: BoardClient, layout: Layout, builder: Builder, timeout_s: float = 20.0,
                 settle_s: float = 2.2, kinds: Iterable[str] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.client = client
        self.layout = layout
        self.builder = builder
        self.timeout_s = timeout_s
        self.settle_s = settle_s
        self.kinds = set(kinds) if kinds is not None else None
        self.clock = clock
        self.answers: dict[int, int] = {}
        self.stuck: set[int] = set()
        self.chattering: set[int] = set()

    def places(self) -> list[Switch]:
        """The places the walk visits, in order: the tables face, then the draughts face."""
        chosen = [s for s in self.layout.switches
                  if s.kind != "face" and (self.kinds is None or s.kind in self.kinds)]
        tables = [s for s in chosen if s.kind in TABLES_KINDS]
        squares = [s for s in chosen if s.kind == "square"]
        return tables + squares

    def run(self) -> Calibration:
        """Walk the board and return what was found."""
        self._prepare()
        face = self.layout.switch_at("face", 1)
        places = self.places()
        tables = [s for s in places if s.kind != "square"]
        squares = [s for s in places if s.kind == "square"]
        total = 1 + len(places) + (1 if squares else 0)
        self._visit(Step("turn", "turn the board so that its tables face is up", face, "tables", 1, total))
        number = 1
        for switch in tables:
            number += 1
            self._visit(Step("place", _instruction(switch), switch, None, number, total))
            self._lift(switch)
        if squares:
            number += 1
            self.client.set_leds([])
            self.builder.do(Step("turn", "turn the board over so that its draughts face is up", face,
                                 "draughts", number, total))
            self._wait_open(face)
        for switch in squares:
            number += 1
            self._visit(Step("place", _instruction(switch), switch, None, number, total))
            self._lift(switch)
        self.client.set_leds([])
        self.client.poll(0.05)
        return self._result()

    # -- the steps ----------------------------------------------------------------------------

    def _prepare(self) -> None:
        """Empty board, draughts face up: find stuck and chattering switches."""
        self.client.set_leds([])
        self.builder.do(Step("prepare", "take every man off the board and turn it draughts face up "
                                        "(the face sensor opens); then keep your hands off it"))
        toggles: dict[int, int] = {}
        deadline = self.clock() + self.settle_s
        while self.clock() < deadline:
            for change in self.client.poll(0.05):
                toggles[change.switch] = toggles.get(change.switch, 0) + 1
        status = self.client.request_status()
        self.chattering = set(status.chattering) | {s for s, n in toggles.items() if n >= 3}
        self.stuck = set(self.client.closed) - self.chattering

    def _visit(self, step: Step) -> None:
        """Light the place, give the instruction and record the first switch that closes."""
        switch = step.switch
        assert switch is not None
        self._light(switch)
        self.builder.do(step)
        ignored = self.stuck | self.chattering
        deadline = self.clock() + self.timeout_s
        while self.clock() < deadline and switch.id not in self.answers:
            for change in self.client.poll(0.02):
                if change.closed and change.switch not in ignored:
                    self.answers[switch.id] = change.switch
                    break
        self.builder.do(Step("heard", self._heard(switch), switch))

    def _heard(self, switch: Switch) -> str:
        answer = self.answers.get(switch.id)
        if answer is None:
            return f"  nothing answered within {self.timeout_s:g} s: dead"
        if answer != switch.id:
            return f"  switch {answer} answered (the layout says {switch.id}): wire corrected"
        return f"  switch {answer} answered"

    def _lift(self, switch: Switch) -> None:
        verb = "release the button" if switch.kind == "button" else "take the man away again"
        self.builder.do(Step("lift", verb, switch))
        self._wait_open(switch)

    def _wait_open(self, switch: Switch) -> None:
        """Wait for the switch that answered for ``switch`` to open; one that never does is stuck."""
        position = self.answers.get(switch.id)
        if position is None:
            return
        deadline = self.clock() + self.timeout_s
        while position in self.client.closed and self.clock() < deadline:
            self.client.poll(0.02)
        if position in self.client.closed:
            self.stuck.add(position)  # closed when asked to, but then never opened

    def _light(self, switch: Switch) -> None:
        led = self._led_for(switch)
        self.client.set_leds([] if led is None else [(led, PROMPT_COLOUR, 0)])
        self.client.poll(0.0)

    def _led_for(self, switch: Switch) -> int | None:
        kind = {"button": "status"}.get(switch.kind, switch.kind)
        for led in self.layout.leds:
            if led.kind == kind and led.target == switch.index:
                return led.index
        return None

    # -- the result ---------------------------------------------------------------------------

    def _result(self) -> Calibration:
        visited = [self.layout.switch_at("face", 1), *self.places()]
        answered_by: dict[int, list[int]] = {}
        for switch_id, position in self.answers.items():
            answered_by.setdefault(position, []).append(switch_id)
        return Calibration(
            layout_hash=self.layout.hash,
            rewired={s.id: self.answers[s.id] for s in visited
                     if s.id in self.answers and self.answers[s.id] != s.id},
            dead=frozenset(s.id for s in visited if s.id not in self.answers),
            stuck=frozenset(self.stuck),
            chattering=frozenset(self.chattering),
            shared={position: tuple(sorted(ids)) for position, ids in answered_by.items() if len(ids) > 1},
        )


def _instruction(switch: Switch) -> str:
    if switch.kind == "button":
        return f"press and hold button {switch.index} (player {switch.index}'s roll/done)"
    if switch.slot is None:
        return f"put a man on {switch.kind} {switch.index} (lit)"
    return f"put a man on {switch.kind} {switch.index}, slot {switch.slot} from the edge (lit)"


class ConsoleBuilder:
    """A person at the board: each step is printed with its number."""

    def __init__(self, write: Callable[[str], object] = print) -> None:
        self.write = write

    def do(self, step: Step) -> None:
        """Print the instruction."""
        counter = f"[{step.number}/{step.total}] " if step.total else ""
        self.write(f"{counter}{step.text}" if step.action != "lift" else f"  {step.text}")


class SimulatedBuilder(ConsoleBuilder):
    """Carries out each step on a simulated board, as a careful builder would."""

    def __init__(self, board: SimulatedBoardLike, layout: Layout,
                 write: Callable[[str], object] = print) -> None:
        super().__init__(write)
        self.board = board
        self.layout = layout

    def do(self, step: Step) -> None:
        """Print the instruction, then move the magnet (or turn the board) accordingly."""
        if step.action in ("prepare", "turn", "place") or "dead" in step.text:
            super().do(step)
        if step.action == "prepare":
            self.board.set_switches({s.id: False for s in self.layout.switches})
        elif step.action == "turn" and step.switch is not None:
            self.board.set_switch(step.switch.id, step.face == "tables")
        elif step.action in ("place", "lift") and step.switch is not None:
            self.board.set_switch(step.switch.id, step.action == "place")


class SimulatedBoardLike(Protocol):
    """What the simulated builder needs of :class:`~tablier.link.sim.SimulatedBoard`."""

    def set_switch(self, switch: int, closed: bool) -> None: ...

    def set_switches(self, closed: dict[int, bool]) -> None: ...
