"""The one game loop (``tablier selfplay``): every game of both catalogues played through its turn,
the dice as chance's actions, the words of the table through the same channel."""

from __future__ import annotations

import ast
import random
from itertools import pairwise
from pathlib import Path

import pytest

from tablier.games import all_games
from tablier.play.game_loop import CHANCE, MOVE, OPENING_THROW, Action, next_action
from tablier.play.selfplay import play_match
from tablier.play.tables.players import match_plan
from tablier.tables.catalog import find_variant


def _playable() -> list[str]:
    """Every game of both catalogues but the rotations (Tavli is a match of other games)."""
    names = []
    for game in all_games():
        if game.family == "tables":
            try:
                find_variant(game.name)
            except KeyError:
                continue
        names.append(game.name)
    return names


def _actions(game: str, specs: tuple[str, str], seed: int, options: dict[str, str] | None = None,
             games: int = 1) -> list[list[Action[object]]]:
    rng = random.Random(seed)
    plan = match_plan(game, options, specs, rng)
    played = []
    for _ in range(games):
        table = plan.new_game()
        actions: list[Action[object]] = []
        while (action := next_action(table, plan.seats, rng)) is not None:
            table.apply(action)
            actions.append(action)
        played.append(actions)
    return played


@pytest.mark.parametrize("game", _playable())
def test_every_game_of_both_catalogues_plays_through_the_one_loop(game: str) -> None:
    score = play_match(game, ("greedy", "random"), games=2, seed=4)
    assert score.games == 2 and sum(score.wins) + score.draws == 2
    assert sum(score.points) >= sum(score.wins)


@pytest.mark.parametrize("game", ["backgammon", "jacquet", "versailles", "ticktack", "plakoto"])
def test_a_tables_game_begins_with_chance_throwing_the_opening(game: str) -> None:
    actions, = _actions(game, ("greedy", "random"), seed=2)
    assert actions[0].actor == CHANCE and actions[0].kind == OPENING_THROW
    assert all(action.actor in (0, 1) for action in actions if action.kind == MOVE)


def test_versailles_hands_dice_over_with_no_loop_of_its_own() -> None:
    handed = 0
    for actions in _actions("versailles", ("computer:1", "greedy"), seed=3, games=3):
        handed += sum(1 for before, after in pairwise(actions)
                      if before.kind == after.kind == MOVE and before.actor != after.actor)
    assert handed  # a side played dice his adversary could not use, no throw between


def test_the_cube_is_offered_and_answered_where_the_game_has_it() -> None:
    words = [action.kind for actions in _actions("backgammon", ("computer:1", "computer:1"), seed=5,
                                                 options={"cube": "yes"}, games=2)
             for action in actions if action.actor != CHANCE and action.kind != MOVE]
    assert "double" in words and ({"take", "drop"} & set(words))
    assert "double" not in [action.kind for actions in _actions("backgammon", ("computer:1", "greedy"),
                                                                 seed=5) for action in actions]


def test_ticktack_wins_are_claimed_through_the_words_of_the_table() -> None:
    claims = [action for actions in _actions("ticktack", ("greedy", "random"), seed=1, games=3)
              for action in actions if action.kind == "claim"]
    assert claims and all(action.argument for action in claims)


def test_the_same_seed_plays_the_same_match() -> None:
    players = ("greedy", "random")
    assert play_match("jacquet", players, 3, seed=9) == play_match("jacquet", players, 3, seed=9)


def test_the_one_loop_reads_no_game_s_own_flow() -> None:
    """Selfplay, the loop and the tables players ask the turn only: nothing of Versailles' duties or
    states, nor any other game's own class."""
    host = Path(__file__).resolve().parents[2] / "host" / "tablier" / "play"
    for path in (host / "selfplay.py", host / "game_loop.py", host / "tables" / "players.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not {"tablier.tables.versailles", "tablier.tables.ticktack_game", "tablier.tables.jacquet",
                    "tablier.tables.game"} & imported - {None}, path.name
        attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        assert not {"duty", "duties", "state", "first", "vier", "phase"} & attributes, path.name
