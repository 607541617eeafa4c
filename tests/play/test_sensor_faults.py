"""A switch fails mid-game on the simulated board: the players hear which place, and play goes on.

Each test plays a script up to the turn, breaks one switch through the simulated board's fault
pins (as ``tablier calibrate --sim --fault`` does), plays on, and checks that a message names the
place (``point 13 slot 2``, ``square 24``) and that the move is committed (or that the players were
told exactly what to do). The time from the fault to the message is written per kind to
``bench/results/sensor_faults.json`` (measured, never asserted).
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import pytest

from tablier.board.leds import FAULTY
from tablier.hardware.layout import load_layout
from tablier.link.sim import SimulatedBoard
from tablier.play.dice import Dice
from tablier.play.hands import Hands
from tablier.play.link import Cable
from tablier.play.replay import rebuild
from tablier.play.runner import PlayResult, play
from tablier.play.script import ScriptActor, parse_script
from tablier.play.session import PlayOptions, Session
from tablier.record.eventlog import Command, read_log

LAYOUT = load_layout()
#: Where the figures go: ``make test-full`` sets ``TABLIER_RESULTS_DIR`` to bench/results; a plain
#: ``make test`` writes nothing into the repository.
RESULTS_DIR = os.environ.get("TABLIER_RESULTS_DIR")
#: How long a test waits for the message before playing on regardless (the assertions then fail).
NAMING_TIMEOUT_S = 5.0

OPENING = """
setup
dice 3 1
press 1            # the opening throw: black 3, white 1; black throws again
dice 3 1
press 1
"""
THREE_ONE = """
move point 8 point 5
move point 6 point 5
press 1
expect last 8/5 6/5
"""


def switch_of(place: str) -> int:
    """The switch of ``point 13 slot 2``, ``square 24``."""
    words = place.split()
    slot = int(words[3]) if len(words) == 4 else None
    return LAYOUT.switch_at(words[0], int(words[1]), slot).id


class FaultyHands:
    """A script's hands that break one switch between two parts of the script, and note when the
    players are first told of that place."""

    def __init__(self, before: str, kind: str, place: str, after: str, hands: Hands, cable: Cable,
                 wait_for_message: bool) -> None:
        self.first = ScriptActor(parse_script(before, "before"), hands, cable, "before")
        self.second = ScriptActor(parse_script(after, "after"), hands, cable, "after")
        self.hands = hands
        self.board = cast(SimulatedBoard, hands.board)
        self.kind = kind
        self.place = place
        self.switch = switch_of(place) if kind != "cut" else -1
        self.wait_for_message = wait_for_message
        self.injected_at: float | None = None
        self.told_after: float | None = None
        self._heard = 0
        self.lit_faulty = False
        self._link_closed: set[int] = set()

    @property
    def expected_closed(self) -> set[int]:
        """What the switches read: the men as the hands left them, the broken switch as it reads."""
        closed = set(self.hands.expected_closed)
        if self.injected_at is not None and self.kind == "cut":
            return set(self._link_closed)  # every switch reads what the broken chain says
        if self.injected_at is not None:
            reads = {"dead": False, "stuck": True}.get(self.kind, self.switch in self._link_closed)
            (closed.add if reads else closed.discard)(self.switch)
        return closed

    def step(self, session: Session) -> bool:
        self._link_closed = session.link.closed
        if self.injected_at is None:
            if self.first.step(session):
                return True
            if self.kind == "cut":
                self.board.cut_data_line()
            else:
                getattr(self.board, {"dead": "make_dead", "stuck": "make_stuck",
                                     "chattering": "make_chattering"}[self.kind])(self.switch)
            self.injected_at = time.monotonic()
            self._heard = len(session.message_log)
            return True
        if self.told_after is None and any(self.place in m for m in session.message_log[self._heard:]):
            self.told_after = time.monotonic() - self.injected_at
        waited = time.monotonic() - self.injected_at
        if self.wait_for_message and self.told_after is None and waited < NAMING_TIMEOUT_S:
            return True
        if self.told_after is not None and not self.lit_faulty and waited < NAMING_TIMEOUT_S \
                and self.kind != "cut":
            self.lit_faulty = self._shows_faulty()
            if self.wait_for_message:
                return True  # the place's light, blinking, is seen on within a blink or two
        return self.second.step(session)

    def _shows_faulty(self) -> bool:
        """Whether the place's own LED shows ``faulty`` (on the simulated LED chain itself)."""
        kind, index = self.place.split()[:2]
        return self.board.led_colours()[LAYOUT.led_for(kind, int(index)).index] == FAULTY.colour


@dataclass
class Measured:
    """Seconds from each fault to the message naming its place, per kind of fault and place."""

    figures: dict[str, float] = field(default_factory=dict)


