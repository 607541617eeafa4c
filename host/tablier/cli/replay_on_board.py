"""``tablier replay-on-board ID --sim|--port PORT``: show an archived game on the board, move by move.

Each move's from places blink (``must-move``), its to places light (``destination``, ``bear-off``,
``hit``), the dice show the throw and the mover's status light is lit. On a terminal the view draws
the board as it stands before the move with the same lights, the move in words and the moves
before it (:mod:`tablier.play.view`); in a pipe each move is printed. ``--serve [HOST:]PORT``
serves the same on the live web page (``docs/web.md``), so that a teacher steps a game on the
board and on a screen the class sees. The next move comes when either player presses his button,
or after ``--step-delay`` seconds (the simulated board has no hands: it uses 1 second unless
told). Every game of a match is shown, one after another; ``--game-number`` picks one of them,
``--moves N`` stops after N moves in all. Exit status:
0, 2 for bad input or a board or address that cannot be used.
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
    parser.add_argument("--game-number", type=int, metavar="N",
                        help="only game N of the record (default: every game, one after another)")
    parser.add_argument("--step-delay", type=float, metavar="SECONDS",
                        help="go on after this long instead of waiting for a button")
    parser.add_argument("--moves", type=int, metavar="N", help="stop after N moves")
    parser.add_argument("--home-left", action="store_true",
                        help="the tables men are set up with Black's home table on the left")
    parser.add_argument("--serve", metavar="[HOST:]PORT",
                        help="serve a read-only live web page of the game shown "
                             "(host 127.0.0.1 unless given)")
    add_archive_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Replay; see the module docstring."""
    from contextlib import ExitStack

    from tablier.board.orientation import HOME_LEFT, HOME_RIGHT
    from tablier.errors import TablierError
    from tablier.hardware.layout import load_layout
    from tablier.link.errors import LinkError

    from .archive import open_archive

    try:
        with ExitStack() as stack:
            with open_archive(args) as archive:
                record = archive.get(args.id)
            games = [game for game in record.games if args.game_number in (None, game.number)]
            if not games:
                raise TablierError(f"record {args.id} has no game {args.game_number}")
            layout = load_layout()
            way = HOME_LEFT if args.home_left else HOME_RIGHT
            shows = _shows(args, record, games, layout, way)
            server = None
            if args.serve is not None:
                from tablier.web.live import open_server

                server = open_server(args.serve)
                stack.callback(server.stop)
            _replay_shows(args, record, shows, layout, way, server)
            if server is not None:
                from tablier.web.live import linger

                linger(server)
    except KeyError as error:
        print(f"tablier replay-on-board: {error.args[0]}", file=sys.stderr)
        return 2
    except (TablierError, LinkError, OSError) as error:
        print(f"tablier replay-on-board: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("tablier replay-on-board: stopped (Ctrl-C)", file=sys.stderr)
    return 0


def _shows(args: argparse.Namespace, record: Any, games: list[Any], layout: Any,
           way: Any) -> list[tuple[Any, list[Any]]]:
    """Each game with its steps on the board, the whole cut after ``--moves`` steps;
    :class:`~tablier.errors.TablierError` if no move is left to show."""
    from tablier.errors import TablierError
    from tablier.play.board_replay import board_steps

    shows = []
    left = max(args.moves, 0) if args.moves is not None else None
    for game in games:
        steps = board_steps(record, game, layout, way)[:left]
        if steps:
            shows.append((game, steps))
        left = None if left is None else left - len(steps)
    if not shows:
        raise TablierError(f"record {args.id} has no move to show")
    return shows


def _replay_shows(args: argparse.Namespace, record: Any, shows: list[tuple[Any, list[Any]]],
                  layout: Any, way: Any, server: Any) -> None:
    """Replay ``shows`` on the board, each step shown in the terminal (and on the page ``server``
    serves, if any), the next one after a delay or a press of a player's button."""
    from tablier.play.board_replay import replay
    from tablier.play.scene import replay_scene
    from tablier.play.view import View

    view = View()
    delay = args.step_delay if args.step_delay is not None else (1.0 if args.sim else None)
    keys = (f"the next move in {delay:g} s" if delay is not None
            else "press either player's button for the next move")
    if delay is None and not view.live:
        print(keys)
    buttons = {switch.id for switch in layout.switches_of("button")}

    def show_games(link: Any) -> None:
        for game, steps in shows:
            view.connected(f"Record {args.id}: {record.title()}, game {game.number}")
            shown = iter(range(len(steps)))

            def show(caption: str, game: Any = game, steps: Any = steps, shown: Any = shown) -> None:
                scene = replay_scene(record, game, steps, next(shown), way)
                view.show(scene, keys)
                if server is not None:
                    from tablier.web.live import page_state

                    server.publish(page_state(scene))

            replay(link, steps, buttons, delay, show)

    _on_board(args, layout, show_games)


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
