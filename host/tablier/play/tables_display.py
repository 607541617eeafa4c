"""How a tables session looks: its LED plan and its lines in the terminal view.

Kept apart from :mod:`.tables_session` (what happens) so that each stays one idea: these functions
only read the session's state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.board.leds import (
    ASK,
    BEAR_OFF,
    DESTINATION,
    DIE,
    DIE_USED,
    FROM_STACK,
    HINT,
    HIT,
    LIFT_HERE,
    MOTHER,
    MUST_MOVE,
    PINNED,
    PRESS_TO_ROLL,
    PRESS_WHEN_DONE,
    PUT_HERE,
    WINNER,
    YOUR_TURN,
    LedPlan,
    Meaning,
)
from tablier.board.observation import TABLES_PLACES
from tablier.board.tables_inference import BEAR_OFF as TO_TRAY
from tablier.board.tables_inference import HIT as TO_HIT
from tablier.board.tables_inference import Status
from tablier.games import rules_in_force
from tablier.tables.diagram import draw
from tablier.tables.notation import format_play
from tablier.tables.plakoto import START_POINT
from tablier.tables.turn import ANSWER, OPENING, OVER, PLAY, THROW, Outcome
from tablier.words import counted

if TYPE_CHECKING:
    from .tables_session import TablesSession


def tables_led_plan(self: TablesSession) -> LedPlan:
    """The LEDs for the session's state (see ``docs/leds.md``)."""
    from .tables_session import ASKING, SETUP
    plan = LedPlan(self.layout)
    if self.setup is not None and self.phase in (SETUP, OVER, OPENING, THROW):
        for place in self.setup.missing:
            plan.place(place, PUT_HERE)
        for place in self.setup.extra:
            plan.place(place, LIFT_HERE)
    if self.phase in (SETUP, OVER) or (self.phase == OPENING and self.setup is None):
        return plan
    if self.phase == OPENING:
        return plan.status(1, PRESS_TO_ROLL).status(2, PRESS_TO_ROLL)
    if self.flow.outcome is not None:
        return plan.status(self.flow.outcome.winner + 1, WINNER)
    player = self.flow.turn + 1
    if self.phase == THROW:
        return plan.status(player, PRESS_TO_ROLL)
    reading = self.reading
    final = reading is not None and reading.status in (Status.FINAL, Status.AMBIGUOUS)
    plan.status(player, PRESS_WHEN_DONE if final else YOUR_TURN)
    if self.flow.dice is not None:
        used = dice_used(self)
        plan.die(1, self.flow.dice.first, DIE_USED if used[0] else DIE)
        plan.die(2, self.flow.dice.second, DIE_USED if used[1] else DIE)
    for place, meaning in plakoto_places(self):
        plan.place(place, meaning)
    must_move = must_moving(self)
    for index in must_move:
        plan.place(TABLES_PLACES[index], MUST_MOVE)
    for index in self.hint:
        plan.place(TABLES_PLACES[index], HINT)
    if self.phase == ASKING and self.inference is not None:
        for index in self.inference.differing_places(self.asking):
            plan.place(TABLES_PLACES[index], ASK)
    elif self.guiding and self.guide is not None:
        if self.guide.lift is not None:
            plan.place(TABLES_PLACES[self.guide.lift], LIFT_HERE)
        if self.guide.put is not None:
            plan.place(TABLES_PLACES[self.guide.put], PUT_HERE)
    elif reading is not None and reading.lifted:
        light_destinations(plan, reading.destinations)
    elif reading is not None and self.inference is not None:
        before = self.inference.before_lift(reading, must_move)
        if before is not None:
            for index in before.sources:
                plan.place(TABLES_PLACES[index], MUST_MOVE if before.only else FROM_STACK)
            light_destinations(plan, before.destinations)
    self.teacher.light(plan)  # the better play of a warning, over the rest
    return plan


def plakoto_places(self: TablesSession) -> list[tuple[tuple[str, int], Meaning]]:
    """Plakoto's standing lights: the mover's pinned men, and each side's mother while she is alone
    on the starting point (none in the other games)."""
    if not self.variant.pins or self.orientation is None:
        return []
    position = self.flow.position
    mover = position.turn
    places: list[tuple[tuple[str, int], Meaning]] = []
    for side in (0, 1):
        if position.boards[side][START_POINT] == 1:
            places.append((self.orientation.place_of(side, START_POINT), MOTHER))
    places += [(self.orientation.place_of(mover, point), PINNED)
               for point in range(1, 25) if position.is_pinned(mover, point)]
    return places


def result_text(self: TablesSession, outcome: Outcome, match_over: bool) -> str:
    """A game's result in words: winner, how, points, the score (and the match's length)."""
    unit = self.variant.facts.unit
    points = f"{outcome.points} {unit}{'s' * (outcome.points != 1)}"
    names = self.options.players
    length = self.match.length if self.match is not None else self.options.match_length
    score = f"score {names[0]} {self.score[0]}, {names[1]} {self.score[1]}"
    score += f" (match to {length})" if length else ""
    end = "; the match is over" if match_over and (length or self.options.games > 1) else ""
    if not outcome.points:  # Plakoto's two mothers pinned: a tie
        return f"game {self.game_number} is a {outcome.how}: nobody scores; {score}{end}"
    winner = self._name(outcome.winner)
    return f"{winner} wins game {self.game_number}: {outcome.how}, {points}; {score}{end}"


