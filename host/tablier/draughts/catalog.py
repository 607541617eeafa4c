"""The draughts games Tablier plays: catalogue entries built from the variant classes.

One source of truth: each game's name, title, aliases and board options are class attributes of its
board class (:mod:`tablier.draughts.variants`); English draughts adds the Checker Laws' options
(:class:`~tablier.draughts.laws.LawsOptions`). :data:`RULES` gives each game's rules as the core and
the laws apply them (``tablier rules GAME``). :func:`make_board` builds a board from options given as
text, as the command line has them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields

from tablier.draughts.core import Board, OptionValue
from tablier.draughts.laws import CAPTURE_RULES, FALSE_MOVE_RULES, LawsOptions, parse_bool
from tablier.draughts.variants import VARIANTS, find_variant
from tablier.games import GameInfo, Option, RuleSection

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

CHECKER_BOARD = RuleSection("Board and men (Laws 2, 4-5, 7)", (
    "The 32 dark squares of the 8x8 board are played on, numbered 1-32 row by row from Black's side "
    "(seen from White, square 1 is b8 and 29 is a1, his bottom left corner).",
    "Black's twelve men start on 1-12, White's on 21-32; Black moves first (Law 7). A man is crowned "
    "king on the far row: 29-32 for Black, 1-4 for White.",
))
SHORT_MOVES = RuleSection("Moving and crowning (Law 16)", (
    "A man moves one square diagonally forward; a king one square diagonally forward or backward.",
    "A man reaching the far row is crowned and his move ends there, even in the middle of a capture.",
))
SHORT_JUMPS = (
    "A piece captures by jumping a diagonally adjacent opposing piece onto the free square beyond; men "
    "capture forward only, kings either way.",
    "A capture that can go on must go on: a multi-jump is completed. No piece is jumped twice, and the "
    "captured pieces come off when the move ends.",
)
ANY_SEQUENCE = ("capturing is compulsory, and any capture sequence may be chosen (there is no "
                "obligation to take the most pieces).")
BLOCKED_LOSES = "A player who cannot move, having no pieces left or all of them blocked, loses."

POLISH_MOVES = RuleSection("Moving and crowning", (
    "A man moves one square diagonally forward only; a king flies: any distance along a free diagonal.",
    "A man reaching the king row in the middle of a capture who can jump out of it again must go on, "
    "and stays a man; he is crowned only if his move ends on the king row.",
))
POLISH_CAPTURES = RuleSection("Capturing", (
    "Men capture forward and backward, jumping a diagonally adjacent opposing piece onto the free "
    "square beyond.",
    "A king captures a piece anywhere along a diagonal when the squares between are free and a free "
    "square lies beyond it; he may stop on any free square beyond, but where some of them allow a "
    "further capture he must stop on one of those and turn the corner to go on.",
    "A capture that can go on must go on. No piece is jumped twice, and the captured pieces come off "
    "only when the move ends: until then they block the way.",
    "[majority_capture=True] Capturing is compulsory, and only the sequences that take the most "
    "pieces are legal (kings and men count alike).",
    "[majority_capture=False] Capturing is compulsory, and any capture sequence may be chosen.",
))
POLISH_END = RuleSection("End of the game", (BLOCKED_LOSES,))

RULES: dict[str, tuple[RuleSection, ...]] = {
    "english": (
        CHECKER_BOARD,
        SHORT_MOVES,
        RuleSection("Capturing (Laws 14-15)", (
            *SHORT_JUMPS,
            "[captures=compulsory] The modern rule: " + ANY_SEQUENCE,
            "[captures=huff] A player may fail to capture, and any capture sequence may be chosen. "
            "Before moving, his opponent may then huff one of the pieces that could have captured "
            "(remove it where it now stands; a huff is not a move, the huffer then plays), compel the "
            "capture (the wrong move is taken back and the offender must capture), or let it stand by "
            "playing on.",
        )),
        RuleSection("End of the game (Law 19)", (
            BLOCKED_LOSES,
            "[forty_move_rule=True] A player may give notice; his opponent must then win within forty "
            "of his own moves, or the game is drawn.",
            "[forty_move_rule=False] There is no forty-move notice: the program never declares a draw.",
        )),
        RuleSection("Touching and false moves (Laws 10-11, 17)", (
            "[touch_move=False] Touching a piece commits the player to nothing: the program says where "
            "it can go.",
            "[touch_move=True] Strict play (Law 11): a touched piece must be played, and playing "
            "another forfeits the game; touching a piece that cannot be played is cautioned the first "
            "time and forfeits the second (Law 10). Strict play cannot be combined with "
            "false_move=teach.",
            "[false_move=retract] A false or improper move is refused with its reason and played "
            "again.",
            "[false_move=forfeit] A false or improper move forfeits the game (Law 17).",
            "[false_move=teach] Teaching: a false or improper move is refused with the rule it breaks "
            "and the moves that are legal, and the player corrects it.",
        )),
    ),
    "losing": (
        CHECKER_BOARD,
        SHORT_MOVES,
        RuleSection("Capturing", (
            *SHORT_JUMPS,
            ANY_SEQUENCE[0].upper() + ANY_SEQUENCE[1:],
            "There is no huff: it would defeat the object.",
        )),
        RuleSection("The object: give everything away", (
            "The side to move that has no pieces left, or cannot move, wins.",
        )),
    ),
    "polish": (
        CHECKER_BOARD,
        POLISH_MOVES,
        POLISH_CAPTURES,
        POLISH_END,
    ),
    "polish10": (
        RuleSection("Board and men", (
            "The 50 dark squares of the 10x10 board are played on, numbered 1-50 row by row from "
            "Black's side (seen from White, 46 is a1, his bottom left corner).",
            "Black's twenty men start on 1-20, White's on 31-50; White moves first (the international "
            "rules). A man is crowned king on the far row: 46-50 for Black, 1-5 for White.",
        )),
        POLISH_MOVES,
        POLISH_CAPTURES,
        POLISH_END,
    ),
    "devil": (
        RuleSection("Board and men", (
            "Four white men, the tailors, on 29, 30, 31 and 32; one black man, the devil, on 1.",
            "[first=black] The devil moves first (Law 7: the black piece opens).",
            "[first=white] The tailors move first.",
        )),
        RuleSection("Moving", (
            "Every move is one square diagonally: the tailors forward only (towards square 1), the "
            "devil forward or backward.",
            "There is no jumping, no capturing and no crowning: a tailor on the top row cannot move on.",
        )),
        RuleSection("Winning", (
            "White wins by pinning the devil: Black is to move and the devil has no free square to "
            "step to.",
            "Black wins as soon as the devil reaches the free country: a row farther from square 1 "
            "than every tailor's row (1-4 is the first row, 29-32 the last), unless he is pinned "
            "at that moment.",
            "A side that cannot move loses: if the tailors run out of moves, Black wins.",
        )),
    ),
}


def _options(board: type[Board]) -> tuple[Option, ...]:
    values: dict[str, OptionValue] = dict(board.option_defaults)
    if board.checker_laws:
        values.update({field.name: field.default for field in fields(LawsOptions)})  # type: ignore[misc]
    return tuple(Option(name, default, *OPTION_HELP[name]) for name, default in values.items())


GAMES: tuple[GameInfo, ...] = tuple(
    GameInfo(name=board.name, family="draughts", title=board.title, summary=SUMMARIES[board.name],
             aliases=board.aliases, options=_options(board), rules=RULES[board.name], facts=board.facts)
    for board in VARIANTS
)


def split_options(name: str, values: Mapping[str, str]) -> tuple[dict[str, OptionValue], LawsOptions]:
    """Options given as text, typed and split into the board's and the Checker Laws' (English only).

    ``ValueError`` names an unknown option or a bad value.
    """
    board = find_variant(name)
    laws_names = {field.name for field in fields(LawsOptions)} if board.checker_laws else set()
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
