"""``tablier archive ratings``: the lists a club reads, from the archive alone, printed and as CSV."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.record.archive import Archive
from tablier.record.game_record import Outcome
from tablier.tournament.ratings import archive_ratings

from tournament.test_ratings import draughts_game, finished_match  # isort: skip


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def club_archive(tmp_path: Path) -> str:
    path = str(tmp_path / "club.sqlite3")
    with Archive(path) as archive:
        archive.add(finished_match(1, ("Ann", "Bob")))
        archive.add(finished_match(2, ("Cy", "Ann")))
        archive.add(draughts_game(3, ("Bob", "Cy"), Outcome(0, "no move", 1)))
    return path


def test_the_lists_are_printed_best_first_families_before_games(
        club_archive: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "archive", "ratings", "--archive", club_archive)
    assert status == 0, err
    headings = [line.split(" (")[0] for line in out.splitlines() if line and not line.startswith(" ")]
    assert headings == ["draughts", "tables", "backgammon", "english"]
    assert "backgammon (the game's list, FIBS's formula, 3 players)" in out
    assert "english (the game's list, Elo, 2 players)" in out
    with Archive(club_archive) as archive:
        best = archive_ratings(archive)["backgammon"].table()[0]
    assert f"   1. {best.name}" in out and f"{best.rating:7.1f}" in out


def test_one_list_as_csv(club_archive: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = _run(capsys, "archive", "ratings", "english", "--csv", "-", "--archive", club_archive)
    assert status == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(row["list"], row["system"], row["rank"], row["player"]) for row in rows] == [
        ("english", "elo", "1", "Bob"), ("english", "elo", "2", "Cy")]
    assert float(rows[0]["rating"]) > 1500 > float(rows[1]["rating"])
    target = tmp_path / "ratings.csv"
    status, out, err = _run(capsys, "archive", "ratings", "--csv", str(target), "--archive", club_archive)
    assert status == 0 and out.startswith(f"{target}: 4 rating lists, 10 lines"), (out, err)
    assert target.read_text().splitlines()[0] == "list,system,rank,player,rating,experience,won,lost,drawn"


def test_an_unknown_list_and_an_empty_archive_are_told(
        club_archive: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = _run(capsys, "archive", "ratings", "chess", "--archive", club_archive)
    assert status == 2 and "no rating list 'chess'" in err
    assert "(lists: draughts, tables, backgammon, english)" in err
    status, out, err = _run(capsys, "archive", "ratings", "--archive", str(tmp_path / "empty.sqlite3"))
    assert status == 0 and out.startswith("no ratings in ") and "are rated" in out
    status, out, err = _run(capsys, "archive", "ratings", "--csv", str(tmp_path / "no" / "x.csv"),
                            "--archive", club_archive)
    assert status == 1 and "cannot write" in err
