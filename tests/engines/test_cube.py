"""The doubling cube: clear decisions, the match score, the Crawford rule, and gnubg's own analysis."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from engine_positions import tables_positions
from gnubg_cube_oracle import gnubg_action, gnubg_cube_actions

from tablier.engines import CubeState, MatchStanding, cube_decision, find_level
from tablier.engines.cube import match_winning_chance
from tablier.play.computer_rules import cube_answer, cube_offer
from tablier.play.tables.seat import standing
from tablier.tables import Backgammon
from tablier.tables.catalog import make_variant
from tablier.tables.game import Game
from tablier.tables.gnubg_id import MatchState, encode_match, encode_position
from tablier.tables.match import Match
from tablier.tables.position import BLACK, WHITE, Position, side_board

START = Backgammon().start_position(BLACK)
RACE_WELL_AHEAD = Position((side_board({1: 3, 2: 3, 3: 3}), side_board({2: 3, 3: 3, 4: 3})), BLACK)
"""Both sides have nine men left; the side on roll is 9 pips ahead with the throw: a pass."""
GAMMON_ON = Position((side_board({1: 5, 2: 5, 3: 5}), side_board({6: 5, 7: 5, 8: 5})), BLACK)
"""The side on roll cannot lose and may win a gammon: too good to double."""
CENTRED = CubeState()


def test_money_the_start_is_no_double_and_take_a_beaver_when_beavers_are_allowed() -> None:
    decision = cube_decision(START)
    assert decision.action == "no double" and decision.take and not decision.beaver
    assert decision.equities["double, pass"] == 1.0
    assert decision.equities["double, take"] < 0 < decision.equities["no double"] < 0.2
    assert cube_decision(START, CENTRED, MatchStanding(beavers=True)).beaver  # gnubg: "no double, beaver"
    assert "do not double yet" in decision.why and "he should take" in decision.why


def test_money_a_race_well_ahead_is_double_pass_and_a_gammon_on_is_too_good() -> None:
    ahead = cube_decision(RACE_WELL_AHEAD)
    assert ahead.double and not ahead.take
    assert "he should pass" in ahead.why
    too_good = cube_decision(GAMMON_ON)
    assert too_good.action == "too good" and not too_good.take
    assert "play on for the gammon" in too_good.why


def test_no_one_doubles_in_the_crawford_game() -> None:
    for position in (START, RACE_WELL_AHEAD, RACE_WELL_AHEAD.with_turn(WHITE)):
        for score in ((4, 2), (2, 4), (4, 0)):
            decision = cube_decision(position, CENTRED, MatchStanding(5, score, crawford_game=True))
            assert decision.action == "no double allowed" and not decision.double
            assert "Crawford game" in decision.why


def test_after_the_crawford_game_the_trailer_doubles_at_once_and_the_leader_never() -> None:
    trailer = cube_decision(START, CENTRED, MatchStanding(5, (2, 4)))  # 3 away against 1 away
    assert trailer.double and trailer.take
    assert cube_decision(START, CENTRED, MatchStanding(5, (1, 4))).double  # 4 away
    leader = cube_decision(START, CENTRED, MatchStanding(5, (4, 2)))
    assert not leader.double


def test_the_match_score_changes_the_decision() -> None:
    # Money: a pass. Trailing 5 away to 3 away in a 7-point match the adversary should take: the
    # doubled cube costs him little more than the pass would.
    assert not cube_decision(RACE_WELL_AHEAD).take
    assert cube_decision(RACE_WELL_AHEAD, CENTRED, MatchStanding(7, (2, 4))).take


def test_a_cube_held_by_the_adversary_cannot_be_turned() -> None:
    decision = cube_decision(RACE_WELL_AHEAD, CubeState(2, WHITE))
    assert decision.action == "no double allowed" and "the cube is your adversary's" in decision.why
    assert cube_decision(RACE_WELL_AHEAD, CubeState(2, BLACK)).double  # a redouble


def test_the_match_equity_table_is_gnubg_s_kazaross_xg2() -> None:
    assert match_winning_chance(1, 2, crawford_next=True, length=7) == pytest.approx(0.67736, abs=1e-5)
    assert match_winning_chance(2, 2, crawford_next=True, length=7) == 0.5
    assert match_winning_chance(2, 1, crawford_next=False, length=7) == pytest.approx(0.48803, abs=1e-5)
    assert match_winning_chance(0, 3, crawford_next=True, length=7) == 1.0


def test_the_standing_and_the_cube_of_a_match_being_played() -> None:
    variant = make_variant("backgammon", {"cube": "yes"})
    match = Match(variant, length=5, score=[4, 2], crawford_game=True)
    game = Game(variant)
    assert MatchStanding.of_match(match) == MatchStanding(5, (4, 2), crawford_game=True)
    assert CubeState.of_game(game) == CubeState(1, None)


def test_the_decisions_agree_with_gnubg_s_own_cube_analysis() -> None:
    variant = make_variant("backgammon", {"backgammon_zone": "home-board"})
    scores = [(0, (0, 0)), (7, (0, 0)), (7, (3, 5)), (7, (5, 3)), (9, (2, 6)), (5, (3, 4))]
    cases = [(position, *scores[number % len(scores)])
             for number, (position, _) in enumerate(tables_positions(variant, 60, 11))]
    ids = [encode_position(position) + ":" + encode_match(MatchState(
        on_roll=position.turn, turn=position.turn, match_length=length, score=score))
        for position, length, score in cases]
    theirs = gnubg_cube_actions(ids)
    assert len(theirs) > 50  # gnubg gives no cube action where the cube is dead
    actions = takes = 0
    for (position, length, score), gnubg_id in zip(cases, ids, strict=True):
        if gnubg_id not in theirs:
            continue
        ours = cube_decision(position, CENTRED, MatchStanding(length, score), find_level(3))  # 2-ply
        action, take = gnubg_action(theirs[gnubg_id])
        actions += action == ours.action or (action == "optional" and ours.action in ("double", "no double"))
        takes += take == ours.take
    assert takes == len(theirs)
    assert actions >= 0.9 * len(theirs)  # gnubg looks two throws ahead cubefully; see docs/engines.md


def test_a_dead_cube_is_not_turned() -> None:
    # Both sides 4 away, the cube on 4 and his: any single game wins the match, the redouble changes
    # nothing and the adversary would take it.
    decision = cube_decision(RACE_WELL_AHEAD, CubeState(4, BLACK), MatchStanding(7, (3, 3)))
    assert decision.action == "no double" and decision.take


def _gnubg_id(position: Position, length: int = 0, score: tuple[int, int] = (0, 0)) -> str:
    return encode_position(position) + ":" + encode_match(MatchState(
        on_roll=position.turn, turn=position.turn, match_length=length, score=score))


def test_the_computer_at_the_table_doubles_and_takes_by_the_match_score_as_gnubg_does() -> None:
    """The computer's own calls at the board (:func:`tablier.play.computer.standing` of the session's
    match, then ``cube_offer``/``cube_answer``) against GNU Backgammon's cube analysis of the same
    Position and Match IDs, at money and at match scores (post-Crawford too)."""
    variant = make_variant("backgammon", {"backgammon_zone": "home-board", "cube": "yes"})
    level = find_level(3)  # 2-ply, as gnubg's hint
    scores = [(0, (0, 0)), (5, (0, 0)), (5, (3, 1)), (7, (2, 5)), (7, (6, 3)), (11, (9, 4))]
    cases = []
    for number, (position, _) in enumerate(tables_positions(variant, 48, 23)):
        length, score = scores[number % len(scores)]
        session = SimpleNamespace(match=Match(variant, length, score=list(score)))
        cases.append((position, _gnubg_id(position, length, score), standing(session)))  # type: ignore[arg-type]
    theirs = gnubg_cube_actions([gnubg_id for _, gnubg_id, _ in cases])
    money = gnubg_cube_actions([_gnubg_id(position) for position, _, _ in cases])
    actions = takes = score_matters = 0
    for position, gnubg_id, match in cases:
        if gnubg_id not in theirs:
            continue
        action, take = gnubg_action(theirs[gnubg_id])
        doubles = cube_offer(variant, position, CENTRED, match, level)
        takes += cube_answer(variant, position, CENTRED, match, level) == take
        actions += doubles == (action == "double") or action == "optional"
        at_money = money.get(_gnubg_id(position))
        score_matters += at_money is not None and gnubg_action(at_money) != (action, take)
    assert len(theirs) > 30 and score_matters > 0, (len(theirs), score_matters)  # the score matters
    assert takes == len(theirs)
    assert actions >= 0.9 * len(theirs), (actions, len(theirs))  # 41 of 41 when written
