"""The turn of every tables game through one interface (tables/turn.py): whole games played by
asking each game's turn only what it awaits, its throw and its plays, and saying its words; the
words a turn offers a side (``choices``) are exactly those it takes from him."""

from __future__ import annotations

import copy
import random

import pytest

from tablier.errors import IllegalMoveError
from tablier.tables.catalog import VARIANTS, make_variant
from tablier.tables.moves import Dice
from tablier.tables.position import BLACK, WHITE
from tablier.tables.ticktack_game import TicktackGame
from tablier.tables.turn import CLAIM, CONCEDE, RESIGN, TABLE_WORDS, Awaiting, Turn
from tablier.tables.variant import Variant

#: Each game with its defaults, and the options that give it more words (the cube, a throw to keep).
GAMES: list[tuple[str, dict[str, str]]] = [
    *((variant.name, {}) for variant in VARIANTS),
    ("backgammon", {"cube": "yes", "opening": "choose"}),
    ("jacquet", {"first_player": "rethrow"}),
    ("ticktack", {"why_not_notice": "teaching", "opening": "deciding-dice"}),
]
#: The words that end a game at once (said once, at the end of the test's games).
ENDING = (RESIGN, CONCEDE)


def _argument(turn: Turn, word: str) -> str:
    """What a word is said with: a claim names the best win of the throw."""
    if word == CLAIM and isinstance(turn, TicktackGame) and turn.available:
        return turn.available[0].name
    return ""


def _check_words(turn: Turn, offered: dict[int, tuple[str, ...]]) -> None:
    """Each side's words offered are taken (tried on a copy of the turn); every other word of the
    table is refused, and a refusal changes nothing (tried on the turn itself)."""
    for side in (BLACK, WHITE):
        for word in TABLE_WORDS:
            if word in offered[side]:
                trial = copy.deepcopy(turn)
                trial.command(side, word, _argument(trial, word))
                continue
            before = (turn.awaiting, turn.position, turn.dice, turn.outcome, turn.choices(side))
            with pytest.raises(IllegalMoveError):
                turn.command(side, word, _argument(turn, word))
            assert (turn.awaiting, turn.position, turn.dice, turn.outcome, turn.choices(side)) == before


def _dice(rng: random.Random) -> Dice:
    return Dice(rng.randint(1, 6), rng.randint(1, 6))


def play_game(variant: Variant, rng: random.Random, check_words: float) -> Turn:
    """One game played through the turn's interface alone, words said now and then; at a share
    ``check_words`` of its steps, and at each where a side has a word to say besides resigning,
    every word of the table is tried from each side."""
    turn = variant.new_turn()
    for _ in range(3000):
        awaiting = turn.awaiting
        if awaiting is Awaiting.OVER:
            return turn
        assert (turn.dice is not None) == (awaiting is Awaiting.PLAY)
        assert turn.position.turn == turn.turn
        offered = {side: turn.choices(side) for side in (BLACK, WHITE)}
        talk = [(side, word) for side in (BLACK, WHITE) for word in offered[side] if word not in ENDING]
        if talk or rng.random() < check_words:
            _check_words(turn, offered)
        if talk and rng.random() < 0.4:
            side, word = rng.choice(talk)
            turn.command(side, word, _argument(turn, word))
        elif awaiting is Awaiting.OPENING:
            turn.cast_opening(rng.randint(1, 6), rng.randint(1, 6))
        elif awaiting is Awaiting.THROW:
            turn.throw(_dice(rng))
        elif awaiting is Awaiting.ANSWER:  # nobody talked: the side asked answers
            side, word = rng.choice(talk)
            turn.command(side, word, _argument(turn, word))
        else:
            plays = turn.legal_plays()
            assert plays
            sources = [move.src for play in plays for move in play if turn.position.mover[move.src]]
            if sources and rng.random() < 0.5:
                said = turn.touch(rng.choice(sources))
                assert isinstance(said, str)
                narrowed = turn.legal_plays()
                assert set(narrowed) <= set(plays)
                plays = narrowed
            turn.play(rng.choice(plays))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda value: str(value or ""))
def test_every_game_plays_through_its_turn_and_offers_exactly_the_words_it_takes(
        name: str, options: dict[str, str]) -> None:
    variant = make_variant(name, options)
    for seed in range(2):
        turn = play_game(variant, random.Random(seed), check_words=0.5)
        assert turn.outcome is not None and turn.outcome.points >= 0
        assert turn.choices(BLACK) == turn.choices(WHITE) == ()


@pytest.mark.full
@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda value: str(value or ""))
def test_many_games_through_the_turn(name: str, options: dict[str, str]) -> None:
    variant = make_variant(name, options)
    for seed in range(3, 23):
        play_game(variant, random.Random(seed), check_words=1.0)


def test_a_resignation_ends_the_game_at_the_cube_or_stake() -> None:
    game = make_variant("backgammon", {"cube": "yes"}).new_turn()
    assert game.cast_opening(5, 3) == "opening throw 5 and 3: black begins and throws again"
    game.throw(Dice(3, 1))
    game.play(game.legal_plays()[0])
    side = game.turn
    assert game.cube == (1, None)
    game.command(side, "double")
    game.command(1 - side, "take")
    assert game.cube == (2, 1 - side)
    said = game.command(1 - side, "resign")
    assert said == f"side {1 - side} resigns"
    assert game.outcome is not None and (game.outcome.winner, game.outcome.points) == (side, 2)
    assert game.awaiting is Awaiting.OVER and game.choices(side) == ()


def test_the_words_a_game_has_follow_its_rules() -> None:
    """The keys line: the cube only where it is in play, keep where a throw may be kept; the cube
    shown only where it is in play."""
    assert make_variant("backgammon").new_turn().words() == ()
    assert make_variant("backgammon", {"cube": "yes"}).new_turn().words() == ("double/take/drop",)
    assert make_variant("backgammon", {"cube": "yes"}).new_turn(cube_allowed=False).words() == ()
    assert make_variant("jacquet").new_turn().words() == ("keep",)
    assert "why-not" in make_variant("ticktack").new_turn().words()
    assert make_variant("versailles").new_turn().words() == ()
    assert make_variant("backgammon", {"cube": "yes"}).new_turn(cube_allowed=False).cube is None
    assert make_variant("jacquet").new_turn().cube is None
