"""``tablier club``: a club's boards on one live page and in one archive (``docs/club.md``).

``club serve --broker mqtt://USER@HOST --club NAME`` follows every board of the club through its
MQTT broker, serves the page of all its boards (``--serve [HOST:]PORT``, 127.0.0.1:8080 by default;
each board's full page and live ``.mat`` a click away) and stores each finished match in the club's
archive (``--archive PATH|postgresql://...``, else ``$TABLIER_ARCHIVE``, else the default file);
``--transcripts DIR`` also keeps each Backgammon board's live ``.mat`` in DIR. ``club transcript
BOARD`` prints (or, with ``--out FILE --follow``, keeps writing) a board's live ``.mat``. ``club
code`` draws a new club code. ``club evening`` runs a club evening on the club's boards
(:mod:`.club_evening`). A board joins with ``tablier play ... --club-broker BROKER --club NAME
--board NAME``. The club's code (every message is signed with a key derived from it) comes from
``$TABLIER_CLUB_CODE`` or ``--club-code-file``; the broker's login as for board-to-board play
(``docs/remote-play.md``). Exit status: 0, 1 when the broker or the archive cannot be used, 2 for
bad input.
"""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path
from typing import Any

CODE_ENV = "TABLIER_CLUB_CODE"


def add_login_arguments(parser: argparse.ArgumentParser) -> None:
    """The broker's login and the club's code (``club`` commands; ``play`` has the login already)."""
    from .broker_login import add_broker_login

    add = parser.add_argument
    add("--broker", required=True, metavar="BROKER", help="the club's MQTT broker: mqtt://[USER@]HOST[:PORT] "
        "or mqtts://... (TLS)")
    add("--club", default="tablier", help="the club's name (its topics; default tablier)")
    add_broker_login(parser)
    add_code_argument(parser)


def add_code_argument(parser: Any) -> None:
    parser.add_argument("--club-code-file", type=Path, metavar="FILE",
                        help=f"the file holding the club's code (or ${CODE_ENV})")


def add_club_arguments(parser: argparse.ArgumentParser) -> None:
    """``tablier play``'s options that publish the board to its club (with ``--club`` and the broker
    login options of board-to-board play)."""
    group = parser.add_argument_group("the club's page (docs/club.md)")
    group.add_argument("--club-broker", metavar="BROKER",
                       help="publish this board to the club (--club) at this MQTT broker: its page shows the "
                            "game, its archive keeps the match")
    group.add_argument("--board", metavar="NAME",
                       help="this board's name in the club (default: the machine's)")
    add_code_argument(group)


def register(subparsers: Any) -> None:
    """Add ``club serve``, ``club transcript`` and ``club code``."""
    parser = subparsers.add_parser("club", help="a club's boards on one live page and in one archive")
    commands = parser.add_subparsers(dest="club_command", metavar="ACTION")
    serve = commands.add_parser("serve", help="the live page of every board of the club; its archive")
    add_login_arguments(serve)
    serve.add_argument("--serve", default="127.0.0.1:8080", metavar="[HOST:]PORT",
                       help="where the page is served (default 127.0.0.1:8080: this machine only)")
    serve.add_argument("--archive", metavar="PATH|URL", help="the club's archive: a file or "
                       "postgresql://USER@HOST/DATABASE (default: $TABLIER_ARCHIVE, else the default file)")
    serve.add_argument("--transcripts", type=Path, metavar="DIR",
                       help="also keep each Backgammon board's live .mat in DIR (BOARD.mat)")
    serve.add_argument("--max-boards", type=_board_count, default=100, metavar="N",
                       help="follow at most N boards at once (default 100; 1 to 1000): the page forgets "
                            "the boards heard from least recently beyond it")
    transcript = commands.add_parser("transcript", help="a board's match as GNU Backgammon's .mat, live")
    transcript.add_argument("board", metavar="BOARD")
    add_login_arguments(transcript)
    transcript.add_argument("--out", type=Path, metavar="FILE", help="write it to FILE (replaced whole)")
    transcript.add_argument("--follow", action="store_true",
                            help="(with --out) keep the file up to date until the match is over or Ctrl-C")
    transcript.add_argument("--wait", type=float, default=5.0, metavar="S",
                            help="seconds to wait for the board's match on the broker (default 5)")
    commands.add_parser("code", help="draw a new club code (give it to the club's boards)")
    from .club_evening import add_evening_parser

    add_evening_parser(commands, add_login_arguments)
    parser.set_defaults(func=run)


def _board_count(text: str) -> int:
    if not (text.isdigit() and 1 <= int(text) <= 1000):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of boards from 1 to 1000")
    return int(text)


def club_code(args: argparse.Namespace) -> str:
    """The club's code (normalized): from ``--club-code-file``, ``$TABLIER_CLUB_CODE`` or asked;
    ``ValueError`` saying where to give it."""
    from .codes import read_code

    try:
        return read_code(args.club_code_file, CODE_ENV, "club code", "--club-code-file")
    except ValueError as error:
        if "give the club code" in str(error):
            raise ValueError(f"{error} (`tablier club code` draws one)") from None
        raise


