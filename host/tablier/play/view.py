"""The terminal's live view: the board, dice, whose turn, legal plays, messages and the link state.

On a terminal (a TTY) the view is redrawn in place with ANSI escapes, at most a few times a second;
otherwise (a pipe, a log, the tests) only new messages are printed, one a line, so the output reads
as a plain transcript.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from .link import CONNECTED
from .session import Session

CLEAR = "\x1b[H\x1b[2J"
KEYS = ("keys: roll, done, takeback, resign, double/take/drop, claim NAME, why-not, vie/see/yield, "
        "notice, huff N, hint, dice A B, choose N, quit (prefix 1 or 2 for the player)")


class View:
    """Draws a session on ``out``; ``live`` None: redraw in place only when ``out`` is a TTY."""

    def __init__(self, out: TextIO | None = None, live: bool | None = None, interval: float = 0.15) -> None:
        self.out = out or sys.stdout
        self.live = self.out.isatty() if live is None else live
        self.interval = interval
        self._last_draw = 0.0
        self._last_text = ""
        self._printed = 0

    def __call__(self, session: Session) -> None:
        if self.live:
            self._redraw(session)
        else:
            self._transcript(session)

    def _redraw(self, session: Session) -> None:
        now = time.monotonic()
        if now - self._last_draw < self.interval:
            return
        link = session.link.state
        lit = [f"{place} {meaning}" for place, meaning in session.led_plan().meanings().items()
               if not place.startswith("die")]
        lines = [*session.status_lines(), "",
                 "lights: " + (", ".join(lit) or "none"),
                 f"link: {link}" + ("" if link == CONNECTED else "  ** board disconnected **"),
                 *(f"> {m}" for m in session.messages[-5:]), "", KEYS]
        text = "\n".join(lines)
        if text != self._last_text:
            self.out.write(CLEAR + text + "\n")
            self.out.flush()
            self._last_text = text
        self._last_draw = now

    def _transcript(self, session: Session) -> None:
        log = session.message_log
        for message in log[self._printed:]:
            self.out.write(message + "\n")
        if len(log) > self._printed:
            self.out.flush()
        self._printed = len(log)
