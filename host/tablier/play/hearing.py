"""What speech hears of a session, and the words it shares with the wings: the protocol the session
calls (:class:`Hearing`, generic in the session so that this module names none), the silence it has
when no speech was asked for (:data:`QUIET`), and a place as it is said (:data:`Place`,
:class:`Stands`, :data:`Goes`). The speech itself is :mod:`.speaking`; reading mode :mod:`.reading`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

S = TypeVar("S", contravariant=True)

Place = tuple[str, int]
"""A place as it is said: ``("point", 13)`` in the listener's own numbering, ``("square", 14)``."""

Goes = list[tuple[Place, bool]]
"""Where a lifted man may go: each place, and whether he hits (captures) there."""


@dataclass(frozen=True)
class Stands:
    """What stands on a place: ``count`` men of ``owner`` (player 1 or 2; None: nobody), kings or not."""

    place: Place
    count: int
    owner: int | None
    king: bool = False


class Hearing(Protocol[S]):
    """What the session tells its speech (:class:`~tablier.play.speaking.TableSpeech`)."""

    def heard(self, session: S, record: Any) -> None:
        """The session wrote ``record`` (an event log record)."""

    def chosen(self, session: S, player: int, notation: str) -> None:
        """The other seat (player ``player``) chose its move, written ``notation``."""

    def false_move(self, why: str) -> None:
        """The grace time is over and the board shows no legal move: ``why``."""

    def changed(self, session: S, before: Any, changes: list[Any]) -> None:
        """The switches ``changes`` changed (the board was the observation ``before``)."""

    def looked(self, session: S) -> None:
        """A turn of the loop: how things stand now."""

    def close(self) -> None:
        """The session is over: stop speaking."""


class Quiet:
    """No speech: every event heard and nothing said."""

    def heard(self, session: object, record: Any) -> None:
        """Nothing said."""

    def chosen(self, session: object, player: int, notation: str) -> None:
        """Nothing said."""

    def false_move(self, why: str) -> None:
        """Nothing said."""

    def changed(self, session: object, before: Any, changes: list[Any]) -> None:
        """Nothing said."""

    def looked(self, session: object) -> None:
        """Nothing said."""

    def close(self) -> None:
        """Nothing to stop."""


QUIET = Quiet()
"""The speech of a session that says nothing."""
