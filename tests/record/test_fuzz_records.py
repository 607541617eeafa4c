"""Fuzzing the ``.mat`` and SGF readers with mutated shared files.

Each mutation (a line dropped, doubled or swapped, a character changed, the file cut, bytes
inserted) must be read or refused with a :class:`RecordError` of one line that names the file
and, for a fault inside a game, the game and the move (or action). Nothing else may escape.
The default run makes 300 mutants per format; ``-m full`` 5,000 per format.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.record.game_record import RecordError
from tablier.record.mat_reader import read_mat
from tablier.record.sgf import read_sgf, write_sgf
from tablier.record.text_decoding import decode_record_text

BACKGAMMON = Path(os.environ["TABLIER_SHARED"], "corpora/backgammon")
MAT_FILES = sorted((BACKGAMMON / "mat").glob("*"), key=lambda path: path.stat().st_size)[:12] \
    if BACKGAMMON.is_dir() else []
SGF_FILES = sorted((BACKGAMMON / "sgf").glob("*.sgf")) if BACKGAMMON.is_dir() else []
needs_corpus = pytest.mark.skipif(not MAT_FILES, reason="the backgammon corpus is not here")
NOISE = "0123456789/*:()[];\\ \n\tabcdefwyzWBoff bar Doubles Takes Drops Wins Losses point match Game"


def _mutant(text: str, rng: random.Random) -> str:
    lines = text.splitlines(keepends=True)
    kind = rng.randrange(7)
    if kind == 0 and lines:
        del lines[rng.randrange(len(lines))]
    elif kind == 1 and lines:
        index = rng.randrange(len(lines))
        lines.insert(index, lines[index])
    elif kind == 2 and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3:
        return text[:rng.randrange(len(text) + 1)]
    else:
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(chars) + 1)
            piece = rng.choice(NOISE.split(" ")) if kind == 4 else rng.choice(NOISE)
            if kind == 6 and chars:
                chars[min(at, len(chars) - 1)] = piece
            else:
                chars.insert(at, piece)
        return "".join(chars)
    return "".join(lines)


def _fuzz(read: Callable[[str, str], object], source: str, texts: list[str], count: int, seed: int) -> None:
    rng = random.Random(seed)
    refused = 0
    for number in range(count):
        mutant = _mutant(rng.choice(texts), rng)
        try:
            read(mutant, source)
        except RecordError as error:
            refused += 1
            message = str(error)
            assert "\n" not in message and message.startswith(f"{source}: "), (number, message)
            if re.search(r"\b(move|action) \d+", message):
                assert re.match(rf"{re.escape(source)}: game \d+, (move|action) \d+", message), message
            assert "Traceback" not in message and "\ufffd" not in message
    assert refused  # the mutations do reach the readers' refusals


def _texts(paths: list[Path]) -> list[str]:
    return [decode_record_text(path.read_bytes())[0] for path in paths]


@needs_corpus
def test_mutated_mat_files_are_read_or_refused_in_one_line() -> None:
    _fuzz(read_mat, "fuzz.mat", _texts(MAT_FILES), 300, seed=1)


def _sgf_texts() -> list[str]:
    """The shared SGF files (GNU Backgammon's, with its analysis) and the SGF of the small shared
    matches (short games, so that most mutants reach the moves)."""
    return _texts(SGF_FILES) + [write_sgf(read_mat(text, "small.mat")) for text in _texts(MAT_FILES)]


@needs_corpus
def test_mutated_sgf_files_are_read_or_refused_in_one_line() -> None:
    _fuzz(read_sgf, "fuzz.sgf", _sgf_texts(), 300, seed=2)


@pytest.mark.full
@needs_corpus
@pytest.mark.parametrize("seed", range(10))
def test_thousands_of_mutated_files_are_read_or_refused_in_one_line(seed: int) -> None:
    _fuzz(read_mat, "fuzz.mat", _texts(MAT_FILES), 500, seed=100 + seed)
    _fuzz(read_sgf, "fuzz.sgf", _sgf_texts(), 500, seed=200 + seed)
