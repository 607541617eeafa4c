"""GNU Backgammon's own cube analysis, read from its text command ``hint`` in a child process.

The binding's ``evaluate`` is cubeless; the full program's cube analysis is reachable only through
``gnubg.command('hint')``, which prints to file descriptor 1 (and hangs unless ``set threads 1``
ran first: see the project's oracle notes). A child process keeps that output away from the tests.
"""

from __future__ import annotations

import re
import subprocess
import sys

SCRIPT = """
import sys, gnubg
gnubg.command('set threads 1')
gnubg.command('set beavers {beavers}')
gnubg.command('new game')
for gnubgid in sys.argv[1:]:
    gnubg.command('set gnubgid ' + gnubgid)
    print('@@@ ' + gnubgid, flush=True)
    gnubg.command('hint')
    print('', flush=True)
"""


def gnubg_cube_actions(gnubg_ids: list[str], beavers: bool = False) -> dict[str, str]:
    """gnubg's "Proper cube action" (lower case, e.g. ``"no double, take"``) for each
    ``PositionID:MatchID`` with the side on roll to decide, before the throw."""
    script = SCRIPT.format(beavers="on" if beavers else "off")
    output = subprocess.run([sys.executable, "-c", script, *gnubg_ids], capture_output=True,
                            text=True, timeout=300, check=True).stdout
    actions: dict[str, str] = {}
    current = ""
    for line in output.splitlines():
        if line.startswith("@@@ "):
            current = line[4:]
        found = re.match(r"Proper cube action: (.*?)( \(.*\))?$", line)
        if found and current:
            actions[current] = found.group(1).lower()
    return actions


def gnubg_action(text: str) -> tuple[str, bool]:
    """gnubg's "proper cube action" as (action, take): the action in the engine's words
    (``"double"``, ``"no double"``, ``"too good"``, or ``"optional"`` for gnubg's optional double)."""
    if text.startswith(("double", "redouble")):
        action = "double"
    elif text.startswith("optional"):
        action = "optional"
    elif text.startswith("too good"):
        action = "too good"
    else:
        action = "no double"
    return action, text.endswith(("take", "beaver"))
