"""Legal-play generation checked against GNU Backgammon and OpenSpiel: identical sets of positions.

The default suite runs a sample; ``make test-full`` runs the full sweeps (``@pytest.mark.full``).
Random positions cover contact, men on the bar, bearing off, blocked positions and races, with all 21
throws each (doublets included).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from tables_oracles import BACKGAMMON, gnubg_generator, openspiel_turns, our_positions, random_position

from tablier.tables import ALL_ROLLS, BAR, OFF, Dice
from tablier.tables.movegen import fast_plays, generic_plays, landing_tables


def _compare_with_gnubg(seed: int, positions: int) -> Counter[str]:
    """Compare every throw of ``positions`` random positions; count the kinds of plays met."""
    gnubg = gnubg_generator()
    rng = random.Random(seed)
    met: Counter[str] = Counter()
    for _ in range(positions):
        position = random_position(rng)
        for dice in ALL_ROLLS:
            plays = BACKGAMMON.plays(position, dice)
            ours = {BACKGAMMON.after(position, play) for play in plays}
            assert len(ours) == len(plays), f"duplicate plays in {position} with {dice}"
            assert ours == gnubg.positions(position, dice), f"{position} with {dice}"
            met["compared"] += 1
            met["doublet"] += dice.is_doublet
            met["cannot move"] += plays == [()]
            met["partly blocked"] += 0 < len(plays[0]) < len(BACKGAMMON.dice_steps(dice))
            met["bar entry"] += any(move.src == BAR for play in plays for move in play)
            met["bearing off"] += any(move.dst == OFF for play in plays for move in play)
            met["hit"] += any(move.hit for play in plays for move in play)
    return met


def test_same_plays_as_gnubg_on_a_sample() -> None:
    met = _compare_with_gnubg(seed=2026, positions=1500)
    assert met["compared"] == 1500 * 21
    for kind in ("doublet", "cannot move", "partly blocked", "bar entry", "bearing off", "hit"):
        assert met[kind] >= 50, f"the sample has too few positions with {kind}: {met}"


@pytest.mark.full
def test_same_plays_as_gnubg_on_thousands_of_positions() -> None:
    assert _compare_with_gnubg(seed=1890, positions=10_000)["compared"] == 10_000 * 21


def _compare_with_openspiel(seed: int, games: int, limit: int | None) -> int:
    compared = 0
    for position, dice, theirs in itertools.islice(openspiel_turns(seed, games), limit):
        assert our_positions(position, dice) == theirs, f"{position} with {dice}"
        compared += 1
    return compared


def test_same_plays_as_openspiel_on_a_sample() -> None:
    assert _compare_with_openspiel(seed=7, games=1, limit=2000) == 2000


@pytest.mark.full
def test_same_plays_as_openspiel_over_whole_games() -> None:
    assert _compare_with_openspiel(seed=11, games=6, limit=None) > 10_000


def test_fast_and_generic_generators_agree() -> None:
    rng = random.Random(5)
    for _ in range(60):
        position = random_position(rng)
        for dice in ALL_ROLLS:
            fast = BACKGAMMON.plays(position, dice)
            generic = generic_plays(position.mover, BACKGAMMON.theirs(position), True,
                                    BACKGAMMON.dice_steps(dice))
            assert {BACKGAMMON.after(position, p) for p in fast} == \
                   {BACKGAMMON.after(position, p) for p in generic}
            assert len(fast) == len(generic)


def test_opening_counts_match_the_known_figures() -> None:
    start = BACKGAMMON.start_position()
    counts = {str(dice): len(BACKGAMMON.plays(start, dice)) for dice in ALL_ROLLS}
    assert counts["3-1"] == 16
    assert counts["6-6"] == 11
    assert all(count == len(gnubg_generator().positions(start, Dice.parse(roll)))
               for roll, count in counts.items())


def test_fewest_hits_first_only_reorders_the_plays() -> None:
    """Asked for the plays that hit fewer men first (as Plakoto lists them: fewest pins first), the
    generator gives the same plays, in the same order within each number of men hit."""
    rng = random.Random(9)
    met: Counter[str] = Counter()
    for _ in range(150):
        position = random_position(rng)
        blocked, blot = landing_tables(BACKGAMMON.theirs(position), True)
        for dice in ALL_ROLLS:
            steps = BACKGAMMON.dice_steps(dice)
            plain = fast_plays(position.mover, blocked, blot, steps)
            ordered = fast_plays(position.mover, blocked, blot, steps, fewest_hits_first=True)
            assert ordered == sorted(plain, key=lambda play: sum(move.hit for move in play)), \
                f"{position} with {dice}"
            reordered = ordered != plain
            met["doublet reordered"] += reordered and dice.is_doublet
            met["pair reordered"] += reordered and not dice.is_doublet
            met["partly blocked doublet"] += dice.is_doublet and 0 < len(plain[0]) < len(steps)
    for kind in ("doublet reordered", "pair reordered", "partly blocked doublet"):
        assert met[kind] >= 10, f"the sample has too few throws with {kind}: {met}"
