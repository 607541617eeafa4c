"""``tablier play GAME --remote BROKER``: play with another Tablier board through an MQTT broker.

Without ``--join`` a game is opened and its code printed, to be given to the adversary; with
``--join`` the game of a code is joined (its game and options are the opener's). The code comes from
``$TABLIER_GAME_CODE``, a file (``--code-file``) or the terminal (:mod:`.codes`), never the command
line. Each plays on his own board (``--sim`` or ``--port``); the adversary's moves are lit on it and
made by the local player. ``--resume LOG`` (the code again) goes on with a game stopped or
interrupted on this host. The broker's login: ``mqtt://USER@HOST`` or ``--broker-user``, the
password in a file (``--broker-password-file``) or ``$TABLIER_BROKER_PASSWORD``, or a TLS client certificate
(``mqtts://``, ``--broker-cert``/``--broker-key``); ``docs/remote-play.md`` tells the set-up.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablier.cli.broker_login import add_broker_login
from tablier.cli.serving import linger_page

if TYPE_CHECKING:
    from tablier.play.remote_link import RemoteLink
    from tablier.play.runner import PlayResult
    from tablier.play.session import PlayOptions
    from tablier.remote.broker import Broker, Club

CODE_ENV = "TABLIER_GAME_CODE"


def add_remote_arguments(parser: argparse.ArgumentParser) -> None:
    """The board-to-board options of ``tablier play``."""
    group = parser.add_argument_group("board to board (docs/remote-play.md)")
    add = group.add_argument
    add("--remote", metavar="BROKER", help="play with another Tablier board through this MQTT broker: "
        "mqtt://[USER@]HOST[:PORT] or mqtts://... (TLS); opens a game and prints its code, or joins one "
        "with --join")
    add("--join", action="store_true", help=f"join a game: its code from ${CODE_ENV}, a file (--code-file) "
        "or typed when asked")
    add("--code-file", type=Path, metavar="FILE", help="the file holding the game's code (--join, --resume)")
    add("--code", help=argparse.SUPPRESS)  # refused: the code is never on the command line
    add("--club", default="tablier", help="the club whose topics the game uses (default tablier)")
    add("--name", help="your name at the table (default: your login name)")
    add("--seat", type=int, choices=(1, 2), default=1,
        help="(opening a game) your seat: 1 (Black at tables, the first game's Black at draughts) or 2")
    add_broker_login(group)
    add("--hands", choices=("greedy", "random"),
        help="(with --sim) built-in hands play your seat: a demonstration of board-to-board play")


def wants_remote(args: argparse.Namespace, log_dir: Path) -> bool:
    """Whether ``args`` ask for a board-to-board game (a resumed log says so itself)."""
    if args.remote is not None or args.join or args.code_file is not None or args.code is not None \
            or args.hands is not None:
        return True
    if args.resume is None:
        return False
    from tablier.record.eventlog import LogFormatError, read_log

    try:
        return bool(read_log(_log_path(args, log_dir)).header.remote)
    except (LogFormatError, ValueError):
        return False


def _log_path(args: argparse.Namespace, log_dir: Path) -> Path:
    from tablier.play.resume import latest_log

    return latest_log(log_dir) if args.resume == "latest" else Path(args.resume)


def run_remote(args: argparse.Namespace, log_dir: Path) -> int:
    """Open, join or resume a board-to-board game; exit status 2 for bad input, 1 when the broker
    or the board cannot be reached."""
    from tablier.errors import TablierError
    from tablier.link.errors import LinkError
    from tablier.play.runner import terminated_as_interrupted
    from tablier.remote.broker import BrokerError, BrokerUnreachable
    from tablier.remote.gamecode import GameCodeError

    try:
        with terminated_as_interrupted():  # SIGTERM stops as Ctrl-C does: the goodbye said, logged
            return _run(args, log_dir)
    except KeyboardInterrupt:
        return _fail("stopped", 130)
    except (BrokerUnreachable, LinkError) as error:
        return _fail(str(error), 1)
    except (BrokerError, GameCodeError, KeyError, TablierError, ValueError) as error:
        return _fail(str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error))


def _fail(message: str, status: int = 2) -> int:
    print(f"tablier play: {message}", file=sys.stderr)
    return status


def _run(args: argparse.Namespace, log_dir: Path) -> int:
    from tablier.cli.club import start_feed
    from tablier.play.remote_play import play_remote, resume_remote
    from tablier.record.eventlog import read_log
    from tablier.remote.broker import Club, login, parse_broker
    from tablier.remote.messages import MAX_NAME, name_problem

    from .codes import read_code, refuse_on_command_line

    if args.script is not None:
        return _fail("--script plays one board alone; board to board, use --hands for built-in hands")
    if args.hands and not args.sim:
        return _fail("--hands moves the men of the simulated board: add --sim")
    if args.code is not None:
        return _fail(refuse_on_command_line("game's code", CODE_ENV, "--code-file"))
    header_remote: dict[str, str] = {}
    path = None
    if args.resume is not None:
        path = _log_path(args, log_dir)
        header_remote = dict(read_log(path).header.remote)
        if not header_remote:
            return _fail(f"{path}: not a board-to-board game (resume it without --remote/--join)")
    code = ""
    if args.resume is not None or args.join or args.code_file is not None:
        code = read_code(args.code_file, CODE_ENV, "game code", "--code-file")
    broker_text = args.remote or header_remote.get("broker", "")
    if not broker_text:
        return _fail("name the broker: --remote mqtt://[USER@]HOST[:PORT]")
    broker = parse_broker(broker_text)
    club = Club(broker, login(broker, args.broker_user or "", args.broker_password_file, args.broker_ca,
                              args.broker_cert, args.broker_key, args.broker_anonymous),
                header_remote.get("club", args.club))
    name = (args.name or "").strip() or (os.environ.get("USER") or "player")[:MAX_NAME]
    if name_problem(name):
        return _fail(f"--name: {name_problem(name)}")
    where = _where(args)
    if args.resume is not None:
        assert path is not None and code
        args.club = club.name  # the log's club: the page this board showed on before
        where["watch"] = start_feed(args)  # --club-broker: the club's page shows this board again
        make_actor = _hands(args, int(header_remote.get("seat", "1")))
        return _finish(resume_remote(path, code, club, args.grace, make_actor=make_actor, **where), where)
    opened = _open_or_join(args, club, code, name, broker)
    if isinstance(opened, str):
        return _fail(opened)
    link, options = opened
    _tell(f"{link.table.game}: {link.table.names[0]} (seat 1) against {link.table.names[1]} (seat 2); "
          f"you are seat {link.local}")
    where["watch"] = start_feed(args)  # --club-broker: the club's page shows this board too
    result = play_remote(link, options, log_dir=log_dir, make_actor=_hands(args, link.local), **where)
    return _finish(result, where, tell_code=True)


def _where(args: argparse.Namespace) -> dict[str, Any]:
    """Where the game is played and shown: the board, the view, the live page (docs/web.md)."""
    from tablier.play.view import View

    view = View(live=None, hands=args.sim and args.hands is None)
    where: dict[str, Any] = {"port": args.port, "sim": args.sim, "view": view, "commands": True,
                             "archive": not args.no_archive}
    if args.serve is not None:  # the live page of this board's game (docs/web.md)
        from tablier.web.live import open_server

        where["serve"] = open_server(args.serve)
    return where


def _open_or_join(args: argparse.Namespace, club: Club, code: str, name: str,
                  broker: Broker) -> tuple[RemoteLink, PlayOptions] | str:
    """The game joined with ``code``, or opened; what is wrong, in words."""
    from tablier.cli.moves import chosen_options
    from tablier.cli.speech_options import speech_options
    from tablier.games import find_game
    from tablier.play.remote_play import join_game, open_game
    from tablier.play.session import PlayOptions

    options = PlayOptions(teaching=not args.strict, grace_s=args.grace, touch_down=args.touch_down,
                          players=(name, name), clock=args.clock, overtime=args.overtime,
                          **speech_options(args))
    if code:
        return join_game(club, code, name, told=_tell), options
    if not args.game:
        return "name the game to open (see `tablier games`), or join one with --join"
    game = find_game(args.game)
    options.options = chosen_options(game, args, args.match)
    options.match_length, options.games, options.position = args.match, args.games, args.position
    link, _ = open_game(club, options, game.name, args.dice, args.seat,
                        told=lambda shown: _tell_code(shown, args, broker, club.name), said=_tell)
    return link, options


def _finish(result: PlayResult, where: dict[str, Any], tell_code: bool = False) -> int:
    """The game over (or stopped): the club's feed told, the report, the page left up a while."""
    from tablier.play.report import report

    feed = where.get("watch")
    if feed is not None:
        feed.finish(result.log_path, result.session.over)
    report(result)
    if tell_code and result.resume_command:
        print(f"(the game's code again: in ${CODE_ENV}, a file (--code-file FILE), or typed when asked)")
    linger_page(where.get("serve"))
    return 0


