"""What the draughts wing's parts (its teacher, scene, lights, moves, seat, hands and words) ask of
a draughts session: :class:`DraughtsTable`, which
:class:`~tablier.play.draughts.session.DraughtsSession` is.

The parts see the session through this protocol and never import it, so that the session, which
builds them, is the only module of the wing that imports them all: no import goes round in a circle.
"""

from __future__ import annotations

from typing import Protocol

from tablier.board.draughts_inference import DraughtsCandidate, DraughtsReading, MoveInference
from tablier.board.guidance import Step
from tablier.board.observation import Observation
from tablier.draughts.core import Board, Color, Move, Outcome
from tablier.draughts.laws import LawsGame
from tablier.record.eventlog import Record

from ..options import PlayOptions
from ..takeback import Takebacks
from .phase import DraughtsPhase


class DraughtsTeaching(Protocol):
    """The draughts teacher (:class:`~tablier.play.draughts.teacher.DraughtsTeacher`), as the words
    use it."""

    def hint(self) -> None:
        """The best move shown (``hint``)."""
        ...

    def command(self, player: int, argument: str) -> str:
        """``teacher on|off|allow``; what to tell."""
        ...


class DraughtsTable(Protocol):
    """A draughts game on the board, as its wing's parts see it."""

    # the game
    board: Board
    laws: LawsGame | None
    title: str
    phase: DraughtsPhase
    game_number: int
    ply: int
    committed: list[str]
    finished: bool
    touched: int | None
    own_removed: int | None
    insisted: set[int]
    # the board and what it shows
    observation: Observation
    inference: MoveInference | None
    reading: DraughtsReading | None
    restoring: frozenset[int] | None
    guide: Step[int] | None
    guiding: bool
    takebacks: Takebacks[tuple[Board, LawsGame | None]]
    # the table
    options: PlayOptions

    @property
    def teacher(self) -> DraughtsTeaching: ...

    def say(self, text: str, level: str = "info", prompt: bool = False) -> None: ...
    def record(self, record: Record) -> None: ...
    def command_line(self, line: str) -> None: ...
    def command_words(self) -> list[str]: ...
    def status_lines(self) -> list[str]: ...
    def warns_for(self, player: int) -> bool: ...
    def is_computer(self, player: int) -> bool: ...
    def mover(self) -> int | None: ...
    def turn_key(self) -> object: ...
    def on_button(self, player: int) -> None: ...
    def player_of(self, color: Color) -> int: ...
    def wanted_squares(self) -> set[int]: ...
    def legal_moves(self) -> list[Move]: ...
    # the session's own steps, which its words and seat take
    def _name(self, color: Color) -> str: ...
    def _read(self, squares: frozenset[int]) -> DraughtsReading: ...
    def _begin_move(self) -> None: ...
    def _touch(self, square: int) -> None: ...
    def _commit(self, candidate: DraughtsCandidate) -> None: ...
    def _game_over(self, outcome: Outcome) -> None: ...
    def _start_grace(self) -> None: ...
    def _stop_grace(self) -> None: ...
