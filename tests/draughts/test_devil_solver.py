"""Devil among the Tailors, solved: the seed's claims checked by exact search.

The solver's rules are checked against ``DevilBoard`` (the ``devil`` variant) position by position;
then the seed's sentences become assertions:

- "The game is a certainty for the white men if properly played": White wins the start with best
  play, whoever moves first (Black first by Law 7: in 44 plies; White first: in 43).
- "At the end of four moves they should be lined up on squares 25, 26, 27, 28": that line wins
  wherever the devil can be after his first moves.
- Diagram 13 (reconstructed: tailors 22, 23, 24, 26; devil on 7, 8 or 15, the only placements that
  fit the text; White to move): 24-19
  loses, because 11 is then the devil's one winning answer (and from 15 his line runs 11, 15, 18,
  14: "he goes back to 15 and 18, and then gets round by going to 14"); 22-18 wins, and after any
  answer 26-22 keeps the win ("will reform his line").
- Diagram 14 (reconstructed: tailors 18, 19, 25, 26; devil on 10; White to move): 26-22 and 19-15
  lose; the winning moves come in from the other end (25-21, 25-22); after 26-22 the devil's run to
  15 wins.
- Both diagrams can only arise when the tailors move first (a parity argument, ``first_mover``).
"""

from __future__ import annotations

import itertools
import random

import pytest

from tablier.draughts import BLACK, WHITE
from tablier.draughts.devil_solver import START, DevilPosition, DevilSolver, first_mover
from tablier.draughts.variants import DevilBoard

DIAGRAM_13 = frozenset({22, 23, 24, 26})
DIAGRAM_14 = frozenset({18, 19, 25, 26})


@pytest.fixture(scope="module")
def solver() -> DevilSolver:
    solver = DevilSolver()
    solver.solve(START)
    return solver


