"""`tablier demo` and `tablier play` as a user runs them: whole games on the simulated board."""

from __future__ import annotations

import io
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tablier.cli import main
from tablier.games import all_games
from tablier.play.demo import run_demo
from tablier.play.replay import rebuild
from tablier.record.eventlog import Commit, Header, ResultRecord, SwitchEvent, read_log
from tablier.record.from_log import read_event_log
from tablier.record.json_format import dumps, loads
from tablier.record.replay import replay_game
from tablier.record.text_export import write_text

BOARD_GAMES = [game.name for game in all_games()
               if game.name not in ("polish10", "tavli")]  # 10x10: not on this board; Tavli: a match


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_demo_plays_a_whole_game_of_every_game_through_the_firmware(game: str, tmp_path: Path) -> None:
    out = io.StringIO()
    result = run_demo(game, seed=3, delay=0.0, log_dir=tmp_path, out=out, live=False)
    session = result.session
    assert session.finished and session.committed, "\n".join(session.message_log[-15:])
    assert result.log_path is not None and result.log_path.parent == tmp_path
    log = read_log(result.log_path)
    assert isinstance(log.records[0], Header) and log.header.game == game
    assert [c.notation for c in log.of(Commit)] == session.committed
    (ending,) = log.of(ResultRecord)
    assert ending.match_over and "wins" in out.getvalue() + " ".join(session.message_log)
    assert log.of(SwitchEvent)  # the moves were read from the switches
    if game in ("backgammon", "english"):
        assert rebuild(log).agrees


def _played_to_its_end(game: str, seed: int, folder: Path) -> str:
    """'' if the demo of ``game`` with ``seed`` plays a whole game on the board; else what it did."""
    result = run_demo(game, seed=seed, delay=0.0, log_dir=folder, out=io.StringIO(), live=False)
    session = result.session
    assert result.log_path is not None
    log = read_log(result.log_path)
    endings = log.of(ResultRecord)
    if not session.finished or not endings or not endings[-1].match_over or not session.committed:
        return f"{game} seed {seed}: stopped after {len(session.committed)} moves"
    if [c.notation for c in log.of(Commit)] != session.committed:
        return f"{game} seed {seed}: the log's moves are not the ones played"
    return ""


@pytest.mark.parametrize(("game", "seed"), [("versailles", 2), ("jacquet", 5), ("ticktack", 6)])
def test_demo_plays_on_after_tied_throws_and_a_lead_doublet(game: str, seed: int, tmp_path: Path) -> None:
    # Versailles seed 2 begins with a lead doublet (Backgammon seed 2's tied opening throw: below)
    assert _played_to_its_end(game, seed, tmp_path) == ""


@pytest.mark.full
@pytest.mark.parametrize("game", BOARD_GAMES)
def test_demo_plays_every_game_to_its_end_for_many_seeds(game: str, tmp_path: Path) -> None:
    stopped = [said for seed in range(12) if (said := _played_to_its_end(game, seed, tmp_path))]
    assert not stopped, stopped


