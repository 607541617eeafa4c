"""Computer opponents and teachers for every game: engines that rank the legal moves and say why.

* :class:`~tablier.engines.backgammon.BackgammonEngine`: GNU Backgammon's evaluator (Backgammon,
  Portes, Tavla), an optional extra (``pip install 'tablier[engine]'``);
* :class:`~tablier.engines.tables_search.TablesEngine`: our expectimax over the throws with each old
  game's aims (Jacquet, Spanish, Ticktack, Plakoto, Fevga, Long Nardy), and
  :class:`~tablier.engines.versailles_search.VersaillesEngine` with Jacquet de Versailles' turn flow
  (``rank_duty(game, level)`` for the duty a :class:`~tablier.tables.versailles.VersaillesGame`
  awaits: a throw, the lead, or dice handed over);
* :class:`~tablier.engines.draughts_search.DraughtsEngine`: alpha-beta on the bitboard core;
* :class:`~tablier.engines.devil.DevilEngine`: perfect play in Devil among the Tailors;
* :func:`~tablier.engines.cube.cube_decision`: Backgammon's doubling cube (money or a match, the
  Crawford rule), ``cube_decision(position, CubeState(value, owner), MatchStanding(length, score,
  crawford_game), level)`` for the side on roll before he throws.

A tables engine answers ``rank(position, dice, level)`` / ``best(position, dice, level)``, a draughts
engine ``rank(board, level)`` / ``best(board, level)``; every move returned is a member of the rules
core's own legal list. :func:`tables_engine` and :func:`draughts_engine` choose the engine of a game
by its profile (:mod:`tablier.engines.profiles`, one row a game). The package is pure: it imports
the rules cores and nothing of the board, the link, play or records.
"""

from __future__ import annotations

from tablier.draughts.core import Board
from tablier.tables.rules import Rules
from tablier.tables.versailles import as_versailles

from .backgammon import BackgammonEngine
from .candidates import Candidate, EngineUnavailableError
from .cube import CubeDecision, CubeState, MatchStanding, cube_decision
from .devil import DevilEngine
from .draughts_search import DraughtsEngine
from .levels import DEFAULT_LEVEL, LEVELS, Level, find_level
from .profiles import ALPHA_BETA, EXPECTIMAX, GNUBG, SOLVER, VERSAILLES, evaluator
from .tables_search import TablesEngine
from .versailles_search import VersaillesEngine

TablesEngineType = BackgammonEngine | TablesEngine | VersaillesEngine
DraughtsEngineType = DraughtsEngine | DevilEngine

DESCRIPTIONS = {
    GNUBG: "GNU Backgammon's neural-net evaluator",
    EXPECTIMAX: "expectimax over the throws",
    VERSAILLES: "expectimax over the throws",
    ALPHA_BETA: "alpha-beta search",
    SOLVER: "the exact solver of Devil among the Tailors",
}
"""Each engine in a few words, for a hint's title."""


def tables_engine(variant: Rules) -> TablesEngineType:
    """The engine for ``variant``; :class:`EngineUnavailableError` if gnubg is needed and missing."""
    kind = evaluator(variant.name, variant.facts, "tables")
    if kind == GNUBG:
        return BackgammonEngine(variant)
    if kind == VERSAILLES:
        return VersaillesEngine(as_versailles(variant))
    return TablesEngine(variant)


def draughts_engine(board_class: type[Board]) -> DraughtsEngineType:
    """The engine for a draughts variant (its board class)."""
    if evaluator(board_class.name, board_class.facts, "draughts") == SOLVER:
        return DevilEngine()
    return DraughtsEngine(board_class)


def describe(name: str) -> str:
    """One line naming the engine that plays the game ``name``."""
    from tablier.games import find_game

    game = find_game(name)
    return DESCRIPTIONS[evaluator(game.name, game.facts, game.family)]


__all__ = ["DEFAULT_LEVEL", "LEVELS", "BackgammonEngine", "Candidate", "CubeDecision", "CubeState",
           "DevilEngine", "DraughtsEngine", "EngineUnavailableError", "Level", "MatchStanding",
           "TablesEngine", "VersaillesEngine", "cube_decision", "draughts_engine", "find_level",
           "tables_engine"]
