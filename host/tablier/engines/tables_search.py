"""Our own engine for the tables games GNU Backgammon does not play: expectimax over the throws.

At one ply each legal play is scored by the evaluation of the position it leaves
(:func:`tablier.engines.tables_terms.evaluate`). At two plies the best few of them (the level's
``candidates``) are looked at again: for each of the adversary's 21 throws, his best reply by the
same evaluation, averaged with the throws' chances (1/36 a doublet, 2/36 the others). Three plies add
my best answer to each reply. In Ticktack a throw that gives a win is claimed at once: it scores the
win's value instead of a reply. The search stops deepening when the level's time is spent; the plays it
had no time to deepen keep their one-ply order below the deepened ones.

A game whose turn does not end with the play (Jacquet de Versailles hands the dice a thrower cannot
use to his adversary) says so by overriding :meth:`TablesEngine.outcomes`: the positions the turn can
end in, with their chances, each with the next thrower to move.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from tablier.tables.moves import ALL_ROLLS, Dice, Play
from tablier.tables.position import Position
from tablier.tables.rules import Rules

from .candidates import Candidate
from .explain import tables_why
from .levels import DEFAULT_LEVEL, LEVELS, Level
from .profiles import EXPECTIMAX
from .tables_terms import WIN_VALUE, evaluate

if TYPE_CHECKING:
    from .cube import CubeDecision, CubeState, MatchStanding

TURN = "turn"
"""A turn of a throw of the mover's own (the other kinds are Jacquet de Versailles')."""

Outcomes = list[tuple[float, Position]]
"""The positions a turn can end in, each with its chance, the next thrower to move."""

DEEPEST_TABLES_PLIES = 2
"""The deepest the engine looks in an analysis (its level 3): untimed, three throws deep (level 4)
would take a minute or more a move, so an analysis asked at level 4 is made at level 3."""


class TablesEngine:
    """Expectimax over the throws with each game's evaluation, for one variant."""

    name: ClassVar[str] = EXPECTIMAX
    """The engine's name, as an analysis records it."""
    judges_cube: ClassVar[bool] = False
    """Whether the engine decides the doubling cube (:meth:`cube_decision`)."""

    def __init__(self, variant: Rules) -> None:
        self.variant = variant

    def needs_main_thread(self, level: Level) -> bool:
        """Whether ranking must run on the main thread: never (pure Python)."""
        return False

    def cube_decision(self, position: Position, cube: CubeState, match: MatchStanding,
                      level: Level) -> CubeDecision | None:
        """None: the engine knows no doubling cube (its player never doubles and always takes)."""
        return None

    def analysis_level(self, level: Level) -> Level:
        """The level an analysis asked at ``level`` is made at (no deeper than
        :data:`DEEPEST_TABLES_PLIES`)."""
        if level.plies <= DEEPEST_TABLES_PLIES:
            return level
        return replace(max((known for known in LEVELS if known.plies <= DEEPEST_TABLES_PLIES),
                           key=lambda known: known.number), seconds=level.seconds)

    def deepened(self, count: int, level: Level) -> int:
        """How many of a ranking's first ``count`` plays were scored at ``level``'s full depth."""
        return count if level.plies < 2 else min(count, level.candidates)

    def deep_score(self, position: Position, play: Play, level: Level) -> float:
        """The score a ranking at ``level`` gives ``play`` when it looks at it at full depth."""
        after = self.variant.after(position, play)
        score, _ = evaluate(self.variant, after, position.turn)
        if level.plies >= 2 and abs(score) < WIN_VALUE:
            score = self._expected(after, position.turn, level.plies - 1, math.inf)
        return round(score, 3)

    def throw_value(self, position: Position, dice: Dice) -> float:
        """What ``dice`` are worth to the side to move: his best play's score at one ply (a win the
        throw lets him claim: the win's value)."""
        wins = self.variant.wins(position, dice)
        if wins:
            return WIN_VALUE * wins[0].value
        ranked = self.rank(position, dice, LEVELS[0])
        if ranked:
            return ranked[0].score
        return evaluate(self.variant, position, position.turn)[0]

    def rank(self, position: Position, dice: Dice, level: Level = DEFAULT_LEVEL) -> list[Candidate[Play]]:
        """Every legal play of ``dice``, best first, scored for the side to move."""
        return self.rank_plays(position, dice, self.variant.plays(position, dice), level)

    def best(self, position: Position, dice: Dice, level: Level = DEFAULT_LEVEL) -> Play:
        """The engine's play of ``dice``: a member of ``variant.plays(position, dice)``."""
        return self.rank(position, dice, level)[0].move

    def outcomes(self, position: Position, dice: Dice, play: Play, flow: str = TURN) -> Outcomes:
        """How the turn ends once ``play`` of ``dice`` is made (``flow`` says what kind of turn:
        a throw, or dice handed over): here, at once, with the adversary to throw."""
        return [(1.0, self.variant.after(position, play))]

    def rank_plays(self, position: Position, dice: Dice, plays: list[Play], level: Level,
                   flow: str = TURN) -> list[Candidate[Play]]:
        """``plays`` (the legal plays of ``dice``, or of the part of it the mover must play), best
        first, scored for the side to move."""
        deadline = time.monotonic() + level.seconds
        side = position.turn
        variant = self.variant
        scored = []
        for play in plays:
            after = variant.after(position, play)
            score, measured = evaluate(variant, after, side)
            ends = self.outcomes(position, dice, play, flow)
            if ends != [(1.0, after)]:
                score = sum(chance * evaluate(variant, end, side)[0] for chance, end in ends)
            scored.append((score, play, measured, ends))
        scored.sort(key=lambda entry: -entry[0])
        deep: list[tuple[float, Play, dict[str, float], Outcomes]] = []
        if level.plies >= 2 and len(scored) > 1:
            for score, play, measured, ends in scored[:level.candidates]:
                if time.monotonic() > deadline and deep:
                    break
                if abs(score) >= WIN_VALUE:
                    deep.append((score, play, measured, ends))
                    continue
                value = sum(chance * self._expected(end, side, level.plies - 1, deadline)
                            for chance, end in ends)
                deep.append((value, play, measured, ends))
            deep.sort(key=lambda entry: -entry[0])
        ranked = deep + scored[len(deep):]
        return [Candidate(play, round(score, 3), measured,
                          partial(tables_why, variant, measured, variant.after(position, play), side))
                for score, play, measured, _ in ranked]

    def _expected(self, position: Position, side: int, plies: int, deadline: float) -> float:
        """The value for ``side`` of ``position``, averaged over the throws of the side to move."""
        if self.variant.result(position) is not None:
            return evaluate(self.variant, position, side)[0]
        total = 0.0
        for dice in ALL_ROLLS:
            weight = 1 if dice.is_doublet else 2
            total += weight * self._reply(position, dice, side, plies, deadline)
        return total / 36

    def _reply(self, position: Position, dice: Dice, side: int, plies: int, deadline: float) -> float:
        """The value for ``side`` once the side to move has made his best play of ``dice`` (judged
        from his own view, with ``plies - 1`` more throws looked at)."""
        variant = self.variant
        mover = position.turn
        wins = variant.wins(position, dice)
        if wins:  # he claims it at once
            value = WIN_VALUE * wins[0].value
            return value if mover == side else -value
        best: float | None = None
        for play in variant.plays(position, dice):
            value = 0.0
            for chance, end in self.outcomes(position, dice, play):
                worth, _ = evaluate(variant, end, mover, threats=False)
                if plies > 1 and abs(worth) < WIN_VALUE and time.monotonic() < deadline:
                    worth = self._expected(end, mover, plies - 1, deadline)
                value += chance * worth
            if best is None or value > best:
                best = value
        if best is None:
            return 0.0
        return best if mover == side else -best
