"""``tablier demo``: a whole game on the simulated board between two built-in players' hands.

By default both seats are the computer (:data:`DEMO_PLAYERS`, a quick level), called Computer A
(Black) and Computer B (White): its moves are lit on the board and the hands make them as the
lights ask, as a person would (:mod:`.computer`); ``players=("greedy", "random")`` has the rules
core's simple players choose instead.

The firmware runs under MicroPython; the players' hands lift and put men through the simulated
switches (:class:`~tablier.play.autoplay.AutoHands`); the host reads every move from the switches
exactly as in ``tablier play``, lights the LEDs, writes the event log, and the terminal view follows.
It ends with the result and where the log was written. :func:`resume_demo` goes on with a demo
interrupted (the host killed): the same players take up the game from its log, the throw shown
before the interruption standing, the seeded dice going on as if nothing had happened.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from tablier.games import find_game
from tablier.record.eventlog import read_log

from .autoplay import AutoHands
from .computer import seat_level
from .dice import Dice
from .hands import Hands
from .link import Cable
from .resume import dice_going_on, resume_log
from .runner import PlayResult, play
from .session import Actor, PlayOptions, Session
from .view import View

if TYPE_CHECKING:
    from tablier.web.server import LiveServer

#: The demo's players: the computer in both seats, at its quickest level (about a minute a game).
DEMO_PLAYERS = ("computer:1", "computer:1")
#: The simple players' names for the seats.
SIMPLE_NAMES = {"greedy": "greedy player", "random": "random player"}
#: What the computer's seats are called, player 1's and player 2's (with the level chosen, if any).
COMPUTER_NAMES = ("Computer A", "Computer B")

#: Seconds between two actions of the hands by default: a Backgammon game takes about a minute.
DEFAULT_DELAY = 0.06


def run_demo(game: str = "backgammon", seed: int | None = None, delay: float = DEFAULT_DELAY,
             log_dir: Path | None = None, out: TextIO | None = None, live: bool | None = None,
             serve: LiveServer | None = None, players: tuple[str, str] = DEMO_PLAYERS,
             watch: Callable[[Session], None] | None = None, palette: str = "classic",
             quality: tuple[str, str] = ("off", "off"),
             speech: Mapping[str, Any] | None = None) -> PlayResult:
    """Play one game of ``game`` on the simulated board; returns the session and the log's path;
    ``serve``: the server of the game's web page; ``players``: ``computer[:LEVEL]``, ``greedy`` or
    ``random`` for each seat (``ValueError`` for another name); ``watch``: told after each turn of
    the loop (a club's feed); ``palette``: the lights' colours (:mod:`tablier.board.palettes`);
    ``quality``: each seat's quality lights (``off``, ``1``-``6``, ``full``: the built-in players'
    seats show them, the computer's follow its own lights); ``speech``: the :class:`PlayOptions`
    fields of what is said aloud (``docs/speech.md``)."""
    info = find_game(game)
    for name in players:
        if name not in SIMPLE_NAMES and seat_level(name) is None:
            raise ValueError(f"the demo's players are computer, computer:LEVEL, greedy or random, "
                             f"not {name!r}")
    options = PlayOptions(players=seat_names(players), grace_s=5.0, palette=palette, quality=quality,
                          **(speech or {}))
    dice = Dice(seed if seed is not None else None)

    view = View(out or sys.stdout, live=live)
    return play(info.name, options, dice, sim=True, log_dir=log_dir, make_actor=_hands(seed, delay, players),
                view=view, serve=serve, watch=watch)


def seat_names(players: tuple[str, str]) -> tuple[str, str]:
    """The players' names for the demo's seats: ``greedy player``, ``random player``, and the
    computer's seats ``Computer A`` and ``Computer B`` (``Computer A:1``: its level, when chosen),
    so that the two seats never share a name."""
    names = []
    for seat, label in zip(players, COMPUTER_NAMES, strict=True):
        _, colon, level = seat.partition(":")
        names.append(SIMPLE_NAMES.get(seat) or label + (f":{level.strip()}" if colon else ""))
    return names[0], names[1]


def resume_demo(path: Path, delay: float = DEFAULT_DELAY, out: TextIO | None = None,
                live: bool | None = None, serve: LiveServer | None = None,
                watch: Callable[[Session], None] | None = None, palette: str = "classic") -> PlayResult:
    """Go on with the demo game of the log at ``path`` on a fresh simulated board, its lights in
    ``palette``."""
    log = read_log(path)
    simple = {label: name for name, label in SIMPLE_NAMES.items()}
    players = tuple(simple.get(name, name) for name in log.header.players)
    return resume_log(path, dice_going_on(log), sim=True,
                      make_actor=_hands(log.header.seed, delay, (players[0], players[1])),
                      view=View(out or sys.stdout, live=live), serve=serve, watch=watch, palette=palette)


def _hands(seed: int | None, delay: float, players: tuple[str, str]) -> Callable[[Hands, Cable], Actor]:
    """The players' hands (a computer's seat follows the lights)."""

    def make_actor(hands: Hands, cable: Cable) -> Actor:
        return AutoHands(hands, players, seed=seed, delay=delay)

    return make_actor
