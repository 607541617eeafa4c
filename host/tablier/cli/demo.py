"""``tablier demo``: a whole game on the simulated board between two built-in players.

The main demonstration (``make demo``): the firmware runs under MicroPython, the players' hands move
the men through the simulated switches, the host infers every move, lights the LEDs and logs the
game (:mod:`tablier.play.demo`). Both seats are the computer, its moves lit and made as the
lights ask; ``--players greedy,random`` has the simple players choose. ``--game`` picks any game;
``--quality`` lights the built-in players' destinations by their quality (docs/quality-lights.md);
``--seed`` makes it reproducible, ``--delay``/``--fast`` pace it; ``--resume LOG`` goes on with an
interrupted demo from its log.
``--club-broker BROKER --club NAME --board NAME`` shows the demo's board on a club's page, as a
board that plays does (``docs/club.md``): an organiser tries the page without boards.
``--no-board`` keeps the terminal-only demonstration (Backgammon, no firmware): the board drawn as
text after every play. Exit status: 0 once the game is played to its end, 1 if it stopped before,
2 for bad input.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablier.words import counted

if TYPE_CHECKING:
    from tablier.play.runner import PlayResult

GAMES = ("backgammon",)


def register(subparsers: Any) -> None:
    """Add the ``demo`` subcommand."""
    from tablier.cli.leds import add_palette_option

    parser = subparsers.add_parser(
        "demo", help="watch two built-in players play a game on the simulated board")
    parser.add_argument("--game", default="backgammon", help="the game (any of `tablier games`)")
    parser.add_argument("--players", default="computer:1,computer:1",
                        help="the two seats: computer, computer:LEVEL (1-4), greedy or random "
                             "(default computer:1,computer:1); the computer's seats are called "
                             "Computer A and Computer B")
    parser.add_argument("--seed", type=int, default=None, help="random seed, for a reproducible game")
    parser.add_argument("--delay", type=float, default=None,
                        help="seconds between two actions of the hands (on the board) or after each turn "
                             "(--no-board)")
    parser.add_argument("--fast", action="store_true", help="no pause at all")
    add_palette_option(parser)
    parser.add_argument("--quality", default="off", metavar="LEVEL[,LEVEL]",
                        help="quality lights, for both seats or each (player 1's,player 2's): off (the "
                             "default), 1-6 (men a turn) or full; the built-in players' seats (greedy, "
                             "random) show them as their hands lift men, the computer's follow its lights")
    parser.add_argument("--log-dir", type=Path, default=None,
                        help="where the event log goes (default: $XDG_DATA_HOME/tablier/logs)")
    parser.add_argument("--serve", metavar="[HOST:]PORT",
                        help="serve a read-only live web page of the game (host 127.0.0.1 unless given)")
    parser.add_argument("--no-board", action="store_true",
                        help="the terminal-only demonstration (Backgammon, no simulated board)")
    parser.add_argument("--resume", type=Path, metavar="LOG",
                        help="go on with an interrupted demo from its event log")
    from tablier.cli.broker_login import add_broker_login
    from tablier.cli.club import add_club_arguments

    add_club_arguments(parser)  # a club's page tried without boards: the demo shows on it
    parser.add_argument("--club", default="tablier", help="(with --club-broker) the club's name")
    add_broker_login(parser)
    from tablier.cli.speech_options import add_speech_arguments

    add_speech_arguments(parser, reading=False)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play one game on the simulated board (or, with ``--no-board``, in the terminal only)."""
    from tablier.cli.leds import palette_problem
    from tablier.cli.play import quality_problem
    from tablier.cli.speech_options import speech_problem

    if args.fast:
        args.delay = 0.0
    problem = palette_problem(args) or quality_problem(args) or speech_problem(args)
    if problem:
        print(f"tablier demo: {problem}", file=sys.stderr)
        return 2
    if args.delay is not None and args.delay < 0:
        print("tablier demo: --delay must be zero or more seconds", file=sys.stderr)
        return 2
    if args.no_board and args.resume is not None:
        print("tablier demo: --resume goes on with a demo on the simulated board, not --no-board",
              file=sys.stderr)
        return 2
    if args.no_board:
        if args.delay is None:
            args.delay = 0.05
        return run_terminal_only(args)
    from tablier.link.errors import LinkError
    from tablier.play.demo import DEFAULT_DELAY
    from tablier.record.log_writer import LogWriteError
    from tablier.remote.broker import BrokerUnreachable
    from tablier.web.server import ServeError

    delay = DEFAULT_DELAY if args.delay is None else args.delay
    server = None
    feed = None
    try:
        if args.serve is not None:
            from tablier.web.live import open_server

            server = open_server(args.serve)
        from tablier.cli.club import start_feed

        feed = start_feed(args)  # --club-broker: the demo's board on the club's page
        result = _play(args, delay, server, feed)
        if result is None:
            return 2
        if feed is not None:
            feed.finish(result.log_path, result.session.over)
    except (BrokerUnreachable, LinkError) as error:  # a club's broker or the board cannot be reached
        print(f"tablier demo: {error}", file=sys.stderr)
        return 1
    except ServeError as error:
        print(f"tablier demo: {error}", file=sys.stderr)
        return 2
    except LogWriteError as error:  # a full disk: one line, and how to go on once there is room
        print(f"tablier demo: {error}; once there is room, go on with: "
              f"tablier demo --resume {shlex.quote(str(error.path))}", file=sys.stderr)
        return 1
    except KeyError as error:
        print(f"tablier demo: {error.args[0]}", file=sys.stderr)
        return 2
    except ValueError as error:  # bad input: TablierError, a broker's address or login (BrokerError)
        print(f"tablier demo: {error}", file=sys.stderr)
        return 2
    return _told(result, server)


