"""``tablier moves <tables game>``: every distinct legal play of a throw, as a table or as JSON.

``tablier moves backgammon --position 4HPwATDgc/ABMA --dice 6-6 --json`` prints
``{"moves": [{"notation": "24/18(2) 13/7(2)", "position": "<Position ID>"}, ...]}``. The position read
is the one the player on roll sees; each resulting Position ID is written for the **next player on
roll** (the opponent, after the play), the way GNU Backgammon shows the position after a move, so an
ID can be fed straight back to ask for the reply. See docs/notation.md.

Every tables game also reads and writes the position text format of docs/positions.md
(``--position "W 24x15 / B 24x15 / W"``); Backgammon answers in the format it was asked in.
``tablier moves ticktack`` adds the wins the throw allows and their value (``"wins"`` in JSON).
"""

from __future__ import annotations

import argparse
import json
import sys

from tablier.cli.moves import chosen_options
from tablier.errors import InvalidPositionError
from tablier.games import GameInfo
from tablier.tables.catalog import make_variant
from tablier.tables.gnubg_id import decode_position, encode_position
from tablier.tables.moves import Dice
from tablier.tables.notation import format_play
from tablier.tables.position import BLACK, Position
from tablier.tables.position_text import format_position, frame_of, looks_like_position_text, parse_position
from tablier.tables.variant import Variant


def read_position(variant: Variant, text: str | None) -> Position:
    """The position named on the command line (default: the start), black on roll."""
    if text is None:
        return variant.start_position(BLACK)
    if looks_like_position_text(text):
        position = parse_position(text, frame_of(variant))
    elif uses_position_id(variant):
        position = decode_position(text, BLACK)
    else:
        raise InvalidPositionError(f"write the {variant.title} position in the text format of "
                                   "docs/positions.md, e.g. \"W 24x15 / B 24x15 / W\"")
    variant.validate(position)
    return position


def uses_position_id(variant: Variant) -> bool:
    """Whether the game's positions are also GNU Backgammon Position IDs (GNU Backgammon's own game's
    are)."""
    return variant.facts.gnubg_game


def write_position(variant: Variant, position: Position, as_text: bool = False) -> str:
    """The position as the CLI writes it: Backgammon's Position ID, seen by the side to move, or
    (every other game, or when ``as_text``) the text format of docs/positions.md."""
    if as_text or not uses_position_id(variant):
        return format_position(position)
    return encode_position(position)


def run(game: GameInfo, args: argparse.Namespace) -> int:
    """Print the legal plays; exit status 2 with a one-line message on bad input."""
    if args.fen:
        print(f"tablier moves: --fen is for draughts; {game.title} takes its position as --position",
              file=sys.stderr)
        return 2
    try:
        variant = make_variant(game.name, chosen_options(game, args))
        if not args.dice:
            raise ValueError("--dice is required, e.g. --dice 6-6")
        dice = Dice.parse(args.dice)
        position = read_position(variant, args.position)
    except InvalidPositionError as error:
        print(f"tablier moves: invalid position: {error}", file=sys.stderr)
        return 2
    except (ValueError, KeyError) as error:
        print(f"tablier moves: {error.args[0] if error.args else error}", file=sys.stderr)
        return 2
    as_text = bool(args.position) and looks_like_position_text(args.position)
    plays = variant.plays(position, dice)
    rows = [(format_play(play), write_position(variant, variant.after(position, play), as_text))
            for play in plays]
    wins = variant.wins(position, dice, plays)
    if args.json:
        answer: dict[str, object] = {
            "moves": [{"notation": notation, "position": after} for notation, after in rows]}
        if wins is not None:
            answer["wins"] = [{"name": rule.name, "value": rule.value} for rule in wins]
        print(json.dumps(answer))
        return 0
    width = max(len(notation) for notation, _ in rows)
    if wins is not None:
        print("wins this throw allows: " + (", ".join(str(rule) for rule in wins) or "none"))
    print(f"{game.title}: {len(rows)} distinct play{'s' * (len(rows) != 1)} of {dice}")
    print(f"{'play'.ljust(width)}  position after (next player on roll)")
    for notation, after in rows:
        print(f"{notation.ljust(width)}  {after}")
    return 0
