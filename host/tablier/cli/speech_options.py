"""The speech options of ``tablier play`` and ``tablier demo`` (``docs/speech.md``), and ``tablier
play``'s reading mode (``--reading``, ``docs/reading-mode.md``): added to a parser, checked in one
line each, and handed to :class:`~tablier.play.options.PlayOptions`."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def add_speech_arguments(parser: argparse.ArgumentParser, reading: bool = True) -> None:
    """Add ``--speech``, ``--speech-language``, ``--speech-words``, ``--speech-moves`` (and, with
    ``reading``, ``--reading``) to ``parser``."""
    # the levels and languages are checked by speech_problem: the speech package, which names them,
    # loads the rules cores, and the command line starts without them
    parser.add_argument("--speech", metavar="off|adversary|everything", default=None,
                        help="say aloud what happens (espeak-ng): the adversary's throws and moves and the "
                             "result, or everything (your own moves, whose turn, false moves and how to mend "
                             "them, the teacher's warnings); off by default, everything with --reading")
    parser.add_argument("--speech-language", metavar="en|fr", default="en",
                        help="the language spoken (default en)")
    parser.add_argument("--speech-words", type=Path, metavar="FILE",
                        help="a TOML file of phrases said instead of the language's own (docs/speech.md)")
    parser.add_argument("--speech-moves", choices=("notation", "plain"), default="notation",
                        help="moves said in the game's notation read aloud (13 7, 8 7 hit) or in plain "
                             "words (from 13 to 7; from 8 to 7, hitting)")
    if reading:
        parser.add_argument("--reading", metavar="1|2|both",
                            help="reading mode for a player who cannot see the board: a man lifted and put "
                                 "back says what stands there and where it may go; his press commits; "
                                 "touch-move is waived for him (docs/reading-mode.md)")


def speech_problem(args: argparse.Namespace) -> str:
    """What is wrong with the speech options ('' when nothing): a level or language Tablier does not
    have, a words file that cannot be used, a ``--reading`` that names no player."""
    from tablier.play.reading import parse_readers
    from tablier.speech import LANGUAGES, VERBOSITIES, Phrases

    if args.speech is not None and args.speech not in VERBOSITIES:
        return f"--speech is one of {', '.join(VERBOSITIES)}, not {args.speech!r}"
    if args.speech_language not in LANGUAGES:
        return f"--speech-language is one of {', '.join(LANGUAGES)}, not {args.speech_language!r}"
    try:
        if getattr(args, "reading", None):
            args.reading = parse_readers(args.reading)
        if args.speech_words is not None:
            Phrases(args.speech_language, args.speech_words)
    except ValueError as error:
        return str(error)
    return ""


def speech_options(args: argparse.Namespace) -> dict[str, Any]:
    """The :class:`~tablier.play.options.PlayOptions` fields the speech options set."""
    readers = getattr(args, "reading", None) or ()
    return {"speech": args.speech or ("everything" if readers else "off"),
            "speech_language": args.speech_language,
            "speech_words": str(args.speech_words or ""),
            "speech_plain": args.speech_moves == "plain",
            "reading": tuple(readers)}
