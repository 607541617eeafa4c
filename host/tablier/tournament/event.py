"""A club evening's tournament: its players, rounds, boards and results, as plain data.

An organiser sets the evening (:class:`Settings`: the game and its options, the match length, the
clock, Swiss or round robin, how many rounds), registers the players, then for each round pairs it
(:meth:`Tournament.pair_next`), puts its games on the club's boards (:meth:`Tournament.assign`),
takes each result as its board reports it (:meth:`Tournament.record`, with :func:`share_of` reading
a stored match) and reads the standings (:mod:`.standings`). Nothing here waits, plays or talks to a
board: ``tablier club`` does, and keeps the tournament's :meth:`Tournament.to_json` beside its
archive so that an evening resumes after a crash exactly where it was.

Pairing numbers are given when the first round is paired: by rating (the club's list), then by the
order of registration. Side 0 of a game (Black in draughts, who moves first) is the pairing's first
seat (``docs/club-evening.md``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from tablier.errors import TablierError
from tablier.record.game_record import TABLES, Record

from .clock import CHECKER_LAWS, UK, USBGF, TimeControl, checker_laws, uk, usbgf
from .pairings import (
    ABSENT,
    FIRST,
    SECOND,
    Board,
    Entrant,
    PairingError,
    berger_round,
    berger_rounds,
    swiss_round,
)

FORMAT = 1
"""The format number of :meth:`Tournament.to_json`."""
SWISS = "swiss"
ROUND_ROBIN = "round-robin"
DOUBLE_ROUND_ROBIN = "double-round-robin"
SYSTEMS = (SWISS, ROUND_ROBIN, DOUBLE_ROUND_ROBIN)
CLOCKS = ("", USBGF, UK, CHECKER_LAWS)


class TournamentError(TablierError):
    """What the organiser asked cannot be done (the message says why and what can)."""


@dataclass(frozen=True)
class Points:
    """The tournament points of a won, drawn and lost match, and of a bye."""

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    bye: float = 1.0

    def of(self, share: float) -> float:
        """The points of a match in which the player scored ``share`` of the games (1: won)."""
        return self.win if share > 0.5 else self.draw if share == 0.5 else self.loss


@dataclass(frozen=True)
class Settings:
    """The evening as the organiser sets it: ``game`` and ``options`` (the catalogue's, as on the
    command line), ``match_length`` (0: one game), ``clock`` (:data:`CLOCKS`, '' none) with the
    USBGF's ``overtime_s``, the pairing ``system`` and its number of ``rounds`` (a round robin's is
    its table's)."""

    name: str
    game: str
    system: str = SWISS
    rounds: int = 3
    options: dict[str, str] = field(default_factory=dict)
    match_length: int = 0
    clock: str = ""
    overtime_s: float = 0.0
    points: Points = Points()
    date: str = ""

    def __post_init__(self) -> None:
        if self.system not in SYSTEMS:
            raise TournamentError(f"no pairing system {self.system!r} (known: {', '.join(SYSTEMS)})")
        if self.clock not in CLOCKS:
            raise TournamentError(f"no clock {self.clock!r} (known: usbgf, uk, checker-laws, or none)")
        if self.clock in (USBGF, UK) and self.match_length < 1:
            raise TournamentError(f"the {self.clock} clock gives time per match point: set a match length")
        if self.rounds < 1 or self.match_length < 0:
            raise TournamentError("an evening has one round or more, and a match length of 0 or more")

    def time_control(self) -> TimeControl | None:
        """The clock each game of the evening starts with (None: no clock)."""
        if self.clock == USBGF:
            return usbgf(self.match_length, overtime_s=self.overtime_s)
        if self.clock == UK:
            return uk(self.match_length)
        if self.clock == CHECKER_LAWS:
            return checker_laws()
        return None


@dataclass
class Player:
    """A registered player: ``rating`` his rating on the club's list when he registered, ``number``
    his pairing number (0 until the first round is paired), ``withdrawn`` the last round he played
    (None: still in)."""

    name: str
    rating: float = 1500.0
    number: int = 0
    withdrawn: int | None = None


@dataclass
class Game:
    """One pairing of a round: ``first`` plays side 0 and ``second`` side 1 (None: a bye);
    ``board`` the club's board it is played on ('' not yet placed); ``result`` each player's
    tournament points once in; ``detail`` the score as played (``7-4``, ``1½-½``, ``forfeit``);
    ``record_id`` the stored match in the archive."""

    number: int
    first: str
    second: str | None
    floats: tuple[str, str] = ("", "")
    board: str = ""
    result: tuple[float, float] | None = None
    detail: str = ""
    record_id: int | None = None

    @property
    def bye(self) -> bool:
        return self.second is None

    def share(self, name: str) -> float | None:
        """``name``'s share of the match (1 won, 0.5 drawn, 0 lost; None: not in, or a bye)."""
        if self.result is None or self.second is None:
            return None
        mine, theirs = self.result if name == self.first else self.result[::-1]
        return 0.5 if mine == theirs else float(mine > theirs)


