"""A draughts game for the one game loop (:mod:`tablier.play.game_loop`), and its players' seats.

Draughts has no dice: chance never acts, and the side to move moves. The game ends by the rules, or
is drawn by a threefold repetition or after :data:`DRAW_PLIES` half-moves without a capture or a
man moved (the spirit of the Laws' forty-move count).
"""

from __future__ import annotations

import random
from collections import Counter

from tablier.draughts.catalog import split_options
from tablier.draughts.core import Board, Move
from tablier.draughts.variants import find_variant
from tablier.engines.matches import DraughtsPlayer, draughts_player

from ..game_loop import MOVE, Action, IllegalActionError, MatchPlan

DRAW_PLIES = 80
MAX_ACTIONS = 400
"""A draughts game still going after this many half-moves is scored a draw."""


class BoardGame:
    """A draughts game as the loop plays it: a :class:`~tablier.play.game_loop.Game` over a board,
    side 0 the colour that moves first."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.first = board.turn
        self.seen: Counter[object] = Counter([board.position_key()])
        self.quiet = 0

    def side_to_move(self) -> int:
        """The side (0: the colour that moved first) to move."""
        return int(self.board.turn != self.first)

    def to_act(self) -> int | None:
        """The side to move; None once the game is over or drawn."""
        if self.board.outcome() is not None or self._drawn():
            return None
        return self.side_to_move()

    def speakers(self) -> tuple[int, ...]:
        """Nobody: the board's own words (a huff) are the Laws' at the board, not the loop's."""
        return ()

    def chance(self, rng: random.Random) -> Action[Move]:
        """Never asked: chance never acts in draughts."""
        raise IllegalActionError("draughts has no dice")

    def apply(self, action: Action[Move]) -> None:
        """A move of the side to move."""
        move = action.move
        board = self.board
        if action.kind != MOVE or move is None or action.actor != self.side_to_move() \
                or move not in board.legal_moves():
            raise IllegalActionError(f"{move} is not a legal move in {board.fen()}")
        men = (board.black | board.white) & ~board.kings
        board.push(move)
        moved_man = bool(men & (1 << board.geometry.bit_of[move.path[0]]))
        self.quiet = 0 if move.captures or moved_man else self.quiet + 1
        self.seen[board.position_key()] += 1

    def result(self) -> tuple[int | None, float]:
        """The winning side and one point, or a draw."""
        outcome = self.board.outcome()
        if outcome is None or outcome.winner is None:
            return None, 0
        return int(outcome.winner != self.first), 1

    def _drawn(self) -> bool:
        return self.seen[self.board.position_key()] >= 3 or self.quiet >= DRAW_PLIES


class DraughtsSeat:
    """A player at a draughts game: his move by ``player`` (the engine, or a built-in player)."""

    def __init__(self, player: DraughtsPlayer, rng: random.Random) -> None:
        self.player = player
        self.rng = rng

    def speak(self, game: BoardGame, side: int) -> Action[Move] | None:
        """Nothing to say."""
        return None

    def act(self, game: BoardGame, side: int) -> Action[Move]:
        """His move."""
        return Action(side, MOVE, move=self.player(game.board, self.rng))


def seat_for(spec: str, board_class: type[Board], rng: random.Random) -> DraughtsSeat:
    """The seat of the player ``spec`` (``computer[:LEVEL]``, ``greedy``, ``random``)."""
    return DraughtsSeat(draughts_player(spec, board_class), rng)


def match_plan(name: str, options: dict[str, str] | None, specs: tuple[str, str],
               rng: random.Random) -> MatchPlan[BoardGame]:
    """The games of ``tablier selfplay`` at the draughts game ``name``, from the start."""
    board_class = find_variant(name)
    board_options, _ = split_options(name, options or {})
    seats = (seat_for(specs[0], board_class, rng), seat_for(specs[1], board_class, rng))
    return MatchPlan(lambda: BoardGame(board_class(**board_options)),  # type: ignore[arg-type]
                     seats, MAX_ACTIONS, draw_shares=True)
