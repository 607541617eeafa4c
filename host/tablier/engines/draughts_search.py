"""The draughts engine: alpha-beta (negamax) with iterative deepening on the bitboard core.

Search: each iteration goes one half-move deeper until the level's time is spent (the last
finished iteration's ranking is the answer). A transposition table keyed by the position keeps each
position's value, depth and best move; that move is tried first, then the moves that cut off most
often before (the history heuristic). At the horizon the search goes on while captures are pending
(quiescence: captures are compulsory, so a pending capture is never a quiet position).

Evaluation, for the side to move: material (a man 100, a king 150, a flying king 300), men's
advance towards the crowning row, and men kept on the back row. In the Losing Game the material
term is turned round (each man given away is progress). Every root move gets an exact score (a full
window at the root), so that a hint can rank them all.
"""

from __future__ import annotations

import time
from typing import ClassVar

from tablier.draughts.core import Board, Move
from tablier.draughts.opposition import has_the_move

from .candidates import Candidate
from .explain import draughts_why
from .levels import DEFAULT_LEVEL, Level
from .profiles import ALPHA_BETA

MATE = 100_000
MAN = 100
_EXACT, _LOWER, _UPPER = 0, 1, 2
DEPTH_CAP = {1: 3}
"""The deepest a level searches (no cap unless listed): level 1 stays shallow whatever the time."""
QUIESCENCE_LIMIT = 12

LOSS_CAP = 1000.0
"""The most a draughts move can lose in an analysis (ten men): the search scores a forced win or loss
about a thousand men from an even game, and a move that throws a forced win away, or walks into a
forced loss, counts as ten men lost, so that one such move does not swamp a player's error rate."""


class _OutOfTime(Exception):
    pass