@dataclass
class Round:
    number: int
    games: list[Game] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return all(game.result is not None for game in self.games)

    def waiting(self) -> list[Game]:
        """The games not yet on a board (a bye never is)."""
        return [game for game in self.games if not game.bye and not game.board and game.result is None]


class Tournament:
    """The evening's state: settings, players and rounds."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.players: list[Player] = []
        self.rounds: list[Round] = []

    # --- players ----------------------------------------------------------------------------------

    def register(self, name: str, rating: float = 1500.0) -> Player:
        """Enter a player (before the first round is paired)."""
        name = " ".join(name.split())
        if not name:
            raise TournamentError("a player needs a name")
        if self.rounds:
            raise TournamentError(f"round 1 is paired: {name} cannot join the evening now")
        if self.lookup(name) is not None:
            raise TournamentError(f"{name} is registered already")
        player = Player(name, rating)
        self.players.append(player)
        return player

    def withdraw(self, name: str) -> None:
        """``name`` plays no further round (his games already paired stand)."""
        player = self.find(name)
        player.withdrawn = len(self.rounds)

    def lookup(self, name: str) -> Player | None:
        """The player called ``name`` (any case), if there is one."""
        wanted = " ".join(name.split()).casefold()
        return next((player for player in self.players if player.name.casefold() == wanted), None)

    def find(self, name: str) -> Player:
        """The player called ``name`` (any case); :class:`TournamentError` if none."""
        player = self.lookup(name)
        if player is None:
            raise TournamentError(f"no player {name!r} in {self.settings.name}")
        return player

    def active(self) -> list[Player]:
        return [player for player in self.players if player.withdrawn is None]

    # --- rounds -----------------------------------------------------------------------------------

    @property
    def total_rounds(self) -> int:
        if self.settings.system == SWISS:
            return self.settings.rounds
        return berger_rounds(len(self.players), double=self.settings.system == DOUBLE_ROUND_ROBIN)

    @property
    def over(self) -> bool:
        return len(self.rounds) == self.total_rounds and self.rounds[-1].complete

    def pair_next(self) -> Round:
        """Pair the next round: by the Dutch system or the Berger table. A bye scores at once;
        :class:`TournamentError` while a result of the last round is missing, after the last round,
        or when no pairing keeps the rules."""
        if self.rounds and not self.rounds[-1].complete:
            missing = [f"board {game.number}" for game in self.rounds[-1].games if game.result is None]
            raise TournamentError(f"round {len(self.rounds)} is not over: no result yet on "
                                  f"{', '.join(missing)}")
        if len(self.players) < 2:
            raise TournamentError("an evening needs two players or more")
        if len(self.rounds) >= self.total_rounds:
            raise TournamentError(f"all {self.total_rounds} rounds are paired")
        if not self.rounds:
            self._number_players()
        number = len(self.rounds) + 1
        try:
            boards = self._swiss(number) if self.settings.system == SWISS else self._berger(number)
        except PairingError as error:
            raise TournamentError(str(error)) from None
        by_number = {player.number: player.name for player in self.players}
        games = [Game(board.number, by_number[board.first],
                      None if board.second is None else by_number[board.second], board.floats)
                 for board in boards]
        win = self.settings.points.win
        for game in games:
            if game.second is None:
                game.result = (self.settings.points.bye, 0.0)
                game.detail = "bye"
                continue
            gone = (self.find(game.first).withdrawn is not None, self.find(game.second).withdrawn is not None)
            if any(gone):  # a round robin's game against a player who withdrew
                game.result = (0.0, win) if gone[0] else (win, 0.0)
                game.detail = "forfeit"
        played = Round(number, games)
        self.rounds.append(played)
        return played

    def _number_players(self) -> None:
        order = sorted(enumerate(self.players), key=lambda item: (-item[1].rating, item[0]))
        for number, (_, player) in enumerate(order, 1):
            player.number = number

    def _swiss(self, number: int) -> list[Board]:
        entrants = [self.entrant(player) for player in self.active()]
        return swiss_round(entrants, number, self.settings.rounds)

    def _berger(self, number: int) -> list[Board]:
        return berger_round(len(self.players), number, double=self.settings.system == DOUBLE_ROUND_ROBIN)

    def entrant(self, player: Player) -> Entrant:
        """``player`` as the pairing sees him: his points, seats, opponents, byes and floats so far."""
        seats, opponents, floats = "", [], []
        had_bye = False
        for played in self.rounds:
            game = next((g for g in played.games if player.name in (g.first, g.second)), None)
            if game is None:
                seats += ABSENT
                floats.append("")
                continue
            is_first = game.first == player.name
            floats.append(game.floats[0 if is_first else 1])
            if game.bye:
                seats += ABSENT
                had_bye = True
                continue
            other = game.second if is_first else game.first
            if game.detail == "forfeit":
                seats += ABSENT
                continue
            seats += FIRST if is_first else SECOND
            opponents.append(self.find(str(other)).number)
        return Entrant(player.number, self.points(player.name), round(player.rating), seats, tuple(opponents),
                       had_bye, tuple(floats))

    def points(self, name: str) -> float:
        """``name``'s tournament points so far."""
        total = 0.0
        for played in self.rounds:
            for game in played.games:
                if game.result is not None and name in (game.first, game.second):
                    total += game.result[0] if game.first == name else game.result[1]
        return total

    # --- boards and results -----------------------------------------------------------------------

    def current(self) -> Round:
        if not self.rounds:
            raise TournamentError("no round is paired yet")
        return self.rounds[-1]

    def assign(self, boards: Sequence[str]) -> list[Game]:
        """Put the current round's waiting games on the free ``boards``, top games first: the games
        placed (those left wait for a board to come free)."""
        placed = []
        busy = {game.board for game in self.current().games if game.board and game.result is None}
        free = [board for board in boards if board not in busy]
        for game, board in zip(self.current().waiting(), free, strict=False):
            game.board = board
            placed.append(game)
        return placed

    def game_on(self, board: str) -> Game:
        """The current round's unfinished game on ``board``."""
        for game in self.current().games:
            if game.board == board and game.result is None:
                return game
        raise TournamentError(f"no game of round {len(self.rounds)} is being played on board {board}")

    def record(self, game: Game, share: float, detail: str = "", record_id: int | None = None) -> None:
        """``game``'s result: ``share`` the first player's share of the match (1, 0.5, 0 or between,
        e.g. 0.75 for 1½-½), ``detail`` the score as played."""
        if game.bye:
            raise TournamentError("a bye has no result to record")
        if not 0 <= share <= 1:
            raise TournamentError(f"a share of the match is between 0 and 1, not {share}")
        points = self.settings.points
        game.result = (points.of(share), points.of(1 - share))
        game.detail = detail
        game.record_id = record_id

    def setup(self, game: Game) -> dict[str, Any]:
        """What a board needs to start ``game``: the game and its options, the match length, the
        players of side 0 and side 1, the clock (a time control as plain data, or None)."""
        control = self.settings.time_control()
        return {"game": self.settings.game, "options": dict(self.settings.options),
                "match_length": self.settings.match_length, "players": [game.first, game.second],
                "clock": None if control is None else control.to_json(), "round": len(self.rounds),
                "board": game.board, "event": self.settings.name}

    # --- as data ----------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole evening as JSON, from which :meth:`from_json` rebuilds it exactly."""
        settings = asdict(self.settings)
        data = {"format": FORMAT, "settings": settings,
                "players": [asdict(player) for player in self.players],
                "rounds": [{"number": played.number, "games": [asdict(game) for game in played.games]}
                           for played in self.rounds]}
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Tournament:
        """The evening :meth:`to_json` wrote; :class:`TournamentError` saying what is wrong."""
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                raise TournamentError(f"tournament format {data.get('format')!r} is not {FORMAT}")
            settings = dict(data["settings"])
            settings["points"] = Points(**settings.get("points", {}))
            tournament = cls(Settings(**settings))
            tournament.players = [Player(**player) for player in data["players"]]
            for played in data["rounds"]:
                games = [Game(**{**game, "floats": tuple(game["floats"]),
                                 "result": None if game["result"] is None else tuple(game["result"])})
                         for game in played["games"]]
                tournament.rounds.append(Round(int(played["number"]), games))
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise TournamentError(f"not a saved tournament ({error})") from None
        names = {player.name for player in tournament.players}
        for played in tournament.rounds:
            for game in played.games:
                if game.first not in names or (game.second is not None and game.second not in names):
                    raise TournamentError(f"round {played.number} names a player who is not registered")
        return tournament


