"""Writing the archive as users do: each file stored whole or not at all (killed, out of disk space),
one writer at a time (a second import is refused naming the first), and a true line for an archive
that cannot be written (a read-only folder). The kill and the one-writer rules hold for an SQLite
file and a PostgreSQL database alike (``archive_at``)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from harness.permissions import bound_by_permissions
from tablier.cli import main
from tablier.record.archive_db import shown

CORPORA = Path(os.environ["TABLIER_SHARED"], "corpora")
TINSLEY = CORPORA / "draughts/english/tinsley_CheckerBoard.pdn"  # 724 games, one of them broken
MATCH = CORPORA / "backgammon/mat/gnubg_selfplay_3pt.mat"
MATCHES = sorted((CORPORA / "backgammon/mat").glob("match1*.txt"))[:6]
needs_corpora = pytest.mark.skipif(not TINSLEY.is_file(), reason="the corpora are not here")


def tablier(*argv: str, prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*prefix, sys.executable, "-m", "tablier", *argv], capture_output=True, text=True,
                          timeout=300)


def listed(archive: Path | str) -> str:
    return tablier("archive", "list", "--archive", str(archive)).stdout


def storing(archive: str) -> bool:
    """Whether an import has begun storing games (uncommitted) into ``archive``: SQLite's journal is
    beside the file; a PostgreSQL transaction that has written holds a transaction id."""
    if not archive.startswith("postgresql://"):
        return Path(archive + "-journal").exists()
    import psycopg

    with psycopg.connect(archive, autocommit=True) as db:
        row = db.execute("SELECT count(*) FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND "
                         "application_name LIKE 'tablier[%'").fetchone()
    return bool(row and row[0])


@needs_corpora
def test_an_import_killed_half_way_stores_nothing_of_its_file_and_a_rerun_finishes_it(
        archive_at: str) -> None:
    archive = archive_at
    assert tablier("archive", "import", str(MATCH), "--archive", archive).returncode == 0
    host = subprocess.Popen([sys.executable, "-m", "tablier", "archive", "import", str(TINSLEY), "--archive",
                             archive], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not storing(archive):  # the games are being stored
        assert host.poll() is None and time.monotonic() < deadline, "the import ended before storing"
        time.sleep(0.01)
    time.sleep(1.0)  # some hundreds of games further (stored by batches of 200)
    assert host.poll() is None, "the import ended before the kill"
    host.send_signal(signal.SIGKILL)
    host.wait()
    assert listed(archive).splitlines()[-1] == "1 record"  # the match imported before, nothing of Tinsley
    again = tablier("archive", "import", str(TINSLEY), "--archive", archive)
    assert f"{TINSLEY}: 723 records added (723 games)" in again.stdout
    assert listed(archive).splitlines()[-1] == "724 records"


@needs_corpora
def test_a_full_disk_refuses_the_file_in_one_line_and_stores_nothing_of_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    archive = tmp_path / "archive.sqlite3"
    assert main(["archive", "import", str(MATCH), "--archive", str(archive)]) == 0
    with sqlite3.connect(archive) as db:
        room = db.execute("PRAGMA page_count").fetchone()[0] + 40  # some room, not enough for Tinsley
    connect = sqlite3.connect

    def small_disk(*args: object, **kwargs: object) -> sqlite3.Connection:
        db = connect(*args, **kwargs)  # type: ignore[arg-type]
        db.execute(f"PRAGMA max_page_count = {room}")
        return db

    monkeypatch.setattr(sqlite3, "connect", small_disk)
    capsys.readouterr()
    assert main(["archive", "import", str(TINSLEY), str(MATCHES[0]), "--archive", str(archive)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == (f"refused: {TINSLEY}: nothing of it was stored: {archive}: the disk is full "
                       "(database or disk is full)")
    assert not any("Traceback" in line for line in err)
    monkeypatch.undo()
    assert main(["archive", "list", "--archive", str(archive)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 record"


@needs_corpora
def test_two_imports_of_one_file_at_once_store_it_once_and_say_so_in_one_line(archive_at: str) -> None:
    archive = archive_at
    argv = [sys.executable, "-m", "tablier", "archive", "import", *map(str, MATCHES), "--archive", archive]
    both = [subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(2)]
    said = [process.communicate(timeout=300) for process in both]
    errors = "".join(err for _, err in said)
    assert "UNIQUE" not in errors and "Traceback" not in errors
    for process, (out, err) in zip(both, said, strict=True):
        if process.returncode == 0:  # it ran first, or after the other: everything is stored, once
            assert len(out.splitlines()) == len(MATCHES) + 1 and not err  # a line per file, a sum
        else:  # it ran while the other held the archive
            assert process.returncode == 1 and out == ""
            [line] = err.splitlines()
            assert line.startswith(f"tablier archive: {shown(archive)}: the archive is held by another "
                                   f"Tablier (process ") and "`tablier archive import" in line
            assert line.endswith("nothing was written (let that one finish, or stop it, then try again)")
    assert listed(archive).splitlines()[-1] == f"{len(MATCHES)} records"


def test_an_import_while_another_process_writes_the_archive_is_refused_naming_it(
        archive_at: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    archive = archive_at
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time\n"
                               "from tablier.record.archive import Archive\n"
                               "archive = Archive(sys.argv[1])\n"
                               "archive.hold()\n"
                               "print('holding', flush=True)\n"
                               "time.sleep(60)\n", archive], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        record = tmp_path / "g.json"
        record.write_text("{}")
        assert main(["archive", "import", str(record), "--archive", archive]) == 1
        assert main(["archive", "delete", "1", "--archive", archive]) == 1
        err = capsys.readouterr().err.splitlines()
        assert len(err) == 2
        for line in err:
            assert line.startswith(f"tablier archive: {shown(archive)}: the archive is held by another "
                                   f"Tablier (process {holder.pid}, `")
    finally:
        holder.kill()
        holder.wait()
    if archive.startswith("postgresql://"):
        wait_for_the_server_to_see_it_gone(archive)
    assert main(["archive", "delete", "1", "--archive", archive]) == 2  # the kill left no stale lock
    assert "no record 1 in" in capsys.readouterr().err


def wait_for_the_server_to_see_it_gone(archive: str) -> None:
    """PostgreSQL ends a killed client's session (and its locks) once it reads the closed socket."""
    import psycopg

    deadline = time.monotonic() + 10
    with psycopg.connect(archive, autocommit=True) as db:
        while time.monotonic() < deadline:
            row = db.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'").fetchone()
            if row is not None and row[0] == 0:
                return
            time.sleep(0.05)