def _hands(args: argparse.Namespace, seat: int) -> Any:
    if args.hands is None:
        return None
    from tablier.play.remote_hands import SeatHands

    return lambda hands, cable: SeatHands(hands, seat, args.hands, seed=args.seed, delay=0.05)


def _tell(text: str) -> None:
    print(text, flush=True)


def _tell_code(code: str, args: argparse.Namespace, broker: Broker, club: str) -> None:
    """The code, and the command the adversary types (with his own login to the broker, never ours)."""
    where = "--sim" if args.sim else "--port PORT"
    scheme = "mqtts" if broker.tls else "mqtt"
    if args.broker_anonymous:
        login, whose = f"{scheme}://{broker.host}:{broker.port} --broker-anonymous", ""
    elif args.broker_cert:
        login = f"{scheme}://{broker.host}:{broker.port} --broker-cert CERT --broker-key KEY"
        whose = " (CERT and KEY: their own certificate and key)"
    else:
        login = f"{scheme}://USER@{broker.host}:{broker.port}"
        whose = " (USER: their own user on the broker)"
    ca = " --broker-ca CA" if args.broker_ca else ""
    _tell(f"game code: {code}")
    _tell(f"give it to your adversary, who joins with{whose}:")
    _tell(f"  tablier play {where} --remote {login}{ca} --club {club} --join")
    _tell(f"(and types the code when asked, or gives it in ${CODE_ENV} or a file: --code-file FILE)")
    _tell("waiting for them to join (Ctrl-C gives up)...")
