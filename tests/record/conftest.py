"""Make the records tests' helpers (record factory, GNU Backgammon reader) importable; the archive's
tests run against both engines (``archive_at``: an SQLite file, a database on a real PostgreSQL)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from harness.postgres import archive_at, postgres  # noqa: F401 (fixtures)
