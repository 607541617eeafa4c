"""The quality lights: each place a lifted man may go shows the band of the best play through it (pure:
a ranking in, bands per place out)."""

from __future__ import annotations

import random

import pytest

from tablier.board.draughts_inference import MoveInference
from tablier.board.observation import PLACE_INDEX, TABLES_PLACES, Counts, visible
from tablier.board.orientation import Orientation
from tablier.board.quality_lights import DraughtsQuality, TablesQuality
from tablier.board.tables_inference import Status, TurnInference
from tablier.draughts.variants import find_variant
from tablier.engines.candidates import Candidate
from tablier.engines.profiles import BAD, BEST, DOUBTFUL, GNUBG_BANDS, VERY_BAD, Bands
from tablier.engines.quality import grade
from tablier.tables import Backgammon, Dice
from tablier.tables.catalog import make_variant
from tablier.tables.game import throw
from tablier.tables.moves import Play
from tablier.tables.notation import format_play
from tablier.tables.position import BLACK, Position
from tablier.tables.variant import Variant

LADDER = 6
BG = Backgammon()


def ranked(variant: Variant, position: Position, dice: Dice, scores: dict[str, float],
           default: float = -1.0) -> list[Candidate[Play]]:
    """Every legal play, scored by its notation (``default`` for those not named), best first."""
    plays = variant.plays(position, dice)
    found = [Candidate(play, scores.get(format_play(play), default)) for play in plays]
    assert set(scores) <= {format_play(play) for play in plays}
    return sorted(found, key=lambda candidate: -candidate.score)


def seen(inference: TurnInference, position: Position | None = None, **changes: int) -> Counts:
    """What the switches show of ``position`` (the turn's start), men added or taken: point_8=-1."""
    counts = list(visible(inference.orientation.counts(position or inference.start), LADDER))
    for name, delta in changes.items():
        kind, index = name.split("_")
        counts[PLACE_INDEX[kind, int(index)]] += delta
    return tuple(counts)


def named(bands: dict[int, str]) -> dict[str, str]:
    return {" ".join(map(str, TABLES_PLACES[index])): band for index, band in bands.items()}


def lift(inference: TurnInference, counts: Counts, place: str) -> dict[str, str]:
    """Lift a man from ``place`` (``point_8``) of ``counts``; the bands of his destinations."""
    kind, number = place.split("_")
    index = PLACE_INDEX[kind, int(number)]
    lifted = list(counts)
    lifted[index] -= 1
    reading = inference.read(tuple(lifted), lifted_hint=index)
    assert reading.status is Status.IN_HAND and reading.lifted == (index,)
    quality = TablesQuality(inference, grade(ranking_of(inference), GNUBG_BANDS))
    bands = named(quality.destinations(reading))
    assert set(bands) == set(named(dict.fromkeys(reading.destinations, ""))), "every destination has a band"
    return bands


RANKINGS: dict[int, list[Candidate[Play]]] = {}


def ranking_of(inference: TurnInference) -> list[Candidate[Play]]:
    return RANKINGS[id(inference)]


def opening_three_one() -> TurnInference:
    position = BG.start_position(BLACK)
    inference = TurnInference(BG, position, Dice(3, 1), Orientation(BG), LADDER)
    RANKINGS[id(inference)] = ranked(BG, position, Dice(3, 1), {
        "8/5 6/5": 0.10, "24/23 13/10": 0.05, "13/10 6/5": 0.0, "24/23 24/21": -0.03, "8/4": -0.2})
    return inference


def test_each_destination_of_a_lifted_man_shows_the_best_play_through_it() -> None:
    turn = opening_three_one()
    # from the 8: on to 5 (8/5 6/5, the best), 7 (8/7 and another, at best -1), 4 (8/4 only)
    assert lift(turn, seen(turn), "point_8") == {"point 5": BEST, "point 7": VERY_BAD, "point 4": VERY_BAD}
    # from the 13: on to 10 (24/23 13/10, 0.05 worse: doubtful) or 9 (at best -1: very bad); his 12
    # is the adversary's
    assert lift(turn, seen(turn), "point_13") == {"point 10": DOUBTFUL, "point 9": VERY_BAD}
    # from the 24: 23 (24/23 13/10: doubtful), 21 (24/23 24/21, 0.13 worse: bad), 20 (24/20: very bad)
    assert lift(turn, seen(turn), "point_24") == {"point 23": DOUBTFUL, "point 21": BAD, "point 20": VERY_BAD}


def test_the_bands_follow_the_men_already_moved() -> None:
    turn = opening_three_one()
    after_eight = seen(turn, point_8=-1, point_5=1)  # 8/5 made: the 1 is left
    assert lift(turn, after_eight, "point_6") == {"point 5": BEST}  # completes 8/5 6/5
    assert lift(turn, after_eight, "point_24")["point 23"] == VERY_BAD  # 8/5 24/23 was not ranked
    after_thirteen = seen(turn, point_13=-1, point_10=1)  # 13/10 made
    assert lift(turn, after_thirteen, "point_6") == {"point 5": BAD}  # 13/10 6/5, 0.10 worse
    assert lift(turn, after_thirteen, "point_24") == {"point 23": DOUBTFUL}  # 24/23 13/10


