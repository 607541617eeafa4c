"""The move on the board in a draughts game (:class:`~tablier.play.board_move.MoveRules` of a
move): the legal moves as PDN writes them, the way of one on the board (a huffed man, the captured
men, the man moved), and the board's reading that shows it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.board.draughts_inference import DraughtsCandidate
from tablier.board.tables_inference import Status
from tablier.draughts.core import Move

from .lights import draughts_path

if TYPE_CHECKING:
    from ..computer_lights import MovePath
    from .session import DraughtsSession


class DraughtsMoves:
    """The moves of ``session``'s turn on the board."""

    def __init__(self, session: DraughtsSession) -> None:
        self.session = session

    def named(self, notation: str) -> list[Move]:
        """The legal moves written ``notation``."""
        return [move for move in self.session.legal_moves() if str(move) == notation]

    def allowed(self, move: Move) -> bool:
        """Whether ``move`` is still legal (a touched man may narrow the moves)."""
        return move in self.session.legal_moves()

    def notation(self, move: Move) -> str:
        """``11-15``, ``15x22``..."""
        return str(move)

    def path(self, move: Move, huffed: int | None) -> MovePath:
        """The way of ``move`` on the board (``huffed``: a man huffed, still to be lifted)."""
        return draughts_path(self.session, move, huffed)

    def shown(self, move: Move) -> bool:
        """Whether the board's reading shows ``move``."""
        return self._candidate(move) is not None

    def commit(self, move: Move) -> None:
        """Commit ``move`` as the board shows it."""
        candidate = self._candidate(move)
        assert candidate is not None
        self.session._commit(candidate)

    def _candidate(self, move: Move) -> DraughtsCandidate | None:
        reading = self.session.reading
        if reading is None or reading.status not in (Status.FINAL, Status.AMBIGUOUS):
            return None
        return next((candidate for candidate in reading.finals if candidate.move == move), None)
