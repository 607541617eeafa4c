"""How a tables session looks: its LED plan and its lines in the terminal view.

A :class:`TablesDisplay` belongs to one :class:`~tablier.play.tables.session.TablesSession` and
only reads its state: what happens is the session's, how it looks is the display's.
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
from tablier.board.tables_inference import Status, shown_words
from tablier.games import rules_in_force
from tablier.tables.diagram import draw
from tablier.tables.notation import format_play
from tablier.tables.plakoto import START_POINT
from tablier.tables.turn import ANSWER, Outcome
from tablier.words import counted

from .phase import TablesPhase

if TYPE_CHECKING:
    from .table import TablesTable


class TablesDisplay:
    """How one tables session looks (``session``: the session it shows)."""

    def __init__(self, session: TablesTable) -> None:
        self.session = session

    def led_plan(self) -> LedPlan:
        """The LEDs for the session's state (see ``docs/leds.md``)."""
        session = self.session
        plan = LedPlan(session.layout)
        if session.setup is not None and (session.phase.idle or session.phase.throwing):
            for place in session.setup.missing:
                plan.place(place, PUT_HERE)
            for place in session.setup.extra:
                plan.place(place, LIFT_HERE)
        if session.phase.idle or (session.phase == TablesPhase.OPENING and session.setup is None):
            return plan
        if session.phase == TablesPhase.OPENING:
            return plan.status(1, PRESS_TO_ROLL).status(2, PRESS_TO_ROLL)
        if session.flow.outcome is not None:
            return plan.status(session.flow.outcome.winner + 1, WINNER)
        player = session.flow.turn + 1
        if session.phase == TablesPhase.THROW:
            return plan.status(player, PRESS_TO_ROLL)
        reading = session.reading
        final = reading is not None and reading.status in (Status.FINAL, Status.AMBIGUOUS)
        plan.status(player, PRESS_WHEN_DONE if final else YOUR_TURN)
        if session.flow.dice is not None:
            used = self.dice_used()
            plan.die(1, session.flow.dice.first, DIE_USED if used[0] else DIE)
            plan.die(2, session.flow.dice.second, DIE_USED if used[1] else DIE)
        for place, meaning in self.plakoto_places():
            plan.place(place, meaning)
        if session.is_computer(player) and not session.computer_moving() and not session.guiding:
            return plan  # the other seat chooses: none of its options lit (they would invite a touch)
        must_move = self.must_moving()
        for index in must_move:
            plan.place(TABLES_PLACES[index], MUST_MOVE)
        for index in session.hint:
            plan.place(TABLES_PLACES[index], HINT)
        if session.phase == TablesPhase.ASKING and session.inference is not None:
            for index in session.inference.differing_places(session.asking):
                plan.place(TABLES_PLACES[index], ASK)
        elif session.guiding and session.guide is not None:
            if session.guide.lift is not None:
                plan.place(TABLES_PLACES[session.guide.lift], LIFT_HERE)
            if session.guide.put is not None:
                plan.place(TABLES_PLACES[session.guide.put], PUT_HERE)
        elif reading is not None and reading.lifted:
            light_destinations(plan, reading.destinations, session.teacher.bands(reading))
        elif reading is not None and session.inference is not None:
            before = session.inference.before_lift(reading, must_move)
            if before is not None:
                for index in before.sources:
                    plan.place(TABLES_PLACES[index], MUST_MOVE if before.only else FROM_STACK)
                light_destinations(plan, before.destinations, session.teacher.bands(reading, before))
        session.teacher.light(plan)  # the better play of a warning, over the rest
        return plan

    def plakoto_places(self) -> list[tuple[tuple[str, int], Meaning]]:
        """Plakoto's standing lights: the mover's pinned men, and each side's mother while she is alone
        on the starting point (none in the other games)."""
        session = self.session
        if not session.variant.pins or session.orientation is None:
            return []
        position = session.flow.position
        mover = position.turn
        places: list[tuple[tuple[str, int], Meaning]] = []
        for side in (0, 1):
            if position.boards[side][START_POINT] == 1:
                places.append((session.orientation.place_of(side, START_POINT), MOTHER))
        places += [(session.orientation.place_of(mover, point), PINNED)
                   for point in range(1, 25) if position.is_pinned(mover, point)]
        return places

    def result_text(self, outcome: Outcome, match_over: bool) -> str:
        """A game's result in words: winner, how, points, the score (and the match's length)."""
        session = self.session
        unit = session.variant.facts.unit
        points = f"{outcome.points} {unit}{'s' * (outcome.points != 1)}"
        names = session.options.players
        length = session.match.length if session.match is not None else session.options.match_length
        score = f"score {names[0]} {session.score[0]}, {names[1]} {session.score[1]}"
        score += f" (match to {length})" if length else ""
        end = "; the match is over" if match_over and (length or session.options.games > 1) else ""
        if not outcome.points:  # Plakoto's two mothers pinned: a tie
            return f"game {session.game_number} is a {outcome.how}: nobody scores; {score}{end}"
        winner = session._name(outcome.winner)
        return f"{winner} wins game {session.game_number}: {outcome.how}, {points}; {score}{end}"

    def status_lines(self) -> list[str]:
        """The terminal view's lines for the session's state."""
        session = self.session
        dice = str(session.flow.dice) if session.flow.dice else ""
        rules = rules_in_force(session.variant.info(), session.variant.options)
        board = draw(session.flow.position, session.variant, dice).splitlines()
        # nobody is to move: the pips alone
        if session.phase == TablesPhase.OVER or session.flow.outcome is not None:
            board[-1] = "the game is over; " + board[-1].split("; ", 1)[-1]
        lines = [f"{session.variant.title}{f' ({rules})' if rules else ''}, game {session.game_number}: "
                 f"{session._name(0)} {session.score[0]}, "
                 f"{session._name(1)} {session.score[1]}", *board]
        if session.phase == TablesPhase.SETUP:
            setup = session.setup.describe() if session.setup else "turn the board over"
            lines.append("setting up: " + setup)
        elif session.phase == TablesPhase.OPENING:
            lines.append("press a button (or type `roll`) to throw for the start")
        elif session.phase == TablesPhase.THROW:
            awaited = "answer (take/drop, see/yield)" if session.flow.awaiting == ANSWER else "throw"
            lines.append(f"{session._name(session.flow.turn)} to {awaited}")
        elif (session.phase.moving and session.inference is not None
              and session.reading is not None):
            plays = session.inference.plays
            listed = ", ".join(format_play(p) for p in plays[:6]) + (" ..." if len(plays) > 6 else "")
            lines.append(f"{session._name(session.flow.turn)} plays {dice}: "
                         f"{counted(len(plays), 'legal play')}"
                         + (f" ({listed})" if session.options.teaching else ""))
            final = session.reading.status is Status.FINAL
            reading = session.reading
            lines.append(f"the board shows: {shown_words(reading.status, reading.untouched)}"
                         + (" (press your button to end the turn)" if final else ""))
            if session.options.teaching:
                words = self.in_hand_words() or self.before_lift_words()
                if words:
                    lines.append(words)
        return lines

    def in_hand_words(self) -> str:
        """Teaching: where the lifted man may go, in the mover's own point numbers."""
        session = self.session
        reading = session.reading
        assert reading is not None
        if not reading.lifted:
            return ""
        where = self.own_place(reading.lifted[0])
        if not reading.destinations:
            return f"the man lifted from {where} has nowhere to go now"
        return f"the man lifted from {where} may go to {self.landing_words(reading.destinations)}"

    def before_lift_words(self) -> str:
        """Teaching: with no man lifted, where the man of the one source (or a tall stack) may go."""
        session = self.session
        if session.reading is None or session.inference is None:
            return ""
        before = session.inference.before_lift(session.reading, self.must_moving())
        if before is None:
            return ""
        where = " or ".join(self.own_place(n) for n in before.sources)
        what = "the man must come from" if before.only else "a man taken from the stack on"
        return f"{what} {where}: he may go to {self.landing_words(before.destinations)}"

    def own_place(self, index: int) -> str:
        """A place in the mover's own words: his point number, ``off``, ``the bar``."""
        session = self.session
        kind, number = TABLES_PLACES[index]
        if kind == "point":
            orientation = session.orientation
            return str(orientation.own_point(session.flow.turn, number)) if orientation else str(number)
        return "off" if kind == "tray" else "the bar"

    def landing_words(self, destinations: dict[int, str]) -> str:
        """``20, 18 (hit), off``: destinations in the mover's own words."""
        kinds = {TO_HIT: " (hit)", TO_TRAY: ""}
        return ", ".join(self.own_place(i) + kinds.get(kind, "") for i, kind in sorted(destinations.items()))

    def must_moving(self) -> set[int]:
        """The place indices of the men the rules make move now (the postillon, a touched man), while
        the board still shows them there (not once they have moved on)."""
        session = self.session
        if session.orientation is None:
            return set()
        side = session.flow.turn
        points = session.flow.must_move()
        reading = session.reading
        if reading is not None and reading.candidates:
            points = {p for p in points if any(c.position.boards[side][p] for c in reading.candidates)}
        return {TABLES_PLACES.index(session.orientation.place_of(side, point)) for point in points}

    def dice_used(self) -> tuple[bool, bool]:
        """Whether each die is already played by what the board shows (a doublet's first die once
        half its moves are made, the second once all are)."""
        session = self.session
        dice = session.flow.dice
        reading = session.reading
        if dice is None or reading is None or not reading.candidates:
            return (False, False)
        if reading.status in (Status.FINAL, Status.AMBIGUOUS):
            return (True, True)
        moves = reading.candidates[0].moves
        if dice.is_doublet:
            steps = len(session.variant.dice_steps(dice))
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


def light_destinations(plan: LedPlan, destinations: dict[int, str],
                       bands: dict[int, str] | None = None) -> None:
    """Light where a man may go: ``destination``, ``hit`` or ``bear-off``; a place with a quality
    band in ``bands`` (docs/quality-lights.md) shows its band instead."""
    kinds = {TO_HIT: HIT, TO_TRAY: BEAR_OFF}
    bands = bands or {}
    for index, kind in destinations.items():
        if index in bands:
            plan.quality(TABLES_PLACES[index], bands[index])
        else:
            plan.place(TABLES_PLACES[index], kinds.get(kind, DESTINATION))