def test_a_database_server_that_cannot_be_reached_is_said_in_one_line_without_the_password(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from harness.mosquitto import free_port

    where = f"postgresql://club:s3cret@127.0.0.1:{free_port()}/club"
    port = where.split(":")[3]
    assert main(["archive", "list", "--archive", where]) == 2  # on the command line: refused, unused
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"tablier archive: postgresql://club@127.0.0.1:{port}: never put the database's "
                           "password on the command line") and "s3cret" not in line
    monkeypatch.setenv("TABLIER_ARCHIVE", where)  # where a club may keep the whole address
    assert main(["archive", "list"]) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"tablier archive: postgresql://club@127.0.0.1:{port}: cannot reach the archive's "
                           "database (") and "s3cret" not in line


@needs_corpora
def test_an_archive_in_a_read_only_folder_is_read_and_its_writes_refused_in_one_true_line(
        tmp_path: Path) -> None:
    folder = tmp_path / "shelf"
    folder.mkdir()
    archive = folder / "archive.sqlite3"
    assert tablier("archive", "import", str(MATCH), "--archive", str(archive)).returncode == 0
    folder.chmod(0o555)
    try:
        prefix = bound_by_permissions()
        shown = tablier("archive", "list", "--archive", str(archive), prefix=prefix)
        assert shown.returncode == 0 and shown.stdout.splitlines()[-1] == "1 record"
        refused = tablier("archive", "import", str(MATCHES[0]), "--archive", str(archive), prefix=prefix)
        assert refused.returncode == 1
        assert refused.stderr.splitlines() == [
            f"tablier archive: {archive}: cannot be written (the folder {folder} is read-only for this "
            "user); nothing was written"]
        fresh = tablier("archive", "import", str(MATCHES[0]), "--archive", str(folder / "new.sqlite3"),
                        prefix=prefix)
        assert fresh.returncode == 1
        assert fresh.stderr.splitlines() == [
            f"tablier archive: {folder / 'new.sqlite3'}: cannot create the archive there: the folder "
            f"{folder} is read-only for this user"]
    finally:
        folder.chmod(0o755)
    assert listed(archive).splitlines()[-1] == "1 record"
