"""``tablier play --resume [LOG]``: continue an interrupted game from its event log.

The log is replayed through the session (:func:`~tablier.play.replay.rebuild`: every committed move
inferred again from the recorded switches, every throw the log holds thrown again as it was), the
board is connected, and the session checks the men against the position reached, lighting what to
put and what to lift until they match; then play goes on, appending to the same log. A torn last
line (the host killed while writing it) is cut first, so the log stays whole; a throw shown before
the interruption stands (it was in the log before it was shown), so a resumption never re-rolls.
A log is played by one host at a time: resuming a log another host still writes is refused in one
line naming it (:mod:`tablier.record.writer_lock`), and nothing is written.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablier.errors import TablierError
from tablier.record.eventlog import Commit, DiceRecord, EventLog, Message, ResultRecord, read_log
from tablier.record.log_writer import EventLogWriter
from tablier.record.writer_lock import hold
from tablier.tables.turn import PLAY
from tablier.tournament.clock_log import restore
from tablier.words import counted

from .dice import ELECTRONIC, Dice
from .match_clock import MatchClock
from .quality_help import QualityHelp
from .replay import Rebuilt, final_commits, rebuild
from .report import report
from .runner import PlayResult, play
from .session import Actor, Session
from .view import View

if TYPE_CHECKING:
    from tablier.web.server import LiveServer


def latest_log(directory: Path) -> Path:
    """The most recently written log in ``directory``."""
    logs = sorted(directory.glob("*.jsonl"), key=lambda p: p.stat().st_mtime)
    if not logs:
        raise TablierError(f"no event log in {directory} to resume")
    return logs[-1]


def resume(args: argparse.Namespace, log_dir: Path,
           watch: Callable[[Session], None] | None = None) -> PlayResult:
    """Resume the game of ``args.resume`` (a log path, or ``latest`` in ``log_dir``); ``watch`` is
    also called after each turn of the loop (a club's feed: ``tablier play --club-broker``)."""
    path = latest_log(log_dir) if args.resume == "latest" else Path(args.resume)
    make_actor = None
    if args.script is not None:
        from .script import ScriptActor, read_script

        actions = read_script(args.script)

        def make_actor(hands: Any, cable: Any) -> Any:
            return ScriptActor(actions, hands, cable, str(args.script))

    view = View(live=False if args.script is not None else None, hands=args.sim and args.script is None)
    dice = Dice(args.seed, args.dice) if args.seed is not None or args.dice != ELECTRONIC else \
        dice_going_on(read_log(path))
    result = resume_log(path, dice, args.grace, port=args.port, sim=args.sim,
                        make_actor=make_actor, view=view, commands=args.script is None,
                        archive=not args.no_archive, serve=getattr(args, "server", None), watch=watch,
                        palette=getattr(args, "palette", "classic"), quality=getattr(args, "quality", None),
                        speech=getattr(args, "speech_fields", None))
    report(result)
    return result


def resume_log(path: Path, dice: Dice, grace_s: float | None = None, *, port: str | None = None,
               sim: bool = False, make_actor: Callable[[Any, Any], Actor] | None = None,
               view: View | None = None, commands: bool = False, archive: bool = False,
               serve: LiveServer | None = None, watch: Callable[[Session], None] | None = None,
               closing: Callable[[Session], None] | None = None,
               palette: str = "classic", quality: tuple[str, str] | None = None,
               speech: Mapping[str, Any] | None = None) -> PlayResult:
    """Go on with the game of the log at ``path`` on a board (``port``) or the simulated board
    (``sim``), its lights in ``palette``; ``dice`` throws from then on; a match finished here goes
    into the archive when ``archive``; ``closing``: as :func:`~tablier.play.runner.play`'s;
    ``quality``: each player's quality help from now on (None: as the replay left it, full);
    ``speech``: what is said aloud from now on (its :class:`~tablier.play.options.PlayOptions`
    fields, ``docs/speech.md``).
    :class:`TablierError` if the log cannot be resumed, among them
    :class:`~tablier.record.writer_lock.InUseError` (and nothing read or written) while another
    process still writes it."""
    with hold(path, "the game's log"):  # another host still playing it: refused before anything
        return _resume_held(path, dice, grace_s, port=port, sim=sim, make_actor=make_actor, view=view,
                            commands=commands, archive=archive, serve=serve, watch=watch,
                            closing=closing, palette=palette, quality=quality, speech=speech)


def _resume_held(path: Path, dice: Dice, grace_s: float | None, *, port: str | None, sim: bool,
                 make_actor: Callable[[Any, Any], Actor] | None, view: View | None, commands: bool,
                 archive: bool, serve: LiveServer | None, watch: Callable[[Session], None] | None,
                 closing: Callable[[Session], None] | None, palette: str,
                 quality: tuple[str, str] | None, speech: Mapping[str, Any] | None) -> PlayResult:
    log = read_log(path)
    results = log.of(ResultRecord)
    if results and results[-1].match_over:
        raise TablierError(f"{path}: the game is over; nothing to resume")
    rebuilt = rebuild(log)
    session = rebuilt.session
    if not rebuilt.agrees_with_unlogged:
        session.say("the log's switches rebuild other moves than those committed; going on from "
                    "the rebuilt game", "warning")
    session.teacher.replayed = None  # from here on the teacher judges afresh
    marks_read_back(rebuilt, log)
    if grace_s is not None:
        session.options.grace_s = grace_s
    session.options.palette = palette  # the player's choice of today, not the log's
    if quality is not None:  # so is his quality help
        session.options.quality = quality
        session.teacher.quality = QualityHelp(quality, session.teacher.helps)
    for field, value in (speech or {}).items():  # so is what is said aloud (and who reads by touch)
        setattr(session.options, field, value)
    session.dice = dice
    writer = session.log = EventLogWriter(path)  # cuts a torn last line first
    if writer.mended:
        writer.write(Message(text=f"resuming: {writer.mended}", level="warning"))
    if rebuilt.unlogged:
        decided = ", ".join(r.notation if isinstance(r, Commit) else r.kind.replace("_", " ")
                            for r in rebuilt.unlogged)
        session.say(f"what was done just before the interruption ({decided}) had not been written: "
                    "written now", "info")
        decisions = session.computer.log_through(session, writer) if session.computer is not None else writer
        for record in rebuilt.unlogged:  # a seat at another board sends the local player's move
            decisions.write(record)
    writer.write(Message(text=f"resumed after {counted(len(rebuilt.inferred), 'move')}", level="info"))
    clocks = restore(log.records) if session.options.clock else None
    if clocks is not None:  # the clocks as the log left them, the time the host was down nobody's
        session.match_clock = MatchClock(session, clocks)
        session.say(f"the clocks go on as they were: {session.match_clock.describe()}", "info")
    standing = standing_throw(rebuilt)
    if standing:
        session.say(f"the throw {standing} shown before the interruption stands: play it", "info")
    return play(log.header.game, session.options, session.dice, port=port, sim=sim,
                make_actor=make_actor, view=view, commands=commands, log_writer=writer,
                resumed=session, archive=archive, serve=serve, watch=watch, closing=closing)


def marks_read_back(rebuilt: Rebuilt, log: EventLog) -> None:
    """The marks of the plays already committed (``?!``, ``?``, ``??``), as the log's commits keep
    them, shown again on the resumed game's move list (the replay itself judges nothing)."""
    commits = final_commits(log)
    if rebuilt.inferred[:len(commits)] == [commit.notation for commit in commits]:
        rebuilt.session.marks[:len(commits)] = [commit.mark for commit in commits]


def dice_going_on(log: EventLog) -> Dice:
    """Electronic dice for the game of ``log`` resumed: a seeded game's dice go on past the throws
    already made, as if the game had never stopped; an unseeded game's stay fair."""
    return Dice.resumed(log.header.seed, (len(throw.dice) for throw in log.of(DiceRecord)))


def standing_throw(rebuilt: Rebuilt) -> str:
    """The throw the replayed game waits to see played (``6-5``), '' when none."""
    flow = getattr(rebuilt.session, "flow", None)
    if flow is None or flow.awaiting != PLAY or flow.dice is None:
        return ""
    return "-".join(str(die) for die in flow.dice)
