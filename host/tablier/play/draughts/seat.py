"""The computer's decisions in a draughts game (its seat: :class:`~tablier.play.computer.Computer`):
a huff or a compel under the Checker Laws, the move chosen (by the game's engine) and followed on
the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..computer_rules import draughts_move, huff_or_compel
from .phase import DraughtsPhase

if TYPE_CHECKING:
    from ..computer import Computer
    from .session import DraughtsSession


def decide(seat: Computer, session: DraughtsSession) -> None:
    """The decisions of a draughts game: huff or compel, the move chosen and followed."""
    if session.phase != DraughtsPhase.PLAYING:
        return
    player = session.player_of(session.board.turn)
    if not seat.plays(player):
        return
    key = session.turn_key()
    huffable = session.laws.huffable() if session.laws is not None else []
    if huffable and ("huff", key) not in seat.done_for:
        seat.done_for.add(("huff", key))
        square = huff_or_compel(session.board, huffable, seat.level(player))
        seat.huffed = square
        seat.say(session, player, "compel" if square is None else f"huff {square}")
    elif not seat.moving(session):
        move = draughts_move(session.board, session.legal_moves(), seat.level(player))
        session.command_line(f"{player} computer play {move}")
    else:
        seat.follow(session, player)
