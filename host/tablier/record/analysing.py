"""Analysing a record: every move of its games judged by the engine of its game (``docs/analysis.md``).

:func:`analyse_game` replays a game (:func:`~tablier.record.replay.replay_game`) and hands each
move, with the position it was made in, to the judge of :mod:`tablier.engines.analysis`: a tables
play with its two dice (a die handed over in Jacquet de Versailles is not judged: the engines rank
throws of two dice), a draughts move on the board as the game left it. In a Backgammon game played
with the cube, each double, take and drop is judged, and each throw before which the side on roll
should have doubled (:class:`~tablier.engines.analysis.CubeJudge`), at the game's match score (the
record's length and the game's score; the Crawford game is the first in which a side stands one
point short) or for money. Claims and vies are not judged. The result is a
:class:`~tablier.engines.analysis.GameAnalysis`, which the caller may keep on the game
(``GameRecord.analysis``) for the archive and the exports.
"""

from __future__ import annotations

from collections.abc import Callable

from tablier.engines import draughts_engine, tables_engine
from tablier.engines.analysis import CubeJudge, DraughtsJudge, GameAnalysis, MoveAnalysis, TablesJudge
from tablier.engines.cube import CubeDecision, CubeState, MatchStanding
from tablier.engines.levels import Level
from tablier.tables.moves import Dice
from tablier.tables.position import Position

from .game_record import DOUBLE, DRAUGHTS, DROP, MOVE, PLAY, TAKE, GameRecord, Record
from .replay import Step, draughts_board, play_of, replay_game, tables_variant


def judged_steps(record: Record, game: GameRecord, steps: list[Step] | None = None) -> list[Step]:
    """The steps of ``game`` that :func:`analyse_game` judges (for a progress count)."""
    steps = replay_game(record, game) if steps is None else steps
    if record.family == DRAUGHTS:
        return [step for step in steps if step.action.kind == MOVE]
    return [step for step in steps if step.action.kind == PLAY and len(step.action.dice) == 2
            and not step.action.handed]


def analyse_game(record: Record, game: GameRecord, level: Level,
                 on_move: Callable[[MoveAnalysis], None] | None = None) -> GameAnalysis:
    """Every move of ``game`` judged at ``level``; ``on_move`` is told of each one as it is done.
    :class:`~tablier.record.game_record.RecordError` if the game is not legal,
    :class:`~tablier.engines.EngineUnavailableError` if its engine is not installed."""
    steps = replay_game(record, game)
    judged = judged_steps(record, game, steps)
    moves: list[MoveAnalysis] = []
    cube: list[MoveAnalysis] = []
    if record.family == DRAUGHTS:
        board = draughts_board(record, game)
        draughts = DraughtsJudge(draughts_engine(type(board)), record.game, level)
        engine_name, thresholds, name = draughts.engine_name(), draughts.thresholds, record.game
        for step in judged:
            path = step.action.moves[0]
            move = next(legal for legal in board.legal_moves() if legal.path == tuple(path))
            moves.append(draughts.judge(step.number, board, move))
            board.push(move)
            if on_move is not None:
                on_move(moves[-1])
    else:
        variant = tables_variant(record, game)
        tables = TablesJudge(tables_engine(variant), level)
        engine_name, thresholds, name = tables.engine_name(), tables.thresholds, variant.name
        for step in judged:
            assert isinstance(step.before, Position)
            mover = step.before.with_turn(step.action.side)
            dice = Dice(step.action.dice[0], step.action.dice[1])
            moves.append(tables.judge(step.number, mover, dice, play_of(step.action)))
            if on_move is not None:
                on_move(moves[-1])
        cubed = bool(variant.options.get("cube")) or any(action.kind == DOUBLE for action in game.actions)
        if tables.engine.judges_cube and cubed:
            cube = judge_cube(steps, CubeJudge(tables.level, standing(record, game)), bool(game.start))
        level = tables.level  # our engine's level 4 is analysed at level 3
    return GameAnalysis(game=name, engine=engine_name, level=level.number, thresholds=thresholds,
                        moves=tuple(moves), cube=tuple(cube))


def standing(record: Record, game: GameRecord) -> MatchStanding:
    """The match standing ``game`` was played at: money when the record is no match; the Crawford
    game is the first of the record's games in which a side stands one point short."""
    length = record.match_length
    if not length:
        return MatchStanding()
    return MatchStanding(length, game.score, crawford_game=game.number == record.crawford_game())


def judge_cube(steps: list[Step], judge: CubeJudge, set_up: bool = False) -> list[MoveAnalysis]:
    """Every cube decision of a Backgammon game's ``steps`` judged: each double, take and drop, and
    each throw before which its thrower should have doubled: after his adversary's play (so not
    the opening throw, unless the game began from a position ``set_up``, nor the throw after his
    own double was taken)."""
    judged: list[MoveAnalysis] = []
    cube = CubeState()
    doubled: CubeDecision | None = None
    previous: Step | None = None
    for step in steps:
        action = step.action
        his_turn = (set_up if previous is None
                    else previous.action.kind == PLAY and previous.action.side != action.side)
        if action.kind == DOUBLE or (action.kind == PLAY and his_turn and cube.owner in (None, action.side)
                                     and not judge.match.crawford_game):
            assert isinstance(step.before, Position)
            found, decision = judge.doubling(step.number, step.before.with_turn(action.side), cube,
                                             action.kind == DOUBLE)
            judged += [found] if found is not None else []
            doubled = decision if action.kind == DOUBLE else None
        elif action.kind in (TAKE, DROP) and doubled is not None:
            judged.append(judge.answer(step.number, action.side, doubled, action.kind == TAKE))
            doubled = None
        cube = CubeState(*step.cube)
        previous = step
    return judged
