"""A tables game for the one game loop (:mod:`tablier.play.game_loop`), and its players' seats.

:class:`TurnGame` plays any tables game through its :class:`~tablier.tables.turn.Turn` (made by
``variant.new_turn()``): chance throws while the turn awaits the opening throw or a throw, the side
to act plays, and the words of the table are what :meth:`Turn.choices <tablier.tables.turn.Turn.choices>`
offers each side. Nothing of a game's own flow is read: Jacquet de Versailles' dice handed over,
Jacquet's deciding throw, the cube and Ticktack's vies and claims all come through the turn.

A seat (:class:`TablesSeat`) says its words by :func:`word_for` and a :class:`Judge` (the engine's
for the computer, :class:`ThumbJudge`'s rules of thumb for the built-in players) and chooses its
plays among the turn's legal ones. The computer at the board (:mod:`.seat`), the built-in hands
(:mod:`.hands`) and ``tablier selfplay`` ask the same functions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from tablier.engines import find_level, tables_engine
from tablier.engines.cube import CubeState, MatchStanding
from tablier.engines.levels import Level
from tablier.tables.catalog import make_variant
from tablier.tables.moves import Dice, Play
from tablier.tables.players import score
from tablier.tables.turn import (
    ACCEPT,
    ANSWER,
    CLAIM,
    CONCEDE,
    DOUBLE,
    DROP,
    KEEP,
    OPENING,
    OVER,
    RESIGN,
    SEE,
    TAKE,
    THROW,
    VIE,
    WHY_NOT,
    YIELD,
    Turn,
)
from tablier.tables.variant import Variant

from ..computer_rules import cube_answer, cube_offer, keeps_throw, vie_answer, wants_vie
from ..game_loop import CHANCE, MOVE, OPENING_THROW, Action, IllegalActionError, MatchPlan
from ..game_loop import THROW as THROW_ACTION

#: The words every game takes until it is over: no seat here says them unasked.
ALWAYS = (RESIGN, CONCEDE)
MAX_ACTIONS = 6000
"""A tables game still going after this many actions is scored a draw (none comes near it)."""


def cube_state(turn: Turn) -> CubeState:
    """The doubling cube of a tables game as the cube's engine reads it (centred at 1 without one)."""
    cube = turn.cube
    return CubeState(cube[0], cube[1]) if cube is not None else CubeState()


class Judge(Protocol):
    """How a player weighs the words of the table."""

    def doubles(self, turn: Turn) -> bool:
        """Whether the side to throw doubles now."""
        ...

    def takes(self, turn: Turn, side: int) -> bool:
        """Whether ``side``, doubled, takes."""
        ...

    def vies(self, turn: Turn) -> bool:
        """Whether the side to throw vies (Ticktack)."""
        ...

    def sees(self, turn: Turn, side: int) -> bool:
        """Whether ``side``, vied, sees the vie."""
        ...


@dataclass(frozen=True)
class EngineJudge:
    """The computer's judgement (:mod:`tablier.play.computer_rules`): the cube by the cube's engine,
    the vies by the chance of a win at once."""

    variant: Variant
    level: Level
    standing: MatchStanding = field(default_factory=MatchStanding)

    def doubles(self, turn: Turn) -> bool:
        """The cube's engine offers the cube."""
        return cube_offer(self.variant, turn.position, cube_state(turn), self.standing, self.level)

    def takes(self, turn: Turn, side: int) -> bool:
        """The cube's engine takes."""
        doubler = turn.position.with_turn(1 - side)
        return cube_answer(self.variant, doubler, cube_state(turn), self.standing, self.level)

    def vies(self, turn: Turn) -> bool:
        """The throw to come wins at once more often than not."""
        return wants_vie(turn.variant, turn.position)

    def sees(self, turn: Turn, side: int) -> bool:
        """The thrower wins at once no more often than not."""
        return vie_answer(turn.variant, turn.position, side)


class ThumbJudge:
    """The built-in players' judgement: never double nor vie, always take and see."""

    def doubles(self, turn: Turn) -> bool:
        """Never."""
        return False

    def takes(self, turn: Turn, side: int) -> bool:
        """Always."""
        return True

    def vies(self, turn: Turn) -> bool:
        """Never."""
        return False

    def sees(self, turn: Turn, side: int) -> bool:
        """Always."""
        return True


def word_for(turn: Turn, side: int, judge: Judge) -> tuple[str, str] | None:
    """The word of the table ``side`` says now (with its argument), by ``judge``; None: nothing.
    A missed win is called, a double or a vie answered, a lesser claim let stand; the side to throw
    doubles, vies or keeps a deciding throw first; a win of the throw is claimed, the best one."""
    choices = turn.choices(side)
    if WHY_NOT in choices:
        return WHY_NOT, ""
    if TAKE in choices:
        return (TAKE if judge.takes(turn, side) else DROP), ""
    if SEE in choices:
        return (SEE if judge.sees(turn, side) else YIELD), ""
    if ACCEPT in choices:
        return ACCEPT, ""
    if side != turn.turn:
        return None
    if DOUBLE in choices and judge.doubles(turn):
        return DOUBLE, ""
    if VIE in choices and judge.vies(turn):
        return VIE, ""
    kept = turn.throw_to_keep() if KEEP in choices else None
    if kept is not None and keeps_throw(kept):
        return KEEP, ""
    if CLAIM in choices and turn.dice is not None:
        wins = turn.variant.wins(turn.position, turn.dice)
        if wins:
            return CLAIM, wins[0].name
    return None


