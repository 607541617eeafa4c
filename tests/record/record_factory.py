"""Test helper: random legal records of every game, made with the rules cores."""

from __future__ import annotations

import random

from tablier.draughts.catalog import make_board
from tablier.record.game_record import (
    CLAIM,
    DOUBLE,
    DRAUGHTS,
    MOVE,
    PLAY,
    TABLES,
    TAKE,
    VIE,
    Action,
    GameRecord,
    Outcome,
    Record,
)
from tablier.tables.catalog import make_variant
from tablier.tables.moves import Dice

TABLES_GAMES = ("backgammon", "jacquet", "versailles", "spanish", "ticktack")
DRAUGHTS_GAMES = ("english", "losing", "polish", "polish10", "devil")


def tables_record(game: str, seed: int, games: int = 1, plies: int = 400) -> Record:
    """Random legal games of a tables game; backgammon with cube actions, ticktack with a claim and
    a vie, so every kind of action is in some record."""
    rng = random.Random(seed)
    options = {"cube": "yes", "backgammon_zone": "home-board"} if game == "backgammon" else {}
    variant = make_variant(game, options)
    record = Record(game=game, family=TABLES, options=options, date="2026-11-29",
                    match_length=64 * (games > 1), tags={"Event": f"random {game} {seed}"})
    score = [0, 0]
    for number in range(1, games + 1):
        position = variant.start_position(rng.randint(0, 1))
        side = position.turn
        played = GameRecord(players=("Ann \u00e9l\u00e8ve", "Bob ../../etc/x"), number=number,
                            score=(score[0], score[1]))
        cube = 1
        for ply in range(plies):
            if game == "backgammon" and ply in (6, 11):
                played.actions += [Action(side, DOUBLE, value=cube * 2),
                                   Action(1 - side, TAKE, value=cube * 2)]
                cube *= 2
            if game == "ticktack" and ply == 4:
                played.actions += [Action(side, VIE, value=2, note="vie"),
                                   Action(1 - side, VIE, value=2, note="see")]
            dice = Dice(rng.randint(1, 6), rng.randint(1, 6))
            plays = variant.plays(position.with_turn(side), dice)
            play = rng.choice(plays)
            played.actions.append(Action(side, PLAY, (dice.first, dice.second),
                                         tuple((m.src, m.dst, int(m.hit)) for m in play)))
            position = variant.after(position.with_turn(side), play)
            result = variant.result(position)
            if result is not None:
                played.outcome = Outcome(result.winner, result.kind, result.points * cube)
                score[result.winner] += result.points * cube
                break
            if game == "ticktack" and ply == 9:
                played.actions.append(Action(side, CLAIM, note="why-not: a hit was missed (not upheld)"))
            side = 1 - side
        record.games.append(played)
    return record


def draughts_record(game: str, seed: int, plies: int = 80, fen: str | None = None) -> Record:
    """A random legal game of a draughts game (from ``fen`` when given)."""
    rng = random.Random(seed)
    board = make_board(game, fen)
    record = Record(game=game, family=DRAUGHTS, date="2026-11-29", tags={"Event": f"random {game} {seed}"})
    played = GameRecord(players=("Black \u00e9", "White \u4e2d"), start=board.fen() if fen else "")
    for _ in range(plies):
        legal = board.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        played.actions.append(Action(int(board.turn), MOVE, moves=(move.path,)))
        board.push(move)
    outcome = board.outcome()
    if outcome is not None:
        played.outcome = Outcome(None if outcome.winner is None else int(outcome.winner), "no move", 1)
    record.games.append(played)
    return record
