"""``tablier play GAME``: play on the board (``--port``) or on the simulated board (``--sim``).

The same program either way: only the port differs. ``--script FILE`` drives the simulated board
with a script of physical actions (``docs/sim-script.md``) and ends with the committed moves and
the final position; ``--resume [LOG]`` continues an interrupted game from its event log. The end
tells each game's result; a match played to its end goes into the archive (``--no-archive``: not);
a game stopped before its end (``quit``, Ctrl-C, a closed input) prints the command that resumes it.
``--remote BROKER`` plays with another Tablier board (:mod:`tablier.cli.play_remote`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablier.cli.club import add_club_arguments
from tablier.cli.leds import add_palette_option, palette_problem
from tablier.cli.moves import add_option_arguments
from tablier.cli.play_evening import add_evening_arguments
from tablier.cli.play_remote import add_remote_arguments
from tablier.cli.serving import linger_page
from tablier.cli.speech_options import add_speech_arguments, speech_options, speech_problem

if TYPE_CHECKING:
    from tablier.play.runner import PlayResult


def register(subparsers: Any) -> None:
    """Add the ``play`` subcommand."""
    parser = subparsers.add_parser("play", help="play a game on the board (or on the simulated board)")
    parser.add_argument("game", nargs="?", help="the game (see `tablier games`); with --resume, from the log")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--port", help="the board's serial port, e.g. /dev/ttyACM0")
    where.add_argument("--sim", nargs="?", const=True, default=False, metavar="rp2:UF2",
                       help="the simulated board (the firmware under MicroPython); --sim rp2:UF2 runs it "
                            "on an emulated RP2040 booting MicroPython's RPI_PICO UF2 (docs/firmware.md)")
    parser.add_argument("--script", type=Path, help="(with --sim) play this script of physical actions")
    add_option_arguments(parser)
    parser.add_argument("--position", "--fen", dest="position", default="",
                        help="start the first game from this position (tables position text, draughts FEN)")
    parser.add_argument("--seed", type=int, help="seed the electronic dice (tests, demonstrations); a seeded "
                        "game resumed without --seed goes on with its own")
    parser.add_argument("--dice", choices=("electronic", "physical"), default="electronic",
                        help="electronic dice (a button press rolls) or physical dice typed in (`dice 6 3`)")
    parser.add_argument("--match", type=int, default=0, metavar="N", help="play a match to N points")
    parser.add_argument("--games", type=int, default=1, metavar="N", help="play N games (default 1)")
    parser.add_argument("--players", default="player 1,player 2",
                        help="the two players' names, comma-separated; `computer` or `computer:LEVEL` "
                             "(1-4) for the engine, e.g. human,computer or Ann,computer:3")
    parser.add_argument("--strict", action="store_true", help="strict mode: enforce and keep quiet")
    add_palette_option(parser)
    parser.add_argument("--quality", default=None, metavar="LEVEL[,LEVEL]",
                        help="quality help, for both players or each (player 1's,player 2's): off, 1-6 "
                             "(men a turn) or full (the default; off for a --script, whose `expect lit` "
                             "lines check the lights of legality): a lifted man's destinations lit by "
                             "how good they are, and the teacher's mark after each play (?!, ?, ??); "
                             "a strict game shows none unless both players allow help")
    parser.add_argument("--grace", type=float, default=1.5, metavar="S",
                        help="seconds a wrong board may stand before the lights guide back (1.5)")
    parser.add_argument("--touch-down", action="store_true",
                        help="Jacquet games: a man using both dice must rest on the intermediate point")
    parser.add_argument("--clock", choices=("usbgf", "uk", "checker-laws"), default="",
                        help="the board runs the match clock (docs/club-evening.md): usbgf or uk for a "
                             "tables match (--match N), checker-laws for draughts")
    parser.add_argument("--overtime", type=int, default=0, metavar="MINUTES",
                        help="with --clock usbgf: the USBGF's Overtime option, 1 or 2 minutes once")
    parser.add_argument("--timing", action="store_true",
                        help="draughts: the same as --clock checker-laws (Laws 8 and 9)")
    parser.add_argument("--log-dir", type=Path, help="where the event log goes "
                        "(default: $XDG_DATA_HOME/tablier/logs)")
    parser.add_argument("--resume", nargs="?", const="latest", metavar="LOG",
                        help="continue an interrupted game from its log (default: the latest log)")
    parser.add_argument("--serve", metavar="[HOST:]PORT",
                        help="serve a read-only live web page of the game (host 127.0.0.1 unless given)")
    parser.add_argument("--no-archive", action="store_true",
                        help="do not put the finished game into the archive (`tablier archive`)")
    add_remote_arguments(parser)
    add_club_arguments(parser)
    add_evening_arguments(parser)
    add_speech_arguments(parser)
    parser.set_defaults(func=run)


def _fail(message: str, status: int = 2) -> int:
    """Say what went wrong in one line on stderr; the exit status."""
    print(f"tablier play: {message}", file=sys.stderr)
    return status


def _argument_problem(args: argparse.Namespace) -> str:
    """What is wrong with the board's arguments ('' when nothing); ``tablier play --sim GAME`` read
    as ``tablier play GAME --sim``."""
    if isinstance(args.sim, str) and not args.sim.startswith("rp2:"):
        if args.game is not None:
            return f"--sim takes nothing, or rp2:UF2 (the emulated chip), not {args.sim!r}"
        args.game, args.sim = args.sim, True  # `tablier play --sim backgammon`
    if args.script is not None and not args.sim:
        return "--script drives the simulated board: add --sim"
    if not args.sim and not args.port:
        return "say where the board is: --port /dev/ttyACM0, or --sim for the simulated board"
    return ""


def _clock_problem(args: argparse.Namespace) -> str:
    """What is wrong with ``--clock`` for the game and match asked ('' when nothing); ``--timing`` is
    ``--clock checker-laws``."""
    from tablier.errors import TablierError
    from tablier.games import find_game
    from tablier.play.match_clock import CHECKER_LAWS, time_control

    if args.timing:
        args.clock = args.clock or CHECKER_LAWS
    if not args.clock:
        return "--overtime goes with --clock usbgf" if args.overtime else ""
    if not args.game or args.resume is not None:
        return ""
    try:
        time_control(args.clock, find_game(args.game).family, args.match, args.overtime)
    except TablierError as error:
        return str(error)
    except KeyError:
        return ""  # an unknown game is told where the game is looked for
    return ""


def quality_problem(args: argparse.Namespace) -> str:
    """What is wrong with ``--quality`` ('' when nothing); it becomes each player's level."""
    from tablier.board.hint_budget import Assistance

    if args.quality is None:
        args.quality = "off" if getattr(args, "script", None) is not None else "full"
    words = [word.strip() for word in args.quality.split(",")]
    if len(words) not in (1, 2):
        return f"--quality takes one level or two separated by a comma, not {args.quality!r}"
    try:
        levels = [str(Assistance.parse(word)) for word in words]
    except ValueError as error:
        return f"--quality: {error}"
    args.quality = (levels[0], levels[-1])
    return ""


