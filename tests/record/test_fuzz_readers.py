"""Fuzzed records: mutated real files into every reader the command line exposes, never a crash.

Each reader (PDN, Tablier JSON records, Position and Match IDs, draughts FEN, the tables position
text, sim scripts) takes thousands of mutations of shared files in ``make test-full`` and a few
hundred in the default run. A mutation is read or refused with the reader's own error, in one line
that names the file (and, for a record, the game and the move); no ``IndexError``, ``TypeError``,
``UnicodeDecodeError`` or traceback reaches the user.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from record_factory import draughts_record, tables_record

from tablier.draughts.catalog import make_board
from tablier.draughts.fen import parse_fen
from tablier.draughts.pdn import GameBuilder, read_games
from tablier.draughts.pdn_replay import replay_game as replay_pdn
from tablier.draughts.variants import find_variant
from tablier.errors import TablierError
from tablier.play.script import ScriptError, parse_script, read_script
from tablier.record.game_record import RecordError
from tablier.record.importing import read_records
from tablier.record.json_format import dumps
from tablier.record.pdn_records import iter_pdn
from tablier.record.text_decoding import decode_record_text
from tablier.tables.gnubg_id import decode_match, decode_position
from tablier.tables.position_text import parse_position

CORPORA = Path(os.environ["TABLIER_SHARED"], "corpora")
SCRIPTS = Path(__file__).resolve().parents[1] / "play" / "scripts"
needs_corpora = pytest.mark.skipif(not CORPORA.is_dir(), reason="the shared corpora are not here")

#: Mutations per reader: a sample by default, thousands in `make test-full`.
SAMPLE, FULL = 150, 3000
#: Text that readers find hard: syntax of the formats, numbers out of range, odd characters.
_NASTY = [b"[", b"]", b'"', b"{", b"}", b"(", b")", b"x", b"-", b":", b"/", b"*", b"1-0", b"\n", b"\r",
          b"\x00", b"\xff", b"\xe9", b"\xc3", b"999999999999", b"-1", b"K", b"W", b"B", b"null", b"[]",
          b"{}", b"true", b"1.5", b'"x"', b"0", b"33", b"\xef\xbb\xbf", b"\xff\xfe", b"nan", "²".encode(),
          b"\t", b"#", b"%", b" / "]


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three random edits of ``data``: flip, delete, duplicate, insert, truncate."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        if not out:
            out += rng.choice(_NASTY)
            continue
        at = rng.randrange(len(out))
        choice = rng.randrange(6)
        if choice == 0:
            out[at] ^= 1 << rng.randrange(8)
        elif choice == 1:
            del out[at:at + rng.randint(1, 40)]
        elif choice == 2:
            size = rng.randint(1, 80)
            out[at:at] = out[at:at + size]
        elif choice == 3:
            out[at:at] = rng.choice(_NASTY)
        elif choice == 4:
            out = out[:at]
        else:
            out[at] = rng.randrange(256)
    return bytes(out)


def _one_line(message: str, *names: str) -> None:
    assert "\n" not in message and "Traceback" not in message, message
    for name in names:
        assert name in message, f"{name!r} not named in {message!r}"


def _runs(count: int) -> list[Any]:
    return [pytest.param(count, id="sample"), pytest.param(FULL, id="full", marks=pytest.mark.full)]


def _fuzz(seeds: list[bytes], count: int, read: Callable[[bytes], None], seed: int) -> None:
    rng = random.Random(seed)
    for number in range(count):
        data = mutate(rng.choice(seeds), rng)
        try:
            read(data)
        except AssertionError:
            raise
        except Exception as error:
            pytest.fail(f"mutation {number} ({data[:120]!r}...): {type(error).__name__}: {error}")


# -- PDN ---------------------------------------------------------------------------------------------

def _pdn_seeds() -> list[bytes]:
    seeds = [path.read_bytes() for path in sorted((CORPORA / "draughts" / "edge_cases").glob("*.pdn"))]
    for name in ("english/OCA_2.0_excerpt_wiegerw.pdn", "english/positions_beginner.pdn",
                 "international/Partie_avec_FEN1.pdn", "international/kurnik.pdn"):
        text = (CORPORA / "draughts" / name).read_bytes()
        seeds += [text[:3000], text[len(text) // 2:len(text) // 2 + 3000]]
    return seeds


def _read_pdn(data: bytes) -> None:
    try:
        text = decode_record_text(data)[0]
    except RecordError as error:
        _one_line(str(error))
        return
    for result in iter_pdn(text, "fuzz.pdn"):
        if result.record is None:
            _one_line(result.error, "fuzz.pdn", f"game {result.game}")
        for warning in result.warnings:
            _one_line(warning, "fuzz.pdn", f"game {result.game}")
    for game in read_games(text, GameBuilder):
        replay = replay_pdn(game, find_variant("polish10"))
        if replay.failure is not None:
            _one_line(replay.failure.reason)


@needs_corpora
@pytest.mark.parametrize("count", _runs(SAMPLE))
def test_mutated_pdn_files_are_read_or_refused_in_one_line(count: int) -> None:
    _fuzz(_pdn_seeds(), count, _read_pdn, 1)


# -- JSON records --------------------------------------------------------------------------------------

def _json_seeds() -> list[bytes]:
    records = [tables_record("backgammon", 3, plies=40), tables_record("jacquet", 4, plies=40),
               draughts_record("english", 5, plies=30), draughts_record("polish10", 6, plies=20)]
    seeds = [dumps(record).encode() for record in records]
    return seeds + [json.dumps(json.loads(seed)).encode() for seed in seeds]  # compact too


def _json_reader(tmp_path: Path) -> Callable[[bytes], None]:
    path = tmp_path / "fuzz.json"

    def read(data: bytes) -> None:
        path.write_bytes(data)
        try:
            read_records(path)
        except RecordError as error:
            _one_line(str(error), str(path))
    return read


@pytest.mark.parametrize("count", _runs(SAMPLE))
def test_mutated_json_records_are_read_or_refused_in_one_line(count: int, tmp_path: Path) -> None:
    _fuzz(_json_seeds(), count, _json_reader(tmp_path), 2)


@pytest.mark.parametrize(("text", "reason"), [
    ("[" * 100_000, "nested too deep to read"),
    ('{"format": "tablier-record", "version": ' + "9" * 5000 + "}", "Exceeds the limit (4300 digits)"),
    ('{"format": "tablier-record", "version": 1, "game": "backgammon", "family": "tables", "games": '
     '[{"players": ["a", "b"], "actions": [{"side": 0, "kind": "play", "dice": [3, 1], "moves": [[8]]}]}]}',
     "games[0].actions[0].moves[0]: a tables move is [from, to, hit]"),
])
def test_hostile_json_is_refused_in_one_line(text: str, reason: str, tmp_path: Path) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(text)
    with pytest.raises(RecordError) as refused:
        read_records(path)
    _one_line(str(refused.value), str(path), reason)


def test_a_json_record_refusal_names_the_game_and_the_move(tmp_path: Path) -> None:
    data = json.loads(dumps(draughts_record("english", 5, plies=10)))
    data["games"][0]["actions"][3]["moves"] = [[99, 3]]
    path = tmp_path / "club.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as refused:
        read_records(path)
    _one_line(str(refused.value), str(path), "game 1", "move 4")


# -- Position IDs and Match IDs ------------------------------------------------------------------------

def _gnubg_ids() -> tuple[list[bytes], list[bytes]]:
    positions: set[bytes] = set()
    matches: set[bytes] = set()
    for path in sorted((CORPORA / "backgammon" / "gnubg_text").glob("*.txt"))[:6]:
        text = path.read_text(encoding="utf-8")
        positions |= {found.encode() for found in re.findall(r"Position ID: (\S+)", text)}
        matches |= {found.encode() for found in re.findall(r"Match ID\s*: (\S+)", text)}
    return sorted(positions)[:200], sorted(matches)[:200]


def _read_id(decode: Callable[[str], object]) -> Callable[[bytes], None]:
    def read(data: bytes) -> None:
        text = data.decode("latin-1")
        try:
            decode(text)
        except TablierError as error:
            _one_line(str(error))
    return read


@needs_corpora
@pytest.mark.parametrize("count", _runs(SAMPLE))
def test_mutated_position_and_match_ids_are_refused_in_one_line(count: int) -> None:
    positions, matches = _gnubg_ids()
    _fuzz(positions, count, _read_id(decode_position), 3)
    _fuzz(matches, count, _read_id(decode_match), 4)


# -- draughts FEN and the tables position text ---------------------------------------------------------

def _fens() -> list[bytes]:
    text = (CORPORA / "draughts" / "english" / "positions_beginner.pdn").read_text(encoding="utf-8")
    fens = re.findall(r'\[FEN "([^"]*)"\]', text)
    return [fen.encode() for fen in fens] + [b"W:W31,K27,19:B17,12,K5", b"B:W21-25:BK1,2,3"]


def _read_fen(data: bytes) -> None:
    text = data.decode("latin-1")
    for game in ("english", "polish10"):
        board = make_board(game)
        try:
            parse_fen(text, board.geometry)
            type(board)(text)
        except TablierError as error:
            _one_line(str(error))


@needs_corpora
@pytest.mark.parametrize("count", _runs(SAMPLE))
def test_mutated_fens_are_read_or_refused_in_one_line(count: int) -> None:
    _fuzz(_fens(), count, _read_fen, 5)


def _read_position_text(data: bytes) -> None:
    text = data.decode("latin-1")
    for frame in (None, "parallel"):
        try:
            parse_position(text, frame)
        except TablierError as error:
            _one_line(str(error))


@pytest.mark.parametrize("count", _runs(SAMPLE))
def test_mutated_position_texts_are_read_or_refused_in_one_line(count: int) -> None:
    seeds = [b"W 6x5 8x3 13x5 24x2 / B 6x5 8x3 13x5 24x2 / W", b"W bar 6x4 off x10 / B 1x15",
             b"W 24x15 / B 24x15 / B"]
    _fuzz(seeds, count, _read_position_text, 6)


# -- sim scripts ---------------------------------------------------------------------------------------

def _script_reader(tmp_path: Path) -> Callable[[bytes], None]:
    path = tmp_path / "fuzz.txt"

    def read(data: bytes) -> None:
        path.write_bytes(data)
        try:
            read_script(path)
        except ScriptError as error:
            _one_line(str(error), str(path))
    return read


@pytest.mark.parametrize("count", _runs(SAMPLE))
def test_mutated_sim_scripts_are_read_or_refused_in_one_line(count: int, tmp_path: Path) -> None:
    seeds = [path.read_bytes() for path in sorted(SCRIPTS.glob("*.txt"))]
    _fuzz(seeds, count, _script_reader(tmp_path), 7)


@pytest.mark.parametrize("line", ["lift point 13 /  / put point 7", "move point ² point 5",
                                  "wait nan", "wait -3", "wait inf"])
def test_script_lines_the_validation_missed_are_refused_with_their_line(line: str) -> None:
    with pytest.raises(ScriptError, match=r"^club\.txt:2: "):
        parse_script(f"setup\n{line}\n", "club.txt")
