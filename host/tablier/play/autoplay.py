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
from tablier.board.observation import TABLES_PLACES
from tablier.board.orientation import HOME_RIGHT, Orientation
from tablier.tables.moves import Play
from tablier.tables.players import PLAYERS, Player
from tablier.tables.position import BAR, OFF
from tablier.tables.turn import OPENING, THROW
from tablier.tables.turn import PLAY as TABLES_PLAY

from .draughts_session import PLAYING as DRAUGHTS_PLAY
from .draughts_session import SETUP as DRAUGHTS_SETUP
from .draughts_session import DraughtsSession
from .hands import Hands
from .session import Session
from .tables_session import ASKING, TablesSession
from .tables_session import SETUP as TABLES_SETUP

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
        self.players: tuple[Player, Player] = (PLAYERS.get(players[0], PLAYERS["greedy"]),
                                               PLAYERS.get(players[1], PLAYERS["greedy"]))
        self._stepped = False  # a man moved since the last press
        self.rng = random.Random(seed)
        self.delay = delay
        self.way = way
        self._queue: deque[Action] = deque()
        self._next_time = 0.0
        self._planned_for: object = None
        self._presses = 0
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
        if not self._queue:
            self._plan(session)
        if not self._queue:
            return False
        self._queue.popleft()()
        self._next_time = now + self.delay
        return True

    # -- planning ----------------------------------------------------------------------------------

    def _plan(self, session: Session) -> None:
        if not self._told_teacher:  # built-in players are not warned of their weak plays
            self._told_teacher = True
            self._queue.append(partial(session.command_line, "teacher off"))
            return
        if session.computer is not None and session.computer.moving(session):
            self._follow_lights(session)
            return
        self._stepped = False
        session.plan_for(self)

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
            self._press(press)
            return
        if lift is not None:
            self._queue.append(partial(self.hands.lift, lift))
        if put is not None:
            self._queue.append(partial(self.hands.put, put))
        self._stepped = lift is not None and put is not None
        self._planned_for = None

    def _press(self, player: int) -> None:
        self._queue.append(lambda: self.hands.press(player, True))
        self._queue.append(lambda: self.hands.press(player, False))

    def plan_tables(self, session: TablesSession) -> None:
        """The next motions of the hands in a tables game."""
        key = (session.game_number, session.ply, session.phase, len(session.committed))
        throwing = session.phase in (OPENING, THROW)
        if key == self._planned_for and session.phase != ASKING:
            # a throw may leave the game where it was (a tied opening throw): throw again
            if not throwing or self._presses >= MAX_PRESSES:
                return
            self._presses += 1
        else:
            self._presses = 0
        self._planned_for = key
        if session.phase == TABLES_SETUP:
            self._set_up_tables(session)
        elif session.phase == OPENING:
            self._press(1)
        elif session.phase == THROW:
            self._press(session.flow.turn + 1)
        elif session.phase == TABLES_PLAY and session.inference is not None:
            self._play_tables(session)
        elif session.phase == ASKING:
            wanted = self._intended
            for n, candidate in enumerate(session.asking):
                if candidate.position.boards == wanted:
                    self._queue.append(partial(session.command_line, f"choose {n + 1}"))
                    return

    def _set_up_tables(self, session: TablesSession) -> None:
        orientation = session.orientation or Orientation(session.variant, self.way)
        wanted = orientation.counts(session.flow.position)
        if not self.hands.closed:
            self._queue.append(lambda: self.hands.turn_face(True))
        for n, place in enumerate(TABLES_PLACES):
            have = self.hands.men(place)
            for _ in range(have - wanted[n]):
                self._queue.append(partial(self.hands.lift, place))
        for n, place in enumerate(TABLES_PLACES):
            have = self.hands.men(place)
            for _ in range(wanted[n] - have):
                self._queue.append(partial(self.hands.put, place))
        if not self._queue:
            self._planned_for = None

    def _play_tables(self, session: TablesSession) -> None:
        flow = session.flow
        assert session.inference is not None and session.orientation is not None
        side = flow.turn
        position = flow.position
        plays = session.inference.plays
        if flow.dice is None or plays == [()]:
            play: Play = ()
        else:
            chosen = self.players[side](session.variant, position, flow.dice, self.rng)
            play = chosen if chosen in plays else self.rng.choice(plays)
        self._intended = session.variant.after(position, play).boards if play else position.boards
        orientation = session.orientation
        for move in play:
            source = orientation.place_of(side, BAR if move.src == BAR else move.src)
            target = orientation.place_of(side, OFF if move.dst == OFF else move.dst)
            self._queue.append(partial(self.hands.lift, source))
            if move.hit and not session.variant.pins:  # a pinned man stays under the pinner
                blot = target
                their_bar = ("bar", 2 - side)
                self._queue.append(partial(self.hands.lift, blot))
                self._queue.append(partial(self.hands.put, their_bar))
            self._queue.append(partial(self.hands.put, target))
        self._press(side + 1)

    # -- draughts ----------------------------------------------------------------------------------

    def plan_draughts(self, session: DraughtsSession) -> None:
        """The next motions of the hands in a draughts game."""
        key = (session.game_number, len(session.committed), session.phase)
        if key == self._planned_for:
            return
        self._planned_for = key
        if session.phase == DRAUGHTS_SETUP:
            wanted = session.wanted_squares()
            if not self.hands.closed:
                self._queue.append(lambda: self.hands.turn_face(False))
            for square in sorted(self.hands.squares - wanted):
                self._queue.append(partial(self.hands.lift, ("square", square)))
            for square in sorted(wanted - self.hands.squares):
                self._queue.append(partial(self.hands.put, ("square", square)))
            if not self._queue:
                self._planned_for = None
        elif session.phase == DRAUGHTS_PLAY:
            moves = session.legal_moves()
            move = self.rng.choice(moves)
            captures = [m for m in moves if m.captures]
            if captures:
                move = max(captures, key=lambda m: len(m.captures))
            self._queue.append(partial(self.hands.lift, ("square", move.from_square)))
            for square in move.captures:
                self._queue.append(partial(self.hands.lift, ("square", square)))
            self._queue.append(partial(self.hands.put, ("square", move.to_square)))
            self._press(session.player_of(session.board.turn))
