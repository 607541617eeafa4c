"""What a finished ``tablier play`` prints last: the committed moves, the final position, each game's
result, where the game's log is and, for a game stopped before its end, the command that resumes it
(shared by a new game and a resumed one)."""

from __future__ import annotations

from typing import Any


def report(result: Any) -> None:
    """Print the committed moves, the final position, each game's result, where the log is and,
    for a game stopped before its end, the command that resumes it."""
    session = result.session
    print("moves: " + (" ; ".join(session.committed) or "(none)"))
    print("\n".join(session.status_lines()[1:]))
    for text in session.results:
        print(f"result: {text}")
    if result.log_path is not None:
        print(f"log: {result.log_path}")
    if result.resume_command:
        print(f"stopped before the end; to go on: {result.resume_command}")
