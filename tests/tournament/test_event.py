"""The tournament model: an evening from registration to final standings (resumed from its JSON after
every step, as after a crash), boards, results from stored matches, tie-breaks worked by hand, and
the CSV exports."""

from __future__ import annotations

import csv
import io
import random

import pytest
from record_factory import draughts_record, tables_record

from tablier.record.game_record import GameRecord, Outcome, Record
from tablier.tournament.clock import ClockState, TimeControl
from tablier.tournament.event import (
    DOUBLE_ROUND_ROBIN,
    ROUND_ROBIN,
    Points,
    Settings,
    Tournament,
    TournamentError,
    share_of,
)
from tablier.tournament.standings import (
    BUCHHOLZ,
    BUCHHOLZ_CUT_1,
    SONNEBORN_BERGER,
    WINS,
    round_csv,
    standings,
    standings_csv,
    tie_break_names,
)


def reloaded(tournament: Tournament) -> Tournament:
    again = Tournament.from_json(tournament.to_json())
    assert again.to_json() == tournament.to_json()
    return again


def test_an_evening_of_sixteen_players_on_eight_boards_over_three_swiss_rounds() -> None:
    rng = random.Random(34)
    evening = Tournament(Settings("Thursday club", "backgammon", rounds=3, match_length=5, clock="usbgf",
                                  options={"cube": "yes"}))
    for index in range(16):
        evening.register(f"Player {index:02d}", rating=1400 + 13 * index)
    boards = [f"board-{n}" for n in range(1, 9)]
    met: set[frozenset[str]] = set()
    for number in range(1, 4):
        evening = reloaded(evening)
        played = evening.pair_next()
        assert played.number == number and len(played.games) == 8
        evening = reloaded(evening)
        placed = evening.assign(boards)
        assert [game.board for game in placed] == boards
        for game in played.games:
            pair = frozenset((game.first, str(game.second)))
            assert pair not in met
            met.add(pair)
        for board in rng.sample(boards, len(boards)):      # results come in any order
            evening = reloaded(evening)
            game = evening.game_on(board)
            setup = evening.setup(game)
            assert setup["players"] == [game.first, game.second] and setup["match_length"] == 5
            assert ClockState.set(TimeControl.from_json(setup["clock"])).reserve == (600, 600)
            won = rng.random() < 0.5
            evening.record(game, 1.0 if won else 0.0, "5-3" if won else "2-5", record_id=number * 100)
    assert evening.over
    table = standings(evening)
    assert sum(line.points for line in table) == 3 * 8
    assert [line.rank for line in table] == sorted(line.rank for line in table)
    rows = list(csv.reader(io.StringIO(standings_csv(evening))))
    assert rows[0][:6] == ["Rank", "Name", "Points", BUCHHOLZ_CUT_1, BUCHHOLZ, SONNEBORN_BERGER]
    assert len(rows) == 17
    results = list(csv.reader(io.StringIO(round_csv(evening, 2))))
    assert results[0] == ["Round", "Game", "Board", "Side 0", "Side 1", "Points 0", "Points 1", "Score"]
    assert len(results) == 9 and all(row[2].startswith("board-") for row in results[1:])
    with pytest.raises(TournamentError, match="all 3 rounds"):
        evening.pair_next()


def test_swiss_tie_breaks_worked_by_hand() -> None:
    evening = Tournament(Settings("hand", "english", rounds=2))
    for name, rating in (("Ann", 2000), ("Bob", 1900), ("Cy", 1800), ("Dee", 1700)):
        evening.register(name, rating)
    first = evening.pair_next()
    assert [(g.first, g.second) for g in first.games] == [("Ann", "Cy"), ("Dee", "Bob")]
    evening.record(first.games[0], 1.0, "1-0")
    evening.record(first.games[1], 0.5, "½-½")
    second = evening.pair_next()
    assert [(g.first, g.second) for g in second.games] == [("Bob", "Ann"), ("Cy", "Dee")]
    evening.record(second.games[0], 1.0, "1-0")
    evening.record(second.games[1], 0.0, "0-1")
    # Points: Ann 1, Bob 1.5, Cy 0, Dee 1.5.
    # Buchholz: Ann (Cy 0 + Bob 1.5) 1.5, Bob (Dee 1.5 + Ann 1) 2.5, Cy (Ann 1 + Dee 1.5) 2.5,
    # Dee (Bob 1.5 + Cy 0) 1.5; cut 1 drops each one's lowest: 1.5, 1.5, 1.5, 1.5.
    # Sonneborn-Berger: Ann 0 (beat Cy, 0 points), Bob 1.5/2 + 1 = 1.75, Cy 0, Dee 0.75 + 0 = 0.75.
    # Bob and Dee are level on points and cut 1: Bob's Buchholz puts him first.
    assert tie_break_names(evening) == (BUCHHOLZ_CUT_1, BUCHHOLZ, SONNEBORN_BERGER, WINS)
    table = [(line.place, line.name, line.points, line.tie_breaks) for line in standings(evening)]
    assert table == [("1", "Bob", 1.5, (1.5, 2.5, 1.75, 1.0)), ("2", "Dee", 1.5, (1.5, 1.5, 0.75, 1.0)),
                     ("3", "Ann", 1.0, (1.5, 1.5, 0.0, 1.0)), ("4", "Cy", 0.0, (1.5, 2.5, 0.0, 0.0))]


