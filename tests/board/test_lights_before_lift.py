"""Where the lights send a man: before any lift (the one source, a tall stack whose lift no switch
sees), after a lift (only steps the rules allow now, ``hit`` only where his own landing hits, the
tray), and through the rest of the throw (pure: no firmware)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablier.board.observation import PLACE_INDEX, TABLES_PLACES, Counts, visible
from tablier.board.orientation import ORIENTATIONS, Orientation
from tablier.board.tables_inference import BEAR_OFF, HIT, MOVE, Status, TurnInference
from tablier.tables import Backgammon, Dice
from tablier.tables.catalog import make_variant
from tablier.tables.jacquet import Jacquet, SpanishBackgammon
from tablier.tables.position import BLACK, WHITE, Position, side_board
from tablier.tables.ticktack import Ticktack
from tablier.tables.variant import Variant
from tablier.tables.versailles import Versailles

from .test_inference_properties import reached

LADDER = 6
BG = Backgammon()
STACK_GAMES = (Jacquet(), Versailles(), SpanishBackgammon(), Ticktack())
THROWS = [Dice(a, b) for a in range(1, 7) for b in range(a, 7)]


def turn_of(variant: Variant, position: Position, dice: Dice) -> TurnInference:
    return TurnInference(variant, position, dice, Orientation(variant), LADDER)


def shown(turn: TurnInference, position: Position | None = None, **changes: int) -> Counts:
    """What the switches show of ``position`` (the turn's start), men added/removed: point_8=-1."""
    counts = list(turn.orientation.counts(turn.start if position is None else position))
    for name, delta in changes.items():
        kind, index = name.split("_")
        counts[PLACE_INDEX[kind, int(index)]] += delta
    return visible(tuple(counts), LADDER)


def names(lit: dict[int, str]) -> dict[str, str]:
    return {" ".join(map(str, TABLES_PLACES[index])): kind for index, kind in lit.items()}


def at(point: int) -> int:
    return PLACE_INDEX["point", point]


# -- before any lift ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "dice", "lit"), [
    (Jacquet(), Dice(6, 5), {"point 18", "point 19", "point 13"}),
    (SpanishBackgammon(), Dice(4, 1), {"point 20", "point 23", "point 19"}),
    (Versailles(), Dice(5, 2), {"point 19", "point 22", "point 17"}),
    (Ticktack(), Dice(6, 4), {"point 18", "point 20", "point 14"}),
], ids=lambda v: getattr(v, "name", None))
def test_the_start_stack_lights_its_destinations_as_soon_as_the_throw_is_known(
        variant: Variant, dice: Dice, lit: set[str]) -> None:
    turn = turn_of(variant, variant.start_position(BLACK), dice)
    before = turn.before_lift(turn.read(shown(turn)))
    assert before is not None and before.only and before.sources == (at(24),)
    assert names(before.destinations) == dict.fromkeys(lit, MOVE)


@pytest.mark.parametrize("variant", STACK_GAMES, ids=lambda v: v.name)
def test_every_throw_of_the_opening_lights_exactly_the_stack_mans_landings(variant: Variant) -> None:
    for dice in THROWS:
        for side in (BLACK, WHITE):
            turn = turn_of(variant, variant.start_position(side), dice)
            stack = PLACE_INDEX[turn.orientation.place_of(side, 24)]
            before = turn.before_lift(turn.read(shown(turn)))
            assert before is not None and before.sources == (stack,), (dice, side)
            # each lit landing, the man put there from the unseen top, is a play on its way ...
            for target in before.destinations:
                counts = list(turn.orientation.counts(turn.start))
                counts[stack] -= 1
                counts[target] += 1
                reading = turn.read(visible(tuple(counts), LADDER))
                assert reading.status in (Status.PARTIAL, Status.FINAL), (dice, side, target)
            # ... and every legal play's first landing is lit
            firsts = {PLACE_INDEX[turn.orientation.place_of(side, play[0].dst)]
                      for play in turn.plays if play}
            assert firsts <= set(before.destinations), (dice, side)


def test_a_tall_stack_among_other_sources_lights_its_own_landings_only() -> None:
    ticktack = Ticktack()
    turn = turn_of(ticktack, ticktack.start_position(BLACK), Dice(6, 4))
    reading = turn.read(shown(turn, point_24=-1, point_18=1))  # the 6 played from the stack
    assert reading.status is Status.PARTIAL
    before = turn.before_lift(reading)
    assert before is not None and not before.only and before.sources == (at(24),)
    assert names(before.destinations) == {"point 20": MOVE}  # not the man on 18's 14
    lifted = turn.read(shown(turn, point_24=-1), lifted_hint=at(18))
    assert names(lifted.destinations) == {"point 14": MOVE}


