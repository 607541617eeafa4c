"""Who acts on a session besides the person at the board: the hands on the simulated board
(:class:`ActorOf`), the lines typed (:class:`CommandSource`) and the other seat (:class:`OtherSeat`).

The protocols are generic in the session they act on (``S``: a :class:`~tablier.play.session.Session`),
so that the session names them without this module naming the session.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from tablier.board.leds import LedPlan
from tablier.record.log_writer import EventLogWriter

S = TypeVar("S", contravariant=True)


class ActorOf(Protocol[S]):
    """Hands on the (simulated) board: given a turn whenever the host has caught up with them."""

    def step(self, session: S) -> bool:
        """Do the next action; False when there is nothing more to do."""
        ...

    @property
    def expected_closed(self) -> set[int]:
        """The switches the hands' actions should have closed by now."""
        ...


class CommandSource(Protocol):
    """Lines typed at the terminal (or given by a script)."""

    def lines(self) -> list[str]:
        """The lines typed since the last call."""
        ...


class OtherSeat(Protocol[S]):
    """The seat that is not a person at this board, whose moves the local player makes as lit
    (:class:`~tablier.play.lit_seat.LitSeat`): the computer's or the adversary's at another board.
    ``word`` begins the logged lines it says (its moves, a board-to-board record's steps), which
    :meth:`command` applies; :meth:`act` takes its decisions in the live loop."""

    word: str

    def plays(self, player: int) -> bool:
        """Whether player ``player`` (1 or 2) is this seat."""
        ...

    def command(self, session: S, player: int, argument: str) -> None:
        """A logged line of the seat's (its move, a step of a board-to-board record)."""
        ...

    def act(self, session: S) -> None:
        """Every turn of the live loop: its decisions (a replay says them from the log)."""
        ...

    def moving(self, session: S) -> bool:
        """Whether the local player is making the seat's move now."""
        ...

    def on_press(self, session: S, player: int) -> bool:
        """A button pressed in the seat's turn (False in a person's own turn)."""
        ...

    def led_plan(self, session: S) -> LedPlan | None:
        """The lights of the seat's move while it is made (None otherwise)."""
        ...

    def lines(self, session: S, lines: list[str]) -> list[str]:
        """The view's ``lines``, told what to do during the seat's move."""
        ...

    def log_through(self, session: S, log: EventLogWriter) -> EventLogWriter:
        """What writes a resumption's decisions to ``log`` (the seat may look at them on the way)."""
        ...
