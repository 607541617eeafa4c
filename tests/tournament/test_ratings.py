"""The rating lists: FIBS's formula against worked examples (by hand, and the table of the favourite's
break-even record published with the formula), the draughts Elo list, and lists recomputed from an
archive alone, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from record_factory import draughts_record, tables_record

from tablier.record.archive import Archive, StoredResult
from tablier.record.game_record import GameRecord, Outcome, Record
from tablier.tournament.ratings import (
    ELO,
    FIBS,
    EloRule,
    FibsRule,
    RatedResult,
    archive_ratings,
    rate,
    rated_results,
)

FIBS_RULE = FibsRule()


def match(first: str, second: str, first_won: bool, length: int = 1, game: str = "backgammon") -> RatedResult:
    return RatedResult(0, game, "tables", (first, second), 1.0 if first_won else 0.0, length)


def test_two_newcomers_in_a_one_point_match() -> None:
    # D = 0, so P_upset = 1/(10^0 + 1) = 1/2 and P = 1/2; K = max(1, 5 - 0/100) = 5;
    # the change is 4 * 5 * sqrt(1) * 1/2 = 10 each way.
    lists = rate([match("Ann", "Bob", True)])
    board = lists["backgammon"]
    assert board.system == FIBS and board.scope == "variant"
    assert (board.players["Ann"].rating, board.players["Bob"].rating) == (1510, 1490)
    assert (board.players["Ann"].experience, board.players["Bob"].experience) == (1, 1)
    assert lists["tables"].scope == "family" and lists["tables"].players["Ann"].rating == 1510


def test_the_underdog_wins_the_return_match() -> None:
    # Now 1510 v 1490, experience 1 each: D = 20, P_upset = 1/(10^(20/2000) + 1) = 0.494244;
    # Bob, the underdog, wins: P = 1 - 0.494244 = 0.505756; K = 5 - 1/100 = 4.99 for both;
    # the change is 4 * 4.99 * 0.505756 = 10.0949.
    lists = rate([match("Ann", "Bob", True), match("Bob", "Ann", True)])
    assert lists["backgammon"].players["Ann"].rating == pytest.approx(1510 - 10.0949, abs=1e-4)
    assert lists["backgammon"].players["Bob"].rating == pytest.approx(1490 + 10.0949, abs=1e-4)


def test_a_longer_match_is_worth_the_square_root_of_its_length() -> None:
    # A 5-point match between newcomers: 4 * 5 * sqrt(5) * 1/2 = 10 sqrt(5) = 22.3607.
    lists = rate([match("Ann", "Bob", False, 5)])
    assert lists["backgammon"].players["Bob"].rating == pytest.approx(1522.3607, abs=1e-4)
    assert lists["backgammon"].players["Ann"].experience == 5


def test_patti_beadles_example_ratings_1850_and_1750() -> None:
    # FIBS's `help formula` walked through: D = 100 between 1850 and 1750; in a 7-point match
    # P_upset = 1/(10^0.132288 + 1) = 1/2.356060 = 0.424433. With K = 1 (400 experience or more) the
    # favourite wins 4 sqrt(7) * 0.424433 = 4.4918, the underdog 4 sqrt(7) * 0.575567 = 6.0912.
    assert FIBS_RULE.upset(100, 7) == pytest.approx(0.424433, abs=1e-6)
    assert FIBS_RULE.changes(1850, 1750, 7, 400, 400) == pytest.approx((4.4918, 4.4918), abs=1e-4)
    assert FIBS_RULE.changes(1750, 1850, 7, 400, 400) == pytest.approx((6.0912, 6.0912), abs=1e-4)


def test_each_player_loses_or_gains_with_his_own_experience() -> None:
    # A newcomer (K 5) beats a veteran (K 1) at 1500 each in a 3-point match: he gains
    # 4 * 5 * sqrt(3) / 2 = 17.3205, the veteran loses 4 * 1 * sqrt(3) / 2 = 3.4641.
    assert FIBS_RULE.changes(1500, 1500, 3, 0, 500) == pytest.approx((17.3205, 3.4641), abs=1e-4)
    assert [FIBS_RULE.k(e) for e in (0, 100, 250, 399, 400, 4000)] == pytest.approx([5, 4, 2.5, 1.01, 1, 1])


# The favourite's record that keeps his rating, at each difference and match length: the table
# published with the formula (rec.games.backgammon, "batting average for favorite", 1 - P_upset).
BATTING = {100: (.529, .550, .564, .576, .585, .594), 200: (.557, .598, .626, .648, .666, .682),
           300: (.585, .645, .684, .714, .738, .759), 400: (.613, .689, .737, .772, .799, .822),
           500: (.640, .730, .784, .821, .849, .871), 600: (.666, .768, .824, .861, .888, .908),
           700: (.691, .802, .858, .894, .918, .935)}


@pytest.mark.parametrize("difference", sorted(BATTING))
def test_the_favourites_break_even_record(difference: int) -> None:
    for length, average in zip((1, 3, 5, 7, 9, 11), BATTING[difference], strict=True):
        assert round(1 - FIBS_RULE.upset(difference, length), 3) == average
        # at that record his expected change is nothing (both K = 1)
        gain = FIBS_RULE.changes(1500 + difference, 1500, length, 400, 400)[0]
        loss = FIBS_RULE.changes(1500, 1500 + difference, length, 400, 400)[1]
        exact = 1 - FIBS_RULE.upset(difference, length)
        assert exact * gain - (1 - exact) * loss == pytest.approx(0, abs=1e-9)


def test_a_draw_in_a_tables_game_is_not_rated_and_nobody_plays_himself() -> None:
    lists = rate([RatedResult(0, "ticktack", "tables", ("Ann", "Bob"), 0.5),
                  RatedResult(0, "ticktack", "tables", ("Ann", "Ann"), 1.0)])
    assert lists.get("ticktack") is None or lists["ticktack"].players == {}


def test_draughts_elo_list() -> None:
    rule = EloRule()
    # newcomers at 1500: expected 1/2, K 40: a win is worth 20, a draw nothing
    lists = rate([RatedResult(0, "english", "draughts", ("Ann", "Bob"), 1.0),
                  RatedResult(0, "english", "draughts", ("Ann", "Cy"), 0.5)])
    board = lists["english"]
    assert board.system == ELO
    assert board.players["Bob"].rating == 1480
    # Ann (1520) v Cy (1500): expected 1/(1 + 10^(-20/400)) = 0.528751; the draw costs her
    # 40 * 0.028751 = 1.1500
    assert board.players["Ann"].rating == pytest.approx(1520 - 1.1500, abs=1e-4)
    assert board.players["Cy"].rating == pytest.approx(1501.1500, abs=1e-4)
    assert (board.players["Ann"].won, board.players["Ann"].drawn, board.players["Ann"].played) == (1, 1, 2)
    # a difference above 400 counts as 400: 1/(1 + 10) for the lower-rated player
    assert rule.expected(1500, 2300) == pytest.approx(1 / 11)
    assert [rule.factor(r, g) for r, g in ((1500, 0), (1500, 30), (2399, 50), (2400, 50))] == [40, 20, 20, 10]


def stored(record_id: int, game: str, family: str, length: int, number: int, players: tuple[str, str],
           score: tuple[int, int], winner: int | None, points: int | None) -> StoredResult:
    return StoredResult(record_id, game, family, length, number, players, score, winner,
                        None if points is None else "single", points)


def test_what_the_lists_rate_among_the_stored_games() -> None:
    rows = [
        # a 3-point match won by Bob, who played White in game 1 and Black in game 2
        stored(1, "backgammon", "tables", 3, 1, ("Ann", "Bob"), (0, 0), 0, 1),
        stored(1, "backgammon", "tables", 3, 2, ("Bob", "Ann"), (0, 1), 0, 2),
        stored(1, "backgammon", "tables", 3, 3, ("Bob", "Ann"), (2, 1), 0, 1),
        # an unfinished match
        stored(2, "backgammon", "tables", 5, 1, ("Ann", "Cy"), (0, 0), 1, 2),
        # single games: each finished one a 1-point match
        stored(3, "jacquet", "tables", 0, 1, ("Cy", "Dee"), (0, 0), 1, 1),
        stored(3, "jacquet", "tables", 0, 2, ("Cy", "Dee"), (0, 1), None, None),
        # draughts games, a draw among them
        stored(4, "english", "draughts", 0, 1, ("Eve", "Fay"), (0, 0), None, 1),
        stored(4, "english", "draughts", 0, 2, ("Fay", "Eve"), (0, 0), 1, 1),
    ]
    assert rated_results(rows) == [
        RatedResult(1, "backgammon", "tables", ("Ann", "Bob"), 0.0, 3),
        RatedResult(3, "jacquet", "tables", ("Cy", "Dee"), 0.0, 1),
        RatedResult(4, "english", "draughts", ("Eve", "Fay"), 0.5, 1),
        RatedResult(4, "english", "draughts", ("Fay", "Eve"), 0.0, 1),
    ]


def finished_match(seed: int, names: tuple[str, str]) -> Record:
    """A legal backgammon game made a match of its own points, between ``names``."""
    record = tables_record("backgammon", seed)
    record.games[0].players = names
    outcome = record.games[0].outcome
    assert outcome is not None
    record.match_length = outcome.points
    return record


def draughts_game(seed: int, names: tuple[str, str], outcome: Outcome) -> Record:
    record = draughts_record("english", seed)
    game: GameRecord = record.games[0]
    game.players = names
    game.outcome = outcome
    return record


@pytest.fixture
def archive(archive_at: str) -> Iterator[Archive]:
    with Archive(archive_at) as opened:
        yield opened


def test_the_lists_come_from_the_archive_alone(archive: Archive) -> None:
    rng = random.Random(5)
    club = ["Ann", "Bob", "Cy", "Dee"]
    records = []
    for seed in range(8):
        first, second = rng.sample(club, 2)
        records.append(finished_match(seed, (first, second)))
        records.append(draughts_game(seed, (second, first), Outcome(rng.choice((0, 1, None)), "agreed", 1)))
    expected = []
    for record_id, record in enumerate(records, 1):
        archive.add(record)                 # each stored on its own, as the club stores them
        outcome = record.games[0].outcome
        assert outcome is not None
        score = 0.5 if outcome.winner is None else float(outcome.winner == 0)
        expected.append(RatedResult(record_id, record.game, record.family, record.games[0].players, score,
                                    max(record.match_length, 1)))
    assert rated_results(archive.results()) == expected
    lists = archive_ratings(archive)
    assert set(lists) == {"backgammon", "tables", "english", "draughts"}
    assert {name: board.table() for name, board in lists.items()} == \
           {name: board.table() for name, board in rate(expected).items()}
    assert sum(line.played for line in lists["draughts"].players.values()) == 2 * 8
