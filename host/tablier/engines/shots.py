"""Shots in plain numbers: how many of the adversary's 36 throws hit one of my lone men.

The teacher speaks of shots with real counts, not with the evaluation's weighted ``blots`` term (a
lone man counting 1 when he is within six of an adversary man, 0.5 within twelve): for each of the
adversary's 21 throws (a doublet once in 36, the others twice) the rules core lists his legal plays
(:meth:`~tablier.tables.rules.Rules.plays`), and the throw hits when one of them hits (in
Plakoto: pins). The rules decide everything a shot table leaves out: points blocked on the way, his
men on the bar entering first, a throw that must be played another way. In Ticktack the adversary's
threats are the throws that give him a win (:func:`winning_throws`). A count costs the 21 plays'
lists of one position (about a millisecond in Backgammon), so it is made for the words only.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablier.tables.moves import ALL_ROLLS
from tablier.tables.position import Position
from tablier.tables.rules import Rules


@dataclass(frozen=True)
class Shots:
    """The adversary's shots at one side's lone men: ``throws`` of his 36 that hit at least one,
    and ``men``, the side's points (in his own numbering) of the lone men some throw hits."""

    throws: int
    men: tuple[int, ...]


def shots(variant: Rules, position: Position, side: int) -> Shots:
    """The adversary's shots at ``side``'s lone men in ``position``, the adversary to throw."""
    adversary = position.with_turn(1 - side)
    throws = 0
    men: set[int] = set()
    for dice in ALL_ROLLS:
        hit = {variant.opposite(move.dst) for play in variant.plays(adversary, dice)
               for move in play if move.hit}
        if hit:
            throws += 1 if dice.is_doublet else 2
            men |= hit
    return Shots(throws, tuple(sorted(men)))


def shots_words(variant: Rules, found: Shots) -> str:
    """``leaves 2 men he can hit (20 of his 36 throws hit)``; ``leaves no man he can hit``."""
    verb = "pin" if variant.pins else "hit"
    if not found.men:
        return f"leaves no man he can {verb}"
    count = len(found.men)
    men = "a man" if count == 1 else f"{count} men"
    return f"leaves {men} he can {verb} ({found.throws} of his 36 throws {verb})"


def winning_throws(variant: Rules, position: Position) -> int:
    """How many of the 36 throws of the side to move in ``position`` give him a win (Ticktack)."""
    return sum(1 if dice.is_doublet else 2 for dice in ALL_ROLLS if variant.wins(position, dice))


def threats_words(variant: Rules, position: Position) -> str:
    """``gives him a win with 8 of his 36 throws``; ``gives him no win on his next throw``."""
    throws = winning_throws(variant, position)
    if not throws:
        return "gives him no win on his next throw"
    return f"gives him a win with {throws} of his 36 throws"
