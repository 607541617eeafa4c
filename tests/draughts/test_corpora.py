"""Every game of the real PDN corpora replays with our rules, or is reported with the right reason.

English files replay as ``english``, international ones as ``polish10``. The default suite replays
every tenth game of each file; ``make test-full`` replays them all. The one record that is broken in
its source (Tinsley, Petal 1981 game 18: Black plays a king from 32 twice over, the second time after
it has gone to 28) must be reported at that move, not replayed.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tablier.draughts import find_variant
from tablier.draughts.pdn import read_pdn
from tablier.draughts.pdn_replay import replay_game
from tablier.draughts.pdn_writer import write_games
from tablier.record.pdn_records import read_pdn_file

CORPORA = Path(os.environ["TABLIER_SHARED"], "corpora/draughts")
pytestmark = pytest.mark.skipif(not CORPORA.is_dir(), reason="the PDN corpora are not here")

FILES = sorted(CORPORA.glob("english/*.pdn")) + sorted(CORPORA.glob("international/*.pdn"))
#: Games whose record is illegal as written: (file name, game number from 1) -> (ply, reason start).
BROKEN = {("tinsley_CheckerBoard.pdn", 541): (123, "32-28: there is no piece on 32")}


def _check(path: Path, every: int) -> int:
    variant = find_variant("english" if path.parent.name == "english" else "polish10")
    games = read_pdn_file(str(path))
    assert games, path
    replayed = 0
    for number, game in enumerate(games, start=1):
        if (number - 1) % every:
            continue
        replay = replay_game(game, variant)
        expected = BROKEN.get((path.name, number))
        if expected is None:
            assert replay.ok, f"{path.name} game {number}: {replay.failure}"
            assert replay.moves == len(game.moves)
        else:
            assert replay.failure is not None
            assert (replay.failure.ply, replay.failure.reason[:len(expected[1])]) == expected
        replayed += replay.moves
    return replayed


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_a_sample_of_every_file_replays(path: Path) -> None:
    _check(path, every=10)


@pytest.mark.full
@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_every_game_replays(path: Path) -> None:
    _check(path, every=1)


def test_the_broken_record_is_found_in_the_sample_too() -> None:
    game = read_pdn_file(str(CORPORA / "english" / "tinsley_CheckerBoard.pdn"))[540]
    replay = replay_game(game, find_variant("english"))
    assert replay.failure is not None and replay.failure.ply == 123
    assert replay.moves == 122


def test_the_corpora_are_complete() -> None:
    counts = {path.name: len(read_pdn_file(str(path))) for path in FILES}
    assert counts["tinsley_CheckerBoard.pdn"] == 724
    assert counts["OCA_2.0_excerpt_wiegerw.pdn"] == 43
    assert sum(counts.values()) == 1506


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_every_file_survives_a_write_and_read(path: Path) -> None:
    games = read_pdn_file(str(path))
    again = read_pdn(write_games(games))
    assert len(again) == len(games)
    for before, after in zip(games, again, strict=True):
        assert (after.headers, after.moves, after.comments, after.result, after.fen) == (
            before.headers, before.moves, before.comments, before.result, before.fen)
