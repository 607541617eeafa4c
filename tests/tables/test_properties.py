"""Properties of the generator and of whole games, over positions and throws hypothesis chooses."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tables_oracles import BACKGAMMON, random_position

from tablier.tables import BAR, MEN, OFF, Backgammon, Board, Dice, Move, Position
from tablier.tables.game import Game, Phase, throw
from tablier.tables.players import greedy_player, random_player

dice_strategy = st.builds(Dice, st.integers(1, 6), st.integers(1, 6))
position_strategy = st.integers(0, 2**32).map(lambda seed: random_position(random.Random(seed)))


@settings(deadline=None, max_examples=400)
@given(position_strategy, dice_strategy)
def test_every_play_keeps_fifteen_men_a_side(position: Position, dice: Dice) -> None:
    for play in BACKGAMMON.plays(position, dice):
        after = BACKGAMMON.after(position, play)
        assert all(sum(board) == MEN and min(board) >= 0 for board in after.boards)
        BACKGAMMON.validate(after)


@settings(deadline=None, max_examples=400)
@given(position_strategy, dice_strategy)
def test_every_play_uses_as_much_of_the_throw_as_any_sequence_can(position: Position, dice: Dice) -> None:
    plays = BACKGAMMON.plays(position, dice)
    longest = _longest_sequence(position, BACKGAMMON.dice_steps(dice))
    assert all(len(play) == longest for play in plays)
    if longest == 1 and not dice.is_doublet:  # the higher die if it alone can be played
        high_alone = _longest_sequence(position, (dice.high,))
        if high_alone:
            assert all(play[0].src - max(play[0].dst, 0) == dice.high or play[0].dst == OFF
                       for play in plays)


def _longest_sequence(position: Position, steps: tuple[int, ...]) -> int:
    """The most dice any order of single legal steps uses: a plain search, one die at a time."""
    best = 0
    for index, die in enumerate(steps):
        rest = steps[:index] + steps[index + 1:]
        for move in _single_steps(position, die):
            after = BACKGAMMON.after(position, (move,)).swapped()
            best = max(best, 1 + _longest_sequence(after, rest))
            if best == len(steps):
                return best
    return best


def _single_steps(position: Position, die: int) -> list[Move]:
    """Every single move of one die, written out from the rules (bar first, open points, bearing off)."""
    mine, theirs = position.mover, position.waiter
    sources = [BAR] if mine[BAR] else [point for point in range(24, 0, -1) if mine[point]]
    all_home = not any(mine[7:26])
    moves = []
    for src in sources:
        dst = src - die
        if dst >= 1:
            his = theirs[25 - dst]
            if his < 2:
                moves.append(Move(src, dst, his == 1))
        elif all_home and (dst == 0 or not any(mine[src + 1:7])):
            moves.append(Move(src, OFF))
    return moves


@settings(deadline=None, max_examples=60)
@given(st.integers(0, 10_000), st.booleans(), st.sampled_from(["far-side", "home-board"]))
def test_random_games_end_with_a_correct_result(seed: int, american: bool, zone: str) -> None:
    variant = Backgammon(american=american, backgammon_zone=zone)
    rng = random.Random(seed)
    game = Game(variant)
    while game.opening((rng.randint(1, 6),), (rng.randint(1, 6),)) is None:
        pass
    players = (greedy_player, random_player)
    turns = 0
    while game.phase is not Phase.OVER:
        game.roll(throw(rng))
        game.play(players[game.turn](variant, game.board.position, game.dice, rng))  # type: ignore[arg-type]
        turns += 1
        assert turns < 2000
    result = game.outcome
    assert result is not None
    final = game.board.position
    winner, loser = final.boards[result.winner], final.boards[1 - result.winner]
    assert winner[OFF] == MEN and loser[OFF] < MEN
    if american or loser[OFF]:
        assert (result.how, result.points) == ("hit", 1)
    else:
        zone_start = 13 if zone == "far-side" else 19
        backgammoned = any(loser[point] for point in range(zone_start, 26))
        assert (result.how, result.points) == (("backgammon", 3) if backgammoned else ("gammon", 2))


@settings(deadline=None, max_examples=80)
@given(position_strategy, dice_strategy)
def test_push_then_pop_restores_the_position(position: Position, dice: Dice) -> None:
    board = Board(BACKGAMMON, position)
    for play in board.legal_plays(dice)[:5]:
        board.push(dice, play)
        board.pop()
        assert board.position == position
