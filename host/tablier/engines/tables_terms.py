"""The evaluation of a tables position for our own engine: each game's aims as a few weighted terms.

:func:`terms` measures a position for one side (every term "higher is better for that side"):

* ``race``: the adversary's pips to go minus mine (the race, for every game);
* ``off``: my men borne off minus his;
* ``blocks``: points I hold in his way (ahead of his rearmost men), and ``prime`` the longest run
  of them: blocking, the aim of Jacquet's table closing, Fevga's walls and Plakoto's pins;
* ``blots``: my lone men he can reach (games with hitting);
* ``bar``: his men on the bar minus mine;
* ``postillon`` (Jacquet and its kin): how far my leading man has gone home;
* ``pins`` and ``mother`` (Plakoto): his men I pin minus mine he pins; a pinned mother is a lost game;
* ``count`` (Spanish): the count of the men left by table (3, 2, 1) as the race stands: what his men
  would pay me times my chance of winning the race, minus what mine would pay him times his (a
  likely winner need not mind his own men left, a likely loser must save what he can);
* ``their_wins`` (Ticktack): the value of the wins his next throw would allow him.

Each game's profile (:data:`~tablier.engines.profiles.PROFILES`) says how much each term counts in
it; a game's own aims (``postillon``, ``pins`` and ``mother``, ``count``, ``their_wins``) are measured
only in the games whose weights name them (:data:`OWN_AIMS`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from tablier.tables.moves import ALL_ROLLS
from tablier.tables.position import BAR, OFF, Position
from tablier.tables.rules import Rules

from .profiles import profile

Terms = dict[str, float]

WIN_VALUE = 1000.0
"""The score of a won game, per point it is worth (a lost one scores minus as much)."""


def weights_for(variant: Rules) -> Mapping[str, float]:
    """The weight of each term in ``variant``'s evaluation (its profile's)."""
    return profile(variant.name).weights


def evaluate(variant: Rules, position: Position, side: int, threats: bool = True) -> tuple[float, Terms]:
    """How good ``position`` is for ``side``: the weighted sum of :func:`terms`, and the terms.
    ``threats=False`` leaves out ``their_wins`` (a search that throws his dice itself needs it not)."""
    outcome = variant.result(position)
    if outcome is not None:
        sign = 1.0 if outcome.winner == side else -1.0
        return sign * WIN_VALUE * max(outcome.points, 1), {"won": sign * outcome.points}
    measured = terms(variant, position, side, threats)
    weights = weights_for(variant)
    return sum(weights.get(name, 0.0) * value for name, value in measured.items()), measured


def terms(variant: Rules, position: Position, side: int, threats: bool = True) -> Terms:
    """The aims of ``variant`` measured for ``side`` in ``position`` (see the module docstring)."""
    mine = position.boards[side]
    theirs = position.boards[1 - side]
    weights = weights_for(variant)
    found: Terms = {
        "race": float(position.pip_count(1 - side) - position.pip_count(side)),
        "off": float(mine[OFF] - theirs[OFF]),
    }
    blocks, prime = _blocking(variant, mine, theirs)
    found["blocks"], found["prime"] = float(blocks), float(prime)
    if variant.hitting:
        found["blots"] = float(_exposed_blots(variant, mine, theirs))
        found["bar"] = float(theirs[BAR] - mine[BAR])
    for aim, measure in OWN_AIMS.items():
        if aim in weights:
            found.update(measure(variant, position, side))
    if threats and "their_wins" in weights and position.turn != side:
        found["their_wins"] = their_wins(variant, position)
    return found


def _postillon(variant: Rules, position: Position, side: int) -> Terms:
    """Jacquet and its kin: how far my leading man has gone home."""
    mine = position.boards[side]
    return {"postillon": float(24 - min((p for p in range(1, 25) if mine[p]), default=0))}


def _pins(variant: Rules, position: Position, side: int) -> Terms:
    """Plakoto: his men I pin minus mine he pins, and the danger to each side's mother."""
    pinned = position.pinned
    return {"pins": float(pinned[1 - side].bit_count() - pinned[side].bit_count()),
            "mother": _mother_danger(variant, position, 1 - side) - _mother_danger(variant, position, side)}


def _count(variant: Rules, position: Position, side: int) -> Terms:
    """Spanish Backgammon: the men left, counted by table, as the race stands."""
    chance = race_chance(position, side)
    return {"count": (chance * variant.men_left_points(position.boards[1 - side])
                      - (1 - chance) * variant.men_left_points(position.boards[side]))}


OWN_AIMS: dict[str, Callable[[Rules, Position, int], Terms]] = {
    "postillon": _postillon, "pins": _pins, "count": _count,
}
"""The aims only some games have, each measured in the games whose weights name it (``their_wins``,
which depends on whose throw is next, is measured apart)."""


def _blocking(variant: Rules, mine: tuple[int, ...], theirs: tuple[int, ...]) -> tuple[int, int]:
    """Points I hold in the adversary's way (ahead of his rearmost man) and the longest run of them."""
    needed = 2 if variant.hitting else 1
    held = [False] * 26
    for point in range(1, 25):
        if mine[point] >= needed:
            held[variant.opposite(point)] = True
    rearmost = 25 if theirs[BAR] else max((p for p in range(1, 25) if theirs[p]), default=0)
    blocks = run = prime = 0
    for his in range(rearmost - 1, 0, -1):
        if held[his]:
            blocks += 1
            run += 1
            prime = max(prime, run)
        else:
            run = 0
    return blocks, prime


def _exposed_blots(variant: Rules, mine: tuple[int, ...], theirs: tuple[int, ...]) -> float:
    """My lone men the adversary's men can reach, nearer ones counting more."""
    his_points = [p for p in range(1, 26) if theirs[p]]
    exposed = 0.0
    for point in range(1, 25):
        if mine[point] != 1:
            continue
        his = variant.opposite(point)
        distances = [p - his for p in his_points if 0 < p - his <= 12]
        if distances:
            exposed += 1.0 if min(distances) <= 6 else 0.5
    return exposed


def _mother_danger(variant: Rules, position: Position, side: int) -> float:
    """1 if ``side``'s mother is pinned, 0.3 if she stands alone on her starting point."""
    if variant.mother_pinned(position, side):
        return 1.0
    return 0.3 if position.boards[side][24] == 1 else 0.0


PIPS_PER_THROW = 8.17
"""The average pips of a throw with doublets played four times (49/6)."""
THROW_SPREAD = 4.3
"""The standard deviation of a throw's pips."""


def race_chance(position: Position, side: int) -> float:
    """``side``'s chance of winning the race from ``position``, by the normal approximation: the
    pip lead (half a throw more for the side on roll) against the spread of the throws still to come."""
    mine, his = position.pip_count(side), position.pip_count(1 - side)
    lead = his - mine + (PIPS_PER_THROW / 2 if position.turn == side else -PIPS_PER_THROW / 2)
    throws = max((mine + his) / 2 / PIPS_PER_THROW, 1.0)
    spread = THROW_SPREAD * math.sqrt(2 * throws)
    return 0.5 * (1 + math.erf(lead / (spread * math.sqrt(2))))



def their_wins(variant: Rules, position: Position) -> float:
    """The expected value of the wins the side to move may claim on his throw (Ticktack)."""
    total = 0.0
    for dice in ALL_ROLLS:
        wins = variant.wins(position, dice)
        if wins:
            total += (1 if dice.is_doublet else 2) * wins[0].value
    return total / 36
