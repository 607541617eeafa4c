"""``tablier moves <draughts game>``: every legal move of a position, as a table or as JSON.

``tablier moves english --fen "B:W21,22:B1,2" --json`` prints
``{"moves": [{"notation": "1-5", "fen": "W:W21,22:B2,5"}, ...]}``: each move in PDN notation with
every landing square, and the FEN of the position after it. Without ``--fen``: the starting
position. English draughts with ``--option captures=huff`` also lists the plain moves a player may
make instead of a capture (Laws 14-15). Bad input: a one-line error and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from tablier.cli.moves import chosen_options
from tablier.draughts.catalog import split_options
from tablier.draughts.core import COLOR_NAMES, Move
from tablier.draughts.laws import LawsGame
from tablier.draughts.variants import find_variant
from tablier.games import GameInfo
from tablier.words import counted


def run(game: GameInfo, args: argparse.Namespace) -> int:
    """List the legal moves of ``args.fen`` (or the start) in ``game``."""
    if args.dice:
        print("tablier moves: draughts has no dice; --dice is for the tables games", file=sys.stderr)
        return 2
    if args.position:
        print("tablier moves: a draughts position is given with --fen, e.g. --fen \"B:W21,22:B1,2\" "
              "(--position is for the tables games)", file=sys.stderr)
        return 2
    try:
        board_options, laws_options = split_options(game.name, chosen_options(game, args))
        board = find_variant(game.name)(args.fen, **board_options)
    except ValueError as error:
        print(f"tablier moves: {error}", file=sys.stderr)
        return 2
    moves = LawsGame(board, laws_options).legal_moves() if board.checker_laws else board.legal_moves()
    moves.sort(key=_order)
    listed = []
    for move in moves:
        board.push(move)
        listed.append({"notation": str(move), "fen": board.fen()})
        board.pop()
    if args.json:
        print(json.dumps({"moves": listed}))
        return 0
    print(f"{game.title}: {COLOR_NAMES[board.turn]} to move, {counted(len(listed), 'legal move')}")
    print(f"position {board.fen()}")
    print(board)
    outcome = board.outcome()
    if outcome:
        print(f"game over: {outcome.reason}")
    width = max((len(entry["notation"]) for entry in listed), default=0)
    for entry in listed:
        print(f"  {entry['notation']:<{width}}  {entry['fen']}")
    return 0


def _order(move: Move) -> tuple[int, ...]:
    return (*move.path, *move.captures)
