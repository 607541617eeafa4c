"""Properties of the tables inference over positions reached by random play (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tablier.board.observation import visible
from tablier.board.orientation import ORIENTATIONS, Orientation
from tablier.board.tables_inference import Status, TurnInference
from tablier.tables import Backgammon, Dice
from tablier.tables.catalog import make_variant
from tablier.tables.position import Position
from tablier.tables.variant import Variant

LADDER = 6


def reached(variant: Variant, seed: int, plies: int) -> Position:
    rng = random.Random(seed)
    position = variant.start_position()
    for _ in range(plies):
        dice = Dice(rng.randint(1, 6), rng.randint(1, 6))
        plays = variant.plays(position, dice)
        after = variant.after(position, rng.choice(plays))
        if variant.result(after) is not None:
            break
        position = after if after.turn != position.turn else after.swapped()
    return position


@settings(deadline=None, max_examples=40)
@given(game=st.sampled_from(["backgammon", "jacquet", "ticktack"]), seed=st.integers(0, 10**6),
       plies=st.integers(0, 60), first=st.integers(1, 6), second=st.integers(1, 6),
       way=st.sampled_from(ORIENTATIONS))
def test_every_legal_result_is_recognised_and_every_first_move_is_on_the_way(
        game: str, seed: int, plies: int, first: int, second: int, way: str) -> None:
    variant = make_variant(game) if game != "backgammon" else Backgammon()
    position = reached(variant, seed, plies)
    orientation = Orientation(variant, way)
    turn = TurnInference(variant, position, Dice(first, second), orientation, LADDER)
    start = turn.read(visible(orientation.counts(position), LADDER))
    assert start.status is not Status.UNKNOWN
    for play in turn.plays:
        result = turn.read(visible(orientation.counts(variant.after(position, play)), LADDER))
        assert result.status in (Status.FINAL, Status.AMBIGUOUS)
        assert any(c.position.boards == variant.after(position, play).boards for c in result.finals)
        if play:
            first_move = variant.after(position, play[:1]).boards
            shown = visible(orientation.counts(Position(first_move, position.turn)), LADDER)
            assert turn.read(shown).status is not Status.UNKNOWN
