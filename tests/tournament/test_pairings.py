"""Pairings against the rules: the Dutch system (FIDE Handbook C.04.3) on known cases and on random
tournaments (no rematch, no second bye, colours within the absolute limits, score groups kept), and
the round robin against the Berger tables (FIDE Handbook C.05, Annex 1)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from tablier.tournament.pairings import (
    ABSENT,
    FIRST,
    SECOND,
    Board,
    Entrant,
    PairingError,
    allocate_seats,
    berger_round,
    berger_rounds,
    preference,
    swiss_round,
)


@dataclass
class Book:
    """A Swiss tournament's history kept the simplest way, for the tests."""

    players: int
    points: dict[int, float] = field(default_factory=dict)
    seats: dict[int, str] = field(default_factory=dict)
    met: dict[int, list[int]] = field(default_factory=dict)
    byes: set[int] = field(default_factory=set)
    floats: dict[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for number in range(1, self.players + 1):
            self.points[number] = 0.0
            self.seats[number] = ""
            self.met[number] = []
            self.floats[number] = ""

    def entrants(self) -> list[Entrant]:
        return [Entrant(n, self.points[n], 2000 - n, self.seats[n], tuple(self.met[n]), n in self.byes,
                        tuple(c.strip() for c in self.floats[n])) for n in range(1, self.players + 1)]

    def pair(self, round_number: int, rounds: int) -> list[Board]:
        return swiss_round(self.entrants(), round_number, rounds)

    def play(self, boards: list[Board], results: dict[int, float]) -> None:
        """``results``: the first player's points on each board (by board number)."""
        for board in boards:
            self.floats[board.first] += board.floats[0] or " "
            if board.second is None:
                self.points[board.first] += 1
                self.seats[board.first] += ABSENT
                self.byes.add(board.first)
                continue
            self.floats[board.second] += board.floats[1] or " "
            score = results.get(board.number, 1.0)
            self.points[board.first] += score
            self.points[board.second] += 1 - score
            self.seats[board.first] += FIRST
            self.seats[board.second] += SECOND
            self.met[board.first].append(board.second)
            self.met[board.second].append(board.first)


def games(boards: list[Board]) -> list[tuple[int, int | None]]:
    return [(board.first, board.second) for board in boards]


def test_round_one_top_half_meets_bottom_half_colours_alternating() -> None:
    # S1 = 1..4 against S2 = 5..8, the top seed with the initial colour, then alternating.
    assert games(Book(8).pair(1, 5)) == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_round_one_with_an_odd_number_gives_the_lowest_the_bye() -> None:
    boards = Book(9).pair(1, 5)
    assert games(boards)[-1] == (9, None) and boards[-1].bye
    assert games(boards)[:4] == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_round_two_pairs_within_score_groups_each_player_his_due_colour() -> None:
    book = Book(8)
    boards = book.pair(1, 5)
    book.play(boards, {1: 1.0, 2: 0.0, 3: 1.0, 4: 0.0})    # 1, 2, 3, 4 win
    # Score group 1: S1 {1, 2} v S2 {3, 4}. 1-3 and 2-4 would each pair two players due the same
    # colour (1 and 3 had the first seat, 2 and 4 the second); exchanging in S2 gives 1-4 and 2-3,
    # where every player gets his due colour, which the rules put first (C.04.3, C12 before the order
    # of transpositions). Likewise in the zero group: 5-8 and 6-7, each his due colour.
    assert games(book.pair(2, 5)) == [(4, 1), (2, 3), (5, 8), (7, 6)]


def test_a_lone_leader_floats_down_to_the_highest_he_may_meet() -> None:
    book = Book(4)
    boards = book.pair(1, 3)
    assert games(boards) == [(1, 3), (4, 2)]
    book.play(boards, {1: 1.0, 2: 0.5})                       # 1 wins, 4 and 2 draw
    boards = book.pair(2, 3)
    # 1 (1 point) floats down to the half-point group and meets its top, 2; 4 then floats down to 3.
    assert games(boards) == [(2, 1), (3, 4)]
    assert boards[0].floats == ("U", "D") and boards[1].floats == ("U", "D")


def test_no_two_players_meet_twice_even_when_it_costs_a_float() -> None:
    book = Book(4)
    book.play(book.pair(1, 3), {1: 1.0, 2: 0.0})            # 1 and 2 win: 1 and 2 lead
    book.play(book.pair(2, 3), {1: 1.0, 2: 1.0})
    boards = book.pair(3, 3)
    for board in boards:
        assert board.second not in book.met[board.first]


def test_an_impossible_pairing_is_said_so() -> None:
    # Two players who have met already cannot be paired again in a Swiss.
    entrants = [Entrant(1, 1.0, seats=FIRST, opponents=(2,), floats=("",)),
                Entrant(2, 0.0, seats=SECOND, opponents=(1,), floats=("",))]
    with pytest.raises(PairingError, match="cannot be paired"):
        swiss_round(entrants, 2, 3)
    with pytest.raises(PairingError, match="not one of"):
        swiss_round(entrants, 4, 3)


def check_pairing(book: Book, boards: list[Board]) -> None:
    seen: set[int] = set()
    for board in boards:
        assert board.first not in seen and board.second not in seen
        seen.add(board.first)
        if board.second is None:
            assert board.first not in book.byes, "a second bye"
            continue
        seen.add(board.second)
        assert board.second not in book.met[board.first], "a rematch"
    assert seen == set(range(1, book.players + 1))


def check_colours(book: Book) -> None:
    for number, seats in book.seats.items():
        played = seats.replace(ABSENT, "")
        assert abs(played.count(FIRST) - played.count(SECOND)) <= 2, (number, seats)
        assert FIRST * 3 not in played and SECOND * 3 not in played, (number, seats)


@pytest.mark.parametrize(("seed", "players"), [(seed, (8, 9, 12, 16)[seed % 4]) for seed in range(8)])
def test_random_swiss_tournaments_keep_the_absolute_rules(seed: int, players: int) -> None:
    rng = random.Random(seed)
    rounds = 5
    book = Book(players)
    for round_number in range(1, rounds + 1):
        boards = book.pair(round_number, rounds)
        check_pairing(book, boards)
        book.play(boards, {board.number: rng.choice((0.0, 0.5, 1.0)) for board in boards})
        if round_number < rounds:  # the last round may give a leader a third colour (C.04.3 C3)
            check_colours(book)


# FIDE Handbook C.05, Annex 1: the Berger table for 5 or 6 players (white first).
BERGER_6 = [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
            [(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]


def test_round_robin_follows_the_berger_table() -> None:
    assert berger_rounds(6) == 5
    assert [games(berger_round(6, r)) for r in range(1, 6)] == BERGER_6


def test_round_robin_of_an_odd_number_gives_a_bye_where_the_table_has_the_missing_player() -> None:
    assert berger_rounds(5) == 5
    for number, table in enumerate(BERGER_6, 1):
        boards = berger_round(5, number)
        expected = [pair for pair in table if 6 not in pair]
        bye = next(a if b == 6 else b for a, b in table if 6 in (a, b))
        assert games(boards) == [*expected, (bye, None)]


def test_double_round_robin_reverses_the_seats() -> None:
    assert berger_rounds(4, double=True) == 6
    everyone = [pair for r in range(1, 7) for pair in games(berger_round(4, r, double=True))]
    assert sorted(everyone) == sorted({(a, b) for a in range(1, 5) for b in range(1, 5) if a != b})


def test_round_robin_asks_for_a_round_it_has() -> None:
    with pytest.raises(PairingError, match="has 5 rounds"):
        berger_round(6, 6)
    with pytest.raises(PairingError, match="two players"):
        berger_round(1, 1)


def test_seats_go_to_the_higher_ranked_by_points_before_pairing_number() -> None:
    # E.4: both last had the second seat after a first (each due the first seat, mildly); the higher
    # ranked is the one with more points (A.2), here number 18, not number 1.
    one = Entrant(1, 0.5, seats=FIRST + SECOND)
    eighteen = Entrant(18, 1.0, seats=FIRST + SECOND)
    assert allocate_seats(one, eighteen) == (eighteen, one)
    assert allocate_seats(eighteen, one) == (eighteen, one)


def test_seats_alternate_from_the_last_round_the_two_had_different_colours() -> None:
    # E.3: equal preferences (both due the second seat, mildly), histories differing in round 1:
    # each takes the colour he did not have then.
    a = Entrant(3, 1.0, seats=FIRST + SECOND + FIRST)
    b = Entrant(4, 1.0, seats=SECOND + FIRST + FIRST)
    assert preference(a) == (SECOND, 2) and preference(b) == (SECOND, 3)
    assert allocate_seats(a, b) == (a, b)          # E.2: b's absolute preference first
    c = Entrant(5, 1.0, seats=FIRST + SECOND + SECOND + ABSENT + FIRST)
    d = Entrant(6, 1.0, seats=SECOND + FIRST + SECOND + ABSENT + FIRST)
    assert preference(c) == preference(d) == (SECOND, 1)
    # the last round they had different colours is round 2: c had the second seat, d the first
    assert allocate_seats(c, d) == allocate_seats(d, c) == (c, d)
    assert allocate_seats(Entrant(7, 0.0), Entrant(8, 0.0)) == (Entrant(7, 0.0), Entrant(8, 0.0))  # E.5
    assert allocate_seats(Entrant(2, 0.0), Entrant(8, 0.0)) == (Entrant(8, 0.0), Entrant(2, 0.0))
