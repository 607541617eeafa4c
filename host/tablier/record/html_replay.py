"""A self-contained HTML replay of a record, for sharing with a class.

One file, no network resources: every position is an inline SVG diagram (:mod:`svg_diagram`, the
drawing code of the live web page too), the move just made lit (its from and to points or squares)
and, in a game with the cube, the cube where it stands. Each game says the score before and after
it. Buttons (plain words, in the page's common fonts) and the arrow keys step through the moves;
the move list beside the board jumps to any move; a menu picks the game of a match. In an analysed
game (``docs/analysis.md``) each move says its loss (and a throw's luck); inaccuracies, mistakes
and blunders are marked in the move list, with the better play, drawn as dashed arrows on the board
after the move; the players' error rates and luck follow the result.
"""

from __future__ import annotations

from html import escape
from itertools import pairwise

from tablier.engines.analysis import MARK_GLYPHS, describe_analysis, describe_move, describe_player
from tablier.errors import TablierError
from tablier.tables.moves import Dice
from tablier.tables.notation import parse_play
from tablier.tables.position import BAR, OFF, Position
from tablier.tables.variant import Variant

from .game_record import DRAUGHTS, MOVE, PLAY, SIDE_NAMES, GameRecord, Record
from .replay import Step, draughts_board, replay_game, start_position, tables_variant
from .svg_diagram import draughts_svg, tables_svg

_STYLE = """
body { font-family: DejaVu Sans, Arial, sans-serif; margin: 1em; background: #faf6ee; color: #222; }
h1 { font-size: 1.3em; } .wrap { display: flex; gap: 1.5em; align-items: flex-start; flex-wrap: wrap; }
.board svg { width: 640px; max-width: 95vw; height: auto; }
.frame { display: none; } .frame.on { display: block; }
.moves { max-height: 560px; overflow-y: auto; min-width: 16em; border: 1px solid #ccc; background: #fff; }
.moves div { padding: 2px 6px; cursor: pointer; } .moves div.on { background: #f5b82e; }
.game { display: none; } .game.on { display: block; }
button { font: inherit; font-size: 1em; margin-right: 0.3em; padding: 0.2em 0.7em; }
.caption { margin: 0.5em 0; font-weight: bold; } .score { margin: 0.3em 0; }
.moves .judged { color: #555; font-size: 0.85em; } .moves .blunder { color: #b00000; font-weight: bold; }
.moves .mistake { color: #c05000; } .moves .inaccuracy { color: #806000; }
"""

_SCRIPT = """
let game = 0, frame = 0;
function show() {
  document.querySelectorAll('.game').forEach((g, i) => g.classList.toggle('on', i === game));
  const g = document.querySelectorAll('.game')[game];
  const frames = g.querySelectorAll('.frame'), items = g.querySelectorAll('.moves div');
  frame = Math.max(0, Math.min(frame, frames.length - 1));
  frames.forEach((f, i) => f.classList.toggle('on', i === frame));
  items.forEach((m, i) => m.classList.toggle('on', i === frame));
  g.querySelector('.caption').textContent = frames[frame].dataset.caption;
  if (items[frame]) items[frame].scrollIntoView({block: 'nearest'});
}
function step(d) { frame += d; show(); }
function jump(i) { frame = i; show(); }
function pick(i) { game = i; frame = 0; show(); }
document.addEventListener('keydown', e => {
  if (e.key === 'ArrowRight') step(1); if (e.key === 'ArrowLeft') step(-1);
  if (e.key === 'Home') jump(0); if (e.key === 'End') jump(1e9);
});
document.addEventListener('DOMContentLoaded', show);
"""


def lit_points(step: Step, variant: Variant | None) -> set[int]:
    """The points (Black's numbering; 25 the bar, 0 the trays) or squares a step's move uses
    (``variant``: the tables game's, to turn White's numbers into Black's; None in draughts)."""
    action = step.action
    if action.kind == MOVE:
        return set(action.moves[0]) if action.moves else set()
    if action.kind != PLAY:
        return set()
    assert variant is not None
    lit: set[int] = set()
    for move in action.moves:
        for point in move[:2]:
            if point in (BAR, OFF) or action.side == 0:
                lit.add(point)
            else:
                lit.add(variant.opposite(point))
    return lit


def _frames(record: Record, game: GameRecord) -> list[tuple[str, str]]:
    """(caption, svg) for the start and after each step."""
    steps = replay_game(record, game)
    frames: list[tuple[str, str]] = []
    if record.family == DRAUGHTS:
        board = draughts_board(record, game)
        frames.append(("start", draughts_svg(board, caption="start")))
        for step in steps:
            assert isinstance(step.after, str)
            caption = _caption(step, game)
            after = draughts_board(record, GameRecord(start=step.after, number=game.number))
            arrows = _better_squares(record, game, step)
            frames.append((caption, draughts_svg(after, lit_points(step, None), caption, arrows)))
        return frames
    variant = tables_variant(record, game)
    start = start_position(record, game, variant)
    cubed = str(record.options.get("cube", "")).lower() in ("true", "1", "yes") or any(
        step.cube[0] > 1 for step in steps)
    frames.append(("start", tables_svg(start, variant, caption="start", cube=(1, 0) if cubed else None)))
    for step in steps:
        assert isinstance(step.after, Position)
        caption = _caption(step, game)
        value, owner = step.cube
        cube = (value, 0 if owner is None else owner + 1) if cubed else None
        frames.append((caption, tables_svg(step.after, variant, step.action.dice, lit_points(step, variant),
                                           caption, cube, _better_places(game, step, variant))))
    return frames


