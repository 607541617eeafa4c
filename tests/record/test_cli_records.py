"""``tablier archive``, ``tablier export`` and ``tablier diagram`` from the command line."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from record_factory import draughts_record, tables_record

from tablier.cli import main
from tablier.record.json_format import dumps

MAT = Path(os.environ["TABLIER_SHARED"], "corpora/backgammon/mat")
needs_corpus = pytest.mark.skipif(not MAT.is_dir(), reason="the .mat corpus is not here")


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    hostile = tables_record("backgammon", 1)
    hostile.games[0].players = ("../../etc/x", "Eve\u0000\u00e9" + "z" * 300)
    found = {"archive": tmp_path / "archive.sqlite3", "hostile": tmp_path / "hostile.json",
             "jacquet": tmp_path / "jacquet.json", "english": tmp_path / "english.json"}
    found["hostile"].write_text(dumps(hostile))
    found["jacquet"].write_text(dumps(tables_record("jacquet", 2)))
    found["english"].write_text(dumps(draughts_record("english", 2)))
    return found


def _import(files: dict[str, Path], *names: str) -> int:
    return main(["archive", "import", "--archive", str(files["archive"]), *(str(files[n]) for n in names)])


def test_import_list_show_delete(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert _import(files, "hostile", "jacquet", "english") == 0
    assert "1 record added" in capsys.readouterr().out
    assert main(["archive", "list", "--archive", str(files["archive"])]) == 0
    out = capsys.readouterr().out
    assert "3 records" in out and "jacquet" in out and "english" in out
    assert main(["archive", "list", "--archive", str(files["archive"]), "--game", "english"]) == 0
    assert "1 record\n" in capsys.readouterr().out
    assert main(["archive", "show", "2", "--archive", str(files["archive"])]) == 0
    shown = capsys.readouterr().out
    assert "Game 1: black Ann" in shown and "+---+" in shown
    assert main(["archive", "delete", "2", "--archive", str(files["archive"])]) == 0
    assert main(["archive", "show", "2", "--archive", str(files["archive"])]) == 2
    assert "no record 2" in capsys.readouterr().err


def test_importing_twice_adds_nothing(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    _import(files, "jacquet")
    _import(files, "jacquet")
    assert "0 records added (1 game), 1 already archived" in capsys.readouterr().out


def test_an_illegal_file_is_refused_with_its_place(files: dict[str, Path], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.mat"
    bad.write_text(" 1 point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/2\n")
    files["bad"] = bad
    assert _import(files, "bad", "english") == 1
    captured = capsys.readouterr()
    assert "refused: " in captured.err and "bad.mat: game 1, move 1 (31: 8/2)" in captured.err
    assert "english.json: 1 record added" in captured.out


@needs_corpus
def test_an_import_where_every_file_went_in_succeeds_naming_the_games_left_out_and_sums_up(
        files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    path = next(MAT.glob("Llabba_-_DrVirus*"))  # 13 games; a play of game 11 and one of game 13 are ????
    other = next(MAT.glob("CroatianFish_-_Llabba*"))  # 7 games, all readable
    assert main(["archive", "import", "--archive", str(files["archive"]), str(path), str(other)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"{path}: 1 record added (11 games); ids 1",
                                f"{other}: 1 record added (7 games); ids 2",
                                "2 files imported: 2 records added (18 games), 2 games left out"]
    assert err.splitlines() == [
        f"left out: {path}: game {game}, move {move}, the play of {dice} is unknown (???? in the file)"
        for game, move, dice in ((11, 22, "3-1"), (13, 43, "5-2"))]
    assert main(["archive", "show", "1", "--archive", str(files["archive"])]) == 0
    shown = capsys.readouterr().out
    assert "Skipped game 11: move 22, the play of 3-1 is unknown (???? in the file)" in shown
    assert "Game 12: black Llabba" in shown and "Game 11:" not in shown and "Game 13:" not in shown
    assert "short of" not in shown  # not a match cut short: its last game is left out


def test_a_pdn_game_left_out_does_not_fail_the_import_and_a_refused_file_does(
        files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = (Path(__file__).parents[2] / "examples" / "games.pdn").read_text()
    broken = tmp_path / "broken.pdn"  # the first game, then the second with an illegal first move
    first, second = games.split("\n\n[Event")
    broken.write_text(first + "\n\n[Event" + second.replace("1. 10-15 24-19", "1. 10-19 24-19"))
    assert main(["archive", "import", "--archive", str(files["archive"]), str(broken),
                 str(files["english"])]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "2 files imported: 2 records added (2 games), 1 game left out"
    assert err.startswith(f"left out: {broken}: game 2, move 1") and "refused" not in err
    bad = tmp_path / "bad.mat"
    bad.write_text(" 1 point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/2\n")
    archive = str(files["archive"])
    assert main(["archive", "import", "--archive", archive, str(bad), str(files["jacquet"])]) == 1
    out, err = capsys.readouterr()
    assert err.startswith(f"refused: {bad}: game 1, move 1")
    assert out.splitlines()[-1] == "1 of 2 files imported, 1 refused: 1 record added (1 game)"


@pytest.mark.parametrize("fmt, produced", [
    ("mat", 1), ("sgf", 1), ("pdn", 1), ("json", 3), ("txt", 3), ("html", 3), ("svg", 3),
])
def test_export_every_format(files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
                             fmt: str, produced: int) -> None:
    _import(files, "hostile", "jacquet", "english")
    out = tmp_path / "out"
    assert main(["export", "--archive", str(files["archive"]), "--format", fmt, "--out", str(out)]) == 0
    written = sorted(out.iterdir())
    assert len(written) == produced and all(path.parent == out for path in written)
    assert not list(tmp_path.glob("**/etc"))
    captured = capsys.readouterr()
    assert captured.err == ""  # no progress bar when stderr is not a terminal
    assert f"{produced} file" in captured.out


def test_export_filters_and_input_files(files: dict[str, Path], tmp_path: Path) -> None:
    _import(files, "hostile", "jacquet", "english")
    out = tmp_path / "only"
    assert main(["export", "--archive", str(files["archive"]), "--game", "jacquet", "--format", "json",
                 "--out", str(out)]) == 0
    assert [path.name for path in out.iterdir()] == ["00002_2026-11-29_jacquet_Ann-eleve-vs-Bob-etc-x.json"]
    direct = tmp_path / "direct"
    assert main(["export", "--input", str(files["english"]), "--format", "pdn", "--out", str(direct)]) == 0
    assert len(list(direct.iterdir())) == 1


def test_diagram(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diagram", "backgammon", "--dice", "52"]) == 0
    assert capsys.readouterr().out.startswith("<svg")
    assert main(["diagram", "english", "B:W18,22:B5,K14", "--out", str(tmp_path / "d.svg")]) == 0
    assert (tmp_path / "d.svg").read_text().startswith("<svg")
    assert main(["diagram", "jacquet", "W 24x15 / B 24x15 / W"]) == 0
    assert main(["diagram", "backgammon", "W 24x16 / B 24x15 / W"]) == 2
    assert "16" in capsys.readouterr().err
    assert main(["diagram", "chess"]) == 2


def test_diagram_of_an_archived_position(files: dict[str, Path], tmp_path: Path) -> None:
    _import(files, "jacquet")
    target = tmp_path / "p.png" if shutil.which("rsvg-convert") else tmp_path / "p.svg"
    assert main(["diagram", "--record", "1", "--move", "4", "--archive", str(files["archive"]),
                 "--out", str(target)]) == 0
    assert target.stat().st_size > 1000


def test_a_progress_bar_only_on_a_terminal(files: dict[str, Path], tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    _import(files, "hostile", "jacquet", "english")
    capsys.readouterr()
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["export", "--archive", str(files["archive"]), "--format", "txt", "--out",
                 str(tmp_path / "tty")]) == 0
    err = capsys.readouterr().err
    assert "exporting [" in err and "3/3" in err


def test_archive_list_has_headers_and_every_command_answers_on_an_empty_archive(
        files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    archive = str(files["archive"])
    commands = [["archive", "list"], ["archive", "list", "--player", "ann"], ["archive", "show", "1"],
                ["archive", "delete", "1"], ["export", "--format", "txt", "--out", str(tmp_path / "out")],
                ["export", "--id", "1", "--format", "txt", "--out", str(tmp_path / "out")]]
    said = []
    for command in commands:
        status = main([*command, "--archive", archive])
        out, err = capsys.readouterr()
        said.append((status, (out + err).strip()))
    assert said == [
        (0, f"no records yet in {archive} (`tablier archive import FILE` adds some; every game played to "
            "its end goes there)"),
        (0, f"no record matches in {archive}"),
        (2, f"tablier archive: no record 1 in {archive}"),
        (2, f"tablier archive: no record 1 in {archive}"),
        (0, f"nothing to export: no records yet in {archive}"),
        (2, f"tablier export: no record 1 in {archive}")]
    assert not (tmp_path / "out").exists()
    assert _import(files, "jacquet", "english") == 0
    capsys.readouterr()
    assert main(["archive", "list", "--archive", archive]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["id", "date", "game", "match", "games", "result", "players", "source"]
    assert set(lines[1]) == {"─"}  # the rule under the headers
    assert lines[2].split()[:5] == ["1", "2026-11-29", "jacquet", "single", "1"]
    assert lines[-1] == "2 records"
