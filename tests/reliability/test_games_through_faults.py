"""Whole games through the fault-injecting relay leave the same game record as without faults.

Each game is played twice with the same seed (the dice and the players' choices): once straight to
the firmware, once through a relay that drops, corrupts, duplicates, delays and reorders bytes and
frames, replays stale ones and pulls the cable every few moves. The committed moves and the result
in the event log must be the same, the game must finish. The default run plays a sample; the full
run (``make test-full``) plays every game of the board over 100 games and more than 10,000 faults,
prints the figures and writes them to ``bench/results/reliability.json`` (``docs/reliability.md``).
A seed whose clean game does not finish fails the sweep: it is not skipped.
"""

from __future__ import annotations

import pytest

from harness.faults import FRAME_KINDS, KINDS
from harness.games import BOARD_GAMES
from harness.results import Sweep, write

#: Faults a frame in all (each kind equally likely); the cable is pulled every 150 to 400 frames.
RATE = 0.1
#: The full sweep: this many games, the games of the board in turn, and at least this many faults.
FULL_GAMES = 100
FULL_FAULTS = 10_000


def _report(sweep: Sweep) -> str:
    lines = [sweep.summary()]
    for finding in sweep.findings:
        lines.append(f"{finding.game} seed {finding.seed} (fault plan seed {finding.plan_seed}): "
                     f"{finding.what}")
        lines += [f"    {fault}" for fault in finding.faults[-12:]]
    return "\n".join(lines)


def test_a_sample_of_games_comes_through_every_kind_of_fault_unchanged(
        capsys: pytest.CaptureFixture[str]) -> None:
    sweep = Sweep()
    for game in ("backgammon", "english"):
        sweep.play(game, 3, RATE)  # a clean game that does not finish is a finding too
    with capsys.disabled():
        print("\n" + _report(sweep))
    assert not sweep.findings, _report(sweep)
    assert sweep.identical == sweep.games == 2
    assert sweep.lost_moves == sweep.phantom_moves == 0
    assert all(sweep.faults[kind] for kind in FRAME_KINDS), _report(sweep)  # every kind struck
    assert sweep.faults["cable_pull"] and sweep.reconnections  # and the host came back each time


@pytest.mark.full
@pytest.mark.timeout(3 * 3600)
def test_a_hundred_games_of_every_game_come_through_ten_thousand_faults_unchanged(
        capsys: pytest.CaptureFixture[str]) -> None:
    sweep = Sweep()
    seeds = dict.fromkeys(BOARD_GAMES, 0)
    with capsys.disabled():
        print()
        while sweep.games < FULL_GAMES:
            game = BOARD_GAMES[sweep.games % len(BOARD_GAMES)]
            seeds[game] += 1
            print(sweep.play(game, seeds[game], RATE), flush=True)  # a clean game stopping early: a finding
        path = write(sweep)
        print(_report(sweep) + f"\nwritten to {path}")
    assert not sweep.findings, _report(sweep)
    assert sweep.lost_moves == sweep.phantom_moves == 0
    assert sum(sweep.faults.values()) >= FULL_FAULTS
    assert all(sweep.faults[kind] for kind in KINDS)
    assert set(sweep.by_game) == set(BOARD_GAMES)


def test_a_seed_whose_clean_game_does_not_finish_fails_the_sweep(monkeypatch: pytest.MonkeyPatch) -> None:
    import harness.results as results
    from harness.games import GameRecord, GameRun

    def stops_early(game: str, seed: int, plan: object = None) -> GameRun:
        assert plan is None, "a faulted game was played although the clean one did not finish"
        return GameRun(game, seed, GameRecord((), ()), finished=False)

    monkeypatch.setattr(results, "play_game", stops_early)
    sweep = Sweep()
    line = sweep.play("jacquet", 2, RATE)
    assert line == "jacquet seed 2: the clean game (no faults) did not finish: it stopped after 0 moves"
    assert [finding.what for finding in sweep.findings] == [line.split(": ", 1)[1]]
    assert sweep.games == 1 and sweep.figures()["clean_games_not_finished"] == ["jacquet seed 2"]
