"""The match clock against the rules that set it: the U.S. Backgammon Clock Rules (reserve per match
point less the points scored, 12 s a move, the Overtime option), the UK's setting, and the printed
Checker Laws' Laws 8 and 9."""

from __future__ import annotations

import json

import pytest

from tablier.tournament.clock import (
    EXPIRED,
    MINUTE,
    OVERTIME,
    SHORT,
    TIME_CALLED,
    ClockError,
    ClockState,
    TimeControl,
    checker_laws,
    clock_text,
    uk,
    usbgf,
)


@pytest.mark.parametrize(("length", "score", "minutes"), [
    (7, (0, 0), 14),       # 2 minutes per match point
    (11, (0, 0), 22),      # the 22 minutes Woolsey names for an 11-point match
    (11, (3, 2), 17),      # less one minute per point already scored by either player
    (5, (4, 4), 2),        # double match point: the two minutes that are left
    (1, (0, 0), 2),
])
def test_usbgf_reserve_is_two_minutes_a_point_less_one_a_point_scored(length: int, score: tuple[int, int],
                                                                      minutes: int) -> None:
    control = usbgf(length, score)
    assert control.reserve_s == minutes * MINUTE
    assert control.delay_s == 12
    assert ClockState.set(control).reserve == (minutes * MINUTE, minutes * MINUTE)


def test_usbgf_doubles_give_two_and_a_half_minutes_a_point_and_18_seconds() -> None:
    control = usbgf(11, (3, 2), doubles=True)
    assert control.reserve_s == 11 * 150 - 5 * 75
    assert control.delay_s == 18


def test_uk_setting_ignores_the_score() -> None:
    control = uk(11)
    assert (control.reserve_s, control.delay_s) == (22 * MINUTE, 12)
    assert control.describe() == "uk: 22:00 reserve + 12 s a move"


@pytest.mark.parametrize(("thought", "charged"), [(10, 0), (12, 0), (25, 13), (100, 88)])
def test_only_the_time_beyond_the_delay_comes_off_the_reserve(thought: float, charged: float) -> None:
    # "if he takes 25 seconds to make his move, then 13 seconds will be deducted from his reserve"
    clock = ClockState.set(usbgf(7)).start(0, 1000.0).stop(1000.0 + thought)
    assert clock.reserve == (14 * MINUTE - charged, 14 * MINUTE)


def test_unused_delay_is_never_banked() -> None:
    clock = ClockState.set(usbgf(7))
    for turn in range(10):
        clock = clock.start(turn % 2, turn * 100.0).stop(turn * 100.0 + 1)
    assert clock.reserve == (14 * MINUTE, 14 * MINUTE)
    assert clock.moves == (5, 5)


def test_nobody_is_charged_between_a_stop_and_the_next_start() -> None:
    # Board to board: after his adversary's play, a player sets that play up on his own board for
    # 40 s; his clock starts only when his board shows it.
    clock = ClockState.set(usbgf(3)).start(0, 0.0).stop(30.0)   # 18 s beyond the delay
    clock = clock.start(1, 70.0).stop(80.0)                       # within the delay
    assert clock.reserve == (6 * MINUTE - 18, 6 * MINUTE)


def test_a_decision_starts_a_fresh_delay() -> None:
    # A double, the take and the roll that follows: each hand-over starts the other's clock anew.
    clock = ClockState.set(usbgf(5))
    clock = clock.start(0, 0.0).stop(5.0)      # doubles within his delay
    clock = clock.start(1, 5.0).stop(25.0)     # thinks 20 s about the take: 8 s charged
    clock = clock.start(0, 25.0).stop(36.0)    # rolls and plays in 11 s
    assert clock.reserve == (10 * MINUTE, 10 * MINUTE - 8)


def test_the_view_counts_down_the_delay_then_the_reserve() -> None:
    clock = ClockState.set(usbgf(1)).start(1, 0.0)
    view = clock.view(5.0)
    assert view.running == 1 and view.delay_left == 7 and view.left == (120, 120)
    assert view.text(1) == "2:00+7"
    view = clock.view(42.0)
    assert view.delay_left == 0 and view.left[1] == 90 and not view.short
    assert clock.view(80.0).short       # within the last minute


def test_expiry_loses_the_match_at_the_moment_the_reserve_ran_out() -> None:
    clock = ClockState.set(usbgf(1)).start(0, 10.0)
    clock, events = clock.check(500.0)      # noticed late: the event keeps its moment
    assert [(e.kind, e.side, e.at) for e in events] == [(SHORT, 0, 10 + 12 + 60), (EXPIRED, 0, 10 + 12 + 120)]
    assert clock.expired == 0 and clock.reserve == (0, 120)
    assert clock.control.loses == "match"
    with pytest.raises(ClockError, match="run out"):
        clock.stop(501.0).start(1, 502.0)


