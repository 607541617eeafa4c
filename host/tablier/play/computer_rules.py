"""The computer's decisions besides its moves: the cube, Ticktack's vies, the huff or the compel.

Kept in one place so that a better rule (a match-equity cube, say) replaces one function:

* the cube: :func:`~tablier.engines.cube.cube_decision` (GNU Backgammon's chances, its match
  equity table with the Crawford rule, Janowski's cube model; money play without a match); a game
  without GNU Backgammon's engine never doubles and always takes;
* Ticktack's vies: the computer vies before its throw when that throw wins the game at once more
  often than not, and sees a vie unless its adversary, about to throw, wins at once more often than not;
* the Checker Laws' failure to capture: it huffs (Law 14) or compels the capture (Law 15), whichever
  leaves it better by the draughts engine's own score;
* a deciding (or opening) throw it may keep or throw again: it keeps a doublet or eight pips and more
  (more than an average throw's seven);
* a draughts move: the engine's best one that does not bring about a position for the third time
  (else two engines shuffle their kings for ever: the board calls no draw by repetition).
"""

from __future__ import annotations

from collections import Counter

from tablier.draughts.core import Board, Move
from tablier.engines import draughts_engine, tables_engine
from tablier.engines.cube import CubeState, MatchStanding
from tablier.engines.levels import Level
from tablier.engines.shots import winning_throws
from tablier.tables.position import Position
from tablier.tables.rules import Rules

#: Ticktack: the chance of a win at once from which the computer vies (and yields to a vie).
VIE_CHANCE = 0.5


def cube_offer(variant: Rules, position: Position, cube: CubeState, match: MatchStanding,
               level: Level) -> bool:
    """Whether the side on roll in ``position`` (before its throw) doubles, the cube and the match
    standing as they are."""
    decision = tables_engine(variant).cube_decision(position, cube, match, level)
    return decision is not None and decision.action == "double"


def cube_answer(variant: Rules, doubler: Position, cube: CubeState, match: MatchStanding,
                level: Level) -> bool:
    """Whether the doubled side takes (True) or drops; ``doubler``: the position, the doubler on
    roll; ``cube``: the cube before the double."""
    decision = tables_engine(variant).cube_decision(doubler, cube, match, level)
    return decision is None or decision.take


def keeps_throw(dice: tuple[int, int]) -> bool:
    """Whether the computer keeps a deciding throw it may play or throw again."""
    return dice[0] == dice[1] or sum(dice) >= 8


def win_chance(variant: Rules, position: Position) -> float:
    """The chance that the side to move's next throw gives him a win (claimed at once)."""
    return winning_throws(variant, position) / 36


def wants_vie(variant: Rules, position: Position) -> bool:
    """Whether the side to move vies before his throw."""
    return win_chance(variant, position) > VIE_CHANCE


def vie_answer(variant: Rules, position: Position, answerer: int) -> bool:
    """Whether ``answerer`` sees a vie (True) or yields; ``position.turn`` is about to throw."""
    if position.turn == answerer:
        return True
    return win_chance(variant, position) <= VIE_CHANCE


def huff_or_compel(board: Board, huffable: list[int], level: Level) -> int | None:
    """The square of the man to huff, or None to compel the capture instead; ``board``: the position
    after the adversary's failure to capture, the computer to move."""
    engine = draughts_engine(type(board))
    best_square, best_value = None, float("-inf")
    for square in huffable:
        after = board.copy(stack=False)
        after.remove_piece_at(square)
        ranked = engine.rank(after, level)
        value = ranked[0].score if ranked else float("inf")
        if value > best_value:
            best_square, best_value = square, value
    undone = board.copy()
    undone.pop()
    ranked = engine.rank(undone, level)
    compelled = -ranked[0].score if ranked else float("inf")
    return None if compelled > best_value else best_square


def draughts_move(board: Board, legal: list[Move], level: Level) -> Move:
    """The computer's move in ``board`` (one of ``legal``): the engine's best that does not make a
    position stand for the third time, if one does not."""
    seen: Counter[object] = Counter()
    earlier = board.copy()
    seen[earlier.position_key()] += 1
    while earlier.move_stack:
        earlier.pop()
        seen[earlier.position_key()] += 1
    ranked = [c.move for c in draughts_engine(type(board)).rank(board, level) if c.move in legal] or legal
    for move in ranked:
        after = board.copy(stack=False)
        after.push(move)
        if seen[after.position_key()] < 2:
            return move
    return ranked[0]