def _random_positions(count: int, seed: int) -> list[tuple[DevilPosition, int]]:
    """Positions from random games from the start, with who moved first."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        first = rng.choice((BLACK, WHITE))
        position = DevilPosition(START.tailors, 1, first)
        while True:
            found.append((position, first))
            if position.winner() is not None:
                break
            position = position.play(rng.choice(position.moves()))
    return found[:count]


def test_moves_and_ends_agree_with_the_devil_variant() -> None:
    for position, _ in _random_positions(1500, seed=1):
        board = DevilBoard(position.fen())
        theirs = sorted((move.from_square, move.to_square) for move in board.legal_moves())
        assert sorted(position.moves()) == theirs
        outcome = board.outcome()
        assert position.winner() == (outcome.winner if outcome else None)
        assert position.in_free_country() == board.in_free_country()


def test_first_mover_follows_from_parity() -> None:
    for position, first in _random_positions(1500, seed=2):
        assert first_mover(position) == first


def test_white_wins_the_game_whoever_starts(solver: DevilSolver) -> None:
    assert solver.solve(START).winner == WHITE
    assert solver.solve(START).plies == 44
    white_first = DevilPosition(START.tailors, 1, WHITE)
    assert solver.solve(white_first).winner == WHITE
    assert solver.solve(white_first).plies == 43


def test_the_principal_line_ends_with_the_devil_pinned(solver: DevilSolver) -> None:
    position = START
    line = solver.principal_line(position)
    assert len(line) == 44
    for move in line:
        assert move in position.moves()
        position = position.play(move)
    assert position.turn == BLACK and not position.moves()


def _devil_squares_after(steps: int) -> set[int]:
    squares = {1}
    for _ in range(steps):
        position_squares = set()
        for square in squares:
            position = DevilPosition(frozenset({29, 30, 31, 32}), square, BLACK)
            position_squares |= {to for _, to in position.moves()}
        squares = position_squares
    return squares


@pytest.mark.parametrize(("first", "devil_moves"), [(BLACK, 4), (WHITE, 3)])
def test_the_line_25_to_28_after_four_moves_wins(solver: DevilSolver, first: bool, devil_moves: int) -> None:
    for devil in _devil_squares_after(devil_moves):
        position = DevilPosition(frozenset({25, 26, 27, 28}), devil, BLACK)
        assert first_mover(position) == first
        assert solver.solve(position).winner == WHITE, devil


@pytest.mark.parametrize("devil", [7, 8, 15])
def test_diagram_13(solver: DevilSolver, devil: int) -> None:
    position = DevilPosition(DIAGRAM_13, devil, WHITE)
    assert first_mover(position) == WHITE
    after_24_19 = position.play((24, 19))
    assert solver.solve(after_24_19).winner == BLACK
    winning = [move for move in after_24_19.moves() if solver.solve(after_24_19.play(move)).winner == BLACK]
    assert winning == [(devil, 11)]
    after_22_18 = position.play((22, 18))
    assert solver.solve(after_22_18).winner == WHITE
    for answer in after_22_18.moves():
        assert solver.solve(after_22_18.play(answer).play((26, 22))).winner == WHITE


@pytest.mark.parametrize("devil", [7, 8, 15])
def test_diagram_13_the_devils_way_round(solver: DevilSolver, devil: int) -> None:
    position = DevilPosition(DIAGRAM_13, devil, WHITE).play((24, 19))
    line = [(24, 19), *solver.principal_line(position)]
    devil_path = [to for index, (_, to) in enumerate(line) if index % 2 == 1]
    assert devil_path[:4] == [11, 15, 18, 14]


def test_diagram_14(solver: DevilSolver) -> None:
    position = DevilPosition(DIAGRAM_14, 10, WHITE)
    assert first_mover(position) == WHITE
    values = {move: solver.solve(position.play(move)).winner for move in position.moves()}
    assert values[(26, 22)] == BLACK
    assert values[(19, 15)] == BLACK
    assert sorted(move for move, winner in values.items() if winner == WHITE) == [(25, 21), (25, 22)]
    assert solver.solve(position.play((26, 22)).play((10, 15))).winner == BLACK


def test_diagram_13_fits_only_three_placements(solver: DevilSolver) -> None:
    fits = []
    for fourth, devil in itertools.permutations(range(1, 33), 2):
        if {fourth, devil} & {22, 24, 26}:
            continue
        position = DevilPosition(frozenset({22, 24, 26, fourth}), devil, WHITE)
        if position.winner() is not None or not {(24, 19), (22, 18)} <= set(position.moves()):
            continue
        after_24_19, after_22_18 = position.play((24, 19)), position.play((22, 18))
        if solver.solve(after_24_19).winner != BLACK or solver.solve(after_22_18).winner != WHITE:
            continue
        answers = [move for move in after_24_19.moves()
                   if solver.solve(after_24_19.play(move)).winner == BLACK]
        if answers != [(devil, 11)]:
            continue
        if all((26, 22) in after_22_18.play(answer).moves()
               and solver.solve(after_22_18.play(answer).play((26, 22))).winner == WHITE
               for answer in after_22_18.moves()):
            fits.append((fourth, devil))
    assert sorted(fits) == [(23, 7), (23, 8), (23, 15)]


def _devil_wins_through(solver: DevilSolver, position: DevilPosition, square: int, moves: int) -> bool:
    """Whether the devil (to move) can force a win whose way passes ``square`` within ``moves``."""
    if moves == 0:
        return False
    for move in position.moves():
        after = position.play(move)
        if solver.solve(after).winner != BLACK:
            continue
        if move[1] == square:
            return True
        if after.winner() is None and all(_devil_wins_through(solver, after.play(reply), square, moves - 1)
                                          for reply in after.moves()):
            return True
    return False


def test_diagram_14_the_devils_ways(solver: DevilSolver) -> None:
    position = DevilPosition(DIAGRAM_14, 10, WHITE)
    assert _devil_wins_through(solver, position.play((19, 15)), 7, 3)  # "round by way of 7"
    assert _devil_wins_through(solver, position.play((26, 22)), 15, 1)  # "run to 15"
