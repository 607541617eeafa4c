"""Reading mode, for a player who cannot see the board (``--reading``): a touch reads instead of
moving.

A man of a reading player's lifted and put back where he stood (the board as it was before the lift)
is a *reading*: the board says what stands on that place (whose men, how many, a king) and, in his
own turn, where that man may go (the legal destinations the lights would show, in his own numbering).
A move still commits only on his button's press, as every move does; the touch rules (the Checker
Laws' touch-move, Ticktack's touch and take, Jacquet's touch-down) are waived for him, as
over-the-board rules waive them for a player who cannot see (``docs/reading-mode.md``).

:class:`Reader` watches the switch changes the session hands it; what stands where and where a man
may go are the family's (its wing's ``board_moves``: :meth:`~tablier.play.board_move.MovesOnBoard.stands`
and :meth:`~tablier.play.board_move.MovesOnBoard.goes`).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from tablier.board.observation import PLACE_INDEX, Observation

from .hearing import Goes

if TYPE_CHECKING:
    from tablier.link.client import SwitchChange
    from tablier.speech import Announcer

    from .session import Session

READERS = {"1": (1,), "2": (2,), "both": (1, 2)}
"""The values of ``--reading``: the players in reading mode."""


def parse_readers(text: str) -> tuple[int, ...]:
    """``--reading``'s value (``1``, ``2``, ``both``) as the players in reading mode; ``ValueError``
    in one line otherwise."""
    try:
        return READERS[text.strip().lower()]
    except KeyError:
        raise ValueError(f"--reading takes 1, 2 or both (the players who read the board by touch), "
                         f"not {text!r}") from None


class Reader:
    """Reads the places a reading player's man is lifted from and put back on, to ``announcer``."""

    def __init__(self, announcer: Announcer, readers: Collection[int]) -> None:
        self.announcer = announcer
        self.readers = frozenset(readers)
        self._lifted: tuple[int, tuple[object, ...], Goes | None] | None = None
        # (the place index lifted from, the board before, where that man may go)

    def listener(self, session: Session) -> int:
        """The reading player the places are said to (in his numbering): the one reader, else the
        player to move (else player 1)."""
        if len(self.readers) == 1:
            return next(iter(self.readers))
        return session.to_play() or 1

    def changed(self, session: Session, before: Observation, changes: list[SwitchChange]) -> None:
        """The switches ``changes`` changed (the board was ``before``): a lift remembers the place and
        where that man may go; a put back on it, the board as it was, reads the place."""
        for change in changes:
            place = session.observer.place_of(change.switch)
            if place is None:
                continue
            index = place[1] if place[0] == "square" else PLACE_INDEX[place]
            if not change.closed:
                self._lifted = (index, _board(before), self._goes(session, index))
                continue
            lifted, self._lifted = self._lifted, None
            if lifted is not None and lifted[0] == index and _board(session.observation) == lifted[1]:
                listener = self.listener(session)
                stands = session.board_moves.stands(index, listener)
                self.announcer.read(stands.place, stands.count, stands.owner, stands.king, lifted[2])

    def _goes(self, session: Session, index: int) -> Goes | None:
        """Where the man lifted from ``index`` may go: the reading player's own man in his turn."""
        mover = session.mover()
        if mover is None or mover not in self.readers or session.computer_moving():
            return None
        return session.board_moves.goes(index, mover)


def _board(observation: Observation) -> tuple[object, ...]:
    """The men of an observation (the buttons aside)."""
    return (tuple(observation.counts), observation.squares, observation.tables_face_up)
