"""Every export format in one place: what ``tablier export`` writes for a record.

:func:`export_record` returns the files of one record in one format, each as ``(suffix, content)``:
one file per record for ``mat``, ``sgf``, ``pdn``, ``json``, ``txt`` and ``html``; one picture per
game (its final position) for ``svg`` and ``png``. :func:`formats_for` says which formats a game
can take: the record formats its facts name (``.mat`` and SGF are Backgammon's, PDN is draughts'),
and the pictures any game has.
"""

from __future__ import annotations

from tablier.games import EXPORT_FORMATS, PICTURE_FORMATS
from tablier.tables.position import Position

from .game_record import DRAUGHTS, GameRecord, Record, RecordError
from .html_replay import lit_points, write_html
from .json_format import dumps
from .mat_writer import write_mat
from .pdn_records import write_pdn
from .replay import draughts_board, replay_game, start_position, tables_variant
from .sgf import write_sgf
from .svg_diagram import draughts_svg, svg_to_png, tables_svg
from .text_export import write_text


def formats_for(record: Record) -> tuple[str, ...]:
    """The formats ``record`` can be written in."""
    formats = record.facts.formats
    return tuple(fmt for fmt in EXPORT_FORMATS if fmt in formats or fmt in PICTURE_FORMATS)


def export_record(record: Record, fmt: str) -> list[tuple[str, bytes]]:
    """The files of ``record`` in ``fmt``: ``(suffix, content)`` pairs; :class:`RecordError` if
    the record's game cannot be written in that format."""
    if fmt not in formats_for(record):
        allowed = ", ".join(formats_for(record))
        raise RecordError(f"{record.game} cannot be written as {fmt} (it can be: {allowed})")
    writers = {"mat": write_mat, "sgf": write_sgf, "pdn": write_pdn, "json": dumps, "txt": write_text,
               "html": write_html}
    if fmt in writers:
        return [(fmt, writers[fmt](record).encode("utf-8"))]
    pictures = []
    for game in record.games:
        svg = final_svg(record, game.number)
        suffix = f"game{game.number}.{fmt}"
        pictures.append((suffix, svg.encode("utf-8") if fmt == "svg" else svg_to_png(svg)))
    return pictures


def final_svg(record: Record, game_number: int, move: int | None = None) -> str:
    """The SVG of game ``game_number``'s position after ``move`` actions (default: all of them)."""
    game = next((game for game in record.games if game.number == game_number), None)
    if game is None:
        raise RecordError(f"the record has no game {game_number}")
    steps = replay_game(record, game)
    if move is not None and not 0 <= move <= len(steps):
        raise RecordError(f"game {game_number} has {len(steps)} moves, not {move}")
    shown = steps[:len(steps) if move is None else move]
    last = f", after {shown[-1].number}. {shown[-1].text}" if shown else ", start"
    caption = f"Game {game_number}{last}"
    if record.family == DRAUGHTS:
        fen = shown[-1].after if shown else draughts_board(record, game).fen()
        assert isinstance(fen, str)
        board = draughts_board(record, GameRecord(start=fen, number=game.number))
        return draughts_svg(board, lit_points(shown[-1], None) if shown else (), caption)
    variant = tables_variant(record, game)
    position = shown[-1].after if shown else start_position(record, game, variant)
    assert isinstance(position, Position)
    dice = shown[-1].action.dice if shown else ()
    return tables_svg(position, variant, dice, lit_points(shown[-1], variant) if shown else (), caption)
