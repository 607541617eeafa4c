"""A running game on the web: its scene drawn as SVG and pushed to the live page.

:func:`page_state` turns a scene (:class:`~tablier.board.scene.Scene`: what a screen shows of a game
at one moment) into what the page is sent: the board drawn by
:mod:`tablier.record.svg_diagram` (the lit LEDs in their colours, the lifted and misplaced men, the
dice, the cube), the scene itself and the legend of the lit meanings. A :class:`ScenePublisher`
is handed a way to look at the scene (a callable); called after each turn of the game's loop, it
looks (at most every :data:`LOOK_EVERY_S`) and sends the scene when it changed. The web knows
nothing of play: whoever runs the game hands it what to show
(:func:`tablier.play.scene.publishing`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from tablier.board.leds import VOCABULARY
from tablier.board.palettes import find_palette
from tablier.board.scene import Scene
from tablier.record.svg_diagram import DraughtsPicture, TablesPicture, draw_draughts, draw_tables

from .server import LiveServer, is_loopback, parse_address

#: How often a running session's scene is looked at (well inside the page's 100 ms).
LOOK_EVERY_S = 0.02
MEANINGS = {m.name: m for m in VOCABULARY}


def _hex(name: str, palette: str = "classic") -> str:
    red, green, blue = find_palette(palette)[name]
    return f"#{red:02x}{green:02x}{blue:02x}"


def scene_svg(scene: Scene) -> str:
    """The board of ``scene`` as SVG, its lights in the scene's palette."""
    lights = {view.place: _hex(view.light, scene.palette) for view in scene.places if view.light in MEANINGS}
    marks = {view.place: view.change for view in scene.places if view.change}
    if scene.family == "draughts":
        pieces = {int(v.place.split()[1]): (v.side, v.king) for v in scene.places if v.men}
        number = {name: int(name.split()[1]) for name in (v.place for v in scene.places)}
        return draw_draughts(DraughtsPicture(scene.size or 8, pieces,
                                             {number[p]: c for p, c in lights.items() if p in number},
                                             {number[p]: m for p, m in marks.items() if p in number},
                                             _caption(scene)))
    points = {int(v.place.split()[1]): (v.men, v.side) for v in scene.places if v.place.startswith("point")}
    men = {v.place: v.men for v in scene.places}
    return draw_tables(TablesPicture(points, (men.get("bar 1", 0), men.get("bar 2", 0)),
                                     (men.get("tray 1", 0), men.get("tray 2", 0)), scene.dice,
                                     scene.dice_used, lights, marks, scene.cube, _caption(scene),
                                     labels=_labels(scene)))


def _labels(scene: Scene) -> dict[int, int]:
    """The numbers the points carry: the side to move's own (the numbers his moves and the words
    of his turn use), the board's own when nobody is to move."""
    return dict(scene.own_points) if scene.family == "tables" and scene.turn else {}


def _caption(scene: Scene) -> str:
    if scene.over:
        return "the match is over"
    if not scene.turn:
        return scene.title
    colour = scene.colours[scene.turn - 1]
    numbered = f"; the points in {colour.capitalize()}'s numbers" if scene.family == "tables" else ""
    return f"{scene.players[scene.turn - 1]} ({colour}) to play{numbered}"


def page_state(scene: Scene) -> dict[str, Any]:
    """What the live page is sent for ``scene``: the board, the scene, the legend of the lit meanings
    and the palette's title (the lights' colours are the palette's)."""
    lit = [view.light for view in scene.places if view.light] + [s for s in scene.status_lights if s]
    legend = [[name, _hex(name, scene.palette), bool(MEANINGS[name].mode), MEANINGS[name].says]
              for name in dict.fromkeys(lit) if name in MEANINGS]
    return {"svg": scene_svg(scene), "scene": scene.to_json(), "legend": legend,
            "palette": find_palette(scene.palette).title}


def announce(server: LiveServer, out: TextIO, what: str = "the game's web page") -> None:
    """Say where the page (``what``) is served; a binding beyond this machine says so."""
    out.write(f"{what}: {server.url} (read-only)\n")
    if not is_loopback(server.host):
        out.write(f"note: serving on {server.host}, not on 127.0.0.1 only: other machines that can reach "
                  "this one can open the page\n")
    out.flush()


class ScenePublisher:
    """Sends the scene ``look()`` gives to ``server``'s pages when it changed; called after each
    turn of the game's loop (it looks at most every :data:`LOOK_EVERY_S`)."""

    def __init__(self, server: LiveServer, look: Callable[[], Scene]) -> None:
        self.server = server
        self.look = look
        self._last: dict[str, Any] | None = None
        self._looked = 0.0

    def __call__(self) -> None:
        now = time.monotonic()
        if now - self._looked < LOOK_EVERY_S:
            return
        self._looked = now
        self.show(self.look())

    def show(self, scene: Scene) -> None:
        """Send ``scene`` if it differs from the last one sent."""
        data = scene.to_json()
        if data != self._last:
            self._last = data
            self.server.publish(page_state(scene))


def open_server(address: str, out: TextIO | None = None) -> LiveServer:
    """Start serving at ``address`` (``[HOST:]PORT``) and say where; :class:`ServeError` if it cannot."""
    host, port = parse_address(address)
    server = LiveServer(host, port).start()
    announce(server, out or sys.stderr)
    return server


def linger(server: LiveServer, out: TextIO | None = None) -> None:
    """Keep the page up after the game until Ctrl-C (a class may still be looking at it)."""
    out = out or sys.stderr
    out.write(f"the page stays up at {server.url}: Ctrl-C to stop\n")
    out.flush()
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
