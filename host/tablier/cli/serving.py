"""The live page's time with ``--serve``: ``tablier play`` and board-to-board play keep it up after
the game until Ctrl-C."""

from __future__ import annotations

import sys
from typing import Any


def linger_page(server: Any) -> None:
    """With ``--serve``: the page stays up after the game until Ctrl-C."""
    if server is not None:
        from tablier.web.live import linger

        sys.stdout.flush()
        linger(server)
        server.stop()
