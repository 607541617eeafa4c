"""Jellyfish .mat: our reader on every quirk and the real corpus; GNU Backgammon reads what we write.

The default suite reads every tenth corpus match (and every match with an unknown play ``????``) and
has GNU Backgammon (the PyPI binding's ``import mat``) read a sample of the originals and of our
exports; ``-m full`` does every file.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from gnubg_mat import gnubg_read, ours, theirs
from record_factory import tables_record

from tablier.record.game_record import DOUBLE, DROP, PLAY, RESIGN, TAKE, RecordError
from tablier.record.mat_reader import read_mat, read_mat_file
from tablier.record.mat_writer import write_mat
from tablier.record.replay import check_record

CORPUS = Path(os.environ["TABLIER_SHARED"], "corpora/backgammon/mat")
FILES = sorted(CORPUS.glob("*")) if CORPUS.is_dir() else []
UNKNOWN_PLAYS = {  # file start -> (game, move, dice) of the first '????'
    "Gibraltar_Mike": (13, 30, "6-3"), "Llabba_-_DiablodelDados": (10, 22, "6-4"),
    "Llabba_-_DrVirus": (11, 22, "3-1"), "Llabba_-_Ophris": (8, 41, "2-1"), "Minchy": (10, 31, "2-1"),
    "Moderntavla31": (7, 23, "6-5"), "MrPurple": (2, 24, "3-2"),
}
needs_corpus = pytest.mark.skipif(not FILES, reason="the .mat corpus is not here")
needs_gnubg = pytest.mark.skipif(importlib.util.find_spec("gnubg") is None,
                                 reason="the gnubg binding (test-only dependency) is not installed")


def _unknown(path: Path) -> tuple[int, int, str] | None:
    return next((where for start, where in UNKNOWN_PLAYS.items() if path.name.startswith(start)), None)


HEADER = """; [Site "Test"]
; [EventDate "2024.05.11"]

 3 point match

 Game 1
 Ann : 0                        Bob : 0
