"""A real PostgreSQL server for the club archive's tests, started by the tests themselves.

Debian's ``postgresql`` (installed by ``make system-deps``) gets a private data directory made by
``initdb`` and runs on a free loopback port, password login required (``scram-sha-256``), no Unix
socket shared with anyone. PostgreSQL refuses to run as root: under root (as CI runs) the server
runs as the ``postgres`` user (``runuser``), in a folder of its own under ``/tmp`` that user may
enter. :meth:`PostgresServer.database` makes a fresh database and gives its address
(``postgresql://tablier@127.0.0.1:PORT/NAME``), as a club's archive is named; the password is in a
password file (``$PGPASSFILE``), as PostgreSQL's own tools take it.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from harness.mosquitto import free_port

USER = "tablier"
PASSWORD = "the club's secret"


def postgres_bin() -> Path | None:
    """The folder of Debian's PostgreSQL programs (``initdb``, ``postgres``), the newest version."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(found[-1]).parent if found else None


def _as_server_user() -> tuple[str, ...]:
    return ("runuser", "-u", "postgres", "--") if os.geteuid() == 0 else ()


@dataclass
class PostgresServer:
    """One PostgreSQL server on ``port`` with its data in a private folder."""

    port: int = field(default_factory=free_port)
    directory: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="tablier-pg-")))
    process: subprocess.Popen[bytes] | None = None
    made: int = 0

    def start(self) -> None:
        binaries = postgres_bin()
        assert binaries is not None
        data = self.directory / "data"
        pwfile = self.directory / "pw"
        pwfile.write_text(PASSWORD + "\n")
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chmod(self.directory, 0o700)
            for path in (self.directory, pwfile):
                os.chown(path, owner.pw_uid, owner.pw_gid)
        run = _as_server_user()
        subprocess.run([*run, str(binaries / "initdb"), "-D", str(data), "-U", USER, "--auth=scram-sha-256",
                        f"--pwfile={pwfile}", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"],
                       check=True, capture_output=True)
        log = open(self.directory / "server.log", "ab")  # noqa: SIM115 (the process keeps it)
        self.process = subprocess.Popen(
            [*run, str(binaries / "postgres"), "-D", str(data), "-p", str(self.port), "-h", "127.0.0.1",
             "-k", str(self.directory), "-c", "fsync=off", "-c", "full_page_writes=off",
             "-c", "shared_buffers=16MB", "-c", "max_connections=60"],
            stdout=log, stderr=log, start_new_session=True)
        self.password_file()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with self.connect("postgres"):
                    return
            except Exception:  # not up yet
                assert self.process.poll() is None, (self.directory / "server.log").read_text()
                time.sleep(0.1)
        raise RuntimeError(f"postgres did not start: {(self.directory / 'server.log').read_text()}")

    def url(self, database: str) -> str:
        """The address of ``database`` on this server (its password is in the password file that
        ``$PGPASSFILE`` names, as a club keeps it in ``~/.pgpass``: never on a command line)."""
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def password_file(self) -> None:
        """Write the password where libpq reads it (``$PGPASSFILE``, for this process and its children)."""
        passfile = self.directory / "pgpass"
        passfile.write_text(f"127.0.0.1:{self.port}:*:{USER}:{PASSWORD}\n")
        passfile.chmod(0o600)
        os.environ["PGPASSFILE"] = str(passfile)

    def connect(self, database: str):  # type: ignore[no-untyped-def]
        import psycopg

        return psycopg.connect(self.url(database), autocommit=True, connect_timeout=2)

    def database(self) -> str:
        """A new, empty database; its address."""
        self.made += 1
        name = f"club{self.made}_{os.getpid()}"
        with self.connect("postgres") as db:
            db.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGINT)  # a fast shutdown
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(5)
            self.process = None
        shutil.rmtree(self.directory, ignore_errors=True)


def postgres_server() -> Iterator[PostgresServer]:
    """A server for the whole run (the body of the ``postgres`` fixture of the suites that use it)."""
    if postgres_bin() is None:
        pytest.fail("Debian's postgresql is not installed: run `make system-deps` (apt-get install "
                    "postgresql)")
    server = PostgresServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the run (import this fixture into a suite's conftest)."""
    yield from postgres_server()


@pytest.fixture(params=["sqlite", "postgresql"])
def archive_at(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a fresh archive is: a file (SQLite), or a new database on the test server (PostgreSQL)."""
    if request.param == "sqlite":
        return str(tmp_path / "data" / "archive.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.database()
