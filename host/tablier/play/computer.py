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

from tablier.board.leds import DIE, LIFT_HERE, PRESS_WHEN_DONE, PUT_HERE, YOUR_TURN, LedPlan
from tablier.board.observation import TABLES_PLACES
from tablier.board.tables_inference import Status
from tablier.draughts.core import Move
from tablier.engines import find_level, tables_engine
from tablier.engines.candidates import EngineUnavailableError
from tablier.engines.cube import CubeState, MatchStanding
from tablier.engines.levels import Level
from tablier.errors import IllegalMoveError, TablierError
from tablier.tables.game import Game, Phase
from tablier.tables.jacquet import AWAIT_CHOICE, JacquetGame
from tablier.tables.moves import Play
from tablier.tables.notation import format_play
from tablier.tables.ticktack import Ticktack
from tablier.tables.ticktack_game import TicktackGame
from tablier.tables.turn import ANSWER, PLAY, THROW, Turn

from .computer_lights import (
    Lights,
    MovePath,
    draughts_path,
    lights_words,
    next_lights,
    path_words,
    squares_shown,
    tables_path,
    tables_shown,
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
    from .session import Session

COMPUTER = "computer"
"""A player whose name's first word is this (``computer``, ``computer:LEVEL``, ``Computer A``,
``Computer B:1``) is played by the engine."""

GameSession = TablesSession | DraughtsSession


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
        seat_level(name)
    return names[0], names[1]


def player_name(session: GameSession, player: int) -> str:
    """Player ``player``'s name with his colour, as the session says it."""
    if isinstance(session, TablesSession):
        return session._name(player - 1)
    return session._name(session.player_of(False) != player)


class Computer:
    """The engine's seats of one session (``levels[n]``: player ``n + 1``'s level, None: a person)."""

    def __init__(self, levels: tuple[Level | None, Level | None]) -> None:
        self.levels = levels
        self.choice: tuple[object, Play | Move] | None = None  # (the turn's key, the move chosen)
        self.done_for: set[object] = set()  # the decisions taken (one per turn and kind)
        self.off_since: float | None = None  # when the board left the computer's move's way
        self.told_off = False
        self.huffed: int | None = None  # the square of the man it huffed, still to be lifted
        self.confirmed = 0  # the steps of its move the board cannot see, said made by a press

    def plays(self, player: int) -> bool:
        """Whether player ``player`` (1 or 2) is the computer."""
        return 1 <= player <= 2 and self.levels[player - 1] is not None

    def level(self, player: int) -> Level:
        """The level of the computer's seat ``player``."""
        level = self.levels[player - 1]
        assert level is not None
        return level

    # -- the logged line ``computer play MOVE`` -----------------------------------------------------

    def command(self, session: Session, player: int, argument: str) -> None:
        """``computer play MOVE``: the move the computer chose for this turn (said again by a replay)."""
        assert isinstance(session, TablesSession | DraughtsSession)
        word, _, notation = argument.partition(" ")
        notation = notation.strip()
        mover = _mover(session)
        if word != "play" or mover is None or not self.plays(mover):
            raise IllegalMoveError("`computer play MOVE` names the computer's move in its own turn")
        found: list[Play | Move]
        if isinstance(session, TablesSession):
            plays = session.inference.plays if session.inference is not None else []
            found = [p for p in plays if (format_play(p) if p else "-") == notation]
        else:
            found = [m for m in session.legal_moves() if str(m) == notation]
        if not found:
            raise IllegalMoveError(f"{notation!r} is not a legal move now")
        self.choice = (_key(session), found[0])
        self.off_since, self.told_off, self.confirmed = None, False, 0
        steps = path_words(session, self._path(session))
        session.say(f"{player_name(session, mover)} plays {notation}: {steps} (as lit)")

    # -- hooks of the game sessions ---------------------------------------------------------------

    def moving(self, session: Session) -> bool:
        """Whether the human is making the computer's move now (chosen, the board to show it)."""
        if not isinstance(session, TablesSession | DraughtsSession):
            return False
        mover = _mover(session)
        if mover is None or not self.plays(mover) or self.choice is None or self.choice[0] != _key(session):
            return False
        move = self.choice[1]  # a man touched (Ticktack, Law 11) may narrow the moves: choose again
        if isinstance(session, TablesSession):
            return session.inference is not None and move in session.inference.plays
        return move in session.legal_moves()

    def on_press(self, session: Session, player: int) -> bool:
        """A button pressed (or ``done``) in the computer's turn: its move commits if the board shows
        it, else the players are told what is left; False when it is not the computer's turn."""
        assert isinstance(session, TablesSession | DraughtsSession)
        mover = _mover(session)
        if mover is None or not self.plays(mover):
            return False
        if not self.moving(session):
            session.say(f"{player_name(session, mover)} is still choosing its move")
            return True
        lights = self._lights(session)
        if lights.press:  # a step the switches cannot see: the press says it is made
            self.confirmed += 1
            lights = self._lights(session)
            if not lights.done:
                return True
        shown = self._shown(session) if lights.done else None
        if shown is None:
            session.say(f"the board does not show {player_name(session, mover)}'s move yet: "
                        f"{lights_words(session, self._lights(session)).removeprefix('not its move: ')}")
            return True
        self.huffed = None
        if isinstance(session, TablesSession):
            session._commit(shown)  # type: ignore[arg-type]
        else:
            session._commit(shown)  # type: ignore[arg-type]
        return True

    def led_plan(self, session: Session) -> LedPlan | None:
        """The lights of the computer's move while the human makes it (None otherwise)."""
        if not self.moving(session):
            return None
        assert isinstance(session, TablesSession | DraughtsSession)
        mover = _mover(session)
        assert mover is not None
        lights = self._lights(session)
        plan = LedPlan(session.layout).status(mover, PRESS_WHEN_DONE if lights.press else YOUR_TURN)
        for index, meaning in ((lights.lift, LIFT_HERE), (lights.put, PUT_HERE)):
            if index is None:
                continue
            if isinstance(session, TablesSession):
                plan.place(TABLES_PLACES[index], meaning)
            else:
                plan.place(("square", index), meaning)
        if isinstance(session, TablesSession) and session.flow.dice is not None:
            plan.die(1, session.flow.dice.first, DIE).die(2, session.flow.dice.second, DIE)
        return plan

    def lines(self, session: Session, lines: list[str]) -> list[str]:
        """The view's ``lines`` during the computer's move: what the board shows, and where a lifted
        man may go, are the computer's to say (its move, not any legal one): what to do next."""
        if not self.moving(session):
            return lines
        assert isinstance(session, TablesSession | DraughtsSession)
        mover = _mover(session) or 1
        shows = next((n for n, line in enumerate(lines) if line.startswith("the board shows:")), len(lines))
        words = lights_words(session, self._lights(session))
        return [*lines[:shows], f"{player_name(session, mover)}: {words}"]

    # -- the live loop ----------------------------------------------------------------------------

    def act(self, session: Session) -> None:
        """Take the decisions the game now asks of the computer (live play only): one after another
        (its move committed, then its cube decision at once), before any hand may throw."""
        if not isinstance(session, TablesSession | DraughtsSession):
            return
        for _ in range(4):
            if session.finished:
                return
            before = len(session.message_log)
            try:
                self._answer_takeback(session)
                if isinstance(session, TablesSession):
                    self._act_tables(session)
                else:
                    self._act_draughts(session)
            except EngineUnavailableError as error:
                session.say(f"the computer cannot play: {error}", "warning")
                session.finished = True
            if len(session.message_log) == before:
                return

    def _say(self, session: GameSession, player: int, line: str, once: object = None) -> None:
        """Say ``line`` as player ``player`` at the terminal (logged; once per ``once`` key)."""
        if once is not None:
            if once in self.done_for:
                return
            self.done_for.add(once)
        session.command_line(f"{player} {line}")

    def _answer_takeback(self, session: GameSession) -> None:
        takebacks = session.takebacks
        if not takebacks.asked or takebacks.undo is None:
            return
        side = takebacks.undo.side
        answerer = 2 - side if isinstance(session, TablesSession) else session.player_of(not side)
        tried = ("takeback", id(takebacks.undo))
        if self.plays(answerer) and tried not in self.done_for:
            self._say(session, answerer, "accept" if session.options.teaching else "refuse")
            if takebacks.asked:  # the answer was refused (and said): not again for this move
                self.done_for.add(tried)

    def _act_tables(self, session: TablesSession) -> None:
        flow = session.flow
        if session.phase == SETUP or flow.outcome is not None:
            return
        key = (session.game_number, session.ply, flow.position)
        if isinstance(flow, TicktackGame):
            missed_by = flow.missed_by
            if flow.missed is not None and missed_by is not None and self.plays(2 - missed_by):
                self._say(session, 2 - missed_by, "why-not", ("why-not", key, missed_by))
                return
        side = flow.turn
        if flow.awaiting == ANSWER:
            self._answer(session, key)
        elif self.plays(side + 1) and session.phase == THROW and flow.awaiting == THROW:
            self._before_throw(session, side + 1, key)
        elif self.plays(side + 1) and session.phase in (PLAY, ASKING) and flow.dice is not None:
            if isinstance(flow, TicktackGame) and flow.available and flow.touched is None:
                self._say(session, side + 1, f"claim {flow.available[0].name}", ("claim", key))
            elif not self.moving(session):
                self._choose_play(session, side + 1)
            else:
                self._follow(session, side + 1)

    def _answer(self, session: TablesSession, key: object) -> None:
        """A double (or a vie) to answer: the computer's, if it is the one asked."""
        flow = session.flow
        side = flow.turn
        if isinstance(flow, Game) and self.plays(side + 1):
            doubler = flow.position.with_turn(1 - side)
            take = cube_answer(session.variant, doubler, CubeState.of_game(flow), standing(session),
                               self.level(side + 1))
            self._say(session, side + 1, "take" if take else "drop", ("cube", key))
        elif (isinstance(flow, TicktackGame) and isinstance(flow.variant, Ticktack)
              and flow.vier is not None and self.plays(2 - flow.vier)):
            answerer = 1 - flow.vier
            see = vie_answer(flow.variant, flow.position, answerer)
            self._say(session, answerer + 1, "see" if see else "yield", ("vie", key, flow.vies))

    def _before_throw(self, session: TablesSession, player: int, key: object) -> None:
        """The computer's turn to throw: its cube (or vie) first, then the throw is asked for."""
        flow = session.flow
        cube = ("double", key)
        if isinstance(flow, Game) and flow.may_double() and cube not in self.done_for:
            self.done_for.add(cube)
            if cube_offer(session.variant, flow.position, CubeState.of_game(flow), standing(session),
                          self.level(player)):
                self._say(session, player, "double")
                return
        if (isinstance(flow, TicktackGame) and isinstance(flow.variant, Ticktack)
                and not flow.vied_this_throw and ("vie", key) not in self.done_for):
            self.done_for.add(("vie", key))
            if wants_vie(flow.variant, flow.position):
                self._say(session, player, "vie")
                return
        cast = _cast_to_keep(flow)
        if cast is not None and ("keep", key) not in self.done_for:
            self.done_for.add(("keep", key))
            if keeps_throw(cast):
                self._say(session, player, "keep")
                return
        if ("throw", key) not in self.done_for:
            self.done_for.add(("throw", key))
            name = player_name(session, player)
            if session.dice.source == "physical":
                session.say(f"throw the dice for {name} and type them: dice A B")
            else:
                session.say(f"press {name}'s button ({player}) to throw for it", "teach")

    def _choose_play(self, session: TablesSession, player: int) -> None:
        assert session.inference is not None and session.flow.dice is not None
        plays = session.inference.plays
        play: Play = ()
        if plays != [()]:
            ranked = tables_engine(session.variant).rank(session.flow.position, session.flow.dice,
                                                         self.level(player))
            play = next((c.move for c in ranked if c.move in plays), plays[0])
        session.command_line(f"{player} computer play {format_play(play) if play else '-'}")

    def _act_draughts(self, session: DraughtsSession) -> None:
        if session.phase != PLAYING:
            return
        player = session.player_of(session.board.turn)
        if not self.plays(player):
            return
        key = _key(session)
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

    def _follow(self, session: GameSession, player: int) -> None:
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
            session.say(f"not {player_name(session, player)}'s move {_notation(self.choice[1])}: {words}",
                        "warning")

    # -- where the move stands --------------------------------------------------------------------

    def _path(self, session: GameSession) -> MovePath:
        assert self.choice is not None
        move = self.choice[1]
        if isinstance(session, TablesSession):
            assert not isinstance(move, Move)
            return tables_path(session, move)
        assert isinstance(move, Move)
        return draughts_path(session, move, self.huffed)

    def _lights(self, session: GameSession) -> Lights:
        path = self._path(session)
        if isinstance(session, TablesSession):
            seen = dict(enumerate(session.observation.counts))
            return next_lights(path, seen, tables_shown(session.ladder), self.confirmed)
        return next_lights(path, {square: 1 for square in session.observation.squares}, squares_shown,
                           self.confirmed)

    def _shown(self, session: GameSession) -> object | None:
        """The reading's candidate that is the computer's move, when the board shows it."""
        assert self.choice is not None
        reading = session.reading
        if reading is None or reading.status not in (Status.FINAL, Status.AMBIGUOUS):
            return None
        move = self.choice[1]
        if isinstance(session, DraughtsSession):
            return next((c for c in session.reading.finals if c.move == move), None)  # type: ignore[union-attr]
        inference = session.inference
        assert inference is not None and not isinstance(move, Move)
        target = session.variant.after(inference.start, move)
        return next((c for c in session.reading.finals  # type: ignore[union-attr]
                     if session.variant.after(inference.start, inference.play_of(c)) == target), None)


def standing(session: TablesSession) -> MatchStanding:
    """The match standing of a tables session for the cube (money play without a match)."""
    return MatchStanding.of_match(session.match) if session.match is not None else MatchStanding()


def _cast_to_keep(flow: Turn) -> tuple[int, int] | None:
    """The deciding (Jacquet, Spanish) or opening (Backgammon's ``opening=choose``) throw the side
    to act may keep or throw again; None when there is none."""
    if isinstance(flow, JacquetGame) and flow.first.awaiting == AWAIT_CHOICE and flow.first.dice:
        return (flow.first.dice.first, flow.first.dice.second)
    if isinstance(flow, Game) and flow.phase is Phase.CHOOSE and flow.opening_cast:
        black, white = flow.opening_cast
        cast = (black[0], white[0]) if len(black) == 1 else (black if flow.turn == 0 else white)
        return (cast[0], cast[1])
    return None


def _mover(session: GameSession) -> int | None:
    """The player (1 or 2) to move in a turn being played, None outside one."""
    if isinstance(session, TablesSession):
        if session.phase in (PLAY, ASKING) and session.inference is not None:
            return session.flow.turn + 1
        return None
    return session.player_of(session.board.turn) if session.phase == PLAYING else None


def _key(session: GameSession) -> object:
    """The turn being played: the game, the ply and (tables) the throw."""
    if isinstance(session, TablesSession):
        dice = session.flow.dice
        return (session.game_number, session.ply, tuple(dice) if dice else (), session.flow.position)
    return (session.game_number, session.ply, session.board.position_key())


def _notation(move: Play | Move) -> str:
    if isinstance(move, Move):
        return str(move)
    return format_play(move) if move else "-"


def attach_computer(session: Session, names: tuple[str, str]) -> None:
    """Give ``session`` its computer seats (players named ``computer[:LEVEL]``), checking now that the
    game's engine is there: :class:`TablierError` saying what to install if not."""
    levels = (seat_level(names[0]), seat_level(names[1]))
    if levels == (None, None):
        return
    if isinstance(session, TablesSession):
        try:
            tables_engine(session.variant)
        except EngineUnavailableError as error:
            raise TablierError(f"the computer cannot play {session.variant.title}: {error}") from None
    session.computer = Computer(levels)
