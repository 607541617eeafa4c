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

from tablier.board.leds import LIFT_HERE, PRESS_WHEN_DONE, PUT_HERE, YOUR_TURN, LedPlan
from tablier.engines import find_level
from tablier.engines.candidates import EngineUnavailableError
from tablier.engines.levels import Level
from tablier.errors import IllegalMoveError
from tablier.remote.messages import name_problem

from .computer_lights import (
    Lights,
    MovePath,
    lights_words,
    path_words,
)

if TYPE_CHECKING:
    from tablier.record.log_writer import EventLogWriter

    from .board_move import ChosenMove
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


class Computer:
    """The engine's seats of one session (``levels[n]``: player ``n + 1``'s level, None: a person)."""

    def __init__(self, levels: tuple[Level | None, Level | None]) -> None:
        self.levels = levels
        self.choice: tuple[object, ChosenMove] | None = None  # (the turn's key, the move chosen)
        self.done_for: set[object] = set()  # the decisions taken (one per turn and kind)
        self.off_since: float | None = None  # when the board left the computer's move's way
        self.told_off = False
        self.huffed: int | None = None  # the square of the man it huffed, still to be lifted
        self.confirmed = 0  # the steps of its move the board cannot see, said made by a press

    def plays(self, player: int) -> bool:
        """Whether player ``player`` (1 or 2) is the computer."""
        return 1 <= player <= 2 and self.levels[player - 1] is not None

    def log_through(self, session: Session, log: EventLogWriter) -> EventLogWriter:
        """What writes the session's decisions to ``log`` when they are not the session's own doing (a
        resumption writing what the replay found past the log's end): ``log`` itself; a seat at another
        board looks at them on the way (:class:`~tablier.play.remote_seat.SeatLog`)."""
        return log

    def level(self, player: int) -> Level:
        """The level of the computer's seat ``player``."""
        level = self.levels[player - 1]
        assert level is not None
        return level

    # -- the logged line ``computer play MOVE`` -----------------------------------------------------

    def command(self, session: Session, player: int, argument: str) -> None:
        """``computer play MOVE``: the move the computer chose for this turn (said again by a replay)."""
        word, _, notation = argument.partition(" ")
        notation = notation.strip()
        mover = session.mover()
        if word != "play" or mover is None or not self.plays(mover):
            raise IllegalMoveError("`computer play MOVE` names the computer's move in its own turn")
        found = session.board_moves.moves_named(notation)
        if not found:
            raise IllegalMoveError(f"{notation!r} is not a legal move now")
        self.choice = (session.turn_key(), found[0])
        self.off_since, self.told_off, self.confirmed = None, False, 0
        steps = path_words(session, self._path(session))
        session.say(f"{session.player_name(mover)} plays {notation}: {steps} (as lit)")

    # -- hooks of the game sessions ---------------------------------------------------------------

    def moving(self, session: Session) -> bool:
        """Whether the human is making the computer's move now (chosen, the board to show it)."""
        mover = session.mover()
        if mover is None or not self.plays(mover) or self.choice is None \
                or self.choice[0] != session.turn_key():
            return False
        # a man touched (Ticktack, Law 11) may narrow the moves: choose again
        return self.choice[1].allowed()

    def on_press(self, session: Session, player: int) -> bool:
        """A button pressed (or ``done``) in the computer's turn: its move commits if the board shows
        it, else the players are told what is left; False when it is not the computer's turn."""
        mover = session.mover()
        if mover is None or not self.plays(mover):
            return False
        if not self.moving(session):
            session.say(f"{session.player_name(mover)} is still choosing its move")
            return True
        lights = self._lights(session)
        if lights.press:  # a step the switches cannot see: the press says it is made
            self.confirmed += 1
            lights = self._lights(session)
            if not lights.done:
                return True
        assert self.choice is not None
        if not (lights.done and self.choice[1].shown()):
            session.say(f"the board does not show {session.player_name(mover)}'s move yet: "
                        f"{lights_words(session, self._lights(session)).removeprefix('not its move: ')}")
            return True
        self.huffed = None
        self.choice[1].commit()
        return True

    def led_plan(self, session: Session) -> LedPlan | None:
        """The lights of the computer's move while the human makes it (None otherwise)."""
        if not self.moving(session):
            return None
        mover = session.mover()
        assert mover is not None
        lights = self._lights(session)
        plan = LedPlan(session.layout).status(mover, PRESS_WHEN_DONE if lights.press else YOUR_TURN)
        for index, meaning in ((lights.lift, LIFT_HERE), (lights.put, PUT_HERE)):
            if index is not None:
                session.board_moves.light_place(plan, index, meaning)
        session.board_moves.light_throw(plan)
        return plan

    def lines(self, session: Session, lines: list[str]) -> list[str]:
        """The view's ``lines`` during the computer's move: what the board shows, and where a lifted
        man may go, are the computer's to say (its move, not any legal one): what to do next."""
        if not self.moving(session):
            return lines
        mover = session.mover() or 1
        shows = next((n for n, line in enumerate(lines) if line.startswith("the board shows:")), len(lines))
        words = lights_words(session, self._lights(session))
        return [*lines[:shows], f"{session.player_name(mover)}: {words}"]

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
                session.seat_decisions.decide(self)
            except EngineUnavailableError as error:
                session.say(f"the computer cannot play: {error}", "warning")
                session.finished = True
            if len(session.message_log) == before:
                return

    def say(self, session: Session, player: int, line: str, once: object = None) -> None:
        """Say ``line`` as player ``player`` at the terminal (logged; once per ``once`` key): a decision
        of the seat, as a typed line is said."""
        if once is not None:
            if once in self.done_for:
                return
            self.done_for.add(once)
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

    def follow(self, session: Session, player: int) -> None:
        """While the human makes the computer's move: commit once the board shows it; say once when
        the board has stood off its way for the grace time."""
        lights = self._lights(session)
        assert self.choice is not None
        if lights.done and self.choice[1].shown():
            session.command_line(f"{player} done")
            return
        if not lights.off_way:
            self.off_since, self.told_off = None, False
            return
        now = session.clock()
        self.off_since = now if self.off_since is None else self.off_since
        if not self.told_off and now - self.off_since >= session.options.grace_s:
            self.told_off = True
            words = lights_words(session, lights).removeprefix("not its move: ")
            session.say(f"not {session.player_name(player)}'s move "
                        f"{self.choice[1].notation()}: {words}",
                        "warning")

    # -- where the move stands --------------------------------------------------------------------

    def _path(self, session: Session) -> MovePath:
        assert self.choice is not None
        return self.choice[1].path(self.huffed)

    def _lights(self, session: Session) -> Lights:
        return session.board_moves.path_lights(self._path(session), self.confirmed)



def attach_computer(session: Session, names: tuple[str, str]) -> None:
    """Give ``session`` its computer seats (players named ``computer[:LEVEL]``), checking now that the
    game's engine is there: :class:`TablierError` saying what to install if not."""
    levels = (seat_level(names[0]), seat_level(names[1]))
    if levels == (None, None):
        return
    session.seat_decisions.check_engine()
    session.computer = Computer(levels)
