"""Devil among the Tailors, solved exactly by memoised game-tree search.

The rules are those of :class:`~tablier.draughts.variants.DevilBoard` (``devil``): four white men,
the tailors, step one square forward (towards square 1); the black devil steps one square either way;
nothing is captured or crowned. The side to move that cannot move loses (a pinned devil: White wins;
tailors that cannot move: Black wins), and Black wins as soon as the devil stands in *the free
country*: on a row behind every tailor (:meth:`DevilBoard.in_free_country`), where no tailor, moving
only forward, can ever come level with him again.

Every game is finite: the tailors have at most 4 x 7 steps between them and White must step on every
turn, so a game lasts at most 57 plies and the positions form a directed acyclic graph (there are no
draws). The solver walks it depth-first and remembers every position's value: the 879,446 positions
reachable from the start take a few seconds in pure Python. :meth:`DevilSolver.solve` says who wins
with best play and in how many plies (the winner hurries, the loser delays);
:meth:`DevilSolver.principal_line` plays it out. The result is in ``docs/rules/devil-solution.md``.

The solver keeps its own compact position (a bit mask of tailors, the devil's square, the side to
move) for speed; ``tests/draughts/test_devil_solver.py`` checks its moves and ends against
``DevilBoard`` position by position.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablier.draughts.core import BLACK, WHITE, Board, Color
from tablier.draughts.geometry import BOARD_8, DIRECTIONS, UP_DIRECTIONS
from tablier.draughts.variants import DevilBoard

_G = BOARD_8
_SQUARES = range(1, _G.squares + 1)


def _steps(directions: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each square (index = square number), the squares one step away in ``directions``."""
    table: list[tuple[int, ...]] = [()]
    for square in _SQUARES:
        bit = _G.bit_of[square]
        table.append(tuple(_G.square_of[_G.neighbour[d][bit]] for d in directions
                           if _G.neighbour[d][bit] >= 0))
    return tuple(table)


_TAILOR_STEPS = _steps(UP_DIRECTIONS)
_DEVIL_STEPS = _steps(DIRECTIONS)
_ROW = _G.row_of


@dataclass(frozen=True)
class DevilPosition:
    """Four tailors' squares, the devil's square and who is to move."""

    tailors: frozenset[int]
    devil: int
    turn: Color

    @classmethod
    def from_board(cls, board: Board) -> DevilPosition:
        """The position of a ``devil`` board (the one black man is the devil)."""
        return cls(frozenset(board.pieces(WHITE)), board.pieces(BLACK)[0], board.turn)

    @classmethod
    def from_fen(cls, fen: str) -> DevilPosition:
        """The position of a FEN (``B:W29,30,31,32:B1``); ``InvalidPositionError`` if it is no Devil game."""
        return cls.from_board(DevilBoard(fen))

    def fen(self) -> str:
        """The position as FEN."""
        tailors = ",".join(map(str, sorted(self.tailors)))
        return f"{'W' if self.turn else 'B'}:W{tailors}:B{self.devil}"

    def board(self) -> DevilBoard:
        """The position on a ``devil`` board (to draw it or play on)."""
        return DevilBoard(self.fen())

    def moves(self) -> list[tuple[int, int]]:
        """The legal moves ``(from, to)`` of the side to move."""
        occupied = self.tailors | {self.devil}
        if self.turn == BLACK:
            return [(self.devil, to) for to in _DEVIL_STEPS[self.devil] if to not in occupied]
        return [(start, to) for start in sorted(self.tailors) for to in _TAILOR_STEPS[start]
                if to not in occupied]

    def play(self, move: tuple[int, int]) -> DevilPosition:
        """The position after ``move`` (assumed legal)."""
        start, to = move
        if self.turn == BLACK:
            return DevilPosition(self.tailors, to, WHITE)
        return DevilPosition(self.tailors - {start} | {to}, self.devil, BLACK)

    def in_free_country(self) -> bool:
        """Whether the devil stands on a row behind every tailor."""
        return all(_ROW[tailor] < _ROW[self.devil] for tailor in self.tailors)

    def winner(self) -> Color | None:
        """Who has won in this position by the rules, or ``None`` while the game goes on."""
        if not self.moves():
            return not self.turn
        if self.in_free_country():
            return BLACK
        return None


