"""``tablier play --resume [LOG]``: continue an interrupted game from its event log.

The log is replayed through the session (:func:`~tablier.play.replay.rebuild`: every committed move
inferred again from the recorded switches), the board is connected, and the session checks the men
against the position reached, lighting what to put and what to lift until they match; then play
goes on, appending to the same log.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tablier.errors import TablierError
from tablier.record.eventlog import EventLogWriter, Message, ResultRecord, read_log

from .dice import Dice
from .replay import rebuild
from .report import report
from .runner import play
from .view import View


def latest_log(directory: Path) -> Path:
    """The most recently written log in ``directory``."""
    logs = sorted(directory.glob("*.jsonl"), key=lambda p: p.stat().st_mtime)
    if not logs:
        raise TablierError(f"no event log in {directory} to resume")
    return logs[-1]


def resume(args: argparse.Namespace, log_dir: Path) -> int:
    """Resume the game of ``args.resume`` (a log path, or ``latest`` in ``log_dir``)."""
    path = latest_log(log_dir) if args.resume == "latest" else Path(args.resume)
    log = read_log(path)
    results = log.of(ResultRecord)
    if results and results[-1].match_over:
        raise TablierError(f"{path}: the game is over; nothing to resume")
    rebuilt = rebuild(log)
    session = rebuilt.session
    if not rebuilt.agrees:
        session.say("the log's switches rebuild other moves than those committed; going on from "
                    "the rebuilt game", "warning")
    session.options.grace_s = args.grace
    session.dice = Dice(args.seed, args.dice)
    make_actor = None
    if args.script is not None:
        from .script import ScriptActor, read_script

        actions = read_script(args.script)

        def make_actor(hands: Any, cable: Any) -> Any:
            return ScriptActor(actions, hands, cable, str(args.script))

    writer = EventLogWriter(path)
    writer.write(Message(text=f"resumed after {len(rebuilt.inferred)} moves", level="info"))
    view = View(live=False if args.script is not None else None, hands=args.sim and args.script is None)
    result = play(log.header.game, session.options, session.dice, port=args.port, sim=args.sim,
                  make_actor=make_actor, view=view, commands=args.script is None, log_writer=writer,
                  resumed=session, archive=not args.no_archive, serve=getattr(args, "server", None))
    report(result)
    return 0