@pytest.fixture(scope="module")
def measured() -> Iterator[Measured]:
    """Collects the times; writes them to ``sensor_faults.json`` in ``$TABLIER_RESULTS_DIR`` at the end."""
    found = Measured()
    yield found
    if not found.figures or not RESULTS_DIR:
        return
    results = Path(RESULTS_DIR) / "sensor_faults.json"
    figures: dict[str, object] = {}
    if results.exists():
        figures.update(json.loads(results.read_text(encoding="utf-8")).get("figures", {}))
    figures.update({key: round(value * 1000, 1) for key, value in found.figures.items()})
    figures["note"] = ("milliseconds from the fault injected to the message naming the place; "
                       "'at the press' ones can only be named when the player ends the turn")
    results.write_text(json.dumps({
        "benchmark": "sensor_faults",
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "processor": platform.machine()},
        "figures": dict(sorted(figures.items())),
    }, indent=2) + "\n", encoding="utf-8")


def run_fault(game: str, before: str, kind: str, place: str, after: str, wait_for_message: bool = True,
              log_dir: Path | None = None) -> tuple[PlayResult, FaultyHands]:
    """Play ``before``, break the switch of ``place`` (dead, stuck or chattering), play ``after``."""
    actors: list[FaultyHands] = []

    def make(hands: Hands, cable: Cable) -> FaultyHands:
        actors.append(FaultyHands(before, kind, place, after, hands, cable, wait_for_message))
        return actors[0]

    result = play(game, PlayOptions(grace_s=1.5), Dice(1), sim=True, make_actor=make, timeout=60,
                  log_dir=log_dir)
    return result, actors[0]


def told(result: PlayResult, place: str) -> list[str]:
    """The messages that name ``place``."""
    return [m for m in result.session.message_log if place in m]


def check(result: PlayResult, actor: FaultyHands, measured: Measured, key: str, kind: str) -> None:
    """The place was named (as faulty, of its kind, with what to do)."""
    messages = told(result, actor.place)
    assert messages, result.session.message_log[-5:]
    assert any(kind in m for m in messages)
    assert any("tablier calibrate" in m for m in messages)
    assert actor.told_after is not None
    assert actor.lit_faulty or not actor.wait_for_message  # its light blinks `faulty` meanwhile
    measured.figures[key] = actor.told_after


# -- tables --------------------------------------------------------------------------------------


def test_a_dead_switch_under_a_standing_man_is_named_and_masked(measured: Measured, tmp_path: Path) -> None:
    result, actor = run_fault("backgammon", OPENING, "dead", "point 13 slot 2",
                              THREE_ONE, log_dir=tmp_path)
    check(result, actor, measured, "dead_under_a_man_ms", "dead")
    assert "re-seat the man" in told(result, "point 13 slot 2")[0].lower()
    assert result.session.committed == ["8/5 6/5"]
    assert result.log_path is not None
    log = read_log(result.log_path)
    assert [(c.word, c.argument) for c in log.of(Command)] == [("mask", "dead point 13 slot 2")]
    assert rebuild(log).agrees  # the replay masks the switch at the same moment


def test_a_dead_switch_under_the_top_man_of_the_adversarys_point(measured: Measured) -> None:
    result, actor = run_fault("backgammon", OPENING, "dead", "point 19 slot 5", THREE_ONE)
    check(result, actor, measured, "dead_under_the_top_man_ms", "vanished")
    assert result.session.committed == ["8/5 6/5"]


def test_a_dead_switch_failing_between_turns_is_named_and_the_throw_goes_on(measured: Measured) -> None:
    result, actor = run_fault("backgammon", OPENING + THREE_ONE, "dead", "point 13 slot 5", """
        dice 6 4
        press 2                   # white throws: the men stand as the game has them
        move point 1 point 11
        press 2
        expect last 24/14
    """)
    check(result, actor, measured, "dead_between_turns_ms", "dead")
    assert result.session.committed == ["8/5 6/5", "24/14"]


def test_a_dead_switch_met_while_setting_up_is_asked_about_at_the_press(measured: Measured) -> None:
    result, actor = run_fault("backgammon", "", "dead", "point 6 slot 5", """
        setup                     # the fifth man on the 6-point is not seen
        press 1
        expect message press again
        dice 3 1
        press 1                   # a man stands there: the switch is masked, the game goes on
        expect message the men are set up
        expect message black begins
    """, wait_for_message=False)
    check(result, actor, measured, "dead_at_the_setup_at_the_press_ms", "dead")


def test_a_dead_switch_under_a_landing_point_seen_by_the_man_above(measured: Measured) -> None:
    result, actor = run_fault("backgammon", OPENING, "dead", "point 5 slot 1", """
        move point 8 point 5
        move point 6 point 5      # on slot 2: slot 1 reads empty under it
        wait 0.6
        press 1
        expect last 8/5 6/5
    """, wait_for_message=False)
    check(result, actor, measured, "dead_under_a_landing_point_ms", "dead")
    assert result.session.committed == ["8/5 6/5"]


