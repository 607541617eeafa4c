"""Judging the moves of a game played: each move's loss against the engine's best, the luck of each throw.

For every move with a choice the engine ranks the legal moves at the level asked, and the **loss**
is how much the best one scores above the one played, on the engine's own scale (equity for the
games GNU Backgammon plays, the aims' weighted sum for our tables engine, hundredths of a man in
draughts): never negative, 0 when the best move was played. Both moves are scored alike: a move the
engine's ranking did not look at deeply is looked at as deeply as the best before they are compared.
A loss is marked an **inaccuracy**, a **mistake** or a **blunder** by the thresholds of the game
(:func:`thresholds_for`).

The **luck** of a tables throw is what the throw rolled is worth to the side who threw it minus what
a throw is worth on average: each of the 21 throws is valued by its best play at a cheap level
(GNU Backgammon's 0-ply, our engine's one ply), weighted 1/36 for a doublet and 2/36 for the others.
Over a game, a player's luck sums his throws'.

Backgammon's **cube decisions** are judged as GNU Backgammon judges them (:class:`CubeJudge`): each
double, take and drop made, and each throw before which the side on roll should have doubled and
did not (a missed double), by :func:`~tablier.engines.cube.cube_decision` at the match score (or
money) with the Crawford rule. The loss is in normalized equity (+1 is what a pass gives the
doubler): a double costs the best of no double and double (the adversary answering right) minus
the double, a take or a drop the better answer minus the one given; marked by the same thresholds.

The module is pure: positions and moves in, :class:`MoveAnalysis` and :class:`GameAnalysis` out
(with their JSON form, ``docs/analysis.md``); reading records and storing analyses are the records'
business.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from tablier.draughts.core import Board
from tablier.draughts.core import Move as DraughtsMove
from tablier.shapes import Fail, number_of, object_of, text_of, whole_of
from tablier.tables.moves import ALL_ROLLS, Dice, Play
from tablier.tables.notation import format_play
from tablier.tables.position import Position

from . import DraughtsEngineType, TablesEngineType
from .cube import DOUBLE as PROPER_DOUBLE
from .cube import CubeDecision, CubeState, MatchStanding, cube_decision
from .levels import Level
from .profiles import (
    BACKGAMMON_THRESHOLDS,
    BLUNDER,
    INACCURACY,
    MARKS,
    MISTAKE,
    UNIT_DIGITS,
    Thresholds,
    profile,
)

DOUBLE, NO_DOUBLE, TAKE, DROP = "double", "no double", "take", "drop"
"""A cube decision as judged: what was done (or ``no double`` before a throw), and what was right
(also ``too good``: no double, play on for the gammon)."""


def thresholds_for(game: str) -> Thresholds:
    """The thresholds of the game named ``game`` (a catalogue name or a tables variant's name): its
    profile's."""
    return profile(game).thresholds


# --- the analysis of a move, of a game -------------------------------------------------------------


@dataclass(frozen=True)
class MoveAnalysis:
    """One move judged: ``number`` is the action's number in its game (as in the text record),
    ``played`` and ``best`` the moves in notation, ``loss`` the best's score minus the played
    move's (0 when the best was played, or when there was no choice: ``choices`` legal moves),
    ``mark`` its :class:`Thresholds` mark, ``luck`` the throw's luck (tables games, else ``None``)."""

    number: int
    side: int
    played: str
    best: str
    loss: float
    mark: str
    choices: int
    luck: float | None = None

    def as_dict(self) -> dict[str, Any]:
        """The JSON form (``docs/analysis.md``)."""
        data: dict[str, Any] = {"number": self.number, "side": self.side, "played": self.played,
                                "best": self.best, "loss": self.loss, "mark": self.mark,
                                "choices": self.choices}
        if self.luck is not None:
            data["luck"] = self.luck
        return data

    @classmethod
    def from_dict(cls, data: Any) -> MoveAnalysis:
        """Read back :meth:`as_dict`'s form; ``ValueError`` naming the field if it is not one."""
        item = _obj(data, "a move")
        luck = item.get("luck")
        mark = _text(item.get("mark", ""), "mark")
        if mark and mark not in MARKS:
            raise ValueError(f"mark {mark!r} is not one of {', '.join(MARKS)}")
        return cls(number=_int(item.get("number"), "number"), side=_int(item.get("side"), "side"),
                   played=_text(item.get("played"), "played"), best=_text(item.get("best"), "best"),
                   loss=_float(item.get("loss"), "loss"), mark=mark,
                   choices=_int(item.get("choices", 0), "choices"),
                   luck=None if luck is None else _float(luck, "luck"))


@dataclass(frozen=True)
class PlayerSummary:
    """One side's figures over a game: ``moves`` the moves he had a choice in, ``mean_loss`` their
    average loss (the error rate), how many were marked each way, and his throws' luck summed
    (``None`` in draughts)."""

    side: int
    moves: int
    total_loss: float
    inaccuracies: int
    mistakes: int
    blunders: int
    luck: float | None
    cube_decisions: int = 0
    """Backgammon: the cube decisions judged (doubles, takes, drops, missed doubles)."""
    cube_loss: float = 0.0
    cube_errors: int = 0
    """The cube decisions marked (an inaccuracy or worse)."""

    @property
    def mean_loss(self) -> float:
        """The error rate: the mean loss per move with a choice (0 when there was none)."""
        return self.total_loss / self.moves if self.moves else 0.0

    def as_dict(self) -> dict[str, Any]:
        """The JSON form (``docs/analysis.md``)."""
        data: dict[str, Any] = {
            "side": self.side, "moves": self.moves, "total_loss": round(self.total_loss, 4),
            "mean_loss": round(self.mean_loss, 4), "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes, "blunders": self.blunders,
            "luck": None if self.luck is None else round(self.luck, 4)}
        if self.cube_decisions:
            data.update(cube_decisions=self.cube_decisions, cube_loss=round(self.cube_loss, 4),
                        cube_errors=self.cube_errors)
        return data


@dataclass(frozen=True)
class GameAnalysis:
    """A game's moves judged by ``engine`` at ``level``, with the ``thresholds`` used; ``cube`` the
    cube decisions judged (Backgammon), each numbered as the action it judges (a missed double as
    the play whose throw followed it)."""

    game: str
    engine: str
    level: int
    thresholds: Thresholds
    moves: tuple[MoveAnalysis, ...]
    cube: tuple[MoveAnalysis, ...] = ()

    def of_action(self, number: int) -> MoveAnalysis | None:
        """The judgement of the game's action ``number``: its move, or its cube action (a double, a
        take, a drop); ``None``: not an action judged."""
        for move in self.moves + self.cube:
            if move.number == number:
                return move
        return None

    def missed_double(self, number: int) -> MoveAnalysis | None:
        """The missed double before the throw of the play ``number``, if it was one."""
        return next((c for c in self.cube if c.number == number and c.played == NO_DOUBLE), None)

    def players(self) -> tuple[PlayerSummary, PlayerSummary]:
        """Each side's figures (side 0, side 1)."""
        return summarise(self.moves, 0, self.cube), summarise(self.moves, 1, self.cube)

    def as_dict(self) -> dict[str, Any]:
        """The JSON form (``docs/analysis.md``)."""
        thresholds = self.thresholds
        data: dict[str, Any] = {
            "game": self.game, "engine": self.engine, "level": self.level, "unit": thresholds.unit,
            "thresholds": {INACCURACY: thresholds.inaccuracy, MISTAKE: thresholds.mistake,
                           BLUNDER: thresholds.blunder},
            "moves": [move.as_dict() for move in self.moves]}
        if self.cube:  # Backgammon's cube decisions, when there were some
            data["cube"] = [decision.as_dict() for decision in self.cube]
        data["summary"] = [player.as_dict() for player in self.players()]
        return data

    @classmethod
    def from_dict(cls, data: Any) -> GameAnalysis:
        """Read back :meth:`as_dict`'s form; ``ValueError`` naming the field if it is not one
        (``summary`` is worked out again from the moves)."""
        top = _obj(data, "an analysis")
        limits = _obj(top.get("thresholds"), "thresholds")
        inaccuracy, mistake, blunder = (_float(limits.get(mark), mark) for mark in MARKS)
        thresholds = Thresholds(inaccuracy, mistake, blunder, _text(top.get("unit"), "unit"))
        moves, cube = top.get("moves"), top.get("cube", [])  # an analysis stored before cubes: none
        if not isinstance(moves, list) or not isinstance(cube, list):
            raise ValueError("moves and cube should be lists")
        return cls(game=_text(top.get("game"), "game"), engine=_text(top.get("engine"), "engine"),
                   level=_int(top.get("level"), "level"), thresholds=thresholds,
                   moves=tuple(MoveAnalysis.from_dict(move) for move in moves),
                   cube=tuple(MoveAnalysis.from_dict(decision) for decision in cube))


def summarise(moves: tuple[MoveAnalysis, ...] | list[MoveAnalysis], side: int,
              cube: tuple[MoveAnalysis, ...] = ()) -> PlayerSummary:
    """``side``'s figures over ``moves`` (only moves with a choice count towards the error rate) and
    his ``cube`` decisions."""
    mine = [move for move in moves if move.side == side]
    judged = [move for move in mine if move.choices > 1]
    lucks = [move.luck for move in mine if move.luck is not None]
    decisions = [decision for decision in cube if decision.side == side]
    return PlayerSummary(side=side, moves=len(judged), total_loss=sum(move.loss for move in judged),
                         inaccuracies=sum(move.mark == INACCURACY for move in judged),
                         mistakes=sum(move.mark == MISTAKE for move in judged),
                         blunders=sum(move.mark == BLUNDER for move in judged),
                         luck=sum(lucks) if lucks else None, cube_decisions=len(decisions),
                         cube_loss=sum(decision.loss for decision in decisions),
                         cube_errors=sum(bool(decision.mark) for decision in decisions))


# --- in words -------------------------------------------------------------------------------------

MARK_GLYPHS = {INACCURACY: "?!", MISTAKE: "?", BLUNDER: "??"}
"""The annotators' signs for each mark (as in PDN and chess commentary)."""


def amount(value: float, unit: str, signed: bool = False) -> str:
    """``value`` written with the decimals its unit needs (3 for equity, 1 for evaluation points,
    none for hundredths of a man or plies)."""
    digits = UNIT_DIGITS.get(unit, 0)
    text = f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
    if float(text) == 0:  # no "-0.000"
        text = text.replace("-", "+" if signed else "")
    return text


def describe_move(move: MoveAnalysis, unit: str) -> str:
    """The judgement of a move in a few words: ``luck +0.120; loss 0.213 ?? blunder, better 13/8 6/5``."""
    parts = [] if move.luck is None else [f"luck {amount(move.luck, unit, signed=True)}"]
    if move.choices <= 1:
        parts.append("forced")
    else:
        text = f"loss {amount(move.loss, unit)}"
        if move.mark:
            text += f" {MARK_GLYPHS[move.mark]} {move.mark}, better {move.best}"
        parts.append(text)
    return "; ".join(parts)


def describe_player(summary: PlayerSummary, unit: str) -> str:
    """A side's figures in one line: moves, error rate, marks, luck."""
    def count(number: int, word: str) -> str:
        return f"{number} {word}{'s' * (number != 1)}"

    text = (f"{count(summary.moves, 'move')} with a choice, error rate {amount(summary.mean_loss, unit)}"
            f" a move, {count(summary.blunders, 'blunder')}, {count(summary.mistakes, 'mistake')}, "
            f"{count(summary.inaccuracies, 'inaccuracy').replace('inaccuracys', 'inaccuracies')}")
    if summary.luck is not None:
        text += f", luck {amount(summary.luck, unit, signed=True)}"
    if summary.cube_decisions:
        text += (f"; cube: {count(summary.cube_decisions, 'decision')}, {count(summary.cube_errors, 'error')}"
                 f", loss {amount(summary.cube_loss, unit)}")
    return text


ENGINE_NAMES = {"gnubg": "GNU Backgammon", "expectimax": "expectimax over the throws",
                "alpha-beta": "alpha-beta search", "solver": "the exact solver"}


def describe_analysis(analysis: GameAnalysis) -> str:
    """Which engine judged, at which level, in which unit, with which thresholds."""
    limits = analysis.thresholds
    unit = limits.unit
    return (f"{ENGINE_NAMES.get(analysis.engine, analysis.engine)}, level {analysis.level}; losses in "
            f"{unit} (inaccuracy from {amount(limits.inaccuracy, unit)}, mistake from "
            f"{amount(limits.mistake, unit)}, blunder from {amount(limits.blunder, unit)})")


# --- tables games ----------------------------------------------------------------------------------


class TablesJudge:
    """Judges the plays of one tables variant with its engine at one level."""

    def __init__(self, engine: TablesEngineType, level: Level) -> None:
        self.engine = engine
        self.variant = engine.variant
        # untimed: the same judgement however busy the machine
        self.level = replace(engine.analysis_level(level), seconds=math.inf)
        self.thresholds = thresholds_for(engine.variant.name)

    def judge(self, number: int, position: Position, dice: Dice, played: Play) -> MoveAnalysis:
        """The play ``played`` of ``dice`` by the side to move in ``position``, judged, with the
        throw's luck."""
        variant = self.variant
        plays = variant.plays(position, dice)
        luck = round(self.luck(position, dice), 4)
        text = format_play(played)
        if len(plays) <= 1:
            return MoveAnalysis(number, position.turn, text, text, 0.0, "", len(plays), luck)
        ranked = self.engine.rank(position, dice, self.level)
        best = ranked[0]
        played_after = variant.after(position, played)
        played_score = next((candidate.score for candidate in ranked[:self._deepened(len(ranked))]
                             if variant.after(position, candidate.move) == played_after), None)
        if played_score is None:
            played_score = self.deep_score(position, played)
        loss = self.thresholds.rounded(best.score - played_score)
        best_text = format_play(best.move) if loss > 0 else text
        return MoveAnalysis(number, position.turn, text, best_text, loss, self.thresholds.mark(loss),
                            len(plays), luck)

    def _deepened(self, count: int) -> int:
        """How many of the ranking's first plays were scored at the level's full depth."""
        return self.engine.deepened(count, self.level)

    def deep_score(self, position: Position, play: Play) -> float:
        """The score the engine's ranking gives ``play`` when it looks at it at the level's depth."""
        return self.engine.deep_score(position, play, self.level)

    def throw_value(self, position: Position, dice: Dice) -> float:
        """What ``dice`` are worth to the side to move: his best play's score at a cheap level
        (a win the throw lets him claim: the win's value)."""
        return self.engine.throw_value(position, dice)

    def luck(self, position: Position, dice: Dice) -> float:
        """The value of ``dice`` minus the average value of the 21 throws, for the side to move."""
        values = {roll: self.throw_value(position, roll) for roll in ALL_ROLLS}
        average = sum((1 if roll.is_doublet else 2) * value for roll, value in values.items()) / 36
        return values[Dice(dice.high, dice.low)] - average

    def engine_name(self) -> str:
        """The engine's name as the analysis records it."""
        return self.engine.name


# --- Backgammon's cube ----------------------------------------------------------------------------


class CubeJudge:
    """Judges the cube decisions of one Backgammon game at one level and one match standing."""

    def __init__(self, level: Level, match: MatchStanding) -> None:
        self.level = level
        self.match = match
        self.thresholds = BACKGAMMON_THRESHOLDS

    def decide(self, position: Position, cube: CubeState) -> CubeDecision:
        """The right decision of ``position.turn`` before his throw, the cube as it is."""
        return cube_decision(position, cube, self.match, self.level)

    def doubling(self, number: int, position: Position, cube: CubeState, doubled: bool,
                 ) -> tuple[MoveAnalysis | None, CubeDecision]:
        """The side on roll in ``position`` doubled (``doubled``) or threw without doubling (action
        ``number``): the judgement (None for a no double that was right) and the decision, which
        judges the answer to a double too."""
        decision = self.decide(position, cube)
        equities = decision.equities
        no_double = equities["no double"]
        double = min(equities["double, take"], equities["double, pass"])  # the adversary answers right
        proper = DOUBLE if decision.action == PROPER_DOUBLE else decision.action
        loss = self.thresholds.rounded(max(no_double, double) - (double if doubled else no_double))
        if not doubled and (proper != DOUBLE or not loss):
            return None, decision
        return self._judged(number, position.turn, DOUBLE if doubled else NO_DOUBLE, proper, loss), decision

    def answer(self, number: int, side: int, decision: CubeDecision, took: bool) -> MoveAnalysis:
        """``side`` took (``took``) or dropped the double judged by ``decision`` (action ``number``)."""
        take, drop = -decision.equities["double, take"], -decision.equities["double, pass"]
        loss = self.thresholds.rounded(max(take, drop) - (take if took else drop))
        return self._judged(number, side, TAKE if took else DROP, TAKE if decision.take else DROP, loss)

    def _judged(self, number: int, side: int, played: str, proper: str, loss: float) -> MoveAnalysis:
        mark = self.thresholds.mark(loss)
        return MoveAnalysis(number, side, played, proper if loss > 0 else played, loss, mark, 2)


# --- draughts --------------------------------------------------------------------------------------


class DraughtsJudge:
    """Judges the moves of one draughts variant with its engine at one level."""

    def __init__(self, engine: DraughtsEngineType, game: str, level: Level) -> None:
        self.engine = engine
        self.level = level
        self.thresholds = thresholds_for(game)

    def judge(self, number: int, board: Board, played: DraughtsMove) -> MoveAnalysis:
        """The move ``played`` by the side to move on ``board``, judged (the board is left as it was)."""
        side = int(board.turn)
        moves = board.legal_moves()
        text = str(played)
        if len(moves) <= 1:
            return MoveAnalysis(number, side, text, text, 0.0, "", len(moves))
        ranked = self.engine.rank(board, self.level)
        best = ranked[0]
        played_score = next(candidate.score for candidate in ranked if candidate.move == played)
        loss = self.thresholds.rounded(min(best.score - played_score, self.engine.loss_cap))
        best_text = str(best.move) if loss > 0 else text
        return MoveAnalysis(number, side, text, best_text, loss, self.thresholds.mark(loss), len(moves))

    def engine_name(self) -> str:
        """The engine's name as the analysis records it."""
        return self.engine.name


# --- reading the JSON form ----------------------------------------------------------------------


def _should(where: str) -> Fail:
    return lambda wanted: ValueError(f"{where} should be {wanted}")


def _obj(value: Any, where: str) -> dict[str, Any]:
    return object_of(value, _should(where))


def _text(value: Any, where: str) -> str:
    return text_of(value, _should(where))


def _int(value: Any, where: str) -> int:
    return whole_of(value, _should(where))


def _float(value: Any, where: str) -> float:
    return number_of(value, _should(where))
