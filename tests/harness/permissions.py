"""Running a command as a user would, even when the tests run as root (as CI does)."""

from __future__ import annotations

import os
import shutil

import pytest


def bound_by_permissions() -> tuple[str, ...]:
    """A prefix that runs a command without root's power to write anywhere (so that a read-only
    folder is read-only to it, as it is to a user)."""
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: a read-only folder cannot be made to bind")
    dropped = "-dac_override,-dac_read_search,-fowner"
    return ("setpriv", "--bounding-set", dropped, "--inh-caps", dropped)
