"""The computer's decisions in a draughts game (its seat: :class:`~tablier.play.computer.Computer`):
a huff or a compel under the Checker Laws, the move chosen (by the game's engine) and followed on
the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.errors import TablierError

from ..computer_rules import draughts_move, huff_or_compel
from .hands import plan
from .phase import DraughtsPhase

if TYPE_CHECKING:
    from ..hands import Hands
    from ..seat_decisions import EngineSeat, PlannedHands
    from .table import DraughtsTable


class DraughtsDecisions:
    """The seat's decisions in a draughts game (:class:`~tablier.play.seat_decisions.SeatDecisions`)."""

    def __init__(self, session: DraughtsTable) -> None:
        self.session = session

    def decide(self, computer: EngineSeat) -> None:
        """The computer's decisions now (:func:`decide`)."""
        decide(computer, self.session)

    def check_engine(self) -> None:
        """The draughts engine is ours: always there."""

    def plan(self, hands: PlannedHands) -> None:
        """The built-in hands' next motions (:func:`~tablier.play.draughts.hands.plan`)."""
        plan(hands, self.session)

    def set_up(self, hands: Hands, way: str) -> None:
        """The men set out on the draughts side."""
        hands.turn_face(False)
        hands.set_up_squares(self.session.wanted_squares())

    def touch_named(self, number: int) -> None:
        """The adversary touched his man on square ``number``."""
        self.session._touch(number)

    def touched_by(self, player: int, committing: bool) -> int | None:
        """The man ``player`` touched and must move (Law 11), by his square."""
        session = self.session
        if session.laws is None or not session.laws.options.touch_move or session.touched is None:
            return None
        piece = session.board.piece_at(session.touched)
        if committing or (session.mover() == player and piece is not None
                          and session.player_of(piece.color) == player):
            return session.touched
        return None

    def show_throw(self, values: tuple[int, int]) -> None:
        """Draughts has no dice."""
        raise TablierError("no dice in this game")


def decide(seat: EngineSeat, session: DraughtsTable) -> None:
    """The decisions of a draughts game: huff or compel, the move chosen and followed."""
    if session.phase != DraughtsPhase.PLAYING:
        return
    player = session.player_of(session.board.turn)
    if not seat.plays(player):
        return
    key = session.turn_key()
    huffable = session.laws.huffable() if session.laws is not None else []
    if huffable and seat.once(("huff", key)):
        square = huff_or_compel(session.board, huffable, seat.level(player))
        seat.huff(square)
        seat.say(player, "compel" if square is None else f"huff {square}")
    elif not seat.moving():
        move = draughts_move(session.board, session.legal_moves(), seat.level(player))
        session.command_line(f"{player} computer play {move}")
    else:
        seat.follow(player)
