"""Jacquet de Versailles: the engine weighs the dice a thrower cannot use, which his adversary plays."""

from __future__ import annotations

import pytest

from tablier.engines import VersaillesEngine, find_level, tables_engine
from tablier.engines.tables_search import TablesEngine
from tablier.tables.moves import Dice
from tablier.tables.notation import format_play
from tablier.tables.position import BLACK, WHITE
from tablier.tables.position_text import format_position, parse_position
from tablier.tables.versailles import PASSED, Versailles, VersaillesGame

VARIANT = Versailles()
HANDED_SIX = parse_position("W 23 22 21 6 offx11 / B 24 5 4 3 2 offx10 / W")
"""White throws 6-1 and can play only the 1: the 6 goes to Black, whose one man outside his home
table (on his 24-point) could use it to run to his 18-point, White's 6-point."""


def test_the_engine_keeps_the_point_that_takes_the_handed_die_away() -> None:
    engine = tables_engine(VARIANT)
    assert isinstance(engine, VersaillesEngine)
    assert format_play(engine.best(HANDED_SIX, Dice(6, 1), find_level(1))) == "21/20"
    for level in (find_level(2), find_level(3)):  # looking a throw ahead: any 1 that keeps the 6-point
        best = engine.best(HANDED_SIX, Dice(6, 1), level)
        assert VARIANT.after(HANDED_SIX, best).boards[WHITE][6] == 1
    # 6/5 leaves White's 6-point: Black plays the handed 6 (24/18) and is on his way home.
    (_, after_six_five), = engine.outcomes(HANDED_SIX, Dice(6, 1), VARIANT.plays(HANDED_SIX, Dice(6, 1))[-1])
    assert format_position(after_six_five) == "W 23 22 21 5 offx11 / B 18 5 4 3 2 offx10 / B"
    # 21/20 keeps it: the 6 is lost, Black's man stays on his 24-point.
    twenty_one = next(play for play in VARIANT.plays(HANDED_SIX, Dice(6, 1)) if format_play(play) == "21/20")
    (_, after_keep), = engine.outcomes(HANDED_SIX, Dice(6, 1), twenty_one)
    assert after_keep.boards[BLACK][24] == 1


def test_without_the_hand_over_the_same_evaluation_gives_the_point_away() -> None:
    # Jacquet's flow (the turn ends with the play): 6/5 brings the leading man on and looks best.
    assert format_play(TablesEngine(VARIANT).best(HANDED_SIX, Dice(6, 1), find_level(1))) == "6/5"


def test_the_last_rule_averages_the_six_numbers_of_the_rethrown_die() -> None:
    # White can play neither die of 5-2; Black, handed both, cannot play them without leaving a
    # point empty: he keeps the 5, throws the other die again and plays; then White throws.
    position = parse_position("W 12 1 offx13 / B 22 20 19 15 10 5x2 4 3 offx6 / W")
    assert VARIANT.plays(position, Dice(5, 2)) == [()]
    ends = tables_engine(VARIANT).outcomes(position, Dice(5, 2), ())  # type: ignore[union-attr]
    assert len(ends) == 6 and sum(chance for chance, _ in ends) == pytest.approx(1.0)
    assert all(end.turn == WHITE for _, end in ends)


def test_rank_duty_plays_the_dice_handed_over_and_the_receiver_throws_next() -> None:
    game = VersaillesGame(VARIANT, HANDED_SIX, thrower=WHITE)
    game.throw(Dice(6, 1))
    engine = VersaillesEngine(VARIANT)
    white = engine.rank_duty(game)
    assert white[0].move in game.legal_plays() and format_play(white[0].move) != "6/5"
    six_five = next(play for play in game.legal_plays() if format_play(play) == "6/5")
    game.play(six_five)  # the 6 is handed to Black
    assert game.duty.why == PASSED and game.duty.side == BLACK
    black = engine.rank_duty(game)
    assert [candidate.move for candidate in black] == game.legal_plays()
    (_, end), = engine.outcomes(game.position, game.duty.dice, black[0].move, PASSED)
    assert end.turn == BLACK  # he played White's die: his own throw comes next


def test_selfplay_plays_versailles_with_its_own_flow_and_only_legal_plays() -> None:
    from tablier.play.selfplay import play_match

    played: list[str] = []
    original = VersaillesGame.play

    def watch(game: VersaillesGame, play: tuple) -> None:  # type: ignore[type-arg]
        played.append(game.duty.why)
        original(game, play)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(VersaillesGame, "play", watch)
        score = play_match("versailles", ("computer:1", "greedy"), games=6, seed=3)
    assert score.games == 6 and sum(score.wins) + score.draws == 6
    assert PASSED in played  # dice were handed over and played by the other side
