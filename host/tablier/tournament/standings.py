"""The standings of an evening with their tie-breaks, and its exports (CSV).

Players are ranked by points, then by the tie-breaks of FIDE's tie-break regulations (Handbook
C.07) that Swiss and round-robin events of the table games use, in this order:

- a Swiss: **Buchholz Cut 1** (the opponents' points, the lowest left out), **Buchholz** (the
  opponents' points), **Sonneborn-Berger** (the points of the opponents beaten, and half those of the
  opponents drawn with), then the number of **wins**;
- a round robin: **Sonneborn-Berger**, then the number of **wins** (every player meets the same
  opponents, so a Buchholz would tell nobody apart).

A round without an opponent (a bye, a forfeit, a round after a withdrawal) counts in the Buchholz as
an opponent with the player's own points (the "dummy opponent" of FIDE's tie-break regulations) and
adds nothing to the Sonneborn-Berger. Players still level after every tie-break share their rank.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from .event import SWISS, Game, Tournament, TournamentError

BUCHHOLZ_CUT_1 = "Buchholz Cut 1"
BUCHHOLZ = "Buchholz"
SONNEBORN_BERGER = "Sonneborn-Berger"
WINS = "Wins"


@dataclass(frozen=True)
class Standing:
    """A line of the standings: ``rank`` (shared by players level on everything; ``shared`` says
    so), ``points``, ``tie_breaks`` in the order they rank, and the player's record."""

    rank: int
    shared: bool
    name: str
    rating: float
    points: float
    tie_breaks: tuple[float, ...]
    played: int
    won: int
    drawn: int
    lost: int

    @property
    def place(self) -> str:
        """The rank as a standings table prints it: ``3``, or ``3=`` when shared."""
        return f"{self.rank}{'=' if self.shared else ''}"


def tie_break_names(tournament: Tournament) -> tuple[str, ...]:
    """The tie-breaks of the evening's system, in the order they rank."""
    if tournament.settings.system == SWISS:
        return (BUCHHOLZ_CUT_1, BUCHHOLZ, SONNEBORN_BERGER, WINS)
    return (SONNEBORN_BERGER, WINS)


def standings(tournament: Tournament) -> list[Standing]:
    """The standings after the results in so far."""
    points = {player.name: tournament.points(player.name) for player in tournament.players}
    names = tie_break_names(tournament)
    lines = []
    for player in tournament.players:
        opponents, sonneborn, record = _games_of(tournament, player.name, points)
        values = {BUCHHOLZ: sum(opponents), BUCHHOLZ_CUT_1: sum(opponents) - min(opponents, default=0.0),
                  SONNEBORN_BERGER: sonneborn, WINS: float(record[0])}
        lines.append((points[player.name], tuple(values[name] for name in names), player, record))
    lines.sort(key=lambda line: (-line[0], tuple(-value for value in line[1]), line[2].number, line[2].name))
    result = []
    for total, breaks, player, (won, drawn, lost) in lines:
        level = [index for index, other in enumerate(lines) if other[0] == total and other[1] == breaks]
        result.append(Standing(level[0] + 1, len(level) > 1, player.name, player.rating, total, breaks,
                               won + drawn + lost, won, drawn, lost))
    return result


def _games_of(tournament: Tournament, name: str,
              points: dict[str, float]) -> tuple[list[float], float, tuple[int, int, int]]:
    """The points of each opponent (the player's own for a round without one), his Sonneborn-Berger
    and his record (won, drawn, lost) over the rounds whose result is in."""
    opponents: list[float] = []
    sonneborn = 0.0
    won = drawn = lost = 0
    for played in tournament.rounds:
        game = _game_of(played.games, name)
        if game is not None and game.result is None:
            continue  # being played
        share = game.share(name) if game is not None else None
        if game is None or share is None or game.detail == "forfeit":
            opponents.append(points[name])
            continue
        other = game.second if game.first == name else game.first
        assert other is not None
        opponents.append(points[other])
        sonneborn += share * points[other]
        if share > 0.5:
            won += 1
        elif share == 0.5:
            drawn += 1
        else:
            lost += 1
    return opponents, sonneborn, (won, drawn, lost)


def _game_of(games: list[Game], name: str) -> Game | None:
    return next((game for game in games if name in (game.first, game.second)), None)


def standings_csv(tournament: Tournament) -> str:
    """The standings as CSV: rank, name, points, each tie-break, games played, won, drawn, lost and
    the rating the player came with."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["Rank", "Name", "Points", *tie_break_names(tournament), "Played", "Won", "Drawn", "Lost",
                     "Rating"])
    for line in standings(tournament):
        writer.writerow([line.place, line.name, _number(line.points), *(_number(v) for v in line.tie_breaks),
                         line.played, line.won, line.drawn, line.lost, round(line.rating)])
    return out.getvalue()


def round_csv(tournament: Tournament, number: int) -> str:
    """Round ``number``'s results as CSV: the game's order, the club's board, the player of side 0
    and of side 1, their points and the score as played."""
    if not 1 <= number <= len(tournament.rounds):
        raise TournamentError(f"{tournament.settings.name} has no round {number} "
                              f"(rounds paired: {len(tournament.rounds)})")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["Round", "Game", "Board", "Side 0", "Side 1", "Points 0", "Points 1", "Score"])
    for game in tournament.rounds[number - 1].games:
        result = game.result or (None, None)
        writer.writerow([number, game.number, game.board, game.first, game.second or "(bye)",
                         "" if result[0] is None else _number(result[0]),
                         "" if result[1] is None else _number(result[1]), game.detail])
    return out.getvalue()


def _number(value: float) -> str:
    return f"{value:g}"