def _marked(game: GameRecord, step: Step) -> str:
    """The better play of a step an analysis marked (in notation), else ``""``."""
    judged = game.analysis.of_action(step.number) if game.analysis is not None else None
    if judged is None or not judged.mark or judged.best == judged.played:
        return ""
    return judged.best


def _better_places(game: GameRecord, step: Step, variant: Variant) -> list[tuple[str, str]]:
    """The moves of a marked play's better play, as the diagram's places (from, to)."""
    best = _marked(game, step)
    if not best or len(step.action.dice) != 2 or step.action.handed or not isinstance(step.before, Position):
        return []
    side = step.action.side
    try:
        play = parse_play(best, variant, step.before.with_turn(side), Dice(*step.action.dice))
    except TablierError:
        return []

    def place(point: int) -> str:
        if point == BAR:
            return f"bar {side + 1}"
        if point == OFF:
            return f"tray {side + 1}"
        return f"point {point if side == 0 else variant.opposite(point)}"

    return [(place(move.src), place(move.dst)) for move in play]


def _better_squares(record: Record, game: GameRecord, step: Step) -> list[tuple[int, int]]:
    """The path of a marked draughts move's better move, square to square."""
    best = _marked(game, step)
    if not best or not isinstance(step.before, str):
        return []
    try:
        move = draughts_board(record, GameRecord(start=step.before, number=game.number)).parse_move(best)
    except TablierError:
        return []
    return list(pairwise(move.path))


def _score_line(record: Record, game: GameRecord) -> str:
    """The match score before the game and after it (with the match's length)."""
    names = (game.players[0] or "?", game.players[1] or "?")
    before = game.score
    after = list(before)
    if game.outcome is not None and game.outcome.winner is not None:
        after[game.outcome.winner] += game.outcome.points
    length = f" (match to {record.match_length})" if record.match_length else ""
    line = f"Score{length}: before this game {names[0]} {before[0]}, {names[1]} {before[1]}"
    if game.outcome is not None:
        line += f"; after it {names[0]} {after[0]}, {names[1]} {after[1]}"
    return line


def _caption(step: Step, game: GameRecord) -> str:
    side = step.action.side
    who = f"{SIDE_NAMES[side]} ({game.players[side] or '?'})"
    dice = "".join(map(str, step.action.dice))
    return f"{step.number}. {who} {dice + ': ' if dice else ''}{step.text}"


def _move_item(index: int, caption: str, game: GameRecord) -> str:
    """The move list's entry of frame ``index`` (frame 0 is the start, frame n the n-th action),
    with the move's judgement in an analysed game: its loss, and a marked move's better play."""
    judged = game.analysis.of_action(index) if game.analysis is not None and index else None
    if judged is None or game.analysis is None:
        return f"<div onclick='jump({index})'>{escape(caption)}</div>"
    glyph = f" {MARK_GLYPHS[judged.mark]}" if judged.mark else ""
    words = escape(describe_move(judged, game.analysis.thresholds.unit)
                   + (" (the arrows)" if judged.mark and judged.best != judged.played else ""))
    mark = f" class={judged.mark}" if judged.mark else ""
    return (f"<div onclick='jump({index})'{mark}>{escape(caption)}{glyph}"
            f"<br><span class=judged>{words}</span></div>")


def _analysis_html(game: GameRecord) -> str:
    """The analysis's engine and each side's error rate and luck (nothing for a game not analysed)."""
    analysis = game.analysis
    if analysis is None:
        return ""
    rows = "".join(f"<li>{escape(SIDE_NAMES[summary.side])} ({escape(game.players[summary.side] or '?')}):"
                   f" {escape(describe_player(summary, analysis.thresholds.unit))}</li>"
                   for summary in analysis.players())
    return f"<p class=analysis>Analysis: {escape(describe_analysis(analysis))}</p><ul>{rows}</ul>"


def write_html(record: Record) -> str:
    """The record as one self-contained HTML page."""
    title = escape(record.title())
    games_html: list[str] = []
    options: list[str] = []
    for index, game in enumerate(record.games):
        frames = _frames(record, game)
        label = f"Game {game.number}: {game.players[0] or '?'} - {game.players[1] or '?'}"
        options.append(f"<option value={index}>{escape(label)}</option>")
        boards = "\n".join(f'<div class=frame data-caption="{escape(caption, quote=True)}">{svg}</div>'
                           for caption, svg in frames)
        moves = "\n".join(_move_item(i, caption, game) for i, (caption, _) in enumerate(frames))
        result = escape(str(game.outcome)) if game.outcome else "not finished"
        games_html.append(
            f"<section class=game><h2>{escape(label)}</h2><div class=wrap><div>"
            f"<p class=score>{escape(_score_line(record, game))}</p>"
            "<div><button onclick='jump(0)'>&lt;&lt; First</button>"
            "<button onclick='step(-1)'>&lt; Back</button><button onclick='step(1)'>Next &gt;</button>"
            "<button onclick='jump(1e9)'>Last &gt;&gt;</button></div>"
            f"<div class=caption></div><div class=board>{boards}</div><p>Result: {result}</p>"
            f"{_analysis_html(game)}</div>"
            f"<div class=moves>{moves}</div></div></section>")
    picker = (f"<p><select onchange='pick(Number(this.value))'>{''.join(options)}</select></p>"
              if len(record.games) > 1 else "")
    return (f"<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>{title}</title>"
            f"<style>{_STYLE}</style><script>{_SCRIPT}</script></head><body><h1>{title}</h1>{picker}"
            + "\n".join(games_html) + "<p>Arrow keys step through the moves.</p></body></html>\n")