def _play(args: argparse.Namespace, delay: float, server: Any, feed: Any) -> PlayResult | None:
    """The demo's game, new or resumed; None (said why) for a bad ``--players``."""
    from tablier.cli.speech_options import speech_options
    from tablier.play.demo import resume_demo, run_demo
    from tablier.record.log_writer import default_log_dir

    if args.resume is not None:
        return resume_demo(args.resume, delay, serve=server, watch=feed, palette=args.palette)
    names = [name.strip() for name in args.players.split(",")]
    if len(names) != 2:
        print("tablier demo: --players takes two players separated by a comma, e.g. greedy,random",
              file=sys.stderr)
        return None
    return run_demo(args.game, args.seed, delay, args.log_dir or default_log_dir(), serve=server,
                    players=(names[0], names[1]), watch=feed, palette=args.palette, quality=args.quality,
                    speech=speech_options(args))


def _told(result: PlayResult, server: Any) -> int:
    """The game's end told (the board, the result, the log), the page left up a while; 1 if the game
    stopped before its end."""
    session = result.session
    print("\n".join(session.status_lines()[1:-1]))
    print(f"result: {session.message_log[-1] if session.message_log else 'none'}; "
          f"{counted(len(session.committed), 'move')} committed")
    print(f"log written to {result.log_path}")
    if server is not None:
        from tablier.web.live import linger

        sys.stdout.flush()
        linger(server)
        server.stop()
    if not session.finished:
        print("tablier demo: the game stopped before its end", file=sys.stderr)
        return 1
    return 0


def run_terminal_only(args: argparse.Namespace) -> int:
    """Play and draw one game in the terminal only; exit status 2 for an unknown game."""
    import random

    from tablier.play.game_loop import MOVE, OPENING_THROW, next_action
    from tablier.play.tables.players import TurnGame, seat_for
    from tablier.tables.catalog import make_variant
    from tablier.tables.diagram import draw
    from tablier.tables.notation import format_play
    from tablier.tables.position import SIDE_NAMES
    from tablier.tables.turn import OPENING

    if args.game.strip().lower() not in GAMES:
        print(f"tablier demo: cannot demonstrate {args.game!r} yet; choose one of: {', '.join(GAMES)}",
              file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    variant = make_variant(args.game)
    turn = variant.new_turn()
    game = TurnGame(turn)
    seats = (seat_for("greedy", variant, rng), seat_for("random", variant, rng))
    names = {0: "black (X, greedy player)", 1: "white (O, random player)"}
    print(f"{variant.title}: {names[0]} against {names[1]}" + (f", seed {args.seed}" if args.seed is not None
                                                                 else ""))
    turn_number = 0
    while (action := next_action(game, seats, rng)) is not None:  # the one game loop's steps
        dice = turn.dice
        game.apply(action)
        if action.kind == OPENING_THROW:
            equal = turn.awaiting is OPENING
            print(f"opening throw: black {action.dice[0]}, white {action.dice[1]}"
                  + (": equal, throw again" if equal else ""))
            if not equal:
                print(f"{SIDE_NAMES[turn.turn]} plays first and throws again for the first move")
        elif action.kind == MOVE:
            turn_number += 1
            play = format_play(action.move or ())
            print(f"\n{turn_number}. {SIDE_NAMES[action.actor]} throws {dice}: {play}")
            print(draw(turn.position, variant))
            sys.stdout.flush()
            if args.delay:
                time.sleep(args.delay)
    print(f"\nresult: {turn.outcome} after {turn_number} turns")
    return 0
