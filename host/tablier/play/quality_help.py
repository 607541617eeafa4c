"""The quality lights in play: the hint budget of the player to move, and his turn's bands.

At the start of a turn of a person at this board (not the computer's seat, not a player at another
board, not a replay), when his help shows quality (``--quality``, a strict game's leave: the
:class:`~tablier.board.hint_budget.HintBudget`), his teacher asks for the turn's ranking (the one
its hint, its warning and the mark read), grades it and indexes the bands of every place on the
engine's thread (:meth:`QualityHelp.build`: a
:class:`~tablier.board.quality_lights.TablesQuality` or a ``DraughtsQuality``). A lifted man's
lights then read a few dictionaries, off the work's path. A lift spends a hint
(:meth:`QualityHelp.lift`); the lights show the bands of a man lifted from a place hinted this turn,
once the index is there, and legality only otherwise. The page and the terminal say
:meth:`QualityHelp.words` ("2 hints left of 3").
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from concurrent.futures import Future
from typing import Generic, TypeVar

from tablier.board.hint_budget import Assistance, HintBudget

IndexT = TypeVar("IndexT")


class QualityHelp(Generic[IndexT]):
    """One session's quality help: each player's level (``levels``: player 1's and player 2's, as
    ``--quality`` gives them), allowed by ``helps`` (the teacher's rule for a strict game)."""

    def __init__(self, levels: tuple[str, str], helps: Callable[[], bool]) -> None:
        self.budget = HintBudget({1: Assistance.parse(levels[0]), 2: Assistance.parse(levels[1])}, helps)
        self.person = False  # the player to move is a person at this board
        self._turn: object = None
        self._index: tuple[object, Future[IndexT]] | None = None

    def begin(self, turn: object, player: int, person: bool) -> bool:
        """Player ``player`` is to move in ``turn`` (a new key: his budget whole again; the same key
        read again, as after Ticktack's touch, keeps what he spent); ``person``: a person at this
        board moves for him. Whether his lights are wanted: then :meth:`build` them."""
        if turn != self._turn:
            self._turn = turn
            self.budget.new_turn(player)
        self.person = person
        self._index = None
        return person and self.budget.shows()

    def build(self, key: object, index: Future[IndexT]) -> None:
        """The turn's bands, being indexed on the engine's thread (``index``), for the reading of
        ``key`` (the turn's inference: lights read with another are not this index's)."""
        self._index = (key, index)

    def index(self, key: object) -> IndexT | None:
        """The bands of the turn read by ``key``, once indexed (None before, or if grading failed)."""
        if self._index is None or self._index[0] is not key or not self._index[1].done():
            return None
        future = self._index[1]
        return None if future.exception() is not None else future.result()

    def indexing(self) -> bool:
        """Whether the turn's bands are still being worked out (a script's hands wait for them
        before they lift a man, as a person thinks a moment before his first: what a script expects
        to see lit is then certain)."""
        return self._index is not None and not self._index[1].done()

    def lift(self, place: Hashable) -> None:
        """A man of the player to move was lifted from ``place``: a hint spent, if any are left."""
        if self.person:
            self.budget.lift(place)

    def showing(self, place: Hashable) -> bool:
        """Whether a man from ``place`` shows his quality: a person's turn, his help on, and the place
        hinted this turn (or no limit)."""
        return self.person and self.budget.showing(place)

    def words(self) -> str:
        """The hints left to the person to move, when his level counts them ("1 hint left of 2");
        "" otherwise (full help, off, a strict game, the computer's turn)."""
        player = self.budget.player
        if not self.person or player is None or not self.budget.shows():
            return ""
        return self.budget.describe() if self.budget.levels[player].hints is not None else ""
