"""A step of a board-to-board game's shared record, as a typed line of the log and as a message.

Both hosts apply the same steps in the same order (:mod:`.remote_seat`); each is said as a typed
line, ``SEAT remote AT [ask=N] WORD [ARG]`` (``2 remote 14 play 13/7 8/7``, ``remote 15 dice 6 3``),
which the event log keeps and a replay says again, and sent as the body of an ``action`` message.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablier.errors import IllegalMoveError
from tablier.remote.messages import Message

WORD = "remote"
"""The typed line's word for a step of the shared record."""


@dataclass(frozen=True)
class Step:
    """A step of the shared record: index ``at`` (1, 2, ...), said by seat ``by`` (0: nobody's, the
    opening throw), its ``word`` and ``arg``; ``ask``: the proposal it puts in order (0: none)."""

    at: int
    by: int
    word: str
    arg: str = ""
    ask: int = 0

    def argument(self) -> str:
        """The typed line's argument: ``AT [ask=N] WORD [ARG]``."""
        return " ".join([str(self.at), *([f"ask={self.ask}"] if self.ask else []), self.word,
                         *([self.arg] if self.arg else [])])

    def line(self) -> str:
        """The typed line that applies it: ``2 remote 14 play 13/7 8/7``."""
        return f"{f'{self.by} ' if self.by else ''}{WORD} {self.argument()}"

    def body(self) -> dict[str, object]:
        """The ``action`` message's body."""
        body: dict[str, object] = {"at": self.at, "by": self.by, "word": self.word, "arg": self.arg}
        if self.ask:
            body["ask"] = self.ask
        return body

    @classmethod
    def of(cls, message: Message) -> Step:
        """The step an ``action`` message carries."""
        body = message.body
        return cls(int(body["at"]), int(body["by"]), str(body["word"]), str(body["arg"]),
                   int(body.get("ask", 0)))


def parse_step(by: int, argument: str) -> Step:
    """The step of a typed ``remote`` line; :class:`IllegalMoveError` if it is not one."""
    words = argument.split()
    if not words or not words[0].isdigit():
        raise IllegalMoveError("`remote AT WORD` is a step of a board-to-board game's record")
    at, rest, ask = int(words[0]), words[1:], 0
    if rest and rest[0].startswith("ask=") and rest[0][4:].isdigit():
        ask, rest = int(rest[0][4:]), rest[1:]
    if not rest:
        raise IllegalMoveError(f"step {at} says nothing")
    return Step(at, by, rest[0], " ".join(rest[1:]), ask)


def parse_throw(arg: str) -> tuple[int, int] | None:
    """The two dice of a throw's argument (None when it has none yet); :class:`IllegalMoveError`."""
    words = arg.split()
    if not words:
        return None
    if len(words) != 2 or not all(w.isdigit() and 1 <= int(w) <= 6 for w in words):
        raise IllegalMoveError(f"a throw is two dice, each 1 to 6 (not {arg!r})")
    return int(words[0]), int(words[1])
