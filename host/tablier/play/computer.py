"""The computer at the table: a seat played by an engine, its moves made on the board by the human.

``tablier play GAME --players human,computer`` (or ``computer:LEVEL``, either seat or both): when it
is the computer's turn, the engine (:mod:`tablier.engines`) chooses and the lights show its move one
man at a time, ``lift-here`` on the man to lift and ``put-here`` where it goes (a hit man to his bar,
a man borne off to the tray; in draughts the captured men lit to lift: :mod:`.computer_lights`).
The terminal says the move in words. Once the board shows exactly that move the turn commits by
itself; a press before then is told what is left, and a board off the move's way is led to it one
man at a time. Its dice are the board's, thrown when its button is pressed as for any player (the
human throws for it; physical dice are thrown for it and typed in): a press of the computer's
button ends the human's own turn without throwing, so that the computer may double first. It
doubles, takes and drops, claims its Ticktack wins and says "Why not?" when the human misses one,
vies and sees, huffs or compels under the Checker Laws (:mod:`.computer_rules`), and answers a
takeback asked of it: granted in teaching mode, refused in strict mode.

Every decision is taken in the live loop (:meth:`Computer.act`, from ``Session.run``) and said
through :meth:`~tablier.play.session.Session.command_line` as a typed line is, so that the event log
holds it and a replay (``--resume``, ``tablier rebuild``) says it again at the same point without
asking the engine: ``2 computer play 24/18 13/11`` (the move chosen), ``2 done`` (the board shows
it), ``2 double``, ``1 take``, ``2 claim Hit``, ``2 why-not``, ``2 huff 14``, ``1 accept``...
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.engines import find_level
from tablier.engines.candidates import EngineUnavailableError
from tablier.engines.levels import Level
from tablier.errors import IllegalMoveError
from tablier.remote.messages import name_problem

from .lit_seat import LitSeat

if TYPE_CHECKING:
    from .session import Session

COMPUTER = "computer"
"""A player whose name's first word is this (``computer``, ``computer:LEVEL``, ``Computer A``,
``Computer B:1``) is played by the engine."""


def seat_level(name: str) -> Level | None:
    """The level of a seat named ``computer[ LABEL][:LEVEL]`` (None for a person's name);
    ``ValueError`` saying why for a computer with a bad level."""
    word, colon, level = name.strip().partition(":")
    if (word.split() or [""])[0].lower() != COMPUTER:
        return None
    if colon and not level.strip():
        raise ValueError(f"player {name!r}: give the computer's level after the colon, e.g. computer:3 "
                         "(levels 1-4)")
    try:
        return find_level(level.strip() or None)
    except ValueError as error:
        raise ValueError(f"player {name!r}: {error}") from None


def parse_players(text: str) -> tuple[str, str]:
    """``--players``: two names separated by a comma, ``computer`` or ``computer:LEVEL`` for the
    engine; ``ValueError`` with a one-line reason otherwise."""
    names = [name.strip() for name in text.split(",")]
    if len(names) != 2 or not all(names):
        raise ValueError(f"--players takes two names separated by a comma, e.g. human,computer or "
                         f"Ann,computer:3 (not {text!r})")
    for name in names:
        problem = name_problem(name)
        if problem:
            raise ValueError(f"--players: {problem}")
        seat_level(name)
    return names[0], names[1]


class Computer(LitSeat):
    """The engine's seats of one session (``levels[n]``: player ``n + 1``'s level, None: a person)."""

    word = COMPUTER

    def __init__(self, levels: tuple[Level | None, Level | None]) -> None:
        super().__init__()
        self.levels = levels
        self.done_for: set[object] = set()  # the decisions taken (one per turn and kind)

    def plays(self, player: int) -> bool:
        """Whether player ``player`` (1 or 2) is the computer."""
        return 1 <= player <= 2 and self.levels[player - 1] is not None

    def level(self, player: int) -> Level:
        """The level of the computer's seat ``player``."""
        level = self.levels[player - 1]
        assert level is not None
        return level

    def command(self, session: Session, player: int, argument: str) -> None:
        """``computer play MOVE``: the move the computer chose for this turn (said again by a replay)."""
        word, _, notation = argument.partition(" ")
        if word != "play":
            raise IllegalMoveError("`computer play MOVE` names the computer's move in its own turn")
        self.choose(session, notation.strip())

    # -- the live loop ----------------------------------------------------------------------------

    def act(self, session: Session) -> None:
        """Take the decisions the game now asks of the computer (live play only): one after another
        (its move committed, then its cube decision at once), before any hand may throw."""
        for _ in range(4):
            if session.finished:
                return
            before = len(session.message_log)
            try:
                self._answer_takeback(session)
                session.seat_decisions.decide(AtTable(self, session))
            except EngineUnavailableError as error:
                session.say(f"the computer cannot play: {error}", "warning")
                session.finished = True
            if len(session.message_log) == before:
                return

    def say(self, session: Session, player: int, line: str) -> None:
        """Say ``line`` as player ``player`` at the terminal (logged): a decision of the seat, as a
        typed line is said."""
        session.command_line(f"{player} {line}")

    def _answer_takeback(self, session: Session) -> None:
        takebacks = session.takebacks
        if not takebacks.asked or takebacks.undo is None:
            return
        answerer = 3 - session.player_of_side(takebacks.undo.side)
        tried = ("takeback", id(takebacks.undo))
        if self.plays(answerer) and tried not in self.done_for:
            self.say(session, answerer, "accept" if session.options.teaching else "refuse")
            if takebacks.asked:  # the answer was refused (and said): not again for this move
                self.done_for.add(tried)


class AtTable:
    """The computer at its session: what a family's decisions ask of it
    (:class:`~tablier.play.seat_decisions.EngineSeat`)."""

    def __init__(self, computer: Computer, session: Session) -> None:
        self.computer = computer
        self.session = session

    def plays(self, player: int) -> bool:
        """Whether player ``player`` is the computer."""
        return self.computer.plays(player)

    def level(self, player: int) -> Level:
        """The computer's level at seat ``player``."""
        return self.computer.level(player)

    def once(self, decision: object) -> bool:
        """True the first time ``decision`` is taken."""
        if decision in self.computer.done_for:
            return False
        self.computer.done_for.add(decision)
        return True

    def say(self, player: int, line: str) -> None:
        """Say ``line`` as player ``player`` (logged)."""
        self.computer.say(self.session, player, line)

    def moving(self) -> bool:
        """Whether its move is being made on the board."""
        return self.computer.moving(self.session)

    def follow(self, player: int) -> None:
        """Follow its move to its commit."""
        self.computer.follow(self.session, player)

    def huff(self, square: int | None) -> None:
        """The man it huffs, lit to lift with its move."""
        self.computer.huffed = square


def attach_computer(session: Session, names: tuple[str, str]) -> None:
    """Give ``session`` its computer seats (players named ``computer[:LEVEL]``), checking now that the
    game's engine is there: :class:`TablierError` saying what to install if not."""
    levels = (seat_level(names[0]), seat_level(names[1]))
    if levels == (None, None):
        return
    session.seat_decisions.check_engine()
    session.computer = Computer(levels)
