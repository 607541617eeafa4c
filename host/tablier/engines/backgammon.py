"""The Backgammon engine: GNU Backgammon's neural-net evaluator through its PyPI binding ``gnubg``.

Why GNU Backgammon: it is the strongest free backgammon program, its evaluator ships inside the
wheel, and the project already checks its rules against it. It also serves Portes and Tavla, whose
moves are Backgammon's (Tavla's small differences are in our plays, which gnubg only evaluates).

gnubg's own ``findbestmoves`` cuts a play short at its first bear-off, so the engine never takes a
play from it: it evaluates the position each of *our* complete plays (``variant.plays``) leaves, at
the chosen ply, from the adversary's view, and turns it round. At a given ply this is the same
number ``findbestmoves`` gives each play; ``bench/bench_engines.py`` counts the agreement.

Cube decisions are :mod:`tablier.engines.cube`'s. gnubg is an optional extra:
``pip install 'tablier[engine]'``. It is imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from tablier.tables.moves import Dice, Play
from tablier.tables.position import Position
from tablier.tables.rules import Rules

from .candidates import Candidate
from .explain import backgammon_why
from .gnubg_net import GNUBG_PLIES, gnubg_board, load_gnubg, needs_main_thread
from .levels import DEFAULT_LEVEL, Level
from .profiles import GNUBG

if TYPE_CHECKING:
    from .cube import CubeDecision, CubeState, MatchStanding

DEEP_CANDIDATES: dict[int, int | None] = {1: 0, 2: None, 3: 5, 4: 12}
"""How many of the best plays at 0-ply are looked at again at the level's ply (None: all of them,
so that every play of level 2, the teacher's, is scored alike)."""


class BackgammonEngine:
    """Plays ranked by GNU Backgammon's equity (cubeless, money), best first."""

    name: ClassVar[str] = GNUBG
    """The engine's name, as an analysis records it."""
    judges_cube: ClassVar[bool] = True
    """Whether the engine decides the doubling cube (:meth:`cube_decision`)."""

    def __init__(self, variant: Rules) -> None:
        self.variant = variant
        self.gnubg = load_gnubg()

    def needs_main_thread(self, level: Level) -> bool:
        """Whether ranking at ``level`` must run on the main thread (:func:`needs_main_thread`)."""
        return needs_main_thread(level)

    def cube_decision(self, position: Position, cube: CubeState, match: MatchStanding,
                      level: Level) -> CubeDecision | None:
        """The cube decision of the side on roll before his throw
        (:func:`~tablier.engines.cube.cube_decision`)."""
        from .cube import cube_decision

        return cube_decision(position, cube, match, level)

    def analysis_level(self, level: Level) -> Level:
        """The level an analysis asked at ``level`` is made at: the same."""
        return level

    def deepened(self, count: int, level: Level) -> int:
        """How many of a ranking's first ``count`` plays were scored at ``level``'s full depth."""
        deep = DEEP_CANDIDATES[level.number]
        return count if GNUBG_PLIES[level.number] == 0 or deep is None else min(count, deep)

    def deep_score(self, position: Position, play: Play, level: Level) -> float:
        """The score a ranking at ``level`` gives ``play`` when it looks at it at full depth."""
        return round(self.play_terms(position, play, GNUBG_PLIES[level.number])["equity"], 4)

    def throw_value(self, position: Position, dice: Dice) -> float:
        """What ``dice`` are worth to the side to move: his best play's equity at 0-ply."""
        return self.rank_at_ply(position, dice, 0)[0].score

    def evaluate(self, position: Position, ply: int) -> tuple[float, ...]:
        """gnubg's six numbers for the side on roll: win, win gammon, win backgammon, lose gammon,
        lose backgammon, equity."""
        gnubg: Any = self.gnubg
        result: tuple[float, ...] = gnubg.evaluate(gnubg_board(position), gnubg.cubeinfo(),
                                                   gnubg.evalcontext(0, ply))
        return result

    def play_terms(self, position: Position, play: Play, ply: int) -> dict[str, float]:
        """The numbers for the mover after ``play``: winning chances, gammons and equity."""
        after = self.variant.after(position, play)
        outcome = self.variant.result(after)
        if outcome is not None:
            won = outcome.winner == position.turn
            return {"win": float(won), "win_gammon": float(won and outcome.points > 1),
                    "lose_gammon": float(not won and outcome.points > 1),
                    "equity": float(outcome.points if won else -outcome.points)}
        win, win_gammon, win_backgammon, lose_gammon, lose_backgammon, equity = self.evaluate(after, ply)
        return {"win": 1.0 - win, "win_gammon": lose_gammon, "win_backgammon": lose_backgammon,
                "lose_gammon": win_gammon, "lose_backgammon": win_backgammon, "equity": -equity}

    def rank_at_ply(self, position: Position, dice: Dice, ply: int,
                    deep: int | None = None) -> list[Candidate[Play]]:
        """Every legal play scored at 0-ply, the best ``deep`` of them (all if ``None``) again at
        ``ply``; best first."""
        plays = self.variant.plays(position, dice)
        scored = [(self.play_terms(position, play, 0), play) for play in plays]
        scored.sort(key=lambda entry: -entry[0]["equity"])
        if ply > 0 and len(scored) > 1:
            count = len(scored) if deep is None else deep
            top = [(self.play_terms(position, play, ply), play) for _, play in scored[:count]]
            top.sort(key=lambda entry: -entry[0]["equity"])
            scored = top + scored[count:]
        return [Candidate(play, round(terms["equity"], 4), terms, backgammon_why(terms))
                for terms, play in scored]

    def rank(self, position: Position, dice: Dice, level: Level = DEFAULT_LEVEL) -> list[Candidate[Play]]:
        """Every legal play of ``dice``, best first, scored with gnubg's equity at the level's ply."""
        return self.rank_at_ply(position, dice, GNUBG_PLIES[level.number], DEEP_CANDIDATES[level.number])

    def best(self, position: Position, dice: Dice, level: Level = DEFAULT_LEVEL) -> Play:
        """The engine's play of ``dice``: a member of ``variant.plays(position, dice)``."""
        return self.rank(position, dice, level)[0].move
