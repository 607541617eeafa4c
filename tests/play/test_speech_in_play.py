"""Speech in play (``--speech``, ``--reading``): what the board says, as a player hears it, on the
simulated board; the sentences are written down by a test's sink instead of spoken."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.play.demo import _hands, seat_names
from tablier.play.dice import Dice
from tablier.play.runner import PlayResult, play
from tablier.play.script import ScriptActor, parse_script
from tablier.play.session import PlayOptions
from tablier.play.view import View
from tablier.speech import Announcer, Phrases


class Heard:
    """A sink that writes the sentences down, in order, urgent or not."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: str, urgent: bool = False) -> None:
        self.said.append(text)


def scripted(game: str, script: str, heard: Heard, listeners: tuple[int, ...] = (1,),
             verbosity: str = "everything", **options: object) -> PlayResult:
    """Play ``script`` on a fresh simulated board, the speech going to ``heard``."""
    actions = parse_script(script, "test-script")
    play_options = PlayOptions(grace_s=0.3, **options)  # type: ignore[arg-type]
    announcer = Announcer(Phrases("en"), heard, verbosity, listeners, play_options.players)
    return play(game, play_options, Dice(1), sim=True, timeout=60, announcer=announcer,
                make_actor=lambda hands, cable: ScriptActor(actions, hands, cable, "test-script"))


def test_a_false_move_is_said_then_each_step_back_then_the_move_made() -> None:
    heard = Heard()
    scripted("english", """
        setup
        move square 14 square 10    # backward
        wait 0.5
        move square 10 square 14
        move square 14 square 18
        press 1
        expect last 14-18
    """, heard, position="B:W32:B14", players=("Ann", "Bob"))
    said = heard.said
    false = said.index("That is not a legal move: 14-10 is a false move (Law 17): a man moves forward only "
                       "(Law 16: only a King moves backward); the piece on 14 can play 14-17, 14-18.")
    assert said[false + 1] == "Lift a man from square 10. Put a man on square 14."
    assert said[false + 2] == "The board is right again."
    assert said[false + 3:] == ["Your move is whole: press your button.", "You play 14 18.", "Bob to play."]
    assert said[0] == "Your turn."


def test_the_computers_moves_are_said_before_they_are_made_and_the_result_at_the_end() -> None:
    heard = Heard()
    players = ("computer:1", "computer:1")
    announcer = Announcer(Phrases("en"), heard, "adversary", (), seat_names(players))
    result = play("english", PlayOptions(players=seat_names(players), grace_s=5.0), Dice(3), sim=True,
                  make_actor=_hands(3, 0.0, players), view=View(io.StringIO(), live=False),
                  announcer=announcer, timeout=120)
    moves = [sentence for sentence in heard.said if " plays " in sentence]
    # each move said once, in the game's notation read aloud (22x15: "22 takes 15"), as it was chosen
    spoken = [move.replace("-", " ").replace("x", " takes ") for move in result.session.committed]
    assert [sentence.split(" plays ")[1].rstrip(".") for sentence in moves] == spoken
    assert heard.said[-1].endswith("wins the game.") or heard.said[-1] == "The game is drawn."
    assert not [sentence for sentence in heard.said if "to play" in sentence]  # "adversary": no turns


def test_reading_mode_says_what_stands_there_and_where_it_may_go() -> None:
    heard = Heard()
    result = scripted("english", """
        setup
        lift square 14 / put square 14
        lift square 32 / put square 32
        lift square 9 / put square 9
        expect moves 0
        move square 14 square 18
        press 1
        expect last 14-18
    """, heard, position="B:W32:B14,9", players=("Ann", "Bob"), reading=(1,))
    assert "square 14: your man. It may go to 17, 18." in heard.said
    assert "square 32: a man of Bob." in heard.said
    assert "square 9: your man. It may go to 13." in heard.said  # 14 is his own
    assert result.session.committed == ["14-18"]


