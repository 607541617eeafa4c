"""Ticktack's game flow (rules/ticktack.md rules 6, 13, 19-26): first move, touch and take, claims,
"Why not?", vying and conceding."""

from __future__ import annotations

import pytest

from tablier.errors import IllegalMoveError
from tablier.tables.moves import Dice, Move
from tablier.tables.position import BLACK, WHITE, Position
from tablier.tables.position_text import parse_position
from tablier.tables.ticktack import Ticktack
from tablier.tables.ticktack_game import AWAIT_CLAIM_ANSWER, AWAIT_PLAY, AWAIT_THROW, OVER, TicktackGame

GOING_IN_AND_HIT = "W 22 16 14 24x12 / B 6 24x14 / W"     # 5-3: Going in (2) and a Hit (1)
HIT_ONLY = "W 22 24x14 / B 7 24x14 / W"                   # 4-2: a Hit on White's 18


def game_at(text: str, dice: Dice | None = None, **options: object) -> TicktackGame:
    variant = Ticktack(**options)  # type: ignore[arg-type]
    position: Position = parse_position(text, "contrary")
    game = TicktackGame(variant, position)
    white_die, black_die = (6, 1) if position.turn == WHITE else (1, 6)
    game.throw_first(white_die, black_die)          # the side to move wins the throw for first move
    if dice is not None:
        game.throw(dice)
    return game


# --- rule 6: first move, every game -------------------------------------------------------------

def test_first_move_higher_die_begins_and_throws_both_dice() -> None:
    game = TicktackGame(Ticktack())
    game.throw_first(4, 4)                # ties throw again
    game.throw_first(2, 5)
    assert game.turn == BLACK and game.state == AWAIT_THROW
    game.throw(Dice(6, 1))
    assert game.state == AWAIT_PLAY


def test_first_move_option_deciding_dice() -> None:
    game = TicktackGame(Ticktack(opening="deciding-dice"))
    game.throw_first(6, 3)
    assert game.turn == WHITE and game.state == AWAIT_PLAY and game.dice == Dice(6, 3)


def test_roll_for_first_move_every_game_by_default() -> None:
    assert TicktackGame(Ticktack(), first=BLACK).state == "first-move throw"
    loser_starts = TicktackGame(Ticktack(roll_every_game=False), first=BLACK)
    assert loser_starts.state == AWAIT_THROW and loser_starts.turn == BLACK


# --- rule 13: touch and take --------------------------------------------------------------------

def test_touched_man_must_be_played_if_it_can() -> None:
    game = game_at("W 20 24x14 / B 24x15 / W", Dice(3, 1))
    game.touch(20)
    assert all(any(move.src == 20 for move in play) for play in game.legal_plays())
    with pytest.raises(IllegalMoveError, match="touch and take"):
        game.play((Move(24, 21), Move(24, 23)))
    game.play((Move(20, 17), Move(24, 23)))
    assert game.state == AWAIT_THROW


def test_touched_man_that_cannot_move_frees_the_player() -> None:
    game = game_at("W 20 24x14 / B 8x2 6x2 24x11 / W", Dice(3, 1))   # 17 and 19 are stops
    game.touch(20)
    assert game.legal_plays() == game.variant.plays(game.position, Dice(3, 1))


# --- claims (rules 14-21) ----------------------------------------------------------------------

def test_claiming_the_best_win_ends_the_game() -> None:
    game = game_at(GOING_IN_AND_HIT, Dice(5, 3))
    game.claim("Going in")
    assert game.state == OVER and game.outcome is not None
    assert (game.outcome.winner, game.outcome.points) == (WHITE, 2)


def test_hit_claim_pays_single_stake() -> None:
    game = game_at(HIT_ONLY, Dice(4, 2), stake=3)
    game.claim("hit")
    assert game.outcome is not None and game.outcome.points == 3


def test_claim_not_on_the_throw_is_refused() -> None:
    game = game_at(HIT_ONLY, Dice(5, 5))
    with pytest.raises(IllegalMoveError, match="not a win of this throw"):
        game.claim("Hit")


def test_why_not_after_a_missed_win() -> None:
    game = game_at(HIT_ONLY, Dice(4, 2))
    game.play(game.legal_plays()[0])
    assert game.state == AWAIT_THROW and game.turn == BLACK
    game.why_not(BLACK)
    assert game.outcome is not None and (game.outcome.winner, game.outcome.points) == (BLACK, 1)


