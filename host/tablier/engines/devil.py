"""Devil among the Tailors: perfect play from the exact solver (:mod:`tablier.draughts.devil_solver`)."""

from __future__ import annotations

from functools import cache

from tablier.draughts.core import Board, Move
from tablier.draughts.devil_solver import DevilPosition, DevilSolver
from tablier.draughts.variants import DevilBoard

from .candidates import Candidate
from .explain import devil_why
from .levels import DEFAULT_LEVEL, Level


@cache
def shared_solver() -> DevilSolver:
    """One solver for the process: its table of solved positions grows as games are played."""
    return DevilSolver()


class DevilEngine:
    """Every move of the devil or the tailors ranked by its exact value: fastest win, slowest loss."""

    def rank(self, board: Board, level: Level = DEFAULT_LEVEL) -> list[Candidate[Move]]:
        """Every legal move, best first; ``score`` 1000 - n for a win in n plies, -(1000 - n) for a
        loss. The level does not matter: the play is perfect."""
        if not isinstance(board, DevilBoard):
            raise TypeError("the Devil engine plays Devil among the Tailors only")
        solver = shared_solver()
        mover = board.turn
        ranked = []
        for move in board.legal_moves():
            board.push(move)
            try:
                after = DevilPosition.from_board(board)
                winner = after.winner()
                solution = solver.solve(after) if winner is None else None
            finally:
                board.pop()
            wins = (winner if solution is None else solution.winner) == mover
            plies = 1 + (solution.plies if solution else 0)
            score = (1000 - plies) if wins else -(1000 - plies)
            terms = {"wins": 1.0 if wins else 0.0, "plies": float(plies)}
            ranked.append(Candidate(move, float(score), terms, devil_why(terms)))
        ranked.sort(key=lambda candidate: -candidate.score)
        return ranked

    def best(self, board: Board, level: Level = DEFAULT_LEVEL) -> Move:
        """The solver's move: a member of ``board.legal_moves()``."""
        return self.rank(board, level)[0].move

