"""Records a club can trust: results by the record's own rules, match scores as the match ended,
encodings, warnings for what a file leaves out, refusals that name the file, and the small ones.

Synthetic files are written by each test; the shared Backgammon corpus is read where it has the case.
"""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest
from gnubg_mat import gnubg_read, ours, theirs

from tablier.cli import main
from tablier.record.archive import Archive
from tablier.record.game_record import (
    DOUBLE,
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
from tablier.record.importing import read_records
from tablier.record.json_format import dumps, loads
from tablier.record.mat_reader import read_mat, read_mat_file
from tablier.record.mat_writer import write_mat
from tablier.record.replay import replay_game
from tablier.record.settling import settle
from tablier.record.sgf import read_sgf, write_sgf
from tablier.record.text_decoding import decode_record_text
from tablier.record.text_export import write_text
from tablier.tables.position import BAR, OFF, Position

CORPUS = Path(os.environ["TABLIER_SHARED"], "corpora/backgammon/mat")
FILES = sorted(CORPUS.glob("*")) if CORPUS.is_dir() else []
needs_corpus = pytest.mark.skipif(not FILES, reason="the .mat corpus is not here")
needs_gnubg = pytest.mark.skipif(importlib.util.find_spec("gnubg") is None,
                                 reason="the gnubg binding (test-only dependency) is not installed")
BOARDLORD = CORPUS / "BoardLord_-_Llabba_7pt_Backgammon_Studio_2023_08_09_18_11_07.txt"

HEADER = """; [Site "Test"]

 {length} point match

 Game 1
 {a} : 0                        {b} : 0
"""
OPENING = ("  1) 42: 8/4 6/4                 21: 13/11 24/23\n"
           "  2) 64: 6/2* 8/2                66: Cannot Move\n")


def _match(lines: str, a: str = "Ann", b: str = "Bob", length: int = 1) -> str:
    return HEADER.format(a=a, b=b, length=length) + lines


# --- result kinds -------------------------------------------------------------------------------


def _home_board_kind(final: Position, winner: int) -> tuple[str, int]:
    """Hit, gammon or backgammon by the modern rule, written here afresh: a gammoned loser is
    backgammoned with a man on the bar or in the winner's home board (the loser's 19..24)."""
    loser = final.boards[1 - winner]
    if loser[OFF]:
        return "hit", 1
    if any(loser[point] for point in range(19, BAR + 1)):
        return "backgammon", 3
    return "gammon", 2


@needs_corpus
def test_every_shared_match_scores_its_kind_by_final_position_and_cube() -> None:
    counted: dict[str, int] = {}
    for path in FILES:
        try:
            record = read_mat_file(str(path))
        except RecordError as error:
            assert "????" in str(error)  # the seven matches with an unknown play
            continue
        for game in record.games:
            steps = replay_game(record, game)
            outcome = game.outcome
            assert outcome is not None and outcome.winner is not None, (path.name, game.number)
            final = steps[-1].after
            assert isinstance(final, Position)
            cube = 2 ** sum(1 for action in game.actions if action.kind == TAKE)
            if final.boards[outcome.winner][OFF] == 15:
                kind, worth = _home_board_kind(final, outcome.winner)
                needed = record.match_length - game.score[outcome.winner]
                assert (outcome.how, outcome.points) == (kind, min(worth * cube, needed)), \
                    (path.name, game.number)
            else:
                assert outcome.how in ("double dropped", "resigned"), (path.name, game.number)
            counted[outcome.how] = counted.get(outcome.how, 0) + 1
    assert counted["gammon"] > 150 and counted["backgammon"] < 20  # most stored kinds were wrong


def _race_record(zone: str, cube: bool) -> Record:
    """Black bears off his last man while all White's men stand on White's 15-point: a backgammon
    when the zone is the far side, a gammon by the home-board rule."""
    game = GameRecord(players=("Ann", "Bob"), start="B 1 / W 15x15 / B")
    if cube:
        game.actions += [Action(0, DOUBLE), Action(1, TAKE)]
    game.actions.append(Action(0, PLAY, (6, 1), ((1, OFF, 0),)))
    game.outcome = Outcome(0, "backgammon", 3)  # what some file said
    return Record(game="backgammon", family=TABLES, options={"cube": "yes", "backgammon_zone": zone},
                  games=[game])


@pytest.mark.parametrize("zone, cube, expected", [
    ("home-board", False, ("gammon", 2)), ("home-board", True, ("gammon", 4)),
    ("far-side", False, ("backgammon", 3)), ("far-side", True, ("backgammon", 6)),
])
def test_the_kind_follows_the_records_own_rules(zone: str, cube: bool, expected: tuple[str, int]) -> None:
    done = settle(_race_record(zone, cube))
    settled = done.record
    outcome = settled.games[0].outcome
    assert outcome is not None and (outcome.how, outcome.points) == expected
    said = [] if expected[1] == 3 else \
        [f"the record: game 1: the record scores it 3 points; a {expected[0]} with the cube at "
         f"{2 if cube else 1} is {expected[1]}"]
    assert done.warnings == said
    assert f"({expected[0]}), {expected[1]} points" in write_text(settled)
    assert f'"how": "{expected[0]}"' in dumps(settled)
    if cube:
        assert [action.value for action in settled.games[0].actions[:2]] == [2, 2]  # the cube's value


def test_archive_show_says_gammon_for_a_gammon(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "race.json"
    path.write_text(dumps(_race_record("home-board", False)))
    archive = str(tmp_path / "a.sqlite3")
    assert main(["archive", "import", "--archive", archive, str(path)]) == 0
    assert main(["archive", "show", "--archive", archive, "1"]) == 0
    assert "Result: black wins (gammon), 2 points" in capsys.readouterr().out


# --- the .mat reader ----------------------------------------------------------------------------


def test_a_move_number_alone_in_the_second_column_before_a_resignation_is_skipped() -> None:
    text = _match(OPENING + "  3) 31: 8/5 6/5                 3)\n"
                            "                                  Losses 1 point\n"
                            "      Wins 1 point\n")
    game = read_mat(text, "stray.mat").games[0]
    assert [action.kind for action in game.actions][-2:] == [PLAY, RESIGN]
    assert game.outcome == Outcome(0, "resigned", 1)


def test_duplicate_game_numbers_refuse_that_file_and_the_others_are_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    twice = tmp_path / "twice.mat"
    twice.write_text(_match(OPENING + "      Wins 1 point\n\n Game 1\n Ann : 1     Bob : 0\n" + OPENING))
    good = tmp_path / "good.mat"
    good.write_text(_match(OPENING + "      Wins 1 point\n"))
    archive = str(tmp_path / "a.sqlite3")
    assert main(["archive", "import", "--archive", archive, str(twice), str(good)]) == 1
    captured = capsys.readouterr()
    assert f"refused: {twice}: game 1 appears twice (lines 5 and 11)" in captured.err
    assert "Traceback" not in captured.err and len(captured.err.splitlines()) == 1
    assert f"{good}: 1 record added" in captured.out


def test_the_archive_refuses_duplicate_numbers_from_any_source_naming_it(tmp_path: Path) -> None:
    record = settle(_race_record("home-board", False)).record
    record.games.append(record.games[0])
    record.source = "club.json"
    with Archive(tmp_path / "a.sqlite3") as archive, \
            pytest.raises(RecordError, match=r"club\.json: game 1 appears twice"):
        archive.add(record)


@pytest.mark.parametrize("encoding, expected", [
    ("latin-1", "latin-1"), ("utf-8", "utf-8"), ("utf-16", "utf-16-le"), ("utf-16-le", "utf-16-le"),
    ("utf-16-be", "utf-16-be"), ("utf-8-sig", "utf-8"),
])
def test_names_survive_every_encoding(tmp_path: Path, encoding: str, expected: str) -> None:
    text = _match(OPENING + "      Wins 1 point\n", a="J\u00e9r\u00f4me", b="Bj\u00f6rn")
    path = tmp_path / "names.mat"
    path.write_bytes(text.encode(encoding))
    assert decode_record_text(path.read_bytes()) == (text, expected)
    loaded = read_records(path)
    assert loaded.records[0].games[0].players == ("J\u00e9r\u00f4me", "Bj\u00f6rn")
    assert not loaded.warnings and "\ufffd" not in dumps(loaded.records[0])


def test_a_replacement_character_already_in_the_file_is_not_silent(tmp_path: Path) -> None:
    path = tmp_path / "mangled.mat"
    path.write_text(_match(OPENING + "      Wins 1 point\n", a="J\ufffdr\ufffdme"), encoding="utf-8")
    assert any("replacement characters" in warning for warning in read_records(path).warnings)


def test_a_score_past_the_match_length_is_stored_as_the_match_ended(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    words = "Wins 4 points and the match"
    path = tmp_path / "past.mat"
    path.write_text(_match(OPENING + "  3) 31: 8/5 6/5                  Losses 4 points\n"
                                     f"      {words}\n", length=3))
    record = read_records(path).records[0]
    game = record.games[0]
    assert game.outcome == Outcome(0, "resigned", 3) and record.final_score() == (3, 0)
    assert game.tags["Recorded result"] == words
    assert words in write_mat(record)  # the file's own words go back out
    archive = str(tmp_path / "a.sqlite3")
    assert main(["archive", "import", "--archive", archive, str(path)]) == 0
    assert main(["archive", "list", "--archive", archive]) == 0
    assert " 3-0 " in capsys.readouterr().out


@needs_corpus
def test_the_corpus_final_scores_stop_at_the_match_length() -> None:
    record = read_mat_file(str(BOARDLORD))
    assert record.final_score() == (7, 2)  # the file says "Wins 4 point" at 4-2 of 7
    assert record.games[-1].tags["Recorded result"] == "Wins 4 point"


# --- warnings for what a file leaves out --------------------------------------------------------


@needs_corpus
@pytest.mark.parametrize("damage, warning", [
    ("cut", "game 3: no result: the record stops in the middle of the game"),
    ("no wins line", "game 3: no result is written: black wins by the final position"),
    ("score line", "game 2: the score line says 4-1 but the games before make it 4-0"),
])
def test_damaged_matches_import_with_a_warning_that_archive_show_repeats(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str, warning: str) -> None:
    lines = BOARDLORD.read_text().splitlines()
    if damage == "cut":
        lines = lines[:len(lines) - 12]
    elif damage == "no wins line":
        lines = [line for line in lines if "Wins 4 point" not in line]
    else:
        index = next(i for i, line in enumerate(lines) if line.strip() == "Game 2") + 1
        lines[index] = lines[index].replace(": 0", ": 1")
    path = tmp_path / "damaged.txt"
    path.write_text("\n".join(lines) + "\n")
    archive = str(tmp_path / "a.sqlite3")
    assert main(["archive", "import", "--archive", archive, str(path)]) == 0
    assert f"warning: {path}: {warning}" in capsys.readouterr().err
    assert main(["archive", "show", "--archive", archive, "1"]) == 0
    assert "Warning: " + warning.split(": ", 1)[1] in capsys.readouterr().out


# --- SGF and set positions ----------------------------------------------------------------------


@needs_corpus
@pytest.mark.parametrize("path", FILES[::25], ids=lambda path: path.name[:30])
def test_sgf_export_then_import_gives_the_same_record(path: Path) -> None:
    record = read_mat_file(str(path))
    again = read_sgf(write_sgf(record), record.source)
    assert again == record


def test_sgf_keeps_hits_cube_values_resignations_and_kind() -> None:
    record = read_mat(_match(OPENING + "  3)  Doubles => 2                Takes\n"
                                       "  4) 31: 8/5 6/5                  Losses 2 points\n"
                                       "      Wins 2 points\n", length=3), "kinds.mat")
    again = read_sgf(write_sgf(record), "kinds.mat")
    assert again == record
    actions = again.games[0].actions
    assert actions[2].moves[0][2] == 1  # 6/2* hit
    assert [(action.kind, action.value) for action in actions if action.kind != PLAY] == \
        [("double", 2), ("take", 2), ("resign", 2)]


def test_a_game_from_a_set_position_goes_where_the_format_holds_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = settle(_race_record("home-board", True)).record
    assert read_sgf(write_sgf(record)).games == record.games
    assert ";AE[a:y]" in write_sgf(record)
    assert loads(dumps(record)).games == record.games
    text = write_text(record)
    assert "Set-up: " in text and "Position ID " in text
    with pytest.raises(RecordError, match=r"set position, which a \.mat file cannot hold"):
        write_mat(record)
    path = tmp_path / "race.json"
    path.write_text(dumps(record))
    out = tmp_path / "out"
    assert main(["export", "--input", str(path), "--format", "mat", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "set position, which a .mat file cannot hold" in err and "sgf, json or txt" in err
    assert not list(out.iterdir())
    assert main(["export", "--input", str(path), "--format", "sgf", "--out", str(out)]) == 0
    assert len(list(out.glob("*.sgf"))) == 1


# --- the small ones -----------------------------------------------------------------------------


def test_diagram_writes_the_format_asked_or_refuses(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    jpg = tmp_path / "x.jpg"
    assert main(["diagram", "backgammon", "--out", str(jpg)]) == 2
    assert "written as .svg or .png, not .jpg" in capsys.readouterr().err and not jpg.exists()
    svg = tmp_path / "x.svg"
    assert main(["diagram", "backgammon", "--out", str(svg)]) == 0
    assert svg.read_text().lstrip().startswith("<")


@pytest.mark.parametrize("date", ["2026-13-45", "2024-02-30", "yesterday", "2024-1-5"])
def test_bad_dates_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], date: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["archive", "list", "--archive", str(tmp_path / "a.sqlite3"), "--since", date])
    assert stopped.value.code == 2
    assert "is not a date written YYYY-MM-DD" in capsys.readouterr().err


def test_export_of_input_that_gives_nothing_exits_non_zero(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    garbage = tmp_path / "garbage.txt"
    garbage.write_bytes(bytes(range(256)) * 3)
    assert main(["export", "--input", str(garbage), "--format", "json", "--out", str(tmp_path / "o")]) != 0
    good = tmp_path / "good.mat"
    good.write_text(_match(OPENING + "      Wins 1 point\n"))
    assert main(["export", "--input", str(garbage), "--input", str(good), "--format", "json",
                 "--out", str(tmp_path / "both")]) == 1  # the good file is exported all the same
    assert len(list((tmp_path / "both").glob("*.json"))) == 1
    only_draughts = tmp_path / "english.pdn"
    only_draughts.write_text('[GameType "21"]\n1. 11-15 23-19 *\n')
    out = str(tmp_path / "o")
    assert main(["export", "--input", str(only_draughts), "--format", "mat", "--out", out]) == 1
    assert "0 files written" in capsys.readouterr().out


@pytest.mark.parametrize("content", [
    b'(;GM[6]MI[length:x]PW[a]PB[b];W[52xuxl])', b"(;GM[6];W[99zz])", b"(;GM[6]",
    b' 3 point match\n Game 1\n',
    b' 3 point match\n Game 1\n A : 0     B : 0\n  1) 31: 8/5 6/5  42: bar/99\n',
    b'{"format": "tablier-record", "version": 1, "game": "backgammon", "family": "tables", "games": [{}]}',
    b'{"type": "header", "version": 1}\n',
])
def test_no_message_shows_python_internals(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           content: bytes) -> None:
    suffix = {b"(": ".sgf", b"{": ".json"}.get(content[:1], ".mat")
    suffix = ".jsonl" if content.startswith(b'{"type"') else suffix
    path = tmp_path / f"bad{suffix}"
    path.write_bytes(content)
    assert main(["archive", "import", "--archive", str(tmp_path / "a.sqlite3"), str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"refused: {path}") and len(err.splitlines()) == 1
    assert not re.search(r"__\w+__|Traceback|Error\b|\bNone\b|\(\)", err), err


@needs_gnubg
def test_gnubg_reads_the_mat_exports_of_these_cases_alike(tmp_path: Path) -> None:
    records = [
        read_mat(_match(OPENING + "  3) 31: 8/5 6/5                 3)\n"
                                  "                                  Losses 1 point\n      Wins 1 point\n")),
        read_mat(_match(OPENING + "  3) 31: 8/5 6/5                  Losses 4 points\n"
                                  "      Wins 4 points and the match\n", a="J\u00e9r\u00f4me", length=3)),
        read_mat(_match(OPENING + "  3)  Doubles => 2                Takes\n"
                                  "  4) 31: 8/5 6/5                  Losses 2 points\n      Wins 2 points\n",
                        length=3)),
    ]
    paths = []
    for number, record in enumerate(records):
        path = tmp_path / f"case{number}.mat"
        path.write_text(write_mat(record), encoding="utf-8")
        paths.append(path)
    read = gnubg_read(paths)
    for path, record in zip(paths, records, strict=True):
        assert theirs(read[str(path)]) == ours(record), path.name


@needs_corpus
def test_every_export_of_the_archive_imports_as_the_record_already_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    archive = str(tmp_path / "a.sqlite3")
    sgf = CORPUS.parent / "sgf" / "gnubg_selfplay_3pt.sgf"
    assert main(["archive", "import", "--archive", archive, str(BOARDLORD), str(sgf)]) == 0
    for fmt in ("mat", "sgf", "json"):
        assert main(["export", "--archive", archive, "--format", fmt, "--out", str(tmp_path / fmt)]) == 0
    exported = sorted(str(path) for path in tmp_path.glob("*/*.*"))
    capsys.readouterr()
    assert len(exported) == 6
    assert main(["archive", "import", "--archive", archive, *exported]) == 0
    out = capsys.readouterr().out
    assert out.count("0 records added") == 7  # a line per file, and the sum
    assert out.splitlines()[-1].startswith("6 files imported: 0 records")
