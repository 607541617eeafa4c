"""Issue: a whole game played without looking. A player in reading mode against the computer on the
simulated board decides every motion of his hands from the spoken words alone (:mod:`.no_look`):
Backgammon and English draughts, each a whole game (some 15 seconds)."""

from __future__ import annotations

from tablier.play.dice import Dice
from tablier.play.runner import PlayResult, play
from tablier.play.session import PlayOptions
from tablier.speech import Announcer, Phrases

from .no_look import DraughtsMind, Ears, Mind, NoLookPlayer, TablesMind

ME, COMPUTER = "Ann", "computer"


def no_look_game(game: str, mind: Mind, ears: Ears, seed: int = 4) -> PlayResult:
    """``game`` against the computer (level 1) to its end, player 1 reading the board by touch and
    hearing everything."""
    options = PlayOptions(players=(ME, "computer:1"), reading=(1,))
    announcer = Announcer(Phrases("en"), ears, "everything", (1,), (ME, COMPUTER))
    family = "tables" if isinstance(mind, TablesMind) else "draughts"
    return play(game, options, Dice(seed), sim=True, timeout=300, announcer=announcer,
                make_actor=lambda hands, cable: NoLookPlayer(hands, ears, mind, [("setup", family)]))


def _checked(result: PlayResult, mind: Mind, ears: Ears) -> None:
    """What a player would notice: the game played to its end from what he heard, every move of his
    read by the board as he made it (no false move), his reads and his moves counted."""
    session = result.session
    assert session.over and mind.over, ears.said[-10:]
    assert ears.said[-1].startswith(("You win", f"{COMPUTER} wins", "The game is drawn"))
    mine = [n for n, mover in zip(session.committed, session.movers, strict=True) if mover == 0]
    assert len(mine) == mind.turns and mind.reads >= mind.turns >= 5, (mind.turns, mind.reads)
    assert not [s for s in ears.said if s.startswith("That is not a legal move")]
    # each of the computer's moves he heard once, and made on his board as he heard it
    theirs = [n for n, mover in zip(session.committed, session.movers, strict=True) if mover == 1]
    assert len([s for s in ears.said if s.startswith(f"{COMPUTER} plays ")]) == len(theirs)


def test_backgammon_played_from_speech_alone() -> None:
    ears = Ears()
    mind = TablesMind(ME, COMPUTER)
    result = no_look_game("backgammon", mind, ears)
    _checked(result, mind, ears)
    # his picture of the men, made of words only, is the board's
    position = result.session.flow.position  # type: ignore[attr-defined]
    assert {p: n for p, n in mind.mine.items() if n} == {p: n for p, n in enumerate(position.boards[0]) if n}


def test_english_draughts_played_from_speech_alone() -> None:
    ears = Ears()
    mind = DraughtsMind(ME, COMPUTER)
    result = no_look_game("english", mind, ears)
    _checked(result, mind, ears)
    assert mind.board.fen() == result.session.board.fen()  # type: ignore[attr-defined]
