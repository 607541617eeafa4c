""""The move" (the opposition) in English draughts, by the 1890s book's counting rule.

The board's 32 playing squares fall into two *systems*: Black's system is the four columns that
hold Black's single corner and the squares 1-4 (the rows of squares 1-4, 9-12, 17-20 and 25-28),
White's system the other four columns (the rows of 5-8, 13-16, 21-24 and 29-32). With as many pieces
on each side, count the pieces of both colours standing in the system of the side to play: if the
number is odd, the side to play *has the move*; if even, the other side has it. (With equal numbers
the count in either system has the same parity, which is why the 1890s book says to count "on either your
own or your adversary's system".)

Why it works: a plain step always changes a piece's row, so it moves the piece into the other system
and flips the parity of the count, while the turn passes to the other side: who has the move is
unchanged. A jump moves two rows and stays in its system, so only captures change the move. Hence
the 1890s book's rule for exchanges: add up the capturing moves of both sides and the pieces captured in
one system (either, as the exchange leaves the numbers equal); if the two numbers are both odd or
both even the move is not changed, otherwise it is (:func:`exchange_changes_move`). One man for one
man where a single capturing piece is left changes the move.

The analysis is the rule, not a search: ``tests/draughts/test_opposition.py`` compares it with exact
values of small endings.
"""

from __future__ import annotations

from tablier.draughts.core import BLACK, WHITE, Board, Color


def system_of(square: int) -> Color:
    """The system (``BLACK`` or ``WHITE``) a square of the 8x8 board belongs to."""
    return BLACK if ((square - 1) // 4) % 2 == 0 else WHITE


def count_in_system(board: Board, system: Color) -> int:
    """How many pieces, of both colours, stand on squares of ``system``."""
    return sum(1 for color in (BLACK, WHITE) for square in board.pieces(color) if system_of(square) == system)


def has_the_move(board: Board) -> Color | None:
    """Which side has the move by the counting rule; ``None`` unless both sides have as many pieces.

    Only for the 8x8 board (English draughts and its variants on 32 squares).
    """
    if board.geometry.squares != 32:
        raise ValueError("the counting rule for the move is for the 8x8 board")
    if len(board.pieces(BLACK)) != len(board.pieces(WHITE)):
        return None
    odd = count_in_system(board, board.turn) % 2 == 1
    return board.turn if odd else not board.turn


def exchange_changes_move(capturing_moves: int, captured_in_one_system: int) -> bool:
    """The 1890s book's rule: an exchange changes the move when the two numbers differ in parity.

    ``capturing_moves`` counts the capturing moves of both sides in the exchange,
    ``captured_in_one_system`` the pieces captured from the squares of one system (either).
    """
    return capturing_moves % 2 != captured_in_one_system % 2
