"""Write the README's example files from games Tablier plays itself (seeded, so the files do not change).

Run from the repository: ``.venv/bin/python examples/make_examples.py``. It writes

- ``examples/match.mat``: a 3-point Backgammon match between the computer at level 1 (Computer A)
  and the greedy player of the rules core (Greedy B), in GNU Backgammon's match format;
- ``examples/games.pdn``: two games of English draughts between the computer at level 1 and the
  greedy player, in PDN.

Both are written by Tablier's own exporters from games played by its own engines: no one else's
record is copied. The README's commands import, replay, analyse and export them.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "host"))

from tablier.draughts.variants import find_variant  # noqa: E402
from tablier.engines.matches import draughts_player, tables_player  # noqa: E402
from tablier.record.game_record import (  # noqa: E402
    DRAUGHTS,
    MOVE,
    PLAY,
    TABLES,
    Action,
    GameRecord,
    Outcome,
    Record,
)
from tablier.record.mat_writer import write_mat  # noqa: E402
from tablier.record.pdn_records import write_pdn  # noqa: E402
from tablier.tables.catalog import make_variant  # noqa: E402
from tablier.tables.game import throw  # noqa: E402
from tablier.tables.moves import Dice  # noqa: E402

DATE = "2026-01-10"
NAMES = ("Computer A", "Greedy B")
SPECS = ("computer:1", "greedy")


def backgammon_match(points: int = 3, seed: int = 7) -> Record:
    """A match to ``points`` without the cube: each game opened by the higher of one die each."""
    rng = random.Random(seed)
    variant = make_variant("backgammon")
    seats = (tables_player(SPECS[0], variant), tables_player(SPECS[1], variant))
    record = Record("backgammon", TABLES, date=DATE, match_length=points,
                    tags={"Event": "Tablier example match", "Site": "Tablier's own engines"})
    score = [0, 0]
    while max(score) < points:
        game = GameRecord(players=NAMES, score=(score[0], score[1]), number=len(record.games) + 1)
        black, white = rng.randint(1, 6), rng.randint(1, 6)
        while black == white:
            black, white = rng.randint(1, 6), rng.randint(1, 6)
        position = variant.start_position(0 if black > white else 1)
        dice = Dice(black, white) if black > white else Dice(white, black)
        while True:
            side = position.turn
            play = seats[side](variant, position, dice, rng)
            game.actions.append(Action(side, PLAY, (dice.first, dice.second),
                                       tuple((m.src, m.dst, int(m.hit)) for m in play)))
            position = variant.after(position, play)
            result = variant.result(position)
            if result is not None:
                game.outcome = Outcome(result.winner, result.kind, result.points)
                score[result.winner] += result.points
                break
            dice = throw(rng)
        record.games.append(game)
    return record


def draughts_games(games: int = 2, seed: int = 3) -> Record:
    """``games`` games of English draughts, the players changing colours each game (Law 6)."""
    rng = random.Random(seed)
    board_class = find_variant("english")
    record = Record("english", DRAUGHTS, date=DATE,
                    tags={"Event": "Tablier example games", "Site": "Tablier's own engines"})
    for number in range(1, games + 1):
        names = NAMES if number % 2 else (NAMES[1], NAMES[0])
        specs = SPECS if number % 2 else (SPECS[1], SPECS[0])
        seats = (draughts_player(specs[0], board_class), draughts_player(specs[1], board_class))
        board = board_class()
        game = GameRecord(players=names, number=number)
        while board.outcome() is None and len(game.actions) < 200:
            side = int(board.turn)  # 0 Black, 1 White
            move = seats[side](board, rng)
            game.actions.append(Action(side, MOVE, moves=(tuple(move.path),)))
            board.push(move)
        outcome = board.outcome()
        if outcome is not None and outcome.winner is not None:
            game.outcome = Outcome(int(outcome.winner), outcome.reason, 1)
        else:
            game.outcome = Outcome(None, "drawn", 0)
        record.games.append(game)
    return record


def main() -> None:
    (HERE / "match.mat").write_text(write_mat(backgammon_match()), encoding="utf-8")
    (HERE / "games.pdn").write_text(write_pdn(draughts_games()), encoding="utf-8")


if __name__ == "__main__":
    main()