def light_destinations(plan: LedPlan, destinations: dict[int, str]) -> None:
    """Light where a man may go: ``destination``, ``hit`` or ``bear-off``."""
    kinds = {TO_HIT: HIT, TO_TRAY: BEAR_OFF}
    for index, kind in destinations.items():
        plan.place(TABLES_PLACES[index], kinds.get(kind, DESTINATION))


def tables_status_lines(self: TablesSession) -> list[str]:
    """The terminal view's lines for the session's state."""
    from .tables_session import ASKING, SETUP
    dice = str(self.flow.dice) if self.flow.dice else ""
    rules = rules_in_force(self.variant.info(), self.variant.options)
    board = draw(self.flow.position, self.variant, dice).splitlines()
    if self.phase == OVER or self.flow.outcome is not None:  # nobody is to move: the pips alone
        board[-1] = "the game is over; " + board[-1].split("; ", 1)[-1]
    lines = [f"{self.variant.title}{f' ({rules})' if rules else ''}, game {self.game_number}: "
             f"{self._name(0)} {self.score[0]}, "
             f"{self._name(1)} {self.score[1]}", *board]
    if self.phase == SETUP:
        lines.append("setting up: " + (self.setup.describe() if self.setup else "turn the board over"))
    elif self.phase == OPENING:
        lines.append("press a button (or type `roll`) to throw for the start")
    elif self.phase == THROW:
        lines.append(f"{self._name(self.flow.turn)} to "
                     + ("answer (take/drop, see/yield)" if self.flow.awaiting == ANSWER else "throw"))
    elif self.phase in (PLAY, ASKING) and self.inference is not None and self.reading is not None:
        plays = self.inference.plays
        listed = ", ".join(format_play(p) for p in plays[:6]) + (" ..." if len(plays) > 6 else "")
        lines.append(f"{self._name(self.flow.turn)} plays {dice}: {counted(len(plays), 'legal play')}"
                     + (f" ({listed})" if self.options.teaching else ""))
        final = self.reading.status is Status.FINAL
        lines.append(f"the board shows: {self.reading.status.value}"
                     + (" (press your button to end the turn)" if final else ""))
        if self.options.teaching:
            words = in_hand_words(self) or before_lift_words(self)
            if words:
                lines.append(words)
    return lines


def in_hand_words(self: TablesSession) -> str:
    """Teaching: where the lifted man may go, in the mover's own point numbers."""
    reading = self.reading
    assert reading is not None
    if not reading.lifted:
        return ""
    where = own_place(self, reading.lifted[0])
    if not reading.destinations:
        return f"the man lifted from {where} has nowhere to go now"
    return f"the man lifted from {where} may go to {landing_words(self, reading.destinations)}"


def before_lift_words(self: TablesSession) -> str:
    """Teaching: with no man lifted, where the man of the one source (or a tall stack) may go."""
    if self.reading is None or self.inference is None:
        return ""
    before = self.inference.before_lift(self.reading, must_moving(self))
    if before is None:
        return ""
    where = " or ".join(own_place(self, n) for n in before.sources)
    what = "the man must come from" if before.only else "a man taken from the stack on"
    return f"{what} {where}: he may go to {landing_words(self, before.destinations)}"


def own_place(self: TablesSession, index: int) -> str:
    """A place in the mover's own words: his point number, ``off``, ``the bar``."""
    kind, number = TABLES_PLACES[index]
    if kind == "point":
        return str(self.orientation.own_point(self.flow.turn, number)) if self.orientation else str(number)
    return "off" if kind == "tray" else "the bar"


def landing_words(self: TablesSession, destinations: dict[int, str]) -> str:
    """``20, 18 (hit), off``: destinations in the mover's own words."""
    kinds = {TO_HIT: " (hit)", TO_TRAY: ""}
    return ", ".join(own_place(self, i) + kinds.get(kind, "") for i, kind in sorted(destinations.items()))


def must_moving(self: TablesSession) -> set[int]:
    """The place indices of the men the rules make move now (the postillon, a touched man), while
    the board still shows them there (not once they have moved on)."""
    if self.orientation is None:
        return set()
    side = self.flow.turn
    points = self.flow.must_move()
    if self.reading is not None and self.reading.candidates:
        points = {p for p in points if any(c.position.boards[side][p] for c in self.reading.candidates)}
    return {TABLES_PLACES.index(self.orientation.place_of(side, point)) for point in points}


def dice_used(self: TablesSession) -> tuple[bool, bool]:
    """Whether each die is already played by what the board shows (a doublet's first die once
    half its moves are made, the second once all are)."""
    dice = self.flow.dice
    reading = self.reading
    if dice is None or reading is None or not reading.candidates:
        return (False, False)
    if reading.status in (Status.FINAL, Status.AMBIGUOUS):
        return (True, True)
    moves = reading.candidates[0].moves
    if dice.is_doublet:
        steps = len(self.variant.dice_steps(dice))
        return (2 * len(moves) >= steps, len(moves) >= steps)
    left = [dice.first, dice.second]
    used = [False, False]
    for move in sorted(moves, key=lambda m: m.src - m.dst, reverse=True):
        distance = move.src - move.dst
        fits = [n for n in (0, 1) if not used[n] and (left[n] == distance or
                                                        (move.dst == 0 and left[n] > distance))]
        if fits:
            used[min(fits, key=lambda n: left[n])] = True
    return (used[0], used[1])
