"""pydraughts, an independent reader, reads the PDN we write: the same moves, the same final position.

Traps avoided (see ``/work/shared/notes/oracles.md``): pydraughts' reader duplicates the first move
when the FEN tag starts with ``B``, so the games here start from the variants' own start positions
(no FEN tag) or from a set-up with White to move; its 10x10 moves name only the first and last
squares, so moves are matched by their squares and captured pieces.
"""

from __future__ import annotations

import random

import pytest

from tablier.draughts import find_variant
from tablier.draughts.pdn_writer import new_game, write_game

draughts = pytest.importorskip("draughts")
from draughts.PDN import PDNReader  # noqa: E402


def _fen_squares(fen: str) -> tuple[str, set[str], set[str]]:
    """(side to move, White's pieces, Black's pieces) of a FEN, whatever the order of the squares."""
    turn, white, black = fen.split(":")
    return turn, set(filter(None, white[1:].split(","))), set(filter(None, black[1:].split(",")))


def _random_moves(variant: str, seed: int, fen: str | None = None, plies: int = 60) -> tuple[list[str], str]:
    rng = random.Random(seed)
    board = find_variant(variant)(fen)
    moves = []
    for _ in range(plies):
        legal = board.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(str(move))
        board.push(move)
    return moves, board.fen()


@pytest.mark.parametrize(("variant", "theirs", "game_type", "fen"), [
    ("english", "english", 21, None),
    ("polish10", "standard", 20, None),
    ("polish10", "standard", 20, "W:W28,32,33,37,38,39,43,44,48:B3,7,8,9,12,13,17,18,19"),
])
@pytest.mark.parametrize("seed", range(5))
def test_pydraughts_reads_our_pdn(variant: str, theirs: str, game_type: int, fen: str | None,
                                  seed: int) -> None:
    moves, final_fen = _random_moves(variant, seed, fen)
    text = write_game(new_game(moves, game_type=game_type, fen=fen))
    [game] = PDNReader(pdn_text=text).games
    assert game.moves == moves
    assert game.variant == theirs
    board = draughts.Board(theirs, fen) if fen else draughts.Board(theirs)
    for written in moves:
        squares = [int(square) for square in written.replace("x", "-").split("-")]
        matching = [move for move in board.legal_moves()
                    if move.steps_move[0] == squares[0] and move.steps_move[-1] == squares[-1]
                    and (len(squares) == 2 or list(move.steps_move) == squares)]
        assert len(matching) == 1, (written, [move.pdn_move for move in board.legal_moves()])
        board.push(matching[0])
    assert _fen_squares(board.fen) == _fen_squares(final_fen)
