"""What a finished ``tablier play`` prints last: the committed moves, the final position and where
the game's log is (shared by a new game and a resumed one)."""

from __future__ import annotations

from typing import Any


def report(result: Any) -> None:
    """Print the committed moves, the final position and where the log is."""
    session = result.session
    print("moves: " + (" ; ".join(session.committed) or "(none)"))
    print("\n".join(session.status_lines()[1:]))
    if result.log_path is not None:
        print(f"log: {result.log_path}")
