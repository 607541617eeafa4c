"""The move on the board in a draughts game (:class:`~tablier.play.board_move.MoveRules` of a
move): the legal moves as PDN writes them, the way of one on the board (a huffed man, the captured
men, the man moved), and the board's reading that shows it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.board.draughts_inference import DraughtsCandidate
from tablier.board.leds import LedPlan, Meaning
from tablier.board.tables_inference import HIT, Status
from tablier.draughts.core import Move

from ..board_move import ChosenMove, moves_named
from ..computer_lights import Lights, MovePath, next_lights
from ..hearing import Goes, Place, Stands
from .lights import draughts_path, squares_shown

if TYPE_CHECKING:
    from .table import DraughtsTable


class DraughtsMoves:
    """The moves of ``session``'s turn on the board (:class:`~tablier.play.board_move.MoveRules` of a
    move, and the session's :class:`~tablier.play.board_move.MovesOnBoard`)."""

    def __init__(self, session: DraughtsTable) -> None:
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

    # -- the session's moves on the board --------------------------------------------------------

    def moves_named(self, notation: str) -> list[ChosenMove]:
        """The legal moves written ``notation``, each bound to these rules."""
        return moves_named(self, notation)

    def path_lights(self, path: MovePath, confirmed: int) -> Lights:
        """Where the board stands on ``path`` (a square shows a man or none)."""
        squares = self.session.observation.squares
        return next_lights(path, {square: 1 for square in squares}, squares_shown, confirmed)

    def light_place(self, plan: LedPlan, index: int, meaning: Meaning) -> None:
        """Light square ``index``."""
        plan.place(("square", index), meaning)

    def light_throw(self, plan: LedPlan) -> None:
        """Draughts has no dice: nothing to show."""

    def place_words(self, index: int) -> str:
        """``square 14``."""
        return f"square {index}"

    # -- the squares said aloud (speech, reading mode) -----------------------------------------------

    def said_place(self, index: int, player: int | None = None) -> Place:
        """Square ``index`` as it is said (the squares' numbers are both players')."""
        return "square", index

    def stands(self, index: int, player: int) -> Stands:
        """What stands on square ``index`` now: a man or a king, and whose (a man come there this
        move, not yet committed, is the mover's)."""
        session = self.session
        if index not in session.observation.squares:
            return Stands(("square", index), 0, None)
        piece = session.board.piece_at(index)
        if piece is None:
            return Stands(("square", index), 1, session.player_of(session.board.turn))
        return Stands(("square", index), 1, session.player_of(piece.color), piece.king)

    def goes(self, index: int, player: int) -> Goes | None:
        """Where the man lifted from square ``index`` may go this move (each square, and whether
        he captures there; none: he cannot move); None when it is not the mover's man."""
        session = self.session
        reading = session.reading
        if index not in session.board.pieces(session.board.turn):
            return None  # not the mover's man
        if index not in {move.from_square for move in session.legal_moves()}:
            return []
        if (reading is None or reading.status is not Status.IN_HAND) and session.inference is not None:
            reading = session.inference.read(session.observation.squares - {index})  # the lift unseen yet
        if reading is None or reading.status is not Status.IN_HAND:
            return []
        return [(("square", square), kind == HIT) for square, kind in reading.destinations.items()]
