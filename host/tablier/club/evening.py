"""A club evening run on the club's boards: ``tablier club evening``'s loop (``docs/club-evening.md``).

:class:`Evening` holds the tournament (:mod:`tablier.tournament.event`) and drives it from what the
club's hall sees: it pairs each round, puts its games on the free boards and publishes each board
its game (:mod:`.assignments`), takes each result from the match the board itself published and
the hall stored in the club's archive (:func:`~tablier.tournament.event.share_of`), and goes on to
the next round until the last one is over, when it tells every board the evening is over. After
each step the whole evening is saved as JSON (``saved``), so that the command started again with
``--resume`` goes on exactly where it was; the standings and each round's results are written as
CSV where told. :class:`EveningHall` is the hall whose page also shows the evening: the round, its
pairings, the standings with their tie-breaks, and the CSV files.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablier.tournament.event import Game, Tournament
from tablier.tournament.standings import round_csv, standings, standings_csv, tie_break_names

from .assignments import Assignment, assignment_id, publish
from .hall import ClubHall

if TYPE_CHECKING:
    from tablier.record.archive import Archive

#: The CSV files the page offers: the standings, and each round's results.
EXPORT = re.compile(r"standings|round-([1-9][0-9]{0,2})")


class Evening:
    """The evening's tournament played on ``boards`` (their names in the club) through ``hall``;
    ``show`` is called when the evening changed (the page is sent the grid again)."""

    def __init__(self, tournament: Tournament, boards: list[str], hall: ClubHall, saved: Path,
                 csv_dir: Path | None = None, told: Callable[[str], None] = print,
                 show: Callable[[], None] = lambda: None) -> None:
        self.tournament = tournament
        self.boards = boards
        self.hall = hall
        self.saved = saved
        self.csv_dir = csv_dir
        self.told = told
        self.show = show
        self.ended = False

    # --- the loop ---------------------------------------------------------------------------------

    def begin(self) -> None:
        """Pair the first round (or, resumed, give each board its game again) and save."""
        tournament = self.tournament
        if not tournament.rounds:
            self._pair()
        else:
            self.told(f"{tournament.settings.name}: going on with round {len(tournament.rounds)} of "
                      f"{tournament.total_rounds}")
            for game in tournament.current().games:
                if game.board and game.result is None:
                    self._give(game)
        self.advance()
        self.save()

    def advance(self) -> bool:
        """Take the results the hall has stored, put waiting games on free boards, pair the next round
        when one is over; whether the evening is over (every board is then told so)."""
        tournament = self.tournament
        changed = self._results()
        if tournament.over:
            if not self.ended:
                self.ended = True
                for board in self.boards:
                    publish(self.hall.wire, self.hall.key, self.hall.club.name, board,
                            Assignment(assignment_id(tournament.settings.name, 0, board, ("", "")),
                                       tournament.settings.name, len(tournament.rounds), over=True))
                self.told(f"{tournament.settings.name} is over: the final standings")
                for line in standing_lines(tournament):
                    self.told(line)
                changed = True
        elif tournament.current().complete:
            self._pair()
            changed = True
        elif self._place():
            changed = True
        if changed:
            self.save()
            self.show()
        return tournament.over

    def _pair(self) -> None:
        tournament = self.tournament
        played = tournament.pair_next()
        self.told(f"{tournament.settings.name}: round {played.number} of {tournament.total_rounds} is paired")
        for game in played.games:
            if game.bye:
                self.told(f"  {game.first} has a bye")
        self._place()

    def _place(self) -> bool:
        """Put the round's waiting games on the free boards and give each its game."""
        placed = self.tournament.assign(self.boards)
        for game in placed:
            self._give(game)
        return bool(placed)

    def _give(self, game: Game) -> None:
        assignment = self.assignment(game)
        publish(self.hall.wire, self.hall.key, self.hall.club.name, game.board, assignment)
        self.told(f"  board {game.board}: {game.first} - {game.second}")

    def assignment(self, game: Game) -> Assignment:
        """What ``game``'s board is told to play."""
        settings = self.tournament.settings
        players = (game.first, str(game.second))
        return Assignment(assignment_id(settings.name, len(self.tournament.rounds), game.board, players),
                          settings.name, len(self.tournament.rounds), False, settings.game,
                          dict(settings.options), settings.match_length, players, settings.clock)

    def _results(self) -> bool:
        """Record each game of the round whose match its board published and the hall stored."""
        from tablier.tournament.event import share_of

        tournament = self.tournament
        if not tournament.rounds or self.hall.archive is None:
            return False
        used = {game.record_id for played in tournament.rounds for game in played.games}
        changed = False
        for game in tournament.current().games:
            view = self.hall.boards.get(game.board) if game.board and game.result is None else None
            if view is None or view.stored is None or view.record is None or view.stored in used:
                continue
            if list(view.record.players) != [game.first, game.second]:
                continue  # the board's previous match, or another game than the evening's
            record = self.hall.archive.get(view.stored)
            share, detail = share_of(record, game.first)
            tournament.record(game, share, detail, view.stored)
            self.told(f"round {len(tournament.rounds)}, board {game.board}: {game.first} {detail} "
                      f"{game.second}")
            changed = True
        return changed

    # --- files ------------------------------------------------------------------------------------

    def save(self) -> None:
        """Write the evening's JSON (and, where told, its CSV files), each replaced whole."""
        _replace(self.saved, self.tournament.to_json() + "\n")
        if self.csv_dir is not None:
            self.csv_dir.mkdir(parents=True, exist_ok=True)
            for name in self.exports():
                _replace(self.csv_dir / f"{name}.csv", self.export(name))

    def exports(self) -> list[str]:
        """The names of the evening's CSV files (``standings``, ``round-1``...)."""
        return ["standings", *(f"round-{played.number}" for played in self.tournament.rounds)]

    def export(self, name: str) -> str:
        """The CSV named ``name``; :class:`LookupError` if there is none."""
        found = EXPORT.fullmatch(name)
        if found is None or name not in self.exports():
            raise LookupError(f"the evening has no {name}.csv (it has {', '.join(self.exports())})")
        if found.group(1):
            return round_csv(self.tournament, int(found.group(1)))
        return standings_csv(self.tournament)

    # --- the page ---------------------------------------------------------------------------------

    def page(self) -> dict[str, Any]:
        """What the club's page shows of the evening."""
        tournament = self.tournament
        settings = tournament.settings
        games = tournament.rounds[-1].games if tournament.rounds else []
        return {"name": settings.name, "game": settings.game, "system": settings.system,
                "match": settings.match_length, "clock": settings.clock, "round": len(tournament.rounds),
                "rounds": tournament.total_rounds, "over": tournament.over,
                "pairings": [{"game": game.number, "board": game.board, "players": [game.first, game.second],
                              "result": None if game.result is None else list(game.result),
                              "detail": game.detail} for game in games],
                "tie_breaks": list(tie_break_names(tournament)),
                "standings": [{"place": line.place, "name": line.name, "points": line.points,
                               "tie_breaks": list(line.tie_breaks), "played": line.played, "won": line.won,
                               "drawn": line.drawn, "lost": line.lost} for line in standings(tournament)],
                "exports": self.exports()}