def run(args: argparse.Namespace) -> int:
    """Play; exit status 2 for bad input, 1 when the board cannot be reached or a script fails."""
    from tablier.cli.play_remote import run_remote, wants_remote
    from tablier.errors import TablierError
    from tablier.link.errors import LinkError
    from tablier.play.computer import parse_players
    from tablier.play.dice import Dice
    from tablier.play.report import report
    from tablier.play.runner import resume_command_for
    from tablier.record.log_writer import LogWriteError, default_log_dir

    problem = (_argument_problem(args) or palette_problem(args) or quality_problem(args)
               or _clock_problem(args) or speech_problem(args))
    if problem:
        return _fail(problem)
    try:
        names = parse_players(args.players)
    except ValueError as error:
        return _fail(str(error))
    if args.games < 1 or args.match < 0 or args.grace < 0:
        return _fail("--games must be 1 or more, --match and --grace 0 or more")
    log_dir = args.log_dir or default_log_dir()
    if args.evening or args.hands_delay:  # a board of a club evening (docs/club-evening.md)
        return _evening(args, log_dir)
    if wants_remote(args, log_dir):  # board to board (docs/remote-play.md)
        return run_remote(args, log_dir)
    server = None
    try:
        if args.serve is not None:
            from tablier.web.live import open_server

            server = args.server = open_server(args.serve)
        if args.resume is not None:
            _resume(args, log_dir)
            linger_page(server)
            return 0
        if not args.game:
            return _fail("name the game to play (see `tablier games`)")
        result = _play(args, names, log_dir, server)
    except KeyboardInterrupt:  # before the game began (connecting): nothing to resume
        return _fail("stopped before the game began", 130)
    except KeyError as error:
        return _fail(str(error.args[0]) if error.args else str(error))
    except LinkError as error:
        return _fail(str(error), 1)
    except LogWriteError as error:  # a full disk: one line, and how to go on once there is room
        return _fail(f"{error}; once there is room, go on with: "
                     f"{resume_command_for(error.path, args.sim, args.port, Dice(None, args.dice))}", 1)
    except TablierError as error:
        return _fail(str(error), 1 if "script" in type(error).__name__.lower() else 2)
    except ValueError as error:
        return _fail(str(error))
    report(result)
    linger_page(server)
    return 0


