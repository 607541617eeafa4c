"""The club evening's tests: the records tests' factory of legal records is shared, and the archive's
tests run against both engines (``archive_at``: an SQLite file, a database on a real PostgreSQL)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "record"))

from harness.postgres import archive_at, postgres  # noqa: F401 (fixtures)
