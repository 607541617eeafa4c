"""The archive, an SQLite file or a PostgreSQL database alike: records go in whole, come back equal,
are found by filters and deleted."""

from __future__ import annotations

import io
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from record_factory import DRAUGHTS_GAMES, TABLES_GAMES, draughts_record, tables_record

from tablier.play.demo import run_demo
from tablier.record.archive import Archive, Filters, default_path
from tablier.record.from_log import read_event_log
from tablier.record.game_record import Action, Record, RecordError


@pytest.fixture
def archive(archive_at: str) -> Iterator[Archive]:
    with Archive(archive_at) as opened:
        yield opened


def test_every_game_comes_back_equal(archive: Archive) -> None:
    records = [tables_record(game, 7, games=2) for game in TABLES_GAMES]
    records += [draughts_record(game, 7) for game in DRAUGHTS_GAMES]
    records.append(draughts_record("english", 3, fen="B:W18,22,K30:B5,9,K14"))
    ids = [record_id for record_id, _ in archive.add_all(records)]
    for record_id, record in zip(ids, records, strict=True):
        assert archive.get(record_id) == record


def test_the_same_record_is_stored_once(archive: Archive) -> None:
    record = tables_record("backgammon", 1)
    first = archive.add(record)
    [(again, fresh)] = archive.add_all([tables_record("backgammon", 1)])
    assert (again, fresh) == (first, False)
    assert archive.ids() == [first]


def test_an_illegal_record_stores_nothing_of_the_batch(archive: Archive) -> None:
    good = tables_record("backgammon", 1)
    bad = tables_record("jacquet", 2)
    bad.games[0].actions[3] = Action(bad.games[0].actions[3].side, "play", (6, 5), ((24, 1, 0),))
    with pytest.raises(RecordError, match="game 1, action 4"):
        archive.add_all([good, bad])
    assert archive.ids() == []


def test_filters(archive: Archive) -> None:
    backgammon = tables_record("backgammon", 1)
    backgammon.date = "2024-01-05"
    english = draughts_record("english", 1)
    english.games[0].players = ("Marion Tinsley", "Don Lafferty")
    english.date = "1990-06-01"
    first, second = (record_id for record_id, _ in archive.add_all([backgammon, english]))
    assert archive.ids(Filters(game="english")) == [second]
    assert archive.ids(Filters(player="tinsley")) == [second]
    assert archive.ids(Filters(player="bob ../")) == [first]
    assert archive.ids(Filters(since="2000-01-01")) == [first]
    assert archive.ids(Filters(until="2000-01-01")) == [second]
    entries = list(archive.entries(Filters(game="backgammon")))
    assert entries[0].players == "Ann \u00e9l\u00e8ve - Bob ../../etc/x" and entries[0].games == 1


def test_delete(archive: Archive) -> None:
    record_id = archive.add(tables_record("ticktack", 1))
    assert archive.delete(record_id) and not archive.delete(record_id)
    with pytest.raises(KeyError):
        archive.get(record_id)
    assert archive.db.execute("SELECT count(*) FROM actions").fetchone()[0] == 0


def test_moves_are_searchable_with_their_notation(archive: Archive) -> None:
    record_id = archive.add(tables_record("backgammon", 2))
    rows = archive.db.execute("SELECT notation FROM actions WHERE record_id = ? AND kind = 'play'",
                              (record_id,)).fetchall()
    assert rows and any("/" in row[0] for row in rows)


def test_not_an_archive(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(RecordError, match="not a Tablier archive"):
        Archive(path)


def test_default_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("TABLIER_ARCHIVE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "tablier" / "archive.sqlite3"
    monkeypatch.setenv("TABLIER_ARCHIVE", str(tmp_path / "mine.db"))
    assert default_path() == tmp_path / "mine.db"


def test_the_archive_commands_work_alike_on_a_file_and_on_postgresql(
        archive_at: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from tablier.cli import main
    from tablier.record.json_format import dumps

    monkeypatch.setenv("TABLIER_ARCHIVE", archive_at)  # as a club sets it once for every command
    record = tables_record("backgammon", 3)
    record.games[0].players = ("Ann", "Bob")
    source = tmp_path / "ann-bob.json"
    source.write_text(dumps(record))
    assert main(["archive", "import", str(source)]) == 0
    assert main(["archive", "import", str(source)]) == 0  # the same game again: stored once
    said = capsys.readouterr().out.splitlines()
    assert said[0].endswith("1 record added (1 game); ids 1") and "1 already archived" in said[1]
    assert main(["archive", "list", "--player", "ann"]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert listing[-1] == "1 record" and "Ann - Bob" in listing[-2]
    assert main(["archive", "show", "1"]) == 0
    assert "Ann" in capsys.readouterr().out
    assert main(["analyse", "1", "--level", "1", "--store"]) == 0
    assert main(["export", "--format", "mat", "--out", str(tmp_path / "out")]) == 0
    [written] = (tmp_path / "out").iterdir()
    assert written.suffix == ".mat" and "Ann" in written.read_text()
    with Archive(archive_at) as archive:
        assert archive.get(1).games[0].analysis is not None
    capsys.readouterr()
    assert main(["archive", "show", "7"]) == 2
    assert capsys.readouterr().err.startswith("tablier archive: no record 7 in ")


@pytest.fixture(scope="module")
def handed_over(tmp_path_factory: pytest.TempPathFactory) -> Record:
    """A game of Jacquet de Versailles in which numbers were handed over, two of them a doublet's."""
    folder = tmp_path_factory.mktemp("versailles")
    result = run_demo("versailles", seed=1, delay=0.0, log_dir=folder, out=io.StringIO(), live=False)
    assert result.log_path is not None
    return read_event_log(result.log_path)


def test_numbers_handed_over_come_back_handed_over(archive: Archive, handed_over: Record) -> None:
    record_id = archive.add(handed_over)
    again = archive.get(record_id)
    assert again == handed_over
    assert any(action.handed and action.dice == (5, 5) for action in again.games[0].actions)


def test_an_archive_made_before_numbers_were_marked_handed_over_is_brought_up_to_date(
        tmp_path: Path, handed_over: Record) -> None:
    path = tmp_path / "archive.sqlite3"
    with Archive(path) as archive:
        backgammon = archive.add(tables_record("backgammon", 1))
    with sqlite3.connect(path) as db:  # as version 1 made it
        db.execute("ALTER TABLE actions DROP COLUMN handed")
        db.execute("PRAGMA user_version = 1")
    with Archive(path) as archive:
        assert archive.get(backgammon) == tables_record("backgammon", 1)
        assert archive.get(archive.add(handed_over)) == handed_over
