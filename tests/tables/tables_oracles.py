"""Adapters to the independent backgammon engines the tables core is checked against (test-only).

* GNU Backgammon (PyPI ``gnubg``): its C move generator ``GenerateMoves`` through ctypes, because the
  Python ``findbestmoves`` truncates plays at their first bear-off. ``GenerateMoves`` fills a static
  array of ``move`` structs whose size the library does not export: it is found once from the opening
  3-1 (16 plays).
* OpenSpiel (``pyspiel``): positions cannot be set from Python, so its positions come from random
  games played inside OpenSpiel, and each full turn is enumerated action by action (a doublet takes
  two actions; many actions reach the same board).

Both give *sets of resulting positions* as our :class:`Position` values (the mover's turn passed).
"""

from __future__ import annotations

import ctypes
import glob
import os
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from tablier.tables import BAR, MEN, OFF, Backgammon, Dice, Position

BACKGAMMON = Backgammon()


class _MoveList(ctypes.Structure):
    _fields_ = [("cMoves", ctypes.c_int), ("cMaxMoves", ctypes.c_int), ("cMaxPips", ctypes.c_int),
                ("iMoveBest", ctypes.c_int), ("rBestScore", ctypes.c_float), ("amMoves", ctypes.c_void_p)]


_TanBoard = (ctypes.c_uint * 25) * 2


class GnubgGenerator:
    """GNU Backgammon's complete legal-play listing (``GenerateMoves``) through ctypes."""

    def __init__(self) -> None:
        import gnubg

        path = glob.glob(os.path.join(os.path.dirname(gnubg.__file__), "_gnubg*.so"))[0]
        self.lib = ctypes.CDLL(path)
        self.lib.GenerateMoves.argtypes = [ctypes.POINTER(_MoveList), ctypes.POINTER(_TanBoard),
                                           ctypes.c_int, ctypes.c_int, ctypes.c_int]
        self.stride = self._find_stride()

    def _find_stride(self) -> int:
        start = BACKGAMMON.start_position()
        count, address = self._generate(start, 3, 1)
        assert count == 16
        for stride in range(40, 4000, 4):
            plays = {tuple((ctypes.c_int * 8).from_address(address + i * stride)) for i in range(count)}
            if len(plays) == count and all(play[0] in (23, 12, 7, 5) and play[4] == -1 for play in plays):
                return stride
        raise RuntimeError("cannot find the size of gnubg's move struct")

    def _generate(self, position: Position, d0: int, d1: int) -> tuple[int, int]:
        board = _TanBoard()
        for gnubg_side, ours in ((0, position.waiter), (1, position.mover)):
            for index in range(24):
                board[gnubg_side][index] = ours[index + 1]
            board[gnubg_side][24] = ours[BAR]
        moves = _MoveList()
        count = self.lib.GenerateMoves(ctypes.byref(moves), ctypes.byref(board), d0, d1, 0)
        return count, moves.amMoves

    def raw_plays(self, position: Position, dice: Dice) -> list[tuple[int, ...]]:
        """gnubg's plays: 8 ints each, 0-based ``from, to`` pairs (24 = bar, -1 = off), -1 ends."""
        count, address = self._generate(position, dice.first, dice.second)
        return [tuple((ctypes.c_int * 8).from_address(address + i * self.stride)) for i in range(count)]

    def positions(self, position: Position, dice: Dice) -> set[Position]:
        """The set of positions gnubg's legal plays reach."""
        results = set()
        for raw in self.raw_plays(position, dice):
            mine = list(position.mover)
            theirs = list(position.waiter)
            for i in range(0, 8, 2):
                if raw[i] < 0:
                    break
                src = BAR if raw[i] == 24 else raw[i] + 1
                dst = OFF if raw[i + 1] < 0 else raw[i + 1] + 1
                mine[src] -= 1
                mine[dst] += 1
                if dst != OFF and theirs[25 - dst] == 1:
                    theirs[25 - dst] = 0
                    theirs[BAR] += 1
            results.add(_position(position, mine, theirs))
        if not results:
            results.add(position.swapped())
        return results