def engine_play(turn: Turn, plays: list[Play], level: Level) -> Play:
    """The computer's play among ``plays`` (the turn's legal ones): the engine's best for the throw;
    for a part of it (dice handed over, which the engine does not rank) the best by the rules of
    thumb."""
    if plays == [()] or turn.dice is None:
        return ()
    ranked = tables_engine(turn.variant).rank(turn.position, turn.dice, level)
    chosen = next((candidate.move for candidate in ranked if candidate.move in plays), None)
    if chosen is None:
        variant, side = turn.variant, turn.position.turn
        return max(plays, key=lambda play: score(variant, variant.after(turn.position, play), side))
    return chosen


def thumb_play(name: str, variant: Variant, turn: Turn, plays: list[Play], rng: random.Random) -> Play:
    """A built-in player's play among ``plays``: ``random`` any, ``greedy`` the best by the rules of
    thumb (:func:`tablier.tables.players.score`; ties broken at random)."""
    if name == "random":
        return rng.choice(plays)
    shuffled = list(plays)
    rng.shuffle(shuffled)
    side = turn.position.turn
    return max(shuffled, key=lambda play: score(variant, variant.after(turn.position, play), side))


class TurnGame:
    """A tables game as the loop plays it: a :class:`~tablier.play.game_loop.Game` over a turn."""

    def __init__(self, turn: Turn) -> None:
        self.turn = turn

    def to_act(self) -> int | None:
        """Chance while a throw is awaited; the answering side; the side to play; None once over."""
        awaiting = self.turn.awaiting
        if awaiting is OVER:
            return None
        if awaiting in (OPENING, THROW):
            return CHANCE
        return self.turn.answering() if awaiting is ANSWER else self.turn.turn

    def speakers(self) -> tuple[int, ...]:
        """The sides with a word to say now (a side with "Why not?" to say first)."""
        sides = [side for side in (0, 1) if set(self.turn.choices(side)) - set(ALWAYS)]
        return tuple(sorted(sides, key=lambda side: WHY_NOT not in self.turn.choices(side)))

    def chance(self, rng: random.Random) -> Action[Play]:
        """The opening throw (one die a side) or the throw awaited."""
        kind = OPENING_THROW if self.turn.awaiting is OPENING else THROW_ACTION
        return Action(CHANCE, kind, dice=(rng.randint(1, 6), rng.randint(1, 6)))

    def apply(self, action: Action[Play]) -> None:
        """A throw, a play, or a word of the table, as the turn takes them."""
        turn, move = self.turn, action.move
        if action.kind == OPENING_THROW:
            turn.cast_opening(*action.dice)
        elif action.kind == THROW_ACTION:
            turn.throw(Dice(*action.dice))
        elif action.kind == MOVE:
            if action.actor != turn.turn or move not in turn.legal_plays():
                raise IllegalActionError(f"{move} is not a legal play of {turn.dice} in {turn.position}")
            turn.play(move)
        elif action.kind in turn.choices(action.actor):
            turn.command(action.actor, action.kind, action.argument)
        else:
            raise IllegalActionError(f"side {action.actor} may not say {action.line!r} now")

    def result(self) -> tuple[int | None, float]:
        """The winner and his points (the cube and the stakes counted)."""
        outcome = self.turn.outcome
        return (outcome.winner, outcome.points) if outcome is not None and outcome.points else (None, 0)


class TablesSeat:
    """A player at a tables game: his words by ``judge``, his plays by ``choose``."""

    def __init__(self, judge: Judge, choose: PlayChooser) -> None:
        self.judge = judge
        self.choose = choose

    def speak(self, game: TurnGame, side: int) -> Action[Play] | None:
        """The word :func:`word_for` finds."""
        word = word_for(game.turn, side, self.judge)
        return None if word is None else Action(side, word[0], argument=word[1])

    def act(self, game: TurnGame, side: int) -> Action[Play]:
        """The answer asked of him, or his play."""
        word = word_for(game.turn, side, self.judge)
        if word is not None:
            return Action(side, word[0], argument=word[1])
        turn = game.turn
        return Action(side, MOVE, move=self.choose(turn, turn.legal_plays()))


class PlayChooser(Protocol):
    """How a player chooses his play among the turn's legal ones."""

    def __call__(self, turn: Turn, plays: list[Play]) -> Play:
        ...


def seat_for(spec: str, variant: Variant, rng: random.Random) -> TablesSeat:
    """The seat of the player ``spec`` (``computer[:LEVEL]``, ``greedy``, ``random``) at ``variant``."""
    name, _, level_text = spec.partition(":")
    if name == "computer":
        tables_engine(variant)  # the engine is there, or what to install
        level = find_level(level_text or None)
        return TablesSeat(EngineJudge(variant, level), lambda turn, plays: engine_play(turn, plays, level))
    return TablesSeat(ThumbJudge(), lambda turn, plays: thumb_play(name, variant, turn, plays, rng))


def match_plan(name: str, options: dict[str, str] | None, specs: tuple[str, str],
               rng: random.Random) -> MatchPlan[TurnGame]:
    """The games of ``tablier selfplay`` at the tables game ``name``: each by ``variant.new_turn()``,
    from the opening throw, the cube in play where the game's options have it."""
    variant = make_variant(name, options)
    seats = (seat_for(specs[0], variant, rng), seat_for(specs[1], variant, rng))
    return MatchPlan(lambda: TurnGame(variant.new_turn()), seats, MAX_ACTIONS)
