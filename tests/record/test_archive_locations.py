"""Where the archive is: a file's path or a PostgreSQL address, and nothing else. An address of any
other kind (``mysql://``, ``sqlite://``, a typo) is refused in one line naming the two forms, and no
folder is made for it, whether it comes from ``--archive`` or from ``$TABLIER_ARCHIVE``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ADDRESSES = ("mysql://bob:secret@db.example/club", "sqlite:///tmp/x.sqlite3", "postgressql://db/club",
             "https://example.org/archive")


def tablier(cwd: Path, *argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tablier", *argv], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env={**os.environ, **(env or {})})


def refused(done: subprocess.CompletedProcess[str]) -> bool:
    last = done.stderr.strip().splitlines()[-1]
    return (done.returncode == 2 and "postgresql://" in last and "a file" in last
            and "secret" not in done.stderr)


def test_an_unknown_kind_of_address_is_refused_by_every_command_and_makes_no_folder(tmp_path: Path) -> None:
    address = ADDRESSES[0]
    for argv in (["archive", "import", "--archive", address, "no-such-file.mat"],
                 ["export", "--archive", address, "--format", "json", "--out", "out"],
                 ["analyse", "1", "--archive", address]):
        done = tablier(tmp_path, *argv)
        assert refused(done), (argv, done.stdout, done.stderr)
        assert list(tmp_path.iterdir()) == [], argv  # no mysql: folder, no out/


@pytest.mark.parametrize("address", ADDRESSES)
def test_each_kind_of_unknown_address_is_refused(tmp_path: Path, address: str) -> None:
    done = tablier(tmp_path, "archive", "list", "--archive", address)
    assert refused(done), done.stderr
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_address_in_the_environment_is_refused_too(tmp_path: Path) -> None:
    done = tablier(tmp_path, "archive", "list", env={"TABLIER_ARCHIVE": "mysql://bob@db.example/club"})
    assert done.returncode == 1
    assert done.stderr.startswith("tablier archive: mysql://bob@db.example/club: ")
    assert "postgresql://" in done.stderr and done.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_a_file_path_and_a_postgresql_address_are_still_taken(tmp_path: Path) -> None:
    done = tablier(tmp_path, "archive", "list", "--archive", "club/archive.sqlite3")
    assert done.returncode == 0 and "no records yet in club/archive.sqlite3" in done.stdout
    assert (tmp_path / "club" / "archive.sqlite3").is_file()
