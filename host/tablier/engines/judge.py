"""The teacher's judge: is a play clearly worse than the engine's best? (A blunder, to be warned of.)

Teaching mode warns before a turn is ended when the play on the board loses more than the game's
:data:`BLUNDER_THRESHOLDS` against the engine's best play. The judge looks at the level
:data:`JUDGE_LEVEL` (one ply, three half-moves in draughts), quick enough not to be noticed.
Pure: it only compares an engine's ranking with the play made.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .candidates import Candidate
from .levels import Level

MoveT = TypeVar("MoveT")

BLUNDER_THRESHOLDS: dict[str, float] = {
    "backgammon": 0.2, "portes": 0.2, "tavla": 0.2,
    "jacquet": 6.0, "versailles": 6.0, "spanish": 6.0, "fevga": 7.0, "nardy": 7.0,
    "plakoto": 10.0, "ticktack": 20.0,
    "english": 90.0, "losing": 190.0, "polish": 90.0, "polish10": 90.0,
    "devil": 1000.0,
}
"""How much worse than the best a play must be, on its engine's own scale, to be warned of.

* Backgammon, Portes, Tavla: cubeless money equity from GNU Backgammon, in points a game. 0.2 is a
  little over what GNU Backgammon calls a "very bad" play (0.16), for its bare net (the judge's
  ply) is rougher than its deeper looks.
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

DEFAULT_THRESHOLD = 10.0
"""For a game not listed (our tables engine's scale)."""

JUDGE_LEVEL = Level(1, plies=1, seconds=0.5, candidates=1)
"""The judge's look-ahead: level 1's (one throw; three half-moves in draughts), with half a second
at most, so that the same play always gets the same verdict and the turn never waits visibly."""


def blunder_threshold(game: str) -> float:
    """The warning threshold of the game ``game`` (a catalogue name)."""
    return BLUNDER_THRESHOLDS.get(game, DEFAULT_THRESHOLD)


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