def test_lesser_claim_does_not_protect() -> None:
    # the note's example: White claims a Hit when Going in was possible: Black's "Why not?" wins 2
    game = game_at(GOING_IN_AND_HIT, Dice(5, 3))
    game.claim("Hit")
    assert game.state == AWAIT_CLAIM_ANSWER
    game.why_not(BLACK)
    assert game.outcome is not None and (game.outcome.winner, game.outcome.points) == (BLACK, 2)


def test_lesser_claim_stands_if_not_caught() -> None:
    game = game_at(GOING_IN_AND_HIT, Dice(5, 3))
    game.claim("Hit")
    game.accept_claim()
    assert game.outcome is not None and (game.outcome.winner, game.outcome.points) == (WHITE, 1)


def test_why_not_window_opens_at_the_first_touch_and_lapses_at_the_next_throw() -> None:
    game = game_at(HIT_ONLY, Dice(4, 2))
    game.touch(24)
    with pytest.raises(IllegalMoveError, match="before a man is touched"):
        game.claim("Hit")
    game.play(game.legal_plays()[0])
    game.throw(Dice(1, 1))                       # Black throws without saying "Why not?"
    with pytest.raises(IllegalMoveError, match="nothing was missed"):
        game.why_not(BLACK)


def test_why_not_window_option_until_the_adversarys_play() -> None:
    game = game_at(HIT_ONLY, Dice(4, 2), why_not_until="play")
    game.play(game.legal_plays()[0])
    game.throw(Dice(1, 1))                       # Black has thrown: he may still say "Why not?"
    game.why_not(BLACK)
    assert game.outcome is not None and game.outcome.winner == BLACK
    late = game_at(HIT_ONLY, Dice(4, 2), why_not_until="play")
    late.play(late.legal_plays()[0])
    late.throw(Dice(1, 1))
    late.touch(late.legal_plays()[0][0].src)     # ...until he touches a man
    with pytest.raises(IllegalMoveError, match="nothing was missed"):
        late.why_not(BLACK)


def test_why_not_without_a_miss_is_refused() -> None:
    game = game_at(HIT_ONLY, Dice(5, 5))
    game.play(game.legal_plays()[0])
    with pytest.raises(IllegalMoveError):
        game.why_not(BLACK)


@pytest.mark.parametrize(("mode", "told_at_once", "told_when_asked"), [
    ("strict", False, False), ("asked", False, True), ("teaching", True, True)])
def test_notice_option(mode: str, told_at_once: bool, told_when_asked: bool) -> None:
    game = game_at(HIT_ONLY, Dice(4, 2), why_not_notice=mode)
    game.play(game.legal_plays()[0])
    assert (game.notice() is not None) is told_at_once
    assert (game.notice(asked=True) is not None) is told_when_asked


# --- stakes (rules 23-26) -----------------------------------------------------------------------

def test_note_example_four_vies_at_stake_six_then_a_double() -> None:
    game = TicktackGame(Ticktack(stake=6), first=WHITE)
    game.throw_first(5, 2)
    for _ in range(4):                        # one vie before each of four throws, each one seen
        game.vie(game.turn)
        game.see()
        game.throw(Dice(2, 1))
        game.play(game.legal_plays()[0])
    assert game.value() == 30 and game.value(2) == 60
    game.position = parse_position(GOING_IN_AND_HIT, "contrary")
    game.throw(Dice(5, 3))
    game.claim("Going in")
    assert game.outcome is not None and game.outcome.points == 60


def test_one_vie_per_throw() -> None:
    game = game_at(HIT_ONLY)
    game.vie(WHITE)
    game.see()
    with pytest.raises(IllegalMoveError, match="one vie per throw"):
        game.vie(BLACK)


def test_yielding_to_a_vie_loses_at_the_stake_as_it_stood() -> None:
    game = game_at(HIT_ONLY, stake=2)
    game.vie(WHITE)
    game.see()
    game.throw(Dice(6, 6))
    game.play(game.legal_plays()[0])
    game.vie(BLACK)
    game.yield_game()
    assert game.outcome is not None and (game.outcome.winner, game.outcome.points) == (BLACK, 4)


def test_conceding_a_single_game() -> None:
    game = game_at(GOING_IN_AND_HIT, stake=5)
    game.vie(BLACK)
    game.see()
    game.concede(BLACK)
    assert game.outcome is not None and (game.outcome.winner, game.outcome.points) == (WHITE, 10)
    with pytest.raises(IllegalMoveError):
        game.concede(WHITE)


def test_bearing_off_the_last_man_wins_double() -> None:
    game = game_at("W 3 2 offx13 / B 24x15 / W", Dice(3, 2))
    (play,) = [play for play in game.legal_plays() if len(play) == 2]
    game.play(play)
    assert game.outcome is not None and (game.outcome.winner, game.outcome.points) == (WHITE, 2)
