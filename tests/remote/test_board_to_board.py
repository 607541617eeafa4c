"""Whole games board to board: two hosts, two simulated boards, one real Mosquitto.

Ann's host opens the game and Bob's joins it with its code; each board's men are moved by the
built-in hands of its own seat, the adversary's moves made as lit. Every game of the catalogue that
fits the board (both faces), each played to its end: both logs alike, the same record of steps on
both hosts, every throw proved fair, and each log rebuilt (``tablier rebuild``) to the same moves.
A sample runs in ``make test``; the whole catalogue in ``make test-full``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parent))

from twoboards import check_whole, play_two

from tablier.play.replay import rebuild
from tablier.record.eventlog import GameStart, read_log

#: Every game of ``tablier games`` that fits the board (Polish on 10x10 does not).
CATALOGUE = ("backgammon", "jacquet", "versailles", "spanish", "ticktack", "portes", "plakoto", "fevga",
             "tavla", "nardy", "tavli", "english", "losing", "polish", "devil")
SAMPLE = ("backgammon", "english")


def _whole_game(mosquitto, tmp_path: Path, game: str, **options: object) -> None:
    ann, bob = play_two(mosquitto, game, tmp_path, seed=len(game), **options)  # type: ignore[arg-type]
    check_whole(ann, bob)
    for host in (ann, bob):
        rebuilt = rebuild(read_log(host.log_path))
        assert rebuilt.agrees and rebuilt.inferred == host.session.committed


@pytest.mark.parametrize("game", SAMPLE)
def test_a_whole_game_board_to_board(mosquitto, tmp_path: Path, game: str) -> None:
    _whole_game(mosquitto, tmp_path, game)


@pytest.mark.full
@pytest.mark.parametrize("game", [game for game in CATALOGUE if game not in SAMPLE])
def test_every_game_of_the_catalogue_board_to_board(mosquitto, tmp_path: Path, game: str) -> None:
    _whole_game(mosquitto, tmp_path, game)


@pytest.mark.full
@pytest.mark.parametrize(("game", "options"), [("english", {"touch_move": "True"}),
                                               ("ticktack", {"why_not_notice": "teaching"}),
                                               ("backgammon", {"cube": "True", "opening": "choose"})])
def test_options_that_add_steps_to_the_record(mosquitto, tmp_path: Path, game: str,
                                               options: dict[str, str]) -> None:
    """Touch-move (every first lift a step), Ticktack's missed wins told, the cube and the opening
    throw kept or thrown again."""
    _whole_game(mosquitto, tmp_path, game, options=options)


@pytest.mark.full
def test_a_draughts_match_alternates_colours_on_both_boards(mosquitto, tmp_path: Path) -> None:
    ann, bob = play_two(mosquitto, "english", tmp_path, games=2)
    check_whole(ann, bob)
    starts = [tuple(start.sides) for start in read_log(bob.log_path).of(GameStart)]
    assert starts == [("Ann", "Bob"), ("Bob", "Ann")]