def test_a_man_that_must_move_is_the_one_source_shown() -> None:
    ticktack = Ticktack()
    turn = turn_of(ticktack, ticktack.start_position(BLACK), Dice(6, 4))
    reading = turn.read(shown(turn, point_24=-1, point_18=1))
    before = turn.before_lift(reading, must_move={at(18)})  # the man on 18 was touched
    assert before is not None and before.only and names(before.destinations) == {"point 14": MOVE}


def test_no_lights_before_a_lift_when_many_visible_men_may_move() -> None:
    turn = turn_of(BG, BG.start_position(BLACK), Dice(3, 1))
    assert turn.before_lift(turn.read(shown(turn))) is None


# -- the rest of the throw -------------------------------------------------------------------------

def test_the_postillon_travels_on_alone_and_is_never_sent_back() -> None:
    jacquet = Jacquet()
    turn = turn_of(jacquet, jacquet.start_position(BLACK), Dice(6, 5))
    for rest, landing in ((18, 13), (19, 13)):  # the 6 first, or the 5 first: either is on the way
        reading = turn.read(shown(turn, point_24=-1, **{f"point_{rest}": 1}))
        assert reading.status is Status.PARTIAL
        before = turn.before_lift(reading)
        assert before is not None and before.sources == (at(rest),)
        assert names(before.destinations) == {f"point {landing}": MOVE}  # not back to 24, not 19/18


def test_after_one_die_a_lifted_man_lights_only_the_die_left() -> None:
    turn = turn_of(BG, BG.start_position(BLACK), Dice(3, 1))
    reading = turn.read(shown(turn, point_8=-1, point_5=1, point_6=-1), lifted_hint=at(6))
    assert names(reading.destinations) == {"point 5": MOVE}
    reading = turn.read(shown(turn, point_8=-1), lifted_hint=at(5))  # the man just put on 5
    assert names(reading.destinations) == {"point 4": MOVE}


# -- hits and the bar ------------------------------------------------------------------------------

def bar_position() -> Position:
    """Black has a man on the bar; white blots on black's 3- and 5-points."""
    black = side_board({13: 5, 8: 3, 6: 4, 24: 2}, bar=1)
    white = side_board({24: 2, 13: 4, 8: 3, 6: 4, 22: 1, 20: 1})
    return Position((black, white), BLACK)


def test_hit_marks_only_a_point_where_the_lifted_mans_own_landing_hits() -> None:
    position = bar_position()
    blots = {at(3), at(5)}
    for dice in THROWS:
        turn = turn_of(BG, position, dice)
        for place in range(len(TABLES_PLACES)):
            counts = list(shown(turn))
            if not counts[place]:
                continue
            counts[place] -= 1
            reading = turn.read(tuple(counts), lifted_hint=place)
            hits = {target for target, kind in reading.destinations.items() if kind == HIT}
            assert hits <= blots, (dice, TABLES_PLACES[place], names(reading.destinations))


def test_a_man_on_the_bar_enters_first_and_lights_before_he_is_lifted() -> None:
    turn = turn_of(BG, bar_position(), Dice(1, 1))
    before = turn.before_lift(turn.read(shown(turn)))
    assert before is not None and before.only and before.sources == (PLACE_INDEX["bar", 1],)
    lifted = turn.read(shown(turn, point_6=-1), lifted_hint=at(6))  # another man: not yet
    assert lifted.destinations == {}


def test_a_landing_beyond_a_hit_is_a_plain_destination() -> None:
    black = side_board({13: 5, 8: 3, 6: 5, 24: 2})
    white = side_board({24: 2, 13: 4, 8: 3, 6: 5, 16: 1})  # a white blot on black's 9-point
    turn = turn_of(BG, Position((black, white), BLACK), Dice(4, 3))
    reading = turn.read(shown(turn, point_13=-1), lifted_hint=at(13))
    assert names(reading.destinations) == {"point 9": HIT, "point 10": MOVE, "point 6": MOVE}
    blot_lifted = turn.read(shown(turn, point_9=-1), lifted_hint=at(9))  # the blot, to his bar
    assert names(blot_lifted.destinations) == {"bar 2": MOVE}


# -- bearing off ---------------------------------------------------------------------------------

def test_a_man_that_may_bear_off_lights_the_tray_even_when_it_is_full() -> None:
    black = side_board({6: 2, 5: 2, 4: 2, 3: 1})  # eight men off: the tray's six slots are covered
    white = side_board({24: 2, 13: 5, 8: 3, 6: 5})
    turn = turn_of(BG, Position((black, white), BLACK), Dice(6, 5))
    reading = turn.read(shown(turn, point_6=-1), lifted_hint=at(6))
    assert names(reading.destinations) == {"tray 1": BEAR_OFF}
    # the same switches could show that man already in the full tray: that reading stands
    assert reading.status is Status.PARTIAL and reading.lifted == (at(6),)
    put_down = turn.read(shown(turn, point_6=-1))
    assert put_down.status is Status.PARTIAL and not put_down.lifted


