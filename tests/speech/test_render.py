"""Whole games said aloud: every sentence of a real game's events rendered by espeak-ng to a WAV file,
each one heard (not silent) and as long as its words should take."""

from __future__ import annotations

import array
import math
import os
import re
import wave
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tablier.record.game_record import DOUBLE, DROP, MOVE, PLAY, TAKE
from tablier.record.importing import read_records
from tablier.record.replay import replay_game
from tablier.speech import EVERYTHING, Announcer, Phrases
from tablier.speech.voice import RATE, Espeak, find_espeak
from tablier.tables.moves import Dice

SHARED = Path(os.environ["TABLIER_SHARED"], "corpora")
BACKGAMMON = SHARED / "backgammon/mat/Llabba_-_faith23_9pt_Backgammon_Studio_2023_09_16_10_54_39.txt"
DRAUGHTS = SHARED / "draughts/english/OCA_2.0_excerpt_wiegerw.pdn"
pytestmark = [pytest.mark.skipif(find_espeak() is None, reason="espeak-ng is not installed"),
              pytest.mark.skipif(not SHARED.is_dir(), reason="the corpora are not here")]

WINDOW_S = 0.02
LOUD = 500
"""A window of 20 ms whose RMS passes this (of 32767) holds speech."""


class Said:
    """The sentences of a game, in order."""

    def __init__(self) -> None:
        self.sentences: list[str] = []

    def say(self, text: str, urgent: bool = False) -> None:
        self.sentences.append(text)


def backgammon_game(language: str, plain: bool = False) -> list[str]:
    """Everything said over a whole game of Backgammon (game 7 of a real match, played to a gammon),
    to player 1 at the board, with a false move mended and a warning on the way."""
    record = read_records(BACKGAMMON).records[0]
    game = record.games[6]
    said = Said()
    names = (game.players[0], game.players[1])
    announcer = Announcer(Phrases(language), said, EVERYTHING, listeners={1}, names=names, plain=plain)
    for number, step in enumerate(replay_game(record, game)):
        player = step.action.side + 1
        if step.action.kind in (DOUBLE, TAKE, DROP):
            announcer.cube(player, step.action.kind, step.action.value)
        if step.action.kind != PLAY:
            continue
        announcer.turn(player, throw=True)
        announcer.throw(player, Dice(*step.action.dice))
        if number == 6 and player == 1:  # a false move, mended, and the teacher's warning
            announcer.false_move("a man must move forward")
            announcer.mend("tables", ("point", 13), ("point", 8))
            announcer.mend("tables", None, None)
            announcer.warning("very bad", 0.213, 3, step.text)
            announcer.hints_left(2)
        announcer.tables_play(player, step.text)
        if player == 1:
            announcer.quality("doubtful" if number % 3 else "best")
    outcome = game.outcome
    assert outcome is not None and outcome.winner is not None
    announcer.result(outcome.winner + 1, outcome.points, "point", match_over=False)
    return said.sentences


def draughts_game(language: str, plain: bool = False) -> list[str]:
    """Everything said over a whole game of English draughts (Anderson against Wyllie, Carluke 1844)."""
    record = read_records(DRAUGHTS).records[2]
    game = record.games[0]
    said = Said()
    announcer = Announcer(Phrases(language), said, EVERYTHING, listeners={1}, names=game.players, plain=plain)
    for step in replay_game(record, game):
        if step.action.kind == MOVE:
            announcer.turn(step.action.side + 1)
            announcer.draughts_move(step.action.side + 1, step.text)
    outcome = game.outcome
    assert outcome is not None
    announcer.result(None if outcome.winner is None else outcome.winner + 1, 1, "game")
    return said.sentences


def spoken_words(text: str) -> int:
    """How many words the voice says: a number with decimals is said digit by digit."""
    return sum(len(re.sub(r"\D", "", token)) + 1 if re.search(r"\d[.,]\d", token) else 1
               for token in text.split())


def heard(path: Path) -> tuple[float, float]:
    """A WAV file's duration (s) and the share of its 20 ms windows that hold speech."""
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2)
        rate = wav.getframerate()
        samples = array.array("h", wav.readframes(wav.getnframes()))
    window = int(rate * WINDOW_S)
    windows = [samples[start:start + window] for start in range(0, len(samples) - window + 1, window)]
    loud = sum(math.sqrt(sum(x * x for x in part) / len(part)) > LOUD for part in windows)
    return len(samples) / rate, loud / max(1, len(windows))


def render_and_hear(sentences: list[str], language: str, folder: Path) -> float:
    """Render each distinct sentence; check each file; the speech's total duration."""
    voice = Espeak(find_espeak() or "espeak-ng", Phrases(language).voice)
    distinct = list(dict.fromkeys(sentences))
    paths = [folder / f"{language}-{number:03}.wav" for number in range(len(distinct))]
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(voice.render, distinct, paths))
    durations = {}
    for text, path in zip(distinct, paths, strict=True):
        duration, speech = heard(path)
        expected = spoken_words(text) * 60 / RATE
        assert speech >= 0.3, f"{text!r} is nearly silent ({speech:.0%} of it heard)"
        assert 0.45 * expected <= duration <= 2.2 * expected + 0.5, (text, duration, expected)
        durations[text] = duration
    return sum(durations[text] for text in sentences)


def test_a_whole_game_of_backgammon_said_in_french(tmp_path: Path) -> None:
    sentences = backgammon_game("fr")
    assert sentences[:3] == ["À vous de jeter les dés.", "Vous faites 6 4.", "Vous jouez 8 2, 6 2."]
    assert any(sentence.startswith("Ce coup n'est pas permis") for sentence in sentences)
    assert sentences[-1].endswith("2 points.")  # a gammon
    total = render_and_hear(sentences, "fr", tmp_path)
    assert total < 12 * len(sentences)


def test_a_whole_game_of_english_draughts_said_in_english(tmp_path: Path) -> None:
    sentences = draughts_game("en")
    assert sentences[:2] == ["Your turn.", "You play 11 15."]
    assert sentences[-1] == "Wyllie, J. wins the game."
    render_and_hear(sentences, "en", tmp_path)


@pytest.mark.full
def test_the_same_games_in_the_other_language_and_in_plain_words(tmp_path: Path) -> None:
    render_and_hear(backgammon_game("en", plain=True), "en", tmp_path)
    render_and_hear(draughts_game("fr", plain=True), "fr", tmp_path)