def _position(before: Position, mine: list[int], theirs: list[int]) -> Position:
    boards = (tuple(mine), tuple(theirs)) if before.turn == 0 else (tuple(theirs), tuple(mine))
    return Position(boards, 1 - before.turn)


@cache
def gnubg_generator() -> GnubgGenerator:
    """One shared gnubg adapter."""
    return GnubgGenerator()


def our_positions(position: Position, dice: Dice, variant: Backgammon = BACKGAMMON) -> set[Position]:
    """The set of positions our legal plays reach."""
    return {variant.after(position, play) for play in variant.plays(position, dice)}


# --- random positions -------------------------------------------------------------------------------

def random_position(rng: random.Random) -> Position:
    """A random legal backgammon position of one of several kinds (race, contact, bar, bear-off)."""
    kind = rng.choice(("contact", "contact", "bar", "bearoff", "blocked", "race"))
    while True:
        boards: list[list[int]] = [[0] * 26, [0] * 26]
        for side in (0, 1):
            board = boards[side]
            if kind == "bearoff" and side == 0:
                points = list(range(1, 7))
            elif kind == "race":
                points = list(range(1, 13))
            elif kind == "blocked" and side == 1:
                points = list(range(1, 10))
            else:
                points = list(range(1, 25))
            on_board = rng.randint(1 if kind == "bearoff" else 8, MEN)
            for _ in range(on_board):
                board[rng.choice(points)] += 1
            if kind == "bar" or (kind == "contact" and rng.random() < 0.2):
                moved = min(rng.randint(1, 3), sum(board[1:25]))
                for _ in range(moved):
                    src = rng.choice([p for p in range(1, 25) if board[p]])
                    board[src] -= 1
                    board[BAR] += 1
            board[OFF] = MEN - sum(board[1:26])
        black, white = boards
        if all(not (black[p] and white[25 - p]) for p in range(1, 25)):
            position = Position((tuple(black), tuple(white)), rng.randint(0, 1))
            BACKGAMMON.validate(position)
            return position


# --- OpenSpiel --------------------------------------------------------------------------------------

def openspiel_turns(seed: int, games: int) -> Iterator[tuple[Position, Dice, set[Position]]]:
    """From random OpenSpiel games: each position before a throw, every throw, and the set of positions
    its full turns reach (converted to ours)."""
    import pyspiel

    game = pyspiel.load_game("backgammon")
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        while not state.is_terminal():
            if state.is_chance_node():
                seen: set[Dice] = set()
                for action, _ in state.chance_outcomes():
                    child = state.child(action)
                    dice = _openspiel_dice(child)
                    if dice in seen or child.is_terminal():
                        continue
                    seen.add(Dice(dice.second, dice.first))
                    seen.add(dice)
                    before = _openspiel_position(child)
                    yield before, dice, _openspiel_results(child, before)
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def _openspiel_dice(state: Any) -> Dice:
    line = next(line for line in str(state).splitlines() if line.startswith("Dice:"))
    digits = line.split(":")[1].strip()
    return Dice(int(digits[0]), int(digits[1]))


def _openspiel_position(state: Any) -> Position:
    """OpenSpiel x (player 0) moves from index 0 to 23: its point p is index 24 - p; o's is p - 1."""
    tensor = state.observation_tensor(0)
    bars = (int(tensor[192]), int(tensor[195]))
    boards = []
    for player in (0, 1):
        board = [0] * 26
        for point in range(1, 25):
            board[point] = state.board(player, 24 - point if player == 0 else point - 1)
        board[BAR] = bars[player]
        board[OFF] = MEN - sum(board[1:26])
        boards.append(tuple(board))
    return Position((boards[0], boards[1]), state.current_player())


def _openspiel_results(state: Any, before: Position) -> set[Position]:
    player = state.current_player()
    results: set[Position] = set()

    def walk(node: Any) -> None:
        if node.is_chance_node() or node.is_terminal() or node.current_player() != player:
            after = _openspiel_position_after(node, before)
            results.add(after)
            return
        for action in node.legal_actions():
            walk(node.child(action))

    walk(state)
    return results


def _openspiel_position_after(node: Any, before: Position) -> Position:
    position = _openspiel_position(node)
    return Position(position.boards, 1 - before.turn)