def test_round_robin_by_the_berger_table_with_sonneborn_berger() -> None:
    evening = Tournament(Settings("league", "english", system=ROUND_ROBIN))
    for name, rating in (("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)):
        evening.register(name, rating)
    assert evening.total_rounds == 3
    shares = {("A", "D"): 1.0, ("B", "C"): 0.5, ("D", "C"): 1.0, ("A", "B"): 1.0, ("B", "D"): 1.0,
              ("C", "A"): 0.5}
    for _ in range(3):
        played = evening.pair_next()
        for game in played.games:
            evening.record(game, shares[(game.first, str(game.second))])
    assert evening.over
    # Points A 2.5, B 1.5, C 1, D 1. Sonneborn-Berger: C drew with B (1.5) and A (2.5): 2;
    # D beat C (1): 1. C ranks above D.
    table = [(line.place, line.name, line.points, line.tie_breaks) for line in standings(evening)]
    assert table == [("1", "A", 2.5, (3.0, 2.0)), ("2", "B", 1.5, (1.5, 1.0)), ("3", "C", 1.0, (2.0, 0.0)),
                     ("4", "D", 1.0, (1.0, 1.0))]


def test_an_odd_round_robin_gives_byes_and_a_withdrawal_forfeits_the_rest() -> None:
    evening = Tournament(Settings("league", "backgammon", system=DOUBLE_ROUND_ROBIN, match_length=3,
                                  points=Points(bye=0.0)))
    for name in ("A", "B", "C"):
        evening.register(name)
    assert evening.total_rounds == 6
    played = evening.pair_next()
    assert [game.detail for game in played.games if game.bye] == ["bye"]
    for game in played.games:
        if not game.bye:
            evening.record(game, 1.0)
    evening.withdraw("c")
    second = evening.pair_next()
    forfeits = [game for game in second.games if game.detail == "forfeit"]
    for game in forfeits:
        assert game.result == ((0.0, 1.0) if game.first == "C" else (1.0, 0.0))
    assert all(line.played <= 2 for line in standings(evening))


def test_what_the_organiser_cannot_do_is_said() -> None:
    evening = Tournament(Settings("x", "backgammon", match_length=3))
    with pytest.raises(TournamentError, match="needs a name"):
        evening.register("  ")
    evening.register("Ann")
    with pytest.raises(TournamentError, match="registered already"):
        evening.register(" ann ")
    with pytest.raises(TournamentError, match="two players"):
        evening.pair_next()
    evening.register("Bob")
    evening.register("Cy")
    played = evening.pair_next()
    with pytest.raises(TournamentError, match="cannot join"):
        evening.register("Dee")
    with pytest.raises(TournamentError, match="not over: no result yet on board 1"):
        evening.pair_next()
    with pytest.raises(TournamentError, match="no player"):
        evening.find("Zed")
    with pytest.raises(TournamentError, match="no game of round 1"):
        evening.game_on("board-9")
    with pytest.raises(TournamentError, match="between 0 and 1"):
        evening.record(played.games[0], 2.0)
    with pytest.raises(TournamentError, match="a bye has no result"):
        evening.record(played.games[-1], 1.0)
    with pytest.raises(TournamentError, match="set a match length"):
        Settings("x", "backgammon", clock="usbgf")
    with pytest.raises(TournamentError, match="no pairing system"):
        Settings("x", "backgammon", system="knockout")
    with pytest.raises(TournamentError, match="no round 2"):
        round_csv(evening, 2)


UNKNOWN_PLAYER = ('{"format": 1, "settings": {"name": "x", "game": "english"}, "players": [], "rounds":'
                  ' [{"number": 1, "games": [{"number": 1, "first": "A", "second": null, "floats": ["", ""],'
                  ' "result": null}]}]}')


@pytest.mark.parametrize("text", ["", "[]", '{"format": 9}', '{"format": 1, "settings": {}}', UNKNOWN_PLAYER])
def test_a_malformed_saved_tournament_is_refused(text: str) -> None:
    with pytest.raises(TournamentError):
        Tournament.from_json(text)


def test_boards_beyond_the_clubs_wait_for_one_to_come_free() -> None:
    evening = Tournament(Settings("x", "english"))
    for index in range(6):
        evening.register(f"P{index}")
    played = evening.pair_next()
    assert [game.board for game in evening.assign(["b1", "b2"])] == ["b1", "b2"]
    assert [game.number for game in played.waiting()] == [3]
    evening.record(evening.game_on("b2"), 0.5, "½-½")
    assert evening.assign(["b1", "b2"])[0].number == 3          # b1 still busy: b2 takes game 3
    assert evening.game_on("b2").number == 3


def test_a_stored_match_gives_each_players_share() -> None:
    record = tables_record("backgammon", 1)
    record.games[0].players = ("Ann", "Bob")
    outcome = record.games[0].outcome
    assert outcome is not None
    record.match_length = outcome.points
    winner = record.games[0].players[outcome.winner or 0]
    loser = "Bob" if winner == "Ann" else "Ann"
    assert share_of(record, winner) == (1.0, f"{outcome.points}-0")
    assert share_of(record, loser) == (0.0, f"0-{outcome.points}")
    draughts = Record(game="english", family="draughts")
    for number, (players, winner_side) in enumerate(((("Ann", "Bob"), None), (("Bob", "Ann"), 1)), 1):
        game: GameRecord = draughts_record("english", number).games[0]
        game.players, game.number, game.outcome = players, number, Outcome(winner_side, "no move", 1)
        draughts.games.append(game)
    assert share_of(draughts, "Ann") == (0.75, "1½-½")
    with pytest.raises(TournamentError, match="did not play"):
        share_of(draughts, "Cy")
