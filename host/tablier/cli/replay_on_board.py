"""``tablier replay-on-board ID --sim|--port PORT``: show an archived game on the board, move by move.

Each move's from places blink (``must-move``), its to places light (``destination``, ``bear-off``,
``hit``), the dice show the throw and the mover's status light is lit; the move is printed too. The
next move comes when either player presses his button, or after ``--step-delay`` seconds (the
simulated board has no hands: it uses 1 second unless told). ``--game-number`` picks the game of a
match, ``--moves N`` stops after N moves. Exit status: 0, 2 for bad input or a board that cannot be
reached.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .archive import add_archive_option


def register(subparsers: Any) -> None:
    """Add the ``replay-on-board`` subcommand."""
    parser = subparsers.add_parser("replay-on-board",
                                   help="light an archived game's moves one by one on the board")
    parser.add_argument("id", type=int, help="the record's id in the archive (tablier archive list)")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--sim", action="store_true", help="use the simulated board")
    where.add_argument("--port", help="the board's serial port, e.g. /dev/ttyACM0")
    parser.add_argument("--game-number", type=int, default=1, help="which game of the record (default 1)")
    parser.add_argument("--step-delay", type=float, metavar="SECONDS",
                        help="go on after this long instead of waiting for a button")
    parser.add_argument("--moves", type=int, metavar="N", help="stop after N moves")
    parser.add_argument("--home-left", action="store_true",
                        help="the tables men are set up with Black's home table on the left")
    add_archive_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Replay; see the module docstring."""
    from tablier.board.orientation import HOME_LEFT, HOME_RIGHT
    from tablier.errors import TablierError
    from tablier.hardware.layout import load_layout
    from tablier.link.errors import LinkError
    from tablier.record.board_replay import board_steps, replay

    from .archive import open_archive

    try:
        with open_archive(args) as archive:
            record = archive.get(args.id)
        game = next((game for game in record.games if game.number == args.game_number), None)
        if game is None:
            raise TablierError(f"record {args.id} has no game {args.game_number}")
        layout = load_layout()
        steps = board_steps(record, game, layout, HOME_LEFT if args.home_left else HOME_RIGHT)
        if args.moves is not None:
            steps = steps[:max(args.moves, 0)]
        print(f"Record {args.id}: {record.title()}, game {game.number}")
        delay = args.step_delay if args.step_delay is not None else (1.0 if args.sim else None)
        if delay is None:
            print("press either player's button for the next move")
        buttons = {switch.id for switch in layout.switches_of("button")}
        _on_board(args, layout, lambda link: replay(link, steps, buttons, delay))
    except KeyError as error:
        print(f"tablier replay-on-board: {error.args[0]}", file=sys.stderr)
        return 2
    except (TablierError, LinkError, OSError) as error:
        print(f"tablier replay-on-board: {error}", file=sys.stderr)
        return 2
    return 0


def _on_board(args: argparse.Namespace, layout: Any, show: Any) -> None:
    """Connect to the real or simulated board and run ``show(link)``."""
    from contextlib import ExitStack

    from tablier.link.transport import open_serial
    from tablier.play.link import Link

    with ExitStack() as stack:
        if args.sim:
            from tablier.link.sim import SimulatedBoard

            port = stack.enter_context(SimulatedBoard(layout)).port
        else:
            port = args.port
        link = Link(lambda: open_serial(port), layout.hash)
        link.connect()
        stack.callback(link.close)
        show(link)
        link.set_leds([])
