"""The club's rating lists, recomputed from the archive's stored matches alone.

Tables games are rated by FIBS's formula (its ``help formula``): for an ``n``-point match between
ratings ``r1`` and ``r2``, ``D = |r1 - r2|``, the underdog's chance ``P_upset = 1 / (10^(D * sqrt(n)
/ 2000) + 1)``, ``P = 1 - P_upset`` when the underdog wins and ``P_upset`` when the favourite does;
the winner gains ``4 * K * sqrt(n) * P`` and the loser loses ``4 * K * sqrt(n) * P`` with his own
``K = max(1, 5 - experience / 100)``, experience being the sum of the lengths of the matches he has
finished. A stored record with no match length (single games, money play) counts each finished game
as a 1-point match. Draughts games are rated game by game on an Elo list (:class:`EloRule`: its
parameters stated there). Everyone starts at 1500.

There is one list per variant (``backgammon``, ``english``...) and one per game family (``tables``,
``draughts``: every variant of the family together). :func:`rate` is a pure function of the ordered
results: the archive's records in the order they were stored give the same lists on any machine, on
SQLite or PostgreSQL alike (:func:`archive_ratings`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tablier.record.archive import Archive, StoredResult
from tablier.record.game_record import DRAUGHTS, TABLES

START = 1500.0
FIBS = "fibs"
ELO = "elo"


@dataclass(frozen=True)
class RatedResult:
    """One result a list rates: ``players`` (names), ``score`` the first player's (1 a win, 0 a loss,
    0.5 a draw), ``length`` the match's points (1 for a single game and for a draughts game)."""

    record_id: int
    game: str
    family: str
    players: tuple[str, str]
    score: float
    length: int = 1


@dataclass(frozen=True)
class FibsRule:
    """FIBS's formula (``help formula``); its numbers as FIBS has them."""

    start: float = START
    k_floor: float = 1.0
    k_start: float = 5.0
    experience_per_k: float = 100.0

    def k(self, experience: float) -> float:
        """``K = max(1, 5 - experience / 100)``: 5 for a newcomer, 1 from 400 points of experience."""
        return max(self.k_floor, self.k_start - experience / self.experience_per_k)

    def upset(self, difference: float, length: int) -> float:
        """The chance that the lower-rated player wins an ``length``-point match."""
        return 1.0 / (10 ** (abs(difference) * math.sqrt(length) / 2000.0) + 1.0)

    def changes(self, winner: float, loser: float, length: int, winner_experience: float,
                loser_experience: float) -> tuple[float, float]:
        """The winner's gain and the loser's loss (both 0 or more)."""
        upset = self.upset(winner - loser, length)
        p = 1.0 - upset if winner < loser else upset
        stake = 4.0 * math.sqrt(length) * p
        return stake * self.k(winner_experience), stake * self.k(loser_experience)


@dataclass(frozen=True)
class EloRule:
    """The draughts list: Elo's expected score ``1 / (1 + 10^((Rb - Ra) / 400))`` with a rating
    difference counted at most 400, and a development factor ``K`` of 40 until a player has 30 rated
    games, 20 below 2400 and 10 from 2400 (the development factors FIDE publishes, which FMJD's rating
    regulations, Annex 9, follow in their Elo form). Each game is rated when it is stored."""

    start: float = START
    scale: float = 400.0
    cap: float = 400.0
    k_new: float = 40.0
    new_games: int = 30
    k: float = 20.0
    k_top: float = 10.0
    top: float = 2400.0

    def expected(self, rating: float, opponent: float) -> float:
        difference = max(-self.cap, min(self.cap, opponent - rating))
        return 1.0 / (1.0 + 10 ** (difference / self.scale))

    def factor(self, rating: float, games: int) -> float:
        if games < self.new_games:
            return self.k_new
        return self.k_top if rating >= self.top else self.k


@dataclass
class Rating:
    """A player's line on a list: his rating, experience (FIBS: match points finished; Elo: games),
    and his record."""

    name: str
    rating: float = START
    experience: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0

    @property
    def played(self) -> int:
        return self.won + self.lost + self.drawn


@dataclass
class RatingList:
    """One list: a variant's (``scope`` ``variant``) or a family's (``scope`` ``family``), rated by
    ``system`` (:data:`FIBS` or :data:`ELO`)."""

    name: str
    scope: str
    system: str
    players: dict[str, Rating] = field(default_factory=dict)

    def of(self, name: str, start: float) -> Rating:
        if name not in self.players:
            self.players[name] = Rating(name, start)
        return self.players[name]

    def table(self) -> list[Rating]:
        """The list best first (ties by name)."""
        return sorted(self.players.values(), key=lambda line: (-line.rating, line.name))


