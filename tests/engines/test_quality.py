"""The quality of plays: each play's band (best, doubtful, bad, very bad) and mark (``?!``, ``?``,
``??``), the same as GNU Backgammon's own grading of the plays of real matches."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from engine_positions import draughts_positions, tables_positions
from gnubg_grading_oracle import GradedPlay, gnubg_grading

from tablier.draughts.variants import find_variant
from tablier.engines import LEVELS, draughts_engine, tables_engine
from tablier.engines.candidates import Candidate
from tablier.engines.judge import blunder_threshold, teacher_level
from tablier.engines.profiles import (
    BAD,
    BANDS,
    BEST,
    DOUBTFUL,
    GNUBG,
    GNUBG_BANDS,
    PROFILES,
    VERY_BAD,
    Bands,
    evaluator,
)
from tablier.engines.quality import MARKS, bands_for, best_by, grade, grade_play
from tablier.games import find_game
from tablier.record.game_record import PLAY
from tablier.record.importing import read_records
from tablier.record.replay import play_of, replay_game, tables_variant
from tablier.tables.catalog import make_variant
from tablier.tables.moves import Dice

MATS = Path(os.environ["TABLIER_SHARED"], "corpora/backgammon/mat")
needs_corpus = pytest.mark.skipif(not MATS.is_dir(), reason="the .mat corpus is not here")
SAMPLE = ["match10074339.txt", "BoardLord_-_Llabba_7pt_Backgammon_Studio_2023_08_09_18_11_07.txt"]
NEAR = 0.0005
"""Where GNU Backgammon's loss lies this close to a band's edge the two may fall either side: the
engine's scores are rounded to four decimals."""


def test_a_loss_is_banded_past_each_threshold_as_gnu_backgammon_does() -> None:
    bands = [GNUBG_BANDS.band(loss) for loss in (0.0, 0.04, 0.0401, 0.08, 0.0801, 0.16, 0.1601, 1.5)]
    assert bands == [BEST, BEST, DOUBTFUL, DOUBTFUL, BAD, BAD, VERY_BAD, VERY_BAD]
    assert [MARKS[band] for band in BANDS] == ["", "?!", "?", "??"]


@pytest.mark.parametrize("game", sorted(PROFILES))
def test_each_games_bands_climb_and_every_play_the_teacher_warns_of_is_very_bad(game: str) -> None:
    row = PROFILES[game]
    bands = bands_for(game)
    assert 0 < bands.doubtful < bands.bad < bands.very_bad <= row.teaching.threshold
    assert bands.unit == row.thresholds.unit  # the engine's own scale
    info = find_game(game)
    if evaluator(game, info.facts, info.family) == GNUBG:
        assert bands == GNUBG_BANDS == Bands(0.04, 0.08, 0.16, "equity")


def test_plays_are_graded_against_the_best_the_table_allows() -> None:
    ranking = [Candidate("a", 10.0), Candidate("b", 9.0), Candidate("c", 5.0), Candidate("d", -20.0)]
    bands = Bands(2.0, 4.0, 8.0, "points")
    graded = grade(ranking, bands)
    assert [(g.move, g.loss, g.band, g.mark) for g in graded] == [
        ("a", 0.0, BEST, ""), ("b", 1.0, BEST, ""), ("c", 5.0, BAD, "?"), ("d", 30.0, VERY_BAD, "??")]
    fewer = grade(ranking, bands, allowed={"c", "d"})  # the rules at the table forbid a and b
    assert [(g.move, g.band) for g in fewer] == [("c", BEST), ("d", VERY_BAD)]
    assert grade([], bands) == []
    made = grade_play(ranking, bands, "C", key=str.upper)
    assert made is not None and made.mark == "?"
    assert grade_play(ranking, bands, "z") is None
    by_letter = best_by(graded, key=lambda move: {"a": "xy", "b": "y", "c": "z", "d": "z"}[move])
    assert {name: g.move for name, g in by_letter.items()} == {"x": "a", "y": "a", "z": "c"}


DOCS_NAMES = {"backgammon": "Backgammon", "portes": "Portes", "tavla": "Tavla", "short-nardy": "Short Nardy",
              "jacquet": "Jacquet", "versailles": "Jacquet de Versailles", "spanish": "Spanish",
              "fevga": "Fevga", "nardy": "Long Nardy", "plakoto": "Plakoto", "ticktack": "Ticktack",
              "english": "English draughts", "polish": "Polish draughts", "polish10": "Polish draughts",
              "losing": "the Losing Game", "devil": "Devil among the Tailors"}


def test_the_players_page_gives_each_games_bands() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "quality-lights.md").read_text(encoding="utf-8")
    rows = [line.strip("|").split(" | ", 1) for line in text.splitlines() if line.startswith("| ")]
    assert set(DOCS_NAMES) == set(PROFILES)
    for game, name in DOCS_NAMES.items():
        row = PROFILES[game]
        bands = row.quality
        cells = (f" {bands.unit} | {bands.doubtful:g} | {bands.bad:g} | {bands.very_bad:g} | "
                 f"{row.teaching.threshold:g} ")
        assert any(name in first and rest == cells.lstrip() for first, rest in rows), (game, cells)


