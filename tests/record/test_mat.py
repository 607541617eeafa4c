"""Jellyfish .mat: our reader on every quirk and the real corpus; GNU Backgammon reads what we write.

The default suite reads every tenth corpus match (and every match with an unknown play ``????``) and
has GNU Backgammon (the PyPI binding's ``import mat``) read a sample of the originals and of our
exports; ``-m full`` does every file.
"""

from __future__ import annotations

import importlib.util
import os
import random
from pathlib import Path

import pytest
from gnubg_mat import gnubg_read, ours, theirs
from record_factory import tables_record

from tablier.cli import main
from tablier.record.archive import Archive
from tablier.record.game_record import (
    DOUBLE,
    DROP,
    MODERN_OPTIONS,
    PLAY,
    RESIGN,
    TABLES,
    TAKE,
    Action,
    GameRecord,
    Outcome,
    Record,
    RecordError,
)
from tablier.record.json_format import dumps
from tablier.record.mat_reader import read_mat, read_mat_file
from tablier.record.mat_writer import write_mat
from tablier.record.replay import check_record
from tablier.record.sgf import read_sgf, write_sgf
from tablier.tables.catalog import make_variant
from tablier.tables.moves import Dice

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
    ("  1) 31: 8/5 6/5                 42: ????\n", "move 1, the play of 4-2 is unknown (???? in the file): "
                                                  "no game can be read"),
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
    game, move, dice = unknown  # that game is left out, named; the games before and after it are read
    record = read_mat_file(str(path))
    said = f"move {move}, the play of {dice} is unknown (???? in the file)"
    assert record.tags[f"Skipped game {game}"] == said
    kept = [kept.number for kept in record.games]
    left_out = {int(name.split()[-1]) for name in record.tags if name.startswith("Skipped game ")}
    assert kept[0] == 1 and sorted([*kept, *left_out]) == list(range(1, max(*kept, *left_out) + 1))
    again = read_mat(write_mat(record))  # the names of what was left out go with it
    assert (again.games, again.tags) == (record.games, record.tags)


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


def _single_gammon(options: dict[str, str]) -> Record:
    """One game of Backgammon, no match, ended in a gammon (2 points) by random play."""
    variant = make_variant("backgammon", options)
    for seed in range(100):
        rng = random.Random(seed)
        position = variant.start_position(0)
        game = GameRecord(players=("Ann", "Bob"))
        while (ended := variant.result(position)) is None:
            dice = Dice(rng.randint(1, 6), rng.randint(1, 6))
            play = rng.choice(variant.plays(position, dice))
            game.actions.append(Action(position.turn, PLAY, (dice.first, dice.second),
                                       tuple((m.src, m.dst, int(m.hit)) for m in play)))
            position = variant.after(position, play).with_turn(1 - position.turn)
        if ended.kind == "gammon":
            game.outcome = Outcome(ended.winner, ended.kind, 2)
            return Record(game="backgammon", family=TABLES, options=options, games=[game])
    raise AssertionError("no gammon in 100 random games")


def _money_gammon() -> Record:
    """A money game (no match length, the cube never turned) that ends in a gammon."""
    return _single_gammon(dict(MODERN_OPTIONS))


