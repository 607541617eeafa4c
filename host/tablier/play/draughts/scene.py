"""The scene of a draughts game on the board (:class:`~tablier.board.scene.Scene`): each square's
man as the switches see it against the position (a lifted man, a man added), the colours of the
players, whose turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablier.board.scene import ADDED, LIFTED, PlaceView, Scene

if TYPE_CHECKING:
    from .table import DraughtsTable


def draughts_scene(session: DraughtsTable, lights: dict[str, str], common: dict[str, Any]) -> Scene:
    """The scene of ``session``: each square's man as the switches see it; ``lights``: each place's
    light (:func:`~tablier.play.scene.lights_of`); ``common``: the fields every family's scene has
    (:func:`~tablier.play.scene.common_fields`)."""
    board = session.board
    seen = session.observation.squares
    places = []
    for square in range(1, board.geometry.squares + 1):
        piece = board.piece_at(square)
        stands = square in seen
        change = ""
        if piece is not None and not stands:
            change = LIFTED
        elif piece is None and stands:
            change = ADDED
        side = None if piece is None else int(piece.color)
        if piece is None and stands and not session.phase.idle:
            side = int(board.turn)
        places.append(PlaceView(f"square {square}", int(piece is not None or stands), side,
                                bool(piece and piece.king), change, lights.get(f"square {square}", "")))
    black = session.player_of(False)
    colours = ("black", "white") if black == 1 else ("white", "black")
    turn = session.player_of(board.turn) if not session.phase.idle else 0
    return Scene(family="draughts", title=session.title, game_number=session.game_number,
                 colours=colours, turn=turn, places=tuple(places), size=board.geometry.size,
                 words=tuple(session.status_lines()[2:]),
                 **common)
