"""The terminal's live view: the board, dice, whose turn, legal plays, messages and the link state.

On a terminal (a TTY) the view is redrawn in place with ANSI escapes, at most a few times a second;
otherwise (a pipe, a log, the tests) only new messages are printed, one a line, so the output reads
as a plain transcript. The keys line lists the words of the game being played and, on the simulated
board moved by typing, the hands' actions.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from .draughts_session import DraughtsSession
from .link import CONNECTED
from .session import Session
from .tables_session import TablesSession

CLEAR = "\x1b[H\x1b[2J"
#: The hands' actions typed on the simulated board (``docs/sim-script.md``).
HAND_KEYS = ("setup", "lift PLACE", "put PLACE", "move PLACE PLACE", "press 1|2", "flip", "cut/restore")


def keys_line(session: Session, hands: bool = False) -> str:
    """The words that may be typed in ``session``'s game (and the hands' actions, ``hands``)."""
    words = session.command_words() if isinstance(session, TablesSession | DraughtsSession) else ["quit"]
    line = f"keys: {', '.join(words)} (prefix 1 or 2 for the player)"
    if hands:
        line += "; hands: " + ", ".join(HAND_KEYS)
    return line


class View:
    """Draws a session on ``out``; ``live`` None: redraw in place only when ``out`` is a TTY;
    ``hands``: the men are moved by typing (the simulated board), the keys line says how."""

    def __init__(self, out: TextIO | None = None, live: bool | None = None, interval: float = 0.15,
                 hands: bool = False) -> None:
        self.out = out or sys.stdout
        self.live = self.out.isatty() if live is None else live
        self.interval = interval
        self.hands = hands
        self._last_draw = 0.0
        self._last_text = ""
        self._printed = 0

    def __call__(self, session: Session) -> None:
        if self.live:
            self._redraw(session)
        else:
            self._transcript(session)

    def finish(self, session: Session) -> None:
        """The last drawing, whatever the time since the one before (the end's messages shown)."""
        self._last_draw = 0.0
        self(session)

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
                 *(f"> {m}" for m in session.messages[-5:]), "",
                 keys_line(session, self.hands)]
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
