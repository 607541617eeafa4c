"""Start-up: the wall time of a command that does little, from process start to exit.

Each command runs as a user runs it (the installed ``tablier`` script, a fresh interpreter), several
times; the median is reported beside ``python -c pass``, the interpreter's own start. The target
(issue 25) is ``tablier --help`` and ``tablier moves backgammon --dice 3-1`` under 0.15 s: each
sub-command imports its work modules only when it runs.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

RUNS = 15
TABLIER = Path(sys.executable).with_name("tablier")
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "tablier --help": [str(TABLIER), "--help"],
    "tablier games": [str(TABLIER), "games"],
    "tablier moves backgammon --dice 3-1": [str(TABLIER), "moves", "backgammon", "--dice", "3-1"],
    "tablier moves english": [str(TABLIER), "moves", "english"],
}


def wall_times(command: list[str]) -> list[float]:
    """The wall times of ``RUNS`` runs of ``command`` (after one warm-up run), in seconds."""
    subprocess.run(command, check=True, capture_output=True)
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def main() -> dict[str, object]:
    """The median and worst start-up time of each command, in milliseconds."""
    figures: dict[str, object] = {"runs": RUNS, "target_ms": 150}
    for name, command in COMMANDS.items():
        times = wall_times(command)
        figures[name] = {"median_ms": round(1000 * statistics.median(times), 1),
                         "max_ms": round(1000 * max(times), 1)}
    return figures


if __name__ == "__main__":
    print(main())
