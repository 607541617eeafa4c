"""What a screen shows of a game on the board: a :class:`Scene`, built from a running session.

The terminal view (:mod:`.view`) and the web page (:mod:`tablier.web`) draw the same scene. It is
drawn from what the switches see, not only from the committed position: a lifted man shows as
missing from his place (``lifted``), a man put where the position has none as ``added`` (a
misplaced man, or one on his way), the men in hand are counted, and the lights stand on their
places with their meanings (``docs/leds.md``). Men are coloured from the legal reading that
matches the board when there is one (a hit man on the bar is the hit side's), else from the
position the turn began with. A scene is plain data (:meth:`Scene.to_json`): the web page gets it
as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from tablier.board.observation import TABLES_PLACES, visible
from tablier.board.orientation import HOME_RIGHT, Orientation
from tablier.tables.position import Position

from .link import CONNECTED

if TYPE_CHECKING:
    from tablier.play.board_replay import BoardStep
    from tablier.record.game_record import GameRecord, Record
    from tablier.tables.variant import Variant
    from tablier.web.live import ScenePublisher
    from tablier.web.server import LiveServer

    from .draughts_session import DraughtsSession
    from .session import Session
    from .tables_session import TablesSession

LIFTED = "lifted"
ADDED = "added"


@dataclass(frozen=True)
class PlaceView:
    """One place of the board as shown: ``place`` is the layout's name (``point 7``, ``bar 1``,
    ``tray 2``, ``square 14``); ``side`` 0 Black, 1 White, None unknown."""

    place: str
    men: int = 0
    side: int | None = None
    king: bool = False
    change: str = ""  # LIFTED: fewer men than the position has here; ADDED: more
    light: str = ""  # the LED's meaning, or empty when dark


@dataclass(frozen=True)
class Scene:
    """Everything a screen shows at one moment of a game on the board."""

    family: str
    title: str
    game_number: int = 0
    players: tuple[str, str] = ("player 1", "player 2")
    score: tuple[int, int] = (0, 0)
    match_length: int = 0
    turn: int = 0  # the player (1 or 2) to act; 0 none (setting up, over)
    colours: tuple[str, str] = ("black", "white")  # player 1's and player 2's colours
    dice: tuple[int, ...] = ()
    dice_used: tuple[bool, ...] = ()
    cube: tuple[int, int] | None = None  # (value, owner: the player 1 or 2, 0 in the middle)
    in_hand: int = 0
    places: tuple[PlaceView, ...] = ()
    status_lights: tuple[str, str] = ("", "")  # player 1's and player 2's status light
    own_points: dict[int, int] = field(default_factory=dict)  # board point -> the mover's own number
    size: int = 0  # draughts: the board's size (8 or 10)
    link: str = CONNECTED
    link_wait: bool = False  # the status lights say link-wait (the host has just (re)connected)
    words: tuple[str, ...] = ()  # where the game stands, in words (what the terminal view says)
    messages: tuple[str, ...] = ()
    moves: tuple[str, ...] = ()
    movers: tuple[str, ...] = ()  # who made each move: his name and colour
    over: bool = False
    you: int = 0  # the player (1 or 2) at this board when the other seat is played elsewhere; 0 none

    def to_json(self) -> dict[str, Any]:
        """The scene as plain JSON values."""
        data: dict[str, Any] = json.loads(json.dumps(asdict(self)))  # tuples as lists, keys as strings
        return data

    def place(self, name: str) -> PlaceView:
        """The place called ``name`` (an empty one if the scene has none by that name)."""
        for view in self.places:
            if view.place == name:
                return view
        return PlaceView(name)


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


def _lights(session: Session) -> dict[str, str]:
    """The places' lights as the board shows them (faulty places included); the status lights as
    the game sets them (the second of ``link-wait`` after connecting is :attr:`Scene.link_wait`)."""
    shown = session.board_plan().meanings()
    game = session.led_plan().meanings()
    for player in ("status 1", "status 2"):
        shown.pop(player, None)
        if player in game:
            shown[player] = game[player]
    return shown


def _common(session: Session, lights: dict[str, str], name: Callable[[int], str]) -> dict[str, Any]:
    """What every game's scene shows alike; ``name``: a side's (0 Black, 1 White) name and colour."""
    names = session.options.players
    return {"players": (names[0], names[1]), "score": (session.score[0], session.score[1]),
            "match_length": session.options.match_length, "link": session.link.state,
            "link_wait": session.link.state != CONNECTED or session.clock() < session.link_wait_until,
            "messages": tuple(session.messages), "moves": tuple(session.committed),
            "movers": tuple(name(side) for side in session.movers[:len(session.committed)]),
            "status_lights": (lights.get("status 1", ""), lights.get("status 2", "")),
            "over": session.over, "you": _you(session)}


def _you(session: Session) -> int:
    """The one player at this board, when the other is the computer's or at another board (0: both
    or neither play here)."""
    here = [player for player in (1, 2) if not session.is_computer(player)]
    return here[0] if len(here) == 1 else 0


def tables_scene(session: TablesSession) -> Scene:
    from tablier.tables.turn import OPENING, OVER

    from .tables_session import SETUP

    lights = _lights(session)
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
    playing = session.phase not in (SETUP, OVER) and session.orientation is not None
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
    waiting = session.phase in (SETUP, OPENING, OVER) or flow.outcome is not None  # nobody's turn yet, or now
    turn = 0 if waiting else flow.turn + 1
    own_points = {}
    if turn and session.orientation is not None:
        own_points = {p: session.orientation.own_point(flow.turn, p) for p in range(1, 25)}
    return Scene(family="tables", title=session.variant.title,  # the rules in force: in the messages
                 game_number=session.game_number, turn=turn, dice=dice, dice_used=used[:len(dice)],
                 cube=cube, in_hand=in_hand, places=tuple(places), own_points=own_points,
                 words=tuple(session.status_lines()[1 + len(_board_lines(session)):]),
                 **_common(session, lights, session._name))


def has_bar(variant: Variant) -> bool:
    """Whether men of ``variant`` ever stand on the bar (a hit man does; Jacquet's, Fevga's and
    Plakoto's men are never hit): a scene without one has no bar places."""
    return variant.hitting and not variant.pins


def _board_lines(session: TablesSession) -> list[str]:
    """The lines of the text diagram within the session's status lines (the view draws its own)."""
    from tablier.tables.diagram import draw

    return draw(session.flow.position, session.variant).splitlines()


def draughts_scene(session: DraughtsSession) -> Scene:
    from .draughts_session import OVER, SETUP

    lights = _lights(session)
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
        if piece is None and stands and session.phase not in (SETUP, OVER):
            side = int(board.turn)
        places.append(PlaceView(f"square {square}", int(piece is not None or stands), side,
                                bool(piece and piece.king), change, lights.get(f"square {square}", "")))
    black = session.player_of(False)
    colours = ("black", "white") if black == 1 else ("white", "black")
    turn = session.player_of(board.turn) if session.phase not in (SETUP, OVER) else 0
    return Scene(family="draughts", title=session.title, game_number=session.game_number,
                 colours=colours, turn=turn, places=tuple(places), size=board.geometry.size,
                 words=tuple(session.status_lines()[2:]),
                 **_common(session, lights, lambda side: session._name(bool(side))))


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
