"""Our own engine for the tables games GNU Backgammon does not play: expectimax over the throws.

At one ply each legal play is scored by the evaluation of the position it leaves
(:func:`tablier.engines.tables_terms.evaluate`). At two plies the best few of them (the level's
``candidates``) are looked at again: for each of the adversary's 21 throws, his best reply by the
same evaluation, averaged with the throws' chances (1/36 a doublet, 2/36 the others). Three plies add
my best answer to each reply. In Ticktack a throw that gives a win is claimed at once: it scores the
win's value instead of a reply. The search stops deepening when the level's time is spent; the plays it
had no time to deepen keep their one-ply order below the deepened ones.
"""

from __future__ import annotations

import time

from tablier.tables.moves import ALL_ROLLS, Dice, Play
from tablier.tables.position import Position
from tablier.tables.ticktack import Ticktack
from tablier.tables.variant import Variant

from .candidates import Candidate
from .explain import tables_why
from .levels import DEFAULT_LEVEL, Level
from .tables_terms import WIN_VALUE, evaluate


class TablesEngine:
    """Expectimax over the throws with each game's evaluation, for one variant."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    def rank(self, position: Position, dice: Dice, level: Level = DEFAULT_LEVEL) -> list[Candidate[Play]]:
        """Every legal play of ``dice``, best first, scored for the side to move."""
        deadline = time.monotonic() + level.seconds
        side = position.turn
        variant = self.variant
        scored = []
        for play in variant.plays(position, dice):
            after = variant.after(position, play)
            score, measured = evaluate(variant, after, side)
            scored.append((score, play, measured))
        scored.sort(key=lambda entry: -entry[0])
        deep: list[tuple[float, Play, dict[str, float]]] = []
        if level.plies >= 2 and len(scored) > 1:
            for score, play, measured in scored[:level.candidates]:
                if time.monotonic() > deadline and deep:
                    break
                after = variant.after(position, play)
                if abs(score) >= WIN_VALUE:
                    deep.append((score, play, measured))
                    continue
                deep.append((self._expected(after, side, level.plies - 1, deadline), play, measured))
            deep.sort(key=lambda entry: -entry[0])
        rest = scored[len(deep):]
        ranked = deep + rest
        return [Candidate(play, round(score, 3), measured, tables_why(variant, measured))
                for score, play, measured in ranked]

    def best(self, position: Position, dice: Dice, level: Level = DEFAULT_LEVEL) -> Play:
        """The engine's play of ``dice``: a member of ``variant.plays(position, dice)``."""
        return self.rank(position, dice, level)[0].move

    def _expected(self, position: Position, side: int, plies: int, deadline: float) -> float:
        """The value for ``side`` of ``position``, averaged over the throws of the side to move."""
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
        if isinstance(variant, Ticktack):
            wins = variant.wins(position, dice)
            if wins:  # he claims it at once
                value = WIN_VALUE * wins[0].value
                return value if mover == side else -value
        best: float | None = None
        for play in variant.plays(position, dice):
            after = variant.after(position, play)
            value, _ = evaluate(variant, after, mover, threats=False)
            if plies > 1 and abs(value) < WIN_VALUE and time.monotonic() < deadline:
                value = self._expected(after, mover, plies - 1, deadline)
            if best is None or value > best:
                best = value
        if best is None:
            return 0.0
        return best if mover == side else -best
