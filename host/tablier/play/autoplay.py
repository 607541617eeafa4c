"""Built-in players with hands: they set the men up and play whole games on the simulated board.

:class:`AutoHands` is an :class:`~tablier.play.session.Actor`: whenever the host has seen its last
action it looks at the session and does the next thing a player at the table would do: set up the
men, press his button to throw, lift and put men for the play his built-in player chose (a hit man
to the bar, a borne-off man to the tray; in draughts the captured men lifted one by one), press his
button to end the turn, answer the board's question. ``delay`` paces it for watching.

A seat the session's computer plays (``computer[:LEVEL]``, :mod:`.computer`) is played as a person
plays it: the hands press its button to throw and then do what the lights ask, lifting the man lit
``lift-here`` and putting it where ``put-here`` shows, until the board shows the computer's move.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable
from functools import partial

from tablier.board.leds import LIFT_HERE, PRESS_WHEN_DONE, PUT_HERE
from tablier.board.orientation import HOME_RIGHT
from tablier.tables.players import PLAYERS

from .hands import Hands
from .session import Session

Action = Callable[[], None]

#: How many times the hands press for a throw that leaves the game where it was (tied opening
#: throws, one after another) before they give up: the game is stuck.
MAX_PRESSES = 50


class AutoHands:
    """Two built-in players' hands on a simulated board."""

    idle_end_s = 2.0
    """How long the hands may find nothing to do before the game is given up as stuck."""
    prompted = False
    """The hands press by themselves: nobody is asked to press a button (the demo's transcript)."""

    def __init__(self, hands: Hands, players: tuple[str, str] = ("greedy", "random"), seed: int | None = None,
                 delay: float = 0.0, way: str = HOME_RIGHT) -> None:
        self.hands = hands
        # a computer's seat follows the lights; its own player only stands in if it ever had to choose
        self.players: tuple[str, str] = (players[0] if players[0] in PLAYERS else "greedy",
                                         players[1] if players[1] in PLAYERS else "greedy")
        self._stepped = False  # a man moved since the last press
        self.rng = random.Random(seed)
        self.delay = delay
        self.way = way
        self.queue: deque[Action] = deque()  # the motions planned, done one per step
        self._next_time = 0.0
        self.planned_for: object = None  # what the motions queued were planned for (the game's moment)
        self.presses = 0  # the presses for a throw that left the game where it was
        self.intended: object = None  # the men as the play planned leaves them
        self._told_teacher = False

    @property
    def expected_closed(self) -> set[int]:
        return self.hands.expected_closed

    def step(self, session: Session) -> bool:
        if session.finished:
            return False
        now = time.monotonic()
        if now < self._next_time:
            return True
        if not self.queue:
            self._plan(session)
        if not self.queue:
            return False
        self.queue.popleft()()
        self._next_time = now + self.delay
        return True

    # -- planning ----------------------------------------------------------------------------------

    def _plan(self, session: Session) -> None:
        if not self._told_teacher:  # built-in players are not warned of their weak plays
            self._told_teacher = True
            self.queue.append(partial(session.command_line, "teacher off"))
            return
        if session.computer is not None and session.computer.moving(session):
            self._follow_lights(session)
            return
        self._stepped = False
        session.seat_decisions.plan(self)

    def _follow_lights(self, session: Session) -> None:
        """One step of the computer's move, as the lights ask it: a man lifted where ``lift-here``
        shows and put where ``put-here`` does (one motion of the hand: a man put on a tall stack is
        not seen to land), a man taken off, or a press once a man the switches cannot see is moved."""
        places = {led.index: (led.kind, led.target) for led in session.layout.leds}
        lit = session.board_plan().lit
        lift = next((places[i] for i, meaning in lit.items() if meaning is LIFT_HERE), None)
        put = next((places[i] for i, meaning in lit.items() if meaning is PUT_HERE), None)
        press = next((places[i][1] for i, meaning in lit.items() if meaning is PRESS_WHEN_DONE), None)
        if press is not None and self._stepped:  # a man moved that the switches cannot see: say so
            self._stepped = False
            self.press(press)
            return
        if lift is not None:
            self.queue.append(partial(self.hands.lift, lift))
        if put is not None:
            self.queue.append(partial(self.hands.put, put))
        self._stepped = lift is not None and put is not None
        self.planned_for = None

    def press(self, player: int) -> None:
        """Queue a press of player ``player``'s button (down, then up)."""
        self.queue.append(lambda: self.hands.press(player, True))
        self.queue.append(lambda: self.hands.press(player, False))

