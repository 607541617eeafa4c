"""Differential test against pydraughts: ``english``, ``brazilian`` (for ``polish``) and ``standard``
(for ``polish10``).

Positions come from random games played by our engine and from random set-ups with kings. For each,
the positions reachable by one legal move must be the same in both engines. pydraughts' traps
(shared/notes/oracles.md): its English FENs use our numbering and colours (the internal swap does not
show through FEN); its Brazilian board is ours turned 180 degrees with the colours' names swapped
(its White, on a1, moves first like our Black) and its FENs are algebraic.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tablier.draughts import BOARD_8, Board, Polish10Board, PolishBoard
from tablier.draughts.fen import parse_fen

draughts = pytest.importorskip("draughts")

Key = tuple[int, int, int, bool]


def turned(square: int) -> str:
    """The algebraic name, on pydraughts' Brazilian board, of our 8x8 square."""
    name = BOARD_8.name_of(square)
    return "abcdefgh"[7 - "abcdefgh".index(name[0])] + str(9 - int(name[1:]))


SQUARE_OF_NAME = {turned(square): square for square in range(1, 33)}


def to_brazilian(fen: str) -> str:
    turn, black, white, kings = parse_fen(fen, BOARD_8)

    def side(squares: list[int]) -> str:
        return ",".join(("K" if square in kings else "") + turned(square) for square in squares)
    return f"{'B' if turn else 'W'}:W{side(black)}:B{side(white)}"


def from_brazilian(fen: str) -> str:
    fields = fen.split(":")
    sides = {}
    for field in fields[1:]:
        names = [name for name in field[1:].split(",") if name]
        sides["B" if field[0] == "W" else "W"] = ",".join(
            ("K" if name.startswith("K") else "") + str(SQUARE_OF_NAME[name.lstrip("K")]) for name in names)
    return f"{'B' if fields[0] == 'W' else 'W'}:W{sides['W']}:B{sides['B']}"


def same(fen: str) -> str:
    return fen


ORACLES: dict[str, tuple[type[Board], str, Callable[[str], str], Callable[[str], str]]] = {
    "english": (Board, "english", same, same),
    "polish": (PolishBoard, "brazilian", to_brazilian, from_brazilian),
    "polish10": (Polish10Board, "standard", same, same),
}


def our_successors(board: Board) -> set[Key]:
    found = set()
    for move in board.legal_moves():
        board.push(move)
        found.add(board.position_key())
        board.pop()
    return found


def their_successors(board: Board, variant: str, to_theirs: Callable[[str], str],
                     from_theirs: Callable[[str], str]) -> set[Key]:
    theirs = draughts.Board(variant=variant, fen=to_theirs(board.fen()))
    found = set()
    for move in theirs.legal_moves():
        theirs.push(move)
        found.add(type(board)(from_theirs(theirs.fen)).position_key())
        theirs.pop()
    return found


def random_setup(rng: random.Random, board_class: type[Board]) -> str:
    """A random legal-looking position: a few men and kings of each colour, either side to move."""
    g = board_class.geometry
    squares = rng.sample(range(1, g.squares + 1), rng.randint(3, 16))
    sides: dict[str, list[str]] = {"W": [], "B": []}
    for index, square in enumerate(squares):
        color = "WB"[index % 2] if index < 2 else rng.choice("WB")
        far_row = g.row_of[square] == (0 if color == "W" else g.size - 1)
        king = far_row or rng.random() < 0.35
        sides[color].append(("K" if king else "") + str(square))
    return f"{rng.choice('WB')}:W{','.join(sides['W'])}:B{','.join(sides['B'])}"


def positions(name: str, games: int, setups: int, seed: int) -> list[Board]:
    board_class = ORACLES[name][0]
    rng = random.Random(seed)
    found: list[Board] = []
    for _ in range(games):
        board = board_class()
        while board.outcome() is None and len(board.move_stack) < 160:
            found.append(board.copy(stack=False))
            board.push(rng.choice(board.legal_moves()))
    found.extend(board_class(random_setup(rng, board_class)) for _ in range(setups))
    return found


def check(name: str, games: int, setups: int, seed: int) -> int:
    _, variant, to_theirs, from_theirs = ORACLES[name]
    boards = positions(name, games, setups, seed)
    for board in boards:
        ours = our_successors(board)
        theirs = their_successors(board, variant, to_theirs, from_theirs)
        assert ours == theirs, (board.fen(), sorted(str(m) for m in board.legal_moves()))
    return len(boards)


@pytest.mark.parametrize(("name", "games", "setups"), [
    ("english", 20, 500), ("polish", 10, 400), ("polish10", 5, 250)])
def test_sample(name: str, games: int, setups: int) -> None:
    assert check(name, games, setups, seed=7) >= games * 20 + setups


@pytest.mark.full
@pytest.mark.parametrize(("name", "games", "setups"), [
    ("english", 300, 5000), ("polish", 150, 4000), ("polish10", 60, 2500)])
def test_sweep(name: str, games: int, setups: int) -> None:
    assert check(name, games, setups, seed=8) >= games * 20 + setups


def test_brazilian_mapping_of_the_start() -> None:
    assert PolishBoard(from_brazilian(draughts.Board(variant="brazilian").fen)) == PolishBoard()