def test_usbgf_overtime_is_given_once_then_expiry_loses() -> None:
    clock = ClockState.set(usbgf(1, overtime_s=MINUTE)).start(0, 0.0)
    clock, events = clock.check(132.0)
    assert [(e.kind, e.at) for e in events] == [(SHORT, 72), (OVERTIME, 132), (SHORT, 132)]
    assert clock.reserve[0] == MINUTE and clock.overtime == (True, False) and clock.expired is None
    assert clock.view(150.0).left[0] == 42      # no new delay inside the turn
    clock = clock.stop(150.0)
    assert clock.reserve[0] == 42
    clock = clock.start(1, 160.0).stop(161.0).start(0, 170.0)
    clock, events = clock.check(170 + 12 + 42)
    assert [e.kind for e in events] == [SHORT, EXPIRED]
    assert clock.expired == 0


def test_reserve_and_overtime_never_pass_the_events_maximum() -> None:
    control = usbgf(11, overtime_s=2 * MINUTE, max_reserve_s=22 * MINUTE)
    assert control.first_reserve() == 20 * MINUTE


def test_checker_laws_call_time_at_five_minutes_and_forfeit_a_minute_later() -> None:
    clock = ClockState.set(checker_laws()).start(1, 0.0)
    clock, events = clock.check(299.0)
    assert [(e.kind, e.at) for e in events] == [(SHORT, 240)]
    clock, events = clock.check(300.0)
    assert [(e.kind, e.at) for e in events] == [(TIME_CALLED, 300)]
    assert clock.view(330.0).left[1] == 30 and clock.view(330.0).short
    clock, events = clock.check(360.0)
    assert [(e.kind, e.side, e.at) for e in events] == [(EXPIRED, 1, 360)]
    assert clock.control.loses == "game"


def test_checker_laws_with_one_way_of_taking_call_time_after_one_minute() -> None:
    clock = ClockState.set(checker_laws()).start(0, 0.0, only_capture=True)
    clock, events = clock.check(130.0)
    assert [(e.kind, e.at) for e in events] == [(TIME_CALLED, 60), (EXPIRED, 120)]


def test_a_move_made_after_time_is_called_stands_and_the_next_move_has_its_full_limit() -> None:
    clock = ClockState.set(checker_laws()).start(0, 0.0)
    clock, _ = clock.check(320.0)
    clock = clock.stop(330.0).start(1, 330.0)
    assert not clock.called and clock.view(331.0).left[1] == 299


def test_a_paused_turn_goes_on_where_it_was() -> None:
    clock = ClockState.set(usbgf(3)).start(0, 0.0).pause(20.0)      # 8 s beyond the delay
    assert clock.paused and clock.view(500.0).left[0] == 6 * MINUTE - 8
    clock = clock.resume(1000.0).stop(1010.0)
    assert clock.reserve[0] == 6 * MINUTE - 18


def test_due_names_the_next_moment_to_look() -> None:
    clock = ClockState.set(usbgf(1)).start(0, 100.0)
    assert clock.due() == 100 + 12 + 60
    clock, _ = clock.check(clock.due() or 0)
    assert clock.due() == 100 + 12 + 120
    assert ClockState.set(usbgf(1)).due() is None


def test_the_state_round_trips_exactly_through_json() -> None:
    clock = ClockState.set(usbgf(7, (2, 1), overtime_s=MINUTE)).start(1, 0.1).stop(29.3).start(0, 31.7)
    clock, _ = clock.check(400.123456789)
    again = ClockState.from_json(json.loads(json.dumps(clock.to_json())))
    assert again == clock


@pytest.mark.parametrize("bad", [{}, {"control": {"name": "x"}}, {"control": {"name": "x", "bogus": 1}}])
def test_a_malformed_state_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ClockError):
        ClockState.from_json(bad)


def test_impossible_controls_are_refused() -> None:
    with pytest.raises(ClockError, match="score"):
        usbgf(7, (7, 0))
    with pytest.raises(ClockError, match="match length"):
        uk(0)
    with pytest.raises(ClockError, match="no reserve"):
        TimeControl("none")
    with pytest.raises(ClockError, match="seconds"):
        TimeControl("bad", reserve_s=-1)
    with pytest.raises(ClockError, match="still runs"):
        ClockState.set(uk(1)).start(0, 0.0).start(1, 1.0)


def test_clock_text() -> None:
    assert [clock_text(s) for s in (0, 0.2, 59.5, 828, 3723)] == ["0:00", "0:01", "1:00", "13:48", "1:02:03"]
