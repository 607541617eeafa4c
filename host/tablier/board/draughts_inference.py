"""One draughts move read from the board's dark squares.

A king is two men stacked, so a switch cannot tell it from a man: the rules know it. Every legal
move is turned into the squares occupied after it and into the states on the way (the moving piece
lifted or resting on a landing square of a multi-capture, any of the captured men already lifted, in
any order); under the huff rule (Laws 14-15) the opponent's huff, a man lifted before moving, is part
of the reachable states too. What the switches show is matched against them, as for the tables
(:mod:`tablier.board.tables_inference`): ``FINAL`` (one legal result), ``PARTIAL`` (on the way),
``IN_HAND`` (the moving piece lifted: its destinations known), ``UNKNOWN``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from tablier.draughts.core import Board, Move

from .tables_inference import HIT, MOVE, Status


@dataclass(frozen=True)
class DraughtsCandidate:
    """A legal move (after an optional huff) and whether the board shows its end."""

    move: Move
    huffed: int | None
    final: bool


@dataclass(frozen=True)
class DraughtsReading:
    """The verdict on one observation of the squares."""

    status: Status
    candidates: tuple[DraughtsCandidate, ...] = ()
    lifted: int | None = None
    destinations: dict[int, str] = field(default_factory=dict)  # square -> MOVE or HIT (a capture)

    @property
    def finals(self) -> tuple[DraughtsCandidate, ...]:
        """The matching legal results, one per distinct end."""
        return tuple(c for c in self.candidates if c.final)


class MoveInference:
    """The states the side to move's legal moves (``moves``, default: all) can show."""

    def __init__(self, board: Board, moves: Sequence[Move] | None = None,
                 huffable: Sequence[int] = ()) -> None:
        self.board = board
        self.start = frozenset(board.pieces(False) + board.pieces(True))
        self._states: dict[frozenset[int], list[DraughtsCandidate]] = {}
        self._lifted: dict[frozenset[int], list[tuple[int, DraughtsCandidate]]] = {}
        self._add_moves(self.start, moves if moves is not None else board.legal_moves(), None)
        for square in huffable:
            after = board.copy(stack=False)
            after.remove_piece_at(square)
            self._add_moves(self.start - {square}, after.legal_moves(), square)

    def _add_moves(self, start: frozenset[int], moves: Sequence[Move], huffed: int | None) -> None:
        if huffed is not None:
            self._states.setdefault(start, [])
        for move in moves:
            origin = move.from_square
            taken = move.captures
            final = DraughtsCandidate(move, huffed, True)
            way = DraughtsCandidate(move, huffed, False)
            for size in range(len(taken) + 1):
                for subset in combinations(taken, size):
                    base = start - set(subset)
                    lifted = base - {origin}
                    self._lifted.setdefault(lifted, []).append((origin, way))
                    if size < len(taken) or size == 0:
                        self._states.setdefault(base, []).append(way)
                    for landing in move.path[1:-1]:
                        self._states.setdefault(lifted | {landing}, []).append(way)
            end = (start - set(taken) - {origin}) | {move.to_square}
            self._states.setdefault(end, []).append(final)
            self._states.setdefault(start - set(taken), []).append(way)  # all taken, piece not moved

    def read(self, occupied: frozenset[int]) -> DraughtsReading:
        """Match the occupied dark squares."""
        found = self._states.get(occupied)
        if found is not None:
            finals = {c.move: c for c in found if c.final}
            if len(finals) == 1:
                return DraughtsReading(Status.FINAL, tuple(finals.values()))
            if len(finals) > 1:
                return DraughtsReading(Status.AMBIGUOUS, tuple(finals.values()))
            return DraughtsReading(Status.PARTIAL, tuple(found))
        lifted = self._lifted.get(occupied)
        if lifted:
            origin = lifted[0][0]
            destinations: dict[int, str] = {}
            for square, candidate in lifted:
                if square == origin:
                    destinations[candidate.move.to_square] = HIT if candidate.move.captures else MOVE
            return DraughtsReading(Status.IN_HAND, tuple(c for _, c in lifted), origin, destinations)
        return DraughtsReading(Status.UNKNOWN)

    def nearest_target(self, occupied: frozenset[int]) -> frozenset[int]:
        """The reachable state nearest ``occupied`` (the start among equals): where guidance leads."""
        return min(self._states, key=lambda state: (len(state ^ occupied), state != self.start))
