"""Reading a tables turn from what the switches show: partial plays, men in hand, hits, bearing off,
tall stacks and plain mistakes (pure: no firmware)."""

from __future__ import annotations

import pytest

from tablier.board.observation import PLACE_INDEX, Counts, visible
from tablier.board.orientation import HOME_LEFT, Orientation
from tablier.board.tables_inference import BEAR_OFF, HIT, MOVE, Status, TurnInference
from tablier.tables import Backgammon, Dice
from tablier.tables.jacquet import Jacquet
from tablier.tables.moves import Move
from tablier.tables.position import BLACK, WHITE, Position, side_board

LADDER = 6
BG = Backgammon()


def board_of(inference: TurnInference, **changes: int) -> Counts:
    """The start of the turn as the switches show it, with men added/removed: point_8=-1, bar_2=1."""
    counts = list(visible(inference.orientation.counts(inference.start), LADDER))
    for name, delta in changes.items():
        kind, index = name.split("_")
        counts[PLACE_INDEX[kind, int(index)]] += delta
    return tuple(counts)


def opening(dice: Dice, way: str = "home-right") -> TurnInference:
    return TurnInference(BG, BG.start_position(BLACK), dice, Orientation(BG, way), LADDER)


def test_untouched_board_is_a_partial_play_and_a_lifted_man_lights_his_destinations() -> None:
    turn = opening(Dice(3, 1))
    assert turn.read(board_of(turn)).status is Status.PARTIAL
    reading = turn.read(board_of(turn, point_8=-1), lifted_hint=PLACE_INDEX["point", 8])
    assert reading.status is Status.IN_HAND
    lit = {turn_place(i): kind for i, kind in reading.destinations.items()}
    assert lit == {"point 7": MOVE, "point 5": MOVE, "point 4": MOVE}


def turn_place(index: int) -> str:
    kind, number = next(place for place, n in PLACE_INDEX.items() if n == index)
    return f"{kind} {number}"


def test_moves_in_any_order_reach_the_one_final_result() -> None:
    turn = opening(Dice(3, 1))
    first_six = board_of(turn, point_6=-1, point_5=1)
    assert turn.read(first_six).status is Status.PARTIAL
    done = board_of(turn, point_6=-1, point_8=-1, point_5=2)
    reading = turn.read(done)
    assert reading.status is Status.FINAL
    assert set(turn.play_of(reading.finals[0])) == {Move(8, 5), Move(6, 5)}


def test_a_man_slid_past_its_first_landing_is_one_legal_play() -> None:
    turn = opening(Dice(3, 1))
    reading = turn.read(board_of(turn, point_13=-1, point_9=1))
    assert reading.status is Status.FINAL and turn.play_of(reading.finals[0]) in (
        (Move(13, 10), Move(10, 9)), (Move(13, 12), Move(12, 9)))


def test_a_changed_mind_back_to_the_start_is_no_error() -> None:
    turn = opening(Dice(6, 5))
    assert turn.read(board_of(turn, point_24=-1, point_18=1)).status is Status.PARTIAL
    assert turn.read(board_of(turn)).status is Status.PARTIAL


def test_an_illegal_move_matches_nothing_and_is_explained_and_led_back() -> None:
    turn = opening(Dice(3, 1))
    wrong = board_of(turn, point_13=-1, point_8=1)  # 13/8 is a five: not in a 3-1
    assert turn.read(wrong).status is Status.UNKNOWN
    assert turn.moves_shown(wrong) == (Move(13, 8),)
    assert visible(turn.nearest(wrong).counts, LADDER) == board_of(turn)


def hit_position() -> Position:
    black = side_board({24: 2, 13: 5, 8: 3, 6: 5})
    white = side_board({24: 1, 22: 1, 13: 5, 8: 3, 6: 5})  # a white blot on black's 3-point
    return Position((black, white), BLACK)


