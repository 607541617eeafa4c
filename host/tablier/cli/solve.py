"""``tablier solve devil [--fen FEN]``: the exact value of a Devil among the Tailors position.

Prints who wins with best play and how soon, the value of every move of the side to move, and a
principal line to the end with the boards drawn side by side (``w`` a tailor, ``b`` the devil).
Exit status 0, or 2 for a bad position or an unknown game.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

#: How many boards to draw side by side.
BOARDS_PER_ROW = 6


def register(subparsers: Any) -> None:
    """Add the ``solve`` subcommand."""
    parser = subparsers.add_parser("solve", help="solve a game exactly (devil: Devil among the Tailors)")
    parser.add_argument("game", help="the game to solve (devil)")
    parser.add_argument("--fen", help="the position, e.g. W:W22,23,24,26:B15; default: the start")
    parser.add_argument("--first", choices=("black", "white"), default="black",
                        help="who moves first from the start (default black, Law 7)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Solve and print; see the module docstring."""
    from tablier.draughts import find_variant
    from tablier.draughts.devil_solver import DevilPosition, DevilSolver
    from tablier.draughts.variants import DevilBoard

    try:
        variant = find_variant(args.game)
    except ValueError as error:
        print(f"tablier solve: {error}", file=sys.stderr)
        return 2
    if variant is not DevilBoard:
        print(f"tablier solve: only devil (Devil among the Tailors) can be solved, not {args.game}",
              file=sys.stderr)
        return 2
    try:
        board = DevilBoard(args.fen) if args.fen else DevilBoard(first=args.first)
    except ValueError as error:
        print(f"tablier solve: {error}", file=sys.stderr)
        return 2
    position = DevilPosition.from_board(board)
    solver = DevilSolver()
    solution = solver.solve(position)
    line = solver.principal_line(position)
    moves = []
    for move in position.moves():
        after = solver.solve(position.play(move))
        moves.append({"move": f"{move[0]}-{move[1]}", "winner": _name(after.winner),
                      "plies": after.plies + 1})
    if args.json:
        print(json.dumps({"fen": position.fen(), "winner": _name(solution.winner),
                          "plies": solution.plies, "moves": moves,
                          "line": [f"{start}-{to}" for start, to in line]}))
        return 0
    if not solution.plies:
        print(f"{position.fen()}: the game is over; {_name(solution.winner)} has won")
        print(_draw_line(position, []))
        return 0
    print(f"{position.fen()}: {_name(solution.winner)} wins in {solution.plies} plies with best play"
          f" ({len(solver):,} positions solved)")
    for entry in moves:
        print(f"  {entry['move']:>6}: {entry['winner']} wins in {entry['plies']}")
    print("A principal line (the winner hurries, the loser delays):")
    print(_draw_line(position, line))
    return 0


def _name(color: bool) -> str:
    return "White (the tailors)" if color else "Black (the devil)"


def _draw_line(position: Any, line: list[tuple[int, int]]) -> str:
    """The boards after each move of ``line``, side by side, each under its move."""
    panels = [("start", str(position.board()).splitlines())]
    for number, move in enumerate(line, start=1):
        position = position.play(move)
        panels.append((f"{number}. {move[0]}-{move[1]}", str(position.board()).splitlines()))
    width = max(len(text) for _, lines in panels for text in lines)
    rows = []
    for start in range(0, len(panels), BOARDS_PER_ROW):
        chunk = panels[start:start + BOARDS_PER_ROW]
        rows.append("   ".join(caption.ljust(width) for caption, _ in chunk).rstrip())
        for index in range(len(chunk[0][1])):
            rows.append("   ".join(lines[index].ljust(width) for _, lines in chunk).rstrip())
        rows.append("")
    return "\n".join(rows).rstrip()
