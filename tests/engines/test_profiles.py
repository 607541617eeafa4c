"""Every game of the catalogue has one engine profile, and the engine it names plays the game."""

from __future__ import annotations

import pytest

from tablier.draughts.core import Board
from tablier.draughts.variants import VARIANTS as DRAUGHTS_VARIANTS
from tablier.engines import DESCRIPTIONS, describe, draughts_engine, tables_engine
from tablier.engines.candidates import EngineUnavailableError
from tablier.engines.judge import blunder_threshold, teacher_level
from tablier.engines.profiles import GNUBG, PROFILES, evaluator, profile
from tablier.games import GameInfo, all_games
from tablier.tables.catalog import VARIANTS as TABLES_VARIANTS
from tablier.tables.catalog import find_rotation
from tablier.tables.variant import Variant


def played_games() -> list[GameInfo]:
    """Every game of the catalogue, a match of games played in turn (Tavli) by each of its games."""
    games: list[GameInfo] = []
    for game in all_games():
        rotation = find_rotation(game.name) if game.family == "tables" else None
        games.extend([variant.info() for variant in rotation.ROTATION] if rotation else [game])
    return games


def test_every_game_of_the_catalogue_has_one_profile() -> None:
    names = {game.name for game in played_games()}
    assert {"backgammon", "ticktack", "english", "devil"} <= names  # both families are there
    assert names == set(PROFILES)
    classes = {variant.name for variant in TABLES_VARIANTS} | {board.name for board in DRAUGHTS_VARIANTS}
    assert classes == set(PROFILES)


def test_a_game_without_a_profile_is_refused_by_name() -> None:
    with pytest.raises(KeyError, match="no engine profile for the game 'chaturaji'"):
        profile("chaturaji")


@pytest.mark.parametrize("game", played_games(), ids=lambda game: game.name)
def test_each_profile_names_an_engine_its_game_can_use(game: GameInfo) -> None:
    row = profile(game.name)
    kind = evaluator(game.name, game.facts, game.family)
    assert kind in DESCRIPTIONS and describe(game.name) == DESCRIPTIONS[kind]
    assert (kind == GNUBG) == game.facts.gnubg_moves  # GNU Backgammon plays exactly Backgammon's moves
    assert row.thresholds.inaccuracy < row.thresholds.mistake < row.thresholds.blunder
    assert blunder_threshold(game.name) == row.teaching.threshold > 0
    assert teacher_level(game.name).number == row.teaching.level
    if game.family == "tables" and kind != GNUBG:
        assert row.weights["race"] > 0  # our expectimax weighs the race in every game


@pytest.mark.parametrize("variant", TABLES_VARIANTS, ids=lambda variant: variant.name)
def test_the_tables_engine_of_each_game_is_its_profiles(variant: type[Variant]) -> None:
    try:
        engine = tables_engine(variant())
    except EngineUnavailableError:
        pytest.skip("GNU Backgammon is not installed")
    assert engine.name == ("gnubg" if variant.facts.gnubg_moves else "expectimax")


@pytest.mark.parametrize("board_class", DRAUGHTS_VARIANTS, ids=lambda board: board.name)
def test_the_draughts_engine_of_each_game_is_its_profiles(board_class: type[Board]) -> None:
    expected = profile(board_class.name).evaluator or "alpha-beta"
    assert draughts_engine(board_class).name == expected