"""


def _one_game(lines: str) -> str:
    return HEADER + lines


def test_quirks_of_real_files_are_read() -> None:
    text = _one_game(
        "  1)                             52: 13/8 24/22\n"        # the second player starts
        "  2) 33: 6/3 6/3 8/5 8/5         52: 25/23 13/8\n"         # one man per die, bar as 25
        "  3)  Doubles => 2                Takes\n"
        "  4) 11: 3/2(2) 2/1(2)           21: bar/23\n"              # repeat counts, bar as 'bar'
        "  5) 52: 13/8 13/11              31: 25/22 23/22\n"
        "  6) 41: 24/20 11/10             65: 13/7 7/2\n")
    record = read_mat(text, "quirks.mat")
    game = record.games[0]
    assert record.match_length == 3 and record.date == "2024-05-11" and game.players == ("Ann", "Bob")
    kinds = [(action.side, action.kind) for action in game.actions]
    assert kinds[:3] == [(1, PLAY), (0, PLAY), (1, PLAY)]
    assert (0, DOUBLE) in kinds and (1, TAKE) in kinds
    entering = game.actions[2]
    assert entering.moves[0][0] == 25  # '25/23' is the bar
    check_record(record)


def test_bear_off_as_slash_zero_and_in_a_non_executable_order() -> None:
    # 5-5 from a position reached by a short race is hard to build by hand; instead the round trip
    # of a gnubg-style file with '/0' must read as bearing off, and sub-moves out of order too.
    record = tables_record("backgammon", seed=3)
    text = write_mat(record).replace("/off", "/0")
    again = read_mat(text)
    assert [a.moves for a in again.games[0].actions] == [a.moves for a in record.games[0].actions]
    reordered = _one_game("  1) 31: 6/5 8/5                 \n")  # 6/5 listed before 8/5: fine
    assert read_mat(reordered).games[0].actions[0].moves


def test_unmarked_hits_follow_the_route_written() -> None:
    text = _one_game(
        "  1) 31: 8/5 6/5                 64: 24/14\n"   # 24/18/14 or 24/20/14: no blot, no matter
        "  2) 62: 13/11 11/5              \n")           # lands on 11 then 5: route as written
    game = read_mat(text).games[0]
    assert (13, 11) in [(m[0], m[1]) for m in game.actions[2].moves]


def test_dances_both_ways_and_a_resignation() -> None:
    text = _one_game(
        "  1) 42: 8/4 6/4                 21: 13/11 24/23\n"
        "  2) 64: 6/2* 8/2                66: Cannot Move\n"
        "  3) 51: 13/8 6/5                62:\n"
        "  4) 31: 8/5 6/5                  Losses 1 point\n"
        "      Wins 1 point\n")
    game = read_mat(text).games[0]
    assert game.actions[2].moves[0][2] == 1  # 6/2* hit
    assert game.actions[3].kind == PLAY and game.actions[3].moves == ()  # 6-6 from the bar: dance
    assert game.actions[5].moves == ()  # dice with an empty play: a dance too
    assert game.actions[7].kind == RESIGN and game.actions[7].side == 1
    assert game.outcome is not None and (game.outcome.winner, game.outcome.points) == (0, 1)


def test_drop_ends_the_game_for_the_doubler() -> None:
    text = _one_game("  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Drops\n"
                     "                                  Wins 1 point\n")
    game = read_mat(text).games[0]
    assert [a.kind for a in game.actions] == [PLAY, DOUBLE, DROP]
    assert game.outcome is not None and game.outcome.winner == 1 and game.outcome.how == "double dropped"


def test_stray_move_numbers_are_skipped() -> None:
    text = _one_game("  1)  1) 31: 8/5 6/5            42: 8/4 6/4\n")
    assert len(read_mat(text).games[0].actions) == 2


@pytest.mark.parametrize("line, reason", [
    ("  1) 31: 8/5 6/5                 42: ????\n", "move 1: the play of 4-2 is unknown"),
    ("  1) 31: 8/2                     \n", "move 1 (31: 8/2): 8/2 is not a legal play of 3-1"),
    ("  1) 31:                         \n", "move 1 (31:): 3-1 can be played here"),
    ("  1) 31: 8/5 6/5  hello          \n", "'hello' is not a move"),
    ("  1) hello                       \n", "cannot read 'hello'"),
])
def test_bad_games_are_refused_with_file_game_move_and_reason(line: str, reason: str) -> None:
    with pytest.raises(RecordError) as error:
        read_mat(_one_game(line), "bad.mat")
    assert str(error.value).startswith("bad.mat: game 1")
    assert reason in str(error.value)


def test_not_a_match_file() -> None:
    with pytest.raises(RecordError, match="no 'Game 1' line"):
        read_mat("hello\n", "x.mat")
    with pytest.raises(RecordError, match="only Backgammon"):
        read_mat('; [Variation "Nackgammon"]\n Game 1\n', "x.mat")


@needs_corpus
@pytest.mark.parametrize("path", [path for i, path in enumerate(FILES) if i % 10 == 0 or _unknown(path)],
                         ids=lambda path: path.name[:40])
def test_a_sample_of_the_corpus_imports(path: Path) -> None:
    _check_file(path)


@pytest.mark.full
@needs_corpus
@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name[:40])
def test_every_corpus_match_imports(path: Path) -> None:
    _check_file(path)


def _check_file(path: Path) -> None:
    unknown = _unknown(path)
    if unknown is None:
        record = read_mat_file(str(path))
        assert record.games and all(game.actions for game in record.games)
        assert read_mat(write_mat(record)).games == record.games
        return
    game, move, dice = unknown
    with pytest.raises(RecordError) as error:
        read_mat_file(str(path))
    assert f"game {game}, move {move}: the play of {dice} is unknown ('????'" in str(error.value)


def _gnubg_agrees(paths: list[Path], tmp_path: Path) -> None:
    records = {str(path): read_mat_file(str(path)) for path in paths}
    exports = {}
    for number, record in enumerate(records.values()):
        exported = tmp_path / f"export{number}.mat"
        exported.write_text(write_mat(record))
        exports[str(exported)] = record
    read = gnubg_read([*records, *exports])
    for name, record in [*records.items(), *exports.items()]:
        assert theirs(read[name]) == ours(record), name


@needs_corpus
@needs_gnubg
def test_gnubg_reads_the_originals_and_our_exports_alike(tmp_path: Path) -> None:
    sample = [path for i, path in enumerate(FILES) if i % 23 == 0 and not _unknown(path)]
    _gnubg_agrees(sample, tmp_path)


@pytest.mark.full
@needs_corpus
@needs_gnubg
def test_gnubg_reads_every_export_alike(tmp_path: Path) -> None:
    _gnubg_agrees([path for path in FILES if not _unknown(path)], tmp_path)


@needs_gnubg
def test_gnubg_reads_our_random_matches_with_cube_and_results(tmp_path: Path) -> None:
    records = [tables_record("backgammon", seed, games=2) for seed in range(4)]
    paths = []
    for seed, record in enumerate(records):
        path = tmp_path / f"random{seed}.mat"
        path.write_text(write_mat(record))
        paths.append(path)
    read = gnubg_read(paths)
    for path, record in zip(paths, records, strict=True):
        assert theirs(read[str(path)]) == ours(record)


def test_only_backgammon_is_written_as_mat() -> None:
    with pytest.raises(RecordError, match="Backgammon only"):
        write_mat(tables_record("jacquet", 1))
