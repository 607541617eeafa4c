"""The quality of plays: each legal play's loss against the best, its band and its mark.

The teacher's ranking of a turn (the game's engine at the teacher's level, every legal play scored
alike: :func:`~tablier.engines.judge.teacher_level`) is graded once: each play's **loss** is the best
allowed play's score minus its own, and its **band** is one of ``best``, ``doubtful``, ``bad``,
``very bad`` by the game's :class:`~tablier.engines.profiles.Bands` (GNU Backgammon's own 0.04, 0.08,
0.16 for the games it plays; each profile's elsewhere). The quality lights show the band of each
place a lifted man may go (the best play through it: :mod:`tablier.board.quality_lights`); the page
and the terminal mark a play made with :data:`MARKS`, as GNU Backgammon marks a move (``?!``, ``?``,
``??``; its ``aszSkillTypeAbbr``). Pure: candidates in, grades out.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .candidates import Candidate
from .profiles import BAD, BANDS, BEST, DOUBTFUL, VERY_BAD, Bands, profile

__all__ = ["BAD", "BANDS", "BEST", "DOUBTFUL", "MARKS", "VERY_BAD", "Bands", "Graded", "bands_for",
           "best_by", "grade", "grade_play"]

MoveT = TypeVar("MoveT")
KeyT = TypeVar("KeyT", bound=Hashable)

MARKS = {BEST: "", DOUBTFUL: "?!", BAD: "?", VERY_BAD: "??"}
"""The mark of each band after a play, as GNU Backgammon writes them (an unmarked best play)."""


def bands_for(game: str) -> Bands:
    """The quality bands of the game named ``game`` (a catalogue name): its profile's."""
    return profile(game).quality


@dataclass(frozen=True)
class Graded(Generic[MoveT]):
    """One legal play graded: its loss against the best allowed play (0 for the best), its band."""

    move: MoveT
    loss: float
    band: str

    @property
    def mark(self) -> str:
        """``?!``, ``?``, ``??`` or ``""`` (:data:`MARKS`)."""
        return MARKS[self.band]


def grade(ranking: Sequence[Candidate[MoveT]], bands: Bands,
          allowed: Collection[MoveT] | None = None) -> list[Graded[MoveT]]:
    """Every play of ``ranking`` (only those in ``allowed``, if given: the rules at the table may allow
    fewer plays than the engine knows) graded against the best of them, in the ranking's order."""
    usable = [candidate for candidate in ranking if allowed is None or candidate.move in allowed]
    if not usable:
        return []
    best = max(candidate.score for candidate in usable)
    graded = []
    for candidate in usable:
        loss = max(0.0, best - candidate.score)
        graded.append(Graded(candidate.move, loss, bands.band(loss)))
    return graded


def grade_play(ranking: Sequence[Candidate[MoveT]], bands: Bands, played: Hashable,
               key: Callable[[MoveT], Hashable] = lambda move: move) -> Graded[MoveT] | None:
    """The grade of the play whose ``key`` is ``played`` (the mark after a play); None when the
    ranking does not hold it."""
    return next((graded for graded in grade(ranking, bands) if key(graded.move) == played), None)


def best_by(graded: Iterable[Graded[MoveT]],
            key: Callable[[MoveT], Iterable[KeyT]]) -> dict[KeyT, Graded[MoveT]]:
    """The best graded play under each of the keys ``key`` gives a play (a draughts move's landing
    square, a place a tables play passes through): what a light on that key shows."""
    found: dict[KeyT, Graded[MoveT]] = {}
    for item in graded:
        for name in key(item.move):
            known = found.get(name)
            if known is None or item.loss < known.loss:
                found[name] = item
    return found
