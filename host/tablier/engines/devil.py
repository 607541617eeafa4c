"""Devil among the Tailors: perfect play, from the solved table shipped with the package.

Every position reachable from the start (either side first) is in the table of
:mod:`tablier.engines.devil_table`, so a hint is a few look-ups. A position the table does not hold
(set up by FEN) is solved then by :class:`tablier.draughts.devil_solver.DevilSolver`, whose table
of solved positions is kept for the process.
"""

from __future__ import annotations

import math
from functools import cache
from typing import ClassVar

from tablier.draughts.core import Board, Move
from tablier.draughts.devil_solver import DevilPosition, DevilSolver, Solution

from .candidates import Candidate
from .devil_table import lookup
from .explain import devil_why
from .levels import DEFAULT_LEVEL, Level
from .profiles import SOLVER


@cache
def shared_solver() -> DevilSolver:
    """One solver for the process, for positions the shipped table does not hold."""
    return DevilSolver()


def solution(position: DevilPosition) -> Solution:
    """Who wins ``position`` with best play and in how many plies: from the table, else solved."""
    found = lookup(position)
    return found if found is not None else shared_solver().solve(position)


class DevilEngine:
    """Every move of the devil or the tailors ranked by its exact value: fastest win, slowest loss."""

    name: ClassVar[str] = SOLVER
    """The engine's name, as an analysis records it."""
    loss_cap: ClassVar[float] = math.inf
    """The most one move can lose in an analysis: no cap (the scores are exact plies to the end)."""
    exact: ClassVar[bool] = True
    """The engine's scores are exact: a move's verdict is a game won or thrown away."""

    def prepare(self, board: Board) -> None:
        """Work out ``board``'s solution ahead of the first question (the shipped table's load, or a
        position it does not hold solved): slow, for a background thread."""
        position = DevilPosition.from_board(board)
        if position.winner() is None:
            solution(position)

    def rank(self, board: Board, level: Level = DEFAULT_LEVEL) -> list[Candidate[Move]]:
        """Every legal move, best first; ``score`` 1000 - n for a win in n plies, -(1000 - n) for a
        loss. The level does not matter: the play is perfect."""
        mover = board.turn
        ranked = []
        for move in board.legal_moves():
            board.push(move)
            try:
                after = DevilPosition.from_board(board)
                winner = after.winner()
                solved = solution(after) if winner is None else None
            finally:
                board.pop()
            wins = (winner if solved is None else solved.winner) == mover
            plies = 1 + (solved.plies if solved else 0)
            score = (1000 - plies) if wins else -(1000 - plies)
            terms = {"wins": 1.0 if wins else 0.0, "plies": float(plies)}
            ranked.append(Candidate(move, float(score), terms, devil_why(terms)))
        ranked.sort(key=lambda candidate: -candidate.score)
        return ranked

    def best(self, board: Board, level: Level = DEFAULT_LEVEL) -> Move:
        """The perfect move: a member of ``board.legal_moves()``."""
        return self.rank(board, level)[0].move
