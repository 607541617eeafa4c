"""The other seat, whose moves the local player makes on his board as lit: the computer's
(:mod:`.computer`) or the adversary's at another board (:mod:`.remote_seat`).

A session has one such seat at most (``Session.computer``, an
:class:`~tablier.play.session.OtherSeat`). Whoever chooses its move (the engine, or the adversary on
his own board), the move is said as a logged line (``N computer play MOVE``, ``N remote AT play
MOVE``) and made here the same way: :class:`LitSeat` lights it one man at a time, ``lift-here`` on
the man to lift and ``put-here`` where it goes (:mod:`.computer_lights`), follows the board along its
way, leads the board back to it when it strays for the grace time, and commits it once the board
shows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.board.leds import LIFT_HERE, PRESS_WHEN_DONE, PUT_HERE, YOUR_TURN, LedPlan
from tablier.errors import IllegalMoveError

from .computer_lights import Lights, MovePath, lights_words, path_words

if TYPE_CHECKING:
    from tablier.record.log_writer import EventLogWriter

    from .board_move import ChosenMove
    from .session import Session


class LitSeat:
    """The seats of one session whose moves the local player makes as lit; ``word`` is the first
    word of the logged lines that say its moves."""

    word = ""

    def __init__(self) -> None:
        self.choice: tuple[object, ChosenMove] | None = None  # (the turn's key, the move chosen)
        self.off_since: float | None = None  # when the board left the move's way
        self.told_off = False
        self.huffed: int | None = None  # the square of a man huffed, still to be lifted
        self.confirmed = 0  # the steps of its move the board cannot see, said made by a press

    def plays(self, player: int) -> bool:
        """Whether player ``player`` (1 or 2) is this seat."""
        raise NotImplementedError

    def act(self, session: Session) -> None:
        """Every turn of the live loop: take the decisions the game asks of the seat now."""

    def log_through(self, session: Session, log: EventLogWriter) -> EventLogWriter:
        """What writes the session's decisions to ``log`` when they are not the session's own doing (a
        resumption writing what the replay found past the log's end): ``log`` itself."""
        return log

    # -- the move chosen ---------------------------------------------------------------------------

    def choose(self, session: Session, notation: str) -> None:
        """The seat's move for this turn, written ``notation``: lit from now on (said again by a replay)."""
        mover = session.mover()
        if mover is None or not self.plays(mover):
            raise IllegalMoveError(f"`{self.word} play MOVE` names the move of its own seat in its turn")
        found = session.board_moves.moves_named(notation)
        if not found:
            raise IllegalMoveError(f"{notation!r} is not a legal move now")
        self.choice = (session.turn_key(), found[0])
        self.off_since, self.told_off, self.confirmed = None, False, 0
        session.speech.chosen(session, mover, notation)
        steps = path_words(session.board_moves.place_words, self._path(session))
        session.say(f"{session.player_name(mover)} plays {notation}: {steps} (as lit)")

    def moving(self, session: Session) -> bool:
        """Whether the local player is making the seat's move now (chosen, the board to show it)."""
        mover = session.mover()
        if mover is None or not self.plays(mover) or self.choice is None \
                or self.choice[0] != session.turn_key():
            return False
        # a man touched (Ticktack, Law 11) may narrow the moves: choose again
        return self.choice[1].allowed()

    def on_press(self, session: Session, player: int) -> bool:
        """A button pressed (or ``done``) in the seat's turn: its move commits if the board shows it,
        else the players are told what is left; False when it is not the seat's turn."""
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
            words = lights_words(session.board_moves.place_words, self._lights(session))
            session.say(f"the board does not show {session.player_name(mover)}'s move yet: "
                        f"{words.removeprefix('not its move: ')}")
            return True
        self.huffed = None
        self.choice[1].commit()
        return True

    def led_plan(self, session: Session) -> LedPlan | None:
        """The lights of the seat's move while the local player makes it (None otherwise)."""
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
        """The view's ``lines`` during the seat's move: what the board shows, and where a lifted man
        may go, are the seat's to say (its move, not any legal one): what to do next."""
        if not self.moving(session):
            return lines
        mover = session.mover() or 1
        shows = next((n for n, line in enumerate(lines) if line.startswith("the board shows:")), len(lines))
        words = lights_words(session.board_moves.place_words, self._lights(session))
        return [*lines[:shows], f"{session.player_name(mover)}: {words}"]

    def follow(self, session: Session, player: int) -> None:
        """While the local player makes the seat's move: commit once the board shows it; say once
        when the board has stood off its way for the grace time."""
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
            words = lights_words(session.board_moves.place_words, lights).removeprefix("not its move: ")
            session.say(f"not {session.player_name(player)}'s move "
                        f"{self.choice[1].notation()}: {words}",
                        "warning")

    def _path(self, session: Session) -> MovePath:
        assert self.choice is not None
        return self.choice[1].path(self.huffed)

    def _lights(self, session: Session) -> Lights:
        return session.board_moves.path_lights(self._path(session), self.confirmed)
