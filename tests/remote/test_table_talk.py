"""The words of the table across the wire, under the same rules as at one table: the cube, a
takeback asked after one's own play (granted or refused), a resignation said out of turn, and
physical dice typed by their thrower and shown to the other. Each game is short (a bearing-off race)
and both logs end identical."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.append(str(Path(__file__).resolve().parent))

from twoboards import RACE, play_two

from tablier.record.eventlog import Claim, Commit, CubeAction, DiceRecord, ResultRecord, read_log
from tablier.tables.turn import ANSWER, PLAY, THROW


def once(condition: Callable[[Any], bool], line: str, hold: Callable[[Any], bool] = lambda s: False) -> Any:
    """A sayer: ``line`` the first time ``condition`` holds; the hands held still while ``hold`` does."""
    said: list[str] = []

    def say(session: Any) -> str | None:
        if not said and condition(session):
            said.append(line)
            return line
        return "" if not said and hold(session) else None

    return say


def records(host: Any, kind: type) -> list[Any]:
    return read_log(host.log_path).of(kind)


@pytest.mark.parametrize("answer", ["take", "drop"])
def test_a_double_answered_across_the_wire(mosquitto, tmp_path: Path, answer: str) -> None:
    """Taken, the game goes on at twice the stake; dropped, it ends there for one point."""
    ann_doubles = once(lambda s: s.phase == THROW and s.flow.awaiting == THROW and s.flow.turn == 0
                       and "double" in s.flow.choices(0), "double")
    bob_answers = once(lambda s: s.flow.awaiting == ANSWER and s.flow.turn == 1, answer)
    ann, bob = play_two(mosquitto, "backgammon", tmp_path, options={"cube": "True"},
                        say=(ann_doubles, bob_answers), position=RACE)
    assert ann.shared() == bob.shared()
    for host in (ann, bob):
        cube = [(c.action, c.value) for c in records(host, CubeAction)][:2]
        (result,) = records(host, ResultRecord)
        if answer == "take":
            assert cube == [("double", 1), ("take", 2)] and result.points in (2, 4)  # redoubled: 4
        else:
            assert cube == [("double", 1), ("drop", 1)] and (result.winner, result.points) == (0, 1)
            assert records(host, Commit) == [] and records(host, DiceRecord) == []


def _ann_played(session: Any) -> bool:
    return session.flow.awaiting == THROW and session.flow.turn == 1 and session.takebacks.undo is not None


def test_a_takeback_asked_after_ones_own_play_is_granted_on_the_other_board(mosquitto,
                                                                           tmp_path: Path) -> None:
    ann_asks = once(_ann_played, "takeback")
    bob_accepts = once(lambda s: s.takebacks.asked, "accept", hold=_ann_played)
    ann, bob = play_two(mosquitto, "backgammon", tmp_path, say=(ann_asks, bob_accepts), position=RACE)
    assert ann.shared() == bob.shared()
    for host in (ann, bob):
        claims = [(c.player, c.claim) for c in records(host, Claim)]
        assert claims == [(0, "takeback")]
        commits = records(host, Commit)
        assert commits[0].ply == commits[1].ply == 1  # the play made again
    assert ann.session.committed == bob.session.committed


def test_a_takeback_refused_on_the_other_board_stands_on_both(mosquitto, tmp_path: Path) -> None:
    ann_asks = once(_ann_played, "takeback")
    bob_refuses = once(lambda s: s.takebacks.asked, "refuse", hold=_ann_played)
    ann, bob = play_two(mosquitto, "backgammon", tmp_path, say=(ann_asks, bob_refuses), position=RACE)
    assert ann.shared() == bob.shared()
    assert records(ann, Claim) == [] and records(bob, Claim) == []
    said = [m.text for m in read_log(ann.log_path).records if getattr(m, "kind", "") == "message"]
    assert any("Bob (white) refuses" in text for text in said)


def test_a_resignation_said_out_of_turn_is_put_in_order_by_the_board_whose_turn_it_is(
        mosquitto, tmp_path: Path) -> None:
    bob_resigns = once(lambda s: s.phase == PLAY and s.flow.turn == 0, "resign")
    ann, bob = play_two(mosquitto, "backgammon", tmp_path, say=(None, bob_resigns), position=RACE)
    assert ann.shared() == bob.shared()
    for host in (ann, bob):
        assert [(c.player, c.claim) for c in records(host, Claim)] == [(1, "resign")]
        assert [(r.winner, r.how) for r in records(host, ResultRecord)] == [(0, "resignation")]


def test_physical_dice_typed_by_their_thrower_are_shown_on_the_other_board(mosquitto, tmp_path: Path) -> None:
    throws = iter([(6, 5), (4, 4), (3, 1), (2, 6), (5, 5), (1, 2)] * 10)

    def types_his_throws(seat: int) -> Any:
        def say(session: Any) -> str | None:
            remote = session.computer
            if session.flow.awaiting == THROW and remote.own_throw() and remote.caught_up(session):
                first, second = next(throws)
                return f"dice {first} {second}"
            return None
        return say

    ann, bob = play_two(mosquitto, "backgammon", tmp_path, dice="physical", position=RACE,
                        say=(types_his_throws(1), types_his_throws(2)))
    assert ann.shared() == bob.shared()
    thrown = [(tuple(d.dice), d.source) for d in records(bob, DiceRecord)]
    assert thrown[:3] == [((6, 5), "physical"), ((4, 4), "physical"), ((3, 1), "physical")]


def test_a_ticktack_win_claimed_at_one_board_ends_the_game_on_both(mosquitto, tmp_path: Path) -> None:
    """Whoever first throws a win claims it before he touches a man (his host decides, the other
    board is told); the game ends there on both boards, its claim and result alike."""
    def claims_his_win(seat: int) -> Any:
        def say(session: Any) -> str | None:
            flow = session.flow
            if session.phase == PLAY and flow.turn + 1 == seat and "claim" in flow.choices(seat - 1):
                return f"claim {flow.available[0].name}"
            return None
        return say

    ann, bob = play_two(mosquitto, "ticktack", tmp_path, say=(claims_his_win(1), claims_his_win(2)))
    assert ann.shared() == bob.shared()
    for host in (ann, bob):
        claims = [c for c in records(host, Claim) if c.claim == "claim"]
        (result,) = records(host, ResultRecord)
        assert claims and result.how == claims[-1].detail
