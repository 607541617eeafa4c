"""Jacquet de Versailles for the engine: the expectimax of :mod:`tablier.engines.tables_search` with
the game's own turn flow (:class:`tablier.tables.versailles.VersaillesGame`).

Doublets are squared by the variant's own plays. What the flow adds is that a turn does not end with
the thrower's play: a die he cannot use is played by his adversary, who then throws; and an
adversary handed both dice who cannot play them without leaving one of his points empty takes the
lead instead, keeping the higher die and throwing the other again, after which the first thrower
throws (the last rule as ``docs/versailles-reading.md`` reads it). So each play is valued by the
positions its turn can end in (:meth:`VersaillesEngine.outcomes`): the adversary plays the handed
dice as his own evaluation likes best, or, under the last rule, each of the six numbers of the
rethrown die gives his best play of the new throw. A play that leaves the adversary nothing to do
with a handed die is worth more than one that gives him a good move, and the search sees it.
"""

from __future__ import annotations

from collections import Counter

from tablier.tables.moves import Dice, Play
from tablier.tables.position import Position
from tablier.tables.versailles import LEAD_DOUBLET, PASSED, Versailles, VersaillesGame, dice_used, uncovers

from .candidates import Candidate
from .levels import DEFAULT_LEVEL, Level
from .tables_search import TURN, Outcomes, TablesEngine
from .tables_terms import evaluate

MAX_HANDOVERS = 2
"""How many hand-overs in a row a turn's valuation follows (the last rule can chain)."""


class VersaillesEngine(TablesEngine):
    """Expectimax over the throws with Jacquet de Versailles' hand-over of unused dice."""

    variant: Versailles

    def __init__(self, variant: Versailles) -> None:
        super().__init__(variant)

    def rank_duty(self, game: VersaillesGame, level: Level = DEFAULT_LEVEL) -> list[Candidate[Play]]:
        """The plays of the duty the game awaits (``game.duty``: a throw, the lead, or dice handed
        over), best first; every move is a member of ``game.legal_plays()``."""
        duty = game.duty
        flow = duty.why if duty.why in (PASSED, LEAD_DOUBLET) else TURN
        return self.rank_plays(game.position, duty.dice, game.legal_plays(), level, flow)

    def outcomes(self, position: Position, dice: Dice, play: Play, flow: str = TURN) -> Outcomes:
        """The positions the turn can end in once ``play`` is made, with their chances, the next
        thrower to move: the unused dice handed over and played by the adversary, or the last rule."""
        return self._settle(position, self.variant.dice_steps(dice), dice, play, flow, MAX_HANDOVERS)

    def _settle(self, position: Position, steps: tuple[int, ...], dice: Dice, play: Play, flow: str,
                handovers: int) -> Outcomes:
        variant = self.variant
        mover, other = position.turn, 1 - position.turn
        after = variant.after(position, play)
        if flow == PASSED:  # he played dice handed to him: he throws next
            return [(1.0, after.with_turn(mover))]
        unused = _unused(steps, play)
        if flow == LEAD_DOUBLET or not unused or variant.result(after) is not None or not handovers:
            return [(1.0, after)]
        receiver = after.with_turn(other)
        if len(unused) == len(steps) and _must_uncover(variant, receiver, unused):
            ends: Outcomes = []
            for die in range(1, 7):  # he keeps the higher die and throws the other again
                rethrow = Dice(max(dice.high, die), min(dice.high, die))
                reply = self._choose(receiver, variant.plays(receiver, rethrow))
                for chance, end in self._settle(receiver, variant.dice_steps(rethrow), rethrow, reply,
                                                TURN, handovers - 1):
                    ends.append((chance / 6, end))
            return ends
        reply = self._choose(receiver, variant.plays_of_steps(receiver, unused))
        return [(1.0, variant.after(receiver, reply).with_turn(other))]

    def _choose(self, position: Position, plays: list[Play]) -> Play:
        """The play the side to move likes best by the evaluation (one ply)."""
        variant, side = self.variant, position.turn
        return max(plays, key=lambda play: evaluate(variant, variant.after(position, play), side,
                                                    threats=False)[0])


def _unused(steps: tuple[int, ...], play: Play) -> tuple[int, ...]:
    """The numbers of ``steps`` that ``play`` left unused, higher first (they pass to the adversary)."""
    left = Counter(steps)
    left.subtract(dice_used(steps, play))
    return tuple(sorted(left.elements(), reverse=True))


def _must_uncover(variant: Versailles, position: Position, steps: tuple[int, ...]) -> bool:
    """Whether the side to move cannot play all of ``steps`` without leaving a point of his empty."""
    side = position.turn
    return not any(len(play) == len(steps) and not uncovers(position, variant.after(position, play), side)
                   for play in variant.plays_of_steps(position, steps))
