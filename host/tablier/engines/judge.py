"""The teacher's judge: is a play clearly worse than the engine's best? (A blunder, to be warned of.)

One judge, one answer: the teacher's hint, its warnings and ``tablier hint`` (at its default level)
all read the same ranking, the game's engine at the game's :func:`teacher_level` (:data:`TEACHING`),
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

MoveT = TypeVar("MoveT")


@dataclass(frozen=True)
class Teaching:
    """How the teacher judges one game: the ``threshold`` past which a play is warned of (on the
    engine's own scale) and the ``level`` at which it ranks the plays (for its hints too)."""

    threshold: float
    level: int


TEACHING: dict[str, Teaching] = {
    "backgammon": Teaching(0.2, 2), "portes": Teaching(0.2, 2), "tavla": Teaching(0.2, 2),
    "jacquet": Teaching(6.0, 1), "versailles": Teaching(6.0, 1), "spanish": Teaching(6.0, 1),
    "fevga": Teaching(7.0, 1), "nardy": Teaching(7.0, 1), "plakoto": Teaching(10.0, 1),
    "ticktack": Teaching(20.0, 1),
    "english": Teaching(90.0, 1), "losing": Teaching(190.0, 1), "polish": Teaching(90.0, 1),
    "polish10": Teaching(90.0, 1), "devil": Teaching(1000.0, 1),
}
"""Each game's teacher: its warning threshold and its level (the one table of both).

The level is the deepest at which the engine scores *every* legal play alike, so that a hint and a
warning read the same numbers: level 2 for the games GNU Backgammon plays (its 1-ply look at each
play, a few hundredths of a second a throw), level 1 for our expectimax (one ply: its level 2 looks
deeper at the best three plays only, and a two-ply score is not comparable with a one-ply one) and
for draughts (three half-moves and the captures that follow: deeper levels deepen by the clock, and
the same move must always get the same verdict). The Devil's solver is exact at any level.

Thresholds, how much worse than the best a play must be to be warned of:

* Backgammon, Portes, Tavla: cubeless money equity from GNU Backgammon, in points a game. 0.2 is a
  little over what GNU Backgammon calls a "very bad" play (0.16): a warning stops the player's turn,
  and only a clear blunder should.
* Jacquet, Versailles, Spanish, Fevga, Long Nardy, Plakoto, Ticktack: our engine's evaluation, on
  which a pip of the race counts 1 (a lone man he can hit -4, a point held in his way 2 to 2.5, a
  pinned man 12 in Plakoto, a counter his next throw may win 60 in Ticktack).
* English draughts, Polish: the search's score, where a man counts 100 (a king 150, a flying king
  300): 90 is "about a man lost" within the judge's three half-moves (captures followed to their
  end); the Losing Game's 190, about two men, because giving men away there is the aim and its
  scores swing more.
* Devil among the Tailors: the solver's exact score, 1000 - n for a win in n half-moves, -(1000 - n)
  for a loss: only throwing away a won game differs by more than 1000.

Measured on the positions of random games (``tests/engines/test_judge.py``, full run): the engine's
own second choice is warned of in 3-15% of them (the least in Plakoto, the most in Tavla), a play
picked at random in 28-60%.
"""

DEFAULT_TEACHING = Teaching(10.0, 1)
"""For a game not listed (our tables engine's scale)."""


def blunder_threshold(game: str) -> float:
    """The warning threshold of the game ``game`` (a catalogue name)."""
    return TEACHING.get(game, DEFAULT_TEACHING).threshold


def teacher_level(game: str) -> Level:
    """The level at which the teacher of ``game`` ranks the plays (hints and warnings alike),
    untimed: the same position always gets the same answer, however busy the machine."""
    level = LEVELS[TEACHING.get(game, DEFAULT_TEACHING).level - 1]
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
