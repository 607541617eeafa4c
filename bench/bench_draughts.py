"""Draughts legal move generation, side by side with pydraughts and OpenSpiel, in one run.

For each variant, a starting position and busy middle-game positions (one full of plain moves with
kings, one with a multi-capture): the time of one full list of legal moves in our core, in
pydraughts (``Board.legal_moves()``; ``brazilian`` for polish, ``standard`` for polish10) and in
OpenSpiel (``checkers`` / ``misere(checkers)``: its legal actions, each followed to the end of a
multi-jump, which is what listing full moves takes through its Python API). Positions are reached
in OpenSpiel by playing the same game in step (it cannot be set up from Python). The target: at least
200 times faster than pydraughts on every variant, and 10 times faster than OpenSpiel.
"""

from __future__ import annotations

import random
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tablier.draughts import Board, DevilBoard, LosingBoard, Polish10Board, PolishBoard

# The engines' adapters (board orientation, colours, multi-jumps) live with the differential tests.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "draughts"))
from test_oracle_openspiel import full_moves, position_of
from test_oracle_pydraughts import to_brazilian

POSITIONS: dict[str, dict[str, str]] = {
    "english": {
        "start": "B:W21-32:B1-12",
        "middle": "B:W13,14,24,29:B1,5,6,7,8,16,21,22,K32",
        "capture": "B:W10,18,19,25,26,28,29,30,32:B1,3,4,5,6,8,11,12,27",
    },
    "losing": {"start": "B:W21-32:B1-12", "middle": "B:W13,14,24,29:B1,5,6,7,8,16,21,22,K32"},
    "polish": {
        "start": "B:W21-32:B1-12",
        "middle": "B:W12,18,22,27,29,31:B1,2,3,4,5,6,10,11,13,K28",
        "capture": "W:W20,22,23,25,28,32:B3,4,5,6,7,12,13,14,15,16",
    },
    "polish10": {
        "start": "W:W31-50:B1-20",
        "middle": "W:W16,21,24,K28,32,34,36,38,39,41,42,44,45,46,48,49,50:B1,3,4,6,7,8,11,12,13",
        "capture": "W:W16,26,31,33,34,35,38,39,40,41,44,45,46,47,48,50:B2,4,5,6,7,8,9,10,17,20,30",
    },
    "devil": {"start": "B:W29,30,31,32:B1", "middle": "W:W21,22,27,28:B14"},
}
BOARDS: dict[str, type[Board]] = {"english": Board, "losing": LosingBoard, "polish": PolishBoard,
                                  "polish10": Polish10Board, "devil": DevilBoard}
PYDRAUGHTS = {"english": ("english", str), "polish": ("brazilian", to_brazilian),
              "polish10": ("standard", str)}
OPENSPIEL = {"english": "checkers", "losing": "misere(game=checkers())"}
# OpenSpiel reaches the positions above by random play from the start: (seed, plies).
OPENSPIEL_REACH = {"start": (0, 0), "middle": (38, 36)}


def per_call(function: Callable[[], object], budget: float = 0.3) -> float:
    """Microseconds per call: the best of five rounds of about ``budget``/5 seconds each, in process
    CPU time (the machine may be shared: the other programs' time is not counted)."""
    timer = timeit.Timer(function, timer=time.process_time)
    number, elapsed = timer.autorange()
    number = max(1, int(number * budget / 5 / max(elapsed, 1e-9)))
    return min(timer.repeat(5, number)) / number * 1e6


def openspiel_state(game_name: str, board: Board, seed: int, plies: int) -> tuple[Any, Board]:
    """Play ``plies`` random moves from the start in our core and in OpenSpiel, in step."""
    import pyspiel

    state = pyspiel.load_game(game_name).new_initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        successors = full_moves(state)
        board.push(rng.choice(board.legal_moves()))
        key = board.position_key()
        state = next(s for (b, w, k, _), s in successors.items() if (b, w, k) == key[:3])
    assert position_of(state)[:3] == board.position_key()[:3]
    return state, board


def list_openspiel_moves(state: Any) -> list[list[int]]:
    """Every full move of ``state`` as action sequences (a multi-jump is several actions)."""
    player = state.current_player()
    moves: list[list[int]] = []

    def walk(current: Any, actions: list[int]) -> None:
        for action in current.legal_actions():
            after = current.clone()
            after.apply_action(action)
            if not after.is_terminal() and after.current_player() == player:
                walk(after, [*actions, action])
            else:
                moves.append([*actions, action])
    walk(state, [])
    return moves


def main() -> dict[str, object]:
    """Measure every variant and position; the figures are microseconds per full list of moves."""
    import draughts

    figures: dict[str, object] = {}
    for name, positions in POSITIONS.items():
        board_class = BOARDS[name]
        for label, fen in positions.items():
            board = board_class(fen)
            row: dict[str, object] = {"fen": fen, "moves": len(board.legal_moves()),
                                      "tablier_us": round(per_call(board.legal_moves), 2)}
            if name in PYDRAUGHTS:
                variant, convert = PYDRAUGHTS[name]
                theirs = draughts.Board(variant=variant, fen=convert(fen))
                row["pydraughts_moves"] = len(theirs.legal_moves())  # it lists each route of a loop
                row["pydraughts_us"] = round(per_call(theirs.legal_moves, budget=1.0), 1)
                row["x_faster_than_pydraughts"] = round(row["pydraughts_us"] / row["tablier_us"])  # type: ignore[operator]
            if name in OPENSPIEL and label in OPENSPIEL_REACH:
                state, reached = openspiel_state(OPENSPIEL[name], board_class(), *OPENSPIEL_REACH[label])
                assert reached == board, (name, label, reached.fen())
                assert len(list_openspiel_moves(state)) == row["moves"], (name, label)
                row["openspiel_us"] = round(per_call(lambda state=state: list_openspiel_moves(state)), 1)
                row["x_faster_than_openspiel"] = round(row["openspiel_us"] / row["tablier_us"], 1)  # type: ignore[operator]
            figures[f"{name}/{label}"] = row
            print(f"{name}/{label}: {row}", flush=True)
    perft_board = Board()
    figures["english/perft6_seconds"] = round(
        timeit.timeit(lambda: perft_board.perft(6), number=1, timer=time.process_time), 2)
    figures["target_x_faster_than_openspiel"] = 10
    return figures


if __name__ == "__main__":
    main()
