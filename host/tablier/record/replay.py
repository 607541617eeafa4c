"""Replaying a record with the rules core: the full legality check, and the positions along the way.

:func:`replay_game` plays every action of a :class:`~tablier.record.game_record.GameRecord` on the
core of its game and returns one :class:`Step` per action: the position before and after it, the
action in the game's usual notation, the cube, and the action as replayed (a tables play's moves
in an executable order with their hits marked, a cube action with its value). It stops at the
first thing the rules forbid with a
:class:`~tablier.record.game_record.RecordError` naming the game, the move and the reason; nothing
is half-checked. Tables plays are compared with the legal plays by the position they reach, so the
moves of a play may be listed in any order (they come back in an order that can be executed).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tablier.draughts.catalog import make_board
from tablier.draughts.core import Board as DraughtsBoard
from tablier.errors import TablierError
from tablier.tables.catalog import game_variant
from tablier.tables.moves import Dice, Move, Play
from tablier.tables.notation import format_play
from tablier.tables.position import Position
from tablier.tables.position_text import frame_of, parse_position
from tablier.tables.variant import Variant

from .game_record import (
    DOUBLE,
    DRAUGHTS,
    DROP,
    MOVE,
    PLAY,
    SCORING_OPTIONS,
    SIDE_NAMES,
    TABLES,
    TAKE,
    Action,
    GameRecord,
    Record,
    RecordError,
)


@dataclass(frozen=True)
class Step:
    """One action replayed: ``before``/``after`` are a tables :class:`Position` or a draughts FEN;
    ``text`` the action in the game's notation; ``cube`` the cube's value and owner after it."""

    number: int
    action: Action
    text: str
    before: Position | str
    after: Position | str
    cube: tuple[int, int | None] = (1, None)


def tables_variant(record: Record, game: GameRecord | None = None) -> Variant:
    """The tables variant of ``record`` with its options (in a match of games in turn, Tavli, the
    variant of ``game``); :class:`RecordError` if unknown."""
    try:
        rules = {name: value for name, value in record.options.items() if name not in SCORING_OPTIONS}
        return game_variant(record.game, rules, game.number if game is not None else 1)
    except (KeyError, ValueError) as error:
        raise RecordError(f"{record.game}: {error.args[0]}") from None


def draughts_board(record: Record, game: GameRecord) -> DraughtsBoard:
    """A draughts board of ``record``'s variant at ``game``'s set-up; :class:`RecordError` if bad."""
    try:
        return make_board(record.game, game.start or None, record.options)
    except (KeyError, ValueError) as error:
        raise RecordError(f"game {game.number}: set-up: {error.args[0] if error.args else error}") from None


def start_position(record: Record, game: GameRecord, variant: Variant) -> Position:
    """The tables position ``game`` starts from (its set-up text or the game's start)."""
    if not game.start:
        return variant.start_position()
    try:
        position = parse_position(game.start, frame_of(variant))
        variant.validate(position)
    except TablierError as error:
        raise RecordError(f"game {game.number}: set-up: {error}") from None
    return position


def play_of(action: Action) -> Play:
    """The tables moves of a play action as core :class:`Move` values."""
    return tuple(Move(move[0], move[1], bool(move[2])) for move in action.moves)


def replay_game(record: Record, game: GameRecord, trusted: bool = False) -> list[Step]:
    """Check ``game`` move by move; the steps, or :class:`RecordError` at the first illegal action.
    ``trusted``: a reader has just matched every tables play with the legal plays (the ``.mat``
    reader), so the plays are taken as they are, in their order, with their hits."""
    if record.family == TABLES:
        return _replay_tables(record, game, tables_variant(record, game), trusted)
    if record.family == DRAUGHTS:
        return _replay_draughts(record, game)
    raise RecordError(f"unknown game family {record.family!r}")


def check_record(record: Record) -> None:
    """Replay every game of ``record``; :class:`RecordError` (game, move, reason) at the first fault."""
    for game in record.games:
        replay_game(record, game)


def legal_plays(variant: Variant, position: Position, dice: tuple[int, ...],
                handed: bool = False) -> list[Play]:
    """The legal plays of a throw (two dice) or, ``handed``, of the numbers handed over (Versailles;
    one die handed over is never a throw)."""
    if len(dice) == 2 and not handed:
        return variant.plays(position, Dice(dice[0], dice[1]))
    steps_generator = getattr(variant, "plays_of_steps", None)
    if steps_generator is None or not dice:
        raise RecordError(f"a throw of {len(dice)} dice is not a throw of {variant.name}")
    plays: list[Play] = steps_generator(position, dice)
    return plays


def resolve_play(variant: Variant, position: Position, dice: tuple[int, ...], play: Play,
                 handed: bool = False) -> Play:
    """The legal play of ``dice`` (``handed``: numbers handed over, :func:`legal_plays`) moving the
    men ``play`` moves, in an executable order; where several do (hits left unmarked), the one taking
    the route written, then the one with the hits marked. Raises :class:`TablierError` with the
    reason when there is none."""
    if any(not 1 <= die <= 6 for die in dice):
        raise RecordError(f"dice {dice} are not numbers 1-6")
    legal = legal_plays(variant, position, dice, handed)
    target = variant.after(position, play)
    mine = target.boards[position.turn]
    same_men = [candidate for candidate in legal
                if variant.after(position, candidate).boards[position.turn] == mine]
    if same_men:  # the route written decides where men were hit, then the hits marked
        route = sorted((move.src, move.dst) for move in play)
        ranked = sorted(same_men, key=lambda candidate: (
            sorted((move.src, move.dst) for move in candidate) != route,
            variant.after(position, candidate) != target))
        return ranked[0]
    if not play:
        return _refuse(f"the throw {_dice_text(dice)} can be played; passing is not allowed")
    return _refuse(f"{format_play(play)} is not a legal play of {_dice_text(dice)}")


def _refuse(reason: str) -> Play:
    raise RecordError(reason)


def _dice_text(dice: tuple[int, ...]) -> str:
    return "-".join(str(die) for die in dice)


def _replay_tables(record: Record, game: GameRecord, variant: Variant, trusted: bool) -> list[Step]:
    position = start_position(record, game, variant)
    cube_value, cube_owner = 1, None
    doubler: int | None = None
    last_player: int | None = None
    twice_running = record.facts.hands_dice_over  # a die handed over: the same side plays again
    steps: list[Step] = []
    for number, action in enumerate(game.actions, start=1):
        before = position
        text = action.kind if action.kind != PLAY else ""
        try:
            if action.kind == PLAY:
                if last_player == action.side and not twice_running:
                    raise RecordError(f"{SIDE_NAMES[action.side]} plays twice running")
                mover = position.with_turn(action.side)
                if variant.result(mover) is not None:
                    raise RecordError("the game is already over")
                play = play_of(action) if trusted else resolve_play(variant, mover, action.dice,
                                                                     play_of(action), action.handed)
                moves = tuple((m.src, m.dst, int(m.hit)) for m in play)
                action = replace(action, moves=moves)
                position = variant.after(mover, play)
                text = format_play(play)
                last_player = action.side
            elif action.kind == DOUBLE:
                if cube_owner not in (None, action.side):
                    raise RecordError(f"{SIDE_NAMES[action.side]} doubles but the cube is the other side's")
                if last_player == action.side:
                    raise RecordError(f"{SIDE_NAMES[action.side]} doubles out of turn")
                doubler = action.side
                action = _valued(action, cube_value * 2)
                text = f"doubles => {cube_value * 2}"
            elif action.kind in (TAKE, DROP):
                if doubler is None or doubler == action.side:
                    who = SIDE_NAMES[action.side]
                    raise RecordError(f"{who} {action.kind}s but no double was offered to him")
                if action.kind == TAKE:
                    cube_value, cube_owner = cube_value * 2, action.side
                    action = _valued(action, cube_value)
                    text = "takes"
                else:
                    action = _valued(action, cube_value)
                    text = "drops"
                doubler = None
            else:
                text = " ".join(part for part in (action.kind, action.note) if part)
        except TablierError as error:
            raise RecordError(f"game {game.number}, action {number}: {error}") from None
        steps.append(Step(number, action, text, before, position, (cube_value, cube_owner)))
    return steps


def _valued(action: Action, value: int) -> Action:
    """A cube action with its value filled in (the cube after a double or a take, the stake lost
    by a drop) when the record did not say it (an SGF file does not)."""
    if action.value:
        return action
    return Action(action.side, action.kind, action.dice, action.moves, value, action.note)


def _replay_draughts(record: Record, game: GameRecord) -> list[Step]:
    board = draughts_board(record, game)
    steps: list[Step] = []
    for number, action in enumerate(game.actions, start=1):
        before = board.fen()
        if action.kind != MOVE:
            text = " ".join(part for part in (action.kind, action.note) if part)
            steps.append(Step(number, action, text, before, before))
            continue
        try:
            if not action.moves or len(action.moves[0]) < 2:
                raise RecordError("a draughts move needs a path of at least two squares")
            if action.side != int(board.turn):
                turn, side = SIDE_NAMES[int(board.turn)], SIDE_NAMES[action.side]
                raise RecordError(f"it is {turn}'s move, not {side}'s")
            path = tuple(action.moves[0])
            legal = board.legal_moves()
            exact = [move for move in legal if move.path == path]
            if exact:
                move = exact[0]
            else:
                written = ("x" if any(move.captures for move in legal) else "-").join(map(str, path))
                move = board.parse_move(written)
        except TablierError as error:
            raise RecordError(f"game {game.number}, move {number}: {error}") from None
        board.push(move)
        steps.append(Step(number, Action(action.side, MOVE, (), (move.path,), action.value, action.note),
                          str(move), before, board.fen()))
    return steps
