"""The computer's decisions in a tables game (its seat: :class:`~tablier.play.computer.Computer`): a
missed win called ("Why not?"), a double or a vie answered, the cube, a vie or a kept throw before
a throw, a win claimed, the play chosen (by the game's engine) and followed on the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.board.orientation import Orientation
from tablier.engines import tables_engine
from tablier.engines.candidates import EngineUnavailableError
from tablier.engines.cube import MatchStanding
from tablier.errors import IllegalMoveError, TablierError
from tablier.tables.notation import format_play

from ..game_loop import CHANCE
from .hands import plan
from .phase import TablesPhase
from .players import EngineJudge, TurnGame, engine_play, word_for

if TYPE_CHECKING:
    from ..hands import Hands
    from ..seat_decisions import EngineSeat, PlannedHands
    from .table import TablesTable


class TablesDecisions:
    """The seat's decisions in a tables game (:class:`~tablier.play.seat_decisions.SeatDecisions`)."""

    def __init__(self, session: TablesTable) -> None:
        self.session = session

    def decide(self, computer: EngineSeat) -> None:
        """The computer's decisions now (:func:`decide`)."""
        decide(computer, self.session)

    def check_engine(self) -> None:
        """The game's engine is there, or what to install."""
        variant = self.session.variant
        try:
            tables_engine(variant)
        except EngineUnavailableError as error:
            raise TablierError(f"the computer cannot play {variant.title}: {error}") from None

    def plan(self, hands: PlannedHands) -> None:
        """The built-in hands' next motions (:func:`~tablier.play.tables.hands.plan`)."""
        plan(hands, self.session)

    def set_up(self, hands: Hands, way: str) -> None:
        """The men set out on the tables side, ``way`` round."""
        session = self.session
        hands.turn_face(True)
        hands.set_up_tables(Orientation(session.variant, way).counts(session.flow.position))

    def touch_named(self, number: int) -> None:
        """The adversary touched his man on his point ``number``."""
        session = self.session
        if session.orientation is None or session.phase not in (TablesPhase.PLAY, TablesPhase.ASKING):
            raise IllegalMoveError("no turn is being played")
        session._touch(session.orientation.place_of(session.flow.turn, number))

    def touched_by(self, player: int, committing: bool) -> int | None:
        """The man ``player`` must move (touch and take), by his point's number."""
        session = self.session
        flow = session.flow
        if flow.variant.facts.touch_and_take and (committing or session.to_play() == player):
            return next(iter(flow.must_move()), None)
        return None

    def show_throw(self, values: tuple[int, int]) -> None:
        """A throw made elsewhere, shown as typed dice are."""
        session = self.session
        told = len(session.message_log)
        session.on_command(0, "dice", f"{values[0]} {values[1]}")
        if len(session.message_log) == told:
            session.say(f"the dice show {values[0]}-{values[1]}")


def decide(seat: EngineSeat, session: TablesTable) -> None:
    """The decisions of a tables game, through the turn's choices (:mod:`.players`): a word of the
    table (a missed win called, a double or vie answered, the cube, a vie or a kept throw before a
    throw, a win claimed), else the throw asked for, or the play chosen and followed."""
    flow = session.flow
    if session.phase == TablesPhase.SETUP or flow.outcome is not None:
        return
    key = (session.game_number, session.ply, flow.position)
    game = TurnGame(flow)
    for side in game.speakers():
        if seat.plays(side + 1) and _speak(seat, session, side, key):
            return
    side = flow.turn
    if not seat.plays(side + 1):
        return
    if game.to_act() == CHANCE and session.phase == TablesPhase.THROW:
        _ask_throw(seat, session, side + 1, key)
    elif game.to_act() == side and session.phase.moving and flow.dice is not None:
        if not seat.moving():
            _choose_play(seat, session, side + 1)
        else:
            seat.follow(side + 1)


def _speak(seat: EngineSeat, session: TablesTable, side: int, key: object) -> bool:
    """The word the computer's ``side`` says now, weighed once for each of the turn's moments."""
    flow = session.flow
    if not seat.once(("words", key, side, flow.awaiting, flow.choices(side), flow.vies)):
        return False
    judge = EngineJudge(session.variant, seat.level(side + 1), standing(session))
    word = word_for(flow, side, judge)
    if word is None:
        return False
    seat.say(side + 1, f"{word[0]} {word[1]}".strip())
    return True


def _ask_throw(seat: EngineSeat, session: TablesTable, player: int, key: object) -> None:
    """The computer's turn to throw, its words said: the throw is asked for, once."""
    if not seat.once(("throw", key)):
        return
    name = session.player_name(player)
    if session.dice.source == "physical":
        session.say(f"throw the dice for {name} and type them: dice A B")
    else:
        session.say(f"press {name}'s button ({player}) to throw for it", "teach", prompt=True)


def _choose_play(seat: EngineSeat, session: TablesTable, player: int) -> None:
    assert session.inference is not None
    play = engine_play(session.flow, session.inference.plays, seat.level(player))
    session.command_line(f"{player} computer play {format_play(play) if play else '-'}")


def standing(session: TablesTable) -> MatchStanding:
    """The match standing of a tables session for the cube (money play without a match)."""
    return MatchStanding.of_match(session.match) if session.match is not None else MatchStanding()