def share_of(record: Record, name: str) -> tuple[float, str]:
    """``name``'s share of a stored match and its score as played (``7-4``; ``1½-½`` for draughts
    games): a tables match goes to whoever reached the match length, single games and draughts games
    count game by game (a draw a half). :class:`TournamentError` if the record has no finished game
    of his."""
    if name not in record.players or len(record.players) != 2:
        raise TournamentError(f"{name} did not play the match {record.title()}")
    other = next(player for player in record.players if player != name)
    mine = theirs = 0.0
    finished = [game for game in record.games if game.outcome is not None]
    if not finished:
        raise TournamentError(f"the match {record.title()} has no finished game")
    if record.family == TABLES and record.match_length:
        last = finished[-1]
        assert last.outcome is not None
        totals = {last.players[0]: last.score[0], last.players[1]: last.score[1]}
        if last.outcome.winner is not None:
            totals[last.players[last.outcome.winner]] += last.outcome.points
        mine, theirs = totals.get(name, 0), totals.get(other, 0)
        share = 0.5 if mine == theirs else float(mine > theirs)
        return share, f"{mine:g}-{theirs:g}"
    for game in finished:
        assert game.outcome is not None
        if game.outcome.winner is None:
            mine, theirs = mine + 0.5, theirs + 0.5
        elif game.players[game.outcome.winner] == name:
            mine += 1
        else:
            theirs += 1
    return mine / (mine + theirs), f"{_halves(mine)}-{_halves(theirs)}"


def _halves(value: float) -> str:
    whole = int(value)
    return f"{whole or ''}½" if value - whole else str(whole)