def test_the_tray_stays_dark_while_a_man_is_still_outside_home() -> None:
    black = side_board({8: 1, 6: 2, 5: 3, 4: 3, 3: 2, 1: 2})
    white = side_board({24: 2, 13: 5, 12: 3, 19: 5})
    turn = turn_of(BG, Position((black, white), BLACK), Dice(6, 2))
    reading = turn.read(shown(turn, point_6=-1), lifted_hint=at(6))  # before the man on 8 is home
    assert PLACE_INDEX["tray", 1] not in reading.destinations
    home = turn.read(shown(turn, point_8=-1), lifted_hint=at(2))  # 8/2 played: the man lifted again
    assert names(home.destinations) == {"tray 1": BEAR_OFF}


# -- any position ------------------------------------------------------------------------------------

@settings(deadline=None, max_examples=30)
@given(game=st.sampled_from(["backgammon", "jacquet", "ticktack", "versailles"]),
       seed=st.integers(0, 10**6), plies=st.integers(0, 60), first=st.integers(1, 6),
       second=st.integers(1, 6), way=st.sampled_from(ORIENTATIONS))
def test_the_lights_show_every_first_move_and_nothing_but_legal_landings(
        game: str, seed: int, plies: int, first: int, second: int, way: str) -> None:
    variant = make_variant(game)
    position = reached(variant, seed, plies)
    turn = TurnInference(variant, position, Dice(first, second), Orientation(variant, way), LADDER)
    side = position.turn
    start = list(turn.orientation.counts(position))
    theirs = position.boards[1 - side]
    before = turn.before_lift(turn.read(visible(tuple(start), LADDER)))
    if before is not None and len(before.sources) == 1:  # the man put down from there is on the way
        for target in before.destinations:
            landed = list(start)
            landed[before.sources[0]] -= 1
            landed[target] += 1
            assert turn.read(visible(tuple(landed), LADDER)).status is not Status.UNKNOWN
    for place, count in enumerate(start):
        if not count or count > LADDER:  # a lift from a tall stack is seen by no switch
            continue
        lifted = list(visible(tuple(start), LADDER))
        lifted[place] -= 1
        reading = turn.read(tuple(lifted), lifted_hint=place)
        for target, kind in reading.destinations.items():
            landed = list(lifted)
            landed[target] += 1
            assert turn.read(visible(tuple(landed), LADDER)).status is not Status.UNKNOWN
            if kind == HIT:
                point = turn.orientation.own_point(1 - side, TABLES_PLACES[target][1])
                assert theirs[point] == 1
        for play in turn.plays:
            move = play[0] if play else None
            if move is None or PLACE_INDEX[turn.orientation.place_of(side, move.src)] != place:
                continue
            target = PLACE_INDEX[turn.orientation.place_of(side, move.dst)]
            assert reading.destinations.get(target) == (
                HIT if move.hit else BEAR_OFF if move.dst == 0 else MOVE), (play, names(reading.destinations))


def test_with_the_hit_man_already_on_the_bar_only_a_hitter_lights_the_hit() -> None:
    black = side_board({24: 2, 13: 5, 8: 3, 6: 5})
    white = side_board({24: 1, 22: 1, 13: 5, 8: 3, 6: 5})  # a white blot on black's 3-point
    turn = turn_of(BG, Position((black, white), BLACK), Dice(5, 3))
    # a man from the 8-point may be the hitter (8/3*) or his neighbour (8/5, the hitter after him)
    hitter = turn.read(shown(turn, point_3=-1, bar_2=1, point_8=-1), lifted_hint=at(8))
    assert names(hitter.destinations) == {"point 3": HIT, "point 5": MOVE}
    other = turn.read(shown(turn, point_3=-1, bar_2=1, point_13=-1), lifted_hint=at(13))
    # 13/10 8/3* or 13/8 6/3*: the hitter waits on his point
    assert names(other.destinations) == {"point 10": MOVE, "point 8": MOVE}


def test_a_higher_number_bears_off_only_from_the_highest_point_held() -> None:
    black = side_board({6: 1, 2: 1})
    white = side_board({24: 2, 13: 5, 8: 3, 6: 5})
    turn = turn_of(BG, Position((black, white), BLACK), Dice(6, 4))
    first = turn.read(shown(turn, point_2=-1), lifted_hint=at(2))  # the man on 6 is still there
    assert names(first.destinations) == {}
    after = turn.read(shown(turn, point_6=-1, point_2=-1), lifted_hint=at(2))  # 6/off played
    assert names(after.destinations) == {"tray 1": BEAR_OFF}
