"""``tablier watch LOG``: follow a game from its event log while another process plays it.

The log is read as it grows and every switch change goes through a session of its game, as on the
board (``tablier.play.follow``): the terminal view shows what the board saw, lights and all;
``--serve [HOST:]PORT`` serves the live web page as well (a club's screen beside the board). A
finished log is replayed at its recorded pace (``--speed`` times faster; ``--speed 0``: at once)
and its last position stays shown until Ctrl-C (``--exit`` ends at the log's end instead).
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    """Add the ``watch`` subcommand."""
    parser = subparsers.add_parser("watch", help="follow a game from its event log (terminal, web page)")
    parser.add_argument("log", type=Path, help="the event log (.jsonl) being written, or a finished one")
    parser.add_argument("--serve", metavar="[HOST:]PORT",
                        help="serve a read-only live web page of the game (host 127.0.0.1 unless given)")
    parser.add_argument("--speed", type=float, default=1.0,
                        help="replay a finished log this many times faster (0: at once; default 1)")
    parser.add_argument("--exit", action="store_true",
                        help="stop at the end of what the log holds (else follow it until Ctrl-C)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Follow the log; exit status 2 for a log that cannot be read or an address that cannot be served."""
    from tablier.errors import TablierError
    from tablier.play.follow import follow
    from tablier.play.view import View

    if args.speed < 0:
        print("tablier watch: --speed must be zero or more", file=sys.stderr)
        return 2
    try:
        with ExitStack() as stack:
            session, follower = follow(args.log, args.speed)
            stack.callback(follower.close)
            view = View(keys="Ctrl-C stops watching (the game is played elsewhere: nothing typed here "
                             "reaches it)")
            view.connected(f"the board: the game logged in {args.log}")
            session.on_redraw = view
            if args.serve is not None:
                from tablier.play.scene import publishing
                from tablier.web.live import open_server

                server = open_server(args.serve)
                stack.callback(server.stop)
                stack.enter_context(publishing(session, server))
            try:
                while not (args.exit and follower.caught_up and time.monotonic() - follower.last_read > 1.0):
                    session.tick(wait=0.01)
            except KeyboardInterrupt:
                pass
            view.finish(session)
    except TablierError as error:
        print(f"tablier watch: {error}", file=sys.stderr)
        return 2
    return 0
