"""``tablier play --sim|--port ... --club-broker BROKER --club NAME --board NAME --evening``: a board
of a club evening (``docs/club-evening.md``).

The board's host waits for the game ``tablier club evening`` gives it (:mod:`tablier.club.assignments`),
plays it with the players, sides, game, options, match length and clock it names, publishing it to
the club's page as any club board does (the club stores the match, and the evening takes its result
from there), then waits for the next one, until the evening is over. Each game's event log goes
into a folder of its own under ``--log-dir`` (``evening-ID``): a host stopped or killed mid-game and
started again (``--resume`` says so, but an evening board always does) goes on with its game from
its log; a game already played is never started again. On the simulated board, the built-in players'
hands play both seats (``--hands-delay`` paces them): the simulated evening.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tablier.club.assignments import Assignment
    from tablier.play.runner import PlayResult

#: The built-in players whose hands play a simulated evening board's two seats.
SIM_PLAYERS = ("greedy", "greedy")


def add_evening_arguments(parser: argparse.ArgumentParser) -> None:
    """``tablier play``'s options of a club evening's board."""
    group = parser.add_argument_group("a club evening (docs/club-evening.md)")
    group.add_argument("--evening", action="store_true",
                       help="(with --club-broker and --board) play the games `tablier club evening` gives "
                            "this board, one after another, until the evening is over")
    group.add_argument("--hands-delay", type=float, default=0.0, metavar="S",
                       help="(--evening --sim) seconds between two actions of the built-in players' hands "
                            "(default 0)")


def evening_problem(args: argparse.Namespace) -> str:
    """What is wrong with the evening's options ('' when nothing)."""
    if not args.evening:
        return "--hands-delay paces a simulated evening board: add --evening" if args.hands_delay else ""
    if not args.club_broker:
        return "--evening plays the games of a club evening: add --club-broker BROKER (and --club, --board)"
    if args.remote is not None or args.join or args.script is not None:
        return "--evening plays the games the evening gives: not with --remote, --join or --script"
    if args.hands_delay < 0:
        return "--hands-delay must be zero or more seconds"
    return ""


def run_evening(args: argparse.Namespace, log_dir: Path) -> int:
    """Play the evening's games on this board until the evening is over; the exit status."""
    import socket

    from tablier.cli.club import club_code, club_login
    from tablier.club.assignments import AssignmentInbox
    from tablier.club.messages import club_key

    club = club_login(args, args.club_broker)
    board = args.board or socket.gethostname().split(".")[0].lower()
    key = club_key(club_code(args), club.name)
    inbox = AssignmentInbox(club, key, board).start()
    print(f"board {board} of club {club.name} ({club.broker.url()}): a board of the club's evening",
          file=sys.stderr, flush=True)
    try:
        while True:
            assignment = inbox.wait(lambda given: _played(log_dir, given), _tell)
            if assignment.over:
                _tell(f"board {board}: {assignment.describe()}; this board stops")
                return 0
            _tell(f"board {board}: {assignment.describe()}")
            result = _play_assignment(args, log_dir / f"evening-{assignment.id}", assignment)
            if not result.session.over:  # stopped (Ctrl-C, SIGTERM): its log waits for the host again
                _tell(f"board {board}: the game stopped before its end; start this board again to go on")
                return 1
    except KeyboardInterrupt:
        return 130
    finally:
        inbox.close()


def _tell(text: str) -> None:
    print(text, flush=True)


def _played(log_dir: Path, assignment: Assignment) -> bool:
    """Whether this board played ``assignment``'s game to its end (its log says so)."""
    from tablier.record.eventlog import LogFormatError, ResultRecord, read_log

    folder = log_dir / f"evening-{assignment.id}"
    for log in folder.glob("*.jsonl"):
        try:
            results = read_log(log).of(ResultRecord)
        except (LogFormatError, OSError):
            continue
        if results and results[-1].match_over:
            return True
    return False


def _play_assignment(args: argparse.Namespace, folder: Path, assignment: Assignment) -> PlayResult:
    """Play (or, its log in ``folder``, go on with) ``assignment``'s game, published to the club."""
    from tablier.cli.club import start_feed
    from tablier.play.autoplay import AutoHands
    from tablier.play.dice import Dice
    from tablier.play.resume import dice_going_on, resume_log
    from tablier.play.runner import play
    from tablier.play.session import PlayOptions
    from tablier.play.view import View
    from tablier.record.eventlog import read_log

    make_actor = None
    if args.sim:
        def make_actor(hands: Any, cable: Any) -> Any:
            return AutoHands(hands, SIM_PLAYERS, delay=args.hands_delay)

    view = View(live=False, hands=False)
    feed = start_feed(args)
    logs = sorted(folder.glob("*.jsonl"))
    if logs:  # this board's host stopped mid-game: it goes on from the log
        _tell(f"going on with the game of {logs[-1]}")
        result = resume_log(logs[-1], dice_going_on(read_log(logs[-1])), args.grace, port=args.port,
                            sim=args.sim, make_actor=make_actor, view=view, commands=not args.sim,
                            archive=not args.no_archive, watch=feed)
    else:
        options = PlayOptions(teaching=not args.strict, grace_s=args.grace, players=assignment.players,
                              match_length=assignment.match_length, options=dict(assignment.options),
                              palette=args.palette, quality=args.quality, clock=assignment.clock)
        result = play(assignment.game, options, Dice(args.seed, args.dice), port=args.port, sim=args.sim,
                      log_dir=folder, make_actor=make_actor, view=view, commands=not args.sim,
                      archive=not args.no_archive, watch=feed)
    if feed is not None:
        feed.finish(result.log_path, result.session.over)
    return result