def _evening(args: argparse.Namespace, log_dir: Path) -> int:
    from tablier.cli.play_evening import evening_problem, run_evening
    from tablier.errors import TablierError
    from tablier.link.errors import LinkError
    from tablier.remote.broker import BrokerError, BrokerUnreachable

    problem = evening_problem(args)
    if problem:
        return _fail(problem)
    try:
        return run_evening(args, log_dir)
    except (BrokerUnreachable, LinkError) as error:
        return _fail(str(error), 1)
    except (BrokerError, ValueError, KeyError) as error:
        return _fail(str(error.args[0]) if isinstance(error, KeyError) else str(error))
    except TablierError as error:
        return _fail(str(error), 1)


def _resume(args: argparse.Namespace, log_dir: Path) -> None:
    """``--resume``: the game of a log played on (the club's page shows this board again)."""
    from tablier.cli.club import start_feed
    from tablier.play.resume import resume

    feed = start_feed(args)  # --club-broker: the club's page shows this board again
    args.speech_fields = speech_options(args)  # what is said aloud, as asked today
    resumed = resume(args, log_dir, watch=feed)
    if feed is not None:
        feed.finish(resumed.log_path, resumed.session.over)


def _play(args: argparse.Namespace, names: tuple[str, str], log_dir: Path, server: Any) -> PlayResult:
    """A new game (or match) on the board, a script's hands moving the men if one is given."""
    from tablier.cli.club import start_feed
    from tablier.cli.moves import chosen_options
    from tablier.games import find_game
    from tablier.play.dice import Dice
    from tablier.play.runner import play
    from tablier.play.session import PlayOptions
    from tablier.play.view import View

    game = find_game(args.game)
    options = PlayOptions(teaching=not args.strict, grace_s=args.grace, players=(names[0], names[1]),
                          match_length=args.match, games=args.games,
                          options=chosen_options(game, args, args.match), position=args.position,
                          touch_down=args.touch_down, clock=args.clock, overtime=args.overtime,
                          palette=args.palette, quality=args.quality, **speech_options(args))
    make_actor = None
    if args.script is not None:
        from tablier.play.script import ScriptActor, read_script

        actions = read_script(args.script)

        def make_actor(hands: Any, cable: Any) -> Any:
            return ScriptActor(actions, hands, cable, str(args.script))

    scripted = args.script is not None
    view = View(live=False if scripted else None, hands=bool(args.sim) and not scripted)
    feed = start_feed(args)  # --club-broker: the club's page shows this board (docs/club.md)
    result = play(args.game, options, Dice(args.seed, args.dice), port=args.port, sim=args.sim,
                  log_dir=log_dir, make_actor=make_actor, view=view, commands=not scripted,
                  archive=not args.no_archive, serve=server, watch=feed)
    if feed is not None:
        feed.finish(result.log_path, result.session.over)
    return result
