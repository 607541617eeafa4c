"""Who plays whom: Swiss rounds by FIDE's Dutch system and round-robin rounds by the Berger tables.

The Dutch system (FIDE Handbook C.04.3) pairs players within score groups, top half against bottom
half; never the same two players twice, never a second bye to anyone; colours balanced (no one
three times running with one colour, nor two games more with one colour than the other, save a
leader in the last round); floaters moved between score groups as seldom and as fairly as the
rules' criteria allow. Who meets whom is the ``caissify-pairings`` library's search (PyPI,
Apache-2.0; ``docs/club-evening.md`` says why it was chosen and how it was checked against
bbpPairings, the reference engine). Who takes which colour on each board is decided here by the
Dutch system's colour allocation rules (E.1 to E.5), "higher ranked" meaning more points, then the
lower pairing number, as the rules define it (A.2).

"White" in the pairing rules is the colour that moves first: in Tablier it is side 0 (Black in
draughts, who moves first under the Checker Laws; the player of side 0 in a tables game). A board's
:attr:`Board.first` plays side 0.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from caissify_pairings import generate_pairings
from caissify_pairings.engines.round_robin import berger_round as berger_table

from tablier.errors import TablierError

FIRST = "W"
SECOND = "B"
ABSENT = "-"
"""A round a player did not play (a bye, a withdrawal, a late entry) in :attr:`Entrant.seats`."""

_SEATS = {FIRST: "white", SECOND: "black", ABSENT: "none"}
_FLOATS = {"D": "down", "U": "up", "": "none"}


class PairingError(TablierError):
    """No pairing can be made (every possible one breaks an absolute rule), or the request is wrong."""


@dataclass(frozen=True)
class Entrant:
    """One player as the pairing sees him before a round.

    ``number`` his pairing number (1 for the top seed), ``points`` his score, ``seats`` his seat in
    each round so far (:data:`FIRST`, :data:`SECOND`, :data:`ABSENT`), ``opponents`` the numbers of
    the players he has met, ``had_bye`` whether he was given a pairing-allocated bye, ``floats`` his
    float in each round so far (``D`` moved down, ``U`` moved up, '' neither)."""

    number: int
    points: float
    rating: int = 0
    seats: str = ""
    opponents: tuple[int, ...] = ()
    had_bye: bool = False
    floats: tuple[str, ...] = ()


@dataclass(frozen=True)
class Board:
    """One pairing of a round: ``first`` plays side 0, ``second`` side 1 (None: ``first`` has the
    bye); ``number`` the board's order in the round (1: the top board); ``floats`` each player's
    float this round ('' none, ``D`` down, ``U`` up)."""

    number: int
    first: int
    second: int | None
    floats: tuple[str, str] = ("", "")

    @property
    def bye(self) -> bool:
        return self.second is None


def swiss_round(entrants: Sequence[Entrant], round_number: int, total_rounds: int) -> list[Board]:
    """The next round by the Dutch system (entrants not playing this round left out by the caller);
    :class:`PairingError` when no pairing keeps the absolute rules (the organiser then decides)."""
    if not entrants:
        return []
    if not 1 <= round_number <= total_rounds:
        raise PairingError(f"round {round_number} is not one of {total_rounds} rounds")
    by_number = {entrant.number: entrant for entrant in entrants}
    if len(by_number) != len(entrants):
        raise PairingError("two players have the same pairing number")
    for entrant in entrants:
        if set(entrant.seats) - set(_SEATS) or set(entrant.floats) - set(_FLOATS):
            raise PairingError(f"player {entrant.number}'s history {entrant.seats!r} {entrant.floats!r} "
                               "is not made of W, B, - and D, U")
    met = {tuple(sorted((entrant.number, other))) for entrant in entrants for other in entrant.opponents
           if other in by_number}
    players = [{"id": entrant.number, "name": str(entrant.number), "score": entrant.points,
                "rating": entrant.rating, "starting_number": entrant.number,
                "color_hist": [_SEATS[seat] for seat in entrant.seats],
                "float_history": [_FLOATS[float_] for float_ in entrant.floats],
                "bye_count": int(entrant.had_bye)} for entrant in entrants]
    logging.getLogger("caissify_pairings").setLevel(logging.ERROR)
    try:
        found = generate_pairings(system="dutch", players=players, previous_pairings=met,
                                  round_number=round_number, total_rounds=total_rounds)
    except (ValueError, IndexError, KeyError) as error:
        raise PairingError(f"round {round_number} cannot be paired: {error}") from None
    pairs = [(by_number[row["white_id"]], by_number[row["black_id"]]) for row in found
             if row.get("black_id") is not None]
    byes = [by_number[row["white_id"]] for row in found if row.get("black_id") is None]
    paired = {entrant.number for pair in pairs for entrant in pair} | {entrant.number for entrant in byes}
    if len(byes) > 1 or paired != set(by_number) or any(a.number in b.opponents for a, b in pairs):
        raise PairingError(f"round {round_number} cannot be paired without a rematch or a second bye: "
                           "the organiser decides (FIDE Handbook C.04.3, the absolute criteria)")
    boards = []
    for index, (one, other) in enumerate(pairs, 1):
        first, second = allocate_seats(one, other)
        floats = (_float(first, second), _float(second, first))
        boards.append(Board(index, first.number, second.number, floats))
    boards += [Board(len(boards) + 1, entrant.number, None, ("D", "")) for entrant in byes]
    return boards


def _float(player: Entrant, opponent: Entrant) -> str:
    if player.points == opponent.points:
        return ""
    return "D" if player.points > opponent.points else "U"


def preference(entrant: Entrant) -> tuple[str, int]:
    """His colour preference and its strength (FIDE C.04.3 A.6): 3 absolute (a colour difference
    beyond 1, or the same colour in his last two games), 2 strong (a difference of 1), 1 mild (level:
    the other colour than his last game), 0 none (no game yet)."""
    played = entrant.seats.replace(ABSENT, "")
    if not played:
        return "", 0
    difference = played.count(FIRST) - played.count(SECOND)
    other = SECOND if played[-1] == FIRST else FIRST
    if difference > 1:
        return SECOND, 3
    if difference < -1:
        return FIRST, 3
    if played[-2:] in (FIRST * 2, SECOND * 2):
        return other, 3
    if difference:
        return (SECOND if difference > 0 else FIRST), 2
    return other, 1


def allocate_seats(one: Entrant, other: Entrant) -> tuple[Entrant, Entrant]:
    """Who of a pair takes the first seat, by the Dutch system's colour allocation rules: E.1 both
    preferences granted; E.2 the stronger one (both absolute: the wider colour difference); E.3 the
    colours of the last round in which they had different colours, alternated; E.4 the preference of
    the higher ranked; E.5 the higher ranked takes the initial colour with an odd pairing number."""
    (want_one, strength_one), (want_other, strength_other) = preference(one), preference(other)
    higher = one if (one.points, -one.number) > (other.points, -other.number) else other

    def granting(player: Entrant, colour: str) -> tuple[Entrant, Entrant]:
        partner = other if player is one else one
        return (player, partner) if colour == FIRST else (partner, player)

    if want_one and want_other and want_one != want_other:                     # E.1
        return granting(one, want_one)
    if strength_one != strength_other:                                          # E.2
        return granting(one, want_one) if strength_one > strength_other else granting(other, want_other)
    if strength_one == 3:
        spread_one, spread_other = (abs(_difference(p)) for p in (one, other))
        if spread_one != spread_other:
            return granting(one, want_one) if spread_one > spread_other else granting(other, want_other)
    for seat_one, seat_other in reversed(list(zip(one.seats, other.seats, strict=False))):   # E.3
        if {seat_one, seat_other} == {FIRST, SECOND}:
            return (one, other) if seat_one == SECOND else (other, one)
    if strength_one:                                                            # E.4
        return granting(higher, want_one if higher is one else want_other)
    return granting(higher, FIRST if higher.number % 2 else SECOND)            # E.5


def _difference(entrant: Entrant) -> int:
    return entrant.seats.count(FIRST) - entrant.seats.count(SECOND)


def berger_round(players: int, round_number: int, *, double: bool = False) -> list[Board]:
    """Round ``round_number`` of a round robin of ``players`` (pairing numbers 1 to ``players``) by
    the Berger tables (FIDE Handbook C.05, Annex 1); with an odd number, the player who would meet
    the missing one has the bye. ``double``: the pairs meet again in a second cycle, seats reversed."""
    if players < 2:
        raise PairingError("a round robin needs two players or more")
    rounds = berger_rounds(players, double=double)
    if not 1 <= round_number <= rounds:
        raise PairingError(f"a round robin of {players} players has {rounds} rounds, not {round_number}")
    slots = players + players % 2
    cycle, number = divmod(round_number - 1, slots - 1)
    boards: list[Board] = []
    bye = None
    for first, second in berger_table(slots, number + 1):
        if cycle:
            first, second = second, first
        if players < max(first, second):
            bye = min(first, second)
            continue
        boards.append(Board(len(boards) + 1, first, second))
    if bye is not None:
        boards.append(Board(len(boards) + 1, bye, None))
    return boards


def berger_rounds(players: int, *, double: bool = False) -> int:
    """How many rounds a round robin of ``players`` takes."""
    return (players - 1 + players % 2) * (2 if double else 1)
