"""A board-to-board game stopped at every point of a turn and resumed: it ends, both logs alike.

The harness (:mod:`harness.stops`) plays short games between two ``tablier play --remote`` processes
through a real Mosquitto and stops one host from inside (:mod:`harness.stop_host`) at a point of a
turn (before or after a press, a commit, its share of a throw, its reveal of the other's share,
its goodbye; between a message's log and its publication), by ``quit``, Ctrl-C, SIGTERM, SIGKILL or
the link cut, on either seat, in a tables game and a draughts game, then resumes it as its player
would. Every run must end with both games finished and both logs alike: no deadlock, no divergent
log, no crash. ``make test`` runs the items of issue 31 and a sample; ``make test-full`` every stop
(figures in ``bench/results/remote_stops.json``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.stops import Figures, Stop, campaign, every_stop, play_stopped, write


def _finished(run: object) -> None:
    assert run.landed, f"{run.stop}: the stop never came"  # type: ignore[attr-defined]
    assert run.outcome == "finished", f"{run.stop}: {run.outcome}: {run.detail}"  # type: ignore[attr-defined]


@pytest.mark.parametrize("stop", [Stop("backgammon", 1, "quit", "commit", "after", 2),
                                  Stop("english", 2, "ctrl-c", "commit", "after", 2)], ids=str)
def test_a_quit_or_ctrl_c_then_resume_goes_on(mosquitto, tmp_path: Path, stop: Stop) -> None:
    """Issue 31, item 1: the goodbye's number was never logged, so the resumed host's next message
    took it again and the other host dropped it as a copy: each waited for the other for ever."""
    _finished(play_stopped(mosquitto, tmp_path, stop))


@pytest.mark.parametrize("stop", [Stop("backgammon", 1, "sigkill", "press", "after", 2),
                                  Stop("english", 2, "sigkill", "press", "after", 2)], ids=str)
def test_a_host_killed_between_its_commit_press_and_its_commit_sends_the_move(mosquitto, tmp_path: Path,
                                                                             stop: Stop) -> None:
    """Issue 31, item 2: the resumed host wrote the move its log's switches showed to its own log
    only, and never sent it."""
    _finished(play_stopped(mosquitto, tmp_path, stop))


#: One stop of each kind, at points the items above do not take, both seats and both games.
SAMPLE = [Stop("backgammon", 1, "sigterm", "commit", "before", 1),
          Stop("english", 1, "cut", "commit", "before", 2),
          Stop("backgammon", 1, "sigkill", "goodbye", "before", 1),
          Stop("backgammon", 2, "quit", "share", "after", 1)]


@pytest.mark.parametrize("stop", SAMPLE, ids=str)
def test_a_sample_of_stops_at_points_of_a_turn(mosquitto, tmp_path: Path, stop: Stop) -> None:
    _finished(play_stopped(mosquitto, tmp_path, stop))


@pytest.mark.full
@pytest.mark.timeout(3 * 3600)
def test_every_stop_at_every_point_of_a_turn(mosquitto, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    stops = every_stop()

    def told(line: str) -> None:
        with capsys.disabled():
            print(line, flush=True)

    figures: Figures = campaign(mosquitto, tmp_path, stops, workers=2, told=told)
    path = write(figures)
    with capsys.disabled():
        print(f"\nstops and resumptions ({path}): {figures.summary()}")
        print(json.dumps(figures.figures()["findings"], indent=1))
    assert figures.runs == len(stops)
    assert (figures.deadlocks, figures.divergent, figures.crashes) == (0, 0, 0), figures.summary()
    assert figures.landed == figures.runs, figures.findings
