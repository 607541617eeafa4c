"""Engines played against each other: whole games of a tables game or of draughts, and their score.

A player is named ``computer`` (the default level), ``computer:LEVEL``, ``greedy`` or ``random``.
Seats alternate between games: the first player named moves first in the even games (0, 2, ...),
second in the odd ones. Every move a player makes is checked against the rules core's legal list;
an illegal one raises :class:`IllegalEngineMoveError` (it never happens: the tests play thousands).

Tables games start from the start position with the first seat to throw and end by the variant's
result (Ticktack: a side that throws a win claims it at once, and the game ends with its value).
Jacquet de Versailles is played with its own flow (:class:`~tablier.tables.versailles.VersaillesGame`:
the lead throw, the dice a thrower cannot use handed over, the last rule). The cube is not used.
Draughts games end by the rules, or are drawn by a threefold repetition or after ``DRAW_PLIES``
half-moves without a capture or a man moved (the spirit of the Laws' forty-move count).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from tablier.draughts.core import Board, Move
from tablier.tables.game import throw
from tablier.tables.moves import Dice, Play
from tablier.tables.players import PLAYERS, score
from tablier.tables.position import BLACK, Position
from tablier.tables.rules import Rules
from tablier.tables.versailles import (
    AWAIT_LEAD,
    AWAIT_PLAY,
    AWAIT_SECOND,
    AWAIT_THROW,
    Versailles,
    VersaillesGame,
    as_versailles,
)

from . import draughts_engine, find_level, tables_engine
from .draughts_players import greedy_draughts_player, random_draughts_player
from .versailles_search import VersaillesEngine

TablesPlayer = Callable[[Rules, Position, Dice, random.Random], Play]
DraughtsPlayer = Callable[[Board, random.Random], Move]
VersaillesPlayer = Callable[[VersaillesGame, random.Random], Play]

MAX_TURNS = 2000
"""A tables game still going after this many turns is scored a draw (none comes near it)."""
DRAW_PLIES = 80
MAX_PLIES = 400


class IllegalEngineMoveError(RuntimeError):
    """A player chose a move that is not in the rules core's legal list."""