def test_a_dead_switch_under_the_last_man_landed_is_asked_about_at_the_press(measured: Measured) -> None:
    result, actor = run_fault("backgammon", OPENING, "dead", "point 5 slot 2", """
        move point 8 point 5
        move point 6 point 5      # on slot 2, unseen: the board shows a man missing
        press 1
        expect message press again
        expect moves 0
        press 1
        expect last 8/5 6/5
    """, wait_for_message=False)
    check(result, actor, measured, "dead_under_a_landing_point_at_the_press_ms", "dead")
    assert result.session.committed == ["8/5 6/5"]


@pytest.mark.full
def test_a_dead_switch_on_the_bar_is_asked_about_at_the_press(measured: Measured) -> None:
    result, actor = run_fault("backgammon", """
        setup
        dice 6 4
        press 1
        dice 6 1
        press 1
        move point 13 point 7
        move point 8 point 7
        press 1
        dice 6 4
        press 2
        move point 1 point 11
        press 2
        dice 2 1
        press 1
    """, "dead", "bar 2 slot 1", """
        lift point 11             # black hits the blot: it goes to the bar, unseen
        put bar 2
        move point 13 point 11
        move point 24 point 23
        press 1
        expect message press again
        press 1
        expect last 24/23 13/11*
    """, wait_for_message=False)
    check(result, actor, measured, "dead_on_the_bar_at_the_press_ms", "dead")


def test_a_stuck_switch_on_the_bar_is_named_and_ignored(measured: Measured) -> None:
    result, actor = run_fault("backgammon", OPENING, "stuck", "bar 1 slot 1", THREE_ONE)
    check(result, actor, measured, "stuck_on_the_bar_ms", "stuck")
    assert result.session.committed == ["8/5 6/5"]


@pytest.mark.full
def test_a_stuck_switch_over_empty_slots_is_named_and_ignored(measured: Measured) -> None:
    result, actor = run_fault("backgammon", OPENING, "stuck", "point 20 slot 3", THREE_ONE)
    check(result, actor, measured, "stuck_over_empty_slots_ms", "stuck")
    assert result.session.committed == ["8/5 6/5"]


def test_a_chattering_switch_under_a_man_is_named_and_the_man_still_moves(measured: Measured) -> None:
    result, actor = run_fault("backgammon", OPENING, "chattering", "point 13 slot 4", """
        say teacher off           # 13/9 is a weak play: no warning here
        move point 13 point 10    # slot 4 is now the row's top: the rules tell it holds a man
        move point 10 point 9
        press 1
    """)
    check(result, actor, measured, "chattering_under_a_man_ms", "chattering")
    assert result.session.committed == ["13/9"]


@pytest.mark.full
def test_a_chattering_switch_in_a_tray_is_named(measured: Measured) -> None:
    result, actor = run_fault("backgammon", OPENING, "chattering", "tray 1 slot 1", THREE_ONE)
    check(result, actor, measured, "chattering_in_a_tray_ms", "chattering")
    assert result.session.committed == ["8/5 6/5"]


# -- draughts ------------------------------------------------------------------------------------

ELEVEN_FIFTEEN = """
move square 11 square 15
press 1
expect last 11-15
"""


def test_a_dead_square_under_a_standing_man(measured: Measured) -> None:
    result, actor = run_fault("english", "setup", "dead", "square 24", ELEVEN_FIFTEEN)
    check(result, actor, measured, "dead_square_under_a_man_ms", "dead")
    assert result.session.committed == ["11-15"]


def test_a_dead_landing_square_the_rules_cannot_tell_is_asked_about(measured: Measured) -> None:
    result, actor = run_fault("english", "setup", "dead", "square 15", """
        move square 11 square 15  # unseen: the man may have gone to 15 or to 16
        press 1
        expect message `mask PLACE`
        say mask square 51
        expect message mask: name a place of the board
        say mask square 15        # as told: the place where the man stands
        expect message the board now ignores square 15
        press 1
        expect last 11-15
    """, wait_for_message=False)
    check(result, actor, measured, "dead_landing_square_at_the_press_ms", "dead")
    assert any("square 16" in m for m in told(result, "square 15"))


@pytest.mark.full
def test_a_stuck_square_is_named_and_ignored(measured: Measured) -> None:
    result, actor = run_fault("english", "setup", "stuck", "square 18", ELEVEN_FIFTEEN)
    check(result, actor, measured, "stuck_square_ms", "stuck")
    assert result.session.committed == ["11-15"]


def test_a_chattering_square_is_named_and_ignored(measured: Measured) -> None:
    result, actor = run_fault("english", "setup", "chattering", "square 17", ELEVEN_FIFTEEN)
    check(result, actor, measured, "chattering_square_ms", "chattering")
    assert result.session.committed == ["11-15"]


def test_a_broken_switch_chain_is_told_from_the_firmwares_counters(measured: Measured) -> None:
    result, actor = run_fault("backgammon", OPENING, "cut", "switch chain", "wait 0.2")
    messages = told(result, "switch chain")
    assert messages and "no switch can be trusted" in messages[0] and "tablier calibrate" in messages[0]
    assert actor.told_after is not None
    measured.figures["chain_cut_ms"] = actor.told_after
