"""The match clock run by the board (``tablier play --clock``), on the simulated board.

The scripts' ``wait N`` skips N seconds on the session's clock at once (:class:`SkippingActor`):
nothing sleeps, and the clock's arithmetic is the rules' to the second.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tablier.play.dice import Dice
from tablier.play.hands import Hands
from tablier.play.link import Cable
from tablier.play.replay import rebuild
from tablier.play.resume import resume_log
from tablier.play.runner import PlayResult, play
from tablier.play.script import Action, ScriptActor, parse_script
from tablier.play.session import PlayOptions, Session
from tablier.record.eventlog import ClockRecord, Command, ResultRecord, read_log

USBGF_1 = 2 * 60.0  # the USBGF's reserve for a 1-point match
DELAY = 12.0
SLACK = 1.5  # the real time the simulated board and the host take, on a busy machine


class Skipping:
    """The host's monotonic clock, moved on by hand as well."""

    def __init__(self) -> None:
        self.skipped = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.skipped


class SkippingActor(ScriptActor):
    """A script whose ``wait N`` skips N seconds of the session's clock instead of sleeping."""

    def __init__(self, actions: list[Action], hands: Hands, cable: Cable, skipping: Skipping) -> None:
        super().__init__(actions, hands, cable, "test-script", clock=skipping)
        self.skipping = skipping

    def step(self, session: Session) -> bool:
        session.clock = self.skipping
        return super().step(session)

    def _do(self, action: Action, session: Session) -> None:
        if action.verb == "wait":
            self.skipping.skipped += float(action.words[0])
            return
        super()._do(action, session)


def run_clocked(game: str, script: str, log_dir: Path | None = None, **options: object) -> PlayResult:
    skipping = Skipping()
    actions = parse_script(script, "test-script")
    skipped = sum(float(action.words[0]) for action in actions if action.verb == "wait")
    def hands(board_hands: Hands, cable: Cable) -> SkippingActor:
        return SkippingActor(actions, board_hands, cable, skipping)

    return play(game, PlayOptions(grace_s=0.3, **options), Dice(1), sim=True,  # type: ignore[arg-type]
                log_dir=log_dir, make_actor=hands, timeout=60 + skipped)  # its deadline: on the skipped clock


def clock_records(path: Path | None) -> list[ClockRecord]:
    assert path is not None
    return read_log(path).of(ClockRecord)


OPENING_31 = """
    setup
    dice 3 1
    press 1                   # Black wins the opening: his clock starts
    dice 3 1
    press 1                   # he throws 3-1 (the 1890s rules: the winner throws again)
"""


def test_the_clock_runs_in_the_turn_and_stops_when_the_board_shows_the_play(tmp_path: Path) -> None:
    result = run_clocked("backgammon", OPENING_31 + """
        wait 30                   # he thinks 30 s: 18 s beyond the 12 s free
        move point 8 point 5
        move point 6 point 5      # the board shows 8/5 6/5: his clock stops
        wait 100                  # before he presses: nobody's time
        press 1
        expect last 8/5 6/5
    """, tmp_path, clock="usbgf", match_length=1)
    events = [(r.event, r.player) for r in clock_records(result.log_path)]
    assert events[:4] == [("set", None), ("start", 0), ("pause", 0), ("stop", 0)]
    assert events[4] == ("start", 1)  # White's turn: his clock runs
    stop = clock_records(result.log_path)[3]
    assert USBGF_1 - 18 - SLACK < stop.left[0] <= USBGF_1 - 18
    assert stop.left[1] == USBGF_1
    faces, running, short = result.session.match_clock.faces()  # type: ignore[union-attr]
    assert running == 2 and not short and faces[1].startswith("2:00")  # White's, in his delay


def test_a_reserve_run_out_loses_the_match_on_time(tmp_path: Path) -> None:
    result = run_clocked("backgammon", OPENING_31 + """
        wait 400                  # beyond 6 minutes (3 points) and the 12 s free
    """, tmp_path, clock="usbgf", match_length=3)
    session = result.session
    assert session.over and session.score == [0, 3]  # White won with the points he needed
    assert result.log_path is not None
    log = read_log(result.log_path)
    last = log.of(ResultRecord)[-1]
    assert (last.winner, last.how, last.points, last.match_over) == (1, "lost on time", 3, True)
    assert [c.argument for c in log.of(Command) if c.word == "clock"] == ["expired 0"]
    assert any("match is lost on time" in m for m in session.message_log)
    assert any("time is short" in m for m in session.message_log)
    rebuilt = rebuild(log)  # `tablier rebuild` (and a resumption) rule the same loss at the same point
    assert rebuilt.session.over and rebuilt.session.score == [0, 3] and rebuilt.agrees


def test_overtime_is_given_once_then_the_time_out_loses(tmp_path: Path) -> None:
    result = run_clocked("backgammon", OPENING_31 + """
        wait 140                  # the reserve is out at 132 s: a minute of overtime
        expect message overtime, once
        expect moves 0
        wait 61                   # and that minute is out too
    """, tmp_path, clock="usbgf", match_length=1, overtime=1)
    events = [r.event for r in clock_records(result.log_path)]
    assert events.count("overtime") == 1 and events[-1] == "expired"
    assert result.session.over and result.session.score == [0, 1]


