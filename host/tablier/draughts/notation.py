"""Reading a move written in PDN notation against a position's legal moves.

Writing is ``str(move)`` (``11-15``, ``15x22``, ``11x18x25``). Reading accepts what people and old
books write: ``-``, ``x``, ``:`` or a space between squares (the 1890s book prints ``22 18`` and even
writes captures with a hyphen, ``15-22``), leading zeros, and short captures that give only the
first and last squares (``11x25``) when they name one move.
"""

from __future__ import annotations

import itertools
import re
from typing import Protocol

from tablier.draughts.geometry import Geometry
from tablier.draughts.moves import Move, Piece
from tablier.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError


class Board(Protocol):
    """What a move is read against: a position and its rules (a :class:`~tablier.draughts.core.Board`)."""

    turn: bool
    black: int
    white: int

    @property
    def geometry(self) -> Geometry: ...

    @property
    def flying_kings(self) -> bool: ...

    @property
    def black_men_step_backward(self) -> bool: ...

    def piece_at(self, square: int) -> Piece | None: ...

    def legal_moves(self) -> list[Move]: ...

_MOVE_TEXT = re.compile(r"\d+(?:\s*[-xX:]\s*\d+|\s+\d+)+")


def squares_of(text: str) -> tuple[list[int], bool]:
    """The squares written in ``text`` and whether it is written as a capture (``x`` or ``:``)."""
    stripped = text.strip()
    if not _MOVE_TEXT.fullmatch(stripped):
        raise InvalidMoveError(f"{text!r} is not a move in PDN notation (like 11-15 or 15x22)")
    return [int(number) for number in re.findall(r"\d+", stripped)], bool(re.search(r"[xX:]", stripped))


def parse_move(board: Board, text: str, legal: list[Move] | None = None) -> Move:
    """The legal move of ``board`` that ``text`` names (see the module docstring).

    ``legal`` replaces the board's legal moves (a game-flow layer with other rules passes its own).
    """
    squares, written_as_capture = squares_of(text)
    last = board.geometry.squares
    for square in squares:
        if not 1 <= square <= last:
            raise InvalidMoveError(f"{text!r}: squares run from 1 to {last}")
    if legal is None:
        legal = board.legal_moves()
    candidates = [move for move in legal
                  if move.path[0] == squares[0] and move.path[-1] == squares[-1]]
    if written_as_capture:
        candidates = [move for move in candidates if move.captures]
    if len(squares) > 2:
        exact = [move for move in candidates if list(move.path) == squares]
        candidates = exact or [move for move in candidates if _route_takes(board, squares, move)]
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        names = ", ".join(str(move) for move in candidates)
        raise AmbiguousMoveError(f"{text.strip()} could be any of {names}: give the landing squares")
    raise IllegalMoveError(_why_illegal(board, squares, legal, text.strip()))


def _route_takes(board: Board, squares: list[int], move: Move) -> bool:
    """Whether jumping through ``squares`` captures exactly ``move``'s pieces (another route to it)."""
    g = board.geometry
    opponent = board.black if board.turn else board.white
    occupied = (board.black | board.white) & ~(1 << g.bit_of[squares[0]])
    taken: list[int] = []
    for start, end in itertools.pairwise(squares):
        dr = g.row_of[end] - g.row_of[start]
        dc = g.column_of[end] - g.column_of[start]
        if abs(dr) != abs(dc) or dr == 0 or (abs(dr) > 2 and not board.flying_kings):
            return False
        between = []
        row, column = g.row_of[start], g.column_of[start]
        for step in range(1, abs(dr)):
            between.append(g.square_at(row + step * (dr // abs(dr)), column + step * (dc // abs(dc))))
        pieces = [s for s in between if occupied >> g.bit_of[s] & 1]
        if len(pieces) != 1 or not opponent >> g.bit_of[pieces[0]] & 1 or pieces[0] in taken:
            return False
        taken.append(pieces[0])
    return sorted(taken) == sorted(move.captures)


def _why_illegal(board: Board, squares: list[int], legal: list[Move], text: str) -> str:
    """A one-line reason why no legal move matches."""
    piece = board.piece_at(squares[0])
    side = "White" if board.turn else "Black"
    if piece is None:
        return f"{text}: there is no piece on {squares[0]}"
    if piece.color != board.turn:
        return f"{text}: the piece on {squares[0]} is not {side}'s ({side} to move)"
    if not legal:
        return f"{text}: {side} has no legal move"
    if legal[0].captures and not any(move.path[0] == squares[0] and move.captures for move in legal):
        options = ", ".join(str(move) for move in legal)
        return f"{text}: a capture is compulsory ({options})"
    from_here = [str(move) for move in legal if move.path[0] == squares[0]]
    reason = _broken_rule(board, squares, piece.king) or "not legal"
    if from_here:
        return f"{text}: {reason}; the piece on {squares[0]} can play {', '.join(from_here)}"
    return f"{text}: {reason}; the piece on {squares[0]} cannot move"


def _broken_rule(board: Board, squares: list[int], king: bool) -> str:
    """The rule of movement a plain move from ``squares[0]`` to ``squares[-1]`` breaks, if one is plain."""
    g = board.geometry
    start, end = squares[0], squares[-1]
    rows = g.row_of[end] - g.row_of[start]
    columns = g.column_of[end] - g.column_of[start]
    if board.piece_at(end) is not None:
        return f"square {end} is taken"
    if abs(rows) != abs(columns):
        return "pieces move diagonally"
    forward = -1 if board.turn else 1
    if not king and rows * forward < 0 and not (board.black_men_step_backward and not board.turn):
        return "men move forward only"
    if abs(rows) > 1 and not (king and board.flying_kings):
        return "a piece moves one square, or jumps over a piece"
    return ""
