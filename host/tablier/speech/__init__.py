"""Speech: the host says what happens at the table and what is asked, so that a player can keep his
eyes on the board, or play without seeing it.

* :mod:`.phrases`: the sentences, built from the rules cores' own values (a tables :data:`Play` and
  :class:`Dice`, a draughts :class:`Move`, or their notation), in a language whose words are data
  (``words/en.toml``, ``words/fr.toml``);
* :mod:`.announcer`: one call per event of the game, kept to the listeners' verbosity (``off``,
  ``adversary``, ``everything``);
* :mod:`.speaker`: the worker thread and its bounded queue, so that speaking never blocks the game;
* :mod:`.voice`: Debian's espeak-ng as a child process (speaking, or writing WAV files), and the
  stand-ins: a transcript, silence.

The package imports the rules cores and nothing of the board, the link, play or records.
"""

from .announcer import ADVERSARY, EVERYTHING, OFF, VERBOSITIES, Announcer, open_announcer
from .phrases import LANGUAGES, Phrases
from .speaker import Speaker
from .voice import Espeak, Silence, Transcript, find_espeak

__all__ = ["ADVERSARY", "EVERYTHING", "LANGUAGES", "OFF", "VERBOSITIES", "Announcer", "Espeak",
           "Phrases", "Silence", "Speaker", "Transcript", "find_espeak", "open_announcer"]
