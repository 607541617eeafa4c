"""'The move' by the seed's counting rule, compared with exact values of small endings.

Exact values: kings-only English endings of one and two kings a side (and the 2 v 1 endings they
capture into) solved by retrograde analysis over every position, with the core's move generation;
the retrograde solver is itself checked against plain value iteration on the endings up to 2 v 1.

What is compared, for every placement of the kings (each side to play in turn):

- *whoever plays wins* (the side to play wins, whichever side it is): the rule should say that the
  side to play has the move;
- *mutual zugzwang* (whoever plays loses): the rule should say the side to play has not the move.

Asserted: 1 v 1, all 104 "whoever plays wins" positions agree (there is no mutual zugzwang with one
king a side); 2 v 2, all 42 mutual zugzwangs agree, and of the "whoever plays wins" positions where
neither side has a capture on the board the rule is right in 184 of 208 (those where captures are
pending are tactics, not opposition: there it is right in only about half). The exchange rule is
checked against recounting along random games, and the seed's "every single exchange of man for man
changes the move" on the man-for-man exchanges of random games.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter, deque

import pytest

from tablier.draughts import BLACK, BOARD_8, WHITE, Board, Move
from tablier.draughts.geometry import DIRECTIONS
from tablier.draughts.opposition import (
    count_in_system,
    exchange_changes_move,
    has_the_move,
    system_of,
)

WIN, LOSS, DRAW = 1, -1, 0
G = BOARD_8
BITS = [G.bit_of[square] for square in range(1, 33)]
NEIGHBOURS = {bit: [G.neighbour[d][bit] for d in DIRECTIONS if G.neighbour[d][bit] >= 0] for bit in BITS}
Key = tuple[int, int, bool]


def _board(black: int, white: int, turn: bool) -> Board:
    board = Board()
    board.black, board.white, board.kings, board.turn = black, white, black | white, turn
    return board


def _placements(blacks: int, whites: int) -> list[tuple[int, int]]:
    found = []
    for black_bits in itertools.combinations(BITS, blacks):
        rest = [bit for bit in BITS if bit not in black_bits]
        for white_bits in itertools.combinations(rest, whites):
            found.append((sum(1 << b for b in black_bits), sum(1 << w for w in white_bits)))
    return found


def _squares_of(mask: int) -> list[int]:
    """The bits set in ``mask``."""
    return [bit for bit in BITS if mask >> bit & 1]


def _after(key: Key, move: Move) -> Key | None:
    """The position after a move (``None`` if it took the last piece: the side to move has lost)."""
    black, white, turn = key
    path, captures = move.path, move.captures
    start, end = 1 << G.bit_of[path[0]], 1 << G.bit_of[path[-1]]
    taken = sum(1 << G.bit_of[square] for square in captures)
    if turn:
        white, black = white & ~start | end, black & ~taken
    else:
        black, white = black & ~start | end, white & ~taken
    return (black, white, not turn) if black and white else None


def retrograde(most: int) -> dict[Key, int]:
    """Values (for the side to move) of every kings-only ending with 1..``most`` kings a side."""
    values: dict[Key, int] = {}
    classes = sorted(itertools.product(range(1, most + 1), repeat=2), key=sum)
    for blacks, whites in classes:
        counters: dict[Key, int] = {}
        queue: deque[Key] = deque()
        for black, white in _placements(blacks, whites):
            for turn in (BLACK, WHITE):
                key = (black, white, turn)
                moves = _board(black, white, turn).legal_moves()
                if moves and moves[0].is_capture:  # children have fewer pieces: already solved
                    children = [_after(key, move) for move in moves]
                    values[key] = max(WIN if child is None else -values[child] for child in children)
                elif moves:
                    counters[key] = len(moves)
                    continue
                else:
                    values[key] = LOSS
                if values[key] != DRAW:
                    queue.append(key)
        while queue:
            key = queue.popleft()
            black, white, turn = key
            mover = black if turn else white  # the side that has just moved
            for bit in _squares_of(mover):
                for origin in NEIGHBOURS[bit]:
                    if (black | white) >> origin & 1:
                        continue
                    moved = mover & ~(1 << bit) | 1 << origin
                    parent = (moved, white, not turn) if turn else (black, moved, not turn)
                    if parent not in counters or parent in values:
                        continue
                    if values[key] == LOSS:
                        values[parent] = WIN
                        queue.append(parent)
                    else:
                        counters[parent] -= 1
                        if counters[parent] == 0:
                            values[parent] = LOSS
                            queue.append(parent)
        for key in counters:
            values.setdefault(key, DRAW)
    return values


def value_iteration(most_black: int, most_white: int) -> dict[Key, int]:
    """The same values by plain iteration to a fixed point (slow; for checking the solver)."""
    children: dict[Key, list[Key | None]] = {}
    for blacks in range(1, most_black + 1):
        for whites in range(1, most_white + 1):
            for black, white in _placements(blacks, whites):
                for turn in (BLACK, WHITE):
                    key = (black, white, turn)
                    children[key] = [_after(key, move) for move in _board(*key).legal_moves()]
    values: dict[Key, int] = {}
    changed = True
    while changed:
        changed = False
        for key, after in children.items():
            if key in values:
                continue
            seen = [LOSS if child is None else values.get(child) for child in after]
            if LOSS in seen or not after:
                values[key] = WIN if after else LOSS
            elif all(value == WIN for value in seen):
                values[key] = LOSS
            else:
                continue
            changed = True
    return {key: values.get(key, DRAW) for key in children}


@pytest.fixture(scope="module")
def values() -> dict[Key, int]:
    return retrograde(2)


def test_the_retrograde_solver_agrees_with_value_iteration(values: dict[Key, int]) -> None:
    plain = value_iteration(2, 1)
    assert len(plain) == 31744
    assert all(values[key] == value for key, value in plain.items())


def _compare(values: dict[Key, int], kings: int) -> Counter[tuple[str, bool, bool]]:
    """(kind, quiet, the rule agrees) for each placement where who plays decides."""
    tally: Counter[tuple[str, bool, bool]] = Counter()
    for black, white in _placements(kings, kings):
        black_plays, white_plays = values[(black, white, BLACK)], values[(black, white, WHITE)]
        if black_plays == white_plays == WIN:
            kind, mover_should_have_it = "whoever plays wins", True
        elif black_plays == white_plays == LOSS:
            kind, mover_should_have_it = "mutual zugzwang", False
        else:
            continue
        board = _board(black, white, BLACK)
        quiet = not any(_board(black, white, side).legal_moves()[0].is_capture for side in (BLACK, WHITE))
        agrees = (has_the_move(board) == BLACK) == mover_should_have_it
        tally[(kind, quiet, agrees)] += 1
    return tally


def test_one_king_each(values: dict[Key, int]) -> None:
    tally = _compare(values, 1)
    assert tally == Counter({("whoever plays wins", True, True): 18, ("whoever plays wins", False, True): 86})


def test_two_kings_each(values: dict[Key, int]) -> None:
    tally = _compare(values, 2)
    assert tally[("mutual zugzwang", True, True)] + tally[("mutual zugzwang", False, True)] == 42
    assert tally[("mutual zugzwang", True, False)] + tally[("mutual zugzwang", False, False)] == 0
    assert tally[("whoever plays wins", True, True)] == 184
    assert tally[("whoever plays wins", True, False)] == 24


def test_systems_and_counts() -> None:
    assert [system_of(square) for square in (1, 4, 5, 8, 9, 29, 32)] == [
        BLACK, BLACK, WHITE, WHITE, BLACK, WHITE, WHITE]
    board = Board("B:W21,30:B1,9")
    assert count_in_system(board, BLACK) == 2 and count_in_system(board, WHITE) == 2
    assert has_the_move(board) == WHITE  # even in Black's system and Black to play
    assert has_the_move(Board("B:W21,30:B1")) is None  # unequal numbers: the rule says nothing


def test_plain_moves_never_change_the_move() -> None:
    rng = random.Random(3)
    board = Board("B:WK18,K27:BK3,K12")
    before = has_the_move(board)
    for _ in range(200):
        moves = [move for move in board.legal_moves() if not move.is_capture]
        if not moves or board.legal_moves()[0].is_capture:
            break
        board.push(rng.choice(moves))
        assert has_the_move(board) == before


def test_the_exchange_rule_agrees_with_recounting() -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        board = Board()
        marks = [(has_the_move(board), 0, 0)]  # (the move, capturing moves, captured in Black's system)
        capturing = captured = 0
        while board.legal_moves() and len(board.move_stack) < 150:
            move = rng.choice(board.legal_moves())
            if move.is_capture:
                capturing += 1
                captured += sum(1 for square in move.captures if system_of(square) == BLACK)
            board.push(move)
            if has_the_move(board) is not None:
                marks.append((has_the_move(board), capturing, captured))
        for (before, cap0, black0), (after, cap1, black1) in itertools.combinations(marks, 2):
            assert (before != after) == exchange_changes_move(cap1 - cap0, black1 - black0)
            checked += 1
    assert checked > 1000


def test_a_single_exchange_of_man_for_man_changes_the_move() -> None:
    """The seed: "Every single exchange of man for man changes the move when only one of the
    capturing pieces remains on the board": a capture answered by the capture of the capturer."""
    rng = random.Random(11)
    seen = 0
    for _ in range(200):
        board = Board()
        while board.legal_moves() and len(board.move_stack) < 120:
            before = has_the_move(board)
            first = rng.choice(board.legal_moves())
            board.push(first)
            answers = [move for move in board.legal_moves() if move.captures == (first.to_square,)]
            if before is not None and len(first.captures) == 1 and answers:
                board.push(rng.choice(answers))
                after = has_the_move(board)
                assert after is not None and after != before
                seen += 1
    assert seen > 100
