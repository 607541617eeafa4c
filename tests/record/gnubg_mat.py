"""Test helper: what GNU Backgammon (the PyPI ``gnubg`` binding) reads from ``.mat`` files.

The binding is stateful, prints to fd 1 and hangs on evaluations unless ``set threads 1`` ran, so
each batch of files is read in a child process that writes the matches as JSON to a file.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from tablier.record.game_record import DOUBLE, DROP, PLAY, TAKE, Record

_CHILD = r"""
import json, sys
import gnubg
gnubg.command('set threads 1')
out = {}
for path in sys.argv[2:]:
    gnubg.command('new match 1')
    gnubg.command(f'import mat "{path}"')
    out[path] = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
with open(sys.argv[1], 'w') as handle:
    json.dump(out, handle)
"""


def gnubg_read(paths: list[str | Path]) -> dict[str, Any]:
    """``gnubg.match()`` after ``import mat`` of each file, by path."""
    with tempfile.NamedTemporaryFile(suffix=".json") as result:
        subprocess.run([sys.executable, "-c", _CHILD, result.name, *map(str, paths)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600, check=True)
        data: dict[str, Any] = json.loads(Path(result.name).read_text())
    return data


def ours(record: Record) -> list[list[tuple[Any, ...]]]:
    """Each game's actions in the shape compared with GNU Backgammon's, then its result."""
    games = []
    for game in record.games:
        actions: list[tuple[Any, ...]] = []
        for action in game.actions:
            if action.kind == PLAY:
                actions.append(("move", action.side, tuple(sorted(action.dice)),
                                _net((move[0], move[1]) for move in action.moves)))
            elif action.kind in (DOUBLE, TAKE, DROP):
                actions.append((action.kind, action.side))
        outcome = game.outcome
        if outcome is None or outcome.winner is None:
            actions.append(("result",))
        else:
            actions.append(("result", outcome.winner,
                            _capped(outcome.points, record.match_length, game.score[outcome.winner])))
        games.append(actions)
    return games


def theirs(match: dict[str, Any]) -> list[list[tuple[Any, ...]]]:
    """The same shape from ``gnubg.match()`` (X, the first column, is side 0)."""
    side = {"X": 0, "O": 1}
    games = []
    for game in match["games"]:
        actions: list[tuple[Any, ...]] = []
        for action in game["game"]:
            kind = action["action"]
            if kind == "move":
                move = ("move", side[action["player"]], tuple(sorted(action["dice"])),
                        _net((a, b) for a, b in action["move"]))
                if actions and actions[-1] == move and not action["move"]:
                    continue  # gnubg repeats a dance before a 'Losses' line in the first column
                actions.append(move)
            elif kind in ("double", "take", "drop"):
                actions.append((kind, side[action["player"]]))
        info = game["info"]
        winner = info.get("winner")
        if winner in side:
            score = info["score-X"] if winner == "X" else info["score-O"]
            length = match["match-info"]["match-length"]
            actions.append(("result", side[winner], _capped(info["points-won"], length, score)))
        else:
            actions.append(("result",))
        games.append(actions)
    return games


def _capped(points: int, length: int, score: int) -> int:
    """The points a game counts in a match (programs write either what it won or what it needed)."""
    return min(points, length - score) if length else points


def _net(moves: Any) -> tuple[tuple[int, int], ...]:
    net: Counter[int] = Counter()
    for src, dst in moves:
        net[src] -= 1
        net[dst] += 1
    return tuple(sorted((point, count) for point, count in net.items() if count))
