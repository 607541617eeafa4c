"""The seed's seven illustrative games (English draughts) replay and end to the stated winner's advantage.

What is asserted, precisely:

1. ``tests/data/draughts/seed_illustrative_games.pdn`` holds exactly the moves of the seed's table
   "ILLUSTRATIVE GAMES" (columns 1-7, read from the seed itself when it is on this machine).
2. Every move is legal under ``english`` (captures written ``15-22`` and short multi-jumps ``25 4``
   as the seed prints them).
3. The move marked ``*`` ("the losing move") is played by the side the seed says loses.
4. At the end: game 7 (White wins) leaves Black to move with no legal move, a win for White by the
   rules. In games 1-6 a minimax search of 8 plies (captures followed until none is pending) over
   material (man 2, king 3) gives the stated winner a strictly positive balance against every
   defence: in games 2-6 at least a man ahead, in game 1 (8 v 8 men) a king against a man (Black's
   man on 25 crowns and White cannot win it back or win a man in return).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tablier.draughts import BLACK, WHITE, Board
from tablier.draughts.pdn import PdnGame
from tablier.draughts.pdn_replay import replay_game
from tablier.record.pdn_records import read_pdn_file

SEED = Path(os.environ["TABLIER_SHARED"], "seeds/003_7904e6c28b2fbd8e.txt")
DATA = Path(__file__).parents[1] / "data" / "draughts" / "seed_illustrative_games.pdn"
GAMES = read_pdn_file(str(DATA))


def _seed_columns(text: str) -> list[list[str]]:
    """The seven columns of the seed's table, each a list of cells (moves, then "B wins." or so).

    The table is printed flattened: rows of seven ``|``-separated cells, each row followed by one
    empty cell where the row's right border meets the next row's left border.
    """
    table = text[text.index("ILLUSTRATIVE GAMES."):text.index("_=LOSING GAME")]
    body = table[table.index("_7_"):]
    body = body[body.index("|", body.index("+-")):body.rindex("+-")]
    cells = [cell.strip() for cell in body[:body.rindex("|") + 1].split("|")[1:-1]]
    rows = [cells[start:start + 7] for start in range(0, len(cells), 8)]
    return [[cell for cell in column if cell] for column in zip(*rows, strict=True)]


def _winner(game: PdnGame) -> bool:
    return BLACK if game.result == "1-0" else WHITE


@pytest.mark.skipif(not SEED.exists(), reason="the seed is not on this machine")
def test_the_data_file_holds_the_seed_table() -> None:
    columns = _seed_columns(SEED.read_text(encoding="utf-8"))
    assert len(columns) == 7
    for column, game in zip(columns, GAMES, strict=True):
        *moves, verdict = column
        assert verdict in ("B wins.", "W wins.")
        assert _winner(game) == (WHITE if verdict == "W wins." else BLACK)
        written = ["-".join(re.findall(r"\d+", move)) for move in moves]
        assert [node.move.pdn() for node in game.moves] == written
        stars = [index for index, move in enumerate(moves) if move.startswith("*")]
        marked = [index for index, node in enumerate(game.moves) if "* the losing move" in node.comments]
        assert stars == marked


@pytest.mark.parametrize("number", range(1, 8))
def test_every_move_is_legal(number: int) -> None:
    game = GAMES[number - 1]
    replay = replay_game(game, Board)
    assert replay.ok, replay.failure
    assert replay.moves == len(game.moves)


@pytest.mark.parametrize("number", range(1, 7))
def test_the_losing_move_is_the_losers(number: int) -> None:
    game = GAMES[number - 1]
    [ply] = [index for index, node in enumerate(game.moves) if "* the losing move" in node.comments]
    mover = BLACK if ply % 2 == 0 else WHITE  # Black moves first
    assert mover != _winner(game)


def _material(board: Board, side: bool) -> int:
    def worth(color: bool) -> int:
        return 2 * len(board.pieces(color)) + len(board.pieces(color, king=True))

    return worth(side) - worth(not side)


def _minimax(board: Board, depth: int, alpha: int, beta: int) -> int:
    """Material from the side to move's view after ``depth`` plies and any pending captures."""
    moves = board.legal_moves()
    if not moves:
        return -1000
    if depth <= 0 and not moves[0].is_capture:
        return _material(board, board.turn)
    for move in moves:
        board.push(move)
        alpha = max(alpha, -_minimax(board, depth - 1, -beta, -alpha))
        board.pop()
        if alpha >= beta:
            break
    return alpha


def test_game_7_ends_with_black_blocked() -> None:
    board = replay_game(GAMES[6], Board).board
    assert board.turn == BLACK and not board.legal_moves()
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == WHITE


@pytest.mark.parametrize(("number", "at_least"), [(1, 1), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)])
def test_the_stated_winner_keeps_a_material_advantage(number: int, at_least: int) -> None:
    game = GAMES[number - 1]
    board = replay_game(game, Board).board
    value = _minimax(board, 8, -10**6, 10**6)
    for_winner = value if board.turn == _winner(game) else -value
    assert for_winner >= at_least
