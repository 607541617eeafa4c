"""Where the files the host reads beside its code are: ``firmware/`` and the board's layout.

In a checkout (and an editable install) they are the repository's own ``firmware/`` and
``hardware/``, the one source of truth; an installed package carries copies of them in
``tablier/bundled/``, made by the build (``setup.py``).
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
BUNDLED_DIR = PACKAGE_DIR / "bundled"
REPOSITORY_DIR = PACKAGE_DIR.parents[1]


def project_path(relative: str) -> Path:
    """``relative`` (e.g. ``"hardware/board.toml"``) in the installed package if it carries it,
    else in the repository."""
    bundled = BUNDLED_DIR / relative
    return bundled if bundled.exists() else REPOSITORY_DIR / relative
