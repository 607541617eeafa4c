"""Where Tablier keeps its files when the user does not say: one place, the user's data directory."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """``$XDG_DATA_HOME/tablier``, else ``~/.local/share/tablier`` (not created here)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tablier"
