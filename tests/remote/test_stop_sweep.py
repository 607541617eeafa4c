"""Every kind of stop at every point of a turn, on both seats, in a tables and a draughts game:
``make test`` runs one stop of each kind the items' tests (``test_stops.py``) do not, at points they
do not take; ``make test-full`` runs them all and writes ``bench/results/remote_stops.json``
(``docs/reliability.md``). Every run must end with both games finished and both logs alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.stops import Figures, Stop, campaign, every_stop, play_stopped, write

#: Stops of the kinds and at the points the items' tests do not take, both seats and both games.
SAMPLE = [Stop("backgammon", 1, "sigterm", "commit", "before", 1),
          Stop("backgammon", 2, "cut", "share", "logged", 2),
          Stop("english", 2, "sigkill", "goodbye", "logged", 1)]


@pytest.mark.parametrize("stop", SAMPLE, ids=str)
def test_a_sample_of_stops_at_points_of_a_turn(mosquitto, tmp_path: Path, stop: Stop) -> None:
    play_stopped(mosquitto, tmp_path, stop).check()


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
