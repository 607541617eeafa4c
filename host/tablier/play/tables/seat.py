"""The computer's decisions in a tables game (its seat: :class:`~tablier.play.computer.Computer`): a
missed win called ("Why not?"), a double or a vie answered, the cube, a vie or a kept throw before
a throw, a win claimed, the play chosen (by the game's engine) and followed on the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.board.orientation import Orientation
from tablier.engines import tables_engine
from tablier.engines.candidates import EngineUnavailableError
from tablier.engines.cube import CubeState, MatchStanding
from tablier.errors import IllegalMoveError, TablierError
from tablier.tables.moves import Play
from tablier.tables.notation import format_play
from tablier.tables.turn import ANSWER, CLAIM, DOUBLE, KEEP, SEE, TAKE, THROW, VIE, WHY_NOT, Turn

from ..computer_rules import cube_answer, cube_offer, keeps_throw, vie_answer, wants_vie
from .hands import plan
from .phase import TablesPhase

if TYPE_CHECKING:
    from ..autoplay import AutoHands
    from ..computer import Computer
    from ..hands import Hands
    from .session import TablesSession


class TablesDecisions:
    """The seat's decisions in a tables game (:class:`~tablier.play.seat_decisions.SeatDecisions`)."""

    def __init__(self, session: TablesSession) -> None:
        self.session = session

    def decide(self, computer: Computer) -> None:
        """The computer's decisions now (:func:`decide`)."""
        decide(computer, self.session)

    def check_engine(self) -> None:
        """The game's engine is there, or what to install."""
        variant = self.session.variant
        try:
            tables_engine(variant)
        except EngineUnavailableError as error:
            raise TablierError(f"the computer cannot play {variant.title}: {error}") from None

    def plan(self, hands: AutoHands) -> None:
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


def decide(seat: Computer, session: TablesSession) -> None:
    """The decisions of a tables game: a missed win called, a double or vie answered, the cube,
    a vie or a kept throw before a throw, a win claimed, the play chosen and followed."""
    flow = session.flow
    if session.phase == TablesPhase.SETUP or flow.outcome is not None:
        return
    key = (session.game_number, session.ply, flow.position)
    for side in (0, 1):  # a win the adversary missed: "Why not?" (Ticktack)
        if seat.plays(side + 1) and WHY_NOT in flow.choices(side):
            seat.say(session, side + 1, "why-not", ("why-not", key, 1 - side))
            return
    side = flow.turn
    if flow.awaiting == ANSWER:
        _answer(seat, session, key)
    elif seat.plays(side + 1) and session.phase == TablesPhase.THROW and flow.awaiting == THROW:
        _before_throw(seat, session, side + 1, key)
    elif seat.plays(side + 1) and session.phase.moving and flow.dice is not None:
        wins = flow.variant.wins(flow.position, flow.dice) if CLAIM in flow.choices(side) else None
        if wins:
            seat.say(session, side + 1, f"claim {wins[0].name}", ("claim", key))
        elif not seat.moving(session):
            _choose_play(seat, session, side + 1)
        else:
            seat.follow(session, side + 1)


def _answer(seat: Computer, session: TablesSession, key: object) -> None:
    """A double (or a vie) to answer: the computer's, if it is the one asked."""
    flow = session.flow
    side = flow.answering()
    if not seat.plays(side + 1):
        return
    choices = flow.choices(side)
    if TAKE in choices:
        doubler = flow.position.with_turn(1 - side)
        take = cube_answer(session.variant, doubler, cube_state(flow), standing(session),
                           seat.level(side + 1))
        seat.say(session, side + 1, "take" if take else "drop", ("cube", key))
    elif SEE in choices:
        see = vie_answer(flow.variant, flow.position, side)
        seat.say(session, side + 1, "see" if see else "yield", ("vie", key, flow.vies))


def _before_throw(seat: Computer, session: TablesSession, player: int, key: object) -> None:
    """The computer's turn to throw: its cube (or vie) first, then the throw is asked for."""
    flow = session.flow
    choices = flow.choices(player - 1)
    cube = ("double", key)
    if DOUBLE in choices and cube not in seat.done_for:
        seat.done_for.add(cube)
        if cube_offer(session.variant, flow.position, cube_state(flow), standing(session),
                      seat.level(player)):
            seat.say(session, player, "double")
            return
    if VIE in choices and ("vie", key) not in seat.done_for:
        seat.done_for.add(("vie", key))
        if wants_vie(flow.variant, flow.position):
            seat.say(session, player, "vie")
            return
    kept = flow.throw_to_keep() if KEEP in choices else None
    if kept is not None and ("keep", key) not in seat.done_for:
        seat.done_for.add(("keep", key))
        if keeps_throw(kept):
            seat.say(session, player, "keep")
            return
    if ("throw", key) not in seat.done_for:
        seat.done_for.add(("throw", key))
        name = session.player_name(player)
        if session.dice.source == "physical":
            session.say(f"throw the dice for {name} and type them: dice A B")
        else:
            session.say(f"press {name}'s button ({player}) to throw for it", "teach", prompt=True)


def _choose_play(seat: Computer, session: TablesSession, player: int) -> None:
    assert session.inference is not None and session.flow.dice is not None
    plays = session.inference.plays
    play: Play = ()
    if plays != [()]:
        ranked = tables_engine(session.variant).rank(session.flow.position, session.flow.dice,
                                                     seat.level(player))
        play = next((c.move for c in ranked if c.move in plays), plays[0])
    session.command_line(f"{player} computer play {format_play(play) if play else '-'}")


def standing(session: TablesSession) -> MatchStanding:
    """The match standing of a tables session for the cube (money play without a match)."""
    return MatchStanding.of_match(session.match) if session.match is not None else MatchStanding()


def cube_state(flow: Turn) -> CubeState:
    """The doubling cube of a tables game as the cube's engine reads it (centred at 1 without one)."""
    cube = flow.cube
    return CubeState(cube[0], cube[1]) if cube is not None else CubeState()
