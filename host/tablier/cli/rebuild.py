"""``tablier rebuild LOG``: re-infer a game's moves from the switch events its event log recorded.

The same session code that played live reads the recorded switches again (``--resume`` uses the
same replay to pick up an interrupted game). The moves are printed; a difference from the moves the
log committed live is reported (exit status 1), e.g. after a live inference was corrected by hand.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tablier.words import counted


def register(subparsers: Any) -> None:
    """Add the ``rebuild`` subcommand."""
    parser = subparsers.add_parser("rebuild", help="re-infer a game's moves from its raw event log")
    parser.add_argument("log", type=Path, help="the event log (.jsonl) written by `tablier play`")
    parser.add_argument("--out", type=Path,
                        help="also write the clean game (throws, moves, words, results; no switches) here")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the re-inferred moves; 1 if they differ from the logged ones, 2 for a bad log."""
    from tablier.errors import TablierError
    from tablier.play.replay import rebuild
    from tablier.record.eventlog import read_log

    try:
        log = read_log(args.log)
        if args.out is not None and args.out.exists():
            print(f"tablier rebuild: {args.out} exists; choose a new file", file=sys.stderr)
            return 2
        rebuilt = rebuild(log, out=args.out)
    except (TablierError, KeyError) as error:
        print(f"tablier rebuild: {error}", file=sys.stderr)
        return 2
    header = log.header
    print(f"{header.game}: {counted(len(rebuilt.inferred), 'move')} re-inferred from "
          f"{counted(sum(1 for _ in log.records), 'record')}"
          + (" (the last line was torn)" if log.torn_tail else ""))
    for number, move in enumerate(rebuilt.inferred, 1):
        print(f"{number:3}. {move}")
    if args.out is not None:
        print(f"clean game written to {args.out}")
    if rebuilt.agrees:
        print("the moves agree with the ones committed live")
        return 0
    if rebuilt.agrees_with_unlogged:
        print(f"the moves agree with the ones committed live; the last, {rebuilt.inferred[-1]!r}, was "
              "ended on the board just before the host was interrupted; `tablier play --resume` commits it")
        return 0
    print("the moves differ from the ones committed live:")
    for number, (inferred, logged) in enumerate(zip(rebuilt.inferred, rebuilt.logged, strict=False), 1):
        if inferred != logged:
            print(f"  move {number}: re-inferred {inferred!r}, logged {logged!r}")
    if len(rebuilt.inferred) != len(rebuilt.logged):
        print(f"  {counted(len(rebuilt.inferred), 'move')} re-inferred, {len(rebuilt.logged)} logged")
    return 1