@pytest.mark.parametrize("game", ["jacquet", "plakoto", "english"])
def test_the_engines_choice_is_best_and_a_warned_play_very_bad(game: str) -> None:
    level = teacher_level(game)
    bands = bands_for(game)
    threshold = blunder_threshold(game)
    seen = set()
    if game == "english":
        board_class = find_variant(game)
        engine = draughts_engine(board_class)
        rankings = [engine.rank(board, level) for board in draughts_positions(board_class, 12, 4)]
    else:
        variant = make_variant(game)
        tables = tables_engine(variant)
        rankings = [tables.rank(position, dice, level) for position, dice in tables_positions(variant, 12, 4)]
    for ranking in rankings:
        graded = grade(ranking, bands)
        assert graded[0].band == BEST
        for item in graded:
            seen.add(item.band)
            if item.loss > threshold:
                assert item.band == VERY_BAD
    assert {BEST, VERY_BAD} <= seen


# --- against GNU Backgammon's own grading ----------------------------------------------------------


def _centred_plays(mat: Path, plies: int) -> list[tuple[GradedPlay, str]]:
    """Each play of the match ``mat`` made while the cube was in the middle, with a choice, as GNU
    Backgammon graded it at ``plies``, beside the band the teacher's ranking (at the level whose
    look-ahead is ``plies``) gives it."""
    level = LEVELS[plies]  # gnubg's 0-ply is our level 1, its 1-ply our level 2 (the teacher's)
    theirs = gnubg_grading(mat, GNUBG_BANDS, plies=plies)
    record = read_records(mat).records[0]
    found = []
    compared = 0
    for game, graded in zip(record.games, theirs, strict=True):
        variant = tables_variant(record, game)
        engine = tables_engine(variant)
        steps = [step for step in replay_game(record, game) if step.action.kind == PLAY]
        if len(steps) != len(graded):
            continue
        compared += 1
        for step, play in zip(steps, graded, strict=True):
            assert sorted(step.action.dice) == sorted(play.dice)
            if not play.centred or len(play.equities) < 2:
                continue
            position = step.before.with_turn(step.action.side)
            made = variant.after(position, play_of(step.action))
            ranking = engine.rank(position, Dice(*step.action.dice), level)
            ours = next(g for g in grade(ranking, GNUBG_BANDS) if variant.after(position, g.move) == made)
            found.append((play, ours.band))
    assert compared >= 0.8 * len(record.games), f"{mat.name}: most games read alike"
    return found


def _near_an_edge(loss: float, width: float) -> bool:
    return any(abs(loss - edge) <= width for edge in (GNUBG_BANDS.doubtful, GNUBG_BANDS.bad,
                                                       GNUBG_BANDS.very_bad))


def _unmarked(band: str) -> str:
    return "" if band == BEST else band


@needs_corpus
@pytest.mark.parametrize("name", SAMPLE)
def test_the_bands_are_gnu_backgammons_grading_of_a_real_match(name: str) -> None:
    """GNU Backgammon analyses the match at 0-ply, cubeless, as money (the teacher's ranking is
    cubeless money equity): its marks are the bands of its own losses, and the bands of our ranking
    at level 1 (its 0-ply net) are its marks."""
    pytest.importorskip("gnubg")
    plays = _centred_plays(MATS / name, plies=0)
    assert len(plays) >= 25
    assert all(_unmarked(GNUBG_BANDS.band(play.loss)) == play.mark for play, _ in plays)
    differing = [(play.loss, play.mark, ours) for play, ours in plays if _unmarked(ours) != play.mark]
    assert all(_near_an_edge(loss, NEAR) for loss, _, _ in differing), differing
    assert any(play.mark for play, _ in plays)  # the match has marked plays to agree on


@needs_corpus
def test_the_teachers_level_grades_a_match_as_gnu_backgammon_at_one_ply() -> None:
    """The teacher's level (GNU Backgammon's 1-ply on every play) against its analysis at 1-ply,
    whose move filter leaves a few weak plays at 0-ply: they may differ only near a band's edge."""
    pytest.importorskip("gnubg")
    _agree_at_one_ply([SAMPLE[0]], 0.005)


@needs_corpus
@pytest.mark.full
def test_the_teachers_level_grades_real_matches_as_gnu_backgammon() -> None:
    pytest.importorskip("gnubg")
    names = sorted(path.name for path in MATS.glob("match*.txt"))
    _agree_at_one_ply(random.Random(33).sample(names, 8), 0.005)


def _agree_at_one_ply(names: list[str], width: float) -> None:
    plays = [found for name in names for found in _centred_plays(MATS / name, plies=1)]
    differing = [(play.loss, play.mark, ours) for play, ours in plays if _unmarked(ours) != play.mark]
    assert all(_near_an_edge(loss, width) for loss, _, _ in differing), differing
    assert len(differing) <= max(1, len(plays) // 50), (len(differing), len(plays))