@pytest.mark.parametrize("seeds", [range(25), pytest.param(range(25, 1000), marks=pytest.mark.full)])
def test_the_terminal_only_demo_plays_to_its_end_for_every_seed(seeds: range,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    for seed in seeds:
        assert main(["demo", "--no-board", "--seed", str(seed), "--fast"]) == 0
        out = capsys.readouterr().out
        assert "\nresult: " in out and " after 0 turns" not in out, seed


def test_demo_command_exits_0_only_for_a_whole_game(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--fast", "--seed", "2", "--log-dir", str(tmp_path)]) == 0  # a tied opening throw
    out = capsys.readouterr().out
    assert " wins game 1" in out and " 0 moves committed" not in out
    # piped, the transcript asks nobody to press a button: the demo's hands press by themselves
    assert [line for line in out.splitlines() if "button" in line] == []


def test_demo_command_writes_its_log_where_told(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--game", "devil", "--fast", "--seed", "2", "--log-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"log written to {tmp_path}" in out and "result: " in out


def test_demo_terminal_only_mode_is_kept(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--no-board", "--seed", "5", "--delay", "0"]) == 0
    assert "result: " in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "says"), [
    (["play", "backgammon"], "--sim"),
    (["play", "chess", "--sim"], "unknown game"),
    (["play", "backgammon", "--port", "/dev/ttyX", "--script", "x"], "add --sim"),
    (["play", "backgammon", "--sim", "--option", "cube"], "NAME=VALUE"),
    (["play", "backgammon", "--sim", "--players", "ann"], "two names"),
    (["play", "polish10", "--sim"], "8x8"),
    (["play", "backgammon", "--sim", "--position", "B 24x20 / W 24x15 / B"], "20 men"),
    (["play", "english", "--sim", "--position", "B:W1:B5"], "crowned"),
])
def test_play_refuses_bad_input_with_one_line(argv: list[str], says: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--log-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1
    assert not list(tmp_path.iterdir())  # nothing written for a refused game


def test_play_on_a_missing_port_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "backgammon", "--port", "/dev/nonexistent-tablier", "--log-dir", "/nonexistent"]
    assert main(argv) == 1
    assert "cannot open serial port" in capsys.readouterr().err


def test_play_with_a_script_prints_the_moves_and_the_position(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    script = Path(__file__).parent / "scripts" / "backgammon_opening.txt"
    assert main(["play", "backgammon", "--sim", "--script", str(script), "--log-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "moves: 8/5 6/5" in out and "BAR" in out and f"log: {tmp_path}" in out


def test_a_failing_script_line_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "s.txt"
    script.write_text("setup\ndice 3 1\npress 1\ndice 3 1\npress 1\nexpect last 24/18\n")
    assert main(["play", "backgammon", "--sim", "--script", str(script), "--log-dir", str(tmp_path)]) == 1
    assert "s.txt:6" in capsys.readouterr().err


def test_play_sim_takes_typed_hands_and_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    read, write = os.pipe()
    os.write(write, b"setup\ndice 3 1\ndice 3 1\nmove point 8 point 5\nlift point 30\n"
                    b"move point 6 point 5\npress 1\nquit\n")
    os.close(write)
    monkeypatch.setattr(sys, "stdin", os.fdopen(read))
    assert main(["play", "backgammon", "--sim", "--log-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "moves: 8/5 6/5" in out and "there is no point 30" in out


@pytest.mark.parametrize("script", sorted((Path(__file__).parent / "scripts").glob("*.txt")),
                         ids=lambda path: path.stem)
def test_every_example_script_plays_through(script: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    game = script.stem.split("_")[0]
    assert main(["play", game, "--sim", "--script", str(script), "--log-dir", str(tmp_path)]) == 0
    assert "moves: " in capsys.readouterr().out


def test_a_tavli_match_plays_portes_plakoto_and_fevga_in_turn(tmp_path: Path) -> None:
    result = run_demo("tavli", seed=3, delay=0.0, log_dir=tmp_path, out=io.StringIO(), live=False)
    assert result.session.finished and result.log_path is not None
    log = read_log(result.log_path)
    told = " ".join(result.session.message_log)
    assert "game 1 of Portes" in told and "game 2 of Plakoto" in told and "game 3 of Fevga" in told
    results = log.of(ResultRecord)
    assert results[-1].match_over and max(results[-1].score) >= 5  # to five points by default
    assert rebuild(log).agrees
    # the record of the match: each game replayed by its own rules, and a lossless JSON round trip
    record = read_event_log(result.log_path)
    assert [len(replay_game(record, game)) > 0 for game in record.games] == [True] * len(record.games)
    assert loads(dumps(record)) == record
    assert "Game 3" in write_text(record)


class PullingHands:
    """The demo's hands, and a cable pulled for a second after their twentieth action."""

    def __init__(self, hands: Any, cable: Any) -> None:
        from tablier.play.autoplay import AutoHands

        self.hands = AutoHands(hands, ("greedy", "random"), seed=3, delay=0.0)
        self.cable = cable
        self.steps = 0
        self.back_at: float | None = None

    @property
    def expected_closed(self) -> set[int]:
        return self.hands.expected_closed

    def step(self, session: Any) -> bool:
        self.steps += 1
        if self.steps == 20:
            self.cable.plugged, self.back_at = False, time.monotonic() + 1.0
        if self.back_at is not None and time.monotonic() > self.back_at:
            self.cable.plugged, self.back_at = True, None
        return self.hands.step(session) or self.back_at is not None


def test_the_demos_hands_wait_for_a_pulled_cable_and_the_game_goes_on(tmp_path: Path) -> None:
    from tablier.play.dice import Dice
    from tablier.play.runner import play
    from tablier.play.session import PlayOptions
    from tablier.play.view import View

    result = play("backgammon", PlayOptions(players=("greedy player", "random player"), grace_s=5.0),
                  Dice(3), sim=True, log_dir=tmp_path, make_actor=PullingHands,
                  view=View(io.StringIO(), live=False))
    assert result.session.finished and len(result.session.committed) > 20
