"""A board-to-board game stopped at every point of a turn and resumed: it ends, both logs alike.

The harness (:mod:`harness.stops`) plays short games between two ``tablier play --remote`` processes
through a real Mosquitto and stops one host from inside (:mod:`harness.stop_host`) at a point of a
turn (before or after a press, a commit, its share of a throw, its reveal of the other's share,
its goodbye; between a message's log and its publication), by ``quit``, Ctrl-C, SIGTERM, SIGKILL or
the link cut, on either seat, in a tables game and a draughts game, then resumes it as its player
would. Every run must end with both games finished and both logs alike: no deadlock, no divergent
log, no crash. These are the items of issue 31; ``test_stop_sweep.py`` runs a sample of the other
stops, and every one in ``make test-full``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.stops import Stop, play_stopped


@pytest.mark.parametrize("stop", [Stop("backgammon", 1, "quit", "commit", "after", 2),
                                  Stop("english", 2, "ctrl-c", "commit", "after", 2)], ids=str)
def test_a_quit_or_ctrl_c_then_resume_goes_on(mosquitto, tmp_path: Path, stop: Stop) -> None:
    """Issue 31, item 1: the goodbye's number was never logged, so the resumed host's next message
    took it again and the other host dropped it as a copy: each waited for the other for ever."""
    play_stopped(mosquitto, tmp_path, stop).check()


@pytest.mark.parametrize("stop", [Stop("backgammon", 1, "sigkill", "press", "after", 2),
                                  Stop("english", 2, "sigkill", "press", "after", 2)], ids=str)
def test_a_host_killed_between_its_commit_press_and_its_commit_sends_the_move(mosquitto, tmp_path: Path,
                                                                             stop: Stop) -> None:
    """Issue 31, item 2: the resumed host wrote the move its log's switches showed to its own log
    only, and never sent it."""
    play_stopped(mosquitto, tmp_path, stop).check()
