"""``tablier demo``: a whole game on the simulated board between two built-in players' hands.

The firmware runs under MicroPython; the players' hands lift and put men through the simulated
switches (:class:`~tablier.play.autoplay.AutoHands`); the host reads every move from the switches
exactly as in ``tablier play``, lights the LEDs, writes the event log, and the terminal view follows.
It ends with the result and where the log was written. :func:`resume_demo` goes on with a demo
interrupted (the host killed): the same players take up the game from its log, the throw shown
before the interruption standing, the seeded dice going on as if nothing had happened.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from tablier.games import find_game
from tablier.record.eventlog import read_log

from .autoplay import AutoHands
from .dice import Dice
from .hands import Hands
from .link import Cable
from .resume import dice_going_on, resume_log
from .runner import PlayResult, play
from .session import Actor, PlayOptions
from .view import View

if TYPE_CHECKING:
    from tablier.web.server import LiveServer

#: Seconds between two actions of the hands by default: a Backgammon game takes about a minute.
DEFAULT_DELAY = 0.06


def run_demo(game: str = "backgammon", seed: int | None = None, delay: float = DEFAULT_DELAY,
             log_dir: Path | None = None, out: TextIO | None = None, live: bool | None = None,
             serve: LiveServer | None = None) -> PlayResult:
    """Play one game of ``game`` on the simulated board; returns the session and the log's path;
    ``serve``: the server of the game's web page."""
    info = find_game(game)
    names = ("greedy player", "random player") if info.family == "tables" else ("player 1", "player 2")
    options = PlayOptions(players=names, grace_s=5.0)
    dice = Dice(seed if seed is not None else None)

    view = View(out or sys.stdout, live=live)
    return play(info.name, options, dice, sim=True, log_dir=log_dir, make_actor=_hands(seed, delay),
                view=view, serve=serve)


def resume_demo(path: Path, delay: float = DEFAULT_DELAY, out: TextIO | None = None,
                live: bool | None = None, serve: LiveServer | None = None) -> PlayResult:
    """Go on with the demo game of the log at ``path`` on a fresh simulated board."""
    log = read_log(path)
    return resume_log(path, dice_going_on(log), sim=True, make_actor=_hands(log.header.seed, delay),
                      view=View(out or sys.stdout, live=live), serve=serve)


def _hands(seed: int | None, delay: float) -> Callable[[Hands, Cable], Actor]:
    """The built-in players' hands (the greedy player has side 0, the random player side 1)."""

    def make_actor(hands: Hands, cable: Cable) -> Actor:
        return AutoHands(hands, ("greedy", "random"), seed=seed, delay=delay)

    return make_actor
