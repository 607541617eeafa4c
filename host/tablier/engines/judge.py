"""The teacher's judge: is a play clearly worse than the engine's best? (A blunder, to be warned of.)

One judge, one answer: the teacher's hint, its warnings and ``tablier hint`` (at its default level)
all read the same ranking, the game's engine at the game's :func:`teacher_level` (its profile's ``teaching``),
in which every legal play is scored alike (the same look-ahead for each, untimed), so that the best
play of a hint is the play a warning compares against and a warning's loss is the difference of
the two plays' scores in the hint. Teaching mode warns before a turn is ended when the play on the
board loses more than the game's threshold against that best play. Pure: it only compares an
engine's ranking with the play made.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from .candidates import Candidate
from .levels import LEVELS, Level
from .profiles import profile

MoveT = TypeVar("MoveT")



def blunder_threshold(game: str) -> float:
    """The warning threshold of the game ``game`` (a catalogue name)."""
    return profile(game).teaching.threshold


def teacher_level(game: str) -> Level:
    """The level at which the teacher of ``game`` ranks the plays (hints and warnings alike),
    untimed: the same position always gets the same answer, however busy the machine."""
    level = LEVELS[profile(game).teaching.level - 1]
    return replace(level, seconds=math.inf)


def is_blunder(best: float, played: float, threshold: float) -> bool:
    """Whether a play scoring ``played`` is clearly worse than the best, scoring ``best``."""
    return best - played > threshold


@dataclass(frozen=True)
class Verdict(Generic[MoveT]):
    """The judge's word on one play: the best allowed play, the one made, and how much it loses."""

    best: Candidate[MoveT]
    played: Candidate[MoveT]
    threshold: float

    @property
    def loss(self) -> float:
        """How much the play made loses against the best (0 for the best), on the engine's scale."""
        return max(0.0, self.best.score - self.played.score)

    @property
    def blunder(self) -> bool:
        """Whether the play made is clearly worse than the best (warn of it)."""
        return is_blunder(self.best.score, self.played.score, self.threshold)


def judge(ranking: Sequence[Candidate[MoveT]], played: Hashable, threshold: float,
          key: Callable[[MoveT], Hashable], allowed: Collection[Hashable] | None = None,
          ) -> Verdict[MoveT] | None:
    """The verdict on the play whose ``key`` is ``played``, against the best of ``ranking`` whose key
    is ``allowed`` (all if None: the rules at the table may allow fewer plays than the engine knows);
    None when the engine's ranking has no such play."""
    usable = [c for c in ranking if allowed is None or key(c.move) in allowed]
    made = next((c for c in usable if key(c.move) == played), None)
    if made is None or not usable:
        return None
    best = max(usable, key=lambda c: c.score)
    return Verdict(best, made, threshold)
