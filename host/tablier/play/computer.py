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
from tablier.engines import find_level, tables_engine
from tablier.engines.candidates import EngineUnavailableError
from tablier.engines.cube import CubeState, MatchStanding
from tablier.engines.levels import Level
from tablier.errors import IllegalMoveError
from tablier.remote.messages import name_problem
from tablier.tables.moves import Play
from tablier.tables.notation import format_play
from tablier.tables.turn import ANSWER, CLAIM, DOUBLE, KEEP, PLAY, SEE, TAKE, THROW, VIE, WHY_NOT, Turn

from .computer_lights import (
    Lights,
    MovePath,
    lights_words,
    path_words,
)
from .computer_rules import (
    cube_answer,
    cube_offer,
    draughts_move,
    huff_or_compel,
    keeps_throw,
    vie_answer,
    wants_vie,
)
from .draughts_session import PLAYING, DraughtsSession
from .tables_session import ASKING, SETUP, TablesSession

if TYPE_CHECKING:
    from tablier.record.log_writer import EventLogWriter

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
        self.choice: tuple[object, object] | None = None  # (the turn's key, the move chosen)
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
        found = session.moves_named(notation)
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
        return session.move_allowed(self.choice[1])

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
        shown = self._shown(session) if lights.done else None
        if shown is None:
            session.say(f"the board does not show {session.player_name(mover)}'s move yet: "
                        f"{lights_words(session, self._lights(session)).removeprefix('not its move: ')}")
            return True
        self.huffed = None
        session.commit_shown(shown)
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
                session.light_place(plan, index, meaning)
        session.light_throw(plan)
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
                session.act_for(self)
            except EngineUnavailableError as error:
                session.say(f"the computer cannot play: {error}", "warning")
                session.finished = True
            if len(session.message_log) == before:
                return

    def _say(self, session: Session, player: int, line: str, once: object = None) -> None:
        """Say ``line`` as player ``player`` at the terminal (logged; once per ``once`` key)."""
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
            self._say(session, answerer, "accept" if session.options.teaching else "refuse")
            if takebacks.asked:  # the answer was refused (and said): not again for this move
                self.done_for.add(tried)

    def act_tables(self, session: TablesSession) -> None:
        """The decisions of a tables game: a missed win called, a double or vie answered, the cube,
        a vie or a kept throw before a throw, a win claimed, the play chosen and followed."""
        flow = session.flow
        if session.phase == SETUP or flow.outcome is not None:
            return
        key = (session.game_number, session.ply, flow.position)
        for side in (0, 1):  # a win the adversary missed: "Why not?" (Ticktack)
            if self.plays(side + 1) and WHY_NOT in flow.choices(side):
                self._say(session, side + 1, "why-not", ("why-not", key, 1 - side))
                return
        side = flow.turn
        if flow.awaiting == ANSWER:
            self._answer(session, key)
        elif self.plays(side + 1) and session.phase == THROW and flow.awaiting == THROW:
            self._before_throw(session, side + 1, key)
        elif self.plays(side + 1) and session.phase in (PLAY, ASKING) and flow.dice is not None:
            wins = flow.variant.wins(flow.position, flow.dice) if CLAIM in flow.choices(side) else None
            if wins:
                self._say(session, side + 1, f"claim {wins[0].name}", ("claim", key))
            elif not self.moving(session):
                self._choose_play(session, side + 1)
            else:
                self._follow(session, side + 1)

    def _answer(self, session: TablesSession, key: object) -> None:
        """A double (or a vie) to answer: the computer's, if it is the one asked."""
        flow = session.flow
        side = flow.answering()
        if not self.plays(side + 1):
            return
        choices = flow.choices(side)
        if TAKE in choices:
            doubler = flow.position.with_turn(1 - side)
            take = cube_answer(session.variant, doubler, cube_state(flow), standing(session),
                               self.level(side + 1))
            self._say(session, side + 1, "take" if take else "drop", ("cube", key))
        elif SEE in choices:
            see = vie_answer(flow.variant, flow.position, side)
            self._say(session, side + 1, "see" if see else "yield", ("vie", key, flow.vies))

    def _before_throw(self, session: TablesSession, player: int, key: object) -> None:
        """The computer's turn to throw: its cube (or vie) first, then the throw is asked for."""
        flow = session.flow
        choices = flow.choices(player - 1)
        cube = ("double", key)
        if DOUBLE in choices and cube not in self.done_for:
            self.done_for.add(cube)
            if cube_offer(session.variant, flow.position, cube_state(flow), standing(session),
                          self.level(player)):
                self._say(session, player, "double")
                return
        if VIE in choices and ("vie", key) not in self.done_for:
            self.done_for.add(("vie", key))
            if wants_vie(flow.variant, flow.position):
                self._say(session, player, "vie")
                return
        kept = flow.throw_to_keep() if KEEP in choices else None
        if kept is not None and ("keep", key) not in self.done_for:
            self.done_for.add(("keep", key))
            if keeps_throw(kept):
                self._say(session, player, "keep")
                return
        if ("throw", key) not in self.done_for:
            self.done_for.add(("throw", key))
            name = session.player_name(player)
            if session.dice.source == "physical":
                session.say(f"throw the dice for {name} and type them: dice A B")
            else:
                session.say(f"press {name}'s button ({player}) to throw for it", "teach", prompt=True)

    def _choose_play(self, session: TablesSession, player: int) -> None:
        assert session.inference is not None and session.flow.dice is not None
        plays = session.inference.plays
        play: Play = ()
        if plays != [()]:
            ranked = tables_engine(session.variant).rank(session.flow.position, session.flow.dice,
                                                         self.level(player))
            play = next((c.move for c in ranked if c.move in plays), plays[0])
        session.command_line(f"{player} computer play {format_play(play) if play else '-'}")

    def act_draughts(self, session: DraughtsSession) -> None:
        """The decisions of a draughts game: huff or compel, the move chosen and followed."""
        if session.phase != PLAYING:
            return
        player = session.player_of(session.board.turn)
        if not self.plays(player):
            return
        key = session.turn_key()
        huffable = session.laws.huffable() if session.laws is not None else []
        if huffable and ("huff", key) not in self.done_for:
            self.done_for.add(("huff", key))
            square = huff_or_compel(session.board, huffable, self.level(player))
            self.huffed = square
            self._say(session, player, "compel" if square is None else f"huff {square}")
        elif not self.moving(session):
            move = draughts_move(session.board, session.legal_moves(), self.level(player))
            session.command_line(f"{player} computer play {move}")
        else:
            self._follow(session, player)

    def _follow(self, session: Session, player: int) -> None:
        """While the human makes the computer's move: commit once the board shows it; say once when
        the board has stood off its way for the grace time."""
        lights = self._lights(session)
        if lights.done and self._shown(session) is not None:
            session.command_line(f"{player} done")
            return
        if not lights.off_way:
            self.off_since, self.told_off = None, False
            return
        now = session.clock()
        self.off_since = now if self.off_since is None else self.off_since
        if not self.told_off and now - self.off_since >= session.options.grace_s:
            self.told_off = True
            assert self.choice is not None
            words = lights_words(session, lights).removeprefix("not its move: ")
            session.say(f"not {session.player_name(player)}'s move "
                        f"{session.move_notation(self.choice[1])}: {words}",
                        "warning")

    # -- where the move stands --------------------------------------------------------------------

    def _path(self, session: Session) -> MovePath:
        assert self.choice is not None
        return session.move_path(self.choice[1], self.huffed)

    def _lights(self, session: Session) -> Lights:
        return session.path_lights(self._path(session), self.confirmed)

    def _shown(self, session: Session) -> object | None:
        """The reading's candidate that is the computer's move, when the board shows it."""
        assert self.choice is not None
        return session.shown_move(self.choice[1])


def standing(session: TablesSession) -> MatchStanding:
    """The match standing of a tables session for the cube (money play without a match)."""
    return MatchStanding.of_match(session.match) if session.match is not None else MatchStanding()


def cube_state(flow: Turn) -> CubeState:
    """The doubling cube of a tables game as the cube's engine reads it (centred at 1 without one)."""
    cube = flow.cube
    return CubeState(cube[0], cube[1]) if cube is not None else CubeState()


def attach_computer(session: Session, names: tuple[str, str]) -> None:
    """Give ``session`` its computer seats (players named ``computer[:LEVEL]``), checking now that the
    game's engine is there: :class:`TablierError` saying what to install if not."""
    levels = (seat_level(names[0]), seat_level(names[1]))
    if levels == (None, None):
        return
    session.check_computer()
    session.computer = Computer(levels)
