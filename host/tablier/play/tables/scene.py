"""The scene of a tables game on the board (:class:`~tablier.board.scene.Scene`): the men as the
switches see them against the position (a lifted man, a man added), coloured from the legal reading
that matches the board, the men in hand, the dice, the cube, the points in the mover's numbers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablier.board.observation import TABLES_PLACES, visible
from tablier.board.orientation import Orientation
from tablier.board.scene import ADDED, LIFTED, PlaceView, Scene

from ..scene import has_bar
from .phase import TablesPhase

if TYPE_CHECKING:
    from .table import TablesTable


def tables_scene(session: TablesTable, lights: dict[str, str], common: dict[str, Any]) -> Scene:
    """The scene of ``session``: the men as the switches see them, coloured from the reading;
    ``lights``: each place's light (:func:`~tablier.play.scene.lights_of`); ``common``: the fields
    every family's scene has (:func:`~tablier.play.scene.common_fields`)."""
    flow = session.flow
    orientation = session.orientation or Orientation(session.variant)
    reading = session.reading
    position = flow.position
    if reading is not None and reading.candidates:
        position = reading.candidates[0].position
    sides: list[int | None] = [None] * len(TABLES_PLACES)
    for colour in (0, 1):
        for point in range(26):
            if position.boards[colour][point]:
                sides[TABLES_PLACES.index(orientation.place_of(colour, point))] = colour
    expected = orientation.counts(position)
    shown = visible(expected, session.ladder)
    seen = session.observation.counts
    playing = not session.phase.idle and session.orientation is not None
    places = []
    for index, (kind, number) in enumerate(TABLES_PLACES):
        if kind == "bar" and not seen[index] and not has_bar(session.variant):
            continue  # no man is ever hit: the scene has no bar (a man put there still shows)
        men = expected[index] if seen[index] == shown[index] else seen[index]
        change = "" if seen[index] == shown[index] else (LIFTED if seen[index] < shown[index] else ADDED)
        side: int | None = sides[index]
        if kind in ("bar", "tray"):
            side = number - 1
        elif side is None and men and playing:
            side = flow.turn  # a man put where the position has none: the mover's
        name = f"{kind} {number}"
        places.append(PlaceView(name, men, side, False, change, lights.get(name, "")))
    in_hand = max(0, sum(shown) - sum(seen)) if playing and session.observation.tables_face_up else 0
    dice = (flow.dice.first, flow.dice.second) if flow.dice is not None else ()
    used = session.display.dice_used()
    cube = None
    if flow.cube is not None:
        value, owner = flow.cube
        cube = (value, 0 if owner is None else owner + 1)
    # nobody's turn yet, or now
    waiting = session.phase.idle or session.phase == TablesPhase.OPENING or flow.outcome is not None
    turn = 0 if waiting else flow.turn + 1
    own_points = {}
    if turn and session.orientation is not None:
        own_points = {p: session.orientation.own_point(flow.turn, p) for p in range(1, 25)}
    return Scene(family="tables", title=session.variant.title,  # the rules in force: in the messages
                 game_number=session.game_number, turn=turn, dice=dice, dice_used=used[:len(dice)],
                 cube=cube, in_hand=in_hand, places=tuple(places), own_points=own_points,
                 words=tuple(session.status_lines()[1 + len(_board_lines(session)):]),
                 **common)


def _board_lines(session: TablesTable) -> list[str]:
    """The lines of the text diagram within the session's status lines (the view draws its own)."""
    from tablier.tables.diagram import draw

    return draw(session.flow.position, session.variant).splitlines()
