"""The draughts games Tablier plays: catalogue entries built from the variant classes.

One source of truth: each game's name, title, aliases and board options are class attributes of its
board class (:mod:`tablier.draughts.variants`); English draughts adds the Checker Laws' options
(:class:`~tablier.draughts.laws.LawsOptions`). :func:`make_board` builds a board from options given
as text, as the command line has them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields

from tablier.draughts.core import Board, OptionValue
from tablier.draughts.laws import CAPTURE_RULES, FALSE_MOVE_RULES, LawsOptions, parse_bool
from tablier.draughts.variants import VARIANTS, find_variant
from tablier.games import GameInfo, Option

SUMMARIES = {
    "english": "8x8, squares 1-32, Black moves first; men forward, compulsory capture, short kings; "
               "played under the printed Checker Laws.",
    "losing": "English moves and compulsory capture; the side that loses all its men or cannot move wins.",
    "polish": "8x8 Polish draughts: men capture backward, flying kings, crowned only at the end of a move.",
    "polish10": "International draughts on the 10x10 board (squares 1-50), White moves first.",
    "devil": "Devil among the Tailors: four white men against the black devil; pin him or let him escape.",
}

OPTION_HELP: dict[str, tuple[tuple[OptionValue, ...], str]] = {
    "majority_capture": ((True, False), "only the captures that take the most pieces are legal"),
    "first": (("black", "white"), "who moves first (Law 7: the black piece)"),
    "captures": (CAPTURE_RULES, "compulsory (modern) or huff (Laws 14-15: huff, compel or let stand)"),
    "forty_move_rule": ((True, False), "Law 19: after notice, win within forty own moves or draw"),
    "touch_move": ((True, False), "Law 11: a touched piece must be played (strict play)"),
    "false_move": (FALSE_MOVE_RULES, "an improper move is retracted, forfeits (Law 17) or is taught"),
}


def _options(board: type[Board]) -> tuple[Option, ...]:
    values: dict[str, OptionValue] = dict(board.option_defaults)
    if board is Board:
        values.update({field.name: field.default for field in fields(LawsOptions)})  # type: ignore[misc]
    return tuple(Option(name, default, *OPTION_HELP[name]) for name, default in values.items())


GAMES: tuple[GameInfo, ...] = tuple(
    GameInfo(name=board.name, family="draughts", title=board.title, summary=SUMMARIES[board.name],
             aliases=board.aliases, options=_options(board))
    for board in VARIANTS
)


def split_options(name: str, values: Mapping[str, str]) -> tuple[dict[str, OptionValue], LawsOptions]:
    """Options given as text, typed and split into the board's and the Checker Laws' (English only).

    ``ValueError`` names an unknown option or a bad value.
    """
    board = find_variant(name)
    laws_names = {field.name for field in fields(LawsOptions)} if board is Board else set()
    board_options: dict[str, OptionValue] = {}
    laws_values: dict[str, str] = {}
    for option, text in values.items():
        if option in laws_names:
            laws_values[option] = text
        elif option in board.option_defaults:
            board_options[option] = _typed(option, text, board.option_defaults[option])
        else:
            known = ", ".join([*board.option_defaults, *sorted(laws_names)]) or "none"
            raise ValueError(f"{board.name} has no option {option!r} (options: {known})")
    return board_options, LawsOptions.from_strings(laws_values)


def make_board(name: str, fen: str | None = None, values: Mapping[str, str] | None = None) -> Board:
    """A board of the variant ``name`` at ``fen`` (default: the start) with text options."""
    board_options, _ = split_options(name, values or {})
    return find_variant(name)(fen, **board_options)


def _typed(option: str, text: str, default: OptionValue) -> OptionValue:
    lowered = text.strip().lower()
    if isinstance(default, bool):
        return parse_bool(option, text)
    choices = OPTION_HELP[option][0]
    if lowered not in choices:
        raise ValueError(f"option {option} takes one of {', '.join(map(str, choices))}, not {text!r}")
    return lowered