def test_a_hit_in_any_order_blot_first_or_hitter_first() -> None:
    turn = TurnInference(BG, hit_position(), Dice(5, 3), Orientation(BG), LADDER)
    lifted = turn.read(board_of(turn, point_8=-1), lifted_hint=PLACE_INDEX["point", 8])
    assert lifted.destinations[PLACE_INDEX["point", 3]] == HIT
    hitter_on_blot = board_of(turn, point_8=-1, point_3=1)  # both men on the point for a moment
    assert turn.read(hitter_on_blot).status is Status.PARTIAL
    blot_to_bar_first = board_of(turn, point_3=-1, bar_2=1)
    assert turn.read(blot_to_bar_first).status is not Status.UNKNOWN
    after = BG.after(hit_position(), (Move(8, 3, True), Move(8, 5)))
    assert turn.read(visible(Orientation(BG).counts(after), LADDER)).status is Status.FINAL


def test_entering_from_the_bar() -> None:
    black = side_board({13: 5, 8: 3, 6: 5, 24: 1}, bar=1)
    white = side_board({24: 2, 13: 5, 8: 3, 6: 5})
    turn = TurnInference(BG, Position((black, white), BLACK), Dice(4, 2), Orientation(BG), LADDER)
    reading = turn.read(board_of(turn, bar_1=-1), lifted_hint=PLACE_INDEX["bar", 1])
    assert {turn_place(i) for i in reading.destinations} == {"point 21", "point 23"}


def test_bearing_off_lights_the_tray() -> None:
    black = side_board({6: 2, 5: 3, 4: 3, 3: 2, 1: 2})  # three men off: the tray shows them
    white = side_board({24: 2, 13: 5, 8: 3, 6: 5})
    turn = TurnInference(BG, Position((black, white), BLACK), Dice(6, 5), Orientation(BG), LADDER)
    reading = turn.read(board_of(turn, point_6=-1), lifted_hint=PLACE_INDEX["point", 6])
    assert reading.destinations[PLACE_INDEX["tray", 1]] == BEAR_OFF


def test_doublets_four_moves_in_any_order() -> None:
    turn = opening(Dice(2, 2))
    after = BG.after(BG.start_position(BLACK), (Move(13, 11), Move(13, 11), Move(6, 4), Move(6, 4)))
    reading = turn.read(visible(Orientation(BG).counts(after), LADDER))
    assert reading.status is Status.FINAL


def test_tall_stacks_two_plays_that_look_alike_are_ambiguous() -> None:
    # seven men on the 2-point and seven in the tray: the switches see six of each
    black = side_board({2: 7, 4: 1})
    white = side_board({24: 2, 13: 5, 12: 3, 19: 5})
    position = Position((black, white), BLACK)
    turn = TurnInference(BG, position, Dice(5, 2), Orientation(BG), LADDER)
    after = BG.after(position, (Move(4, 2), Move(2, 0)))  # 4/2 2/off  or  4/off 2/off: alike
    reading = turn.read(visible(Orientation(BG).counts(after), LADDER))
    assert reading.status is Status.AMBIGUOUS and len(reading.finals) == 2
    assert [turn_place(i) for i in turn.differing_places(reading.finals)] == ["point 2", "tray 1"]


def test_home_left_setups_map_points_to_their_mirror() -> None:
    turn = opening(Dice(3, 1), HOME_LEFT)
    reading = turn.read(board_of(turn, point_5=-1), lifted_hint=PLACE_INDEX["point", 5])  # black's 8
    assert {turn_place(i) for i in reading.destinations} == {"point 6", "point 8", "point 9"}


def test_jacquet_postillon_only_plays_reachable() -> None:
    jacquet = Jacquet()
    start = jacquet.start_position(WHITE)
    turn = TurnInference(jacquet, start, Dice(6, 5), Orientation(jacquet), LADDER)
    assert all(sum(m.src == 24 for m in play) == 1 for play in turn.plays)  # the postillon alone


@pytest.mark.parametrize("dice", [Dice(6, 6), Dice(1, 1)])
def test_every_legal_result_of_a_doublet_is_recognised(dice: Dice) -> None:
    turn = opening(dice)
    for play in turn.plays:
        after = BG.after(BG.start_position(BLACK), play)
        reading = turn.read(visible(Orientation(BG).counts(after), LADDER))
        assert reading.status in (Status.FINAL, Status.AMBIGUOUS)
