"""The legal plays of a tables game's position as text, for the rules tests."""

from __future__ import annotations

from tablier.tables.catalog import make_variant
from tablier.tables.moves import Dice
from tablier.tables.notation import format_play
from tablier.tables.position_text import format_position, frame_of, parse_position


def plays_of(game: str, text: str, dice: str, **options: str) -> dict[str, str]:
    """``{notation: position after}`` of every legal play of ``game`` from the position ``text``."""
    variant = make_variant(game, options)
    position = parse_position(text, frame_of(variant))
    variant.validate(position)
    return {format_play(play): format_position(variant.after(position, play))
            for play in variant.plays(position, Dice.parse(dice))}
