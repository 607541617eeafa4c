"""``tablier moves <tables game>``: every distinct legal play of a throw, as a table or as JSON.

``tablier moves backgammon --position 4HPwATDgc/ABMA --dice 6-6 --json`` prints
``{"moves": [{"notation": "24/18(2) 13/7(2)", "position": "<Position ID>"}, ...]}``. The position read
is the one the player on roll sees; each resulting Position ID is written for the **next player on
roll** (the opponent, after the play), the way GNU Backgammon shows the position after a move, so an
ID can be fed straight back to ask for the reply. See docs/notation.md.
"""

from __future__ import annotations

import argparse
import json
import sys

from tablier.cli.moves import parse_options
from tablier.errors import InvalidPositionError
from tablier.games import GameInfo

from .catalog import make_variant
from .gnubg_id import decode_position, encode_position
from .moves import Dice
from .notation import format_play
from .position import BLACK, Position
from .variant import Variant


def read_position(variant: Variant, text: str | None) -> Position:
    """The position named on the command line (default: the start), black on roll."""
    if text is None:
        return variant.start_position(BLACK)
    position = decode_position(text, BLACK)
    variant.validate(position)
    return position


def write_position(variant: Variant, position: Position) -> str:
    """The position as the CLI writes it: its Position ID, seen by the side to move."""
    return encode_position(position)


def run(game: GameInfo, args: argparse.Namespace) -> int:
    """Print the legal plays; exit status 2 with a one-line message on bad input."""
    try:
        variant = make_variant(game.name, parse_options(args.option))
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
    plays = variant.plays(position, dice)
    rows = [(format_play(play), write_position(variant, variant.after(position, play))) for play in plays]
    if args.json:
        print(json.dumps({"moves": [{"notation": notation, "position": after} for notation, after in rows]}))
        return 0
    width = max(len(notation) for notation, _ in rows)
    print(f"{game.title}: {len(rows)} distinct play{'s' * (len(rows) != 1)} of {dice}")
    print(f"{'play'.ljust(width)}  position after (next player on roll)")
    for notation, after in rows:
        print(f"{notation.ljust(width)}  {after}")
    return 0