def rate(results: Iterable[RatedResult], fibs: FibsRule = FibsRule(),
         elo: EloRule = EloRule()) -> dict[str, RatingList]:
    """Every list the results make, by name (a variant's name, or ``tables``/``draughts``), each
    result applied in order."""
    lists: dict[str, RatingList] = {}
    for result in results:
        if result.players[0] == result.players[1] or not all(result.players):
            continue
        system = ELO if result.family == DRAUGHTS else FIBS
        for name, scope in ((result.game, "variant"), (result.family, "family")):
            board = lists.setdefault(name, RatingList(name, scope, system))
            if system == FIBS:
                _fibs(board, result, fibs)
            else:
                _elo(board, result, elo)
    return lists


def _fibs(board: RatingList, result: RatedResult, rule: FibsRule) -> None:
    if result.score == 0.5:
        return  # FIBS's formula knows no draw
    first, second = (board.of(name, rule.start) for name in result.players)
    winner, loser = (first, second) if result.score == 1 else (second, first)
    gain, loss = rule.changes(winner.rating, loser.rating, result.length, winner.experience, loser.experience)
    winner.rating += gain
    loser.rating -= loss
    winner.won += 1
    loser.lost += 1
    winner.experience += result.length
    loser.experience += result.length


def _elo(board: RatingList, result: RatedResult, rule: EloRule) -> None:
    first, second = (board.of(name, rule.start) for name in result.players)
    expected = rule.expected(first.rating, second.rating)
    k_first = rule.factor(first.rating, first.experience)
    k_second = rule.factor(second.rating, second.experience)
    first.rating, second.rating = (first.rating + k_first * (result.score - expected),
                                   second.rating + k_second * ((1 - result.score) - (1 - expected)))
    for line, score in ((first, result.score), (second, 1 - result.score)):
        line.experience += 1
        if score == 1:
            line.won += 1
        elif score == 0:
            line.lost += 1
        else:
            line.drawn += 1


def rated_results(stored: Sequence[StoredResult]) -> list[RatedResult]:
    """What the lists rate among the archive's stored games (in their order): each finished tables
    match (each finished game when it has no match length), each finished draughts game. An
    unfinished match, a game without a result and a draw in a tables game are not rated."""
    results: list[RatedResult] = []
    start = 0
    while start < len(stored):
        end = start
        while end < len(stored) and stored[end].record_id == stored[start].record_id:
            end += 1
        results += _record_results(stored[start:end])
        start = end
    return results


def _record_results(games: Sequence[StoredResult]) -> list[RatedResult]:
    first = games[0]
    if first.family == TABLES and first.match_length > 0:
        match = _match_result(games)
        return [match] if match is not None else []
    results = []
    for game in games:
        if game.how is None or (game.winner is None and first.family == TABLES):
            continue
        score = 0.5 if game.winner is None else float(game.winner == 0)
        results.append(RatedResult(game.record_id, game.game, game.family, game.players, score))
    return results


def _match_result(games: Sequence[StoredResult]) -> RatedResult | None:
    """A finished match's result between its two players (by name: sides may change hands)."""
    last = games[-1]
    if last.how is None or last.winner is None:
        return None
    totals = {last.players[0]: last.score[0], last.players[1]: last.score[1]}
    totals[last.players[last.winner]] += last.points or 0
    if max(totals.values()) < last.match_length or len(totals) != 2:
        return None
    names = games[0].players
    if set(names) != set(totals):
        return None
    score = 1.0 if totals[names[0]] >= last.match_length else 0.0
    return RatedResult(last.record_id, last.game, last.family, names, score, last.match_length)


def archive_ratings(archive: Archive, fibs: FibsRule = FibsRule(),
                    elo: EloRule = EloRule()) -> dict[str, RatingList]:
    """The rating lists of everything stored in ``archive`` (recompute them after each match stored)."""
    return rate(rated_results(archive.results()), fibs, elo)


FAMILIES = (TABLES, DRAUGHTS)


def in_order(lists: dict[str, RatingList]) -> list[RatingList]:
    """The lists as they are shown: the families' first, then the games', each group by name."""
    return sorted(lists.values(), key=lambda board: (board.name not in FAMILIES, board.name))


def leaders(lists: dict[str, RatingList], top: int = 10) -> list[dict[str, object]]:
    """The lists as a page shows them (plain data, :func:`in_order`), each with its ``top`` best
    players (name, rating to a tenth, won, lost, drawn) and its count."""
    shown = in_order(lists)
    return [{"list": board.name, "scope": board.scope, "system": board.system, "players": len(board.players),
             "top": [{"player": line.name, "rating": round(line.rating, 1), "won": line.won,
                      "lost": line.lost, "drawn": line.drawn} for line in board.table()[:top]]}
            for board in shown]
