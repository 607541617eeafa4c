"""Speaking never holds the game: a bounded queue on a thread of its own, the oldest sentence dropped
when speech falls behind, an urgent one said at once, and no espeak-ng only one line at the start."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tablier.speech import ADVERSARY, EVERYTHING, OFF, Announcer, Phrases, Speaker, Transcript, open_announcer
from tablier.speech import announcer as announcing
from tablier.speech.voice import MISSING, Espeak, Silence
from tablier.tables.moves import Dice


class StuckVoice:
    """A voice that says nothing until it is let go: as slow as a voice can be."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.started = threading.Event()
        self.go = threading.Event()

    def speak(self, text: str) -> None:
        self.started.set()
        self.go.wait(timeout=30)
        self.said.append(text)

    def stop(self) -> None:
        self.go.set()


def test_saying_never_waits_for_the_voice_and_drops_the_oldest_sentences() -> None:
    voice = StuckVoice()
    speaker = Speaker(voice, queue_size=4)
    speaker.say("first")
    assert voice.started.wait(10)  # the voice is busy with the first sentence, and stuck
    for number in range(20):  # a loop that never returned would hang here
        speaker.say(f"move {number}")
    assert speaker.dropped == 16  # four wait; the oldest went
    voice.go.set()
    assert speaker.wait(10)
    assert voice.said == ["first", "move 16", "move 17", "move 18", "move 19"]
    speaker.close()


def test_an_urgent_sentence_cuts_the_one_being_said_and_what_waits() -> None:
    voice = StuckVoice()
    speaker = Speaker(voice)
    speaker.say("Alice plays 13 7.")
    assert voice.started.wait(10)
    speaker.say("Your turn.")
    speaker.say("Lift a man from point 13.", urgent=True)
    assert speaker.wait(10)
    assert voice.said == ["Alice plays 13 7.", "Lift a man from point 13."]
    speaker.close()


def test_a_failing_voice_does_not_silence_the_rest() -> None:
    class Failing(Transcript):
        def speak(self, text: str) -> None:
            if text == "boom":
                raise OSError("no device")
            super().speak(text)

    voice = Failing()
    speaker = Speaker(voice)
    for text in ("one", "boom", "two"):
        speaker.say(text)
    assert speaker.wait(10) and voice.said == ["one", "two"] and speaker.dropped == 1
    speaker.close()


def test_no_espeak_is_one_line_at_the_start_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(announcing, "find_espeak", lambda: None)
    announcer, speaker, notice = open_announcer("fr", EVERYTHING, names=("Alice", "Bob"))
    assert notice == MISSING
    assert notice == "speech is off: espeak-ng is not installed (Debian: apt-get install espeak-ng)"
    assert speaker is not None and isinstance(speaker.voice, Silence)
    announcer.throw(2, Dice(6, 5))
    assert speaker.wait(10)
    speaker.close()
    quiet, none, said = open_announcer(verbosity=OFF)
    assert none is None and said == ""
    quiet.throw(1, Dice(1, 1))


def test_espeak_without_a_sound_device_says_so_once(tmp_path: Path) -> None:
    fake = tmp_path / "espeak-ng"
    fake.write_text("#!/bin/sh\necho 'ALSA lib pcm.c: Unknown PCM default' >&2\n"
                    "echo 'error: No such file or directory' >&2\n")
    fake.chmod(0o755)
    voice = Espeak(str(fake), "en-gb")
    voice.speak("Your turn.")
    voice.speak("Your turn.")
    assert voice.problem == "espeak-ng could not speak: error: No such file or directory"


def test_the_verbosity_keeps_to_the_adversary_or_says_everything() -> None:
    def told(verbosity: str) -> list[str]:
        sink = Sink()
        announcer = Announcer(Phrases("en"), sink, verbosity, listeners={1}, names=("Alice", "computer"))
        announcer.turn(1, throw=True)
        announcer.throw(1, Dice(3, 1))
        announcer.tables_play(1, "8/5 6/5")
        announcer.throw(2, Dice(6, 4))
        announcer.tables_play(2, "24/18 13/9")
        announcer.false_move("a man on the bar must enter first")
        announcer.mend("tables", ("point", 5), ("point", 8))
        announcer.warning("very bad", 0.25, 3, "8/5 6/5")
        announcer.result(1, 2, "point")
        return sink.said

    assert told(ADVERSARY) == ["computer throws 6 4.", "computer plays 24 18, 13 9.", "You win 2 points."]
    everything = told(EVERYTHING)
    assert everything[:3] == ["Your throw.", "You throw 3 1.", "You play 8 5, 6 5."]
    assert "Lift a man from point 5. Put a man on point 8." in everything and len(everything) == 9
    assert told(OFF) == []
    with pytest.raises(ValueError, match="speech is off, adversary, everything"):
        Announcer(Phrases("en"), Sink(), "loud")


def test_two_listeners_hear_each_other_by_name_and_plain_words_on_asking() -> None:
    sink = Sink()
    announcer = Announcer(Phrases("en"), sink, ADVERSARY, listeners={1, 2}, names=("Alice", "Bob"),
                          plain=True)
    announcer.tables_play(2, "bar/22*")
    assert sink.said == []  # both listen at the board: nobody is an adversary far away
    announcer.result(2, 1, "point")
    assert sink.said == ["Bob wins 1 point."]
    announcer.verbosity = EVERYTHING
    announcer.tables_play(2, "bar/22*")
    assert sink.said[-1] == "Bob plays from the bar to 22, hitting."


class Sink:
    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: str, urgent: bool = False) -> None:
        self.said.append(text)
