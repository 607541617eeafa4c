"""Jacquet de Versailles: Jacquet with doublets squared and every die of every throw used.

:class:`Versailles` is the variant (Jacquet with a doublet n-n giving n movements of n).
:class:`VersaillesGame` is the turn flow that makes every die count, a pure state machine (no I/O,
no randomness: the caller reports each throw):

* the lead throw (one die each) is the leader's first throw; a doublet on it makes both players
  play it and throw again for the lead;
* a die the thrower cannot use is played by the adversary (the thrower having played the higher if
  only one die could be played; if he could play neither, the adversary plays both);
* the last rule ("if the opponent cannot play the two dice without uncovering a point, he immediately
  takes the lead and rethrows the second die") as ``docs/versailles-reading.md`` reads it: an
  adversary handed both dice who cannot play them both without leaving a point of his empty plays
  none of them; his own turn begins at once, with the first (higher) die kept and the second thrown
  again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from tablier.errors import IllegalMoveError
from tablier.games import GameFacts, Option, RuleSection

from .faults import explain_illegal, play_is_well_formed
from .jacquet import (
    BEARING_OFF_SECTION,
    BOARD_SECTION,
    CLOSING_SECTION,
    MOVING_SECTION,
    POSTILLON_SECTION,
    RESULT_SECTION,
    Jacquet,
)
from .moves import Dice, Move, Play
from .notation import format_play
from .position import BLACK, OFF, SIDE_NAMES, WHITE, Position
from .rules import Result, Rules
from .turn import Awaiting, Outcome, Turn

LEAD = "lead"
LEAD_DOUBLET = "lead doublet"
TURN = "turn"
PASSED = "passed"

AWAIT_LEAD = "lead"
AWAIT_THROW = "throw"
AWAIT_SECOND = "rethrow second die"
AWAIT_PLAY = "play"
OVER = "over"


class Versailles(Jacquet):
    """Jacquet de Versailles: a doublet n-n gives n movements of n (squared, not doubled)."""

    name = "versailles"
    title = "Jacquet de Versailles"
    summary = ("Fast Jacquet: doublets squared (5-5 moves 25), every die used: a die one side cannot "
               "play goes to the other, the lead dice are the first throw.")
    aliases: ClassVar[tuple[str, ...]] = ("jacquet-de-versailles", "jacquet-rapide")
    OPTIONS: ClassVar[tuple[Option, ...]] = tuple(
        option for option in Jacquet.OPTIONS if option.name != "first_player")
    RULES: ClassVar[tuple[RuleSection, ...]] = (
        BOARD_SECTION,
        RuleSection("The lead", (
            "Each side throws one die. The higher thrower plays the two dice as his first throw.",
            "If the two dice are equal, both sides play that doublet (White first) and throw again "
            "for the lead.",
        )),
        MOVING_SECTION,
        RuleSection("Doublets", ("A doublet is squared: n-n gives n movements of n (5-5 moves 25).",)),
        RuleSection("Every die is used", (
            "A die the thrower cannot play is played by the adversary: if the thrower can play only "
            "one die he plays the higher if he can, and the adversary plays the other; if he can play "
            "neither, the adversary plays both. Numbers the adversary cannot play are lost.",
            "If the adversary handed both dice cannot play them both without leaving one of his "
            "points empty, he plays neither: his own turn begins at once, keeping the first (higher) "
            "die and throwing the second again (see docs/versailles-reading.md).",
        )),
        POSTILLON_SECTION, CLOSING_SECTION, BEARING_OFF_SECTION, RESULT_SECTION,
    )
    facts: ClassVar[GameFacts] = GameFacts(rests_between=True, hands_dice_over=True)

    def doublet_moves(self, die: int) -> int:
        """Doublets are squared: n-n gives n movements of n."""
        return die

    def new_turn(self, cube_allowed: bool | None = None, first: int | None = None,
                 position: Position | None = None) -> Turn:
        """A game by :class:`VersaillesGame`, from the lead throw."""
        return VersaillesGame(self, position)



def as_versailles(variant: Rules) -> Versailles:
    """``variant`` as Jacquet de Versailles, the one game that hands unused dice over (its facts'
    ``hands_dice_over``), for the engine and the matches that play its own flow; ``TypeError`` for
    any other game."""
    if not isinstance(variant, Versailles):
        raise TypeError(f"{variant.title} does not hand unused dice over as Jacquet de Versailles does")
    return variant


@dataclass(frozen=True)
class Duty:
    """Numbers a side must play now: ``steps`` (one per movement) from ``dice``, and why."""

    side: int
    steps: tuple[int, ...]
    dice: Dice
    why: str


class VersaillesGame(Turn):
    """The turn flow of Jacquet de Versailles over a :class:`Versailles` position, a
    :class:`~tablier.tables.turn.Turn`.

    ``state`` says what the game waits for: the lead throw (:meth:`throw_lead`), a side's throw
    (:meth:`throw`), the second die thrown again (:meth:`rethrow_second`), a play
    (:meth:`legal_plays`, :meth:`play`), or nothing (``over``; see :meth:`result`). ``position``
    has the side to act to move: the side of the duty being played, else the thrower.
    """

    variant: Versailles

    def __init__(self, variant: Versailles | None = None, position: Position | None = None,
                 thrower: int | None = None) -> None:
        """A game from the start (awaiting the lead throw), or from ``position`` with ``thrower`` to
        throw next when one is named (a position set up in the middle of a game)."""
        self.variant = variant if variant is not None else Versailles()
        self.duties: list[Duty] = []
        self.state = AWAIT_LEAD if thrower is None else AWAIT_THROW
        self.thrower = WHITE if thrower is None else thrower
        start = position if position is not None else self.variant.start_position(WHITE)
        self.position = start.with_turn(self.thrower)
        self.kept_die = 0
        self.history: list[tuple[Duty, Play]] = []

    @property
    def awaiting(self) -> Awaiting:
        """The lead throw, a throw (the second die again under the last rule), a play, or over."""
        if self.outcome is not None or self.state == OVER:
            return Awaiting.OVER
        if self.state == AWAIT_LEAD:
            return Awaiting.OPENING
        return Awaiting.PLAY if self.state == AWAIT_PLAY else Awaiting.THROW

    @property
    def dice(self) -> Dice | None:
        """The dice of the duty to play."""
        return self.duty.dice if self.state == AWAIT_PLAY else None

    def cast_opening(self, black: int, white: int) -> str:
        """The lead throw (:meth:`throw_lead`), in words."""
        self.throw_lead(white=white, black=black)
        return f"lead throw {black} and {white}: {self.duty.why} for {SIDE_NAMES[self.duty.side]}"

    # --- throws -----------------------------------------------------------------------------------

    def throw_lead(self, white: int, black: int) -> None:
        """Each side's die for the lead. Unequal: the higher thrower plays both dice as his first
        throw. Equal: both sides play the doublet (White first), then throw again for the lead."""
        self._expect(AWAIT_LEAD)
        if white == black:
            dice = Dice(white, black)
            steps = self.variant.dice_steps(dice)
            self.duties = [Duty(WHITE, steps, dice, LEAD_DOUBLET), Duty(BLACK, steps, dice, LEAD_DOUBLET)]
        else:
            leader = WHITE if white > black else BLACK
            dice = Dice(white, black) if leader == WHITE else Dice(black, white)
            self.duties = [Duty(leader, self.variant.dice_steps(dice), dice, LEAD)]
        self._next()

    def throw(self, dice: Dice) -> None:
        """The throw of the side whose turn it is (``thrower``); after the last rule, only its
        second die counts (:meth:`rethrow_second`)."""
        if self.state == AWAIT_SECOND:
            self.rethrow_second(dice.second)
            return
        self._expect(AWAIT_THROW)
        self.duties = [Duty(self.thrower, self.variant.dice_steps(dice), dice, TURN)]
        self._next()

    def rethrow_second(self, die: int) -> None:
        """The second die thrown again by the side that took the lead under the last rule."""
        self._expect(AWAIT_SECOND)
        dice = Dice(self.kept_die, die)
        self.duties = [Duty(self.thrower, self.variant.dice_steps(dice), dice, TURN)]
        self._next()

    # --- plays ------------------------------------------------------------------------------------

    @property
    def duty(self) -> Duty:
        """The numbers to be played now; ``LookupError`` when no play is awaited."""
        if self.state != AWAIT_PLAY:
            raise LookupError(f"no play is awaited (awaiting {self.state})")
        return self.duties[0]

    def legal_plays(self) -> list[Play]:
        """Every distinct legal play of the current duty."""
        duty = self.duty
        return _plays(self.variant, self.position.with_turn(duty.side), duty.steps)

    def play(self, play: Play) -> None:
        """Make ``play`` (checked against :meth:`legal_plays`; :class:`IllegalMoveError` naming the
        broken rule if it is not one) and move the flow on."""
        duty = self.duty
        mover = self.position.with_turn(duty.side)
        target = self.variant.after(mover, play) if play_is_well_formed(play) else None
        if target is None or all(self.variant.after(mover, legal) != target for legal in self.legal_plays()):
            fault = explain_illegal(self.variant, mover, duty.dice, play) if duty.why != PASSED else None
            numbers = "-".join(map(str, duty.steps))
            raise IllegalMoveError(fault or f"{format_play(play)} is not a legal play of {numbers} here")
        self.position = target
        self.history.append((duty, play))
        self.duties.pop(0)
        unused = _unused(duty.steps, play)
        other = 1 - duty.side
        result = self.variant.result(self.position)
        if result is not None:
            self.duties = []
            self.state = OVER
            self.outcome = Outcome(result.winner, result.kind, result.points)
            self.position = self.position.with_turn(self.thrower)
            return
        if duty.why in (LEAD, TURN) and unused:
            if len(unused) == len(duty.steps) and _must_uncover(self.variant, self.position, other, unused):
                self.thrower = other
                self.kept_die = duty.dice.high
                self.state = AWAIT_SECOND
                self.position = self.position.with_turn(other)
                return
            self.duties.insert(0, Duty(other, unused, duty.dice, PASSED))
        if duty.why == LEAD_DOUBLET and not self.duties:
            self.state = AWAIT_LEAD
            self.position = self.position.with_turn(WHITE)
            return
        if not self.duties:
            self.thrower = other if duty.why != PASSED else duty.side
            self.state = AWAIT_THROW
            self.position = self.position.with_turn(self.thrower)
            return
        self._next()

    def result(self) -> Result | None:
        """The result once a side has borne off every man."""
        return self.variant.result(self.position)

    # --- internals --------------------------------------------------------------------------------

    def _next(self) -> None:
        self.state = AWAIT_PLAY
        self.position = self.position.with_turn(self.duties[0].side)

    def _expect(self, state: str) -> None:
        if self.state != state:
            raise ValueError(f"the game awaits {self.state}, not {state}")


def _plays(variant: Versailles, position: Position, steps: tuple[int, ...]) -> list[Play]:
    """Every distinct legal play of the movements ``steps`` (any subset of a throw)."""
    return variant.plays_of_steps(position, steps)


def dice_used(steps: tuple[int, ...], play: Play) -> list[int]:
    """The numbers of ``steps`` that ``play`` used. A lone move that the higher number could make is
    put down to the higher (the higher die is the one a player must play when he can play one)."""
    left = Counter(steps)
    used: list[int] = []
    for move in sorted(play, key=_distance, reverse=True) if len(play) > 1 else play:
        die = _matching_die(move, left, prefer_high=len(play) == 1)
        left[die] -= 1
        used.append(die)
    return used


def _unused(steps: tuple[int, ...], play: Play) -> tuple[int, ...]:
    left = Counter(steps)
    left.subtract(dice_used(steps, play))
    return tuple(sorted(left.elements(), reverse=True))


def _distance(move: Move) -> int:
    return move.src - move.dst if move.dst != OFF else move.src


def _matching_die(move: Move, left: Counter[int], prefer_high: bool) -> int:
    distance = _distance(move)
    candidates = sorted((die for die, count in left.items() if count > 0), reverse=prefer_high)
    if move.dst != OFF:
        return distance
    if prefer_high:
        return next(die for die in candidates if die >= distance)
    return distance if left[distance] > 0 else next(die for die in candidates if die > distance)


def uncovers(before: Position, after: Position, side: int) -> bool:
    """Whether ``side`` held a point in ``before`` that stands empty in ``after``."""
    old, new = before.boards[side], after.boards[side]
    return any(old[point] and not new[point] for point in range(1, 25))


def _must_uncover(variant: Versailles, position: Position, side: int, steps: tuple[int, ...]) -> bool:
    """Whether ``side`` cannot play every one of ``steps`` without leaving a point of his empty."""
    mover = position.with_turn(side)
    return not any(len(play) == len(steps) and not uncovers(mover, variant.after(mover, play), side)
                   for play in _plays(variant, mover, steps))