def _import(path: Path, capsys: pytest.CaptureFixture[str], archive: Path) -> tuple[int, str, str]:
    status = main(["archive", "import", str(path), "--archive", str(archive)])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_money_session_by_the_jacoby_rule_scores_a_gammon_without_the_cube_as_one_point(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = write_mat(_money_gammon()).replace("Wins 2 points", "Wins 1 point")
    assert '; [Jacoby "Off"]' in text and " 0 point match" in text
    jacoby = tmp_path / "jacoby.mat"
    jacoby.write_text(text.replace('; [Jacoby "Off"]', '; [Jacoby "On"]'))
    plain = tmp_path / "plain.mat"
    plain.write_text(text)
    archive = tmp_path / "a.sqlite3"
    assert _import(jacoby, capsys, archive) == (0, f"{jacoby}: 1 record added (1 game); ids 1\n", "")
    status, _, err = _import(plain, capsys, archive)
    assert status == 0 and err == (f"warning: {plain}: game 1: the record scores it 1 point; a gammon "
                                   "with the cube at 1 is 2 (the Jacoby rule? the file does not say it plays "
                                   "by it)\n")
    with Archive(archive) as stored:
        by_jacoby, plainly = stored.get(1), stored.get(2)
    assert by_jacoby.options["jacoby"] == "yes" and "jacoby" not in plainly.options
    assert [str(record.games[0].outcome) for record in (by_jacoby, plainly)] == [
        "black wins (gammon), 1 point", "black wins (gammon), 2 points"]
    assert '; [Jacoby "On"]' in write_mat(by_jacoby)
    assert read_mat(write_mat(by_jacoby)).options == by_jacoby.options
    assert "RU[Jacoby]" in write_sgf(by_jacoby) and read_sgf(write_sgf(by_jacoby)).games == by_jacoby.games


def test_a_warning_holding_a_semicolon_prints_as_one_line(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "three.mat"
    path.write_text(write_mat(_money_gammon()).replace("Wins 2 points", "Wins 3 points"))
    archive = tmp_path / "a.sqlite3"
    status, _, err = _import(path, capsys, archive)
    said = "the record scores it 3 points; a gammon with the cube at 1 is 2"
    assert status == 0 and err == f"warning: {path}: game 1: {said}\n"
    assert main(["archive", "show", "1", "--archive", str(archive)]) == 0
    assert f"\nWarning: {said}\n" in capsys.readouterr().out


def test_a_resignation_worth_more_than_a_backgammon_is_stored_as_one_with_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "resigned.mat"
    path.write_text(' 0 point match\n\n Game 1\n Ann : 0                        Bob : 0\n'
                    '  1) 31: 8/5 6/5                 Doubles => 2\n'
                    '  2)  Takes                      Losses 8 points\n'
                    '      Wins 8 points\n')
    status, _, err = _import(path, capsys, tmp_path / "a.sqlite3")
    assert status == 0 and err == (f"warning: {path}: game 1: the record scores the resignation 8 points, "
                                   "more than a backgammon with the cube at 2 gives: stored as 6\n")
    with Archive(tmp_path / "a.sqlite3") as stored:
        outcome = stored.get(1).games[0].outcome
    assert outcome is not None and (outcome.winner, outcome.how, outcome.points) == (0, "resigned", 6)


@needs_corpus
def test_a_galaxy_single_game_is_not_a_match_cut_short(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    single = CORPUS / "match1093632.txt"  # Galaxy: '8 point match', one game won 1-0 on a drop
    status, out, err = _import(single, capsys, tmp_path / "a.sqlite3")
    assert (status, err) == (0, "") and "1 record added (1 game)" in out
    other = tmp_path / "studio.mat"  # the same from another program: it may well be cut short
    other.write_text(single.read_text().replace('; [Site "BackgammonGalaxy"]\n', ""))
    status, _, err = _import(other, capsys, tmp_path / "b.sqlite3")
    assert status == 0 and "the match stops at 1-0, short of its 8 points" in err


@needs_corpus
def test_a_match_cut_in_the_middle_of_a_line_is_read_up_to_it_and_called_cut_short(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = (CORPUS / "gnubg_selfplay_3pt.mat").read_text()
    cut_at = whole.index("\n", len(whole) // 2) + 12  # twelve characters into a line of moves
    path = tmp_path / "cut.mat"
    path.write_text(whole[:cut_at])
    torn = whole[:cut_at].splitlines()[-1]
    status, out, err = _import(path, capsys, tmp_path / "a.sqlite3")
    assert status == 0 and "1 record added" in out
    line = whole[:cut_at].count("\n") + 1
    assert f"the file is cut short in the middle of line {line} ({torn.strip()!r} is left out)" in err
    assert "legal" not in err and "refused" not in err


def test_a_player_without_a_name_is_written_as_his_side(tmp_path: Path) -> None:
    record = _money_gammon()
    record.games[0].players = ("", "Bob")
    record.tags = {"Event": ""}
    source = tmp_path / "nameless.json"
    source.write_text(dumps(record))
    assert main(["export", "--input", str(source), "--format", "mat", "--out", str(tmp_path / "out")]) == 0
    [written] = (tmp_path / "out").iterdir()
    text = written.read_text()
    assert "?" not in text and '; [Event ""]' in text
    assert read_mat(text).games[0].players == ("Black", "Bob")
    if importlib.util.find_spec("gnubg") is not None:  # GNU Backgammon reads the names as written
        info = gnubg_read([written])[str(written)]["match-info"]
        assert (info["X"]["name"], info["O"]["name"]) == ("Black", "Bob")


@needs_gnubg
def test_a_single_game_without_the_cube_is_no_0_point_match_and_gnubg_scores_its_gammon(
        tmp_path: Path) -> None:
    single = _single_gammon({})  # the 1890s rules: no cube, a gammon wins 2 points
    text = write_mat(single)
    assert " 0 point match" not in text and " 1 point match" in text and '; [CubeLimit "1"]' in text
    path = tmp_path / "single.mat"
    path.write_text(text)
    money = tmp_path / "money.mat"
    money.write_text(write_mat(_single_gammon(dict(MODERN_OPTIONS))))  # a money game with the cube
    assert " 0 point match" in money.read_text()
    read = gnubg_read([path, money])
    info = read[str(path)]["match-info"]
    assert info["match-length"] == 1 and "NoCube" in info["rules"]
    assert read[str(path)]["games"][0]["info"]["points-won"] == 2  # the gammon, as played
    assert read[str(money)]["match-info"]["match-length"] == 0
    back = read_mat(text)  # and it reads back as the single game it was
    assert (back.match_length, back.games) == (0, single.games)
    assert back.options == {**MODERN_OPTIONS, "cube": "no"}
