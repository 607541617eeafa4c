"""The fast generators of every tables game give the plays of the slow generic one, the reference.

The generic generator (:func:`tablier.tables.movegen.generic_plays`) tries every order of the dice and
asks the game's rule on each single step; the games' own generators apply the same rules step by
step without trying every order. Both must reach the same positions, each once, with as many dice.
Positions come from random games of every game and option, and from random spreads of men (the
postillon's journey, walls, bearing off); the default run holds a sample, ``make test-full`` many
thousands more.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tablier.tables.catalog import make_variant
from tablier.tables.fevga import LongNardy
from tablier.tables.jacquet import Jacquet
from tablier.tables.movegen import generic_plays
from tablier.tables.moves import ALL_ROLLS, Dice, Move, Play
from tablier.tables.plakoto import Plakoto
from tablier.tables.portes import Tavla
from tablier.tables.position import BLACK, HOME, MEN, OFF, WHITE, Position
from tablier.tables.variant import Variant
from tablier.tables.versailles import Versailles

GAMES: tuple[tuple[str, dict[str, str]], ...] = (
    ("jacquet", {}),
    ("jacquet", {"closing": "unrestricted"}),
    ("jacquet", {"closing": "variable"}),
    ("jacquet", {"return_men": "1"}),
    ("jacquet", {"closing": "variable", "return_men": "1"}),
    ("spanish", {}),
    ("versailles", {}),
    ("versailles", {"closing": "variable"}),
    ("versailles", {"closing": "unrestricted"}),
    ("fevga", {}),
    ("fevga", {"first_man": "starting-table"}),
    ("fevga", {"starting_table": "no"}),
    ("fevga", {"prime": "free"}),
    ("fevga", {"first_man": "starting-table", "starting_table": "no", "prime": "free"}),
    ("nardy", {}),
    ("nardy", {"head_doublets": "6-4"}),
    ("tavla", {}),
    ("plakoto", {}),
    ("plakoto", {"bear_off_pinned": "no"}),
)
IDS = [name + "".join(f",{key}={value}" for key, value in options.items()) for name, options in GAMES]


def reference_plays(variant: Variant, position: Position, steps: tuple[int, ...], dice: Dice) -> list[Play]:
    """The plays of the generic generator, every order of ``steps`` tried, the game's rules asked of
    each step as the rule books state them."""
    mine = position.mover
    if isinstance(variant, LongNardy):
        floor = variant.head_floor(position, dice)

        def head_and_walls(now: list[int], theirs: list[int], move: Move) -> bool:
            return variant.step_fault(now, theirs, move, floor) is None

        return generic_plays(mine, variant.theirs(position), False, steps, head_and_walls)
    if isinstance(variant, Tavla):
        theirs = variant.theirs(position)
        blots = [point for point in HOME if theirs[point] == 1]

        def no_hit_and_run(now: list[int], theirs_now: list[int], move: Move) -> bool:
            return variant.options["hit_and_run"] or not (
                move.src in blots and theirs_now[move.src] == 0 and now[move.src] == 1)

        return generic_plays(mine, theirs, True, steps, no_hit_and_run)
    if isinstance(variant, Plakoto):
        held = position.pinned[position.turn]
        may_bear_off = not held or bool(variant.options["bear_off_pinned"])

        def pinned_stay(now: list[int], theirs_now: list[int], move: Move) -> bool:
            return not held >> move.src & 1 and (may_bear_off or move.dst != OFF)

        return generic_plays(mine, variant.landing_view(position), True, steps, pinned_stay)
    return generic_plays(mine, variant.theirs(position), variant.hitting, steps, variant.step_allowed)


def assert_same_plays(variant: Variant, position: Position, dice: Dice,
                      steps: tuple[int, ...] | None = None) -> None:
    """The game's plays and the reference's reach the same positions, each play once."""
    if steps is None:
        plays = variant.plays(position, dice)
        steps = variant.dice_steps(dice)
    else:
        assert isinstance(variant, Versailles)
        plays = variant.plays_of_steps(position, steps)
    reference = reference_plays(variant, position, steps, dice)
    ours = {variant.after(position, play) for play in plays}
    assert len(ours) == len(plays), f"a position twice in {position} with {dice}"
    assert ours == {variant.after(position, play) for play in reference}, f"{position} with {steps}"
    assert {len(play) for play in plays} == {len(play) for play in reference}, f"{position} with {steps}"


def random_game_positions(variant: Variant, rng: random.Random, games: int) -> Iterator[Position]:
    """Every position of ``games`` random games (the fast generator chooses the plays)."""
    for _ in range(games):
        position = variant.start_position(rng.choice((BLACK, WHITE)))
        for _turn in range(600):
            if variant.result(position) is not None:
                break
            yield position
            plays = variant.plays(position, Dice(rng.randint(1, 6), rng.randint(1, 6)))
            position = variant.after(position, rng.choice(plays))


def random_spread(variant: Variant, rng: random.Random) -> Position:
    """Men of both sides strewn at random over distinct points (a parallel race's start kept
    sometimes full, its postillon sometimes alone on the way), for the games without hitting."""
    boards: list[list[int]] = [[0] * 26, [0] * 26]
    taken: set[int] = set()  # the mover's points, in his frame
    for side in (WHITE, BLACK):
        board = boards[side]
        if side == BLACK:  # the adversary: keep off the mover's points
            free = [p for p in range(1, 25) if variant.opposite(p) not in taken]
        else:
            free = list(range(1, 25))
        men = MEN - rng.choice((0, 0, 0, rng.randint(0, MEN)))
        board[OFF] = MEN - men
        points = rng.sample(free, rng.randint(1, min(len(free), 12)))
        if rng.random() < 0.3 and 24 in free:
            points = [24, *rng.sample([p for p in free if p != 24], 1)]
        for _ in range(men):
            board[rng.choice(points)] += 1
        if side == WHITE:
            taken = {p for p in range(1, 25) if board[p]}
    return Position((tuple(boards[BLACK]), tuple(boards[WHITE])), WHITE)


def _compare_games(name: str, options: dict[str, str], seed: int, games: int, every: int) -> int:
    variant = make_variant(name, options)
    rng = random.Random(seed)
    compared = 0
    for index, position in enumerate(random_game_positions(variant, rng, games)):
        if index % every:
            continue
        for dice in ALL_ROLLS:
            assert_same_plays(variant, position, dice)
            compared += 1
    return compared


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_every_game_and_option_plays_as_the_reference_in_a_game(name: str, options: dict[str, str]) -> None:
    assert _compare_games(name, options, seed=len(IDS[0]) + len(options), games=1, every=6) > 21 * 3


@pytest.mark.parametrize("name", ["jacquet", "versailles", "fevga", "nardy"])
def test_the_races_play_as_the_reference_on_random_spreads(name: str) -> None:
    variant = make_variant(name)
    rng = random.Random(1890)
    for _ in range(25):
        position = random_spread(variant, rng)
        for dice in rng.sample(ALL_ROLLS, 6):
            assert_same_plays(variant, position, dice)


def test_the_bench_spread_plays_as_the_reference_for_every_doublet() -> None:
    """The busiest doublets measured by ``make bench`` (every man able to move, the postillon on
    his way, walls in front of the adversary)."""
    from tablier.tables.position_text import parse_position

    position = parse_position("W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 3x15 / W")
    for name in ("jacquet", "fevga", "nardy"):
        variant = make_variant(name)
        for die in range(1, 7):
            assert_same_plays(variant, position, Dice(die, die))


def test_versailles_hands_on_numbers_as_the_reference() -> None:
    """A part of a throw handed to the other side: any numbers of one or two values."""
    variant = Versailles()
    rng = random.Random(12)
    for position in list(random_game_positions(variant, rng, 1))[::5]:
        for steps in ((6, 6, 6), (5, 5), (4,), (3, 3, 3, 3), (6, 2)):
            assert_same_plays(variant, position, Dice(steps[0], steps[-1]), steps)


def test_the_postillon_and_the_barrier_still_forbid_what_they_forbid() -> None:
    """The fast generator keeps the postillon home first and stops an early six-point barrier."""
    variant = Jacquet()
    start = variant.start_position(WHITE)
    for play in variant.plays(start, Dice(6, 6)):
        assert {move.src for move in play} <= {24, 18, 12, 6}, "one man only until he is home"
    assert all(sum(move.src == 24 for move in play) == 1 for play in variant.plays(start, Dice(5, 3)))


@pytest.mark.full
@pytest.mark.timeout(1800)
@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_every_game_and_option_plays_as_the_reference_in_games(name: str, options: dict[str, str]) -> None:
    assert _compare_games(name, options, seed=2026, games=4, every=2) > 21 * 100


@pytest.mark.full
@pytest.mark.timeout(1800)
@pytest.mark.parametrize("name", ["jacquet", "spanish", "versailles", "fevga", "nardy"])
def test_the_races_play_as_the_reference_on_thousands_of_random_spreads(name: str) -> None:
    variant = make_variant(name)
    rng = random.Random(7)
    for _ in range(200):
        position = random_spread(variant, rng)
        for dice in ALL_ROLLS:
            assert_same_plays(variant, position, dice)


def test_a_race_plays_both_dice_when_one_man_could_bear_off_with_either() -> None:
    # White's last man stands on the 4-point: 6-3 bears him off with the 6 alone (4/off) or with
    # both dice (4/1 1/off), the same position; both dice must be played, so only the second counts.
    variant = make_variant("jacquet")
    black = tuple([0, 0, 0, 0, 2, 0, 1, 0, 0, 2, 5, 0, 1, 0, 0, 2, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0])
    white = tuple([MEN - 1, 0, 0, 0, 1] + [0] * 21)
    position = Position((black, white), WHITE)
    assert [" ".join(map(str, play)) for play in variant.plays(position, Dice(6, 3))] == ["4/1 1/off"]
    assert_same_plays(variant, position, Dice(6, 3))