def test_reading_mode_waives_touch_move() -> None:
    heard = Heard()
    result = scripted("english", """
        setup
        lift square 14 / put square 14    # touched, under Law 11 he would have to move it
        move square 9 square 13
        press 1
        expect last 9-13
    """, heard, position="B:W32:B14,9", players=("Ann", "Bob"), reading=(1,),
                      options={"touch_move": "true"})
    assert result.session.committed == ["9-13"]
    assert "square 14: your man. It may go to 17, 18." in heard.said


def test_reading_mode_reads_a_tables_point_in_the_readers_numbers() -> None:
    heard = Heard()
    scripted("backgammon", """
        setup
        dice 3 1
        press 1
        dice 6 1
        press 1
        lift point 13 / put point 13
        lift point 1 / put point 1
        lift point 12 / put point 12
        move point 13 point 7 / move point 8 point 7
        press 1
        expect last 13/7 8/7
    """, heard, players=("Ann", "Bob"), reading=(1,))
    said = heard.said
    assert said[:4] == ["Press a button to throw for the start.", "Ann throws 3, Bob throws 1: Ann begins.",
                        "Your throw.", "You throw 6 1."]
    assert "point 13: 5 of your men. It may go to 7, 6." in said  # Bob holds Ann's 12
    assert "point 1: 2 men of Bob." in said  # Bob's 24 is Ann's 1: each hears his own numbers
    assert "point 12: 5 men of Bob." in said
    assert said[-2:] == ["You play 13 7, 8 7.", "Bob to throw."]
    assert "Your move is whole: press your button." in said, "|".join(said)


def test_without_espeak_the_game_goes_on_and_says_so_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import tablier.speech.announcer as announcer

    monkeypatch.setattr(announcer, "find_espeak", lambda: None)
    actions = parse_script("setup\nmove square 14 square 18\npress 1\nexpect last 14-18\n", "test-script")
    result = play("english", PlayOptions(grace_s=0.3, position="B:W32:B14", speech="everything"), Dice(1),
                  sim=True, timeout=60,
                  make_actor=lambda hands, cable: ScriptActor(actions, hands, cable, "test-script"))
    notices = [m for m in result.session.message_log if "espeak-ng is not installed" in m]
    assert len(notices) == 1 and result.session.committed == ["14-18"]


def test_a_reading_mode_for_nobody_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "english", "--sim", "--no-archive", "--reading", "3"]) == 2
    assert capsys.readouterr().err == ("tablier play: --reading takes 1, 2 or both (the players who read "
                                       "the board by touch), not '3'\n")


def test_a_words_file_must_fill_the_same_blanks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    words = tmp_path / "words.toml"
    words.write_text('[you]\nplay = "You play."\n')
    assert main(["play", "english", "--sim", "--no-archive", "--speech-words", str(words)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "[you] play must fill the blanks move" in err


def test_a_resumed_game_speaks_as_asked_today(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tablier.speech.announcer as announcer
    from tablier.play.resume import resume_log

    monkeypatch.setattr(announcer, "find_espeak", lambda: None)
    actions = parse_script("setup\nmove square 14 square 18\npress 1\n", "test-script")
    first = play("english", PlayOptions(grace_s=0.3, position="B:W32:B14"), Dice(1), sim=True,
                 timeout=60, log_dir=tmp_path,
                 make_actor=lambda hands, cable: ScriptActor(actions, hands, cable, "first"))
    assert first.log_path is not None and not first.session.over
    assert not [m for m in first.session.message_log if "espeak-ng" in m]  # speech off: not a word of it
    again = parse_script("setup\n", "again")
    resumed = resume_log(first.log_path, Dice(1), sim=True, speech={"speech": "everything"},
                         make_actor=lambda hands, cable: ScriptActor(again, hands, cable, "again"))
    assert [m for m in resumed.session.message_log if "espeak-ng is not installed" in m]