def club_login(args: argparse.Namespace, broker_text: str) -> Any:
    """The :class:`~tablier.play.remote_play.Club` of the options; :class:`BrokerError` if unusable."""
    from tablier.club.messages import CLUB_NAME
    from tablier.remote.broker import BrokerError, Club, login, parse_broker

    if not CLUB_NAME.fullmatch(args.club):
        raise BrokerError(f"--club {args.club!r}: a club's name is letters, digits, - and _ (its topics)")
    broker = parse_broker(broker_text)
    return Club(broker, login(broker, args.broker_user or "", args.broker_password_file, args.broker_ca,
                              args.broker_cert, args.broker_key, args.broker_anonymous), args.club)


def start_feed(args: argparse.Namespace) -> Any:
    """``tablier play --club-broker``: the board's feed, connected (None without the option)."""
    if not getattr(args, "club_broker", None):
        return None
    import socket

    from tablier.club.feed import ClubFeed
    from tablier.club.messages import club_key

    club = club_login(args, args.club_broker)
    board = args.board or socket.gethostname().split(".")[0].lower()
    feed = ClubFeed(club, club_key(club_code(args), club.name), board).start()
    print(f"this board is {board} on club {club.name}'s page ({club.broker.url()})", file=sys.stderr)
    return feed


def run(args: argparse.Namespace) -> int:
    """Dispatch to the action."""
    from tablier.errors import TablierError
    from tablier.remote.broker import BrokerError, BrokerUnreachable

    action = getattr(args, "club_command", None)
    if action is None:
        print("tablier club: say serve, evening, transcript BOARD or code", file=sys.stderr)
        return 2
    if action == "code":
        from tablier.remote.gamecode import new_code

        code = new_code()
        print(code)
        print(f"give it to the club's boards: export {CODE_ENV}={code} (or a file: --club-code-file)",
              file=sys.stderr)
        return 0
    try:
        if action == "serve":
            return _serve(args)
        if action == "evening":
            from tablier.club.messages import club_key

            from .club_evening import run_evening

            club = club_login(args, args.broker)
            return run_evening(args, club, club_key(club_code(args), club.name))
        return _transcript(args)
    except KeyboardInterrupt:
        return 0
    except BrokerUnreachable as error:
        return _fail(str(error), 1)
    except (BrokerError, ValueError) as error:
        return _fail(str(error))
    except TablierError as error:  # the archive (ArchiveError), the page's address (ServeError)
        return _fail(str(error), 1)


def _fail(message: str, status: int = 2) -> int:
    print(f"tablier club: {message}", file=sys.stderr)
    return status


def _tell(text: str) -> None:
    print(text, flush=True)


def _serve(args: argparse.Namespace) -> int:
    from tablier.club.hall import ClubHall, follow
    from tablier.club.messages import club_key
    from tablier.record.archive import Archive, default_location
    from tablier.record.archive_db import from_command_line
    from tablier.web.club_page import ClubServer
    from tablier.web.live import announce
    from tablier.web.server import parse_address

    club = club_login(args, args.broker)
    key = club_key(club_code(args), club.name)
    host, port = parse_address(args.serve)
    signal.signal(signal.SIGTERM, _interrupted)
    with Archive(from_command_line(args.archive) if args.archive else default_location()) as archive:
        archive.hold()  # the club's one writer from now on
        hall = ClubHall(club, key, archive, told=_tell, max_boards=args.max_boards).start()
        try:
            server = ClubServer(hall, host, port)
            server.start()
            try:
                announce(server, sys.stdout, "the club's web page")
                _tell(f"following club {club.name} at {club.broker.url()}; finished matches go to "
                      f"{archive.where}; Ctrl-C stops")
                follow(hall, server, args.transcripts)
            except KeyboardInterrupt:  # Ctrl-C, or a SIGTERM (a service stopped): said, not silent
                _tell(f"stopped: {hall.stored} match{'es' * (hall.stored != 1)} stored, "
                      f"{hall.refused} message{'s' * (hall.refused != 1)} refused")
            finally:
                server.stop()
        finally:
            hall.close()
    return 0


def _interrupted(number: int, frame: Any) -> None:
    """A SIGTERM stops ``club serve`` as Ctrl-C does: its last line says what it did."""
    raise KeyboardInterrupt


def _transcript(args: argparse.Namespace) -> int:
    from tablier.club.hall import read_transcript
    from tablier.club.messages import BOARD_NAME, club_key

    club = club_login(args, args.broker)
    if not BOARD_NAME.fullmatch(args.board):
        return _fail(f"{args.board!r} is not a board's name (lower-case letters, digits and dashes)")
    if args.follow and args.out is None:
        return _fail("--follow keeps a file up to date: add --out FILE")
    key = club_key(club_code(args), club.name)
    return read_transcript(club, key, args.board, args.out, args.follow, args.wait, told=_tell)