def test_a_hit_and_a_man_on_the_bar_are_banded_too() -> None:
    position = BG.start_position(BLACK)
    opened = BG.after(position, BG.plays(position, Dice(6, 4))[0]).with_turn(1)
    hitting = {format_play(play) for play in BG.plays(opened, Dice(6, 4)) if any(m.hit for m in play)}
    assert hitting, "white can hit"
    best_hit = sorted(hitting)[0]
    inference = TurnInference(BG, opened, Dice(6, 4), Orientation(BG), LADDER)
    RANKINGS[id(inference)] = ranked(BG, opened, Dice(6, 4), {best_hit: 1.0})
    quality = TablesQuality(inference, grade(ranking_of(inference), GNUBG_BANDS))
    first = next(move for move in BG.plays(opened, Dice(6, 4)) if format_play(move) == best_hit)[0]
    src = Orientation(BG).place_of(1, first.src)
    lifted = list(seen(inference))
    lifted[PLACE_INDEX[src]] -= 1
    reading = inference.read(tuple(lifted), lifted_hint=PLACE_INDEX[src])
    bands = quality.destinations(reading)
    landing = PLACE_INDEX[Orientation(BG).place_of(1, first.dst)]
    assert bands[landing] == BEST and set(bands) == set(reading.destinations)


@pytest.mark.parametrize("game", ["backgammon", "plakoto", "nardy", "jacquet"])
def test_the_best_plays_first_man_always_lights_best(game: str) -> None:
    """Over random positions (doublets included), the first man of the best play, lifted at the
    start of the turn, shows ``best`` where that play puts him, and every destination has a band."""
    variant = make_variant(game)
    rng = random.Random(7)
    position = variant.start_position(BLACK)
    checked = 0
    while checked < 12:
        dice = throw(rng)
        plays = variant.plays(position, dice)
        if len(plays) > 1 and plays[0]:
            orientation = Orientation(variant)
            inference = TurnInference(variant, position, dice, orientation, LADDER)
            ranking = [Candidate(play, rng.uniform(-1, 1)) for play in plays]
            graded = grade(sorted(ranking, key=lambda c: -c.score), Bands(0.2, 0.5, 1.0, "test"))
            best = graded[0].move
            quality = TablesQuality(inference, graded)
            source = PLACE_INDEX[orientation.place_of(position.turn, best[0].src)]
            counts = list(visible(orientation.counts(position), LADDER))
            if counts[source] <= LADDER and orientation.counts(position)[source] <= LADDER:
                counts[source] -= 1
                reading = inference.read(tuple(counts), lifted_hint=source)
                if reading.status is Status.IN_HAND:
                    bands = quality.destinations(reading)
                    assert set(bands) == set(reading.destinations)
                    landing = PLACE_INDEX[orientation.place_of(position.turn, best[0].dst)]
                    assert bands[landing] == BEST
                    checked += 1
        position = variant.after(position, rng.choice(plays))
        if variant.result(position) is not None:
            position = variant.start_position(BLACK)


def test_a_draughts_mans_landings_show_his_best_move_there() -> None:
    board_class = find_variant("english")
    board = board_class()
    moves = board.legal_moves()
    scores = {"11-15": 10.0, "11-16": -20.0, "9-13": -60.0}
    ranking = sorted((Candidate(move, scores.get(str(move), -200.0)) for move in moves),
                     key=lambda candidate: -candidate.score)
    quality = DraughtsQuality(grade(ranking, Bands(18.0, 36.0, 72.0, "hundredths of a man")))
    inference = MoveInference(board)
    occupied = frozenset(board.pieces(False) + board.pieces(True))
    reading = inference.read(occupied - {11})
    assert quality.destinations(reading) == {15: BEST, 16: DOUBTFUL}
    assert quality.destinations(inference.read(occupied - {9})) == {13: BAD, 14: VERY_BAD}
    men = quality.men()
    assert men[11] == BEST and men[9] == BAD and men[12] == VERY_BAD
    assert quality.destinations(inference.read(occupied)) == {}  # nothing in hand


def test_the_lights_before_a_lift_are_banded_like_a_lifted_mans() -> None:
    """Jacquet's opening: the next man can only come from the start stack, whose destinations light
    before anything is lifted, each with the band of the best play through it."""
    variant = make_variant("jacquet")
    position = variant.start_position(BLACK)
    dice = Dice(6, 5)
    plays = variant.plays(position, dice)
    inference = TurnInference(variant, position, dice, Orientation(variant), LADDER)
    ranking = sorted((Candidate(play, -float(n)) for n, play in enumerate(plays)), key=lambda c: -c.score)
    graded = grade(ranking, Bands(0.5, 1.5, 2.5, "test"))
    reading = inference.read(seen(inference))
    before = inference.before_lift(reading)
    assert before is not None and before.only
    bands = TablesQuality(inference, graded).before_lift(reading, before)
    assert set(bands) == set(before.destinations)
    first = graded[0].move[0]
    assert bands[PLACE_INDEX[Orientation(variant).place_of(BLACK, first.dst)]] == BEST