class EveningHall(ClubHall):
    """The club's hall whose page also shows the evening (:attr:`evening`, once set)."""

    evening: Evening | None = None

    def grid(self) -> dict[str, Any]:
        data = super().grid()
        if self.evening is not None:
            data["evening"] = self.evening.page()
        return data

    def export(self, name: str) -> str:
        """The evening's CSV named ``name`` (:class:`LookupError` if none)."""
        if self.evening is None:
            raise LookupError("no evening is being run")
        return self.evening.export(name)


def standing_lines(tournament: Tournament) -> list[str]:
    """The standings as the terminal prints them, a line a player, the tie-breaks named."""
    names = tie_break_names(tournament)
    lines = [f"  {'#':>3}  {'player':<20} {'points':>6}  " + ", ".join(names)]
    for line in standings(tournament):
        breaks = ", ".join(f"{value:g}" for value in line.tie_breaks)
        lines.append(f"  {line.place:>3}  {line.name:<20} {line.points:>6g}  {breaks}")
    return lines


def club_rating(archive: Archive, game: str, name: str) -> float:
    """``name``'s rating on the club's list of ``game`` (1500 if he is not on it)."""
    from tablier.tournament.ratings import START, archive_ratings

    rated = archive_ratings(archive).get(game)
    found = None if rated is None else rated.players.get(name)
    return START if found is None else found.rating


def _replace(path: Path, text: str) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)
