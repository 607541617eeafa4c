"""A doublet's positions found from the board (lazily) give the board the same answers as the list of
every position made at the throw: the same readings (status, candidates, men in hand, lights), the
same lights before a lift, the same nearest position and the same plays, on turns of random games of
every tables game (pure: no firmware)."""

from __future__ import annotations

import random

import pytest

from tablier.board.observation import TABLES_PLACES, Counts, visible
from tablier.board.orientation import ORIENTATIONS, Orientation
from tablier.board.tables_inference import Candidate, Reading, Status, TurnInference
from tablier.tables import Dice
from tablier.tables.catalog import make_variant
from tablier.tables.position import BLACK, Position, side_board
from tablier.tables.position_text import parse_position

from .test_inference_properties import reached

LADDER = 6
GAMES = ("backgammon", "portes", "plakoto", "tavla", "jacquet", "spanish", "versailles", "fevga", "nardy",
         "ticktack")


def same(candidate: Candidate) -> tuple[object, ...]:
    """A candidate as the board sees it (the moves as a multiset: each source lists them its way)."""
    moves = tuple(sorted((move.src, move.dst) for move in candidate.moves))
    return (candidate.counts, candidate.position.boards, candidate.final, candidate.transit,
            candidate.hitter, moves)


def answer(turn: TurnInference, reading: Reading) -> tuple[object, ...]:
    before = turn.before_lift(reading)
    lights = None if before is None else (before.sources, before.destinations, before.only)
    return (reading.status, tuple(same(c) for c in reading.candidates), reading.lifted,
            reading.destinations, lights)


def boards_to_read(eager: TurnInference, rng: random.Random, samples: int) -> list[tuple[Counts, int | None]]:
    """The start, each position of the turn as the switches show it (some sampled), and those with a man
    lifted or with a man put somewhere wrong."""
    everything = list(eager.candidates)
    chosen = everything if len(everything) <= samples else rng.sample(everything, samples)
    boards: list[tuple[Counts, int | None]] = [(visible(eager.candidates[0].counts, LADDER), None)]
    for candidate in chosen:
        shown = visible(candidate.counts, LADDER)
        boards.append((shown, None))
        places = [n for n, men in enumerate(shown) if men]
        for place in rng.sample(places, min(3, len(places))):
            lifted = list(shown)
            lifted[place] -= 1
            boards.append((tuple(lifted), place))
            elsewhere = rng.randrange(len(TABLES_PLACES))
            if lifted[elsewhere] < LADDER and rng.random() < 0.3:
                lifted[elsewhere] += 1
                boards.append((tuple(lifted), None))
    return boards


def compare(variant_name: str, position: Position, dice: Dice, way: str, rng: random.Random,
            samples: int) -> None:
    variant = make_variant(variant_name)
    orientation = Orientation(variant, way)
    plays = variant.plays(position, dice)
    eager = TurnInference(variant, position, dice, orientation, LADDER, plays, eager=True)
    lazy = TurnInference(variant, position, dice, orientation, LADDER, plays)
    assert sorted(map(same, lazy.candidates)) == sorted(map(same, eager.candidates))
    for seen, hint in boards_to_read(eager, rng, samples):
        assert answer(lazy, lazy.read(seen, hint)) == answer(eager, eager.read(seen, hint)), (seen, hint)
    for play in plays[:: max(1, len(plays) // 10)]:
        shown = visible(orientation.counts(variant.after(position, play)), LADDER)
        for final in eager.read(shown).finals:
            assert variant.after(position, lazy.play_of(final)).boards == final.position.boards
    wrong = list(visible(eager.candidates[0].counts, LADDER))
    for _ in range(3):
        wrong[rng.randrange(len(wrong))] = rng.randint(0, LADDER)
        assert same(lazy.nearest(tuple(wrong))) == same(eager.nearest(tuple(wrong)))


def random_turns(count: int, seed: int) -> list[tuple[str, Position, Dice, str]]:
    rng = random.Random(seed)
    turns = []
    for n in range(count):
        name = GAMES[n % len(GAMES)]
        position = reached(make_variant(name), rng.randrange(10**6), rng.randrange(0, 80))
        die = rng.randint(1, 6)
        turns.append((name, position, Dice(die, die), rng.choice(ORIENTATIONS)))
    return turns


@pytest.mark.parametrize(("name", "position", "dice", "way"), random_turns(30, 17))
def test_a_doublet_read_from_the_board_answers_as_the_full_list(
        name: str, position: Position, dice: Dice, way: str) -> None:
    compare(name, position, dice, way, random.Random(1), samples=25)


@pytest.mark.full
@pytest.mark.parametrize(("name", "position", "dice", "way"), random_turns(600, 29))
def test_a_doublet_read_from_the_board_answers_as_the_full_list_many_turns(
        name: str, position: Position, dice: Dice, way: str) -> None:
    compare(name, position, dice, way, random.Random(2), samples=200)


@pytest.mark.parametrize(("name", "text", "die"), [
    ("backgammon", "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 12x15 / W", 2),
    ("jacquet", "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 3x15 / W", 4),
    ("plakoto", "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 12x15 / W", 1),
    ("backgammon", "W 24x7 13x5 6x3 / B 24 22 20 19 18 17 15 13 11 9 8 7 6 5 4 / W", 3),
])
def test_busy_doublets_and_tall_stacks_read_alike(name: str, text: str, die: int) -> None:
    compare(name, parse_position(text), Dice(die, die), ORIENTATIONS[0], random.Random(3), samples=60)


def test_men_on_the_bar_and_blots_to_hit_read_alike() -> None:
    black = side_board({13: 5, 8: 3, 6: 5}, bar=2)
    white = side_board({24: 1, 22: 1, 21: 1, 20: 2, 13: 5, 6: 5})
    position = Position((black, white), BLACK)
    for die in (1, 3, 4, 5):
        compare("backgammon", position, Dice(die, die), ORIENTATIONS[1], random.Random(die), samples=80)


def test_the_lazy_reading_of_the_untouched_start_is_partial() -> None:
    variant = make_variant("versailles")
    position = parse_position("W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 3x15 / W")
    turn = TurnInference(variant, position, Dice(6, 6), Orientation(variant), LADDER)
    reading = turn.read(visible(turn.candidates[0].counts, LADDER))
    assert reading.status is Status.PARTIAL and turn.before_lift(reading) is None
