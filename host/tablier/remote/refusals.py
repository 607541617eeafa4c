"""Refusals told without flooding: whoever can publish on the broker can send a message a millisecond.

A board to board host tells its player each message it refuses, and ``club serve`` its organiser;
a forger who sends thousands would fill the screen, the terminal and the log. :class:`Refusals`
tells the first few of a burst in full, then counts the rest and tells one line at most every
:data:`SUMMARY_EVERY_S` (how many more, and the latest); every line is one line of at most
:data:`MAX_LINE` characters, whatever the wire put in it (:func:`one_line`).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

#: The refusals of a burst told in full before they are counted.
FIRST = 3
#: The least time between two summaries of counted refusals, in seconds.
SUMMARY_EVERY_S = 10.0
#: The longest line told.
MAX_LINE = 240

_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def one_line(text: str, most: int = MAX_LINE) -> str:
    """``text`` as one printable line of at most ``most`` characters: a control character, a line
    separator or a lone surrogate shown as its escape (``\\n``, ``\\x1b``), the end cut with ``...``."""
    shown = _UNPRINTABLE.sub(lambda found: found[0].encode("unicode_escape").decode("ascii"), text)
    return shown if len(shown) <= most else shown[:most - 3] + "..."


def refused(count: int) -> str:
    """How a summary counts refused messages."""
    return f"{count} more message{'s' * (count != 1)} refused"


class Refusals:
    """One listener's refusals (a host's player, a club's organiser), or any other line the wire can
    bring at will, told through ``tell``; ``more`` says how many were counted in a summary."""

    def __init__(self, tell: Callable[[str], None], clock: Callable[[], float] = time.monotonic,
                 more: Callable[[int], str] = refused, first: int = FIRST) -> None:
        self.tell = tell
        self.clock = clock
        self.more = more
        self.first = first
        self.total = 0
        self._told_in_burst = 0
        self._counted = 0
        self._latest = ""
        self._next_summary = 0.0

    def add(self, line: str) -> None:
        """A message was refused (``line`` says which and why)."""
        self.total += 1
        now = self.clock()
        if self._told_in_burst < self.first and not self._counted:
            self._told_in_burst += 1
            self._next_summary = now + SUMMARY_EVERY_S
            self.tell(one_line(line))
            return
        self._counted += 1
        self._latest = line
        self.due(now)

    def flush(self) -> None:
        """Tell the summary of the refusals counted now, due or not (the listener goes away)."""
        self._next_summary = 0.0
        self.due()

    def due(self, now: float | None = None) -> None:
        """Tell the summary of the refusals counted, once it is due (call it now and then)."""
        now = self.clock() if now is None else now
        if now < self._next_summary:
            return
        if self._counted:
            self.tell(one_line(f"{self.more(self._counted)} (the latest: {self._latest})"))
            self._counted = 0
            self._next_summary = now + SUMMARY_EVERY_S
        else:
            self._told_in_burst = 0  # a quiet spell: the next burst is told in full again
