"""``tablier club evening``: a club evening run on the club's boards, from the players to the final
standings (``docs/club-evening.md``).

``club evening --broker BROKER --club NAME --players Ann Bob Cy Di --game backgammon --match 1
--rounds 3 --boards 8`` registers the players (their names, or a file with a name a line), pairs each
round (``--system swiss``, ``round-robin`` or ``double-round-robin``), gives each board its game
(board ``table-1`` to ``table-N``, or the names given), takes each result from the match the board
published and the club's archive stored, and goes on to the final standings. It serves the club's
page as ``club serve`` does, with the round, its pairings and the standings, and keeps the evening
as JSON beside the archive (``--evening-file``): ``--resume`` goes on with it after a stop or a
crash. ``--csv-dir DIR`` writes the standings and each round's results as CSV there. ``--simulate
DIR`` starts the boards too, simulated, the built-in players' hands playing both seats, their logs
in DIR. Exit status: 0 once the evening is over, 1 when the broker or the archive cannot be used
or the evening stopped, 2 for bad input.
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tablier.remote.broker import Club
    from tablier.tournament.event import Player, Tournament

#: The pairing systems (:data:`tablier.tournament.event.SYSTEMS`, which ``--help`` does not load).
SYSTEMS = ("swiss", "round-robin", "double-round-robin")
#: The boards' names when ``--boards`` gives their number.
BOARD_PREFIX = "table-"
#: How long the simulated boards are given to stop once the evening is over.
BOARDS_STOP_S = 30.0


def add_evening_parser(commands: Any, add_login_arguments: Callable[[argparse.ArgumentParser], None]) -> None:
    """Add ``club evening`` (with the club's login options, as ``club serve`` has them)."""

    evening = commands.add_parser("evening", help="run a club evening on the club's boards: pairings, "
                                  "results, standings")
    add_login_arguments(evening)
    add = evening.add_argument
    add("--players", nargs="+", metavar="NAME|FILE", help="the players: their names (Ann Bob ...), or a file "
        "with a name a line (optionally NAME,RATING)")
    add("--game", default="backgammon", help="the game every board plays (default backgammon)")
    add("--option", action="append", default=[], metavar="NAME=VALUE",
        help="an option of the game (repeatable)")
    add("--match", type=int, default=0, metavar="N", help="a match to N points (default: one game)")
    add("--clock", default="none", choices=("none", "usbgf", "uk", "checker-laws"),
        help="the clock of each game (default none; usbgf and uk need --match)")
    add("--rounds", type=int, default=3, metavar="N", help="the rounds of a Swiss (default 3)")
    add("--system", default="swiss", choices=SYSTEMS, help="the pairing system (default swiss)")
    add("--boards", default="8", metavar="N|NAME,...",
        help=f"the club's boards: their number ({BOARD_PREFIX}1 to {BOARD_PREFIX}N) or their names "
             "(default 8)")
    add("--name", help="the evening's name (default: the club's name and today's date)")
    add("--serve", default="127.0.0.1:8080", metavar="[HOST:]PORT",
        help="where the club's page is served (default 127.0.0.1:8080: this machine only)")
    add("--archive", metavar="PATH|URL", help="the club's archive, as for `club serve`")
    add("--evening-file", type=Path, metavar="FILE",
        help="where the evening is kept as JSON (default: beside the archive, ARCHIVE.evening.json)")
    add("--resume", action="store_true", help="go on with the evening kept in the evening file")
    add("--csv-dir", type=Path, metavar="DIR",
        help="write the standings and each round's results as CSV here")
    add("--simulate", type=Path, metavar="DIR",
        help="also start the boards, simulated (built-in players on both seats), their logs in DIR")
    add("--hands-delay", type=float, default=0.0, metavar="S",
        help="(--simulate) seconds between two actions of the simulated players' hands (default 0)")


def run_evening(args: argparse.Namespace, club: Club, key: bytes) -> int:
    """Run the evening in ``club`` (its broker and login; ``key`` its signing key); the exit status."""
    from tablier.club.evening import Evening, EveningHall, club_rating
    from tablier.club.hall import follow
    from tablier.record.archive import Archive, default_location
    from tablier.record.archive_db import from_command_line
    from tablier.tournament.event import TournamentError
    from tablier.web.club_page import ClubServer
    from tablier.web.live import announce
    from tablier.web.server import parse_address

    boards = _boards(args.boards)
    location = from_command_line(args.archive) if args.archive else default_location()
    saved = args.evening_file or _beside(location)
    if saved is None:
        return _fail("the archive is a database: say where the evening is kept with --evening-file FILE")
    if args.hands_delay < 0:
        return _fail("--hands-delay must be zero or more seconds")
    host, port = parse_address(args.serve)
    try:
        tournament, unrated = _tournament(args, saved)
    except TournamentError as error:
        return _fail(str(error))
    signal.signal(signal.SIGTERM, _interrupted)
    with Archive(location) as archive:
        for player in unrated:  # the club's rating for the game, else 1500
            player.rating = club_rating(archive, tournament.settings.game, player.name)
        archive.hold()
        hall = EveningHall(club, key, archive, told=_tell)
        hall.start()
        simulated: list[subprocess.Popen[bytes]] = []
        try:
            server = ClubServer(hall, host, port)
            server.start()
            try:
                announce(server, sys.stdout, "the club's web page")
                _tell(f"{tournament.settings.name}: {len(tournament.players)} players, "
                      f"{tournament.total_rounds} rounds ({tournament.settings.system}) of "
                      f"{tournament.settings.game} on {len(boards)} boards; kept in {saved}; Ctrl-C stops")
                evening = Evening(tournament, boards, hall, saved, args.csv_dir, told=_tell,
                                  show=lambda: server.publish(hall.grid()))
                hall.evening = evening
                if args.simulate is not None:
                    simulated = _simulate(args, boards)
                evening.begin()
                follow(hall, server, until=evening.advance)
                _stop_boards(simulated, over=True)
                _tell(f"the evening is over: {hall.stored} matches stored in {archive.where}")
                return 0
            except KeyboardInterrupt:
                _stop_boards(simulated, over=False)
                _tell(f"stopped: the evening is kept in {saved}; go on with the same command and --resume")
                return 1
            except TournamentError as error:
                _stop_boards(simulated, over=False)
                return _fail(str(error), 1)
            finally:
                server.stop()
        finally:
            hall.close()


def _fail(message: str, status: int = 2) -> int:
    print(f"tablier club: {message}", file=sys.stderr)
    return status


def _tell(text: str) -> None:
    print(text, flush=True)


def _interrupted(number: int, frame: Any) -> None:
    """A SIGTERM stops the evening as Ctrl-C does (it is kept for ``--resume``)."""
    raise KeyboardInterrupt


def _boards(text: str) -> list[str]:
    """The boards' names from ``--boards``; :class:`ValueError` saying what is wrong."""
    from tablier.club.messages import BOARD_NAME

    if text.isdigit():
        if not 1 <= int(text) <= 1000:
            raise ValueError(f"--boards {text}: from 1 to 1000 boards")
        return [f"{BOARD_PREFIX}{n}" for n in range(1, int(text) + 1)]
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if not BOARD_NAME.fullmatch(name):
            raise ValueError(f"--boards: {name!r} is not a board's name (lower-case letters, digits and "
                             "dashes)")
    if not names or len(set(names)) != len(names):
        raise ValueError("--boards names each board once")
    return names


def _beside(location: Any) -> Path | None:
    """The evening's file beside an archive's file (None for a database)."""
    text = str(location)
    if "://" in text:
        return None
    path = Path(text)
    return path.with_name(f"{path.stem}.evening.json")


def _tournament(args: argparse.Namespace, saved: Path) -> tuple[Tournament, list[Player]]:
    """The evening: the one kept in ``saved`` (``--resume``), or a new one with its players; and the
    players registered without a rating."""
    from tablier.games import find_game, game_options
    from tablier.tournament.event import Settings, Tournament, TournamentError

    if args.resume:
        if not saved.exists():
            raise ValueError(f"--resume: no evening is kept in {saved}")
        return Tournament.from_json(saved.read_text(encoding="utf-8")), []
    if saved.exists():
        raise ValueError(f"an evening is kept in {saved} already: --resume goes on with it (or remove the "
                         "file, "
                         "or give another --evening-file)")
    if not args.players:
        raise ValueError("name the evening's players: --players Ann Bob ... (or a file, a name a line)")
    from tablier.cli.moves import parse_options

    game = find_game(args.game)
    settings = Settings(name=args.name or f"Club {args.club}, {date.today().isoformat()}", game=game.name,
                        system=args.system, rounds=args.rounds, match_length=args.match,
                        options=game_options(game, None, parse_options(args.option), args.match),
                        clock="" if args.clock == "none" else args.clock, date=date.today().isoformat())
    tournament = Tournament(settings)
    unrated = []
    for name, given in _players(args.players):
        player = tournament.register(name, 1500.0 if given is None else given)
        if given is None:
            unrated.append(player)
    if len(tournament.players) < 2:
        raise TournamentError("an evening needs two players or more")
    return tournament, unrated


def _players(given: list[str]) -> list[tuple[str, float | None]]:
    """The players from ``--players``: names, or one file of names (``NAME[,RATING]`` a line)."""
    from tablier.remote.messages import MAX_NAME

    if len(given) == 1 and Path(given[0]).is_file():
        lines = Path(given[0]).read_text(encoding="utf-8").splitlines()
        entries = [line.split("#")[0].strip() for line in lines]
    else:
        entries = [name.strip() for name in given]
    players: list[tuple[str, float | None]] = []
    for entry in (entry for entry in entries if entry):
        name, _, rating = entry.partition(",")
        name = " ".join(name.split())
        if not 0 < len(name) <= MAX_NAME or not name.isprintable():
            raise ValueError(f"player {name!r}: a name is 1 to {MAX_NAME} printable characters")
        try:
            players.append((name, float(rating) if rating.strip() else None))
        except ValueError:
            raise ValueError(f"player {name}: {rating.strip()!r} is not a rating") from None
    return players


def _simulate(args: argparse.Namespace, boards: list[str]) -> list[subprocess.Popen[bytes]]:
    """Start each board's host on a simulated board, at a lower priority (``--simulate DIR``)."""
    folder: Path = args.simulate
    folder.mkdir(parents=True, exist_ok=True)
    login: list[str] = []
    for option, value in (("--broker-user", args.broker_user),
                          ("--broker-password-file", args.broker_password_file),
                          ("--broker-ca", args.broker_ca), ("--broker-cert", args.broker_cert),
                          ("--broker-key", args.broker_key), ("--club-code-file", args.club_code_file)):
        if value:
            login += [option, str(value)]
    if args.broker_anonymous:
        login.append("--broker-anonymous")
    started = []
    for board in boards:
        out = open(folder / f"{board}.out", "ab")  # noqa: SIM115 (the board's process keeps it)
        started.append(subprocess.Popen(
            ["nice", "-n", "10", sys.executable, "-m", "tablier", "play", "--sim", "--evening",
             "--no-archive",
             "--club-broker", args.broker, "--club", args.club, "--board", board, "--log-dir",
             str(folder / board), "--hands-delay", str(args.hands_delay), *login],
            stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL))
        out.close()
    print(f"started {len(boards)} simulated boards (their logs and output in {folder})", flush=True)
    return started


def _stop_boards(boards: list[subprocess.Popen[bytes]], over: bool) -> None:
    """Let the simulated boards stop (the evening over: they stop by themselves), else stop them."""
    if not over:
        for board in boards:
            board.send_signal(signal.SIGINT)
    for board in boards:
        try:
            board.wait(BOARDS_STOP_S)
        except subprocess.TimeoutExpired:
            board.kill()
            board.wait()
