"""Why a play is illegal, in the words of the rule it breaks.

:func:`explain_illegal` replays a proposed play step by step against the variant's rules and returns
the first rule it breaks ("the postillon must move until it reaches the home table"), or ``None`` if
the play is legal. A variant that adds rules on single steps names them with a ``step_fault(mine,
theirs, move) -> str | None`` method (Jacquet does); the common rules are named here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

from tablier.errors import IllegalMoveError, InvalidMoveError

from .moves import Dice, Move, Play
from .notation import parse_play
from .position import BAR, OFF, Position
from .rules import Rules

StepFault = Callable[[list[int], list[int], Move], str | None]

EVERY_NUMBER_RULE = "every number that can be played must be played"
HIGHER_DIE_RULE = "when only one die can be played, it must be the higher"


def explain_illegal(variant: Rules, position: Position, dice: Dice, play: Play) -> str | None:
    """The rule ``play`` of ``dice`` breaks in ``position``, or ``None`` if it is a legal play."""
    legal = variant.plays(position, dice)
    target = variant.after(position, play) if play_is_well_formed(play) else None
    if target is not None and any(variant.after(position, other) == target for other in legal):
        return None
    fault = _first_step_fault(variant, position, dice, play)
    if fault:
        return fault
    most = max(len(other) for other in legal)
    if len(play) < most:
        return f"{EVERY_NUMBER_RULE}: this throw can play {most} of its numbers"
    if len(play) == 1 and not dice.is_doublet:
        return HIGHER_DIE_RULE
    return f"{' '.join(map(str, play)) or 'no move'} is not a legal play of {dice}"


def check_play(variant: Rules, position: Position, dice: Dice, play: Play) -> None:
    """Raise :class:`IllegalMoveError` naming the broken rule unless ``play`` is legal."""
    fault = explain_illegal(variant, position, dice, play)
    if fault:
        raise IllegalMoveError(fault)


def play_is_well_formed(play: Play) -> bool:
    """Whether every move of ``play`` goes forward between real places (points, bar, off)."""
    return all(0 <= move.src <= BAR and 0 <= move.dst <= BAR and move.src > move.dst for move in play)


def _first_step_fault(variant: Rules, position: Position, dice: Dice, play: Play) -> str | None:
    """The first rule a step of ``play`` breaks when the steps are made in the order given."""
    steps = list(variant.dice_steps(dice))
    mine = list(position.mover)
    theirs = variant.theirs(position)
    limit = 2 if variant.hitting else 1
    step_fault: StepFault | None = getattr(variant, "step_fault", None)
    for move in play:
        src, dst = move.src, move.dst
        if not 0 < src <= BAR or not 0 <= dst < src:
            return f"{move} does not move a man forward"
        if not mine[src]:
            return f"no man stands on the {_where(src)} to play {move}"
        if mine[BAR] and src != BAR:
            return "a man on the bar must enter before any other man moves"
        die = _die_for(move, steps)
        if die is None:
            left = ", ".join(map(str, steps)) or "none"
            return f"{move} is not a move of a number left to play (left: {left})"
        if dst == OFF:
            if any(mine[7:BAR + 1]):
                return "no man may be borne off until every man is in the home table"
            if die > src and any(mine[src + 1:7]):
                return (f"the {die} cannot bear off from the {src}-point while a man stands higher: "
                        "a man on a higher point must move")
        elif theirs[dst] >= limit:
            if variant.hitting:
                return f"the {dst}-point is held by two or more adversary men"
            return f"the {dst}-point holds an adversary man and cannot be landed on"
        if step_fault is not None:
            fault = step_fault(mine, theirs, move)
            if fault:
                return fault
        steps.remove(die)
        mine[src] -= 1
        mine[dst] += 1
    return None


def _die_for(move: Move, steps: list[int]) -> int | None:
    """The number left in ``steps`` that makes ``move``: its exact distance, or for a man borne off
    the smallest higher number."""
    distance = move.src - move.dst if move.dst != OFF else move.src
    if distance in steps:
        return distance
    if move.dst == OFF:
        higher = [die for die in steps if die > distance]
        return min(higher) if higher else None
    return None


def _where(point: int) -> str:
    return "bar" if point == BAR else f"{point}-point"


def read_play(text: str, variant: Rules, position: Position, dice: Dice) -> Play:
    """The legal play written as ``text`` (notation of :mod:`tablier.tables.notation`), or
    :class:`IllegalMoveError` naming the rule the written play breaks."""
    try:
        return parse_play(text, variant, position, dice)
    except IllegalMoveError as error:
        fault = explain_illegal(variant, position, dice, written_moves(text, variant.dice_steps(dice)))
        raise IllegalMoveError(f"{text.strip()}: {fault}" if fault else str(error)) from None


def written_moves(text: str, steps: tuple[int, ...]) -> Play:
    """The single moves ``text`` names, in its order, a hop of several dice split into dice (higher
    first); no legality is checked. :class:`InvalidMoveError` if ``text`` is not notation."""
    left = list(steps)
    moves: list[Move] = []
    for token in text.replace(",", " ").lower().split():
        match = _TOKEN.fullmatch(token)
        if not match:
            raise InvalidMoveError(f"{token!r} is not a move such as 24/18, 6/off or 13/9(2)")
        stops = [_point(stop.rstrip("*")) for stop in match.group("chain").split("/")]
        for _ in range(int(match.group("count") or 1)):
            for src, dst in pairwise(stops):
                moves.extend(_split_hop(src, dst, left))
    return tuple(moves)


_TOKEN = re.compile(r"(?P<chain>(?:bar|\d{1,2})\*?(?:/(?:off|\d{1,2})\*?)+)(?:\((?P<count>\d)\))?")


def _point(text: str) -> int:
    if text == "bar":
        return BAR
    if text == "off":
        return OFF
    return int(text)


def _split_hop(src: int, dst: int, left: list[int]) -> list[Move]:
    """``src`` to ``dst`` as single-die moves taken from ``left``, the higher die first (as one
    move, taking no die, if the numbers left cannot make it)."""
    distance = src - dst if dst != OFF else src
    higher = [die for die in left if die > distance] if dst == OFF else []
    if distance in left or higher:
        left.remove(distance if distance in left else min(higher))
        return [Move(src, dst)]
    for die in sorted(set(left), reverse=True):
        count = distance // die
        if distance % die == 0 and left.count(die) >= count:
            for _ in range(count):
                left.remove(die)
            stops = [src - k * die for k in range(count)] + [dst]
            return [Move(a, b) for a, b in pairwise(stops)]
        others = list(left)
        others.remove(die)
        if distance - die in others:
            left.remove(die)
            left.remove(distance - die)
            return [Move(src, src - die), Move(src - die, dst)]
    return [Move(src, dst)]
