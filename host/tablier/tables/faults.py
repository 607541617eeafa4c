"""Why a play is illegal, in the words of the rule it breaks.

:func:`explain_illegal` replays a proposed play step by step against the variant's rules and returns
the first rule it breaks ("the postillon must move until it reaches the home table"), or ``None`` if
the play is legal. A variant that adds rules on single steps names them with a ``step_fault(mine,
theirs, move) -> str | None`` method (Jacquet does); the common rules are named here.
"""

from __future__ import annotations

from collections.abc import Callable

from tablier.errors import IllegalMoveError

from .moves import Dice, Move, Play
from .position import BAR, OFF, Position
from .variant import Variant

StepFault = Callable[[list[int], list[int], Move], str | None]

EVERY_NUMBER_RULE = "every number that can be played must be played"
HIGHER_DIE_RULE = "when only one die can be played, it must be the higher"


def explain_illegal(variant: Variant, position: Position, dice: Dice, play: Play) -> str | None:
    """The rule ``play`` of ``dice`` breaks in ``position``, or ``None`` if it is a legal play."""
    legal = variant.plays(position, dice)
    target = variant.after(position, play) if _well_formed(play) else None
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


def check_play(variant: Variant, position: Position, dice: Dice, play: Play) -> None:
    """Raise :class:`IllegalMoveError` naming the broken rule unless ``play`` is legal."""
    fault = explain_illegal(variant, position, dice, play)
    if fault:
        raise IllegalMoveError(fault)


def _well_formed(play: Play) -> bool:
    return all(0 <= move.src <= BAR and 0 <= move.dst <= BAR and move.src > move.dst for move in play)


def _first_step_fault(variant: Variant, position: Position, dice: Dice, play: Play) -> str | None:
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
