"""What the tables wing's parts (its display, teacher, scene, lights, moves, seat, hands and words)
ask of a tables session: :class:`TablesTable`, which
:class:`~tablier.play.tables.session.TablesSession` is.

The parts see the session through this protocol and never import it, so that the session, which
builds them, is the only module of the wing that imports them all: no import goes round in a circle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from tablier.board.guidance import Step
from tablier.board.leds import LedPlan
from tablier.board.observation import Observation
from tablier.board.orientation import Orientation
from tablier.board.setup import SetupCheck
from tablier.board.tables_inference import BeforeLift, Candidate, Reading, TurnInference
from tablier.hardware.layout import Layout
from tablier.record.eventlog import Record
from tablier.tables.match import Match
from tablier.tables.turn import Turn
from tablier.tables.variant import Variant

from ..dice import Dice
from ..options import PlayOptions
from ..takeback import Takebacks
from .phase import TablesPhase


class TablesTeaching(Protocol):
    """The tables teacher (:class:`~tablier.play.tables.teacher.TablesTeacher`), as the words and
    the display use it."""

    def hint(self) -> None:
        """The best play shown (``hint``)."""
        ...

    def light(self, plan: LedPlan) -> None:
        """The better play of a warning lit over the rest."""
        ...

    def command(self, player: int, argument: str) -> str:
        """``teacher on|off|allow``; what to tell."""
        ...

    def bands(self, reading: Reading, before: BeforeLift | None = None) -> dict[int, str]:
        """The quality lights' bands of the places a man may go (place index -> band)."""
        ...


class DiceShown(Protocol):
    """The session's display (:class:`~tablier.play.tables.display.TablesDisplay`), as the scene
    reads it."""

    def dice_used(self) -> tuple[bool, bool]:
        """Which dice of the throw the men on the board have used."""
        ...


class TablesTable(Protocol):
    """A tables game on the board, as its wing's parts see it."""

    # the game
    variant: Variant
    flow: Turn
    phase: TablesPhase
    match: Match | None
    game_number: int
    ply: int
    score: list[int]
    committed: list[str]
    finished: bool
    # the board and what it shows
    layout: Layout
    ladder: int
    observation: Observation
    orientation: Orientation | None
    setup: SetupCheck | None
    inference: TurnInference | None
    reading: Reading | None
    asking: tuple[Candidate, ...]
    restoring: tuple[int, ...] | None
    guide: Step[int] | None
    guiding: bool
    hint: tuple[int, ...]
    landed_places: set[int]  # where a man was seen put down this turn (touching down)
    # the table
    options: PlayOptions
    dice: Dice
    takebacks: Takebacks[Turn]
    message_log: list[str]
    typed_line: Callable[[str], None]

    @property
    def teacher(self) -> TablesTeaching: ...
    @property
    def display(self) -> DiceShown: ...

    def say(self, text: str, level: str = "info", prompt: bool = False) -> None: ...
    def record(self, record: Record) -> None: ...
    def command_line(self, line: str) -> None: ...
    def command_words(self) -> list[str]: ...
    def status_lines(self) -> list[str]: ...
    def player_name(self, player: int) -> str: ...
    def player_of_side(self, side: int) -> int: ...
    def is_computer(self, player: int) -> bool: ...
    def turn_key(self) -> object: ...
    def computer_moving(self) -> bool: ...
    def warns_for(self, player: int) -> bool: ...
    def to_play(self) -> int | None: ...
    def floor(self) -> int | None: ...
    def on_button(self, player: int) -> None: ...
    def on_command(self, player: int, word: str, argument: str) -> None: ...
    # the session's own steps, which its words and seat take
    def _name(self, side: int) -> str: ...
    def _opening(self) -> None: ...
    def _turn_throw(self) -> None: ...
    def _begin_turn(self) -> None: ...
    def _touch(self, place: tuple[str, int]) -> None: ...
    def _commit(self, candidate: Candidate) -> None: ...
    def _game_over(self) -> None: ...
    def _stop_grace(self) -> None: ...
