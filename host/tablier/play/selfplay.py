"""``tablier selfplay``: players played against each other through the one game loop, and the score.

Every game of both catalogues is played by :func:`~tablier.play.game_loop.play_game` over its wing's
game (:func:`tablier.play.start.wing`: a tables game through its turn, the opening throw and the
cube included where the game has them; a draughts game on its board). Seats alternate between
games: the first player named plays side 0 (Black at the tables, the side that moves first in
draughts) in the even games (0, 2, ...), side 1 in the odd ones. Every action a player chooses is
checked by the game (:class:`~tablier.play.game_loop.IllegalActionError`: it never happens).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tablier.engines.matches import MatchScore
from tablier.games import find_game

from .game_loop import MatchPlan, play_game
from .start import wing


def play_match(game: str, specs: tuple[str, str], games: int, seed: int = 0,
               options: dict[str, str] | None = None,
               progress: Callable[[int, MatchScore], None] | None = None) -> MatchScore:
    """``games`` games of ``game`` between the players ``specs`` (seats alternating), scored."""
    info = find_game(game)
    rng = random.Random(seed)
    plan: MatchPlan[Any] = wing(info.family, "players").match_plan(info.name, options, specs, rng)
    score = MatchScore()
    for number in range(games):
        swap = number % 2 == 1
        seats = (plan.seats[1], plan.seats[0]) if swap else plan.seats
        side, points = play_game(plan.new_game(), seats, rng, plan.limit)
        score.games += 1
        if side is None:
            score.draws += 1
            if plan.draw_shares:
                score.points[0] += 0.5
                score.points[1] += 0.5
        else:
            player = side ^ int(swap)
            score.wins[player] += 1
            score.points[player] += points
        if progress is not None:
            progress(number + 1, score)
    return score
