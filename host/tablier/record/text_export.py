"""A record as readable text, in each game's usual notation.

Tables games: one line per action (``12. black (Llabba) 52: 13/8 24/22``, ``double => 2``), and for
Backgammon the GNU Backgammon Position ID and Match ID of the position before every throw, so any
turn can be pasted into GNU Backgammon. Draughts: the moves numbered in pairs (``1. 11-15 23-18``)
and the set-up's FEN. A game's tags follow its heading (``Warning: ...`` for what the file it was
read from left out, ``Recorded result: ...`` for a file's words scoring more than the match
needed). Each game ends with its result and a text diagram of the final position; a match with the
score it ended at. An analysed game (``tablier analyse --store``, ``docs/analysis.md``) shows each
move's loss (and a tables throw's luck) beside it, a marked move with the better play, and each
side's error rate and luck after the result.
"""

from __future__ import annotations

from tablier.draughts.catalog import make_board
from tablier.engines.analysis import MARK_GLYPHS, describe_analysis, describe_move, describe_player
from tablier.tables.diagram import draw
from tablier.tables.gnubg_id import MatchState, encode_match, encode_position
from tablier.tables.position import Position

from .game_record import DRAUGHTS, MOVE, PLAY, SIDE_NAMES, GameRecord, Record
from .replay import Step, replay_game, tables_variant


def write_text(record: Record) -> str:
    """The whole record as text (see the module docstring)."""
    lines = [record.title()]
    for name, value in record.tags.items():
        lines.append(f"{name}: {value}")
    if record.options:
        lines.append("Options: " + ", ".join(f"{name}={value}" for name, value in record.options.items()))
    crawford_game = record.crawford_game()
    for game in record.games:
        lines.append("")
        crawford = game.number == crawford_game
        if record.family == DRAUGHTS:
            lines += _draughts_game(record, game)
        else:
            lines += _tables_game(record, game, crawford)
    final = record.final_score()
    if record.match_length and final is not None:
        lines += ["", f"Match score after game {record.games[-1].number}: {final[0]}-{final[1]}"]
    return "\n".join(lines) + "\n"


def _heading(record: Record, game: GameRecord) -> list[str]:
    black, white = (name or "?" for name in game.players)
    score = f", score {game.score[0]}-{game.score[1]}" if record.match_length else ""
    lines = [f"Game {game.number}: black {black}, white {white}{score}"]
    if game.start:
        lines.append(f"Set-up: {game.start}")
    for name, value in game.tags.items():  # a tag of many lines (the warnings) one line each
        lines += [f"{name}: {line}" for line in value.splitlines() or [""]]
    return lines


def _result(game: GameRecord) -> str:
    return f"Result: {game.outcome}" if game.outcome is not None else "Result: not finished"


def _tables_game(record: Record, game: GameRecord, crawford: bool) -> list[str]:
    variant = tables_variant(record, game)
    steps = replay_game(record, game)
    lines = _heading(record, game)
    with_ids = record.facts.gnubg_game
    for step in steps:
        who = f"{SIDE_NAMES[step.action.side]} ({game.players[step.action.side] or '?'})"
        if step.action.kind == PLAY and with_ids:
            assert isinstance(step.before, Position)
            mover = step.before.with_turn(step.action.side)
            lines.append(f"    Position ID {encode_position(mover)}  "
                         f"Match ID {_match_id(record, game, step, crawford)}")
        if step.action.kind == PLAY:
            dice = "".join(map(str, step.action.dice))
            lines.append(f"{step.number:>3}. {who} {dice}: {step.text}{_judgement(game, step)}")
        else:
            lines.append(f"{step.number:>3}. {who} {step.text}{_judgement(game, step)}")  # a cube action's
    final = steps[-1].after if steps else None
    lines.append(_result(game))
    lines += _analysis_lines(game)
    if isinstance(final, Position):
        lines += ["", draw(final, variant)]
    return lines


def _judgement(game: GameRecord, step: Step) -> str:
    """``   [loss 0.213 ?? blunder, better 13/8 6/5]`` for a move of an analysed game, else nothing."""
    judged = game.analysis.of_action(step.number) if game.analysis is not None else None
    if judged is None or game.analysis is None:
        return ""
    return f"   [{describe_move(judged, game.analysis.thresholds.unit)}]"


def _analysis_lines(game: GameRecord) -> list[str]:
    """The analysis's heading and each side's figures (nothing for a game not analysed)."""
    analysis = game.analysis
    if analysis is None:
        return []
    lines = [f"Analysis: {describe_analysis(analysis)}"]
    for summary in analysis.players():
        name = game.players[summary.side] or "?"
        lines.append(f"  {SIDE_NAMES[summary.side]} ({name}): "
                     f"{describe_player(summary, analysis.thresholds.unit)}")
    return lines


def _match_id(record: Record, game: GameRecord, step: Step, crawford: bool) -> str:
    side = step.action.side
    cube_value, cube_owner = _cube_before(game, step)
    dice = step.action.dice
    state = MatchState(cube_value=cube_value, cube_owner=cube_owner, on_roll=side, crawford=crawford,
                       turn=side, dice=(dice[0], dice[1]) if len(dice) == 2 else (0, 0),
                       match_length=record.match_length, score=game.score)
    return encode_match(state)


def _cube_before(game: GameRecord, step: Step) -> tuple[int, int | None]:
    value, owner = 1, None
    for action in game.actions[:step.number - 1]:
        if action.kind == "take":
            value, owner = value * 2, action.side
    return value, owner


def _glyph(game: GameRecord, step: Step) -> str:
    """The annotator's sign of a marked move (``??`` a blunder) of an analysed game."""
    judged = game.analysis.of_action(step.number) if game.analysis is not None else None
    return MARK_GLYPHS[judged.mark] if judged is not None and judged.mark else ""


def _draughts_game(record: Record, game: GameRecord) -> list[str]:
    steps = replay_game(record, game)
    lines = _heading(record, game)
    moves = [step for step in steps if step.action.kind == MOVE]
    others = [step for step in steps if step.action.kind != MOVE]
    row: list[str] = []
    number = 1
    first = moves[0].action.side if moves else 0
    for step in moves:
        text = step.text + _glyph(game, step)
        if step.action.side == first:
            if row:
                lines.append(" ".join(row))
                number += 1
            row = [f"{number}.", text]
        else:
            row = (row or [f"{number}. ..."]) + [text]
            lines.append(" ".join(row))
            row = []
            number += 1
    if row:
        lines.append(" ".join(row))
    for step in others:
        lines.append(f"    {SIDE_NAMES[step.action.side]}: {step.text}")
    lines.append(_result(game))
    lines += _analysis_lines(game)
    if game.analysis is not None:
        unit = game.analysis.thresholds.unit
        lines.append("  Each move:")
        for step in moves:
            judged = game.analysis.of_action(step.number)
            if judged is not None:
                lines.append(f"    {step.number:>3}. {SIDE_NAMES[step.action.side]} {step.text}: "
                             f"{describe_move(judged, unit)}")
    final = steps[-1].after if steps else None
    if isinstance(final, str):
        lines += ["", str(make_board(record.game, final, record.options))]
    return lines