class DraughtsEngine:
    """Alpha-beta with iterative deepening for one draughts variant (any :class:`Board` subclass)."""

    name: ClassVar[str] = ALPHA_BETA
    """The engine's name, as an analysis records it."""
    loss_cap: ClassVar[float] = LOSS_CAP
    """The most one move can lose in an analysis (:data:`LOSS_CAP`)."""
    exact: ClassVar[bool] = False
    """The engine's scores are a search's estimate (men and their places), not exact."""

    def prepare(self, board: Board) -> None:
        """Nothing to work out ahead of the first question."""

    def __init__(self, board_class: type[Board]) -> None:
        self.board_class = board_class
        self.losing = not board_class.blocked_side_loses
        self.king_value = 300 if board_class.flying_kings else 150
        geometry = board_class.geometry
        self.rows = [sum(1 << geometry.bit_of[s] for s in range(1, geometry.squares + 1)
                         if geometry.row_of[s] == row) for row in range(geometry.size)]
        self.nodes = 0
        self.depth_reached = 0
        self._table: dict[tuple[int, int, int, bool], tuple[int, int, int, Move | None]] = {}
        self._history: dict[tuple[int, int], int] = {}

    # --- the evaluation ---------------------------------------------------------------------------

    def evaluate(self, board: Board) -> int:
        """The static value of ``board`` for the side to move."""
        kings = board.kings
        black_men = board.black & ~kings
        white_men = board.white & ~kings
        black = MAN * black_men.bit_count() + self.king_value * (board.black & kings).bit_count()
        white = MAN * white_men.bit_count() + self.king_value * (board.white & kings).bit_count()
        rows = self.rows
        last = len(rows) - 1
        advance = 0
        for row in range(1, last):
            mask = rows[row]
            advance += row * (black_men & mask).bit_count() - (last - row) * (white_men & mask).bit_count()
        material = black - white
        if self.losing:
            value = -material - advance
        else:
            back = (black_men & rows[0]).bit_count() - (white_men & rows[last]).bit_count()
            value = material + 3 * advance + 8 * back
        return -value if board.turn else value

    # --- the search -------------------------------------------------------------------------------

    def rank(self, board: Board, level: Level = DEFAULT_LEVEL) -> list[Candidate[Move]]:
        """Every legal move of ``board`` (members of ``board.legal_moves()``), best first."""
        board = board.copy(stack=False)
        moves = board.legal_moves()
        if not moves:
            return []
        deadline = time.monotonic() + level.seconds
        cap = DEPTH_CAP.get(level.number, 64)
        self.nodes = 0
        self.depth_reached = 0
        self._history.clear()
        if len(self._table) > 2_000_000:
            self._table.clear()
        scores = {move: 0 for move in moves}
        for depth in range(1, cap + 1):
            try:
                found = {}
                for move in sorted(moves, key=lambda m: -scores[m]):
                    board.push(move)
                    found[move] = -self._search(board, depth - 1, -MATE - 1, MATE + 1, 1, deadline)
                    board.pop()
            except _OutOfTime:
                board.pop()
                break
            scores = found
            self.depth_reached = depth
            if len(moves) == 1 or all(abs(score) > MATE - 1000 for score in scores.values()):
                break
            if time.monotonic() > deadline:
                break
        ranked = sorted(moves, key=lambda m: -scores[m])
        return [Candidate(move, float(scores[move]), terms := self.terms(board, move, scores[move]),
                          draughts_why(terms)) for move in ranked]

    def best(self, board: Board, level: Level = DEFAULT_LEVEL) -> Move:
        """The engine's move: a member of ``board.legal_moves()``."""
        return self.rank(board, level)[0].move

    def _search(self, board: Board, depth: int, alpha: int, beta: int, ply: int, deadline: float) -> int:
        self.nodes += 1
        if not self.nodes & 1023 and time.monotonic() > deadline:
            raise _OutOfTime
        moves = board.legal_moves()
        if not moves:
            return MATE - ply if self.losing else -(MATE - ply)
        if depth <= 0 and (not moves[0].captures or depth <= -QUIESCENCE_LIMIT):
            return self.evaluate(board)
        key = board.position_key()
        entry = self._table.get(key)
        best_move = None
        if entry is not None:
            stored_depth, value, flag, best_move = entry
            if stored_depth >= depth:
                if flag == _EXACT:
                    return value
                if flag == _LOWER and value >= beta:
                    return value
                if flag == _UPPER and value <= alpha:
                    return value
        history = self._history
        moves.sort(key=lambda m: -history.get((m.path[0], m.path[-1]), 0))
        if best_move is not None and best_move in moves:
            moves.remove(best_move)
            moves.insert(0, best_move)
        original_alpha = alpha
        best_value = -MATE - 1
        best_move = moves[0]
        for move in moves:
            board.push(move)
            try:
                value = -self._search(board, depth - 1, -beta, -alpha, ply + 1, deadline)
            finally:
                board.pop()
            if value > best_value:
                best_value, best_move = value, move
            if value > alpha:
                alpha = value
            if alpha >= beta:
                key_move = (move.path[0], move.path[-1])
                history[key_move] = history.get(key_move, 0) + depth * depth
                break
        flag = _UPPER if best_value <= original_alpha else _LOWER if best_value >= beta else _EXACT
        self._table[key] = (depth, best_value, flag, best_move)
        return best_value

    # --- the numbers behind a move ----------------------------------------------------------------

    def terms(self, board: Board, move: Move, score: int) -> dict[str, float]:
        """Material, mobility and (8x8, equal numbers) the move, for the mover after ``move``."""
        mover = board.turn
        board.push(move)
        try:
            if abs(score) > MATE - 1000:
                moves = (MATE - abs(score) + 1) // 2
                return {"score": float(score), "mate_in": float(moves if score > 0 else -moves)}
            mine = len(board.pieces(mover))
            theirs = len(board.pieces(not mover))
            replies = len(board.legal_moves())
            board.turn = mover
            own_moves = len(board.legal_moves())
            board.turn = not mover
            found = {"score": float(score), "material": float(mine - theirs),
                     "mobility": float(own_moves - replies)}
            if board.geometry.squares == 32:
                holder = has_the_move(board)
                if holder is not None:
                    found["the_move"] = 1.0 if holder == mover else -1.0
            return found
        finally:
            board.pop()