def test_the_runner_status_light_and_the_views_say_time_is_short() -> None:
    result = run_clocked("backgammon", OPENING_31 + """
        wait 90                   # 42 s of the reserve left: time is short
    """, clock="usbgf", match_length=1)
    session = result.session
    assert session.board_plan().meanings()["status 1"] == "time-short"
    scene = session.scene()
    assert scene.clock_runs == 1 and scene.clock_short and scene.clocks[1] == "2:00"
    assert scene.status_lights[0] == "time-short"  # the terminal's and the page's lights line
    assert scene.clocks[0].startswith("0:4")
    assert type(scene).from_json(scene.to_json()) == scene  # the web page is sent the same


def test_a_typed_time_out_is_refused_and_not_logged(tmp_path: Path) -> None:
    result = run_clocked("backgammon", OPENING_31 + """
        say clock expired 1
        expect message the match clock itself says
    """, tmp_path, clock="usbgf", match_length=1)
    assert not result.session.over
    assert result.log_path is not None
    assert not [c for c in read_log(result.log_path).of(Command) if c.word == "clock"]


def test_a_resumed_game_goes_on_with_the_times_as_they_were(tmp_path: Path) -> None:
    first = run_clocked("backgammon", OPENING_31 + """
        wait 30
        move point 8 point 5
        move point 6 point 5      # shown, not pressed: the host stops here
    """, tmp_path, clock="usbgf", match_length=1)
    assert first.resume_command and first.log_path is not None
    time.sleep(0.3)  # the host is down a while: nobody's time
    skipping = Skipping()
    actions = parse_script("""
        setup                     # the men as they stood at the start of the turn
        wait 10
        move point 8 point 5
        move point 6 point 5
        press 1
        expect last 8/5 6/5
    """, "test-script")
    resumed = resume_log(first.log_path, Dice(1), 0.3, sim=True,
                         make_actor=lambda hands, cable: SkippingActor(actions, hands, cable, skipping))
    assert any("the clocks go on as they were" in m for m in resumed.session.message_log)
    stops = [r for r in clock_records(first.log_path) if r.event == "stop"]
    assert USBGF_1 - 28 - 2 * SLACK < stops[0].left[0] <= USBGF_1 - 28  # 30 s + 10 s, 12 s free


def test_the_checker_laws_call_time_then_lose_the_game_laws_8_and_9(tmp_path: Path) -> None:
    result = run_clocked("english", """
        setup
        wait 250
        expect message time is short
        wait 55                   # five minutes: Time!
        expect message Time!
        wait 61                   # a minute more: the game is lost
        expect message improper delay
    """, tmp_path, clock="checker-laws")
    assert result.session.over and result.session.score == [0, 1]
    events = [r.event for r in clock_records(result.log_path)]
    assert events[-3:] == ["short", "time-called", "expired"]


@pytest.mark.parametrize(("argv", "said"), [
    (["play", "backgammon", "--sim", "--clock", "usbgf"], "give the match's length (--match N)"),
    (["play", "english", "--sim", "--clock", "uk"], "draughts take --clock checker-laws"),
    (["play", "backgammon", "--sim", "--clock", "checker-laws", "--match", "3"], "times draughts"),
    (["play", "backgammon", "--sim", "--clock", "uk", "--match", "3", "--overtime", "1"],
     "goes with --clock usbgf"),
])
def test_a_clock_that_does_not_fit_the_game_is_refused_in_one_line(
        argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tablier.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1


def test_the_exports_carry_the_clock_times(tmp_path: Path) -> None:
    from tablier.record.from_log import read_event_log
    from tablier.record.json_format import to_json
    from tablier.record.pdn_records import write_pdn
    from tablier.record.sgf import read_sgf, write_sgf

    tables = run_clocked("backgammon", OPENING_31 + """
        wait 30
        move point 8 point 5
        move point 6 point 5
        press 1
    """, tmp_path / "tables", clock="usbgf", match_length=1)
    assert tables.log_path is not None
    record = read_event_log(tables.log_path)
    sgf = write_sgf(record)
    assert "TM[120]" in sgf and "OT[usbgf: 2:00 reserve + 12 s a move]" in sgf
    left = re.search(r"W\[31[a-z]+\]WL\[([\d.]+)\]", sgf)  # Black's play, GNU Backgammon's "W"
    assert left is not None and USBGF_1 - 18 - SLACK < float(left.group(1)) <= USBGF_1 - 18
    assert read_sgf(sgf).games[0].actions == record.games[0].actions  # readers skip the times
    play = to_json(record)["games"][0]["actions"][-1]
    assert play["clock"]["left"][1] == USBGF_1 and 30 <= play["clock"]["used"] < 30 + SLACK

    draughts = run_clocked("english", """
        setup
        wait 42
        move square 11 square 15
        press 1
    """, tmp_path / "draughts", clock="checker-laws")
    assert draughts.log_path is not None
    pdn = write_pdn(read_event_log(draughts.log_path))
    assert '[TimeControl "1/300"]' in pdn and "11-15 {[%emt 0:00:42]}" in pdn


def test_after_a_game_lost_on_time_the_next_game_has_its_clock(tmp_path: Path) -> None:
    result = run_clocked("english", """
        setup
        wait 370                  # five minutes, Time, a minute more: game 1 lost
        expect message improper delay
        wait 250                  # game 2: player 2 has Black and moves first
        expect message player 2 (black): time is short
    """, tmp_path, clock="checker-laws", games=2)
    events = [(r.event, r.player) for r in clock_records(result.log_path)]
    after = events[events.index(("expired", 0)):]
    assert after[:3] == [("expired", 0), ("set", None), ("start", 1)]