@dataclass
class MatchScore:
    """The score of a series of games between two players (seat-independent: player a, player b)."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    points: list[float] = field(default_factory=lambda: [0.0, 0.0])

    def as_dict(self) -> dict[str, object]:
        """The JSON form: ``{"games", "wins", "draws", "points"}``."""
        points = [int(p) if float(p).is_integer() else p for p in self.points]
        return {"games": self.games, "wins": self.wins, "draws": self.draws, "points": points}


def check_spec(spec: str) -> str:
    """``spec`` if it names a player (``computer[:LEVEL]``, ``greedy``, ``random``), else ``ValueError``."""
    name, _, level = spec.partition(":")
    if name not in ("computer", "greedy", "random") or (level and name != "computer"):
        raise ValueError(f"unknown player {spec!r}: computer, computer:LEVEL, greedy or random")
    if name == "computer":
        find_level(level or None)
    return spec


def tables_player(spec: str, variant: Rules) -> TablesPlayer:
    """The tables player ``spec`` names, for ``variant``."""
    name, _, level_text = check_spec(spec).partition(":")
    if name != "computer":
        return PLAYERS[name]
    engine = tables_engine(variant)
    level = find_level(level_text or None)

    def computer(variant: Rules, position: Position, dice: Dice, rng: random.Random) -> Play:
        return engine.best(position, dice, level)

    return computer


def versailles_player(spec: str, variant: Versailles) -> VersaillesPlayer:
    """The Jacquet de Versailles player ``spec`` names: it plays whatever duty the game awaits."""
    name, _, level_text = check_spec(spec).partition(":")
    if name == "random":
        return lambda game, rng: rng.choice(game.legal_plays())
    if name == "greedy":
        def greedy(game: VersaillesGame, rng: random.Random) -> Play:
            plays = game.legal_plays()
            rng.shuffle(plays)
            side = game.duty.side
            return max(plays, key=lambda play: score(variant, variant.after(game.position, play), side))
        return greedy
    engine = VersaillesEngine(variant)
    level = find_level(level_text or None)
    return lambda game, rng: engine.rank_duty(game, level)[0].move


def draughts_player(spec: str, board_class: type[Board]) -> DraughtsPlayer:
    """The draughts player ``spec`` names, for the variant of ``board_class``."""
    name, _, level_text = check_spec(spec).partition(":")
    if name == "random":
        return random_draughts_player
    if name == "greedy":
        return greedy_draughts_player
    engine = draughts_engine(board_class)
    level = find_level(level_text or None)

    def computer(board: Board, rng: random.Random) -> Move:
        return engine.best(board, level)

    return computer


def play_tables_game(variant: Rules, seats: tuple[TablesPlayer, TablesPlayer],
                     rng: random.Random) -> tuple[int | None, int]:
    """One game; ``seats[0]`` throws first. Returns the winning seat (``None``: a draw) and his points."""
    position = variant.start_position(BLACK)
    for _ in range(MAX_TURNS):
        dice = throw(rng)
        wins = variant.wins(position, dice)
        if wins:  # a win claimed at once (Ticktack)
            return position.turn, wins[0].value
        plays = variant.plays(position, dice)
        play = seats[position.turn](variant, position, dice, rng)
        if play not in plays:
            raise IllegalEngineMoveError(f"{play} is not a legal play of {dice} in {position}")
        position = variant.after(position, play)
        outcome = variant.result(position)
        if outcome is not None:
            return (outcome.winner, outcome.points) if outcome.points else (None, 0)
    return None, 0


def play_versailles_game(variant: Versailles, seats: tuple[VersaillesPlayer, VersaillesPlayer],
                         rng: random.Random) -> tuple[int | None, int]:
    """One game of Jacquet de Versailles with its own flow; ``seats[0]`` plays Black. The lead
    throw decides who starts. Returns the winning seat (``None``: a draw) and his points."""
    game = VersaillesGame(variant)
    for _ in range(MAX_TURNS):
        if game.state == AWAIT_LEAD:
            game.throw_lead(rng.randint(1, 6), rng.randint(1, 6))
        elif game.state == AWAIT_THROW:
            game.throw(throw(rng))
        elif game.state == AWAIT_SECOND:
            game.rethrow_second(rng.randint(1, 6))
        elif game.state == AWAIT_PLAY:
            play = seats[game.duty.side](game, rng)
            if play not in game.legal_plays():
                raise IllegalEngineMoveError(f"{play} is not a legal play of {game.duty} in {game.position}")
            game.play(play)
        else:
            outcome = game.result()
            return (outcome.winner, outcome.points) if outcome is not None else (None, 0)
    return None, 0


def play_draughts_game(board_class: type[Board], seats: tuple[DraughtsPlayer, DraughtsPlayer],
                       rng: random.Random, options: dict[str, object] | None = None) -> int | None:
    """One game from the start; ``seats[0]`` is the side that moves first. The winning seat or ``None``."""
    board = board_class(**(options or {}))  # type: ignore[arg-type]
    first = board.turn
    seen: Counter[tuple[int, int, int, bool]] = Counter()
    quiet = 0
    for _ in range(MAX_PLIES):
        outcome = board.outcome()
        if outcome is not None:
            return None if outcome.winner is None else int(outcome.winner != first)
        seen[board.position_key()] += 1
        if seen[board.position_key()] >= 3 or quiet >= DRAW_PLIES:
            return None
        seat = int(board.turn != first)
        move = seats[seat](board, rng)
        if move not in board.legal_moves():
            raise IllegalEngineMoveError(f"{move} is not a legal move in {board.fen()}")
        men_before = board.black | board.white
        men_before &= ~board.kings
        board.push(move)
        moved_man = bool(men_before & (1 << board.geometry.bit_of[move.path[0]]))
        quiet = 0 if move.captures or moved_man else quiet + 1
    return None


def play_match(game: str, specs: tuple[str, str], games: int, seed: int = 0,
               options: dict[str, str] | None = None,
               progress: Callable[[int, MatchScore], None] | None = None) -> MatchScore:
    """``games`` games of ``game`` between the players ``specs`` (seats alternating), scored."""
    from tablier.draughts.catalog import split_options
    from tablier.draughts.variants import find_variant
    from tablier.games import find_game
    from tablier.tables.catalog import make_variant

    info = find_game(game)
    rng = random.Random(seed)
    score = MatchScore()
    hands_over = False  # the dice a thrower cannot use go to his adversary: the game's own flow
    if info.family == "tables":
        variant = make_variant(info.name, options)
        tables = (tables_player(specs[0], variant), tables_player(specs[1], variant))
        hands_over = variant.facts.hands_dice_over
        if hands_over:
            versailles = as_versailles(variant)
            flow = (versailles_player(specs[0], versailles), versailles_player(specs[1], versailles))
    else:
        board_class = find_variant(info.name)
        board_options, _ = split_options(info.name, options or {})
        pieces = (draughts_player(specs[0], board_class), draughts_player(specs[1], board_class))
    for number in range(games):
        swap = number % 2 == 1
        if hands_over:
            seat, points = play_versailles_game(versailles, (flow[1], flow[0]) if swap else flow, rng)
            value: float = points
        elif info.family == "tables":
            seats_t = (tables[1], tables[0]) if swap else tables
            seat, points = play_tables_game(variant, seats_t, rng)
            value = points
        else:
            seats_d = (pieces[1], pieces[0]) if swap else pieces
            seat = play_draughts_game(board_class, seats_d, rng, dict(board_options))
            value = 1
        score.games += 1
        if seat is None:
            score.draws += 1
            if info.family == "draughts":
                score.points[0] += 0.5
                score.points[1] += 0.5
        else:
            player = seat ^ int(swap)
            score.wins[player] += 1
            score.points[player] += value
        if progress is not None:
            progress(number + 1, score)
    return score
