"""``tablier demo``: a game between two built-in players, drawn in the terminal turn by turn.

Until play on the board exists this is the main demonstration (``make demo``): Backgammon from the
opening throw to the result, the board drawn as text after every play. ``--seed`` makes it
reproducible, ``--delay`` paces it (0 in tests).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

GAMES = ("backgammon",)


def register(subparsers: Any) -> None:
    """Add the ``demo`` subcommand."""
    parser = subparsers.add_parser("demo", help="watch two built-in players play a game in the terminal")
    parser.add_argument("--game", default="backgammon", help="the game (for now: backgammon)")
    parser.add_argument("--seed", type=int, default=None, help="random seed, for a reproducible game")
    parser.add_argument("--delay", type=float, default=0.05, help="seconds to pause after each turn")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play and draw one game; exit status 2 for an unknown game."""
    import random

    from tablier.tables.catalog import make_variant
    from tablier.tables.diagram import draw
    from tablier.tables.game import Game, Phase, throw
    from tablier.tables.notation import format_play
    from tablier.tables.players import greedy_player, random_player
    from tablier.tables.position import SIDE_NAMES

    if args.game.strip().lower() not in GAMES:
        print(f"tablier demo: cannot demonstrate {args.game!r} yet; choose one of: {', '.join(GAMES)}",
              file=sys.stderr)
        return 2
    if args.delay < 0:
        print("tablier demo: --delay must be zero or more seconds", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    variant = make_variant(args.game)
    game = Game(variant)
    players = {0: greedy_player, 1: random_player}
    names = {0: "black (X, greedy player)", 1: "white (O, random player)"}
    print(f"{variant.title}: {names[0]} against {names[1]}" + (f", seed {args.seed}" if args.seed is not None
                                                                 else ""))
    first = None
    while first is None:
        black, white = (rng.randint(1, 6),), (rng.randint(1, 6),)
        first = game.opening(black, white)
        print(f"opening throw: black {black[0]}, white {white[0]}"
              + ("" if first is not None else ": equal, throw again"))
    print(f"{SIDE_NAMES[first]} plays first and throws again for the first move")
    turn_number = 0
    while game.phase is not Phase.OVER:
        dice = throw(rng)
        game.roll(dice)
        side = game.turn
        play = players[side](variant, game.board.position, dice, rng)
        game.play(play)
        turn_number += 1
        print(f"\n{turn_number}. {SIDE_NAMES[side]} throws {dice}: {format_play(play)}")
        print(draw(game.board.position, variant))
        sys.stdout.flush()
        if args.delay:
            time.sleep(args.delay)
    assert game.result is not None
    print(f"\nresult: {game.result} after {turn_number} turns")
    return 0
