"""The :class:`~tablier.board.scene.Scene` of a game on the board, built from a running session.

The terminal view (:mod:`.view`), the web page (:mod:`tablier.web`) and the club draw the same
scene (its data and JSON: :mod:`tablier.board.scene`). It is drawn from what the switches see, not
only from the committed position: a lifted man shows as missing from his place (``lifted``), a man
put where the position has none as ``added`` (a misplaced man, or one on his way), the men in hand
are counted, and the lights stand on their places with their meanings (``docs/leds.md``). Men are
coloured from the legal reading that matches the board when there is one (a hit man on the bar is
the hit side's), else from the position the turn began with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from tablier.board.leds import TIME_SHORT
from tablier.board.observation import TABLES_PLACES
from tablier.board.orientation import HOME_RIGHT, Orientation
from tablier.board.scene import PlaceView, Scene
from tablier.tables.position import Position

from .link import CONNECTED

if TYPE_CHECKING:
    from tablier.play.board_replay import BoardStep
    from tablier.record.game_record import GameRecord, Record
    from tablier.tables.variant import Variant
    from tablier.web.live import ScenePublisher
    from tablier.web.server import LiveServer

    from .session import Session

def scene_of(session: Session) -> Scene:
    """The scene of ``session`` now (each game's session draws its own: :meth:`Session.scene`)."""
    return session.scene()


@contextmanager
def publishing(session: Session, server: LiveServer) -> Iterator[ScenePublisher]:
    """Send ``session``'s scene to ``server``'s pages while the block runs (and its last one): the
    web is handed the session's own way to draw its scene, and told after each turn of the loop."""
    from tablier.web.live import ScenePublisher

    publisher = ScenePublisher(server, session.scene)
    before = session.on_redraw

    def redrawn(redrawn_session: Session) -> None:
        if before is not None:
            before(redrawn_session)
        publisher()

    session.on_redraw = redrawn
    publisher.show(session.scene())
    try:
        yield publisher
    finally:
        publisher.show(session.scene())
        session.on_redraw = before


def lights_of(session: Session) -> dict[str, str]:
    """The places' lights as the board shows them (faulty places included); the status lights as
    the game sets them, or the match clock's ``time-short`` (the second of ``link-wait`` after
    connecting is :attr:`Scene.link_wait`)."""
    shown = session.board_plan().meanings()
    game = session.led_plan().meanings()
    for player in ("status 1", "status 2"):
        board = shown.pop(player, None)
        if board == TIME_SHORT.name:  # the match clock's, over the game's
            shown[player] = board
        elif player in game:
            shown[player] = game[player]
    return shown


def common_fields(session: Session, lights: dict[str, str], name: Callable[[int], str]) -> dict[str, Any]:
    """What every game's scene shows alike; ``name``: a side's (0 Black, 1 White) name and colour."""
    names = session.options.players
    return {"players": (names[0], names[1]), "score": (session.score[0], session.score[1]),
            "match_length": session.options.match_length, "link": session.link.state,
            "link_wait": session.link.state != CONNECTED or session.clock() < session.link_wait_until,
            "messages": tuple(session.messages), "moves": tuple(session.committed),
            "movers": tuple(name(side) for side in session.movers[:len(session.committed)]),
            "marks": tuple(session.marks[:len(session.committed)]),
            "status_lights": (lights.get("status 1", ""), lights.get("status 2", "")),
            "over": session.over, "you": _you(session), "palette": session.options.palette,
            "hints": session.teacher.quality.words(), **_clocks(session)}


def _clocks(session: Session) -> dict[str, Any]:
    """The match clock's faces, whose runs and time short (nothing when the game has no clock)."""
    if session.match_clock is None:
        return {}
    faces, running, short = session.match_clock.faces()
    return {"clocks": faces, "clock_runs": running, "clock_short": short}


def _you(session: Session) -> int:
    """The one player at this board, when the other is the computer's or at another board (0: both
    or neither play here)."""
    here = [player for player in (1, 2) if not session.is_computer(player)]
    return here[0] if len(here) == 1 else 0


def has_bar(variant: Variant) -> bool:
    """Whether men of ``variant`` ever stand on the bar (a hit man does; Jacquet's, Fevga's and
    Plakoto's men are never hit): a scene without one has no bar places."""
    return variant.hitting and not variant.pins


def replay_scene(record: Record, game: GameRecord, steps: list[BoardStep], shown: int,
                 way: str = HOME_RIGHT) -> Scene:
    """The scene of step ``shown`` of an archived game shown on the board (``tablier
    replay-on-board``): the men as they stand before the move, the lights that show it, the moves
    before it; the last step, the result, shows the final position."""
    from tablier.draughts.catalog import make_board
    from tablier.games import find_game
    from tablier.record.game_record import DRAUGHTS, SIDE_NAMES
    from tablier.record.replay import tables_variant

    step = steps[shown]
    lit = step.lit
    names = (game.players[0] or "?", game.players[1] or "?")
    earlier = steps[:shown]
    common: dict[str, Any] = {
        "game_number": game.number, "players": names, "score": game.score,
        "match_length": record.match_length, "turn": 0 if step.side is None else step.side + 1,
        "words": (step.caption,),
        "messages": tuple(s.caption for s in steps[max(0, shown - 6):shown]),
        "moves": tuple(s.text for s in earlier), "over": step.side is None,
        "movers": tuple(f"{names[s.side]} ({SIDE_NAMES[s.side]})" for s in earlier if s.side is not None),
        "status_lights": (lit.get("status 1", ""), lit.get("status 2", "")),
    }
    if record.family == DRAUGHTS:
        board = make_board(record.game, str(step.position) if step.position else None, record.options)
        places = []
        for square in range(1, board.geometry.squares + 1):
            piece = board.piece_at(square)
            places.append(PlaceView(f"square {square}", int(piece is not None),
                                    None if piece is None else int(piece.color), bool(piece and piece.king),
                                    "", lit.get(f"square {square}", "")))
        return Scene(family="draughts", title=find_game(record.game).title, places=tuple(places),
                     size=board.geometry.size, **common)
    variant = tables_variant(record, game)
    orientation = Orientation(variant, way)
    position = step.position if isinstance(step.position, Position) else variant.start_position()
    counts = orientation.counts(position)
    sides: dict[str, int] = {f"{kind} {number}": number - 1 for kind, number in TABLES_PLACES
                             if kind in ("bar", "tray")}
    for colour in (0, 1):
        for point in range(1, 25):
            if position.boards[colour][point]:
                kind, number = orientation.place_of(colour, point)
                sides[f"{kind} {number}"] = colour
    places = [PlaceView(f"{kind} {number}", counts[index], sides.get(f"{kind} {number}"), False, "",
                        lit.get(f"{kind} {number}", ""))
              for index, (kind, number) in enumerate(TABLES_PLACES) if kind != "bar" or has_bar(variant)]
    value, owner = step.cube
    own = {p: orientation.own_point(step.side, p) for p in range(1, 25)} if step.side is not None else {}
    return Scene(family="tables", title=variant.title, places=tuple(places), dice=step.dice,
                 cube=(value, 0 if owner is None else owner + 1) if value > 1 or owner is not None else None,
                 own_points=own, **common)