def first_mover(position: DevilPosition) -> Color:
    """Who must have moved first for ``position`` to arise from the start (29-32 against 1).

    Each devil step changes the parity of his row; each tailor step lowers the sum of the tailors'
    rows (7 each at the start) by one. So when White is to move, the devil's row has the parity of
    the tailors' steps if White moved first, and the other parity if Black did; when Black is to
    move, the other way round.
    """
    steps = sum(7 - _ROW[tailor] for tailor in position.tailors)
    same_parity = (_ROW[position.devil] - steps) % 2 == 0
    return WHITE if same_parity == (position.turn == WHITE) else BLACK


#: The starting position with the devil to move first (Law 7: the black piece opens).
START = DevilPosition(frozenset({29, 30, 31, 32}), 1, BLACK)


@dataclass(frozen=True)
class Solution:
    """The value of a position: who wins with best play and in how many plies (0: it is over)."""

    winner: Color
    plies: int


# Inside, a value is one int: WIN - n when White wins in n plies, -(WIN - n) when Black does. The
# winner maximises (White) or minimises (Black) it, which makes him hurry and the loser delay.
_WIN = 1000


def _earlier(value: int) -> int:
    """A child's value seen from its parent, one ply earlier."""
    return value - 1 if value > 0 else value + 1


class DevilSolver:
    """Exact values of Devil among the Tailors positions (see the module docstring)."""

    def __init__(self) -> None:
        self._values: dict[int, int] = {}  # key: tailors' mask, devil's square, side to move

    def __len__(self) -> int:
        """How many positions have been solved so far."""
        return len(self._values)

    def solve(self, position: DevilPosition) -> Solution:
        """Who wins ``position`` with best play, and how soon."""
        value = self._value(position)
        return Solution(WHITE if value > 0 else BLACK, _WIN - abs(value))

    def best_moves(self, position: DevilPosition) -> list[tuple[int, int]]:
        """The moves that keep the best value for the side to move (fastest win, slowest loss)."""
        if position.winner() is not None:
            return []
        scored = [(_earlier(self._value(position.play(move))), move) for move in position.moves()]
        pick = max if position.turn == WHITE else min
        best = pick(score for score, _ in scored)
        return [move for score, move in scored if score == best]

    def principal_line(self, position: DevilPosition) -> list[tuple[int, int]]:
        """A line of best moves from ``position`` to the end of the game."""
        line = []
        while position.winner() is None:
            move = self.best_moves(position)[0]
            line.append(move)
            position = position.play(move)
        return line

    def _value(self, position: DevilPosition) -> int:
        mask = 0
        for tailor in position.tailors:
            mask |= 1 << tailor
        return self._search(mask, position.devil, position.turn)

    def _search(self, mask: int, devil: int, turn: Color) -> int:
        key = mask << 7 | devil << 1 | turn
        known = self._values.get(key)
        if known is not None:
            return known
        tailors = _squares_in(mask)
        if turn == BLACK:
            targets = [to for to in _DEVIL_STEPS[devil] if not mask >> to & 1]
            if not targets:
                value = _WIN  # the devil is pinned
            elif _free(tailors, devil):
                value = -_WIN
            else:
                value = min(_earlier(self._search(mask, to, WHITE)) for to in targets)
        else:
            children = [mask ^ (1 << start | 1 << to) for start in tailors for to in _TAILOR_STEPS[start]
                        if not mask >> to & 1 and to != devil]
            if not children or _free(tailors, devil):
                value = -_WIN  # the tailors cannot move, or the devil is through
            else:
                value = max(_earlier(self._search(child, devil, BLACK)) for child in children)
        self._values[key] = value
        return value


def _free(tailors: list[int], devil: int) -> bool:
    row = _ROW[devil]
    return all(_ROW[tailor] < row for tailor in tailors)


def _squares_in(mask: int) -> list[int]:
    squares = []
    while mask:
        low = mask & -mask
        squares.append(low.bit_length() - 1)
        mask ^= low
    return squares
