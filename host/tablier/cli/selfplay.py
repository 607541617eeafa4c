"""``tablier selfplay GAME --players A,B --games N``: engines played against each other, and the score.

Players: ``computer`` (level 2), ``computer:LEVEL`` (1-4), ``greedy``, ``random``; seats alternate
between games. Prints ``{"games": N, "wins": [a, b], "draws": d, "points": [p, q]}`` with
``--json`` (points: what each player scored, gammons and Ticktack's doubles counted; a drawn
draughts game gives each half a point), else a line of words. On a terminal a progress line counts
the games as they finish. Bad input: a one-line error on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tablier.cli.moves import add_option_arguments
from tablier.words import counted


def register(subparsers: Any) -> None:
    """Add the ``selfplay`` subcommand."""
    parser = subparsers.add_parser("selfplay", help="play engines against each other and print the score")
    parser.add_argument("game", help="game name (see `tablier games`)")
    parser.add_argument("--players", default="computer,greedy",
                        help="two players, e.g. computer:2,greedy (computer[:LEVEL], greedy, random)")
    parser.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="the dice's and random players' seed")
    add_option_arguments(parser)
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play the games and print the score."""
    from tablier.cli.moves import chosen_options
    from tablier.engines import EngineUnavailableError
    from tablier.engines.matches import MatchScore, check_spec
    from tablier.games import find_game
    from tablier.play.selfplay import play_match

    try:
        game = find_game(args.game)
        specs = [spec.strip() for spec in args.players.split(",")]
        if len(specs) != 2:
            raise ValueError(f"--players names two players, e.g. computer,greedy, not {args.players!r}")
        for spec in specs:
            check_spec(spec)
        if args.games < 1:
            raise ValueError("--games is a number of games, 1 or more")
        options = chosen_options(game, args)
    except (ValueError, KeyError) as error:
        print(f"tablier selfplay: {error.args[0] if error.args else error}", file=sys.stderr)
        return 2
    on_terminal = sys.stderr.isatty()

    def progress(done: int, score: MatchScore) -> None:
        if on_terminal:
            print(f"\rgame {done}/{args.games}: {specs[0]} {score.wins[0]}, {specs[1]} {score.wins[1]}, "
                  f"drawn {score.draws}", end="", file=sys.stderr, flush=True)

    try:
        score = play_match(game.name, (specs[0], specs[1]), args.games, args.seed, options, progress)
    except (ValueError, KeyError, EngineUnavailableError) as error:
        print(f"tablier selfplay: {error.args[0] if error.args else error}", file=sys.stderr)
        return 2
    if on_terminal:
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(score.as_dict()))
        return 0
    total = sum(score.points) or 1
    print(f"{game.title}, {counted(score.games, 'game')}: {specs[0]} won {score.wins[0]}, {specs[1]} won "
          f"{score.wins[1]}, {score.draws} drawn; points {score.points[0]:g} to {score.points[1]:g} "
          f"({100 * score.points[0] / total:.0f}% to {specs[0]})")
    return 0
