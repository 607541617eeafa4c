"""The engines' numbers turned into a short sentence a newcomer follows.

Shots are said in real numbers: the lone men the adversary can hit and how many of his 36 throws
do (:mod:`.shots`), and in Ticktack how many of his throws win; the evaluation's own ``blots`` and
``their_wins`` terms only choose whether they are worth saying.
"""

from __future__ import annotations

from collections.abc import Callable

from tablier.tables.position import Position
from tablier.tables.rules import Rules

from .shots import shots, shots_words, threats_words
from .tables_terms import weights_for


def _pips(value: float) -> str:
    return f"{abs(int(value))} pip{'s' * (abs(int(value)) != 1)}"


_PHRASES: dict[str, Callable[[float], str]] = {
    "race": lambda v: (f"leaves you {_pips(v)} ahead in the race" if v > 0
                       else f"leaves you {_pips(v)} behind in the race" if v < 0 else "keeps the race level"),
    "off": lambda v: f"{'you' if v > 0 else 'he'} will have borne off {abs(int(v))} more",
    "blocks": lambda v: f"holds {int(v)} point{'s' * (v != 1)} in his way",
    "prime": lambda v: f"builds a wall of {int(v)} point{'s' * (v != 1)} in a row",
    "bar": lambda v: (f"keeps {int(v)} of his men on the bar" if v > 0
                      else f"leaves {int(-v)} of yours on the bar"),
    "postillon": lambda v: f"brings the leading man {int(v)} points on",
    "pins": lambda v: (f"pins {int(v)} more of his men than he pins of yours" if v > 0
                       else f"leaves {int(-v)} more of your men pinned than his"),
    "mother": lambda v: ("threatens his mother" if v > 0 else "leaves your mother in danger"),
    "count": lambda v: (f"the men left, counted by table as the race stands, are worth {abs(v):.1f} points "
                        f"to {'you' if v > 0 else 'him'}" if abs(v) >= 0.5
                        else "leaves the count of men left even"),
}
COUNTED = ("blots", "their_wins")
"""The terms said by counting the adversary's throws in the position (:func:`aim_words`)."""


def aim_words(variant: Rules, name: str, value: float, after: Position, side: int) -> str:
    """The aim ``name`` (an evaluation term whose value is ``value`` for ``side``) in words, for the
    position ``after`` the play; shots counted on ``after`` itself."""
    if name == "blots":
        return shots_words(variant, shots(variant, after, side))
    if name == "their_wins":
        return threats_words(variant, after)
    return _PHRASES[name](value)


def tables_why(variant: Rules, terms: dict[str, float], after: Position, side: int) -> str:
    """A sentence from the aims' terms for ``side`` in the position ``after`` his play: the two that
    weigh most in this position."""
    if "won" in terms:
        return "wins the game" if terms["won"] > 0 else "loses the game"
    weights = weights_for(variant)
    weighed = sorted(((abs(weights.get(name, 0.0) * value), name, value) for name, value in terms.items()
                      if value and (name in _PHRASES or name in COUNTED)), reverse=True)
    parts = [aim_words(variant, name, value, after, side) for _, name, value in weighed[:2]]
    if not parts:
        return "a quiet play: nothing changes much"
    return "This play " + " and ".join(parts) + "."


def backgammon_why(terms: dict[str, float]) -> str:
    """A sentence from GNU Backgammon's numbers: winning chances and gammons after the play."""
    win = terms["win"] * 100
    gammon = terms["win_gammon"] * 100
    lose_gammon = terms["lose_gammon"] * 100
    sentence = f"You win {win:.0f}% of games after this play"
    extras = []
    if gammon >= 1:
        extras.append(f"{gammon:.0f}% with a gammon")
    if lose_gammon >= 1:
        extras.append(f"{lose_gammon:.0f}% are lost with a gammon")
    if extras:
        sentence += " (" + "; ".join(extras) + ")"
    return sentence + "."


def draughts_why(terms: dict[str, float]) -> str:
    """A sentence from the draughts engine's numbers: material, mobility and the move."""
    if "mate_in" in terms:
        plies = int(abs(terms["mate_in"]))
        return (f"Wins by force in {plies} move{'s' * (plies != 1)}." if terms["mate_in"] > 0
                else f"Loses by force within {plies} move{'s' * (plies != 1)}.")
    parts = []
    material = terms.get("material", 0.0)
    men = f"{abs(material):g} {'man' if abs(material) == 1 else 'men'}"
    if material > 0:
        parts.append(f"you stay {men} ahead")
    elif material < 0:
        parts.append(f"you stay {men} behind")
    else:
        parts.append("material stays even")
    mobility = terms.get("mobility", 0.0)
    if mobility:
        count = abs(int(mobility))
        more = "more" if mobility > 0 else "fewer"
        parts.append(f"you have {count} {more} move{'s' * (count != 1)} than him")
    if "the_move" in terms:
        parts.append("you have the move" if terms["the_move"] > 0 else "he has the move")
    return "After this move " + ", ".join(parts) + "."


def devil_why(terms: dict[str, float]) -> str:
    """A sentence from the solver's exact value."""
    plies = int(terms["plies"])
    moves = f"{plies} more move{'s' * (plies != 1)} (both sides counted)"
    if terms["wins"] > 0:
        return f"Wins with best play in {moves}."
    return f"Loses against best play, but holds out {moves}."
